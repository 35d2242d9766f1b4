// gridmilp — the request/response service (cpp/app/protocol.md).
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Used alike by the WASM module, the native CLI and the tests. Requests and
// responses are JSON objects; handleRequest never throws and never lets a bad
// request or a GLPK failure escape as anything but an error response.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "app/json.h"
#include "milp/model.h"
#include "protocol/vocabulary.h"
#include "puzzles/sudoku/grid.h"
#include "puzzles/sudoku/solver.h"
#include "puzzles/sudoku/text.h"

namespace gridmilp::app {

/// Protocol version (protocol.md).
inline constexpr int kProtocolVersion = vocabulary::kProtocolVersion;
/// gridmilp's own version.
inline constexpr const char* kVersion = "0.1.0";

/// Receives progress messages `{"id": ..., "progress": {...}}` (a JSON object; writeJson
/// gives its text) during long requests (solve, enumerate, generate). Called on the
/// requesting thread, between solves; the message lives until the call returns.
using ProgressSink = std::function<void(const rapidjson::Value& message)>;

/// Handles one JSON request (text) and returns the JSON response (text). Never
/// throws: malformed JSON gives a bad_request error response with id null whose
/// message names the line and column ("The request is not valid JSON: line 1,
/// column 2: ..."). `progress` (optional) gets the progress messages of long requests.
std::string handleRequest(std::string_view request_json, const ProgressSink& progress = {});

/// The same on parsed JSON: the response `{"id", "result"}` or `{"id", "error"}` as a
/// Document (it owns its values). Never throws.
rapidjson::Document handle(const rapidjson::Value& request, const ProgressSink& progress = {});

/// The outcome of solving one Sudoku.
struct SolveOutcome {
  sudoku::Grid givens;
  std::optional<sudoku::CellObjective> objective;
  sudoku::ModelKind kind = sudoku::ModelKind::kTextbook;
  sudoku::Reduction reduction;
  bool decidedByReduction = false;
  /// The method the request chose: what stats.method says when the reduction decided
  /// the puzzle and GLPK did not run.
  milp::Method method = milp::Method::kBranchAndBound;
  /// Names of the variables of result.branching, in the same order.
  std::vector<std::string> branchVariables;
  std::optional<sudoku::Grid> solution;
  /// The packing model without a solution: the largest fill found (0 in empty cells).
  std::optional<sudoku::Grid> partial;
  milp::SolveResult result;
  double buildMs = 0;  ///< model construction, ms
  double totalMs = 0;  ///< the whole call, ms
};

/// Solves one puzzle with the given model (default: the textbook model, as in the
/// protocol) and the objective, if any. options.timeLimitMs bounds the whole call:
/// GLPK gets what the model's construction left of it (at least 1 ms). Throws
/// InputError: conflicting_givens (two equal givens in a unit, both cells named),
/// bad_request (objective of the wrong size) or solver_error (GLPK failed; the
/// message is GLPK's; the backend stays usable).
SolveOutcome solveSudoku(const sudoku::Grid& givens, const milp::SolveOptions& options,
                         const std::optional<sudoku::CellObjective>& objective = {},
                         sudoku::ModelKind kind = sudoku::ModelKind::kTextbook);

/// The `result` object of a solve response (protocol.md), its values allocated from
/// `allocator`; `explain` adds the lists of the reduction's fixings and eliminations
/// (options.explain); `reduction` false leaves the reduction's counts out (a batch's
/// request, "reduction": false).
rapidjson::Value toJson(const SolveOutcome& outcome, JsonAllocator& allocator, bool explain = false,
                        bool reduction = true);

/// The `stats` object of a solve (protocol.md): sizes, nodes, iterations, root LP
/// integrality, bound and gap, times in ms (buildMs/totalMs when >= 0).
rapidjson::Value statsJson(const milp::SolveResult& result, JsonAllocator& allocator,
                           double build_ms = -1, double total_ms = -1);

/// The `reduction` object of a response: what the model kind left out of the
/// textbook model ({model, candidatesRemoved, rowsRemoved, nakedSingles,
/// hiddenSingles, lockedCandidates, nakedPairs, hiddenPairs, probing, contradiction}, and with
/// `explain` the lists fixings: [{row, column, value, rule, unit}] and eliminations:
/// [{rule, removed, detail}]).
rapidjson::Value reductionJson(sudoku::ModelKind kind, const sudoku::Reduction& reduction,
                               JsonAllocator& allocator, bool explain = false);

/// An error object {code, message, where?} for an InputError.
rapidjson::Value toJson(const InputError& error, JsonAllocator& allocator);

/// An entry of `parse`'s `refused` (protocol.md): {name, line, lines, error, genre?}.
rapidjson::Value toJson(const RefusedRecord& left, JsonAllocator& allocator);

}  // namespace gridmilp::app
