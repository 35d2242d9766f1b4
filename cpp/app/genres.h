// gridmilp — the service's requests for any genre (protocol.md, "Genres").
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

#include "app/json.h"
#include "app/request.h"
#include "app/service.h"
#include "puzzles/common/board.h"
#include "puzzles/common/formulation.h"
#include "puzzles/common/genre.h"
#include "puzzles/sudoku/grid.h"
#include "puzzles/sudoku/solver.h"

namespace gridmilp::app {

/// Answers a parse, solve, checkUniqueness, enumerate, relax, exportModel,
/// formulation or board request of any genre (protocol.md, "Genres"). Throws
/// InputError for bad input; bad_request for a request type the genre route lacks.
Value handleGenreRequest(const std::string& type, const Value& request, const Value& id,
                         const ProgressSink& progress, Clock::time_point start, JsonAllocator& a);

/// Protocol v2 on the Sudoku route (protocol.md, "Sudoku requests that name their
/// genre"): adds to a Sudoku result of the puzzle `name` (its header in a text of many,
/// else "Puzzle 1") the genre route's fields — "genre": "sudoku",
/// "rows", "columns", "answer" when `answer` is given ({cells, text, verified,
/// brokenRule?}, as the genre route writes it) and, with `draw`, "board": the givens of
/// `givens` in its boxes, `answer`'s digits as solved and `marks` as candidates shaded
/// by value (a relaxation's values, SudokuSolver::relax). Throws InputError only for givens the
/// board cannot hold (none that the Sudoku route has read).
void addSudokuGenreFields(const std::string& name, const sudoku::Grid& givens,
                          const sudoku::Grid* answer, bool draw,
                          const std::vector<sudoku::SudokuSolver::RelaxedValue>* marks,
                          Value& result, JsonAllocator& a);

/// A Sudoku answer as the genre route writes one: {cells, text (its header "=== name"),
/// verified, brokenRule?}; the rule checker (the Sudoku genre's verify) judges
/// `answer` against `givens`.
Value sudokuAnswerJson(const std::string& name, const sudoku::Grid& givens,
                       const sudoku::Grid& answer, JsonAllocator& a);

/// The board of a Sudoku (the genre's board description), `answer`'s digits drawn as
/// solved when given.
Value sudokuBoardJson(const sudoku::Grid& givens, const sudoku::Grid* answer, JsonAllocator& a);

/// A board description as JSON: {rows, columns, items: [{kind, row, column, text?,
/// value?, style?, cells?, to?}]} in doubled coordinates (board.h).
Value toJson(const puzzles::Board& board, JsonAllocator& a);

/// A formulation as JSON: {genre, model?, notes: [{kind, text}], variables, objective,
/// groups: [{id, title, tex, technique, pattern?, rows: [{name, cells: [[row, column],
/// …], at?}]}], rows, columns, nonzeros}; cells 1-based (protocol.md, "formulation").
Value toJson(const puzzles::Formulation& formulation, const puzzles::RectGrid& grid,
             JsonAllocator& a);

}  // namespace gridmilp::app
