// gridmilp — the GLPK backend: the only code that includes glpk.h.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Error recovery follows GLPK's reference manual (glp_error_hook, glp_free_env) and
// its examples/threads: the error hook frees GLPK's environment and longjmps back to
// a setjmp made just before the solve. Rules that keep this safe:
//  - the frames a longjmp can skip (runGlpk, GLPK's own, the B&B callback) hold no
//    C++ objects with destructors; every C++ object lives in solveWithGlpk's frame;
//  - the setjmp sits in a thin non-inlined wrapper (runProtected) that makes one call,
//    because under Emscripten every call made inside a setjmp frame goes through a
//    slow JS trampoline (measured about 40 µs per solve when the whole solve sat
//    there); the callees are noinline, so link-time optimisation keeps them out too;
//  - glp_free_env() removes every GLPK object and hook, so hooks are installed again
//    at every solve.
#include "milp/glpk_backend.h"

#include <glpk.h>

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <csetjmp>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "milp/glpk_internal.h"
#include "milp/glpk_memfile.h"

namespace gridmilp::milp {
namespace {

using internal::toGlpk;
using internal::Triplets;

/// The SAT method, when enableSatMethod() linked it in (glpk_sat_method.cpp).
internal::SatSolver sat_solver = nullptr;

/// Everything runGlpk reads and writes: plain data only (see the rules above).
struct GlpkJob {
  // Inputs.
  const Model* model;
  int time_limit_ms;
  bool presolve;
  double mip_gap;
  int bt_tech;
  int br_tech;
  const SolveOptions* options;
  bool force_error;
  const int* ia;  // 1-based row indices, ne entries after the unused [0]
  const int* ja;  // 1-based column indices
  const double* ar;
  int ne;
  double* values;  // model->numVars() entries, written when a solution exists
  // Outputs.
  bool simplex_failed;  // presolve off: the initial LP did not reach GLP_OPT
  int simplex_ret;
  int lp_status;
  int intopt_ret;
  int mip_status;
  double objective;
  int iterations;
  bool tree_seen;
  int presolved_rows, presolved_cols, presolved_nz;
  int root_integral;  // -1 unknown, 0 fractional, 1 integral
  std::int64_t nodes;
  bool has_bound;
  double bound;  // best bound of the active nodes, last seen
  // Branching records (preallocated by the caller: plain storage, no destructors).
  struct Branch {
    int node, parent, depth, column;
    double value;
  };
  Branch* branches;
  int max_branches;
  int branch_count;
  int* incumbent_nodes;
  int max_incumbents;
  int incumbent_count;
  // Progress.
  std::chrono::steady_clock::time_point start;
  double last_progress_ms;
  /// The level of the last subproblem the callback saw: between subproblems (GLPK's
  /// GLP_ISELECT) there is none current, and its depth is not 0 while nodes are open.
  int last_depth;
  bool stopped_by_caller;
  bool stopped_by_time_limit;
  glp_iocp* params;  // glp_intopt's parameters, read by GLPK during the search
};

/// Converts the model into a GLPK problem: columns (kinds, bounds, objective), rows
/// (bounds), the matrix in one call. Names only when `names` is given (one C string
/// per column, then one per row). With `relax`, every column is continuous.
glp_prob* createProblem(const Model& model, const int* ia, const int* ja, const double* ar, int ne,
                        const char* const* names, bool relax);

constexpr std::size_t kMaxLogBytes = 1 << 20;

int termHook(void* info, const char* text) {
  auto* log = static_cast<std::string*>(info);
  if (log->size() < kMaxLogBytes) log->append(text);
  return 1;  // non-zero: GLPK must not print it
}

void errorHook(void* info) {
  // GLPK is in an undefined state now: free everything it owns, then leave.
  glp_free_env();
  std::longjmp(*static_cast<std::jmp_buf*>(info), 1);
}

/// Bound type and values of a column or row with bounds [lower, upper].
int boundType(double lower, double upper) {
  const bool has_lower = std::isfinite(lower);
  const bool has_upper = std::isfinite(upper);
  if (has_lower && has_upper) return lower == upper ? GLP_FX : GLP_DB;
  if (has_lower) return GLP_LO;
  if (has_upper) return GLP_UP;
  return GLP_FR;
}

void branchAndBoundCallback(glp_tree* tree, void* info) {
  auto* job = static_cast<GlpkJob*>(info);
  glp_prob* problem = glp_ios_get_prob(tree);
  // The clock is read only when needed (in WASM each reading is a call into JavaScript).
  const double elapsed =
      job->time_limit_ms > 0 || job->options->onProgress
          ? std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - job->start)
                .count()
          : 0.0;
  if (!job->tree_seen) {
    if (job->time_limit_ms > 0) {
      // GLPK counts tm_lim from the tree's creation (ios_create_tree sets tm_beg), after
      // the root LP already had the whole limit, so a search could run for nearly twice
      // the limit. The tree reads its parameters through a pointer to `params`: give it
      // what is left, and the node loop and each node's LP (draft/glpios01.c, glpios03.c)
      // stop when the limit counted from the start of the solve is reached.
      job->params->tm_lim = std::max(1, job->time_limit_ms - static_cast<int>(elapsed));
    }
    // The tree works on the presolved problem: its size is the presolved size.
    job->tree_seen = true;
    job->presolved_rows = glp_get_num_rows(problem);
    job->presolved_cols = glp_get_num_cols(problem);
    job->presolved_nz = glp_get_num_nz(problem);
  }
  if (job->time_limit_ms > 0 && elapsed >= job->time_limit_ms) {
    // GLPK checks tm_lim only between nodes and in each node's LP; the callback comes
    // several times per node (preprocessing, cuts, heuristics, branching).
    job->stopped_by_time_limit = true;
    glp_ios_terminate(tree);
  }
  int active = 0, current = 0, total = 0;
  glp_ios_tree_size(tree, &active, &current, &total);
  job->nodes = std::max<std::int64_t>(job->nodes, total);
  if (const int best = glp_ios_best_node(tree); best != 0) {
    // Before a node's LP is solved GLPK gives it the bound ±DBL_MAX: no bound yet.
    const double bound = glp_ios_node_bound(tree, best);
    if (bound > -DBL_MAX && bound < DBL_MAX) {
      job->has_bound = true;
      job->bound = bound;
    }
  }
  if (job->branches != nullptr) {
    const int reason = glp_ios_reason(tree);
    const int current_node = glp_ios_curr_node(tree);
    if (reason == GLP_IBINGO && job->incumbent_count < job->max_incumbents) {
      job->incumbent_nodes[job->incumbent_count++] = current_node;
    }
    if (reason == GLP_IBRANCH && job->branch_count < job->max_branches) {
      // Most fractional candidate, lowest index on ties; explore x = 1 first.
      int best = 0;
      double best_score = -1, best_value = 0;
      const int columns = glp_get_num_cols(problem);
      for (int j = 1; j <= columns; ++j) {
        if (!glp_ios_can_branch(tree, j)) continue;
        const double x = glp_get_col_prim(problem, j);
        const double fraction = x - std::floor(x);
        const double score = 0.5 - std::fabs(fraction - 0.5);
        if (score > best_score) {
          best = j;
          best_score = score;
          best_value = x;
        }
      }
      if (best != 0) {
        job->branches[job->branch_count++] =
            GlpkJob::Branch{current_node, glp_ios_up_node(tree, current_node),
                            glp_ios_node_level(tree, current_node), best - 1, best_value};
        glp_ios_branch_upon(tree, best, GLP_UP_BRNCH);
      }
    }
  }
  if (job->options->onProgress) {
    if (const int current_node = glp_ios_curr_node(tree); current_node != 0) {
      job->last_depth = glp_ios_node_level(tree, current_node);
    }
    if (elapsed - job->last_progress_ms >= job->options->progressIntervalMs ||
        job->last_progress_ms < 0) {
      job->last_progress_ms = elapsed;
      SolveProgress progress;
      progress.nodes = total;
      progress.activeNodes = active;
      progress.depth = job->last_depth;
      progress.hasIncumbent = glp_mip_status(problem) == GLP_FEAS;
      if (progress.hasIncumbent) {
        progress.incumbent = glp_mip_obj_val(problem);
        progress.gap = glp_ios_mip_gap(tree);
      }
      if (job->has_bound) progress.bestBound = job->bound;
      progress.elapsedMs = elapsed;
      if (!job->options->onProgress(progress)) {
        job->stopped_by_caller = true;
        glp_ios_terminate(tree);
      }
    }
  }
  // GLP_IROWGEN comes after the node's LP relaxation is solved and before GLPK
  // checks integrality (draft/glpios03.c); GLPK 5.0 has no GLP_IREL reason.
  if (glp_ios_reason(tree) == GLP_IROWGEN && job->root_integral < 0 &&
      glp_ios_node_level(tree, glp_ios_curr_node(tree)) == 0) {
    int integral = 1;
    const int columns = glp_get_num_cols(problem);
    for (int j = 1; j <= columns && integral; ++j) {
      if (glp_get_col_kind(problem, j) == GLP_CV) continue;
      const double x = glp_get_col_prim(problem, j);
      if (std::fabs(x - std::floor(x + 0.5)) > 1e-6) integral = 0;
    }
    job->root_integral = integral;
  }
}

glp_prob* createProblem(const Model& model, const int* ia, const int* ja, const double* ar, int ne,
                        const char* const* names, bool relax) {
  const int columns = model.numVars();
  const int rows = model.numConstraints();
  glp_prob* problem = glp_create_prob();
  glp_set_obj_dir(problem, model.objectiveSense() == ObjectiveSense::kMaximize ? GLP_MAX : GLP_MIN);
  glp_set_obj_coef(problem, 0, model.objectiveConstant());
  if (rows > 0) glp_add_rows(problem, rows);
  if (columns > 0) glp_add_cols(problem, columns);
  for (int j = 0; j < columns; ++j) {
    const int col = toGlpk(j);
    const VarType type = model.varType(j);
    if (relax) {
      glp_set_col_kind(problem, col, GLP_CV);
    } else {
      glp_set_col_kind(problem, col,
                       type == VarType::kContinuous ? GLP_CV
                       : type == VarType::kBinary   ? GLP_BV
                                                    : GLP_IV);
    }
    if (relax || type != VarType::kBinary || model.varLower(j) != 0 || model.varUpper(j) != 1) {
      const double lower = model.varLower(j);
      const double upper = model.varUpper(j);
      glp_set_col_bnds(problem, col, boundType(lower, upper), lower, upper);
    }
    if (model.objectiveCoef(j) != 0) glp_set_obj_coef(problem, col, model.objectiveCoef(j));
    if (names != nullptr) glp_set_col_name(problem, col, names[j]);
  }
  for (int i = 0; i < rows; ++i) {
    const double rhs = model.rowRhs(i);
    switch (model.rowSense(i)) {
      case RowSense::kLessEqual:
        glp_set_row_bnds(problem, toGlpk(i), GLP_UP, 0.0, rhs);
        break;
      case RowSense::kGreaterEqual:
        glp_set_row_bnds(problem, toGlpk(i), GLP_LO, rhs, 0.0);
        break;
      case RowSense::kEqual:
        glp_set_row_bnds(problem, toGlpk(i), GLP_FX, rhs, rhs);
        break;
    }
    if (names != nullptr) glp_set_row_name(problem, toGlpk(i), names[columns + i]);
  }
  glp_load_matrix(problem, ne, ia, ja, ar);
  return problem;
}

[[gnu::noinline]] void runGlpk(GlpkJob* job) {
  const Model& model = *job->model;
  const int columns = model.numVars();
  glp_prob* problem = createProblem(model, job->ia, job->ja, job->ar, job->ne, nullptr, false);
  if (job->force_error) {
    // Column columns + 1 does not exist: GLPK raises "column number out of range".
    glp_set_col_bnds(problem, columns + 1, GLP_FX, 0.0, 0.0);
  }

  if (!job->presolve) {
    // Without the presolver glp_intopt needs an optimal basis of the LP relaxation.
    glp_smcp simplex;
    glp_init_smcp(&simplex);
    simplex.msg_lev = GLP_MSG_OFF;
    switch (job->options->rootMethod) {
      case SimplexMethod::kPrimal:
        simplex.meth = GLP_PRIMAL;
        break;
      case SimplexMethod::kDual:
        simplex.meth = GLP_DUAL;
        break;
      case SimplexMethod::kDualPrimal:
        simplex.meth = GLP_DUALP;
        break;
    }
    simplex.pricing = job->options->steepestEdge ? GLP_PT_PSE : GLP_PT_STD;
    if (job->time_limit_ms > 0) simplex.tm_lim = job->time_limit_ms;
    job->simplex_ret = glp_simplex(problem, &simplex);
    job->lp_status = glp_get_status(problem);
    if (job->simplex_ret != 0 || job->lp_status != GLP_OPT) {
      job->simplex_failed = true;
      job->iterations = glp_get_it_cnt(problem);
      glp_delete_prob(problem);
      return;
    }
  }

  glp_iocp params;
  glp_init_iocp(&params);
  params.msg_lev = GLP_MSG_OFF;
  params.presolve = job->presolve ? GLP_ON : GLP_OFF;
  if (job->time_limit_ms > 0) params.tm_lim = job->time_limit_ms;
  params.mip_gap = job->mip_gap;
  params.bt_tech = job->bt_tech;
  params.br_tech = job->br_tech;
  params.pp_tech = job->options->preprocessEveryNode ? GLP_PP_ALL : GLP_PP_ROOT;
  params.gmi_cuts = job->options->gomoryCuts ? GLP_ON : GLP_OFF;
  params.mir_cuts = job->options->mirCuts ? GLP_ON : GLP_OFF;
  params.cov_cuts = job->options->coverCuts ? GLP_ON : GLP_OFF;
  params.clq_cuts = job->options->cliqueCuts ? GLP_ON : GLP_OFF;
  params.fp_heur = job->options->feasibilityPump ? GLP_ON : GLP_OFF;
  // ps_heur (proximity search) stays off: the WASM builds leave it out
  // (cpp/milp/glpk_no_proxy.c).
  params.cb_func = branchAndBoundCallback;
  params.cb_info = job;
  job->params = &params;
  job->intopt_ret = glp_intopt(problem, &params);
  job->mip_status = glp_mip_status(problem);
  job->iterations = glp_get_it_cnt(problem);
  if (job->mip_status == GLP_OPT || job->mip_status == GLP_FEAS) {
    job->objective = glp_mip_obj_val(problem);
    for (int j = 0; j < columns; ++j) job->values[j] = glp_mip_col_val(problem, toGlpk(j));
  }
  glp_delete_prob(problem);
}

/// fn(arg) with GLPK's terminal output captured in `log` and its errors sent to
/// `recovery`: runProtected's one call, so that its setjmp frame makes no other.
[[gnu::noinline]] void runHooked(void (*fn)(void*), void* arg, std::string* log,
                                 std::jmp_buf* recovery) {
  glp_term_hook(termHook, log);
  glp_error_hook(errorHook, recovery);
  fn(arg);
  glp_error_hook(nullptr, nullptr);
  glp_term_hook(nullptr, nullptr);
}

/// Runs fn(arg) under setjmp with GLPK's terminal output captured in `log`. Returns
/// false when GLPK raised an error (its environment has been freed by then).
[[gnu::noinline]] bool runProtected(void (*fn)(void*), void* arg, std::string* log) {
  std::jmp_buf recovery;
  if (setjmp(recovery) != 0) return false;
  runHooked(fn, arg, log, &recovery);
  return true;
}

void runGlpkThunk(void* job) { runGlpk(static_cast<GlpkJob*>(job)); }

#ifndef GRIDMILP_NO_MODEL_WRITER
/// Export: build with names, write to the memory file.
struct WriteJob {
  const Model* model;
  const Triplets* triplets;
  const char* const* names;
  ModelFormat format;
  int ret;
};

[[gnu::noinline]] void runWrite(void* arg) {
  auto* job = static_cast<WriteJob*>(arg);
  glp_prob* problem =
      createProblem(*job->model, job->triplets->ia.data(), job->triplets->ja.data(),
                    job->triplets->ar.data(), job->triplets->ne(), job->names, false);
  glp_set_prob_name(problem, "gridmilp");
  glp_set_obj_name(problem, "objective");
  if (job->format == ModelFormat::kFreeMps && glp_get_obj_dir(problem) == GLP_MAX) {
    // MPS has no objective sense (GLPK reads and writes minimisation): write the
    // equivalent minimisation of the negated objective; writeModel says so.
    glp_set_obj_dir(problem, GLP_MIN);
    for (int j = 0; j <= glp_get_num_cols(problem); ++j) {
      glp_set_obj_coef(problem, j, -glp_get_obj_coef(problem, j));
    }
  }
  job->ret = job->format == ModelFormat::kCplexLp
                 ? glp_write_lp(problem, nullptr, GRIDMILP_MEMFILE_OUT)
                 : glp_write_mps(problem, GLP_MPS_FILE, nullptr, GRIDMILP_MEMFILE_OUT);
  glp_delete_prob(problem);
}
#endif  // GRIDMILP_NO_MODEL_WRITER

/// Import and solve: read from the memory file, glp_intopt with presolve.
struct ReadJob {
  ModelFormat format;
  int read_ret;
  int intopt_ret;
  int mip_status;
  double objective;
  int columns;
  // Outputs copied out before the problem is deleted (glp_alloc'ed memory is freed
  // by glp_free_env on an error, so a longjmp leaks nothing).
  char** names;
  double* values;
};

[[gnu::noinline]] void runRead(void* arg) {
  auto* job = static_cast<ReadJob*>(arg);
  glp_prob* problem = glp_create_prob();
  job->read_ret = job->format == ModelFormat::kCplexLp
                      ? glp_read_lp(problem, nullptr, GRIDMILP_MEMFILE_IN)
                      : glp_read_mps(problem, GLP_MPS_FILE, nullptr, GRIDMILP_MEMFILE_IN);
  if (job->read_ret != 0) {
    glp_delete_prob(problem);
    return;
  }
  glp_iocp params;
  glp_init_iocp(&params);
  params.msg_lev = GLP_MSG_OFF;
  params.presolve = GLP_ON;
  job->intopt_ret = glp_intopt(problem, &params);
  job->mip_status = glp_mip_status(problem);
  job->objective = glp_mip_obj_val(problem);
  job->columns = glp_get_num_cols(problem);
  job->names = static_cast<char**>(std::calloc(job->columns + 1, sizeof(char*)));
  job->values = static_cast<double*>(std::calloc(job->columns + 1, sizeof(double)));
  for (int j = 1; j <= job->columns; ++j) {
    const char* name = glp_get_col_name(problem, j);
    const std::size_t length = name == nullptr ? 0 : std::strlen(name);
    job->names[j] = static_cast<char*>(std::malloc(length + 1));
    if (name != nullptr) std::memcpy(job->names[j], name, length);
    job->names[j][length] = '\0';
    job->values[j] = glp_mip_col_val(problem, j);
  }
  glp_delete_prob(problem);
}

/// LP relaxation: every column continuous, glp_simplex.
struct RelaxJob {
  const Model* model;
  const Triplets* triplets;
  SimplexMethod method;
  int time_limit_ms;
  int ret;
  int status;
  double objective;
  int iterations;
  double* values;
};

[[gnu::noinline]] void runRelax(void* arg) {
  auto* job = static_cast<RelaxJob*>(arg);
  glp_prob* problem = createProblem(*job->model, job->triplets->ia.data(), job->triplets->ja.data(),
                                    job->triplets->ar.data(), job->triplets->ne(), nullptr, true);
  glp_smcp params;
  glp_init_smcp(&params);
  params.msg_lev = GLP_MSG_OFF;
  // After GLPK's LP presolver (as glp_intopt solves its root LP), the simplex asked for
  // (SolveOptions::relaxMethod): by default the dual, which has only the rows' bounds to
  // restore when the model has no objective; the primal simplex from the slack basis took
  // 19 s on Nurikabe 753_10x10 and 55 s on 29_10x10 (model cells, native) against 1.1 s
  // and 0.9 s (docs/performance.md, thirty-second session). A Sudoku asks for the primal.
  params.meth = job->method == SimplexMethod::kPrimal ? GLP_PRIMAL
                : job->method == SimplexMethod::kDual ? GLP_DUAL
                                                      : GLP_DUALP;
  params.presolve = GLP_ON;
  if (job->time_limit_ms > 0) params.tm_lim = job->time_limit_ms;
  job->ret = glp_simplex(problem, &params);
  job->status = glp_get_status(problem);
  job->objective = glp_get_obj_val(problem);
  job->iterations = glp_get_it_cnt(problem);
  if (job->ret == 0 && job->status == GLP_OPT) {
    for (int j = 0; j < job->model->numVars(); ++j) {
      job->values[j] = glp_get_col_prim(problem, toGlpk(j));
    }
  }
  glp_delete_prob(problem);
}

/// GLPK's error text ("glp_set_col_bnds: j = 730; column number out of range" plus
/// "Error detected in file ... at line ...") folded to one line.
std::string errorMessage(const std::string& log) {
  std::string text = log;
  std::replace(text.begin(), text.end(), '\n', ' ');
  while (!text.empty() && text.back() == ' ') text.pop_back();
  if (text.empty()) text = "no message";
  return "GLPK error: " + text;
}

}  // namespace

