// gridmilp — what the genres that mark cells share (shaded/unshaded, stars, lamps):
// reading their records, regions, and connectivity by re-solving with cuts.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Connectivity ("the unshaded cells form one connected area") is not written into the
// MILP; it is checked on each integer solution, and a violated solution is cut off
// before the MILP is solved again (search.h, Saito's re-solve loop). Let w_i be the
// expression that is 1 when cell i must belong to the connected set (1 − s_i for
// unshaded cells). For a connected piece C of the current solution, u a cell of C, v a
// cell of another piece, and ∂C the cells next to C outside it (all outside the set now),
//   connect[k]:  w_u + w_v − sum_{b in ∂C} w_b <= 1
// Every answer obeys it: when u and v are both in the set, a path inside the set joins
// them, leaves C, and so passes through a cell of ∂C. The current solution breaks it
// (1 + 1 − 0 = 2). Saito's Heyawake notebook and PuzzleKit's Hitori use
// sum_{b in ∂C} w_b >= 1, which cuts off answers in which all of C is outside the set; the
// w_u + w_v term makes it valid always (../shared/notes/pencil-puzzles.md, §1).
// The same row holds with ∂C replaced by any set S of cells that every path from u to v
// passes through (a u–v vertex separator: the path above passes through one of S); with a
// smallest such S among the cells outside the set now (by Menger's theorem, as many cells
// as there are paths from C to the other pieces that share no cell), the row is shorter
// and cuts off more: connect[k] over S is the cut of ConnectivityCut::kSeparator.
// The whole-solution no-good of Saito's Hitori and Kurodoko notebooks,
//   whole_nogood[k]: sum_{i out of the set now} (1 − w_i) <= |out| − 1
// ("not every cell shaded now stays shaded") is valid too, but removes one solution a
// round: the genres offer it as a model to compare ("whole-no-good").
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "puzzles/common/genre.h"
#include "puzzles/common/records.h"
#include "puzzles/input_error.h"

