// gridmilp — the board description: what the page draws for any genre.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// A board is the grid's size and a list of items, each at a point in doubled
// coordinates (grid.h; after cspuz-solver2's board, src/puzzleBoard.tsx): numbers
// and givens on cells, candidate marks with a value (the LP relaxation), shading,
// region walls on edges, cages with their sum, lines between cell centres (loops),
// dots and circles, and clues outside the grid (row −1 or 2·rows + 1, and likewise
// for columns). The page draws items, never genres. cpp/app/protocol.md gives the
// JSON form.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "puzzles/common/grid.h"

namespace gridmilp::puzzles {

/// What an item is, in the order of protocol/vocabulary.json's "boardItemKinds" (checked
/// in board.cpp). New kinds go at the end of both.
enum class ItemKind : std::uint8_t {
  kNumber,     ///< a value in a cell (`text`); style "given" or "solved"
  kCandidate,  ///< a candidate mark in a cell: `text` the value, `value` its weight 0..1
  kShade,      ///< a shaded cell; `value` the depth 0..1, `style` why ("shaded", "diagonal",
               ///< "window")
  kWall,       ///< a thick line on an edge (region and box borders)
  kCage,       ///< a dashed outline around `cells`, `text` the sum, drawn in its first cell
  kLine,       ///< a line segment from `row, column` to `to` (both cell centres)
  kDot,        ///< a small dot (at a cell, an edge or a vertex)
  kCircle,     ///< a circle in a cell (stars, lamps): `style` names it
  kOutside,    ///< a clue outside the grid (`text`)
};

/// The protocol's name of a kind ("number", "candidate", …).
std::string_view toString(ItemKind kind);

struct BoardItem {
  ItemKind kind = ItemKind::kNumber;
  Point at;            ///< doubled coordinates
  std::string text;    ///< the number, candidate value or cage sum; a relaxed shade's variable
  double value = 1.0;  ///< candidate weight or shading depth, 0..1
  std::string style;   ///< a hint for the renderer ("given", "solved", "diagonal")
  std::vector<Point> cells;  ///< kCage: the cells' centres
  Point to;                  ///< kLine: the other end
};

/// What the page draws. `label` names each cell for screen readers is the page's job:
/// it reads numbers, shading, circles and cages from the items.
struct Board {
  int rows = 0;
  int columns = 0;
  std::vector<BoardItem> items;

  void number(Point at, std::string text, std::string style) {
    items.push_back({ItemKind::kNumber, at, std::move(text), 1.0, std::move(style), {}, {}});
  }
  void shade(Point at, std::string style, double depth = 1.0) {
    items.push_back({ItemKind::kShade, at, {}, depth, std::move(style), {}, {}});
  }
  void wall(Point at) { items.push_back({ItemKind::kWall, at, {}, 1.0, {}, {}, {}}); }
};

/// Adds a wall on every edge between two cells whose `region` ids differ (regions
/// of any kind: boxes, jigsaw regions, rooms). `region` has one id per cell.
void addRegionWalls(const RectGrid& grid, const std::vector<int>& region, Board* board);

}  // namespace gridmilp::puzzles
