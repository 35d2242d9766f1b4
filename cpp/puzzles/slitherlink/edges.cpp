// gridmilp — the edges and grid points of a rectangular grid, and loops drawn on them.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/slitherlink/edges.h"

#include <algorithm>

namespace gridmilp::puzzles::slitherlink {

std::array<int, 2> EdgeGrid::ends(int edge) const {
  if (isHorizontal(edge)) {
    const int i = edge / grid.columns, j = edge % grid.columns;
    return {point(i, j), point(i, j + 1)};
  }
  const int k = edge - horizontal();
  const int i = k / (grid.columns + 1), j = k % (grid.columns + 1);
  return {point(i, j), point(i + 1, j)};
}

std::vector<int> EdgeGrid::edgesAt(int p) const {
  const int i = pointRow(p), j = pointColumn(p);
  std::vector<int> out;
  if (i > 0) out.push_back(vEdge(i - 1, j));
  if (j > 0) out.push_back(hEdge(i, j - 1));
  if (j < grid.columns) out.push_back(hEdge(i, j));
  if (i < grid.rows) out.push_back(vEdge(i, j));
  return out;
}

std::array<int, 4> EdgeGrid::sides(int cell) const {
  const int r = grid.rowOf(cell), c = grid.columnOf(cell);
  return {hEdge(r, c), hEdge(r + 1, c), vEdge(r, c), vEdge(r, c + 1)};
}

std::array<int, 2> EdgeGrid::cellsBeside(int edge) const {
  if (isHorizontal(edge)) {
    const int i = edge / grid.columns, j = edge % grid.columns;
    return {i > 0 ? grid.index(i - 1, j) : -1, i < grid.rows ? grid.index(i, j) : -1};
  }
  const int k = edge - horizontal();
  const int i = k / (grid.columns + 1), j = k % (grid.columns + 1);
  return {j > 0 ? grid.index(i, j - 1) : -1, j < grid.columns ? grid.index(i, j) : -1};
}

Point EdgeGrid::middle(int edge) const {
  const auto [a, b] = ends(edge);
  return Point{pointRow(a) + pointRow(b), pointColumn(a) + pointColumn(b)};
}

std::string EdgeGrid::pointName(int p) const {
  const int i = pointRow(p), j = pointColumn(p);
  const int r = std::min(i, grid.rows - 1), c = std::min(j, grid.columns - 1);
  return std::string("the ") + (i == r ? "top" : "bottom") + "-" + (j == c ? "left" : "right") +
         " corner of " + grid.name(grid.index(r, c));
}

std::string EdgeGrid::edgeName(int edge) const {
  const auto [first, second] = cellsBeside(edge);
  const bool horizontal = isHorizontal(edge);
  if (second >= 0)
    return std::string("the ") + (horizontal ? "top" : "left") + " side of " + grid.name(second);
  return std::string("the ") + (horizontal ? "bottom" : "right") + " side of " + grid.name(first);
}

std::vector<LoopPiece> loopPieces(const EdgeGrid& eg, const std::vector<int>& on) {
  std::vector<LoopPiece> out;
  std::vector<char> seen(eg.edges(), 0);
  for (int start = 0; start < eg.edges(); ++start) {
    if (!on[start] || seen[start]) continue;
    LoopPiece piece;
    std::vector<int> stack{start};
    seen[start] = 1;
    while (!stack.empty()) {
      const int edge = stack.back();
      stack.pop_back();
      piece.edges.push_back(edge);
      for (int p : eg.ends(edge)) {
        piece.points.push_back(p);
        for (int next : eg.edgesAt(p)) {
          if (on[next] && !seen[next]) {
            seen[next] = 1;
            stack.push_back(next);
          }
        }
      }
    }
    std::sort(piece.edges.begin(), piece.edges.end());
    std::sort(piece.points.begin(), piece.points.end());
    piece.points.erase(std::unique(piece.points.begin(), piece.points.end()), piece.points.end());
    out.push_back(std::move(piece));
  }
  return out;
}

std::vector<int> cellsInside(const EdgeGrid& eg, const std::vector<int>& on) {
  const RectGrid& g = eg.grid;
  std::vector<int> out(g.cells(), 0);
  for (int r = 0; r < g.rows; ++r) {
    int inside = 0;
    for (int c = 0; c < g.columns; ++c) {
      inside ^= on[eg.vEdge(r, c)] ? 1 : 0;
      out[g.index(r, c)] = inside;
    }
  }
  return out;
}

std::vector<int> boundaryOf(const EdgeGrid& eg, const std::vector<int>& inside) {
  std::vector<int> out(eg.edges(), 0);
  for (int edge = 0; edge < eg.edges(); ++edge) {
    const auto [a, b] = eg.cellsBeside(edge);
    out[edge] = (a >= 0 && inside[a] != 0) != (b >= 0 && inside[b] != 0) ? 1 : 0;
  }
  return out;
}

std::vector<char> closedRegion(const EdgeGrid& eg, const std::vector<int>& enclosed) {
  std::vector<char> out(eg.points(), 0);
  for (int cell = 0; cell < eg.grid.cells(); ++cell) {
    if (!enclosed[cell]) continue;
    const int r = eg.grid.rowOf(cell), c = eg.grid.columnOf(cell);
    for (int p : {eg.point(r, c), eg.point(r, c + 1), eg.point(r + 1, c), eg.point(r + 1, c + 1)}) {
      out[p] = 1;
    }
  }
  return out;
}

}  // namespace gridmilp::puzzles::slitherlink