std::string glpkVersion() { return glp_version(); }

#ifndef GRIDMILP_NO_MODEL_WRITER
std::string writeModel(const Model& model, ModelFormat format) {
  const Triplets triplets(model);
  // Names for GLPK, made before the protected call (no std::string may live in the
  // frames a longjmp skips).
  std::vector<std::string> owned;
  owned.reserve(model.numVars() + model.numConstraints());
  for (int j = 0; j < model.numVars(); ++j) owned.push_back(model.name(Var{j, &model}));
  for (int i = 0; i < model.numConstraints(); ++i) {
    owned.push_back(model.name(Constraint{i, &model}));
  }
  std::vector<const char*> names;
  names.reserve(owned.size());
  for (const std::string& n : owned) names.push_back(n.c_str());
  WriteJob job{&model, &triplets, names.data(), format, -1};
  std::string log;
  const bool completed = runProtected(runWrite, &job, &log);
  std::size_t size = 0;
  char* text = gridmilp_memfile_take(&size);
  std::string out = text == nullptr ? std::string() : std::string(text, size);
  std::free(text);
  if (format == ModelFormat::kFreeMps && model.objectiveSense() == ObjectiveSense::kMaximize) {
    out =
        "* gridmilp: this model maximizes; MPS has no objective sense and minimizes,\n"
        "* so the objective below is negated (its optimum is minus the model's).\n" +
        out;
  }
  if (!completed || job.ret != 0) {
    throw ModelError(
        "GLPK could not write the model: " +
        (completed ? "glp_write returned " + std::to_string(job.ret) : errorMessage(log)));
  }
  return out;
}
#endif  // GRIDMILP_NO_MODEL_WRITER

