// gridmilp — the explainInfeasible request: why a Sudoku has no solution.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "app/json.h"
#include "app/request.h"
#include "app/service.h"
#include "app/sudoku_request.h"
#include "milp/model.h"
#include "puzzles/common/explain.h"

namespace gridmilp::app {

/// Answers an explainInfeasible request (protocol.md, "explainInfeasible"): the fewest
/// givens to remove and up to `request.limit` sets of that size
/// (sudoku::fewestGivensToRemove), then the largest partial fill that keeps every given
/// (sudoku::largestPartialFill), in the time left, by the route of
/// `request.solve.method`. Streams progress to `progress` with `step` "removals" or
/// "partial fill": branch-and-bound's, or with the SAT method {phase: "sat", bound}
/// before each feasibility problem. Throws InputError for bad input (parse errors) and
/// solver_error when GLPK fails.
/// Solve options whose branch-and-bound progress goes to `progress` with `step` added
/// ("removals", "partial fill"); `progress` and `id` must outlive the options.
milp::SolveOptions withProgress(const milp::SolveOptions& options, const ProgressSink& progress,
                                const Value& id, const char* step);

/// A callback that sends `{phase: "sat", step, bound, elapsedMs}` to `progress` before
/// each feasibility problem of the SAT route (empty without a sink).
puzzles::BoundCallback boundProgress(const ProgressSink& progress, const Value& id,
                                     const char* step, Clock::time_point start);

Value handleExplainInfeasible(const SudokuRequest& request, const Value& id,
                              const ProgressSink& progress, Clock::time_point start,
                              JsonAllocator& a);

}  // namespace gridmilp::app
