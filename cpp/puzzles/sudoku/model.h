// gridmilp — the Sudoku MILP, textbook and reduced.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The textbook model (the formulation of the standard MILP teaching texts, e.g. the
// PuLP documentation's Sudoku case study): binary x[r,c,d] = 1 iff cell (r, c) holds
// digit d, with r, c, d in 1..n; then
//   cell[r,c]:   sum_d x[r,c,d] = 1            (one digit per cell)
//   row[r,d]:    sum_c x[r,c,d] = 1            (each digit once per row)
//   column[c,d]: sum_r x[r,c,d] = 1            (each digit once per column)
//   box[b,d]:    sum_{(r,c) in box b} x[r,c,d] = 1
// and each given g at (r, c) fixes x[r,c,g] = 1 through its bounds. Objective 0.
// n³ variables and 4n² rows (729 and 324 for 9×9).
//
// Two reductions of it, each a step a teacher can show:
//  - candidates: no variable x[r,c,d] for a digit d that a given already excludes
//    from cell (r, c) (same row, column or box), no variables for given cells, and no
//    row for a (unit, digit) that a given already satisfies;
//  - reduced: the candidates model after fixing naked singles (a cell with one
//    candidate left) and hidden singles (a digit with one place left in a row,
//    column or box), and removing candidates by locked candidates (pointing and
//    claiming) and naked and hidden pairs, repeated until nothing changes. Each
//    fixing and each elimination is recorded with its rule so the page can show it. When the
//    reduction meets a contradiction (a cell with no candidate, a digit with no place in a unit)
//    the puzzle has no solution and the model is not built;
//  - probed: the reduced model, then probing (the MIP presolve technique of
//    M. W. P. Savelsbergh, "Preprocessing and probing techniques for mixed integer
//    programming problems", ORSA Journal on Computing 6(4), 1994): each remaining
//    candidate is set to 1 on a copy and naked and hidden singles are propagated; when
//    that meets a contradiction, x[r,c,d] = 0 in every solution and d leaves the cell.
//    One level deep, each removal with its reason; then the reduced model's rules run
//    again, until neither changes anything. Opt-in: it often leaves GLPK nothing to
//    decide.
//
// And one reformulation, the packing model of the spreadsheet articles (a PuLP model
// read from an Excel sheet): the textbook's rows as "at most once",
//   cell[r,c], row[r,d], column[c,d], box[b,d]:  sum ... x <= 1,
// each given as a lower bound x[r,c,g] >= 1, and the objective
//   maximise sum_{r,c,d} x[r,c,d]        (the digits placed).
// When the puzzle has a solution, the optimum is n² and every optimal point is a
// solution (n² ones in n² cells of at most one digit fill every cell, and then every
// row holds n digits of which no two are equal: each digit once). When it has none, the
// optimum is below n² and the optimal point is a largest partial fill that keeps every
// given: the cells left empty show where the puzzle breaks.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "milp/model.h"
#include "puzzles/sudoku/grid.h"

