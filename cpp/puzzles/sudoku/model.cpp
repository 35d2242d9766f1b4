// gridmilp — the textbook Sudoku MILP.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/sudoku/model.h"

#include <string>

namespace gridmilp::sudoku {

using milp::IndexRange;
using milp::LinExpr;
using milp::VarType;

std::unique_ptr<SudokuModel> buildTextbookModel(const Grid& givens) {
  const Shape shape = givens.shape;
  const int n = shape.size();
  auto built = std::make_unique<SudokuModel>();
  built->shape = shape;
  milp::Model& m = built->model;
  const IndexRange one_to_n{1, n};
  built->x = m.addVars("x", {one_to_n, one_to_n, one_to_n}, VarType::kBinary, 0, 1);
  const milp::VarFamily& x = built->x;

  auto label = [](const char* family, int a, int b) {
    return std::string(family) + "[" + std::to_string(a) + "," + std::to_string(b) + "]";
  };
  for (int r = 1; r <= n; ++r) {
    for (int c = 1; c <= n; ++c) {
      LinExpr digits;
      for (int d = 1; d <= n; ++d) digits.addTerm(x(r, c, d), 1.0);
      m.addConstraint(digits == 1, label("cell", r, c));
    }
  }
  for (int r = 1; r <= n; ++r) {
    for (int d = 1; d <= n; ++d) {
      LinExpr in_row;
      for (int c = 1; c <= n; ++c) in_row.addTerm(x(r, c, d), 1.0);
      m.addConstraint(in_row == 1, label("row", r, d));
    }
  }
  for (int c = 1; c <= n; ++c) {
    for (int d = 1; d <= n; ++d) {
      LinExpr in_column;
      for (int r = 1; r <= n; ++r) in_column.addTerm(x(r, c, d), 1.0);
      m.addConstraint(in_column == 1, label("column", c, d));
    }
  }
  const int boxes_per_row = n / shape.boxWidth;
  for (int b = 0; b < n; ++b) {
    const int r0 = (b / boxes_per_row) * shape.boxHeight;
    const int c0 = (b % boxes_per_row) * shape.boxWidth;
    for (int d = 1; d <= n; ++d) {
      LinExpr in_box;
      for (int i = 0; i < shape.boxHeight; ++i) {
        for (int j = 0; j < shape.boxWidth; ++j) in_box.addTerm(x(r0 + i + 1, c0 + j + 1, d), 1.0);
      }
      m.addConstraint(in_box == 1, label("box", b + 1, d));
    }
  }
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int g = givens.at(r, c);
      if (g != 0) m.fix(x(r + 1, c + 1, g), 1.0);
    }
  }
  m.minimize(LinExpr(0.0));
  return built;
}

Grid decodeSolution(const SudokuModel& built) {
  const int n = built.shape.size();
  Grid out(built.shape);
  for (int r = 1; r <= n; ++r) {
    for (int c = 1; c <= n; ++c) {
      for (int d = 1; d <= n; ++d) {
        if (built.model.value(built.x(r, c, d)) > 0.5) out.at(r - 1, c - 1) = d;
      }
    }
  }
  return out;
}

}  // namespace gridmilp::sudoku
