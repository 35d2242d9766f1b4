// gridmilp — the SAT method (Method::kSat): the model handed to GLPK's CNF-SAT route
// (glpk_sat.h). Alone in its file with enableSatMethod, so that a program that never
// calls it (the page's first-solve WASM module) links neither this nor MiniSat.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <optional>
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
  const internal::Triplets* triplets;  // null for the direct route
  struct Clauses* clauses;             // the direct route's clauses, or null
  struct SatSession* session;          // the kept solver's route (clauses in session->cnf)
  bool force_error;
  bool presolve;
  int time_limit_ms;
  double propagation_limit;  // SolveOptions::satPropagationLimit
  std::chrono::steady_clock::time_point start;
  double* values;  // model->numVars() entries, written when an assignment is found
  int ret;
  gridmilp_sat_stats stats;
};

int satShouldStop(void* info) {
  auto* job = static_cast<SatJob*>(info);
  if (job->propagation_limit > 0 && gridmilp_sat_propagations_so_far() >= job->propagation_limit) {
    return 1;
  }
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

/// A model's rows as CNF clauses (see writeClauses): `variables` MiniSat variables,
/// clause i's literals lits[start[i]] to lits[start[i + 1] − 1] (2v: v is 1; 2v + 1:
/// v is 0), and how each model column maps to them.
struct Clauses {
  int variables = 0;
  std::vector<int> start{0};
  std::vector<int> lits;
  std::vector<int> column;                ///< CNF variable of each model column; −1 when fixed
  std::vector<signed char> value;         ///< a fixed column's value (0 or 1); −1 when free
  std::vector<unsigned char> assignment;  ///< MiniSat's answer, `variables` entries
};

/// The direct route's solve, under GLPK's error recovery like runSat.
[[gnu::noinline]] void runClauses(void* arg) {
  auto* job = static_cast<SatJob*>(arg);
  Clauses& cnf = *job->clauses;
  if (job->force_error) {  // the test hook: a GLPK error, as runSat's
    glp_set_col_bnds(glp_create_prob(), 1, GLP_FX, 0.0, 0.0);
  }
  cnf.assignment.assign(cnf.variables, 0);
  job->ret = gridmilp_minisat_solve(cnf.variables, static_cast<int>(cnf.start.size()) - 1,
                                    cnf.start.data(), cnf.lits.data(), satShouldStop, job,
                                    &job->stats, cnf.assignment.data());
}

void runClausesThunk(void* job) { runClauses(job); }

/// The session route's solve (SolveOptions::satSession), under GLPK's error recovery
/// like runSat: the session's new clauses added to its solver, then MiniSat's search.
[[gnu::noinline]] void runSession(void* arg);
void runSessionThunk(void* job) { runSession(job); }

/// A ±1 row in canonical form: literals t (2j for x[j], 2j + 1 for 1 − x[j], over the
/// free columns j), lower ≤ Σ t ≤ upper (integers; ±(k + 1) stands for no bound).
struct CanonicalRow {
  std::vector<int> lits;
  int lower = 0;
  int upper = 0;
};

/// Row i of `model` in canonical form over the columns left free in `value`; false
/// when a coefficient is not +1 or −1.
bool canonical(const Model& model, int i, const std::vector<signed char>& value,
               CanonicalRow* row) {
  const std::vector<int>& vars = model.rowVars();
  const std::vector<double>& coefs = model.rowCoefs();
  row->lits.clear();
  int constant = 0;
  int negatives = 0;
  for (int k = model.rowStart(i); k < model.rowStart(i + 1); ++k) {
    const double a = coefs[k];
    if (a != 1.0 && a != -1.0) return false;
    const int j = vars[k];
    if (value[j] >= 0) {
      constant += a > 0 ? value[j] : -value[j];
    } else {
      row->lits.push_back(2 * j + (a > 0 ? 0 : 1));
      negatives += a > 0 ? 0 : 1;
    }
  }
  // Σ a x = Σ t − negatives, so lower ≤ Σ a x + constant ≤ upper becomes bounds on Σ t.
  const int k = static_cast<int>(row->lits.size());
  const auto rhs = static_cast<int>(model.rowRhs(i)) - constant + negatives;
  const RowSense sense = model.rowSense(i);
  row->lower = sense == RowSense::kLessEqual ? -(k + 1) : rhs;
  row->upper = sense == RowSense::kGreaterEqual ? k + 1 : rhs;
  return true;
}

/// The CNF literal of model literal t (as in CanonicalRow), negated when `negate`.
int cnfLiteral(const Clauses& cnf, int t, bool negate = false) {
  return 2 * cnf.column[t >> 1] + ((t & 1) ^ (negate ? 1 : 0));
}

/// Appends one clause, the literals t of `lits` (model literals; `negate` flips
/// each), to `cnf`.
template <typename Literals>
void addClause(Clauses* cnf, const Literals& lits, bool negate = false) {
  for (int t : lits) cnf->lits.push_back(cnfLiteral(*cnf, t, negate));
  cnf->start.push_back(static_cast<int>(cnf->lits.size()));
}

/// Σ t ≤ 1 over `lits` (model literals; `negate` flips each), as GLPK's translation
/// writes a packing inequality (npp_sat_encode_prob with npp_sat_split_pack and
/// npp_sat_encode_pack, GLPK 5.0 npp/npp6.c): while more than 4 literals remain, the
/// first 3 and ¬y (y a new auxiliary variable) form a piece, and y takes their place
/// at the head of the rest; each piece becomes the clauses ¬p ∨ ¬q for each pair.
void addPacking(Clauses* cnf, const std::vector<int>& lits, bool negate) {
  // CNF literals from here on (auxiliaries have no model column).
  std::vector<int> rest;
  rest.reserve(lits.size());
  for (int t : lits) rest.push_back(cnfLiteral(*cnf, t, negate));
  const auto pairs = [cnf](const int* piece, int size) {
    for (int p = 0; p < size; ++p) {
      for (int q = p + 1; q < size; ++q) {
        cnf->lits.push_back(piece[p] ^ 1);
        cnf->lits.push_back(piece[q] ^ 1);
        cnf->start.push_back(static_cast<int>(cnf->lits.size()));
      }
    }
  };
  std::size_t head = 0;
  while (rest.size() - head > 4) {
    const int y = 2 * cnf->variables++;
    const int piece[4] = {rest[head], rest[head + 1], rest[head + 2], y ^ 1};
    pairs(piece, 4);
    head += 2;
    rest[head] = y;
  }
  pairs(rest.data() + head, static_cast<int>(rest.size() - head));
}

/// The columns of `cnf` for `model`: fixed columns substituted, and those a row then
/// forces (Σ t ≤ 0 or ≥ k over the rest: what GLPK's MIP presolver would remove), one
/// round (not to a fixed point: MiniSat's unit propagation does the rest); the others
/// numbered as CNF variables. Returns false when a row has a coefficient other than
/// ±1; sets `infeasible` when two rows force a column both ways.
bool writeColumns(const Model& model, Clauses* cnf, bool* infeasible) {
  const int n = model.numVars();
  cnf->value.assign(n, -1);
  bool any_fixed = false;
  for (int j = 0; j < n; ++j) {
    if (model.varLower(j) == model.varUpper(j)) {
      cnf->value[j] = static_cast<signed char>(model.varLower(j));
      any_fixed = true;
    }
  }
  CanonicalRow row;
  *infeasible = false;
  // With no column fixed a forcing row only gives unit clauses, as in writeRows.
  std::vector<signed char> forced = cnf->value;
  for (int i = 0; any_fixed && i < model.numConstraints() && !*infeasible; ++i) {
    if (!canonical(model, i, cnf->value, &row)) return false;
    const int k = static_cast<int>(row.lits.size());
    if (row.upper != 0 && row.lower != k) continue;
    if (row.lower > row.upper) continue;  // infeasible: its empty clause comes in writeRows
    for (int t : row.lits) {
      const signed char v = static_cast<signed char>((row.upper == 0 ? 0 : 1) ^ (t & 1));
      if (forced[t >> 1] >= 0 && forced[t >> 1] != v) *infeasible = true;
      forced[t >> 1] = v;
    }
  }
  cnf->value = std::move(forced);
  cnf->column.assign(n, -1);
  cnf->variables = 0;
  for (int j = 0; j < n; ++j) {
    if (cnf->value[j] < 0) cnf->column[j] = cnf->variables++;
  }
  return true;
}

/// Appends rows `from` to `to` − 1 of `model` to `cnf` as clauses (see writeClauses),
/// over the columns writeColumns numbered; false for a row of any other form.
bool writeRows(const Model& model, int from, int to, Clauses* cnf) {
  CanonicalRow row;
  for (int i = from; i < to; ++i) {
    if (!canonical(model, i, cnf->value, &row)) return false;
    const int k = static_cast<int>(row.lits.size());
    const int lower = row.lower, upper = row.upper;
    if (lower > upper || lower > k || upper < 0) {  // infeasible: an empty clause
      cnf->start.push_back(static_cast<int>(cnf->lits.size()));
      continue;
    }
    // The lower bound.
    if (lower <= 0) {
    } else if (lower == k) {
      for (int t : row.lits) addClause(cnf, std::initializer_list<int>{t});
    } else if (lower == 1) {
      addClause(cnf, row.lits);
    } else if (lower == k - 1) {
      addPacking(cnf, row.lits, true);
    } else {
      return false;
    }
    // The upper bound.
    if (upper >= k) {
    } else if (upper == 0) {
      for (int t : row.lits) addClause(cnf, std::initializer_list<int>{t}, true);
    } else if (upper == 1) {
      addPacking(cnf, row.lits, false);
    } else if (upper == k - 1) {
      addClause(cnf, row.lits, true);
    } else {
      return false;
    }
  }
  return true;
}

/// Writes `model`'s rows as CNF clauses when every coefficient is +1 or −1 (the
/// caller checked that the columns are binary and the data integral): the clauses
/// GLPK's translation (npp_sat_encode_prob) gives such rows, without GLPK's
/// preprocessor workspace and intermediate problem. A row Σ t ≥ 1 over literals t is a
/// clause; Σ t ≤ 1 a packing (addPacking); = 1 both; Σ t ≤ k − 1 the clause of the
/// negations, Σ t ≥ k − 1 a packing of the negations; Σ t ≤ 0 and ≥ k unit clauses.
/// Fixed columns are substituted first (writeColumns). Returns false, and leaves the
/// model to GLPK's translation, for any other row.
bool writeClauses(const Model& model, Clauses* cnf) {
  bool infeasible = false;
  if (!writeColumns(model, cnf, &infeasible)) return false;
  if (infeasible) {  // two rows force a column both ways: one empty clause says so
    cnf->variables = 0;
    cnf->start.assign(2, 0);
    cnf->lits.clear();
    return true;
  }
  return writeRows(model, 0, model.numConstraints(), cnf);
}

/// Why `model` is not a pure 0-1 model with integer data (what the CNF translation
/// needs), or empty: its columns (unless `rowsOnly`) and its rows from `firstRow` on (a
/// kept solver's session checked the others when it took them).
std::string notZeroOne(const Model& model, int firstRow = 0, bool rowsOnly = false) {
  const auto integral = [](double v) { return std::isfinite(v) && v == std::floor(v); };
  for (int j = 0; !rowsOnly && j < model.numVars(); ++j) {
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
  for (int i = firstRow; i < model.numConstraints(); ++i) {
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

/// The first row of `model` that `values` violates (by more than 1e-9), or −1.
int violatedRow(const Model& model, const std::vector<double>& values, int first) {
  const std::vector<int>& vars = model.rowVars();
  const std::vector<double>& coefs = model.rowCoefs();
  for (int i = first; i < model.numConstraints(); ++i) {
    double sum = 0;
    for (int k = model.rowStart(i); k < model.rowStart(i + 1); ++k)
      sum += coefs[k] * values[vars[k]];
    const double rhs = model.rowRhs(i);
    const RowSense sense = model.rowSense(i);
    if ((sense != RowSense::kGreaterEqual && sum > rhs + 1e-9) ||
        (sense != RowSense::kLessEqual && sum < rhs - 1e-9)) {
      return i;
    }
  }
  return -1;
}

}  // namespace

/// See SolveOptions::satSession.
struct SatSession {
  const Model* model = nullptr;                ///< the model its solver holds
  gridmilp_minisat_session* solver = nullptr;  ///< null until the first solve
  Clauses cnf;                                 ///< the columns; the clauses not yet added
  int rows = 0;                                ///< the model's rows in the solver
  std::vector<double> lower, upper;            ///< the columns' bounds then
  std::vector<double> rhs;                     ///< the rows' right-hand sides then

  SatSession() = default;
  SatSession(const SatSession&) = delete;
  SatSession& operator=(const SatSession&) = delete;
  ~SatSession() { gridmilp_minisat_session_delete(solver); }

  /// Whether the solver holds `model` as it was, rows aside: the same columns and
  /// bounds, and the same right-hand sides of the rows it has.
  bool holds(const Model& m) const {
    if (solver == nullptr || !gridmilp_minisat_session_alive(solver) || model != &m ||
        m.numVars() != static_cast<int>(lower.size()) || m.numConstraints() < rows) {
      return false;
    }
    for (int j = 0; j < m.numVars(); ++j) {
      if (m.varLower(j) != lower[static_cast<std::size_t>(j)] ||
          m.varUpper(j) != upper[static_cast<std::size_t>(j)]) {
        return false;
      }
    }
    for (int i = 0; i < rows; ++i) {
      if (m.rowRhs(i) != rhs[static_cast<std::size_t>(i)]) return false;
    }
    return true;
  }

  /// Deletes the solver (after an error or a stop: a new one is made next time).
  void drop() {
    gridmilp_minisat_session_delete(solver);
    solver = nullptr;
  }

  /// Starts over for `m`: a new solver is made at the next runSession, and every row
  /// is written as clauses. False (nothing kept) when a row needs GLPK's translation.
  bool restart(const Model& m) {
    gridmilp_minisat_session_delete(solver);
    solver = nullptr;
    model = nullptr;
    cnf = Clauses{};
    if (!writeClauses(m, &cnf)) return false;
    model = &m;
    rows = m.numConstraints();
    lower.resize(static_cast<std::size_t>(m.numVars()));
    upper.resize(lower.size());
    for (int j = 0; j < m.numVars(); ++j) {
      lower[static_cast<std::size_t>(j)] = m.varLower(j);
      upper[static_cast<std::size_t>(j)] = m.varUpper(j);
    }
    rhs.clear();
    for (int i = 0; i < rows; ++i) rhs.push_back(m.rowRhs(i));
    return true;
  }

  /// Writes the rows added to `m` since as clauses. False when one needs GLPK's
  /// translation (then restart, which says so too, leaves the session empty).
  bool extend(const Model& m) {
    cnf.start.assign(1, 0);
    cnf.lits.clear();
    if (!writeRows(m, rows, m.numConstraints(), &cnf)) return false;
    for (int i = rows; i < m.numConstraints(); ++i) rhs.push_back(m.rowRhs(i));
    rows = m.numConstraints();
    return true;
  }
};

std::shared_ptr<SatSession> newSatSession() { return std::make_shared<SatSession>(); }

namespace {

void runSession(void* arg) {
  auto* job = static_cast<SatJob*>(arg);
  SatSession& session = *job->session;
  Clauses& cnf = session.cnf;
  if (job->force_error) {  // the test hook: a GLPK error, as runSat's
    glp_set_col_bnds(glp_create_prob(), 1, GLP_FX, 0.0, 0.0);
  }
  if (session.solver == nullptr) {
    session.solver = gridmilp_minisat_session_new();
    if (session.solver == nullptr) glp_error("no memory for a MiniSat solver\n");
  }
  gridmilp_minisat_session_add(session.solver, cnf.variables,
                               static_cast<int>(cnf.start.size()) - 1, cnf.start.data(),
                               cnf.lits.data());
  cnf.start.assign(1, 0);  // added: the solver has them now
  cnf.lits.clear();
  cnf.assignment.assign(static_cast<std::size_t>(cnf.variables), 0);
  job->ret = gridmilp_minisat_session_solve(session.solver, cnf.variables, satShouldStop, job,
                                            &job->stats, cnf.assignment.data());
}

/// Method::kSat for solveWithGlpk (see glpk_backend.h).
SolveResult solveWithSat(const Model& model, const SolveOptions& options,
                         std::vector<double>* values) {
  SolveResult result;
  SolveStats& stats = result.stats;
  stats.rows = model.numConstraints();
  stats.columns = model.numVars();
  stats.nonzeros = model.numNonzeros();
  SatSession* session = options.satDirectClauses ? options.satSession.get() : nullptr;
  // A session that holds the model checked its columns (their bounds are as they were,
  // and a column's type never changes) and its rows so far: only the rows added since
  // are checked (on sw_Nurikabe 683_14x24, 602 rounds, the whole check took a fifth of
  // the time).
  const bool holding = session != nullptr && session->holds(model);
  const int rows_held = holding ? session->rows : 0;  // rows a kept solver had before
  if (const std::string why = notZeroOne(model, holding ? session->rows : 0, holding);
      !why.empty()) {
    result.status = SolveStatus::kError;
    result.message = "The SAT method needs a 0-1 model with integer coefficients: " + why + ".";
    values->clear();
    return result;
  }
  // Rows with ±1 coefficients become clauses here; any other row sends the whole
  // model through GLPK's preprocessor and translation.
  Clauses clauses;
  bool kept = false;
  if (session != nullptr) {
    kept = holding && session->extend(model);
    if (!kept && !session->restart(model)) session = nullptr;  // a row needs GLPK's translation
  }
  const bool direct =
      session != nullptr || (options.satDirectClauses && writeClauses(model, &clauses));
  const Clauses& cnf = session != nullptr ? session->cnf : clauses;
  std::optional<internal::Triplets> triplets;
  if (!direct) triplets.emplace(model);
  values->assign(model.numVars(), 0.0);
  SatJob job{};
  job.model = &model;
  job.triplets = direct ? nullptr : &*triplets;
  job.clauses = direct ? &clauses : nullptr;
  job.session = session;
  job.force_error = options.forceSolverError;
  job.presolve = options.presolve;
  job.time_limit_ms = std::max(0, options.timeLimitMs);
  job.propagation_limit = options.satPropagationLimit;
  job.values = values->data();
  job.ret = -1;
  std::string log;
  job.start = std::chrono::steady_clock::now();
  const bool completed = internal::runUnderRecovery(session != nullptr ? runSessionThunk
                                                    : direct           ? runClausesThunk
                                                                       : runSatThunk,
                                                    &job, &log);
  if (session != nullptr && (!completed || job.ret == GRIDMILP_SAT_STOPPED)) session->drop();
  stats.solveMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - job.start)
          .count();
  if (options.keepLog) result.log = log;
  if (!direct && options.presolve && completed) {
    stats.presolvedRows = job.stats.presolved_rows;
    stats.presolvedColumns = job.stats.presolved_columns;
    stats.presolvedNonzeros = job.stats.presolved_nonzeros;
  }
  if (direct && completed && job.ret == GRIDMILP_SAT_FOUND) {
    for (int j = 0; j < model.numVars(); ++j) {
      const signed char fixed = cnf.value[j];
      (*values)[j] = fixed >= 0 ? fixed : cnf.assignment[cnf.column[j]];
    }
    // Every row holds, as glp_intfeas1 checks after GLPK's translation: the rows added
    // since, for a kept solver, whose earlier rows held in its earlier answers (the
    // whole check took a fifth of 1055_40x57's time in model stream, 613 rounds over
    // 2.2 million nonzeros); puzzles::solveWithCuts, the only caller that keeps a
    // solver, checks every row of the answer it accepts (Model::violatedRow).
    if (const int row = violatedRow(model, *values, kept ? rows_held : 0); row >= 0) {
      result.status = SolveStatus::kError;
      result.message = "The SAT method's clauses gave an assignment that violates constraint " +
                       model.name(Constraint{row, &model}) + " (a gridmilp bug)";
      values->clear();
      return result;
    }
  }
  SatStats& sat = stats.sat.emplace();
  sat.direct = direct;
  sat.kept = kept;
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
