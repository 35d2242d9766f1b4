// gridmilp — Shikaku: divide the grid into rectangles, each holding exactly one clue,
// whose area is that clue.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Text: the janko-style record of sw_Shikaku.puzzles.txt (records.h): "R C", then R
// lines of C tokens, a number for a clue and `-` for a cell without one. Answers
// (sw_Shikaku.solutions.txt): one rectangle id per cell, the ids numbered in order of
// first appearance column by column (as janko numbers them). Inside gridmilp an answer
// cell holds the 1-based index of the clue whose rectangle covers it, clues counted row
// by row, so that answers compare whatever the ids.
// The MILP is Saito's "choose among enumerated candidates" (set partitioning). For each
// clue k (area a_k) the candidates R_{k,j} are every rectangle of area a_k inside the
// grid that holds clue k and no other clue; binary y[k,j] = 1 iff clue k takes R_{k,j}:
//   choose[k]:    sum_j y[k,j] = 1                         one rectangle per clue
//   cover[r,c]:   sum_{(k,j): (r,c) in R_{k,j}} y[k,j] = 1 every cell in exactly one
// A rectangle holds one clue by construction, and its area is its clue. When a clue has
// no candidate, or a cell lies in none, its row is written over the binary `impossible`
// fixed at 0 (the builder refuses an empty row that cannot hold): the model is then
// infeasible, as the puzzle is.
// With BuildOptions::switchClues ("Why no solution?": the fewest clues to drop) a clue
// may be dropped, and its cell then belongs to another clue's rectangle. The candidates
// are every rectangle of the clue's area holding the clue, other clues allowed, and a
// binary keep[k] per clue:
//   choose[k]:      sum_j y[k,j] = keep[k]                   a kept clue takes one
//   alone[k,j,k']:  y[k,j] + keep[k'] <= 1  for each clue k' inside R_{k,j}
//   cover[r,c]:     as above
//   area:           sum_k a_k keep[k] = R·C                  kept areas tile the grid
// A dropped clue takes no rectangle, and a rectangle may hold it; every rectangle holds
// one kept clue. `area` follows from choose and cover (the kept clues' rectangles cover
// every cell once); stated, it lets presolve and the LP relaxation see at once that
// dropping removes a clue's area from the total: a puzzle whose areas add up to fewer
// cells than the grid has no set of clues to drop, and one whose areas add up to more
// must drop clues whose areas make up the difference.
#include "puzzles/shikaku/shikaku.h"

#include <algorithm>
#include <map>

#include "puzzles/common/cells.h"

namespace gridmilp::puzzles {
namespace {

struct ShikakuPuzzle : Puzzle {
  std::vector<int> clues;      ///< per cell, the area, 0 for none
  std::vector<int> clueCells;  ///< the cells of the clues, row by row (clue k at k − 1)
};

/// A candidate rectangle: its top-left cell and its size.
struct Rectangle {
  int top = 0;
  int left = 0;
  int height = 0;
  int width = 0;
  bool contains(int row, int column) const {
    return row >= top && row < top + height && column >= left && column < left + width;
  }
};

struct ShikakuBuilt : Built {
  milp::VarFamily y;                               ///< y(k, j), 1-based
  std::vector<std::vector<Rectangle>> candidates;  ///< per clue (0-based), per j − 1
};

const ShikakuPuzzle& shikakuOf(const Puzzle& puzzle) {
  return dynamic_cast<const ShikakuPuzzle&>(puzzle);
}

/// Every rectangle of its clue's area holding clue k (0-based) and no other clue, or
/// with `others` any number of other clues.
std::vector<Rectangle> candidatesOf(const ShikakuPuzzle& p, int k, bool others) {
  const RectGrid& g = p.grid;
  // clues_before(r, c): clues in rows < r and columns < c (a summed-area table).
  std::vector<int> table((g.rows + 1) * (g.columns + 1), 0);
  const auto at = [&](int r, int c) -> int& { return table[r * (g.columns + 1) + c]; };
  for (int r = 0; r < g.rows; ++r) {
    for (int c = 0; c < g.columns; ++c) {
      at(r + 1, c + 1) = at(r, c + 1) + at(r + 1, c) - at(r, c) + (p.clues[g.index(r, c)] != 0);
    }
  }
  const int cell = p.clueCells[k];
  const int row = g.rowOf(cell), column = g.columnOf(cell), area = p.clues[cell];
  std::vector<Rectangle> out;
  for (int height = 1; height <= std::min(area, g.rows); ++height) {
    if (area % height != 0 || area / height > g.columns) continue;
    const int width = area / height;
    for (int top = std::max(0, row - height + 1); top <= std::min(row, g.rows - height); ++top) {
      for (int left = std::max(0, column - width + 1); left <= std::min(column, g.columns - width);
           ++left) {
        const int clues = at(top + height, left + width) - at(top, left + width) -
                          at(top + height, left) + at(top, left);
        if (clues == 1 || others) out.push_back({top, left, height, width});
      }
    }
  }
  return out;
}

/// "the clue at row 3, column 4" style name of clue k (0-based).
std::string clueName(const ShikakuPuzzle& p, int k) {
  return "the " + std::to_string(p.clues[p.clueCells[k]]) + " at " + p.grid.name(p.clueCells[k]);
}

class ShikakuGenre final : public Genre {
 public:
  std::string_view id() const override { return "shikaku"; }
  std::string_view title() const override { return "Shikaku"; }

