// gridmilp — Sudoku operations on the MILP.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/sudoku/solver.h"

#include <chrono>
#include <cmath>
#include <random>

#include "milp/glpk_backend.h"

namespace gridmilp::sudoku {
namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

CellObjective diagonalObjective(Shape shape) {
  const int n = shape.size();
  CellObjective objective{milp::ObjectiveSense::kMaximize, std::vector<double>(n * n, 0.0)};
  for (int i = 0; i < n; ++i) objective.weights[i * n + i] = 1;
  return objective;
}

int firstRowBase(int n) { return n <= 9 ? 10 : n + 1; }

CellObjective firstRowObjective(Shape shape) {
  const int n = shape.size();
  if (n > 12) {
    throw badRequest("objective", "\"First row as a number\" is offered up to 12\u00d712; a " +
                                      shape.label() + " first row does not fit a double exactly");
  }
  CellObjective objective{milp::ObjectiveSense::kMinimize, std::vector<double>(n * n, 0.0)};
  const double base = firstRowBase(n);
  double place = 1;
  for (int c = n - 1; c >= 0; --c) {
    objective.weights[c] = place;
    place *= base;
  }
  return objective;
}

// ---------------------------------------------------------------------------------
// SudokuSolver

SudokuSolver::SudokuSolver(const Grid& givens, const std::optional<CellObjective>& objective,
                           ModelKind kind)
    : givens_(givens) {
  requireNoConflict(givens);
  built_ = buildModel(givens, kind);
  if (!objective) return;
  if (kind == ModelKind::kPacking) {
    throw badRequest("objective",
                     "The packing model has its own objective (maximise the digits placed): "
                     "choose another model to optimise an objective");
  }
  const int n = givens.shape.size();
  if (static_cast<int>(objective->weights.size()) != n * n) {
    throw badRequest("objective.weights", "An objective needs " + std::to_string(n * n) +
                                              " weights (one per cell), not " +
                                              std::to_string(objective->weights.size()));
  }
  milp::LinExpr expr;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const double w = objective->weights[r * n + c];
      if (!std::isfinite(w)) {
        throw badRequest("objective.weights", "Weight of row " + std::to_string(r + 1) +
                                                  ", column " + std::to_string(c + 1) +
                                                  " is not a finite number");
      }
      if (w == 0) continue;
      const int fixed = built_->fixed.at(r, c);
      if (fixed != 0 && !built_->fullModel()) {
        objective_constant_ += w * fixed;  // the MILP does not decide this cell
        continue;
      }
      for (int d = 1; d <= n; ++d) {
        const int v = built_->x.varAtOffset((r * n + c) * n + (d - 1));
        if (v >= 0) expr.addTerm(milp::Var{v, &built_->model}, w * d);
      }
    }
  }
  expr += milp::LinExpr(objective_constant_);
  if (objective->sense == milp::ObjectiveSense::kMaximize) {
    built_->model.maximize(expr);
  } else {
    built_->model.minimize(expr);
  }
}

milp::SolveResult SudokuSolver::solve(const milp::SolveOptions& options) {
  solution_.reset();
  partial_.reset();
  decided_by_reduction_ = false;
  if (built_->kind == ModelKind::kPacking && options.method == milp::Method::kSat) {
    // CNF-SAT stops at any feasible point, and the givens alone are one.
    throw badRequest("options.method",
                     "The SAT method finds any solution and cannot maximise the digits placed "
                     "(the packing model): use method branch-and-bound");
  }
  const bool contradiction = built_->reduction.contradiction.has_value();
  if (contradiction || exhausted_ || built_->model.numVars() == 0) {
    // Nothing left for GLPK: the reduction fixed every cell, found a contradiction,
    // or a cut excluded the one completion of the fixed cells.
    decided_by_reduction_ = true;
    milp::SolveResult result;
    const bool solved = !contradiction && !exhausted_;
    result.status = solved ? milp::SolveStatus::kOptimal : milp::SolveStatus::kInfeasible;
    result.hasSolution = solved;
    result.stats.nodes = 0;
    if (solved) {
      solution_ = built_->fixed;
      objective_value_ = objective_constant_;
      result.objective = objective_constant_;
      // A bound and a gap are branch-and-bound's; CNF-SAT has none (protocol.md: null).
      if (options.method != milp::Method::kSat) {
        result.stats.bestBound = objective_constant_;
        result.stats.gap = 0.0;
      }
    }
    return result;
  }
  milp::SolveResult result = built_->model.solve(options);
  if (result.hasSolution && built_->kind == ModelKind::kPacking) {
    // The packing optimum is n² exactly when the puzzle has a solution (model.h); a
    // fill with fewer digits is a partial fill, not a solution.
    const int cells = givens_.shape.cells();
    if (result.objective > cells - 0.5) {
      result.status = milp::SolveStatus::kOptimal;  // n² is the bound: nothing is better
    } else {
      partial_ = decodeSolution(*built_);
      result.hasSolution = false;
      if (result.status == milp::SolveStatus::kOptimal) {
        result.status = milp::SolveStatus::kInfeasible;
      }
      return result;
    }
  }
  if (result.hasSolution) {
    solution_ = decodeSolution(*built_);
    objective_value_ = result.objective;
  }
  return result;
}

