// gridmilp — "why is there no solution?" for any puzzle whose givens are binaries of a
// MILP: the fewest givens to drop, and the largest partial fill.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Two searches over a MILP the caller built (sudoku/explain.h for Sudoku, the digit
// genres in digits.h), each by branch-and-bound as one maximisation, or, with the SAT
// method, as a sequence of feasibility problems over the same rows that CNF-SAT decides:
//
// (a) fewestToDrop: the model has the puzzle's rules without its givens, and one binary
//     keep[k] per given k with a row saying a kept given holds (for the clue genres:
//     each clue's rule switched by its keep, clues.h). Maximise Σ keep; with
//     the SAT method: keep at least K, for K = every given, one fewer, …, the first K
//     with a solution being the optimum, since K + 1 had none. Other sets of the same
//     size come from re-solving with Σ keep ≥ K and, for each set j found so far,
//     Σ_{k in set j} keep[k] ≥ 1 (a different set of that size keeps one given of every
//     set before it); none is left when that is infeasible.
// (b) largestFill: the packing model (every rule "at most once", givens fixed, the
//     objective Σ x over the placement binaries x[r,c,d]). With the SAT method: a first
//     fill by branch-and-bound stopped at its first incumbent, then "at most N − T empty
//     cells" with an empty-cell binary e[cell] per cell (Σ_d x[cell,d] + e[cell] = 1) for
//     T = that fill + 1, + 2, … until infeasible, which proves the last fill largest. A
//     short "at most a few" row is what CNF encodes compactly; Σ x ≥ T over every x
//     would need long adder circuits (Sudoku top95: median 279 → 26 ms).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "milp/model.h"

namespace gridmilp::puzzles {

/// Called before each feasibility problem of the SAT route with its bound: K givens
/// kept, or T digits placed.
using BoundCallback = std::function<void(int bound)>;

/// Solves the model once as fewestToDrop asks; a genre that re-solves with cuts (its
/// connectivity rule) passes one that loops until the solution breaks no rule
/// (search.h, solveWithCuts); its cuts stay in the model for the solves after.
using SolveFunction = std::function<milp::SolveResult(const milp::SolveOptions&)>;

/// What fewestToDrop found.
struct DropSearch {
  /// The first solve (the SAT route's last feasibility problem, marked kOptimal when
  /// it proved the optimum; its objective is then the givens kept).
  milp::SolveResult first;
  /// Each set of givens to drop, as indices into `keep`, in the order found; the first
  /// is read from the model's solution of the first solve (empty: drop nothing).
  std::vector<std::vector<int>> sets;
  /// True when `sets` holds every set of that size (the last re-solve was infeasible).
  bool complete = false;
  int solves = 0;
  double solveMs = 0;  ///< GLPK's time in every solve, ms
  std::int64_t nodes = 0;
};

/// The fewest givens to drop (a): `model` holds the rules and the rows tying each
/// keep[k] to its given; this sets the objective "maximise Σ keep" and adds rows
/// "fewest" and "other[j]". `on_first` is called while the model holds the first
/// solution (to read it: a completion of the puzzle without the first set). `limit`
/// (≥ 1) bounds the sets listed. options.timeLimitMs bounds the whole search. Each
/// solve is model.solve, or `solve_with` when given.
DropSearch fewestToDrop(milp::Model& model, const std::vector<milp::Var>& keep, int limit,
                        const milp::SolveOptions& options, const BoundCallback& on_bound,
                        const std::function<void()>& on_first,
                        const SolveFunction& solve_with = {});

/// What largestFill found.
struct FillSearch {
  /// The last solve, with solveMs summed over every solve; status kOptimal when the
  /// fill is proven largest (also when it fills every cell), objective the digits
  /// placed, hasSolution when a fill was found.
  milp::SolveResult result;
  int placed = 0;  ///< digits placed by the best fill (givens included)
};

/// The largest partial fill (b): `model` is the packing model, `cells[i]` the
/// placement binaries of cell i (its x[r,c,·]). `on_fill` is called while the model
/// holds each better fill (to read it). options.timeLimitMs bounds the whole search; a
/// limit keeps the best fill found.
FillSearch largestFill(milp::Model& model, const std::vector<std::vector<milp::Var>>& cells,
                       const milp::SolveOptions& options, const BoundCallback& on_bound,
                       const std::function<void()>& on_fill);

}  // namespace gridmilp::puzzles
