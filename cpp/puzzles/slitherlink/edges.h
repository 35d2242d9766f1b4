// gridmilp — the edges and grid points of a rectangular grid, and loops drawn on them.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// What a genre that draws a loop along the grid lines needs (Slitherlink; Masyu,
// Yajilin and Country Road draw theirs between cell centres, a grid of the same shape
// one smaller): the numbering of the edges and grid points, the loop pieces of a set of
// edges, the cells a loop encloses, and the loop around a set of cells.
// For a grid of R × C cells, grid points (i, j) run from (0, 0) at the top left to
// (R, C) (doubled coordinates (2i, 2j), grid.h). Edges are numbered as an answer lists
// them: first the (R + 1) × C horizontal edges, line by line (edge (i, j) joins points
// (i, j) and (i, j + 1)), then the R × (C + 1) vertical edges, row by row (edge (i, j)
// joins points (i, j) and (i + 1, j)).
// It could live in common/ once a second loop genre uses it; it sits in its own
// namespace until then.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "puzzles/common/grid.h"

namespace gridmilp::puzzles::slitherlink {

/// The edges and grid points of a grid of cells (see the file comment).
struct EdgeGrid {
  RectGrid grid;

  int horizontal() const { return (grid.rows + 1) * grid.columns; }
  int vertical() const { return grid.rows * (grid.columns + 1); }
  int edges() const { return horizontal() + vertical(); }
  int points() const { return (grid.rows + 1) * (grid.columns + 1); }

  /// The horizontal edge on grid line i (0..R) under column j (0..C − 1).
  int hEdge(int i, int j) const { return i * grid.columns + j; }
  /// The vertical edge in row i (0..R − 1) on grid line j (0..C).
  int vEdge(int i, int j) const { return horizontal() + i * (grid.columns + 1) + j; }
  bool isHorizontal(int edge) const { return edge < horizontal(); }
  /// The grid point (i, j).
  int point(int i, int j) const { return i * (grid.columns + 1) + j; }
  int pointRow(int point) const { return point / (grid.columns + 1); }
  int pointColumn(int point) const { return point % (grid.columns + 1); }

  /// The two grid points an edge joins (the top or left one first).
  std::array<int, 2> ends(int edge) const;
  /// The edges at a grid point (2 to 4).
  std::vector<int> edgesAt(int point) const;
  /// A cell's four sides: top, bottom, left, right.
  std::array<int, 4> sides(int cell) const;
  /// The cells on either side of an edge: above and below, or left and right; −1 for
  /// the outside of the grid.
  std::array<int, 2> cellsBeside(int edge) const;

  /// Doubled coordinates of a grid point, and of an edge's middle.
  Point at(int point) const { return Point{2 * pointRow(point), 2 * pointColumn(point)}; }
  Point middle(int edge) const;
  /// "the top-left corner of row 3, column 4" (the corner of the nearest cell).
  std::string pointName(int point) const;
  /// "the top side of row 3, column 4" (the side of the nearest cell).
  std::string edgeName(int edge) const;
};

/// One closed or open piece of a set of edges: its edges and grid points, each in
/// increasing order.
struct LoopPiece {
  std::vector<int> edges;
  std::vector<int> points;
};

/// The connected pieces of the edges with `on[edge]` true, in order of their first edge.
std::vector<LoopPiece> loopPieces(const EdgeGrid& eg, const std::vector<int>& on);

/// The cells inside the closed curves of `on` by parity: a cell is inside when an odd
/// number of vertical edges of `on` lie to its left in its row (1 inside, 0 outside).
/// Meaningful when every grid point has an even number of edges of `on`.
std::vector<int> cellsInside(const EdgeGrid& eg, const std::vector<int>& on);

/// The edges between a cell with `inside` 1 and one with 0 (the outside of the grid
/// counting as 0): the loop around the inside cells.
std::vector<int> boundaryOf(const EdgeGrid& eg, const std::vector<int>& inside);

/// The grid points on or enclosed by a loop: the corners of the cells it encloses
/// (`enclosed`: one flag per cell, cellsInside of the loop's edges alone).
std::vector<char> closedRegion(const EdgeGrid& eg, const std::vector<int>& enclosed);

}  // namespace gridmilp::puzzles::slitherlink
