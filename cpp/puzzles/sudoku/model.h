// gridmilp — the textbook Sudoku MILP.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Binary x[r,c,d] = 1 iff cell (r, c) holds digit d, with r, c, d in 1..n; then
//   cell[r,c]:   sum_d x[r,c,d] = 1            (one digit per cell)
//   row[r,d]:    sum_c x[r,c,d] = 1            (each digit once per row)
//   column[c,d]: sum_r x[r,c,d] = 1            (each digit once per column)
//   box[b,d]:    sum_{(r,c) in box b} x[r,c,d] = 1
// and each given g at (r, c) fixes x[r,c,g] = 1 through its bounds. Objective 0.
// This is the formulation of the standard MILP teaching texts (e.g. the PuLP
// documentation's Sudoku case study); n³ variables and 4n² rows (729 and 324 for 9×9).
#pragma once

#include <memory>

#include "milp/model.h"
#include "puzzles/sudoku/grid.h"

namespace gridmilp::sudoku {

/// A built model and its variable family, ready to solve.
struct SudokuModel {
  Shape shape;
  milp::Model model;
  milp::VarFamily x;  ///< x(r, c, d), each index 1..n
};

/// Builds the textbook model of `givens` (any shape). Does not check the givens for
/// conflicts (a conflicting puzzle is simply infeasible); call requireNoConflict
/// first for a clear message.
std::unique_ptr<SudokuModel> buildTextbookModel(const Grid& givens);

/// Reads the grid from a solved model: for each cell the digit whose x is 1
/// (> 0.5). Throws milp::ModelError if the model has no solution to read.
Grid decodeSolution(const SudokuModel& built);

}  // namespace gridmilp::sudoku
