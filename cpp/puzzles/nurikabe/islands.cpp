// gridmilp — islands grown from a cell.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/nurikabe/islands.h"

#include <algorithm>

namespace gridmilp::puzzles {
namespace {

/// Redelmeier's search from one root (see islands.h).
class Grower {
 public:
  Grower(const RectGrid& grid, const std::vector<char>& allowed, int size, std::size_t limit,
         std::size_t effort, std::vector<std::vector<int>>* out)
      : allowed_(allowed), size_(size), limit_(limit), effort_(effort), out_(out) {
    neighbours_.resize(grid.cells());
    for (int cell = 0; cell < grid.cells(); ++cell) {
      const Neighbours next = grid.neighbours(cell);
      neighbours_[cell].assign(next.begin(), next.end());
    }
    offered_.assign(grid.cells(), 0);
  }

  /// Grows from `root`; false when stopped by the limit or the effort.
  bool run(int root) {
    island_.assign(1, root);
    offered_[root] = 1;
    std::vector<int> untried;
    offer(root, &untried);
    grow(std::move(untried));
    return !stopped_;
  }

 private:
  /// Adds the allowed neighbours of `cell` not offered yet to `untried`, marking them.
  void offer(int cell, std::vector<int>* untried) {
    for (int next : neighbours_[cell]) {
      if (allowed_[next] && !offered_[next]) {
        offered_[next] = 1;
        untried->push_back(next);
      }
    }
  }

  void grow(std::vector<int> untried) {
    if (stopped_) return;
    if (++visits_ > effort_) {
      stopped_ = true;
      return;
    }
    if (static_cast<int>(island_.size()) == size_) {
      if (out_->size() >= limit_) {
        stopped_ = true;
        return;
      }
      std::vector<int> cells = island_;
      std::sort(cells.begin(), cells.end());
      out_->push_back(std::move(cells));
      return;
    }
    while (!untried.empty() && !stopped_) {
      const int cell = untried.back();
      untried.pop_back();
      island_.push_back(cell);
      std::vector<int> next = untried;
      const std::size_t before = next.size();
      offer(cell, &next);
      const std::vector<int> added(next.begin() + static_cast<std::ptrdiff_t>(before), next.end());
      grow(std::move(next));
      for (int cell_added : added) offered_[cell_added] = 0;
      island_.pop_back();
    }
  }

  const std::vector<char>& allowed_;
  int size_;
  std::size_t limit_;
  std::size_t effort_;
  std::vector<std::vector<int>>* out_;
  std::vector<std::vector<int>> neighbours_;
  std::vector<char> offered_;  ///< offered to the current branch (Redelmeier's "tried")
  std::vector<int> island_;
  std::size_t visits_ = 0;
  bool stopped_ = false;
};

}  // namespace

bool growIslands(const RectGrid& grid, int root, int size, const std::vector<char>& allowed,
                 std::size_t limit, std::size_t effort, std::vector<std::vector<int>>* out) {
  out->clear();
  if (size < 1) return true;
  return Grower(grid, allowed, size, limit, effort, out).run(root);
}

std::vector<int> stepsFrom(const RectGrid& grid, int root, int steps,
                           const std::vector<char>& allowed) {
  std::vector<int> distance(grid.cells(), -1);
  std::vector<int> order{root};
  distance[root] = 0;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const int cell = order[k];
    if (steps >= 0 && distance[cell] >= steps) continue;
    for (int next : grid.neighbours(cell)) {
      if (allowed[next] && distance[next] < 0) {
        distance[next] = distance[cell] + 1;
        order.push_back(next);
      }
    }
  }
  return distance;
}

}  // namespace gridmilp::puzzles