namespace gridmilp::puzzles {

/// Sets a puzzle's name, header, line and grid (rows × columns) from its record.
void beginPuzzle(const Record& record, Puzzle* puzzle);

/// An error in a record's puzzle: "<name> (line L): <message>", with the record's
/// puzzle number and line and the cells (indices) in `where`.
InputError recordError(const Record& record, const Puzzle& puzzle, ErrorCode code,
                       const std::string& message, const std::vector<int>& cells = {});

/// Refuses a region block with cells in no region: `-` or `.` where a region id
/// belongs (what the page's Delete region leaves until the cells get a new region).
/// `tokens` is the block (recordBlock); `what` names its ids ("region", "room").
/// Throws InputError (parse_error) naming up to six of those cells (the token, its line
/// and column in the text, its row and column in the grid), with every one of them in
/// its `where.cells`.
void rejectCellsInNoRegion(const Record& record, const Puzzle& puzzle,
                           const std::vector<const Token*>& tokens, const char* what);

/// The regions of block `block` of a record of `blocks` blocks: one token per cell,
/// cells with equal tokens in one region; `-` or `.` is refused (rejectCellsInNoRegion). Returns
/// the region (0-based, in order of first appearance) of each cell; `ids` gets each region's token.
/// A region that is not connected adds a warning to `puzzle`. Throws as recordBlock.
std::vector<int> readRegions(const Record& record, int block, int blocks, Puzzle* puzzle,
                             std::vector<std::string>* ids = nullptr);

/// The cells of each region (indices, increasing), from one region id per cell.
std::vector<std::vector<int>> cellsOfRegions(const std::vector<int>& region);

/// The orthogonally connected pieces of the cells with `in[cell]` true, each sorted,
/// in order of their first cell.
std::vector<std::vector<int>> components(const RectGrid& grid, const std::vector<char>& in);

/// A count for the cuts' words: `n` and `cells`, a plural phrase whose word "cells"
/// becomes "cell" for one: countOf(6, "shaded cells") is "6 shaded cells",
/// countOf(1, "cells of the island") "1 cell of the island".
std::string countOf(std::size_t n, std::string_view cells);

/// ∂C: the cells beside piece `piece` (a piece of components()) and not in it, sorted.
/// `stamp` (grid.cells() entries, kept between calls) marks the cells already taken:
/// `id` must differ from every id given with it before (a piece's index in a round).
std::vector<int> pieceBorder(const RectGrid& grid, const std::vector<int>& piece,
                             std::vector<int>* stamp, int id);

/// How connectivity is cut (see the file comment).
enum class ConnectivityCut {
  kPiece,        ///< connect[k]: one cut per piece over ∂C, always valid
  kWholeNoGood,  ///< whole_nogood[k]: one cut excluding the whole current solution
  kSeparator     ///< connect[k] over a smallest separator of the piece from the others
};

/// The cuts that make the cells with `in[cell]` true connected, when they are not
/// (empty when they are, or when there is at most one such cell). `member(cell)` is the
/// expression w_i (1 when the cell belongs to the set); a cell whose member is the
/// constant 0 is never in the set, and a separator (kSeparator) leaves it out. `counter`
/// numbers the cuts' names (family "connect" or "whole_nogood") and is advanced. `what`
/// names the set in the cut's words ("unshaded cells"). Each cut's `cells` are the cells
/// of its row other than u and v (∂C, S or the cells outside the set), sorted.
std::vector<Cut> connectivityCuts(const RectGrid& grid, const std::vector<char>& in,
                                  const std::function<milp::LinExpr(int)>& member,
                                  ConnectivityCut kind, int* counter, std::string_view what);
namespace detail {
class SeparatorNetwork;  // cells.cpp: the flow network of kSeparator's separators
}  // namespace detail

/// The same, over `pieces`, the pieces of `in` a caller has already found
/// (components(grid, in)), which it uses again (Nurikabe's walled cuts). With `kept`
/// (kSeparator), the separators' network is built into *kept when it is empty and
/// taken from it otherwise: a model's rounds share one grid and one `member`, so they
/// share the network (its blocked cells are those of the first call's `member`).
std::vector<Cut> connectivityCuts(const RectGrid& grid, const std::vector<char>& in,
                                  const std::vector<std::vector<int>>& pieces,
                                  const std::function<milp::LinExpr(int)>& member,
                                  ConnectivityCut kind, int* counter, std::string_view what,
                                  std::shared_ptr<detail::SeparatorNetwork>* kept = nullptr);

/// A built model whose answer is one binary per cell, s(r, c) = 1 iff cell (r, c) is
/// shaded (holds a star, in Star Battle). Genres derive from it and add their own
/// families; addShadingVars adds s.
struct ShadingBuilt : Built {
  milp::VarFamily s;  ///< s(r, c), 1-based
  /// The binary s of `cell` (an index of `grid`, the puzzle's). s is dense over rows
  /// then columns (addShadingVars), so the cell's index is its offset: no lookup by
  /// (row, column), which took 5% of a Nurikabe round. Throws milp::ModelError for a
  /// cell outside the grid.
  milp::Var shaded(const RectGrid& grid, int cell) const {
    const int index = s.varAtOffset(cell);
    if (index < 0) {
      throw milp::ModelError("cell " + std::to_string(cell) + " is outside the " + grid.label() +
                             " grid");
    }
    return milp::Var{index, &model};
  }
};

/// A shading model whose connectivity is cut by re-solving (separate): how it is cut, and
/// the counter that numbers the cuts.
struct ConnectedShadingBuilt : ShadingBuilt {
  ConnectivityCut cut = ConnectivityCut::kPiece;
  mutable int cuts = 0;  ///< cuts named so far (separate is const)
  /// kSeparator: the separators' network, kept between rounds (connectivityCuts' `kept`).
  mutable std::shared_ptr<detail::SeparatorNetwork> separators;
};

/// Adds the binaries s(r, c) of `built`, over rows 1..grid.rows and columns
/// 1..grid.columns, as the family `name`, and makes them the answer binaries, each
/// mapped to its cell (Built::cellOf grows to the model's variables, -1 for others).
/// Throws milp::ModelError when a variable or family of the model already has `name`.
void addShadingVars(const RectGrid& grid, const std::string& name, ShadingBuilt* built);

/// Adds the rows apart[r,c,1] (with the cell to the right) and apart[r,c,2] (with the
/// cell below): s[r,c] + s[next] <= 1, so shaded cells never touch side by side. Cell by
/// cell, row by row. Needs addShadingVars first (ModelError for a repeated row name).
void addApartRows(const RectGrid& grid, ShadingBuilt* built);

/// Adds the rows walled[r,c]: s[r,c] + sum_{neighbours} (1 − s) >= 1, no unshaded cell
/// walled in by shaded ones, on a grid of two rows and two columns or more (none on a
/// smaller one). Connectivity of the unshaded cells implies them there (when every
/// neighbour n of cell i is shaded, a cell beside n other than i is unshaded and cut off
/// from i); stated before solving, they spare the re-solve loop those pieces. Needs
/// addShadingVars first (ModelError for a repeated row name).
void addWalledRows(const RectGrid& grid, ShadingBuilt* built);

/// The formulation's group of the rows of addApartRows ("apart").
ConstraintGroup apartGroup();

/// The formulation's group of the rows of addWalledRows ("walled").
ConstraintGroup walledGroup();

/// The formulation's group of the cuts of unshadedConnectivityCuts for `kind`:
/// "connect" (kPiece, kSeparator) or "whole_nogood" (kWholeNoGood).
ConstraintGroup unshadedConnectivityGroup(ConnectivityCut kind);

/// The cuts that make the unshaded cells of the current solution of `built` connected
/// (s < 0.5 counts as unshaded; w_i = 1 − s_i): connectivityCuts of `built.cut`, named
/// with `built.cuts` (advanced), about "unshaded cells". Empty when they are connected.
/// Throws milp::ModelError when the model has no solution (milp::Model::value).
std::vector<Cut> unshadedConnectivityCuts(const RectGrid& grid, const ConnectedShadingBuilt& built);

/// The answer in the current solution of `built`: per cell of `grid`, 1 when s > 0.5,
/// else 0; no edges. Throws milp::ModelError when the model has no solution.
Answer decodeShading(const RectGrid& grid, const ShadingBuilt& built);

/// Whether `answer` is a shading of `grid`: "the answer is not <grid label>" when its grid
/// or number of cells differs, "<cell> is neither shaded nor unshaded" for the first
/// value other than 0 and 1, else nothing.
std::optional<std::string> checkShadingAnswer(const RectGrid& grid, const Answer& answer);

/// "the shaded cells at <cell> and <next> touch" for the first neighbour `next` after
/// `cell` (a greater index) that is shaded with it in `answer`; nothing when `cell` is
/// unshaded or has no such neighbour.
std::optional<std::string> touchingShaded(const RectGrid& grid, const Answer& answer, int cell);

/// The first touchingShaded of the cells of `grid` in order, or nothing when no two
/// shaded cells touch side by side.
std::optional<std::string> shadedCellsTouch(const RectGrid& grid, const Answer& answer);

/// Nothing when the cells with `in[cell]` true form at most one piece; else "the <what>
/// fall into N pieces (one starts at <the first cell of the second piece>)", pieces as
/// by components.
std::optional<std::string> checkConnected(const RectGrid& grid, const std::vector<char>& in,
                                          std::string_view what);

/// checkConnected of the unshaded cells (value 0) of `answer`, as "unshaded cells".
std::optional<std::string> checkUnshadedConnected(const RectGrid& grid, const Answer& answer);

/// Adds a shade (style "shaded") for each shaded cell of `answer`, in cell order; nothing
/// when `answer` is null.
void shadeAnswer(const RectGrid& grid, const Answer* answer, Board* board);

/// A board of the size of `grid` with shadeAnswer's shades of `answer` (null: none).
Board shadingBoard(const RectGrid& grid, const Answer* answer);

/// Draws the LP relaxation's shading: for each cell whose s has a value above 1e-9 in
/// `values` (one per model variable), a shade of depth min(1, value), style "relaxed",
/// its text `variable` (what s_c = 1 means: "shaded", Star Battle's "star"; the page
/// says it), inserted before the items already on `board` (under its walls, numbers and
/// stars). `values` must hold every s.
void drawShadingRelaxation(const RectGrid& grid, const ShadingBuilt& built,
                           const std::vector<double>& values, Board* board,
                           const std::string& variable = "shaded");

/// A genre whose answer is the shading s of a ShadingBuilt: decode is decodeShading, and
/// drawRelaxation is drawShadingRelaxation (the shades under the board's walls, numbers
/// and stars). Genres derive from it and provide the rest. Both throw std::bad_cast when
/// `built` is not a ShadingBuilt.
class ShadingGenre : public Genre {
 public:
  Answer decode(const Puzzle& puzzle, const Built& built) const override;
  void drawRelaxation(const Puzzle& puzzle, const Built& built, const std::vector<double>& values,
                      Board* board) const override;

 protected:
  /// What a cell's s = 1 means, the relaxed shades' text: "shaded" unless overridden.
  virtual std::string shadedWord() const { return "shaded"; }
};

/// A ShadingGenre whose unshaded cells form one area, by re-solving with cuts: its build
/// returns a ConnectedShadingBuilt, and separate is unshadedConnectivityCuts (std::bad_cast
/// for another Built).
class UnshadedConnectedGenre : public ShadingGenre {
 public:
  std::vector<Cut> separate(const Puzzle& puzzle, const Built& built) const override;
};

/// "=== header\nR C\n": the head of a record in the sw_* layout.
std::string recordHead(const Puzzle& puzzle);

/// A record block: `rows` lines of `columns` tokens, `token(cell)` each, space-separated.
std::string formatBlock(const RectGrid& grid, const std::function<std::string(int)>& token);

}  // namespace gridmilp::puzzles