TextSolve solveModelText(const std::string& text, ModelFormat format) {
  TextSolve out;
  gridmilp_memfile_set_input(text.data(), text.size());
  ReadJob job{format, -1, -1, 0, 0, 0, nullptr, nullptr};
  std::string log;
  const bool completed = runProtected(runRead, &job, &log);
  std::size_t unused = 0;
  std::free(gridmilp_memfile_take(&unused));
  gridmilp_memfile_set_input(nullptr, 0);
  if (!completed || job.read_ret != 0) {
    // glp_read_* reports the syntax error (with its line) on the terminal.
    std::string message = log;
    std::replace(message.begin(), message.end(), '\n', ' ');
    while (!message.empty() && message.back() == ' ') message.pop_back();
    out.message = "GLPK could not read the model: " + message;
    if (job.names != nullptr) {
      for (int j = 1; j <= job.columns; ++j) std::free(job.names[j]);
    }
    std::free(job.names);
    std::free(job.values);
    return out;
  }
  out.status = job.intopt_ret != 0
                   ? (job.intopt_ret == GLP_ENOPFS ? SolveStatus::kInfeasible : SolveStatus::kError)
               : job.mip_status == GLP_OPT  ? SolveStatus::kOptimal
               : job.mip_status == GLP_FEAS ? SolveStatus::kFeasible
                                            : SolveStatus::kInfeasible;
  out.objective = job.objective;
  for (int j = 1; j <= job.columns; ++j) {
    out.values.emplace_back(job.names[j], job.values[j]);
    std::free(job.names[j]);
  }
  std::free(job.names);
  std::free(job.values);
  return out;
}