  std::vector<std::unique_ptr<Puzzle>> parse(std::string_view text, int /*size*/) const override {
    std::vector<std::unique_ptr<Puzzle>> out;
    for (const Record& record : parseRecords(text)) {
      auto p = std::make_unique<ShikakuPuzzle>();
      beginPuzzle(record, p.get());
      requireNoParameter(record, title());
      const std::vector<const Token*> tokens = recordBlock(record, 0, 1);
      p->clues.resize(tokens.size());
      for (std::size_t k = 0; k < tokens.size(); ++k) {
        p->clues[k] = tokenValue(record, *tokens[k], blockLine(record, 0, static_cast<int>(k)), 1,
                                 p->grid.cells(), true, "a clue (an area)");
        if (p->clues[k] != 0) p->clueCells.push_back(static_cast<int>(k));
      }
      // The rectangles tile the grid: their areas must add up to its cells.
      long long areas = 0;
      for (const int cell : p->clueCells) areas += p->clues[cell];
      if (areas != p->grid.cells()) {
        p->warnings.push_back("the clues' areas add up to " + std::to_string(areas) + ", but the " +
                              p->grid.label() + " grid has " + std::to_string(p->grid.cells()) +
                              " cells: the puzzle has no solution");
      }
      out.push_back(std::move(p));
    }
    return out;
  }