const Grid& SudokuSolver::solution() const {
  if (!solution_) throw milp::ModelError("No Sudoku solution to read: the last solve found none");
  return *solution_;
}

double SudokuSolver::objectiveValue() const {
  solution();  // throws when there is none
  return objective_value_;
}

void SudokuSolver::exclude(const Grid& solution) {
  std::string why;
  if (!isValidSolution(givens_, solution, &why)) {
    throw milp::ModelError("A no-good cut needs a solution of the puzzle: " + why);
  }
  const int n = givens_.shape.size();
  std::vector<int> vars;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (built_->fixed.at(r, c) != 0) {
        if (built_->fixed.at(r, c) != solution.at(r, c)) return;  // already excluded
        continue;
      }
      const int v = built_->x.varAtOffset((r * n + c) * n + (solution.at(r, c) - 1));
      if (v < 0) return;  // not a candidate: the model excludes it already
      vars.push_back(v);
    }
  }
  ++cuts_;
  if (vars.empty()) {
    // Every cell is fixed: the fixed grid was the only completion.
    exhausted_ = true;
    return;
  }
  // The one-hot form: every other solution differs in some cell, so one of these is 0.
  built_->model.addNoGood(vars, {}, {"nogood", cuts_});
}

SudokuSolver::Relaxation SudokuSolver::relax(const milp::SolveOptions& options) const {
  Relaxation out;
  const int n = givens_.shape.size();
  const bool textbook = built_->fullModel();
  if (!textbook) {
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        const int v = built_->fixed.at(r, c);
        if (v != 0) out.values.push_back({r + 1, c + 1, v, 1.0, true});
      }
    }
  }
  if (built_->reduction.contradiction) {
    out.result.status = milp::SolveStatus::kInfeasible;
    return out;
  }
  std::vector<double> values;
  // The primal simplex: the dual takes minutes on the assignment rows of a 25×25
  // (SolveOptions::relaxMethod).
  milp::SolveOptions primal = options;
  primal.relaxMethod = milp::SimplexMethod::kPrimal;
  out.result = milp::solveRelaxation(built_->model, primal, &values);
  if (!out.result.hasSolution) return out;
  out.integral = true;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      for (int d = 1; d <= n; ++d) {
        const int v = built_->x.varAtOffset((r * n + c) * n + (d - 1));
        if (v < 0) continue;
        const double x = values[v];
        if (std::fabs(x) <= 1e-9) continue;
        if (std::fabs(x - std::round(x)) > 1e-6) out.integral = false;
        out.values.push_back({r + 1, c + 1, d, x, textbook && givens_.at(r, c) == d});
      }
    }
  }
  return out;
}

UniquenessResult checkUniqueness(const Grid& givens, const milp::SolveOptions& options,
                                 ModelKind kind) {
  // options.timeLimitMs bounds both solves together, the model's build included.
  const auto start = std::chrono::steady_clock::now();
  UniquenessResult out;
  SudokuSolver solver(givens, std::nullopt, kind);
  out.first = solver.solve(milp::withTimeLeft(options, start));
  out.decidedByReduction = solver.decidedByReduction();
  if (!out.first.hasSolution) return out;  // no solution, or stopped: unknown
  out.solution = solver.solution();
  solver.exclude(*out.solution);
  out.second = solver.solve(milp::withTimeLeft(options, start));
  if (out.second->hasSolution) {
    out.secondSolution = solver.solution();
    out.unique = false;
  } else if (out.second->status == milp::SolveStatus::kInfeasible) {
    out.unique = true;
  }
  return out;
}

EnumerationResult enumerate(const Grid& givens, int limit, const milp::SolveOptions& options,
                            const SolutionCallback& on_solution, ModelKind kind) {
  if (limit < 1) throw badRequest("limit", "The solution limit must be at least 1");
  // options.timeLimitMs bounds the whole enumeration, not each solve.
  const auto start = std::chrono::steady_clock::now();
  EnumerationResult out;
  SudokuSolver solver(givens, std::nullopt, kind);
  while (true) {
    // Past the limit, no further solve (each backend measures its own 1 ms from its start,
    // and a solve the reduction decides runs without GLPK).
    if (out.solves > 0 && milp::pastTimeLimit(options, start)) {
      out.lastStatus = milp::SolveStatus::kTimeLimit;
      break;
    }
    const milp::SolveResult r = solver.solve(milp::withTimeLeft(options, start));
    ++out.solves;
    out.solveMs += r.stats.solveMs;
    out.lastStatus = r.status;
    if (!r.hasSolution) {
      out.complete = r.status == milp::SolveStatus::kInfeasible;
      break;
    }
    out.solutions.push_back(solver.solution());
    if (on_solution && !on_solution(out.solutions.back(), static_cast<int>(out.solutions.size()))) {
      break;
    }
    if (static_cast<int>(out.solutions.size()) >= limit) break;
    solver.exclude(out.solutions.back());
  }
  return out;
}

