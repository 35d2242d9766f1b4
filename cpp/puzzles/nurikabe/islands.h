// gridmilp — islands grown from a cell: the candidates of Nurikabe's model.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// A genre that chooses among enumerated polyominoes (Saito's Nurikabe; Fillomino and
// LITS would too) needs every connected set of n cells holding a given cell. They are
// listed by Redelmeier's method (D. H. Redelmeier, "Counting polyominoes: yet another
// attack", Discrete Mathematics 36, 1981): grow the set one cell at a time from an
// "untried" list of neighbours, and never offer again a cell a branch has already
// offered, so that each set is found exactly once.
#pragma once

#include <cstddef>
#include <vector>

#include "puzzles/common/grid.h"

namespace gridmilp::puzzles {

/// The connected sets of `size` cells of `grid` that hold `root` and lie within the
/// cells with `allowed[cell]` true (root is taken whatever `allowed` says), each
/// sorted, into `out`. Returns false when there are more than `limit` of them, or when
/// the search would visit more than `effort` partial sets before it ends: `out` is then
/// incomplete.
bool growIslands(const RectGrid& grid, int root, int size, const std::vector<char>& allowed,
                 std::size_t limit, std::size_t effort, std::vector<std::vector<int>>* out);

/// For each cell, the fewest steps a path from `root` through cells with `allowed[cell]`
/// true takes to reach it (0 for root), or −1 when no path of at most `steps` steps
/// does (`steps` < 0: no bound).
std::vector<int> stepsFrom(const RectGrid& grid, int root, int steps,
                           const std::vector<char>& allowed);

}  // namespace gridmilp::puzzles
