// gridmilp — a rectangular grid of cells, with its edges and vertices.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Cells are numbered row by row from 0 (index = row · columns + column, rows and
// columns 0-based). Board descriptions use doubled coordinates, after cspuz-solver2's
// board: cell (r, c) is at (2r + 1, 2c + 1), vertex (r, c) at (2r, 2c), the edge
// between cells (r, c) and (r, c + 1) at (2r + 1, 2c + 2), the edge between (r, c)
// and (r + 1, c) at (2r + 2, 2c + 1).
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "puzzles/input_error.h"

namespace gridmilp::puzzles {

/// A point in doubled coordinates (see the file comment).
struct Point {
  int row = 0;
  int column = 0;
  bool operator==(const Point&) const = default;
};

/// A cell's orthogonal neighbours (RectGrid::neighbours): up to four cells in a range
/// held by value, so that the loops over them that Nurikabe's rounds run (its pieces,
/// borders and separators) allocate nothing; a std::vector here took a third of a
/// round of 1055_40x57 in malloc and free (docs/performance.md, twenty-third session).
class Neighbours {
 public:
  void push_back(int cell) { cells_[count_++] = cell; }
  const int* begin() const { return cells_.data(); }
  const int* end() const { return cells_.data() + count_; }
  std::size_t size() const { return static_cast<std::size_t>(count_); }
  int operator[](std::size_t k) const { return cells_[k]; }

 private:
  std::array<int, 4> cells_{};
  int count_ = 0;
};

/// A rows × columns grid.
struct RectGrid {
  int rows = 0;
  int columns = 0;

  bool operator==(const RectGrid&) const = default;
  int cells() const { return rows * columns; }
  int index(int row, int column) const { return row * columns + column; }
  int rowOf(int cell) const { return cell / columns; }
  int columnOf(int cell) const { return cell % columns; }
  bool contains(int row, int column) const {
    return row >= 0 && row < rows && column >= 0 && column < columns;
  }
  /// The orthogonal neighbours of a cell (up, left, right, down; those inside).
  Neighbours neighbours(int cell) const;
  /// 1-based reference for messages ("row 3, column 7").
  CellRef ref(int cell) const { return CellRef{rowOf(cell) + 1, columnOf(cell) + 1}; }
  /// Doubled coordinates of a cell's centre.
  Point centre(int cell) const { return Point{2 * rowOf(cell) + 1, 2 * columnOf(cell) + 1}; }
  /// Doubled coordinates of the edge between two orthogonally adjacent cells.
  Point edgeBetween(int a, int b) const;
  /// "row 3, column 7" (1-based).
  std::string name(int cell) const;
  /// "9×9"
  std::string label() const;
};

/// Whether `cells` (indices of `grid`) form one orthogonally connected piece (an
/// empty set is connected).
bool isConnected(const RectGrid& grid, const std::vector<int>& cells);

}  // namespace gridmilp::puzzles