  std::unique_ptr<Built> build(const Puzzle& puzzle, const BuildOptions& options) const override {
    requireModel(options.model);
    const ShikakuPuzzle& p = shikakuOf(puzzle);
    const RectGrid& g = p.grid;
    auto built = std::make_unique<ShikakuBuilt>();
    milp::Model& m = built->model;
    const int clues = static_cast<int>(p.clueCells.size());
    std::size_t most = 1;
    for (int k = 0; k < clues; ++k) {
      built->candidates.push_back(candidatesOf(p, k, options.switchClues));
      most = std::max(most, built->candidates.back().size());
    }
    std::vector<int> offsets;
    for (int k = 0; k < clues; ++k) {
      for (std::size_t j = 0; j < built->candidates[k].size(); ++j) {
        offsets.push_back(k * static_cast<int>(most) + static_cast<int>(j));
      }
    }
    const milp::VarFamily y = built->y =
        m.addSparseVars("y", {{1, std::max(clues, 1)}, {1, static_cast<int>(most)}}, offsets,
                        milp::VarType::kBinary, 0, 1);
    built->answer = y.all();
    // One rectangle at 1 per clue in every feasible point (not when clues may drop).
    built->oneHotAnswer = !options.switchClues;
    for (int k = 0; k < clues; ++k) {
      for (std::size_t j = 0; j < built->candidates[k].size(); ++j) {
        built->cellOf.push_back(p.clueCells[k]);
      }
    }
    // With switchClues, keep[k] = 1 iff clue k stays (see the file comment).
    std::vector<milp::Var> keep;
    if (options.switchClues) {
      for (int k = 0; k < clues; ++k) {
        keep.push_back(m.addBinary("keep_choose[" + std::to_string(k + 1) + "]"));
        built->cellOf.push_back(p.clueCells[k]);
        built->clueSwitches.push_back(
            {keep.back(), p.clueCells[k], std::to_string(p.clues[p.clueCells[k]])});
      }
    }
    // A row that would be empty (a clue without a candidate, a cell in none) goes over
    // `impossible`, fixed at 0: the puzzle has no answer (see the file comment).
    std::optional<milp::Var> impossible;
    const auto orImpossible = [&](milp::LinExpr expr) {
      if (!expr.terms().empty()) return expr;
      if (!impossible) {
        impossible = m.addBinary("impossible");
        m.fix(*impossible, 0);
        built->cellOf.push_back(-1);
      }
      return milp::LinExpr(*impossible);
    };
    const auto name = [](const char* family, int a, int b = 0) {
      return std::string(family) + "[" + std::to_string(a) +
             (b > 0 ? "," + std::to_string(b) : "") + "]";
    };
    // Each clue takes one of its candidate rectangles (a kept clue, with switchClues).
    for (int k = 0; k < clues; ++k) {
      if (options.switchClues) {
        m.addConstraint(sum(y.slice({k + 1, milp::kAll})) - keep[k] == 0, name("choose", k + 1));
      } else {
        m.addConstraint(orImpossible(sum(y.slice({k + 1, milp::kAll}))) == 1,
                        name("choose", k + 1));
      }
    }
    // With switchClues, the kept clues' areas add up to the grid's cells.
    if (!keep.empty()) {
      milp::LinExpr area;
      for (int k = 0; k < clues; ++k) area.addTerm(keep[k], p.clues[p.clueCells[k]]);
      m.addConstraint(area == g.cells(), "area");
    }
    // With switchClues, a rectangle holds no other kept clue.
    for (int k = 0; k < static_cast<int>(keep.size()); ++k) {
      for (std::size_t j = 0; j < built->candidates[k].size(); ++j) {
        const Rectangle& rect = built->candidates[k][j];
        for (int other = 0; other < clues; ++other) {
          const int cell = p.clueCells[other];
          if (other == k || !rect.contains(g.rowOf(cell), g.columnOf(cell))) continue;
          m.addConstraint(y(k + 1, static_cast<int>(j) + 1) + keep[other] <= 1,
                          "alone[" + std::to_string(k + 1) + "," + std::to_string(j + 1) + "," +
                              std::to_string(other + 1) + "]");
        }
      }
    }
    // Every cell lies in exactly one chosen rectangle.
    std::vector<milp::LinExpr> covering(g.cells());
    for (int k = 0; k < clues; ++k) {
      for (std::size_t j = 0; j < built->candidates[k].size(); ++j) {
        const Rectangle& rect = built->candidates[k][j];
        for (int r = rect.top; r < rect.top + rect.height; ++r) {
          for (int c = rect.left; c < rect.left + rect.width; ++c) {
            covering[g.index(r, c)].addTerm(y(k + 1, static_cast<int>(j) + 1), 1.0);
          }
        }
      }
    }
    for (int cell = 0; cell < g.cells(); ++cell) {
      m.addConstraint(orImpossible(std::move(covering[cell])) == 1,
                      name("cover", g.rowOf(cell) + 1, g.columnOf(cell) + 1));
    }
    return built;
  }

  Answer decode(const Puzzle& puzzle, const Built& built) const override {
    const ShikakuPuzzle& p = shikakuOf(puzzle);
    const auto& b = dynamic_cast<const ShikakuBuilt&>(built);
    Answer out{p.grid, std::vector<int>(p.grid.cells(), 0), {}};
    for (std::size_t k = 0; k < b.candidates.size(); ++k) {
      for (std::size_t j = 0; j < b.candidates[k].size(); ++j) {
        if (b.model.value(b.y(static_cast<int>(k) + 1, static_cast<int>(j) + 1)) < 0.5) continue;
        const Rectangle& rect = b.candidates[k][j];
        for (int cell = 0; cell < p.grid.cells(); ++cell) {
          if (rect.contains(p.grid.rowOf(cell), p.grid.columnOf(cell))) {
            out.cells[cell] = static_cast<int>(k) + 1;
          }
        }
      }
    }
    return out;
  }