SolveResult solveRelaxation(const Model& model, const SolveOptions& options,
                            std::vector<double>* values) {
  SolveResult result;
  result.stats.rows = model.numConstraints();
  result.stats.columns = model.numVars();
  result.stats.nonzeros = model.numNonzeros();
  const Triplets triplets(model);
  values->assign(model.numVars(), 0.0);
  RelaxJob job{&model, &triplets, options.relaxMethod, std::max(0, options.timeLimitMs), -1, 0,
               0,      0,         values->data()};
  std::string log;
  const auto start = std::chrono::steady_clock::now();
  const bool completed = runProtected(runRelax, &job, &log);
  result.stats.solveMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  result.stats.simplexIterations = job.iterations;
  if (!completed) {
    result.status = SolveStatus::kError;
    result.message = errorMessage(log);
  } else if (job.ret == GLP_ETMLIM) {
    result.status = SolveStatus::kTimeLimit;
  } else if (job.ret == GLP_ENOPFS) {
    result.status = SolveStatus::kInfeasible;  // the presolver found no primal feasible point
  } else if (job.ret == GLP_ENODFS) {
    // No dual feasible point: the objective is unbounded, unless the LP is infeasible as
    // well (GLPK does not say which; the models here have no unbounded column).
    result.status = SolveStatus::kUnbounded;
  } else if (job.ret != 0) {
    result.status = SolveStatus::kError;
    result.message = "GLPK's simplex failed (glp_simplex returned " + std::to_string(job.ret) + ")";
  } else if (job.status == GLP_OPT) {
    result.status = SolveStatus::kOptimal;
    result.hasSolution = true;
    result.objective = job.objective;
  } else if (job.status == GLP_NOFEAS) {
    result.status = SolveStatus::kInfeasible;
  } else if (job.status == GLP_UNBND) {
    result.status = SolveStatus::kUnbounded;
  } else {
    result.status = SolveStatus::kError;
    result.message = "GLPK's simplex ended with LP status " + std::to_string(job.status);
  }
  if (!result.hasSolution) values->clear();
  return result;
}

