// gridmilp — the explainInfeasible request (explain_request.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/explain_request.h"

#include <cstdint>
#include <string>
#include <vector>

#include "milp/glpk_backend.h"
#include "puzzles/sudoku/explain.h"
#include "puzzles/sudoku/text.h"

namespace gridmilp::app {
namespace {

using rapidjson::StringRef;

/// [{row, column, digit}] of a set of givens; digits as symbols.
Value givensJson(const std::vector<sudoku::Given>& set, JsonAllocator& a) {
  Value out(rapidjson::kArrayType);
  for (const sudoku::Given& g : set) {
    Value given(rapidjson::kObjectType);
    given.AddMember("row", g.cell.row, a)
        .AddMember("column", g.cell.column, a)
        .AddMember("digit", symbolString(g.digit, a), a);
    out.PushBack(given, a);
  }
  return out;
}

}  // namespace

milp::SolveOptions withProgress(const milp::SolveOptions& options, const ProgressSink& progress,
                                const Value& id, const char* step) {
  milp::SolveOptions out = options;
  if (progress) {
    out.onProgress = [&progress, &id, step](const milp::SolveProgress& p) {
      rapidjson::Document message;
      Value body = branchAndBoundProgress(p, message.GetAllocator());
      body.AddMember("step", StringRef(step), message.GetAllocator());
      sendProgress(progress, id, message, body);
      return true;
    };
  }
  return out;
}

Value removesJson(RemovableWords words, JsonAllocator& a) {
  Value out(rapidjson::kObjectType);
  out.AddMember("one", StringRef(words.one), a).AddMember("many", StringRef(words.many), a);
  return out;
}

puzzles::BoundCallback boundProgress(const ProgressSink& progress, const Value& id,
                                     const char* step, Clock::time_point start,
                                     const RemovableWords* removes) {
  if (!progress) return {};
  return [&progress, &id, step, start, removes](int bound) {
    rapidjson::Document message;
    JsonAllocator& m = message.GetAllocator();
    Value body(rapidjson::kObjectType);
    body.AddMember("phase", "sat", m)
        .AddMember("step", StringRef(step), m)
        .AddMember("bound", bound, m)
        .AddMember("elapsedMs", msSince(start), m);
    if (removes != nullptr) body.AddMember("removes", removesJson(*removes, m), m);
    sendProgress(progress, id, message, body);
  };
}

// [[gnu::noinline]]: kept out of handleSudokuRequest (service.cpp says why).
[[gnu::noinline]] Value handleExplainInfeasible(const SudokuRequest& request, const Value& id,
                                                const ProgressSink& progress,
                                                Clock::time_point start, JsonAllocator& a) {
  const sudoku::Grid givens = sudoku::parseOne(*request.puzzle, request.parse);
  const sudoku::GivenRemovals removals = sudoku::fewestGivensToRemove(
      givens, request.limit, withProgress(request.solve, progress, id, "removals"),
      boundProgress(progress, id, "removals", start, &kGivenWords));
  requireSolverOk(removals.first);

  Value removal = removalsJson(
      removals, [&](const auto& set) { return givensJson(set, a); }, a);
  if (!removals.sets.empty()) {
    removal.AddMember("completion", jsonString(removals.completion->toLine(), a), a);
  }
  // Whether the puzzle has a solution: known when the first solve was proven optimal.
  const auto [proven, solvable, status] = verdictOf(removals);

  Value result(rapidjson::kObjectType);
  result.AddMember("status", staticString(milp::toString(status)), a)
      .AddMember("method", staticString(milp::toString(request.solve.method)), a);
  putShape(result, givens.shape, a);
  result.AddMember("givens", jsonString(givens.toLine(), a), a)
      .AddMember("solvable", proven ? Value(solvable) : Value(), a)
      .AddMember("removes", removesJson(kGivenWords, a), a)
      .AddMember("removals", removal, a);

  // The largest partial fill, in the time left, when the puzzle has no solution (for a
  // solvable one it would be the solution, already in removals.completion).
  if (!solvable && removals.first.status != milp::SolveStatus::kCancelled) {
    const milp::SolveOptions rest =
        milp::withTimeLeft(withProgress(request.solve, progress, id, "partial fill"), start);
    const sudoku::PartialFill fill = sudoku::largestPartialFill(
        givens, rest, boundProgress(progress, id, "partial fill", start));
    Value partial(rapidjson::kObjectType);
    if (fill.clash) {
      const sudoku::Conflict& c = *fill.clash;
      Value cells(rapidjson::kArrayType);
      for (const CellRef& cell : {c.first, c.second}) {
        Value at(rapidjson::kArrayType);
        at.PushBack(cell.row, a).PushBack(cell.column, a);
        cells.PushBack(at, a);
      }
      Value clash(rapidjson::kObjectType);
      clash.AddMember("digit", symbolString(c.value, a), a)
          .AddMember("unit", jsonString(c.unit, a), a)
          .AddMember("cells", cells, a);
      partial.AddMember("status", staticString(milp::toString(milp::SolveStatus::kInfeasible)), a)
          .AddMember("clash", clash, a);
    } else {
      requireSolverOk(fill.result);
      const bool full = fill.result.hasSolution;
      partial.AddMember("status", staticString(milp::toString(fill.result.status)), a);
      if (fill.grid) {
        Value empty(rapidjson::kArrayType);
        const int n = givens.shape.size();
        for (int r = 0; r < n; ++r) {
          for (int c = 0; c < n; ++c) {
            if (fill.grid->at(r, c) != 0) continue;
            Value at(rapidjson::kArrayType);
            at.PushBack(r + 1, a).PushBack(c + 1, a);
            empty.PushBack(at, a);
          }
        }
        partial.AddMember("grid", jsonString(fill.grid->toLine(), a), a)
            .AddMember("placed", fill.placed, a)
            .AddMember("empty", empty, a)
            .AddMember("solution", full, a);
      }
      partial.AddMember("nodes", static_cast<std::int64_t>(fill.result.stats.nodes), a)
          .AddMember("solveMs", fill.result.stats.solveMs, a);
    }
    result.AddMember("partialFill", partial, a);
  }
  result.AddMember("totalMs", msSince(start), a);
  return result;
}

}  // namespace gridmilp::app
