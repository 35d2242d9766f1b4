// gridmilp — Sudoku grids, text formats and the independent checker.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "puzzles/input_error.h"

namespace gridmilp::sudoku {

/// Largest side length: 1–9 and A–Z give 35 symbols.
inline constexpr int kMaxSize = 35;

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
/// (bad_request) for n < 1 or n > kMaxSize.
Shape shapeForSize(int n);

/// The shape for side length n with the given box (boxHeight · boxWidth must be n);
/// 0 for either box side means "the usual" (shapeForSize). Throws InputError
/// (bad_request) naming the sizes when they do not fit.
Shape shapeFor(int n, int box_height, int box_width);

/// A boxes' shape as a records text's size line writes it, "HxW" ("6 6 3x2": boxes of 3
/// rows × 2 columns): {H, W}, each a whole number 1–99 without a leading zero; nothing
/// for any other text. Whether H·W is the side is the caller's to check (it says how).
/// Read by the Sudoku text parser (text.cpp) and the genres' records (records.cpp).
std::optional<std::pair<int, int>> boxesOfText(std::string_view text);

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
/// 1–9 and A–G, 25×25 1–9 and A–P). Empty (0) is '.'.
char symbolFor(int value);

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