namespace gridmilp::sudoku {

enum class ModelKind { kTextbook, kCandidates, kReduced, kProbed, kPacking };
/// Protocol names "textbook", "candidates", "reduced", "probed", "packing".
const char* toString(ModelKind kind);
/// Throws InputError (bad_request) for an unknown name.
ModelKind modelKindFromString(const std::string& name);

/// Why a cell was fixed before the MILP.
enum class FixRule { kNakedSingle, kHiddenSingle };
const char* toString(FixRule rule);

/// A row, column or box of the grid. Recorded as numbers and named only when an
/// explanation is asked for (toString), so a request without `explain` formats nothing.
struct UnitRef {
  enum Kind { kNone = -1, kRow = 0, kColumn = 1, kBox = 2 };
  Kind kind = kNone;
  int index = 0;  ///< 0-based: rows and columns top to bottom and left to right, boxes row by row
  bool present() const { return kind != kNone; }
};
/// "row 3", "column 5", "box 7" (1-based, as messages name units); "" for kNone.
std::string toString(UnitRef unit);

struct Fixing {
  CellRef cell;  ///< 1-based
  int value = 0;
  FixRule rule = FixRule::kNakedSingle;
  UnitRef unit;  ///< for a hidden single, the unit where the digit had one place left
};

/// Why candidates were removed before the MILP (without fixing a cell). The standard
/// Sudoku techniques, as named in Sudopedia / Andrew Stuart's strategy pages:
enum class EliminationRule {
  kLockedCandidates,  ///< pointing (box → line) and claiming (line → box)
  kNakedPair,         ///< two cells of a unit with the same two candidates
  kHiddenPair,        ///< two digits with the same two places in a unit
  kProbing,           ///< a candidate whose trial leads to a contradiction (probed model)
};
const char* toString(EliminationRule rule);

/// One elimination step: the rule, how many candidates it removed, and what it saw, as
/// fields (describe() words them):
///  - locked candidates: `digits` holds the one digit, `unit` the unit whose places of
///    it all lie in `target`;
///  - naked pair: `digits` the two digits that fill two cells of `unit`;
///  - hidden pair: `digits` the two digits with only two places in `unit`;
///  - probing: `cell` cannot hold the one digit of `digits`; `reason` is the
///    contradiction that naked and hidden singles met with it.
struct Elimination {
  EliminationRule rule = EliminationRule::kLockedCandidates;
  int removed = 0;
  std::uint64_t digits = 0;  ///< bit d-1 set for digit d
  UnitRef unit;
  UnitRef target;
  CellRef cell;  ///< 1-based; probing only
  std::string reason;
};
/// The step in words: "digit 5 of box 1 lies in row 2", "digits 3 7 fill two cells of
/// column 4", "digits 1 9 have only two places in box 5", "row 2, column 3 cannot be
/// 8: with it, naked and hidden singles find that …". Digits as symbolFor writes them.
std::string describe(const Elimination& step);

/// What a reduction left out of the textbook model.
struct Reduction {
  int candidatesRemoved = 0;              ///< x variables not created (of n³)
  int rowsRemoved = 0;                    ///< constraint rows not created (of 4n²)
  std::vector<Fixing> fixings;            ///< in the order they were found (reduced model)
  std::vector<Elimination> eliminations;  ///< in the order they were made (reduced model)
  /// Set when the reduction proved there is no solution: what it found
  /// ("row 1, column 9 has no candidate left").
  std::optional<std::string> contradiction;
};

/// A built model, ready to solve.
struct SudokuModel {
  Shape shape;
  ModelKind kind = ModelKind::kTextbook;
  milp::Model model;
  milp::VarFamily x;  ///< x(r, c, d), each index 1..n; sparse unless textbook
  Grid fixed;         ///< givens and reduction fixings: cells the MILP does not decide
  Reduction reduction;
  /// Whether the model has a variable for every (cell, digit), givens' cells included
  /// (textbook and packing), so that `fixed` cells are decided by bounds.
  bool fullModel() const { return kind == ModelKind::kTextbook || kind == ModelKind::kPacking; }
};

/// Builds the model of `givens` (any shape). Does not check the givens for conflicts
/// (the textbook model of a conflicting puzzle is simply infeasible; the reductions
/// report a contradiction); call requireNoConflict first for a clear message.
std::unique_ptr<SudokuModel> buildModel(const Grid& givens, ModelKind kind);

/// buildModel(givens, ModelKind::kTextbook).
std::unique_ptr<SudokuModel> buildTextbookModel(const Grid& givens);

/// Reads the grid from a solved model: fixed cells as they are, each other cell the
/// digit whose x is 1 (> 0.5), or 0 when none is (a partial fill of the packing model). Throws
/// milp::ModelError if the model has no solution to read.
Grid decodeSolution(const SudokuModel& built);

/// The cell of each column of `built.model`: x[r,c,d] belongs to cell (r − 1)·n + c − 1
/// (0-based, row by row); other columns (none in Sudoku's own models) get −1. Shape
/// numVars(). For the rows' cells of a reader (the model panel, the genre route).
std::vector<int> cellOfVars(const SudokuModel& built);

}  // namespace gridmilp::sudoku
