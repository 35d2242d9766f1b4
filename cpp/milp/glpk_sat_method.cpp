// gridmilp — the SAT method (Method::kSat): the model handed to GLPK's CNF-SAT route
// (glpk_sat.h). Alone in its file with enableSatMethod, so that a program that never
// calls it (the page's first-solve WASM module) links neither this nor MiniSat.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "milp/glpk_backend.h"
#include "milp/glpk_internal.h"
#include "milp/glpk_sat.h"

namespace gridmilp::milp {
namespace {

/// Everything runSat reads and writes: plain data only (as GlpkJob).
struct SatJob {
  const Model* model;
  const internal::Triplets* triplets;
  bool force_error;
  bool presolve;
  int time_limit_ms;
  std::chrono::steady_clock::time_point start;
  double* values;  // model->numVars() entries, written when an assignment is found
  int ret;
  gridmilp_sat_stats stats;
};

int satShouldStop(void* info) {
  auto* job = static_cast<SatJob*>(info);
  if (job->time_limit_ms <= 0) return 0;
  const double elapsed =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - job->start)
          .count();
  return elapsed >= job->time_limit_ms ? 1 : 0;
}

[[gnu::noinline]] void runSat(void* arg) {
  auto* job = static_cast<SatJob*>(arg);
  glp_prob* problem = internal::createGlpkProblem(*job->model, *job->triplets, false);
  if (job->force_error) {
    glp_set_col_bnds(problem, job->model->numVars() + 1, GLP_FX, 0.0, 0.0);
  }
  job->ret =
      gridmilp_glpk_sat_solve(problem, job->presolve ? 1 : 0, satShouldStop, job, &job->stats);
  if (job->ret == GRIDMILP_SAT_FOUND) {
    for (int j = 0; j < job->model->numVars(); ++j) {
      job->values[j] = glp_mip_col_val(problem, internal::toGlpk(j));
    }
  }
  glp_delete_prob(problem);
}

void runSatThunk(void* job) { runSat(job); }

/// Why `model` is not a pure 0-1 model with integer data (what the CNF translation
/// needs), or empty.
std::string notZeroOne(const Model& model) {
  const auto integral = [](double v) { return std::isfinite(v) && v == std::floor(v); };
  for (int j = 0; j < model.numVars(); ++j) {
    const double lower = model.varLower(j);
    const double upper = model.varUpper(j);
    const bool zero_one = model.varType(j) != VarType::kContinuous && lower >= 0 && upper <= 1 &&
                          integral(lower) && integral(upper) && lower <= upper;
    if (!zero_one) {
      return "variable " + model.name(Var{j, &model}) + " is not binary (" +
             (model.varType(j) == VarType::kContinuous
                  ? std::string("continuous")
                  : "bounds " + std::to_string(lower) + " to " + std::to_string(upper)) +
             ")";
    }
  }
  const std::vector<double>& coefs = model.rowCoefs();
  for (int i = 0; i < model.numConstraints(); ++i) {
    if (!integral(model.rowRhs(i))) {
      return "constraint " + model.name(Constraint{i, &model}) +
             " has a fractional right-hand side";
    }
    for (int k = model.rowStart(i); k < model.rowStart(i + 1); ++k) {
      if (!integral(coefs[k])) {
        return "constraint " + model.name(Constraint{i, &model}) + " has a fractional coefficient";
      }
    }
  }
  return {};
}

/// Method::kSat for solveWithGlpk (see glpk_backend.h).
SolveResult solveWithSat(const Model& model, const SolveOptions& options,
                         std::vector<double>* values) {
  SolveResult result;
  SolveStats& stats = result.stats;
  stats.rows = model.numConstraints();
  stats.columns = model.numVars();
  stats.nonzeros = model.numNonzeros();
  if (const std::string why = notZeroOne(model); !why.empty()) {
    result.status = SolveStatus::kError;
    result.message = "The SAT method needs a 0-1 model with integer coefficients: " + why + ".";
    values->clear();
    return result;
  }
  const internal::Triplets triplets(model);
  values->assign(model.numVars(), 0.0);
  SatJob job{};
  job.model = &model;
  job.triplets = &triplets;
  job.force_error = options.forceSolverError;
  job.presolve = options.presolve;
  job.time_limit_ms = std::max(0, options.timeLimitMs);
  job.values = values->data();
  job.ret = -1;
  std::string log;
  job.start = std::chrono::steady_clock::now();
  const bool completed = internal::runUnderRecovery(runSatThunk, &job, &log);
  stats.solveMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - job.start)
          .count();
  if (options.keepLog) result.log = log;
  if (options.presolve && completed) {
    stats.presolvedRows = job.stats.presolved_rows;
    stats.presolvedColumns = job.stats.presolved_columns;
    stats.presolvedNonzeros = job.stats.presolved_nonzeros;
  }
  SolveStats::Sat& sat = stats.sat.emplace();
  sat.variables = job.stats.cnf_variables;
  sat.clauses = job.stats.cnf_clauses;
  sat.literals = job.stats.cnf_literals;
  sat.conflicts = static_cast<std::int64_t>(job.stats.conflicts);
  sat.decisions = static_cast<std::int64_t>(job.stats.decisions);
  sat.propagations = static_cast<std::int64_t>(job.stats.propagations);
  sat.restarts = static_cast<std::int64_t>(job.stats.restarts);
  if (!completed) {
    result.status = SolveStatus::kError;
    result.message = internal::glpkErrorMessage(log);
  } else if (job.ret == GRIDMILP_SAT_FOUND) {
    bool zero_objective = true;
    double objective = model.objectiveConstant();
    for (int j = 0; j < model.numVars(); ++j) {
      zero_objective = zero_objective && model.objectiveCoef(j) == 0;
      objective += model.objectiveCoef(j) * (*values)[j];
    }
    // Any feasible point is optimal for a zero objective; otherwise it is only feasible.
    result.status = zero_objective ? SolveStatus::kOptimal : SolveStatus::kFeasible;
    result.hasSolution = true;
    result.objective = objective;
  } else if (job.ret == GRIDMILP_SAT_NONE) {
    result.status = SolveStatus::kInfeasible;
  } else if (job.ret == GRIDMILP_SAT_STOPPED) {
    result.status = SolveStatus::kTimeLimit;
  } else {
    result.status = SolveStatus::kError;
    result.message =
        "GLPK's translation to CNF-SAT overflowed an int (coefficients or right-hand sides too "
        "large)";
  }
  if (!result.hasSolution) values->clear();
  return result;
}

}  // namespace

void enableSatMethod() { internal::installSatSolver(solveWithSat); }

}  // namespace gridmilp::milp
