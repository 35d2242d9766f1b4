// gridmilp — Sudoku operations on the MILP: solve, check uniqueness, enumerate,
// complete a grid with a random objective, generate puzzles, optimise an objective.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Uniqueness and enumeration use the no-good cut of the teaching texts: a solution S
// sets exactly one x[r,c,d] per cell, so
//     sum over empty cells (r,c) of x[r,c,S(r,c)] <= E - 1      (E = empty cells)
// excludes S and nothing else; re-solving gives another solution or proves there is
// none (the MILP is infeasible).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "milp/model.h"
#include "puzzles/sudoku/grid.h"
#include "puzzles/sudoku/model.h"

namespace gridmilp::sudoku {

/// A linear objective over cell values: sense · sum_{r,c} weights[r·n + c] · value(r,c),
/// where value(r,c) = sum_d d · x[r,c,d].
struct CellObjective {
  milp::ObjectiveSense sense = milp::ObjectiveSense::kMaximize;
  std::vector<double> weights;  ///< n·n weights, row by row
};

/// Weights for "maximize the main-diagonal sum": 1 on the diagonal.
CellObjective diagonalObjective(Shape shape);
/// The base in which "the first row read as a number" reads a row of n digits: 10 up
/// to 9×9 (the number a person reads), n + 1 above (digits 1..n are then all below it).
/// The solver's weights, the Sudoku formulation and the genres' objective TeX use it.
int firstRowBase(int n);
/// Weights for "minimize the first row read as a number": base^(n-1-c) for column c,
/// base = firstRowBase(n). Throws InputError (bad_request) above 12×12, where the
/// number no longer fits a double exactly.
CellObjective firstRowObjective(Shape shape);

/// One puzzle's MILP, kept across solves so that no-good cuts accumulate.
class SudokuSolver {
 public:
  /// Builds the model of `givens` of the given kind (plus the objective, if any).
  /// Throws InputError(conflicting_givens) when two givens clash, and bad_request
  /// when the objective has the wrong number of weights.
  explicit SudokuSolver(const Grid& givens, const std::optional<CellObjective>& objective = {},
                        ModelKind kind = ModelKind::kReduced);

  /// Solves the current model (with every cut added so far). When the result has a
  /// solution, solution() returns it until the next call. When the reduction has
  /// already decided the puzzle (a contradiction, or every cell fixed) GLPK is not
  /// called: the result has status infeasible or optimal, zero statistics, and
  /// decidedByReduction() is true.
  milp::SolveResult solve(const milp::SolveOptions& options);
  /// The last solution; throws milp::ModelError when the last solve found none.
  const Grid& solution() const;
  /// Adds the no-good cut that excludes exactly `solution` (a completion of the
  /// givens) over the cells the MILP decides. Throws milp::ModelError if it is not
  /// a completion.
  void exclude(const Grid& solution);
  /// The packing model only: after a solve whose best fill left cells empty (the
  /// puzzle has no solution, or a time limit stopped the search short of n² digits),
  /// that fill, 0 in its empty cells; otherwise empty. The solve then reports no
  /// solution: status infeasible when the fill is proven largest, else as GLPK ended.
  const std::optional<Grid>& partial() const { return partial_; }
  /// Objective value of the last solution, in the objective's own terms.
  double objectiveValue() const;
  /// Whether the last solve was decided by the model reduction, not by GLPK.
  bool decidedByReduction() const { return decided_by_reduction_; }

  /// One non-zero x[r,c,d] of the LP relaxation (1-based), or a cell the reduction
  /// fixed before the MILP (value 1, fixed true).
  struct RelaxedValue {
    int row = 0;
    int column = 0;
    int digit = 0;
    double value = 0;
    bool fixed = false;
  };
  struct Relaxation {
    milp::SolveResult result;  ///< of glp_simplex on the relaxed model
    std::vector<RelaxedValue> values;
    bool integral = false;  ///< every value within 1e-6 of 0 or 1
  };
  /// Solves the LP relaxation of the current model (integrality dropped). Does not
  /// change the model or the last MILP solution.
  Relaxation relax(const milp::SolveOptions& options) const;

