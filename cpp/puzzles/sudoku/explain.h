// gridmilp — "why is there no solution?": two MILPs that explain an unsolvable Sudoku.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// (a) The fewest givens to remove. Binary x[r,c,d] with the textbook rows (each cell,
//     row, column and box holds each digit once, model.h) and binary keep[r,c] for each
//     given g at (r, c):
//       given[r,c]:  x[r,c,g] - keep[r,c] >= 0          (a kept given is in the grid)
//       maximise     sum keep[r,c]                      (keep as many givens as possible)
//     Every puzzle has an optimum (removing every given leaves a grid to complete), and
//     the givens with keep = 0 are a smallest set whose removal makes the puzzle
//     solvable. Another set of the same size is found by re-solving with
//       fewest:    sum keep >= K                        (K = the optimum)
//       other[j]:  sum_{g in set j} keep[g] >= 1        (for each set j found so far)
//     since a different set of the same size must keep one given of every set before
//     it; the MILP becomes infeasible when there is none.
// (b) The largest partial fill that keeps every given: the packing model (model.h),
//     maximise the digits placed with every row "at most once".
//
// Each is solved either as that one MILP by branch-and-bound, or, with the SAT method,
// as a sequence of feasibility problems over the same rows that CNF-SAT decides:
//  (a) keep at least K givens, for K = every given, one fewer, …; the first K with a
//      solution is the optimum, since K + 1 had none;
//  (b) a first fill F by branch-and-bound stopped at its first incumbent, then place at
//      least F + 1, F + 2, … digits until that is infeasible, which proves the last
//      fill largest. "At least T digits" is stated as "at most n² − T empty cells" with
//      an empty-cell binary e[r,c] per cell (Σ_d x[r,c,d] + e[r,c] = 1): a short
//      "at most a few" row that CNF encodes compactly, where Σ x ≥ T over n³ binaries
//      needs long adder circuits (top95: median 279 → 26 ms, max 981 → 121 ms).
// The same answers (scripts/bench-explain.mjs, docs/performance.md): on 16×16, CNF-SAT
// proved (a) in 20–40 ms and (b) in 1–10 s, where branch-and-bound proved neither in
// 20 s; a limit leaves the best fill found.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "milp/glpk_backend.h"
#include "puzzles/common/explain.h"
#include "puzzles/sudoku/grid.h"

namespace gridmilp::sudoku {

/// A given of a puzzle: its cell (1-based) and digit.
struct Given {
  CellRef cell;
  int digit = 0;
};

/// Called by the SAT route before each feasibility problem with its bound: the givens it
/// must keep (a), or the digits it must place (b). Must not throw.
using BoundCallback = puzzles::BoundCallback;

/// What (a) found.
struct GivenRemovals {
  /// The first solve, which maximised the givens kept: kOptimal when the first set is
  /// proven smallest; kFeasible, kTimeLimit or kCancelled when a limit stopped GLPK (the
  /// first set, if any, is then the smallest found so far, not proven).
  milp::SolveResult first;
  /// Sets of givens whose removal makes the puzzle solvable, all of the first's size, in
  /// the order found, each in row-major order. Empty when the first solve found none; a
  /// single empty set when the puzzle is solvable as it stands.
  std::vector<std::vector<Given>> sets;
  /// The puzzle without sets[0], solved (a grid that keeps every other given).
  std::optional<Grid> completion;
  /// true: `sets` holds every set of that size (a re-solve was infeasible); false: the
  /// limit was reached, or a re-solve was stopped, before that was known.
  bool complete = false;
  int solves = 0;
  double solveMs = 0;  ///< inside GLPK, all solves, ms
  int nodes = 0;       ///< branch-and-bound nodes, all solves
};

/// Finds the fewest givens of `givens` to remove (a) and up to `limit` sets of that size
/// (limit >= 1; the first is found even when limit is 1, and `complete` then tells
/// whether it is the only one only after a second solve, which limit 1 skips).
/// `options` applies to each solve, except that its time limit is the whole call's (the
/// solves share it); options.onProgress returning false stops the call (status
/// kCancelled on the solve it stopped). options.method chooses the route (above). The
/// givens may clash (two 5s in a row): that is one reason to remove a given. Throws
/// InputError(bad_request) for limit < 1.
GivenRemovals fewestGivensToRemove(const Grid& givens, int limit, const milp::SolveOptions& options,
                                   const BoundCallback& on_bound = {});

/// What (b) found.
struct PartialFill {
  milp::SolveResult result;  ///< of the packing model (kOptimal: the fill is largest)
  /// The fill: every given and as many digits as fit, 0 in the cells left empty. A
  /// solution when the puzzle has one (no cell empty). Empty when the givens clash or a
  /// limit stopped GLPK before any fill.
  std::optional<Grid> grid;
  int placed = 0;  ///< digits in `grid`, givens included
  /// Two equal givens in one unit: no fill keeps both, so (b) has no answer.
  std::optional<Conflict> clash;
};

/// The largest partial fill of `givens` (b), with the packing model, by either route
/// (options.method, above); `result.status` is kOptimal when the fill is proven largest.
PartialFill largestPartialFill(const Grid& givens, const milp::SolveOptions& options,
                               const BoundCallback& on_bound = {});

}  // namespace gridmilp::sudoku