  std::optional<std::string> verify(const Puzzle& puzzle, const Answer& answer) const override {
    const ShikakuPuzzle& p = shikakuOf(puzzle);
    const RectGrid& g = p.grid;
    if (!(answer.grid == g) || static_cast<int>(answer.cells.size()) != g.cells()) {
      return "the answer is not " + g.label();
    }
    const int clues = static_cast<int>(p.clueCells.size());
    for (int cell = 0; cell < g.cells(); ++cell) {
      const int k = answer.cells[cell];
      if (k < 1 || k > clues) return g.name(cell) + " lies in no clue's rectangle";
    }
    for (int k = 0; k < clues; ++k) {
      const int owner = answer.cells[p.clueCells[k]] - 1;
      if (owner != k) {
        return "the rectangle of " + clueName(p, owner) + " holds " + clueName(p, k) +
               " too: a rectangle holds one clue";
      }
    }
    std::vector<int> count(clues, 0);
    for (int cell = 0; cell < g.cells(); ++cell) ++count[answer.cells[cell] - 1];
    for (int k = 0; k < clues; ++k) {
      int top = g.rows, bottom = -1, left = g.columns, right = -1;
      for (int cell = 0; cell < g.cells(); ++cell) {
        if (answer.cells[cell] != k + 1) continue;
        top = std::min(top, g.rowOf(cell));
        bottom = std::max(bottom, g.rowOf(cell));
        left = std::min(left, g.columnOf(cell));
        right = std::max(right, g.columnOf(cell));
      }
      if (count[k] != (bottom - top + 1) * (right - left + 1)) {
        return "the cells of " + clueName(p, k) + " do not form a rectangle";
      }
    }
    for (int k = 0; k < clues; ++k) {
      if (count[k] != p.clues[p.clueCells[k]]) {
        return "the rectangle of " + clueName(p, k) + " has " + std::to_string(count[k]) + " cells";
      }
    }
    return std::nullopt;
  }

  Board board(const Puzzle& puzzle, const Answer* answer) const override {
    const ShikakuPuzzle& p = shikakuOf(puzzle);
    Board board;
    board.rows = p.grid.rows;
    board.columns = p.grid.columns;
    if (answer != nullptr) addRegionWalls(p.grid, answer->cells, &board);
    for (int cell : p.clueCells) {
      board.number(p.grid.centre(cell), std::to_string(p.clues[cell]), "given");
    }
    return board;
  }

  /// Shades each cell by the largest share one clue has of it in the LP relaxation (the
  /// sum of that clue's candidate values over the rectangles covering the cell): 1 where
  /// the relaxation already knows whose rectangle the cell lies in, lighter where clues
  /// share it. Every cell's shares add up to 1 (cover), so the total says nothing. A wall
  /// is drawn between two such known cells of different clues, so the rectangles the
  /// relaxation has settled show (all of them when it is integral).
  void drawRelaxation(const Puzzle& puzzle, const Built& built, const std::vector<double>& values,
                      Board* board) const override {
    const ShikakuPuzzle& p = shikakuOf(puzzle);
    const auto& b = dynamic_cast<const ShikakuBuilt&>(built);
    const RectGrid& g = p.grid;
    std::vector<double> best(g.cells(), 0.0);
    std::vector<int> owner(g.cells(), -1);  // the clue of the largest share
    std::vector<double> share(g.cells());
    for (std::size_t k = 0; k < b.candidates.size(); ++k) {
      std::fill(share.begin(), share.end(), 0.0);
      for (std::size_t j = 0; j < b.candidates[k].size(); ++j) {
        const double v = values[b.y(static_cast<int>(k) + 1, static_cast<int>(j) + 1).index];
        if (v <= 1e-9) continue;
        const Rectangle& rect = b.candidates[k][j];
        for (int r = rect.top; r < rect.top + rect.height; ++r) {
          for (int c = rect.left; c < rect.left + rect.width; ++c) share[g.index(r, c)] += v;
        }
      }
      for (int cell = 0; cell < g.cells(); ++cell) {
        if (share[cell] > best[cell]) {
          best[cell] = share[cell];
          owner[cell] = static_cast<int>(k);
        }
      }
    }
    std::vector<BoardItem> shades;
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (best[cell] > 1e-9) {
        shades.push_back(
            // Its text says what the value is: the largest share of one rectangle.
            {ItemKind::kShade,
             g.centre(cell),
             "rectangle",
             std::min(1.0, best[cell]),
             "relaxed",
             {},
             {}});
      }
    }
    // Under the numbers.
    board->items.insert(board->items.begin(), shades.begin(), shades.end());
    const auto known = [&](int cell) { return best[cell] >= 1 - 1e-6; };
    for (int cell = 0; cell < g.cells(); ++cell) {
      for (const int next : {g.columnOf(cell) + 1 < g.columns ? cell + 1 : -1,
                             g.rowOf(cell) + 1 < g.rows ? cell + g.columns : -1}) {
        if (next >= 0 && known(cell) && known(next) && owner[cell] != owner[next]) {
          board->wall(g.edgeBetween(cell, next));
        }
      }
    }
  }