  const SudokuModel& built() const { return *built_; }
  int cuts() const { return cuts_; }

 private:
  Grid givens_;
  std::unique_ptr<SudokuModel> built_;
  std::optional<Grid> solution_;
  std::optional<Grid> partial_;
  double objective_value_ = 0;
  double objective_constant_ = 0;  // contribution of fixed cells
  int cuts_ = 0;
  bool exhausted_ = false;  // a cut excluded the only completion of the fixed cells
  bool decided_by_reduction_ = false;
};

/// Outcome of a uniqueness check.
struct UniquenessResult {
  milp::SolveResult first;  ///< the solve that found (or failed to find) a solution
  std::optional<Grid> solution;
  std::optional<milp::SolveResult> second;  ///< the re-solve with the no-good cut
  std::optional<Grid> secondSolution;       ///< present when not unique
  /// true: unique; false: a second solution exists; empty: no solution, or a time
  /// limit stopped a solve before the answer was known.
  std::optional<bool> unique;
  /// The model reduction decided the puzzle (every cell fixed, or a contradiction):
  /// GLPK was not called for the first solve, and the answer is the reduction's.
  bool decidedByReduction = false;
};

/// Solves, adds the no-good cut, re-solves. Throws as SudokuSolver.
UniquenessResult checkUniqueness(const Grid& givens, const milp::SolveOptions& options,
                                 ModelKind kind = ModelKind::kReduced);

/// Outcome of an enumeration.
struct EnumerationResult {
  std::vector<Grid> solutions;
  bool complete = false;  ///< true when the last re-solve proved there are no more
  milp::SolveStatus lastStatus = milp::SolveStatus::kOptimal;
  int solves = 0;
  double solveMs = 0;  ///< inside GLPK, all solves, ms
};

/// Called after each solution found: (the solution, how many so far). Return false
/// to stop early.
using SolutionCallback = std::function<bool(const Grid&, int)>;

/// Lists up to `limit` solutions (each solve with the cuts of all before). Throws as
/// SudokuSolver, and bad_request when limit < 1.
EnumerationResult enumerate(const Grid& givens, int limit, const milp::SolveOptions& options,
                            const SolutionCallback& on_solution = {},
                            ModelKind kind = ModelKind::kReduced);

/// A deterministic random number source: std::mt19937 (its output sequence is
/// fixed by the C++ standard), mapped to numbers by our own arithmetic so that the
/// native and the WASM build produce the same values from the same seed.
class SeededRandom {
 public:
  explicit SeededRandom(std::uint32_t seed);
  /// Uniform in [0, 1) with 32 random bits.
  double uniform();
  /// Uniform integer in [0, bound), bound >= 1 (rejection sampling, no bias).
  std::uint32_t below(std::uint32_t bound);
  /// Fisher–Yates shuffle.
  template <typename T>
  void shuffle(std::vector<T>* items) {
    for (std::size_t i = items->size(); i > 1; --i) {
      std::swap((*items)[i - 1], (*items)[below(static_cast<std::uint32_t>(i))]);
    }
  }

