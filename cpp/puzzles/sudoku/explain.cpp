// gridmilp — "why is there no solution?" (explain.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/sudoku/explain.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>
#include <vector>

#include "puzzles/input_error.h"
#include "puzzles/sudoku/model.h"
#include "puzzles/sudoku/solver.h"

namespace gridmilp::sudoku {
namespace {

using Clock = std::chrono::steady_clock;

/// The removal MILP of explain.h (a): the textbook rows over every cell, keep[r,c] per
/// given, and "maximise the givens kept".
struct RemovalModel {
  milp::Model model;
  milp::VarFamily x;
  std::vector<Given> givens;    ///< row-major
  std::vector<milp::Var> keep;  ///< keep[k] for givens[k]
};

void buildRemovalModel(const Grid& grid, RemovalModel* out) {
  const int n = grid.shape.size();
  milp::Model& m = out->model;
  const milp::IndexRange one_to_n{1, n};
  out->x = m.addVars("x", {one_to_n, one_to_n, one_to_n}, milp::VarType::kBinary, 0, 1);
  const milp::VarFamily& x = out->x;
  // The textbook rules (model.h), one block each.
  for (int r = 1; r <= n; ++r) {
    for (int c = 1; c <= n; ++c) {
      milp::LinExpr digits;
      for (int d = 1; d <= n; ++d) digits += x(r, c, d);
      m.addConstraint(digits == 1, "cell[" + std::to_string(r) + "," + std::to_string(c) + "]");
    }
  }
  for (int r = 1; r <= n; ++r) {
    for (int d = 1; d <= n; ++d) {
      milp::LinExpr places;
      for (int c = 1; c <= n; ++c) places += x(r, c, d);
      m.addConstraint(places == 1, "row[" + std::to_string(r) + "," + std::to_string(d) + "]");
    }
  }
  for (int c = 1; c <= n; ++c) {
    for (int d = 1; d <= n; ++d) {
      milp::LinExpr places;
      for (int r = 1; r <= n; ++r) places += x(r, c, d);
      m.addConstraint(places == 1, "column[" + std::to_string(c) + "," + std::to_string(d) + "]");
    }
  }
  const int bh = grid.shape.boxHeight;
  const int bw = grid.shape.boxWidth;
  for (int b = 0; b < n; ++b) {
    const int top = (b / (n / bw)) * bh;  // boxes row by row: n / bw boxes per band
    const int left = (b % (n / bw)) * bw;
    for (int d = 1; d <= n; ++d) {
      milp::LinExpr places;
      for (int r = top; r < top + bh; ++r) {
        for (int c = left; c < left + bw; ++c) places += x(r + 1, c + 1, d);
      }
      m.addConstraint(places == 1, "box[" + std::to_string(b + 1) + "," + std::to_string(d) + "]");
    }
  }
  // A kept given is in the grid; keep as many as possible.
  milp::LinExpr kept;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int g = grid.at(r, c);
      if (g == 0) continue;
      const std::string at = std::to_string(r + 1) + "," + std::to_string(c + 1);
      const milp::Var k = m.addBinary("keep[" + at + "]");
      m.addConstraint(milp::LinExpr(x(r + 1, c + 1, g)) - k >= 0, "given[" + at + "]");
      out->givens.push_back(Given{CellRef{r + 1, c + 1}, g});
      out->keep.push_back(k);
      kept += k;
    }
  }
  m.maximize(kept);
}

/// The options of the next solve: the time left of the call's limit (at least 1 ms).
milp::SolveOptions remaining(const milp::SolveOptions& options, Clock::time_point start) {
  milp::SolveOptions next = options;
  if (options.timeLimitMs > 0) {
    const double spent = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    next.timeLimitMs = std::max(1, options.timeLimitMs - static_cast<int>(std::ceil(spent)));
  }
  return next;
}

}  // namespace

