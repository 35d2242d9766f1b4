// gridmilp — Sudoku grids, text formats and the independent checker.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "puzzles/input_error.h"

namespace gridmilp::sudoku {

/// The shape of an n×n Sudoku with boxes of boxHeight rows × boxWidth columns,
/// n = boxHeight · boxWidth (9×9: 3×3 boxes; 6×6: 2×3 boxes).
struct Shape {
  int boxHeight = 3;
  int boxWidth = 3;
  int size() const { return boxHeight * boxWidth; }
  int cells() const { return size() * size(); }
  /// "9×9"
  std::string label() const;
};

/// The usual box shape for side length n: the most square factorisation with
/// boxHeight <= boxWidth (4 → 2×2, 6 → 2×3, 9 → 3×3, 12 → 3×4). Throws InputError
/// (bad_request) for n < 1 or n > 36.
Shape shapeForSize(int n);

/// An n×n grid: values 1..n, 0 for an empty cell, row by row.
struct Grid {
  Shape shape;
  std::vector<int> cells;

  explicit Grid(Shape s = {}) : shape(s), cells(s.cells(), 0) {}
  /// Value at 0-based row and column.
  int at(int row, int column) const { return cells[row * shape.size() + column]; }
  int& at(int row, int column) { return cells[row * shape.size() + column]; }
  int givenCount() const;
  /// Canonical one-line form: n·n symbols, row by row, `.` for empty (see symbolFor).
  std::string toLine() const;
};

/// Symbol of value v: 1–9 as digits, 10 and above as letters A, B, … (so 16×16 uses
/// 1–9 and A–G). Empty (0) is '.'.
char symbolFor(int value);

/// Which text format a multi-puzzle text was in (protocol.md, `parse`).
enum class TextFormat { kEuler96, kSeparated, kOnePerLine, kGrid };
const char* toString(TextFormat format);

struct ParsedPuzzle {
  std::string name;  ///< header text ("Grid 01") or "Puzzle N"
  int line = 0;      ///< 1-based line where the puzzle starts
  Grid grid;
};

struct ParsedText {
  TextFormat format = TextFormat::kGrid;
  std::vector<ParsedPuzzle> puzzles;
};

/// Splits a text holding one or more puzzles of the given shape, in any of the
/// formats of protocol.md (Project Euler 96 "Grid NN" headers, `=`-separated grids,
/// one puzzle per line, one grid over several lines; decorations `|`, `+` and
/// `-`/`=` lines tolerated; `.`, `0`, `-`, `_` for empty). Stops at the first error:
/// throws InputError with code parse_error (line, column, character), wrong_length
/// (cell counts, the puzzle's first line), or empty_input.
ParsedText parseText(std::string_view text, Shape shape);

/// Parses a text that must hold exactly one puzzle; throws as parseText, and
/// wrong_length when the text holds more than one puzzle.
Grid parseOne(std::string_view text, Shape shape);

/// Two equal givens in one row, column or box, if any: the first such pair in
/// row-major order, with the unit named ("row 1", "column 4", "box 5").
struct Conflict {
  int value = 0;
  std::string unit;
  CellRef first;
  CellRef second;
};
std::optional<Conflict> findConflict(const Grid& givens);

/// Throws InputError(conflicting_givens) naming both cells when findConflict finds
/// a pair: "Two 5s in row 1: row 1, column 2 and row 1, column 7".
void requireNoConflict(const Grid& givens);

/// Independent checker used by tests and the CLI: true when `solution` is complete,
/// every row, column and box holds each of 1..n once, and every given of `givens`
/// is kept. Otherwise false, with the first fault in *why (if not null).
bool isValidSolution(const Grid& givens, const Grid& solution, std::string* why = nullptr);

}  // namespace gridmilp::sudoku
