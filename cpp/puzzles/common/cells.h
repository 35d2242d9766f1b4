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
// The whole-solution no-good of Saito's Hitori and Kurodoko notebooks,
//   whole_nogood[k]: sum_{i out of the set now} (1 − w_i) <= |out| − 1
// ("not every cell shaded now stays shaded") is valid too, but removes one solution a
// round: the genres offer it as a model to compare ("whole-no-good").
#pragma once

#include <functional>
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

/// The regions of block `block` of a record of `blocks` blocks: one token per cell,
/// cells with equal tokens in one region. Returns the region (0-based, in order of
/// first appearance) of each cell; `ids` gets each region's token. A region that is
/// not connected adds a warning to `puzzle`. Throws as recordBlock.
std::vector<int> readRegions(const Record& record, int block, int blocks, Puzzle* puzzle,
                             std::vector<std::string>* ids = nullptr);

/// The cells of each region (indices, increasing), from one region id per cell.
std::vector<std::vector<int>> cellsOfRegions(const std::vector<int>& region);

/// The orthogonally connected pieces of the cells with `in[cell]` true, each sorted,
/// in order of their first cell.
std::vector<std::vector<int>> components(const RectGrid& grid, const std::vector<char>& in);

/// How connectivity is cut (see the file comment).
enum class ConnectivityCut {
  kPiece,       ///< connect[k]: one cut per piece, always valid
  kWholeNoGood  ///< whole_nogood[k]: one cut excluding the whole current solution
};

/// The cuts that make the cells with `in[cell]` true connected, when they are not
/// (empty when they are, or when there is at most one such cell). `member(cell)` is the
/// expression w_i (1 when the cell belongs to the set). `counter` numbers the cuts'
/// names (family "connect" or "whole_nogood") and is advanced. `what` names the set in the
/// cut's words ("unshaded cells").
std::vector<Cut> connectivityCuts(const RectGrid& grid, const std::vector<char>& in,
                                  const std::function<milp::LinExpr(int)>& member,
                                  ConnectivityCut kind, int* counter, std::string_view what);

/// "=== header\nR C\n": the head of a record in the sw_* layout.
std::string recordHead(const Puzzle& puzzle);

/// A record block: `rows` lines of `columns` tokens, `token(cell)` each, space-separated.
std::string formatBlock(const RectGrid& grid, const std::function<std::string(int)>& token);

}  // namespace gridmilp::puzzles
