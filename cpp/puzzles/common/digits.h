// gridmilp — genres that place digits 1..n in an n×n grid: Latin squares and the
// Sudoku variants (killer, jigsaw, Sudoku X, hyper).
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The MILP is the textbook Sudoku model with the variant's units: binary x[r,c,d]
// = 1 iff cell (r, c) holds digit d (r, c, d in 1..n), and one block of rows per rule:
//   cell[r,c]:       sum_d x[r,c,d] = 1                       each cell holds one digit
//   row[r,d]:        sum_c x[r,c,d] = 1                       each digit once per row
//   column[c,d]:     sum_r x[r,c,d] = 1                       … per column
//   box[k,d] / region[k,d]: sum_{(r,c) in k} x[r,c,d] = 1    … per box or jigsaw region
//   diagonal[k,d], window[k,d]: the same over the diagonals (Sudoku X) or the four
//                    extra 3×3 windows (hyper)
//   cage[k]:         sum_{(r,c) in C_k} sum_d d·x[r,c,d] = s_k   each cage adds up to its sum
//   cage_digit[k,d]: sum_{(r,c) in C_k} x[r,c,d] <= 1         no digit twice in a cage
// That is model "textbook". Its LP relaxation is weak for cages (a cage of sum 3 may
// hold 1.5 and 1.5), and GLPK's branch-and-bound can take minutes on a 9×9 killer.
// Model "combinations" (the default for killer) chooses among enumerated candidates,
// the technique of Saito's notebooks: for each cage k, a binary y[k,j] per set S_j of
// |C_k| different digits that add up to s_k, and
//   combination[k]:  sum_j y[k,j] = 1                         the cage uses one digit set
//   cage_digit[k,d]: sum_{(r,c) in C_k} x[r,c,d] = sum_{j : d in S_j} y[k,j]
//                                                  digit d is in the cage iff its set has it
// which implies the sum and the distinct digits, with every coefficient ±1.
// and each given g at (r, c) fixes x[r,c,g] = 1 through its bounds. Objective 0.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "puzzles/common/cells.h"
#include "puzzles/common/genre.h"
#include "puzzles/common/records.h"
#include "puzzles/sudoku/grid.h"