  Formulation formulation(const Puzzle& /*puzzle*/, const Built& built) const override {
    Formulation f;
    f.genre = "shikaku";
    f.variables =
        "y_{k,j} \\in \\{0,1\\},\\ y_{k,j} = 1 \\iff \\text{clue } k \\text{ takes its "
        "candidate } R_{k,j};\\quad R_{k,j}: \\text{the rectangles of area } a_k "
        "\\text{ holding clue } k \\text{ and no other}";
    f.objective = "\\text{minimise } 0 \\quad (\\text{any feasible point is an answer})";
    f.groups.push_back({"choose",
                        "Each clue takes one rectangle of its area",
                        "\\sum_j y_{k,j} = 1 \\quad \\forall k",
                        "candidates (set partitioning)",
                        {}});
    f.groups.push_back({"cover",
                        "Every cell lies in exactly one rectangle",
                        "\\sum_{(k,j):\\ (r,c) \\in R_{k,j}} y_{k,j} = 1 \\quad \\forall (r,c)",
                        "candidates (set partitioning)",
                        {}});
    collectRows(built, &f);
    return f;
  }

  std::string formatPuzzle(const Puzzle& puzzle) const override {
    const ShikakuPuzzle& p = shikakuOf(puzzle);
    return recordHead(p) + formatBlock(p.grid, [&](int cell) {
             return p.clues[cell] == 0 ? std::string("-") : std::to_string(p.clues[cell]);
           });
  }

  /// The rectangle ids numbered as janko numbers them (first appearance, column by
  /// column), so that an answer prints as its sw_Shikaku.solutions.txt record.
  std::string formatAnswer(const Puzzle& puzzle, const Answer& answer) const override {
    const ShikakuPuzzle& p = shikakuOf(puzzle);
    const RectGrid& g = p.grid;
    std::map<int, int> id_of;
    for (int c = 0; c < g.columns; ++c) {
      for (int r = 0; r < g.rows; ++r) {
        id_of.emplace(answer.cells[g.index(r, c)], static_cast<int>(id_of.size()) + 1);
      }
    }
    return recordHead(p) +
           formatBlock(g, [&](int cell) { return std::to_string(id_of.at(answer.cells[cell])); });
  }
};

}  // namespace

const Genre& shikakuGenre() {
  static const ShikakuGenre genre;
  return genre;
}

std::vector<double> shikakuValues(const Built& built, const Answer& answer) {
  const RectGrid& g = answer.grid;
  const auto& b = dynamic_cast<const ShikakuBuilt&>(built);
  std::vector<double> values(b.model.numVars(), 0.0);
  for (std::size_t k = 0; k < b.candidates.size(); ++k) {
    for (std::size_t j = 0; j < b.candidates[k].size(); ++j) {
      const Rectangle& rect = b.candidates[k][j];
      bool same = true;
      for (int cell = 0; cell < g.cells() && same; ++cell) {
        const bool inside = rect.contains(g.rowOf(cell), g.columnOf(cell));
        same = inside == (answer.cells[cell] == static_cast<int>(k) + 1);
      }
      if (same) values[b.y(static_cast<int>(k) + 1, static_cast<int>(j) + 1).index] = 1.0;
    }
  }
  return values;
}

}  // namespace gridmilp::puzzles