GivenRemovals fewestGivensToRemove(const Grid& givens, int limit, const milp::SolveOptions& options,
                                   const BoundCallback& on_bound) {
  if (limit < 1) throw badRequest("limit", "Field 'limit' must be at least 1");
  const bool sat = options.method == milp::Method::kSat;
  const auto start = Clock::now();
  RemovalModel removal;
  buildRemovalModel(givens, &removal);
  milp::Model& m = removal.model;
  GivenRemovals out;
  auto solve = [&]() {
    const milp::SolveResult result = m.solve(remaining(options, start));
    ++out.solves;
    out.solveMs += result.stats.solveMs;
    out.nodes += static_cast<int>(result.stats.nodes);
    return result;
  };
  auto removedSet = [&]() {
    std::vector<Given> set;
    for (std::size_t k = 0; k < removal.givens.size(); ++k) {
      if (m.value(removal.keep[k]) < 0.5) set.push_back(removal.givens[k]);
    }
    return set;
  };
  const int total = static_cast<int>(removal.keep.size());
  milp::LinExpr all_kept;
  for (const milp::Var k : removal.keep) all_kept += k;
  if (sat) {
    // The same MILP as a sequence of feasibility problems (CNF-SAT finds any solution):
    // keep at least K givens, for K = all of them, one fewer, … The first K with a
    // solution is the optimum, since K + 1 was infeasible (or K is all).
    const milp::Constraint fewest = m.addConstraint(all_kept >= total, "fewest");
    for (int kept = total;; --kept) {
      m.setRhs(fewest, kept);
      if (on_bound) on_bound(kept);
      out.first = solve();
      if (out.first.status != milp::SolveStatus::kInfeasible || kept == 0) {
        if (out.first.hasSolution) {
          out.first.status = milp::SolveStatus::kOptimal;  // proven: K + 1 had none
          out.first.objective = kept;
        }
        break;
      }
    }
  } else {
    out.first = solve();
  }
  if (!out.first.hasSolution) return out;
  out.sets.push_back(removedSet());
  Grid completion(givens.shape);
  const int n = givens.shape.size();
  for (int r = 1; r <= n; ++r) {
    for (int c = 1; c <= n; ++c) {
      for (int d = 1; d <= n; ++d) {
        if (m.value(removal.x(r, c, d)) > 0.5) completion.at(r - 1, c - 1) = d;
      }
    }
  }
  out.completion = completion;
  if (out.first.status != milp::SolveStatus::kOptimal) return out;  // not proven fewest
  if (out.sets.front().empty()) {  // solvable as it stands: nothing else is as small
    out.complete = true;
    return out;
  }
  // Other sets of the same size: keep K givens (the SAT route has that row already),
  // and one of every set found so far.
  if (!sat) m.addConstraint(all_kept >= std::round(out.first.objective), "fewest");
  std::vector<int> index_of(static_cast<std::size_t>(n * n), -1);
  for (std::size_t k = 0; k < removal.givens.size(); ++k) {
    const CellRef cell = removal.givens[k].cell;
    index_of[static_cast<std::size_t>((cell.row - 1) * n + cell.column - 1)] = static_cast<int>(k);
  }
  while (static_cast<int>(out.sets.size()) < limit) {
    milp::LinExpr one_of;
    for (const Given& g : out.sets.back()) {
      one_of += removal.keep[static_cast<std::size_t>(
          index_of[static_cast<std::size_t>((g.cell.row - 1) * n + g.cell.column - 1)])];
    }
    m.addConstraint(one_of >= 1, "other[" + std::to_string(out.sets.size()) + "]");
    const milp::SolveResult next = solve();
    if (next.status == milp::SolveStatus::kInfeasible) {
      out.complete = true;
      return out;
    }
    if (!next.hasSolution) return out;  // stopped: unknown whether more exist
    out.sets.push_back(removedSet());
  }
  return out;
}

PartialFill largestPartialFill(const Grid& givens, const milp::SolveOptions& options,
                               const BoundCallback& on_bound) {
  PartialFill out;
  out.clash = findConflict(givens);
  if (out.clash) return out;
  const int cells = givens.shape.cells();
  if (options.method == milp::Method::kSat) {
    // A fill first, by branch-and-bound stopped at its first incumbent (GLPK finds one
    // at once: the LP is nearly integral); then the packing model as feasibility
    // problems for CNF-SAT: place at least T digits, for T = that fill + 1, + 2, … until
    // none exists, which proves the last fill largest. A limit that stops the proof
    // leaves the best fill found.
    const auto start = Clock::now();
    const auto packing = buildModel(givens, ModelKind::kPacking);
    milp::SolveOptions first = remaining(options, start);
    first.method = milp::Method::kBranchAndBound;
    first.mipGap = 1e9;  // any incumbent will do
    milp::SolveResult result = packing->model.solve(first);
    out.result = result;
    if (!result.hasSolution) return out;
    int best = static_cast<int>(std::lround(result.objective));
    out.grid = decodeSolution(*packing);
    out.placed = best;
    // "At least T digits" as "at most n² − T empty cells": an empty-cell binary e[r,c]
    // per cell with Σ_d x[r,c,d] + e[r,c] = 1, and Σ e ≤ n² − T. The same fills, but the
    // bound is a short "at most a few" row over n² binaries, which CNF encodes far more
    // compactly than a sum of n³ binaries reaching nearly n².
    const int n = givens.shape.size();
    milp::Model& m = packing->model;
    const milp::IndexRange one_to_n{1, n};
    const milp::VarFamily empty =
        m.addVars("e", {one_to_n, one_to_n}, milp::VarType::kBinary, 0, 1);
    milp::LinExpr empties;
    for (int r = 1; r <= n; ++r) {
      for (int c = 1; c <= n; ++c) {
        milp::LinExpr filled(empty(r, c));
        for (int d = 1; d <= n; ++d) filled += packing->x(r, c, d);
        m.addConstraint(filled == 1, "filled[" + std::to_string(r) + "," + std::to_string(c) + "]");
        empties += empty(r, c);
      }
    }
    const milp::Constraint at_least = m.addConstraint(empties <= cells - best - 1, "placed");
    double solve_ms = result.stats.solveMs;
    while (best < cells) {
      packing->model.setRhs(at_least, cells - best - 1);
      if (on_bound) on_bound(best + 1);
      result = packing->model.solve(remaining(options, start));
      solve_ms += result.stats.solveMs;
      if (!result.hasSolution) break;
      out.grid = decodeSolution(*packing);
      best = out.grid->givenCount();
      out.placed = best;
    }
    out.result = result;
    out.result.stats.solveMs = solve_ms;
    out.result.objective = best;
    // Proven largest when the last problem was infeasible, or the fill is full.
    if (best == cells || result.status == milp::SolveStatus::kInfeasible) {
      out.result.status = milp::SolveStatus::kOptimal;
    }
    out.result.hasSolution = best == cells;  // a solution, not only a fill
    return out;
  }
  SudokuSolver solver(givens, std::nullopt, ModelKind::kPacking);
  out.result = solver.solve(options);
  if (out.result.hasSolution) {
    out.grid = solver.solution();
  } else if (solver.partial()) {
    out.grid = *solver.partial();
    // The packing solve says "infeasible" for the puzzle; for the fill it is optimal.
    if (out.result.status == milp::SolveStatus::kInfeasible) {
      out.result.status = milp::SolveStatus::kOptimal;
    }
  }
  if (out.grid) out.placed = out.grid->givenCount();
  return out;
}

}  // namespace gridmilp::sudoku
