// gridmilp — the board description.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/common/board.h"

namespace gridmilp::puzzles {

std::string_view toString(ItemKind kind) {
  switch (kind) {
    case ItemKind::kNumber:
      return "number";
    case ItemKind::kCandidate:
      return "candidate";
    case ItemKind::kShade:
      return "shade";
    case ItemKind::kWall:
      return "wall";
    case ItemKind::kCage:
      return "cage";
    case ItemKind::kLine:
      return "line";
    case ItemKind::kDot:
      return "dot";
    case ItemKind::kCircle:
      return "circle";
    case ItemKind::kOutside:
      return "outside";
  }
  return "number";
}

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
