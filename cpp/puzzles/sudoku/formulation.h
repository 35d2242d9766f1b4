// gridmilp — Sudoku's formulation as the model panel typesets it, for each model.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// One source for the TeX of the Sudoku page's model panel and of the genre route's
// `formulation` for Sudoku: the sets, what the model leaves out (the reduction's
// figures), the variables, the objective and the rows cell[r,c], row[r,d],
// column[c,d], box[b,d] and the givens, with = for the exact-cover models and <= for
// the packing model. The reduced and probed models' rules are those of sudoku/model.h
// (naked and hidden singles, locked candidates, naked and hidden pairs; probing after
// Savelsbergh, "Preprocessing and probing techniques for mixed integer programming
// problems", ORSA Journal on Computing 6(4), 1994).
#pragma once

#include "puzzles/common/formulation.h"
#include "puzzles/sudoku/model.h"

namespace gridmilp::sudoku {

/// The objective a formulation states (protocol.md, "solve", `objective`).
struct FormulationObjective {
  enum class Kind { kNone, kDiagonal, kFirstRow, kWeights };
  Kind kind = Kind::kNone;
  /// kWeights: maximise (true) or minimise (false).
  bool maximise = true;
};

/// The formulation of `built` (any model kind) with `givens` givens (cells given in
/// the puzzle, 0..n²) and `objective`. Rows are not filled (puzzles::collectRows does
/// that for a genre's Built; the Sudoku route's export keeps each group's first row,
/// puzzles::collectFirstRows). Never throws for a built model.
puzzles::Formulation formulationOf(const SudokuModel& built, int givens,
                                   const FormulationObjective& objective);

}  // namespace gridmilp::sudoku