 private:
  struct State;
  std::shared_ptr<State> state_;
};

/// A completion of `givens` (possibly empty) chosen by a random objective: maximize
/// sum w[r,c,d]·x[r,c,d] with w uniform in [0,1) from `seed`, stopped at the first
/// solution GLPK finds (status kFeasible: any completion will do). For an empty grid
/// the diagonal boxes, which share no row or column, are first filled with seeded
/// random permutations. The same seed and givens give the same grid, natively and in
/// WASM. With options.method kSat the objective is dropped: the seeded diagonal boxes
/// are the only randomness, and MiniSat's first assignment is the completion (16×16:
/// about 30 ms against 1.5 s; 25×25: about 0.2 s, where branch-and-bound had none
/// after 120 s; native). Throws as SudokuSolver.
struct Completion {
  std::optional<Grid> grid;  ///< empty when the givens admit no completion
  milp::SolveResult result;
};
Completion completeRandomly(const Grid& givens, std::uint32_t seed,
                            const milp::SolveOptions& options);

enum class Symmetry { kNone, kRotational180, kMirror };
/// Protocol names "none", "rot180", "mirror".
const char* toString(Symmetry symmetry);
/// Throws InputError (bad_request) for an unknown name.
Symmetry symmetryFromString(const std::string& name);

struct GenerateOptions {
  Shape shape;
  std::uint32_t seed = 1;
  /// Stop removing givens at this count; 0 = remove all that can go (a minimal
  /// puzzle).
  int targetGivens = 0;
  Symmetry symmetry = Symmetry::kNone;
  /// Limit for each MILP solve, ms (0 = none). A uniqueness check stopped by it
  /// counts as "not unique" (the given is kept).
  int solveTimeLimitMs = 0;
  /// How GLPK completes the grid and decides each uniqueness check (see
  /// completeRandomly): branch-and-bound (a random objective) or the SAT method (any
  /// solution). The checks answer the same either way; the complete grid, and so the
  /// puzzle, differs between the methods, not between runs.
  milp::Method method = milp::Method::kBranchAndBound;
  /// Limit for the final textbook solve that rates the puzzle (GenerateResult::
  /// difficulty), ms; 0 = the solve limit if set, else kDifficultyTimeLimitMs.
  int difficultyTimeLimitMs = 0;
};

/// The default limit of the rating solve, ms: a minimal 16×16 can keep the textbook
/// branch-and-bound busy for minutes (37 s, 3,759 nodes for seed 2), longer than the
/// generation itself.
inline constexpr int kDifficultyTimeLimitMs = 2000;

enum class GeneratePhase {
  kRemoving,  ///< after each removal candidate
  kRating,    ///< once, before the rating solve (GenerateResult::difficulty)
};

struct GenerateProgress {
  GeneratePhase phase = GeneratePhase::kRemoving;
  int checked = 0;  ///< removal candidates (cells or symmetric groups) tried
  int total = 0;    ///< candidates in all
  int givens = 0;   ///< givens the puzzle has now
  /// The puzzle as it stands, valid during the call: in phase kRemoving the givens kept
  /// so far (unique: each removal was checked; what a stop keeps), in phase kRating the
  /// finished puzzle.
  const Grid* puzzle = nullptr;
};

struct GenerateResult {
  Grid puzzle;
  Grid solution;
  /// Every given is needed: removing any one (or, with symmetry, any symmetric
  /// group) makes the solution non-unique.
  bool minimal = false;
  bool targetReached = false;
  int uniquenessChecks = 0;
  double completeMs = 0;  ///< building the full grid, ms
  double totalMs = 0;
  /// How the MILP fared on the final puzzle (textbook model, presolve on,
  /// branch-and-bound, stopped after the rating limit: status kTimeLimit then).
  milp::SolveResult difficulty;
};

/// Called after each removal candidate; return false to stop (the puzzle so far is
/// returned, unique but not necessarily minimal). Called once more, with phase
/// kRating, before the rating solve (its return value is ignored there).
using GenerateCallback = std::function<bool(const GenerateProgress&)>;

/// Generates a puzzle with a unique solution: complete a grid from the seed, then
/// visit cells in a seeded random order and remove each (with its symmetric
/// partners) while the solution stays unique, until the target count is reached.
/// One pass makes the result minimal (uniqueness is monotone: more givens never
/// admit more solutions). Throws InputError(bad_request) for a target outside
/// 0..n².
GenerateResult generate(const GenerateOptions& options, const GenerateCallback& progress = {});

}  // namespace gridmilp::sudoku