// ---------------------------------------------------------------------------------
// Randomness

struct SeededRandom::State {
  std::mt19937 engine;
};

SeededRandom::SeededRandom(std::uint32_t seed) : state_(std::make_shared<State>()) {
  state_->engine.seed(seed);
}

double SeededRandom::uniform() {
  return static_cast<double>(state_->engine()) * (1.0 / 4294967296.0);
}

std::uint32_t SeededRandom::below(std::uint32_t bound) {
  // Rejection sampling over the largest multiple of bound below 2^32.
  const std::uint64_t range = 4294967296ULL;
  const std::uint64_t limit = range - range % bound;
  while (true) {
    const std::uint64_t v = state_->engine();
    if (v < limit) return static_cast<std::uint32_t>(v % bound);
  }
}

namespace {

/// The random-objective MILP for `givens` plus `seeded` fixings, stopped at its
/// first solution.
Completion solveRandomObjective(const Grid& givens, const Grid& seeded, SeededRandom* random,
                                const milp::SolveOptions& options) {
  (void)givens;
  auto built = buildTextbookModel(seeded);
  const int n = givens.shape.size();
  milp::LinExpr objective;
  for (int r = 1; r <= n; ++r) {
    for (int c = 1; c <= n; ++c) {
      for (int d = 1; d <= n; ++d) objective.addTerm(built->x(r, c, d), random->uniform());
    }
  }
  // The SAT method ignores objectives (and refuses them): any completion of the seeded
  // grid.
  if (options.method != milp::Method::kSat) built->model.maximize(objective);
  milp::SolveOptions first_solution = options;
  // Any completion will do: the objective only picks a random one. Stop at the first
  // incumbent, found soonest by diving (depth-first, most fractional variable).
  first_solution.mipGap = 1e9;
  first_solution.backtracking = milp::Backtracking::kDepthFirst;
  first_solution.branching = milp::Branching::kMostFractional;
  Completion out;
  out.result = built->model.solve(first_solution);
  if (out.result.hasSolution) out.grid = decodeSolution(*built);
  return out;
}

}  // namespace

Completion completeRandomly(const Grid& givens, std::uint32_t seed,
                            const milp::SolveOptions& options) {
  requireNoConflict(givens);
  const Shape shape = givens.shape;
  const int n = shape.size();
  SeededRandom random(seed);
  Grid seeded = givens;
  const bool empty = givens.givenCount() == 0;
  if (empty) {
    // The boxes on the diagonal share no row or column, so each can hold any
    // permutation: filling them from the seed is a large, free step that leaves
    // GLPK a much smaller search (16×16: about 1.5 s instead of 8–20 s).
    const int diagonal = std::min(n / shape.boxHeight, n / shape.boxWidth);
    for (int b = 0; b < diagonal; ++b) {
      std::vector<int> digits(n);
      for (int d = 0; d < n; ++d) digits[d] = d + 1;
      random.shuffle(&digits);
      for (int k = 0; k < n; ++k) {
        seeded.at(b * shape.boxHeight + k / shape.boxWidth,
                  b * shape.boxWidth + k % shape.boxWidth) = digits[k];
      }
    }
  }
  Completion out = solveRandomObjective(givens, seeded, &random, options);
  if (empty && !out.grid && out.result.status == milp::SolveStatus::kInfeasible) {
    // Not every seeding of non-square boxes can be completed: fall back to the
    // random objective alone.
    out = solveRandomObjective(givens, givens, &random, options);
  }
  return out;
}

// ---------------------------------------------------------------------------------
// Generation

const char* toString(Symmetry symmetry) {
  switch (symmetry) {
    case Symmetry::kNone:
      return "none";
    case Symmetry::kRotational180:
      return "rot180";
    case Symmetry::kMirror:
      return "mirror";
  }
  return "none";
}

Symmetry symmetryFromString(const std::string& name) {
  for (Symmetry s : {Symmetry::kNone, Symmetry::kRotational180, Symmetry::kMirror}) {
    if (name == toString(s)) return s;
  }
  throw badRequest("symmetry", "Unknown symmetry '" + name + "': one of none, rot180, mirror");
}