namespace gridmilp::puzzles {

/// A cage of a killer Sudoku: its cells (indices) and the sum they add up to.
struct Cage {
  std::vector<int> cells;
  int sum = 0;
};

/// A unit besides rows and columns: every digit once in its n cells.
struct Unit {
  std::vector<int> cells;
};

/// A digit puzzle: n×n, givens, and the variant's units and cages.
struct DigitPuzzle : Puzzle {
  int n = 0;
  std::vector<int> givens;  ///< per cell, 0 for empty
  /// Region (box or jigsaw region) of each cell, 0..n-1; empty for a Latin square.
  std::vector<int> region;
  std::string regionName = "box";  ///< "box" or "region": the rows' family name
  /// Boxes (regionName "box"): their rows and columns (setBoxes); 0 otherwise.
  int boxHeight = 0;
  int boxWidth = 0;
  std::vector<Unit> extras;  ///< diagonals or windows
  std::string extraName;     ///< "diagonal" or "window": the rows' family name
  std::vector<Cage> cages;
};

/// The built model: x(r, c, d), each index 1..n.
struct DigitBuilt : Built {
  DigitBuilt() = default;
  /// Over a MILP built elsewhere (see Built).
  explicit DigitBuilt(milp::Model& adopted) : Built(adopted) {}
  milp::VarFamily x;
  /// The killer cages' digit sets are linked to the digits by clauses (model "clauses").
  bool cageClauses = false;
  /// Per cell, its digit when the model has no variable for it (a reduction decided
  /// it: Sudoku's reduced models), else 0; empty when every cell has variables.
  std::vector<int> decided;
  /// The objective the build added (addDigitObjective), for the formulation.
  std::optional<DigitObjective> objective;
};

/// Sets `objective` on the model of `built`: sense · sum_cells w · sum_d d·x[r,c,d], a
/// decided cell's digit (DigitBuilt::decided) as a constant. Throws InputError
/// (bad_request, field objective.weights) unless there are n·n weights.
void addDigitObjective(const DigitPuzzle& puzzle, const DigitObjective& objective,
                       DigitBuilt* built);

/// The TeX of a digit objective for the formulation, and its meaning in words (with
/// TeX between \( and \)): "\max \sum_{r,c} w_{r,c} \sum_d d\,x_{r,c,d}", and so on.
std::pair<std::string, std::string> digitObjectiveTex(const DigitObjective& objective, int n);

/// The sets of `size` different digits 1..n that add up to `sum`, each as a bit mask
/// (bit d-1 for digit d), in increasing order of the masks.
std::vector<unsigned> digitSets(int n, int size, int sum);

/// The common part of the digit genres: the model, the checker, the board, the
/// formulation and the solution text. A genre adds its parser and its units.
class DigitGenre : public Genre {
 public:
  /// parseAsGiven, then requireNoConflict on each puzzle (the digit genres implement
  /// parseAsGiven).
  std::vector<std::unique_ptr<Puzzle>> parse(std::string_view text, int size) const final;
  std::vector<std::string_view> models() const override;
  /// The primal simplex, as for Sudoku (Genre::relaxMethod).
  milp::SimplexMethod relaxMethod() const override { return milp::SimplexMethod::kPrimal; }
  std::unique_ptr<Built> build(const Puzzle& puzzle, const BuildOptions& options) const override;
  Answer decode(const Puzzle& puzzle, const Built& built) const override;
  std::optional<std::string> verify(const Puzzle& puzzle, const Answer& answer) const override;
  Board board(const Puzzle& puzzle, const Answer* answer) const override;
  void drawRelaxation(const Puzzle& puzzle, const Built& built, const std::vector<double>& values,
                      Board* board) const override;
  Formulation formulation(const Puzzle& puzzle, const Built& built) const override;
  std::string formatAnswer(const Puzzle& puzzle, const Answer& answer) const override;
  /// The janko-style record: killer the sums then the cage ids (1, 2, … in order of
  /// their first cell); jigsaw the givens then the region ids; the others the givens.
  std::string formatPuzzle(const Puzzle& puzzle) const override;
  /// Adds a candidate mark to `board` for each digit d of each cell without a given
  /// whose LP value `valueOf(cell, d)` is not 0 (beyond 1e-9), at that value clamped to
  /// 0..1 (drawRelaxation's marks; `cell` is an index, d is 1..n).
  void drawCandidates(const DigitPuzzle& puzzle, const std::function<double(int, int)>& valueOf,
                      Board* board) const;
};

/// Fills `puzzle.region` with boxes of `boxHeight` rows × `boxWidth` columns, by
/// default (both 0) the shape the record gave (digitPuzzleOf), else the usual boxes
/// of the size (sudoku::shapeForSize: 9 → 3×3, 6 → 2 rows × 3 columns; one side given,
/// the other follows). Throws InputError (bad_request) when
/// n has no box shape other than whole rows (a prime n), naming the genre `title`, or
/// when the sides given do not tile the grid (sudoku::shapeFor).
void setBoxes(DigitPuzzle& puzzle, std::string_view title, int boxHeight = 0, int boxWidth = 0);

/// A digit puzzle of a Sudoku text's grid: its n×n grid and givens, named `name`, from
/// line `line` (1-based; 0 when unknown), no boxes yet (setBoxes).
std::unique_ptr<DigitPuzzle> digitPuzzleOf(const sudoku::Grid& givens, std::string name,
                                           int line = 0);

/// A digit puzzle begun from a record: its name, header, line and n×n grid, no
/// givens; for a genre with `boxes`, the boxes' shape a third item of the size line
/// gives ("6 6 3x2": 3 rows × 2 columns; into boxHeight/boxWidth, which setBoxes
/// then uses). Throws InputError: bad_request naming the genre `title` when the record
/// is not square; parse_error naming the size line and column for a third item when
/// the genre has no boxes, or one that is not ROWSxCOLUMNS with product n.
std::unique_ptr<DigitPuzzle> digitPuzzleOf(const Record& record, std::string_view title,
                                           bool boxes = false);

/// The givens of block `block` of a record of `blocks` blocks (`-` or `.` empty,
/// else 1..n).
std::vector<int> readGivens(const Record& record, int block, int blocks);

/// Two equal givens in one unit.
struct GivenClash {
  int digit = 0;
  std::string unit;  ///< the unit's name, "row 1", "box 4", "region 'a'", "diagonal 1"
  int first = 0;     ///< the cells (indices), in reading order within the unit
  int second = 0;
};

/// The first two equal givens that share a row, a column, a region or an extra unit
/// (units in unitsOf order), or nothing.
std::optional<GivenClash> findClash(const DigitPuzzle& puzzle);

/// Throws InputError(conflicting_givens) naming both cells when two equal givens
/// share a row, a column, a region or an extra unit (findClash).
void requireNoConflict(const DigitPuzzle& puzzle);

/// Parses a text of plain digit grids (the sw_* record layout, or any format of the
/// Sudoku parser: rows of digits, one puzzle per line, Project Euler 96 files) into
/// puzzles with givens only; `size` 0 detects it. Throws as parseRecords and
/// sudoku::parseText. With `boxes` (a genre with boxes), a record's size line may give
/// the boxes' shape (digitPuzzleOf).
std::vector<std::unique_ptr<DigitPuzzle>> parseDigitGrids(std::string_view text, int size,
                                                          bool boxes = false);

}  // namespace gridmilp::puzzles
