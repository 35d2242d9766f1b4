// gridmilp — Sudoku grids, text formats and the independent checker.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/sudoku/grid.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace gridmilp::sudoku {
namespace {

std::string cellName(CellRef cell) {
  return "row " + std::to_string(cell.row) + ", column " + std::to_string(cell.column);
}

}  // namespace

std::string Shape::label() const {
  return std::to_string(size()) + "\u00d7" + std::to_string(size());
}

std::optional<std::pair<int, int>> boxesOfText(std::string_view text) {
  const auto side = [](std::string_view t) {
    if (t.empty() || t.size() > 2 || t[0] < '1' || t[0] > '9') return 0;
    int v = 0;
    for (const char c : t) {
      if (c < '0' || c > '9') return 0;
      v = v * 10 + (c - '0');
    }
    return v;
  };
  const std::size_t x = text.find('x');
  if (x == std::string_view::npos) return std::nullopt;
  const int height = side(text.substr(0, x)), width = side(text.substr(x + 1));
  if (height == 0 || width == 0) return std::nullopt;
  return std::make_pair(height, width);
}

Shape shapeForSize(int n) {
  if (n < 1 || n > kMaxSize) {
    throw InputError(
        ErrorCode::kBadRequest,
        "Size " + std::to_string(n) + " is not supported (1 to " + std::to_string(kMaxSize) + ")");
  }
  int h = 1;
  for (int d = 1; d * d <= n; ++d) {
    if (n % d == 0) h = d;
  }
  return Shape{h, n / h};
}

Shape shapeFor(int n, int box_height, int box_width) {
  if (box_height == 0 && box_width == 0) return shapeForSize(n);
  shapeForSize(n);  // checks n
  if (box_height == 0 && box_width > 0 && n % box_width == 0) box_height = n / box_width;
  if (box_width == 0 && box_height > 0 && n % box_height == 0) box_width = n / box_height;
  if (box_height < 1 || box_width < 1 || box_height * box_width != n) {
    throw InputError(ErrorCode::kBadRequest,
                     "Boxes of " + std::to_string(box_height) + "\u00d7" +
                         std::to_string(box_width) + " cells do not tile a " + std::to_string(n) +
                         "\u00d7" + std::to_string(n) +
                         " grid (box height \u00d7 box width must be " + std::to_string(n) + ")");
  }
  return Shape{box_height, box_width};
}

char symbolFor(int value) {
  if (value <= 0) return '.';
  if (value <= 9) return static_cast<char>('0' + value);
  return static_cast<char>('A' + value - 10);
}

int Grid::givenCount() const {
  int count = 0;
  for (int v : cells) count += v != 0;
  return count;
}

std::string Grid::toLine() const {
  std::string out;
  out.reserve(cells.size());
  for (int v : cells) out.push_back(symbolFor(v));
  return out;
}

std::optional<Conflict> findConflict(const Grid& givens) {
  const Shape& s = givens.shape;
  const int n = s.size();
  // For each unit, the first cell seen holding each value (one array for all units).
  std::vector<int> seen(n + 1);
  auto scan = [&](auto cellOf, const char* kind) -> std::optional<Conflict> {
    for (int unit = 0; unit < n; ++unit) {
      std::fill(seen.begin(), seen.end(), -1);
      for (int k = 0; k < n; ++k) {
        const auto [r, c] = cellOf(unit, k);
        const int v = givens.at(r, c);
        if (v == 0) continue;
        if (seen[v] >= 0) {
          const auto [r0, c0] = cellOf(unit, seen[v]);
          return Conflict{v, std::string(kind) + " " + std::to_string(unit + 1),
                          CellRef{r0 + 1, c0 + 1}, CellRef{r + 1, c + 1}};
        }
        seen[v] = k;
      }
    }
    return std::nullopt;
  };
  using Cell = std::pair<int, int>;
  if (auto c = scan([](int u, int k) { return Cell{u, k}; }, "row")) return c;
  if (auto c = scan([](int u, int k) { return Cell{k, u}; }, "column")) return c;
  const int boxes_per_row = n / s.boxWidth;
  return scan(
      [&](int u, int k) {
        const int r0 = (u / boxes_per_row) * s.boxHeight;
        const int c0 = (u % boxes_per_row) * s.boxWidth;
        return Cell{r0 + k / s.boxWidth, c0 + k % s.boxWidth};
      },
      "box");
}

void requireNoConflict(const Grid& givens) {
  if (auto conflict = findConflict(givens)) {
    Where where;
    where.cells = {conflict->first, conflict->second};
    const std::string symbol(1, symbolFor(conflict->value));
    throw InputError(ErrorCode::kConflictingGivens,
                     "Two " + symbol + "s in " + conflict->unit + ": " + cellName(conflict->first) +
                         " and " + cellName(conflict->second),
                     where);
  }
}

bool isValidSolution(const Grid& givens, const Grid& solution, std::string* why) {
  auto fail = [&](const std::string& reason) {
    if (why != nullptr) *why = reason;
    return false;
  };
  const Shape& s = solution.shape;
  const int n = s.size();
  if (givens.shape.boxHeight != s.boxHeight || givens.shape.boxWidth != s.boxWidth) {
    return fail("the solution's shape differs from the puzzle's");
  }
  if (static_cast<int>(solution.cells.size()) != s.cells()) return fail("wrong number of cells");
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int v = solution.at(r, c);
      if (v < 1 || v > n) return fail(cellName({r + 1, c + 1}) + " holds no value 1..n");
      if (givens.at(r, c) != 0 && givens.at(r, c) != v) {
        return fail(cellName({r + 1, c + 1}) + " changes the given " +
                    std::string(1, symbolFor(givens.at(r, c))));
      }
    }
  }
  if (auto conflict = findConflict(solution)) {
    return fail("two " + std::string(1, symbolFor(conflict->value)) + "s in " + conflict->unit);
  }
  return true;
}

}  // namespace gridmilp::sudoku
