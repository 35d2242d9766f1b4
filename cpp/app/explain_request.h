// gridmilp — the explainInfeasible request: why a Sudoku has no solution.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

#include "app/json.h"
#include "app/request.h"
#include "app/service.h"
#include "app/sudoku_request.h"
#include "milp/model.h"
#include "puzzles/common/explain.h"

namespace gridmilp::app {

/// Solve options whose branch-and-bound progress goes to `progress` with `step` added
/// ("removals", "partial fill"); `progress` and `id` must outlive the options.
milp::SolveOptions withProgress(const milp::SolveOptions& options, const ProgressSink& progress,
                                const Value& id, const char* step);

/// What a removal search takes away, in the words the CLI and the page print
/// ("the fewest givens or cage sums to remove", "no given or cage sum needs to go"): sent
/// as the result's and the removals progress's `removes: {one, many}`, so that no reader
/// chooses them by genre.
struct RemovableWords {
  const char* one;
  const char* many;
};
inline constexpr RemovableWords kGivenWords{"given", "givens"};
inline constexpr RemovableWords kGivenOrCageSumWords{"given or cage sum", "givens or cage sums"};
inline constexpr RemovableWords kClueWords{"clue", "clues"};

/// `{one, many}` of `words`.
Value removesJson(RemovableWords words, JsonAllocator& a);

/// A callback that sends `{phase: "sat", step, bound, elapsedMs}` to `progress` before
/// each feasibility problem of the SAT route (empty without a sink), with `removes`
/// (removesJson) when `removes` is given.
puzzles::BoundCallback boundProgress(const ProgressSink& progress, const Value& id,
                                     const char* step, Clock::time_point start,
                                     const RemovableWords* removes = nullptr);

/// The `removals` object of an explainInfeasible result (protocol.md): status, count,
/// sets (each set as `set_json(set)` writes it), complete, solves, nodes and solveMs, of
/// a search with those fields (puzzles::DropSearch, sudoku::GivenRemovals).
template <class Search, class SetJson>
Value removalsJson(const Search& found, const SetJson& set_json, JsonAllocator& a) {
  Value out(rapidjson::kObjectType);
  out.AddMember("status", staticString(milp::toString(found.first.status)), a);
  if (!found.sets.empty()) {
    out.AddMember("count", static_cast<int>(found.sets.front().size()), a);
    Value sets(rapidjson::kArrayType);
    for (const auto& set : found.sets) sets.PushBack(set_json(set), a);
    out.AddMember("sets", sets, a).AddMember("complete", found.complete, a);
  }
  out.AddMember("solves", found.solves, a)
      .AddMember("nodes", static_cast<std::int64_t>(found.nodes), a)
      .AddMember("solveMs", found.solveMs, a);
  return out;
}

/// What the first solve of a removal search says of the puzzle: proven (the first solve
/// was optimal), solvable (proven, and nothing needs to go), and the result's status
/// (optimal when solvable, infeasible when proven otherwise, else the solve's own).
struct ExplainVerdict {
  bool proven = false;
  bool solvable = false;
  milp::SolveStatus status = milp::SolveStatus::kError;
};

/// The verdict of a search (puzzles::DropSearch, sudoku::GivenRemovals) that found a
/// first set or none.
template <class Search>
ExplainVerdict verdictOf(const Search& found) {
  ExplainVerdict v;
  v.proven = found.first.status == milp::SolveStatus::kOptimal;
  v.solvable = v.proven && found.sets.front().empty();
  v.status = !v.proven    ? found.first.status
             : v.solvable ? milp::SolveStatus::kOptimal
                          : milp::SolveStatus::kInfeasible;
  return v;
}

/// Answers an explainInfeasible request (protocol.md, "explainInfeasible"): the fewest
/// givens to remove and up to `request.limit` sets of that size
/// (sudoku::fewestGivensToRemove), then the largest partial fill that keeps every given
/// (sudoku::largestPartialFill), in the time left, by the route of
/// `request.solve.method`. Streams progress to `progress` with `step` "removals" or
/// "partial fill": branch-and-bound's, or with the SAT method {phase: "sat", bound}
/// before each feasibility problem. Throws InputError for bad input (parse errors) and
/// solver_error when GLPK fails.
Value handleExplainInfeasible(const SudokuRequest& request, const Value& id,
                              const ProgressSink& progress, Clock::time_point start,
                              JsonAllocator& a);

}  // namespace gridmilp::app
