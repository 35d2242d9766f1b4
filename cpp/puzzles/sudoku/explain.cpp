// gridmilp — "why is there no solution?" (explain.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/sudoku/explain.h"

#include <string>
#include <vector>

#include "puzzles/sudoku/model.h"

namespace gridmilp::sudoku {
namespace {

/// The removal MILP of explain.h (a): the textbook rows over every cell, keep[r,c] per
/// given, and "maximise the givens kept".
struct RemovalModel {
  milp::Model model;
  milp::VarFamily x;
  std::vector<Given> givens;    ///< row-major
  std::vector<milp::Var> keep;  ///< keep[k] for givens[k]
};

void buildRemovalModel(const Grid& grid, RemovalModel* out) {
  const int n = grid.shape.size();
  milp::Model& m = out->model;
  const milp::IndexRange one_to_n{1, n};
  out->x = m.addVars("x", {one_to_n, one_to_n, one_to_n}, milp::VarType::kBinary, 0, 1);
  const milp::VarFamily& x = out->x;
  // The textbook rules (model.h), one block each.
  for (int r = 1; r <= n; ++r) {
    for (int c = 1; c <= n; ++c) {
      milp::LinExpr digits;
      for (int d = 1; d <= n; ++d) digits += x(r, c, d);
      m.addConstraint(digits == 1, "cell[" + std::to_string(r) + "," + std::to_string(c) + "]");
    }
  }
  for (int r = 1; r <= n; ++r) {
    for (int d = 1; d <= n; ++d) {
      milp::LinExpr places;
      for (int c = 1; c <= n; ++c) places += x(r, c, d);
      m.addConstraint(places == 1, "row[" + std::to_string(r) + "," + std::to_string(d) + "]");
    }
  }
  for (int c = 1; c <= n; ++c) {
    for (int d = 1; d <= n; ++d) {
      milp::LinExpr places;
      for (int r = 1; r <= n; ++r) places += x(r, c, d);
      m.addConstraint(places == 1, "column[" + std::to_string(c) + "," + std::to_string(d) + "]");
    }
  }
  const int bh = grid.shape.boxHeight;
  const int bw = grid.shape.boxWidth;
  for (int b = 0; b < n; ++b) {
    const int top = (b / (n / bw)) * bh;  // boxes row by row: n / bw boxes per band
    const int left = (b % (n / bw)) * bw;
    for (int d = 1; d <= n; ++d) {
      milp::LinExpr places;
      for (int r = top; r < top + bh; ++r) {
        for (int c = left; c < left + bw; ++c) places += x(r + 1, c + 1, d);
      }
      m.addConstraint(places == 1, "box[" + std::to_string(b + 1) + "," + std::to_string(d) + "]");
    }
  }
  // A kept given is in the grid (fewestToDrop keeps as many as possible).
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int g = grid.at(r, c);
      if (g == 0) continue;
      const std::string at = std::to_string(r + 1) + "," + std::to_string(c + 1);
      const milp::Var k = m.addBinary("keep[" + at + "]");
      m.addConstraint(milp::LinExpr(x(r + 1, c + 1, g)) - k >= 0, "given[" + at + "]");
      out->givens.push_back(Given{CellRef{r + 1, c + 1}, g});
      out->keep.push_back(k);
    }
  }
}

}  // namespace

GivenRemovals fewestGivensToRemove(const Grid& givens, int limit, const milp::SolveOptions& options,
                                   const BoundCallback& on_bound) {
  RemovalModel removal;
  buildRemovalModel(givens, &removal);
  GivenRemovals out;
  const int n = givens.shape.size();
  const puzzles::DropSearch found =
      puzzles::fewestToDrop(removal.model, removal.keep, limit, options, on_bound, [&]() {
        Grid completion(givens.shape);
        for (int r = 1; r <= n; ++r) {
          for (int c = 1; c <= n; ++c) {
            for (int d = 1; d <= n; ++d) {
              if (removal.model.value(removal.x(r, c, d)) > 0.5) completion.at(r - 1, c - 1) = d;
            }
          }
        }
        out.completion = completion;
      });
  out.first = found.first;
  out.complete = found.complete;
  out.solves = found.solves;
  out.solveMs = found.solveMs;
  out.nodes = static_cast<int>(found.nodes);
  for (const std::vector<int>& set : found.sets) {
    std::vector<Given> given_set;
    for (const int k : set) given_set.push_back(removal.givens[static_cast<std::size_t>(k)]);
    out.sets.push_back(given_set);
  }
  return out;
}

PartialFill largestPartialFill(const Grid& givens, const milp::SolveOptions& options,
                               const BoundCallback& on_bound) {
  PartialFill out;
  out.clash = findConflict(givens);
  if (out.clash) return out;
  const auto packing = buildModel(givens, ModelKind::kPacking);
  const int n = givens.shape.size();
  std::vector<std::vector<milp::Var>> cells;
  for (int r = 1; r <= n; ++r) {
    for (int c = 1; c <= n; ++c) {
      std::vector<milp::Var> digits;
      for (int d = 1; d <= n; ++d) digits.push_back(packing->x(r, c, d));
      cells.push_back(digits);
    }
  }
  const puzzles::FillSearch found = puzzles::largestFill(
      packing->model, cells, options, on_bound, [&]() { out.grid = decodeSolution(*packing); });
  out.result = found.result;
  out.placed = found.placed;
  out.result.hasSolution = out.grid.has_value() && out.placed == givens.shape.cells();
  return out;
}

}  // namespace gridmilp::sudoku