namespace internal {

glp_prob* createGlpkProblem(const Model& model, const Triplets& triplets, bool relax) {
  return createProblem(model, triplets.ia.data(), triplets.ja.data(), triplets.ar.data(),
                       triplets.ne(), nullptr, relax);
}

bool runUnderRecovery(void (*fn)(void*), void* arg, std::string* log) {
  return runProtected(fn, arg, log);
}

std::string glpkErrorMessage(const std::string& log) { return errorMessage(log); }

void installSatSolver(SatSolver solver) { sat_solver = solver; }

}  // namespace internal

bool satMethodEnabled() { return sat_solver != nullptr; }

SolveResult solveWithGlpk(const Model& model, const SolveOptions& options,
                          std::vector<double>* values) {
  if (options.method == Method::kSat) {
    if (sat_solver != nullptr) return sat_solver(model, options, values);
    SolveResult result;
    result.status = SolveStatus::kError;
    result.message =
        "The SAT method is not in this build of gridmilp (GLPK's MiniSat was left out; see "
        "enableSatMethod).";
    values->clear();
    return result;
  }
  SolveResult result;
  SolveStats& stats = result.stats;
  stats.rows = model.numConstraints();
  stats.columns = model.numVars();
  stats.nonzeros = model.numNonzeros();

  const Triplets triplets(model);
  values->assign(model.numVars(), 0.0);

  GlpkJob job{};
  job.model = &model;
  job.time_limit_ms = std::max(0, options.timeLimitMs);
  job.presolve = options.presolve && !options.recordBranching;
  job.mip_gap = options.mipGap;
  job.options = &options;
  switch (options.backtracking) {
    case Backtracking::kBestLocalBound:
      job.bt_tech = GLP_BT_BLB;
      break;
    case Backtracking::kDepthFirst:
      job.bt_tech = GLP_BT_DFS;
      break;
    case Backtracking::kBreadthFirst:
      job.bt_tech = GLP_BT_BFS;
      break;
    case Backtracking::kBestProjection:
      job.bt_tech = GLP_BT_BPH;
      break;
  }
  switch (options.branching) {
    case Branching::kDriebeckTomlin:
      job.br_tech = GLP_BR_DTH;
      break;
    case Branching::kFirstFractional:
      job.br_tech = GLP_BR_FFV;
      break;
    case Branching::kLastFractional:
      job.br_tech = GLP_BR_LFV;
      break;
    case Branching::kMostFractional:
      job.br_tech = GLP_BR_MFV;
      break;
    case Branching::kPseudoCost:
      job.br_tech = GLP_BR_PCH;
      break;
  }
  job.force_error = options.forceSolverError;
  job.ia = triplets.ia.data();
  job.ja = triplets.ja.data();
  job.ar = triplets.ar.data();
  job.ne = triplets.ne();
  job.last_progress_ms = -1;
  job.last_depth = 0;
  std::vector<GlpkJob::Branch> branch_storage;
  std::vector<int> incumbent_storage;
  if (options.recordBranching) {
    branch_storage.resize(std::max(0, options.maxRecordedBranches));
    incumbent_storage.resize(std::max(0, options.maxRecordedBranches) + 1);
    job.branches = branch_storage.data();
    job.max_branches = static_cast<int>(branch_storage.size());
    job.incumbent_nodes = incumbent_storage.data();
    job.max_incumbents = static_cast<int>(incumbent_storage.size());
  }
  job.values = values->data();
  job.root_integral = -1;

  std::string log;
  const auto start = std::chrono::steady_clock::now();
  job.start = start;
  const bool completed = runProtected(runGlpkThunk, &job, &log);
  stats.solveMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (options.keepLog) result.log = log;

  stats.simplexIterations = job.iterations;
  stats.nodes = job.nodes;
  for (int k = 0; k < job.branch_count; ++k) {
    const GlpkJob::Branch& b = job.branches[k];
    result.branching.push_back(
        BranchRecord{b.node, b.parent, b.depth, Var{b.column, &model}, b.value});
  }
  result.incumbentNodes.assign(job.incumbent_nodes, job.incumbent_nodes + job.incumbent_count);
  if (job.root_integral >= 0) stats.rootLpIntegral = job.root_integral == 1;
  if (job.presolve && completed && !job.simplex_failed) {
    stats.presolvedRows = job.tree_seen ? job.presolved_rows : 0;
    stats.presolvedColumns = job.tree_seen ? job.presolved_cols : 0;
    stats.presolvedNonzeros = job.tree_seen ? job.presolved_nz : 0;
  }

  if (!completed) {
    result.status = SolveStatus::kError;
    result.message = errorMessage(log);
    values->clear();
    return result;
  }

  if (job.simplex_failed) {
    // Presolve off: the LP relaxation decides infeasible/unbounded before any B&B.
    if (job.simplex_ret == GLP_ETMLIM) {
      result.status = SolveStatus::kTimeLimit;
    } else if (job.simplex_ret != 0) {
      result.status = SolveStatus::kError;
      result.message =
          "GLPK's simplex failed (glp_simplex returned " + std::to_string(job.simplex_ret) + ")";
    } else if (job.lp_status == GLP_NOFEAS) {
      result.status = SolveStatus::kInfeasible;
    } else if (job.lp_status == GLP_UNBND) {
      result.status = SolveStatus::kUnbounded;
    } else {
      result.status = SolveStatus::kError;
      result.message = "GLPK's simplex ended with LP status " + std::to_string(job.lp_status);
    }
    values->clear();
    return result;
  }

  const bool incumbent = job.mip_status == GLP_OPT || job.mip_status == GLP_FEAS;
  switch (job.intopt_ret) {
    case 0:
      if (job.mip_status == GLP_OPT) {
        result.status = SolveStatus::kOptimal;
      } else if (job.mip_status == GLP_FEAS) {
        result.status = SolveStatus::kFeasible;
      } else {
        // GLP_NOFEAS, and GLP_UNDEF which an infeasible MIP can also report after a
        // complete search (the same quirk OR-Tools' GLPK interface notes).
        result.status = SolveStatus::kInfeasible;
      }
      break;
    case GLP_ENOPFS:  // the presolver proved primal infeasibility
      result.status = SolveStatus::kInfeasible;
      break;
    case GLP_ENODFS:  // LP relaxation has no dual feasible solution: unbounded (or
                      // infeasible; GLPK's presolver cannot tell which)
      result.status = SolveStatus::kUnbounded;
      break;
    case GLP_ETMLIM:
      result.status = SolveStatus::kTimeLimit;
      break;
    case GLP_ESTOP:  // the callback stopped the search: the time limit, or the caller
      result.status = job.stopped_by_time_limit ? SolveStatus::kTimeLimit : SolveStatus::kCancelled;
      break;
    case GLP_EMIPGAP:  // relative gap tolerance reached: a solution, not proven
      result.status = SolveStatus::kFeasible;
      break;
    default:
      result.status = SolveStatus::kError;
      result.message = "GLPK's branch-and-bound failed (glp_intopt returned " +
                       std::to_string(job.intopt_ret) + ")";
      if (!log.empty()) result.message += ": " + errorMessage(log);
      break;
  }
  result.hasSolution = incumbent && result.status != SolveStatus::kError &&
                       result.status != SolveStatus::kInfeasible;
  if (result.hasSolution) {
    result.objective = job.objective;
    if (result.status == SolveStatus::kOptimal) {
      stats.bestBound = job.objective;
      stats.gap = 0.0;
    } else if (job.has_bound) {
      // GLPK's relative gap (glp_ios_mip_gap), from the last bound seen.
      stats.bestBound = job.bound;
      stats.gap = std::fabs(job.objective - job.bound) / (std::fabs(job.objective) + DBL_EPSILON);
    }
  } else {
    values->clear();
  }
  return result;
}

}  // namespace gridmilp::milp
