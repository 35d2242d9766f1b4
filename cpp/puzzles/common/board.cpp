// gridmilp — the board description.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/common/board.h"

#include <cstddef>

#include "protocol/vocabulary.h"

namespace gridmilp::puzzles {

namespace {

/// The protocol's word for `kind`: its place in protocol/vocabulary.json's "boardItemKinds".
constexpr std::string_view wordOf(ItemKind kind) {
  return vocabulary::kBoardItemKinds[static_cast<std::size_t>(kind)];
}

// The enum follows the vocabulary word for word.
static_assert(vocabulary::kBoardItemKinds.size() ==
              1 + static_cast<std::size_t>(ItemKind::kOutside));
static_assert(wordOf(ItemKind::kNumber) == "number" && wordOf(ItemKind::kCandidate) == "candidate");
static_assert(wordOf(ItemKind::kShade) == "shade" && wordOf(ItemKind::kWall) == "wall");
static_assert(wordOf(ItemKind::kCage) == "cage" && wordOf(ItemKind::kLine) == "line");
static_assert(wordOf(ItemKind::kDot) == "dot" && wordOf(ItemKind::kCircle) == "circle");
static_assert(wordOf(ItemKind::kOutside) == "outside");

}  // namespace

std::string_view toString(ItemKind kind) { return wordOf(kind); }

void addRegionWalls(const RectGrid& grid, const std::vector<int>& region, Board* board) {
  for (int cell = 0; cell < grid.cells(); ++cell) {
    const int r = grid.rowOf(cell), c = grid.columnOf(cell);
    if (c + 1 < grid.columns && region[cell] != region[cell + 1]) {
      board->wall(grid.edgeBetween(cell, cell + 1));
    }
    if (r + 1 < grid.rows && region[cell] != region[cell + grid.columns]) {
      board->wall(grid.edgeBetween(cell, cell + grid.columns));
    }
  }
}

}  // namespace gridmilp::puzzles
