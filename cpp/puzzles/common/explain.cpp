// gridmilp — "why is there no solution?" searches (explain.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/common/explain.h"

#include <chrono>
#include <cmath>
#include <string>

#include "puzzles/input_error.h"

namespace gridmilp::puzzles {

DropSearch fewestToDrop(milp::Model& m, const std::vector<milp::Var>& keep, int limit,
                        const milp::SolveOptions& options, const BoundCallback& on_bound,
                        const std::function<void()>& on_first, const SolveFunction& solve_with) {
  if (limit < 1) throw badRequest("limit", "Field 'limit' must be at least 1");
  const bool sat = options.method == milp::Method::kSat;
  const auto start = std::chrono::steady_clock::now();
  DropSearch out;
  auto solve = [&]() {
    const milp::SolveOptions left = milp::withTimeLeft(options, start);
    const milp::SolveResult result = solve_with ? solve_with(left) : m.solve(left);
    ++out.solves;
    out.solveMs += result.stats.solveMs;
    out.nodes += result.stats.nodes;
    return result;
  };
  auto dropped = [&]() {
    std::vector<int> set;
    for (std::size_t k = 0; k < keep.size(); ++k) {
      if (m.value(keep[k]) < 0.5) set.push_back(static_cast<int>(k));
    }
    return set;
  };
  const int total = static_cast<int>(keep.size());
  milp::LinExpr all_kept;
  for (const milp::Var k : keep) all_kept += k;
  m.maximize(all_kept);
  if (sat) {
    // Keep at least K givens, for K = all of them, one fewer, …
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
  out.sets.push_back(dropped());
  if (on_first) on_first();
  if (out.first.status != milp::SolveStatus::kOptimal) return out;  // not proven fewest
  if (out.sets.front().empty()) {  // solvable as it stands: nothing else is as small
    out.complete = true;
    return out;
  }
  // Other sets of the same size: keep K givens (the SAT route has that row already),
  // and one of every set found so far.
  if (!sat) m.addConstraint(all_kept >= std::round(out.first.objective), "fewest");
  while (static_cast<int>(out.sets.size()) < limit) {
    milp::LinExpr one_of;
    for (const int k : out.sets.back()) one_of += keep[static_cast<std::size_t>(k)];
    m.addConstraint(one_of >= 1, "other[" + std::to_string(out.sets.size()) + "]");
    const milp::SolveResult next = solve();
    if (next.status == milp::SolveStatus::kInfeasible) {
      out.complete = true;
      return out;
    }
    if (!next.hasSolution) return out;  // stopped: unknown whether more exist
    out.sets.push_back(dropped());
  }
  return out;
}

FillSearch largestFill(milp::Model& m, const std::vector<std::vector<milp::Var>>& cells,
                       const milp::SolveOptions& options, const BoundCallback& on_bound,
                       const std::function<void()>& on_fill) {
  const auto start = std::chrono::steady_clock::now();
  FillSearch out;
  const int total = static_cast<int>(cells.size());
  auto placedNow = [&]() {
    int placed = 0;
    for (const auto& digits : cells) {
      for (const milp::Var x : digits) placed += m.value(x) > 0.5 ? 1 : 0;
    }
    return placed;
  };
  if (options.method != milp::Method::kSat) {
    out.result = m.solve(milp::withTimeLeft(options, start));
    if (out.result.hasSolution) {
      out.placed = placedNow();
      if (on_fill) on_fill();
    }
    return out;
  }
  // A first fill by branch-and-bound stopped at its first incumbent (the packing LP is
  // nearly integral: GLPK finds one at once).
  milp::SolveOptions first = milp::withTimeLeft(options, start);
  first.method = milp::Method::kBranchAndBound;
  first.mipGap = 1e9;  // any incumbent will do
  milp::SolveResult result = m.solve(first);
  out.result = result;
  if (!result.hasSolution) return out;
  out.placed = placedNow();
  if (on_fill) on_fill();
  // "At least T digits" as "at most N − T empty cells" (explain.h).
  milp::LinExpr empties;
  for (int i = 0; i < total; ++i) {
    const milp::Var e = m.addBinary("e[" + std::to_string(i + 1) + "]");
    milp::LinExpr filled(e);
    for (const milp::Var x : cells[static_cast<std::size_t>(i)]) filled += x;
    m.addConstraint(filled == 1, "filled[" + std::to_string(i + 1) + "]");
    empties += e;
  }
  const milp::Constraint at_least = m.addConstraint(empties <= total - out.placed - 1, "placed");
  double solve_ms = result.stats.solveMs;
  while (out.placed < total) {
    m.setRhs(at_least, total - out.placed - 1);
    if (on_bound) on_bound(out.placed + 1);
    result = m.solve(milp::withTimeLeft(options, start));
    solve_ms += result.stats.solveMs;
    if (!result.hasSolution) break;
    out.placed = placedNow();
    if (on_fill) on_fill();
  }
  out.result = result;
  out.result.stats.solveMs = solve_ms;
  out.result.objective = out.placed;
  // Proven largest when the last problem was infeasible, or the fill is full.
  if (out.placed == total || result.status == milp::SolveStatus::kInfeasible) {
    out.result.status = milp::SolveStatus::kOptimal;
  }
  out.result.hasSolution = true;
  return out;
}

}  // namespace gridmilp::puzzles