namespace {

/// Cells (row-major indices) that must be removed together under the symmetry.
std::vector<std::vector<int>> removalGroups(Shape shape, Symmetry symmetry) {
  const int n = shape.size();
  std::vector<std::vector<int>> groups;
  std::vector<bool> seen(n * n, false);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int cell = r * n + c;
      if (seen[cell]) continue;
      int partner = cell;
      if (symmetry == Symmetry::kRotational180) partner = (n - 1 - r) * n + (n - 1 - c);
      if (symmetry == Symmetry::kMirror) partner = r * n + (n - 1 - c);
      seen[cell] = seen[partner] = true;
      groups.push_back(partner == cell ? std::vector<int>{cell} : std::vector<int>{cell, partner});
    }
  }
  return groups;
}

/// Whether `puzzle` has `solution` as its only solution: the MILP with the no-good
/// cut for `solution` must be infeasible.
bool isUniqueWith(const Grid& puzzle, const Grid& solution, const milp::SolveOptions& options,
                  milp::SolveResult* result) {
  SudokuSolver solver(puzzle, std::nullopt, ModelKind::kReduced);
  solver.exclude(solution);
  *result = solver.solve(options);
  return result->status == milp::SolveStatus::kInfeasible;
}

}  // namespace

GenerateResult generate(const GenerateOptions& options, const GenerateCallback& progress) {
  const auto start = Clock::now();
  const Shape shape = options.shape;
  const int n = shape.size();
  if (options.targetGivens < 0 || options.targetGivens > n * n) {
    throw badRequest("givens", "The target number of givens must be 0 to " + std::to_string(n * n));
  }
  milp::SolveOptions solve_options;
  solve_options.timeLimitMs = options.solveTimeLimitMs;
  solve_options.method = options.method;

  GenerateResult out;
  const Completion full = completeRandomly(Grid(shape), options.seed, solve_options);
  out.completeMs = msSince(start);
  if (!full.grid) {
    std::string why;
    if (full.result.status == milp::SolveStatus::kTimeLimit) {
      why = " within the time limit";
    } else if (full.result.status == milp::SolveStatus::kError) {
      why = ": " + full.result.message;
    } else {
      why = " (status " + std::string(milp::toString(full.result.status)) + ")";
    }
    throw InputError(ErrorCode::kSolverError,
                     "No complete " + shape.label() + " grid was found" + why);
  }
  out.solution = *full.grid;
  out.puzzle = *full.grid;

  std::vector<std::vector<int>> groups = removalGroups(shape, options.symmetry);
  SeededRandom random(options.seed ^ 0x9E3779B9u);
  random.shuffle(&groups);
  int givens = n * n;
  GenerateProgress state{GeneratePhase::kRemoving, 0, static_cast<int>(groups.size()), givens,
                         &out.puzzle};
  bool stopped = false;
  bool all_tested = true;  // every group still in the puzzle was tried and needed
  for (const std::vector<int>& group : groups) {
    if (options.targetGivens > 0 && givens <= options.targetGivens) break;
    ++state.checked;
    const int size = static_cast<int>(group.size());
    if (options.targetGivens > 0 && givens - size < options.targetGivens) {
      all_tested = false;  // would overshoot the target: keep it untested
    } else {
      Grid candidate = out.puzzle;
      for (int cell : group) candidate.cells[cell] = 0;
      milp::SolveResult check;
      ++out.uniquenessChecks;
      if (isUniqueWith(candidate, out.solution, solve_options, &check)) {
        out.puzzle = std::move(candidate);
        givens -= size;
      }
    }
    state.givens = givens;
    if (progress && !progress(state)) {
      stopped = true;
      break;
    }
  }
  out.targetReached = options.targetGivens > 0 && givens <= options.targetGivens;
  // Uniqueness is monotone (removing givens never removes solutions), so a group
  // found necessary when tried stays necessary after later removals.
  out.minimal = !stopped && all_tested && state.checked == state.total;

  // How hard the final puzzle is for the plain MILP (textbook model, presolve on).
  if (progress) {
    state.phase = GeneratePhase::kRating;
    state.puzzle = &out.puzzle;
    progress(state);
    state.puzzle = nullptr;
  }
  milp::SolveOptions rating;
  rating.timeLimitMs = options.difficultyTimeLimitMs > 0 ? options.difficultyTimeLimitMs
                       : options.solveTimeLimitMs > 0    ? options.solveTimeLimitMs
                                                         : kDifficultyTimeLimitMs;
  SudokuSolver final_solver(out.puzzle, std::nullopt, ModelKind::kTextbook);
  out.difficulty = final_solver.solve(rating);
  out.totalMs = msSince(start);
  return out;
}

}  // namespace gridmilp::sudoku
