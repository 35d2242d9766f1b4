// gridmilp — a rectangular grid of cells.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/common/grid.h"

#include <algorithm>

namespace gridmilp::puzzles {

Neighbours RectGrid::neighbours(int cell) const {
  const int r = rowOf(cell), c = columnOf(cell);
  Neighbours out;
  if (r > 0) out.push_back(cell - columns);
  if (c > 0) out.push_back(cell - 1);
  if (c + 1 < columns) out.push_back(cell + 1);
  if (r + 1 < rows) out.push_back(cell + columns);
  return out;
}

Point RectGrid::edgeBetween(int a, int b) const {
  const Point pa = centre(a), pb = centre(b);
  return Point{(pa.row + pb.row) / 2, (pa.column + pb.column) / 2};
}

std::string RectGrid::name(int cell) const {
  return "row " + std::to_string(rowOf(cell) + 1) + ", column " +
         std::to_string(columnOf(cell) + 1);
}

std::string RectGrid::label() const {
  return std::to_string(rows) + "\u00d7" + std::to_string(columns);
}

bool isConnected(const RectGrid& grid, const std::vector<int>& cells) {
  if (cells.empty()) return true;
  std::vector<char> member(grid.cells(), 0), seen(grid.cells(), 0);
  for (int c : cells) member[c] = 1;
  std::vector<int> stack{cells.front()};
  seen[cells.front()] = 1;
  std::size_t reached = 0;
  while (!stack.empty()) {
    const int cell = stack.back();
    stack.pop_back();
    ++reached;
    for (int next : grid.neighbours(cell)) {
      if (member[next] && !seen[next]) {
        seen[next] = 1;
        stack.push_back(next);
      }
    }
  }
  const auto distinct = static_cast<std::size_t>(std::count(member.begin(), member.end(), 1));
  return reached == distinct;
}

}  // namespace gridmilp::puzzles
