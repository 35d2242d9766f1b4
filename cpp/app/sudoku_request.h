// gridmilp — a Sudoku request of the protocol, decoded once into types.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/json.h"
#include "milp/glpk_backend.h"
#include "puzzles/sudoku/model.h"
#include "puzzles/sudoku/solver.h"
#include "puzzles/sudoku/text.h"

namespace gridmilp::app {

/// The request types of the Sudoku route (protocol.md).
enum class SudokuRequestType {
  kParse,
  kSolve,
  kRelax,
  kExportModel,
  kCheckUniqueness,
  kEnumerate,
  kComplete,
  kGenerate,
  kExplainInfeasible,
};

/// A request's objective (protocol.md, "solve"): a preset, or weights with a sense. The
/// cell weights of a preset follow from the puzzle's shape (`cellObjective`).
struct ObjectiveRequest {
  enum class Kind { kWeights, kDiagonal, kFirstRow };
  Kind kind = Kind::kWeights;
  milp::ObjectiveSense sense = milp::ObjectiveSense::kMaximize;
  /// kWeights: the weights as sent, flattened row by row (n·n expected).
  std::vector<double> weights;

  /// The cell objective for a puzzle of `shape`. Throws InputError (bad_request) for the
  /// firstRow preset above 12×12 (sudoku::firstRowObjective).
  sudoku::CellObjective cellObjective(sudoku::Shape shape) const;
};

/// The request's "objective" ({"preset": "diagonal"|"firstRow"} or {"sense":
/// "maximize"|"minimize", "weights": numbers, flat or as rows}), or nothing when absent
/// or null. Throws InputError (bad_request) naming the field at fault. Shared by the
/// Sudoku route and the digit genres' route.
std::optional<ObjectiveRequest> objectiveOf(const rapidjson::Value& request);

/// Every field a Sudoku request may carry, decoded and checked once
/// (`decodeSudokuRequest`); the handlers read only this, never the JSON. Fields a type
/// does not use keep their defaults.
struct SudokuRequest {
  SudokuRequestType type = SudokuRequestType::kSolve;
  /// "puzzle" (solve, relax, exportModel, checkUniqueness, enumerate; optional for
  /// complete) or "text" (parse).
  std::optional<std::string> puzzle;
  /// "size", "boxHeight", "boxWidth", "symbols".
  sudoku::ParseOptions parse;
  /// "options" and "debug": timeLimitMs, presolve, branching, backtracking, method,
  /// recordBranching, progressIntervalMs (ms, default 50), debug.forceGlpkError.
  milp::SolveOptions solve;
  /// Whether "options.method" was given (generate and explainInfeasible use CNF-SAT
  /// unless told).
  bool methodGiven = false;
  /// "options.model" (default textbook).
  sudoku::ModelKind model = sudoku::ModelKind::kTextbook;
  /// "options.explain": list the reduction's steps.
  bool explain = false;
  /// "reduction" (solve): write the reduction's counts into the result (false: a batch
  /// that keeps only the answers; protocol.md, "solve").
  bool reduction = true;
  /// "objective" (solve, exportModel).
  std::optional<ObjectiveRequest> objective;
  /// "seed" (complete, generate): 0–4294967295, default 1.
  std::uint32_t seed = 1;
  /// "limit" (enumerate): 1–100,000, default 10; (explainInfeasible) how many sets of
  /// fewest givens to list: 1–100, default 3.
  int limit = 10;
  /// "format" (exportModel): CPLEX LP or free MPS.
  milp::ModelFormat format = milp::ModelFormat::kCplexLp;
  /// "row" (exportModel): a row to describe (app/model_row.h) instead of the text.
  std::optional<std::string> row;
  /// "formulation" (exportModel): add the model panel's formulation
  /// (sudoku/formulation.h).
  bool formulation = false;
  /// "givens" (generate): target count, 0 = as few as possible.
  int targetGivens = 0;
  /// "symmetry" (generate).
  sudoku::Symmetry symmetry = sudoku::Symmetry::kNone;
  /// Whether the request names its genre ("genre": "sudoku"; protocol.md, "Sudoku
  /// requests that name their genre"): its result then also carries the genre route's
  /// fields (genre, rows, columns, answer, board), where the module has the genres.
  bool genreNamed = false;
  /// "board" (with genreNamed): draw the board into the result (false: a batch that
  /// keeps only the answers).
  bool board = true;
  /// "boards" (enumerate, with genreNamed): draw each answer's board.
  bool boards = false;
  /// "name" (with genreNamed): the puzzle's name for its answer's header when its text
  /// names none (a URL, or a line cut from a file of many), as the genre route's.
  std::string name;
  /// A text of puzz.link URLs, read as Sudoku records (puzzles::sudokuRecordsOfUrls):
  /// per record, its URL's line in the request's text; empty for any other text.
  std::vector<int> urlLines;
  /// `parse` of a text of URLs: the lines it left out (the others are read).
  std::vector<RefusedRecord> urlRefused;

  /// The objective's cell weights for a puzzle of `shape`, or nothing without an
  /// objective. Throws as ObjectiveRequest::cellObjective.
  std::optional<sudoku::CellObjective> objectiveFor(sudoku::Shape shape) const;

  /// The shape of a request without a puzzle (generate; complete without one): "size"
  /// (default 9) and the box shape.
  sudoku::Shape shapeWithoutPuzzle() const;
};

/// Decodes the request `request` of type `type` ("parse", "solve", "relax",
/// "exportModel", "checkUniqueness", "enumerate", "complete", "generate" or
/// "explainInfeasible"; the caller
/// has checked it is one of them), reading the fields that type uses. Throws
/// InputError (bad_request) naming the first field at fault (protocol.md, "Errors").
SudokuRequest decodeSudokuRequest(const std::string& type, const rapidjson::Value& request);

}  // namespace gridmilp::app
