// gridmilp — Slitherlink: draw one closed loop along the grid lines, without crossings
// or branches; each clue says how many of its cell's four sides the loop uses.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Text: the janko-style record of sw_Slitherlink.puzzles.txt (records.h): "R C", then R
// lines of C tokens, a clue 0 to 3 or `-` (or `.`) for a cell without one. Answers
// (sw_Slitherlink.solutions.txt): "R C", then `x` for each cell inside the loop and `-`
// for each cell outside. Answer::cells holds 1 inside and 0 outside; Answer::edges one
// value per grid edge (1 on the loop), in the order of edges.h: the (R + 1) × C
// horizontal edges line by line, then the R × (C + 1) vertical edges row by row. The
// board draws the loop as lines between grid points, (i, j) at (2i, 2j).
//
// Both models share the edge binaries h[i,c] (the horizontal edge of column c = 1..C on
// grid line i = 0..R, the line between rows i and i + 1) and v[r,j] (the vertical edge of
// row r = 1..R on grid line j = 0..C, between columns j and j + 1); cell (r, c) has the
// sides h[r−1,c], h[r,c], v[r,c−1], v[r,c].
//
// Model "cells" (the default; binary x[r,c] = 1 iff cell (r, c) is inside the loop, the
// outside of the grid counting as outside):
//   hside[i,c,k], vside[r,j,k]:  an edge is on the loop iff the cells beside it differ:
//                 e >= x_a − x_b, e >= x_b − x_a, e <= x_a + x_b, e <= 2 − x_a − x_b
//                 (e = x_a for an edge on the border)
//   clue[r,c]:    the four sides sum to the clue; a clue 2 as clue[r,c,k]: every three of
//                 the four sides hold one or two (8 rows)
//   no_cross[i,j,k]: no two cells inside diagonally with the other two outside around an
//                 inner point: x_a + x_d − x_b − x_c <= 1, x_b + x_c − x_a − x_d <= 1
//   loop_exists:  sum of x >= 1
//   connect[k]:   the inside cells form one area, and the outside cells with a ring of
//                 cells around the grid another, by re-solving with cells.h's cuts
// Inside and outside each connected, without the diagonal pattern, is exactly one loop:
// the edges between them meet in twos at every point, and one closed curve separates
// them. Written so, every row is a clause, a packing (sum <= 1) or one of their negations,
// which GLPK's SAT route turns into CNF directly (SolveOptions::satDirectClauses); a clue
// 2 as one row "= 2" would send the whole model through GLPK's own translation, which
// took 2.5 times as long on the shared set. (The 8 rows are weaker in the LP relaxation:
// they give only 4/3 <= sum <= 8/3.)
//
// Model "textbook" (the edge model; binary y[i,j] = 1 iff the loop passes grid point
// (i, j), from (0, 0) at the top left to (R, C)):
//   degree[i,j]:  sum of the 2 to 4 edges at point (i, j) = 2 y[i,j]   no end, no branch
//   clue[r,c]:    h[r−1,c] + h[r,c] + v[r,c−1] + v[r,c] = clue          the clues
//   loop_exists:  sum of y >= 1                                         there is a loop
//   subtour[k]:   one loop, by re-solving with cuts:
// the degree rows leave disjoint closed loops. For a loop L of an integer solution that
// is not the only one, let S be the grid points on L or enclosed by it, u a point of S and
// v a point outside S, both on the loop now. The cut is
//   subtour[k]:   sum_{edges with one end in S} e >= y_u + y_v − 1.
// It is always valid: in an answer that passes u and v, the one loop runs from inside S
// to outside it, so it uses an edge leaving S. The current solution breaks it: no edge
// leaves S (another loop cannot cross L, so it lies wholly inside or wholly outside S),
// while y_u = y_v = 1. The travelling salesman texts write the subtour elimination as
// sum_{δ(S)} e >= 2 (y_u + y_v − 1); both have the same 0-1 solutions, since every point
// of an answer has an even degree, so the loop crosses δ(S) an even number of times and
// "at least 1" means "at least 2". The form with 1 is a clause, where the one with 2 needs
// auxiliary variables in the SAT route's CNF: it took half the time on the first 120
// shared records. Every corner of a 3 clue is on the loop (three sides of the cell touch
// all four corners); when there is one in S it is u, and when there is one outside S it
// is v: y_v is then 1 in every answer, and the cut forbids every loop that passes u and
// stays in S. (Saito's Slitherlink notebook orders the points from a corner of a 3 by
// MTZ-style variables instead of cutting.)
// The edge model needs GLPK's own translation to CNF (the rows with 2 y) and meets many
// more conflicts: on the shared set it took 9 times the processor time of the cell model
// (67 s against 7.7 s for the 588 records).
#include "puzzles/slitherlink/slitherlink.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "puzzles/common/cells.h"
#include "puzzles/common/clues.h"
#include "puzzles/slitherlink/edges.h"

namespace gridmilp::puzzles {
namespace {

using slitherlink::closedRegion;
using slitherlink::EdgeGrid;
using slitherlink::LoopPiece;

struct SlitherlinkPuzzle : Puzzle {
  std::vector<int> clues;  ///< per cell, −1 for none
};

struct SlitherlinkBuilt : Built {
  bool cellModel = false;
  EdgeGrid eg;
  std::vector<milp::Var> edge;  ///< by edge number (edges.h)
  milp::VarFamily y;            ///< the edge model: y(i, j), points from (0, 0)
  milp::VarFamily x;            ///< the cell model: x(r, c), 1-based
  std::vector<char> alwaysOn;   ///< the edge model: points every answer passes (3s' corners)
  mutable int cuts = 0;         ///< cuts named so far (separate is const)
};

const SlitherlinkPuzzle& slitherlinkOf(const Puzzle& puzzle) {
  return dynamic_cast<const SlitherlinkPuzzle&>(puzzle);
}

/// A row name: "family[a,b]", or "family[a,b,c]" when c >= 0.
std::string rowName(const char* family, int a, int b, int c = -1) {
  return std::string(family) + "[" + std::to_string(a) + "," + std::to_string(b) +
         (c >= 0 ? "," + std::to_string(c) : "") + "]";
}

/// The edge model's y variable of point p.
milp::Var pointVar(const SlitherlinkBuilt& b, int p) {
  return b.y(b.eg.pointRow(p), b.eg.pointColumn(p));
}

/// The edge and cell variables both models share: h, v, and the answer's cell of each.
void addEdgeVars(const RectGrid& g, SlitherlinkBuilt* b) {
  milp::Model& m = b->model;
  const milp::VarFamily h =
      m.addVars("h", {{0, g.rows + 1}, {1, g.columns}}, milp::VarType::kBinary, 0, 1);
  const milp::VarFamily v =
      m.addVars("v", {{1, g.rows}, {0, g.columns + 1}}, milp::VarType::kBinary, 0, 1);
  b->eg = EdgeGrid{g};
  for (int i = 0; i <= g.rows; ++i) {
    for (int j = 0; j < g.columns; ++j) b->edge.push_back(h(i, j + 1));
  }
  for (int i = 0; i < g.rows; ++i) {
    for (int j = 0; j <= g.columns; ++j) b->edge.push_back(v(i + 1, j));
  }
  b->cellOf.assign(m.numVars(), -1);
  for (int e = 0; e < b->eg.edges(); ++e) {
    const auto [first, second] = b->eg.cellsBeside(e);
    b->cellOf[b->edge[e].index] = second >= 0 ? second : first;
  }
}

/// The cell model's rows hside/vside for edge e: on the loop iff the cells beside differ.
void addSideRows(const SlitherlinkBuilt& b, int e, milp::Model* m) {
  const EdgeGrid& eg = b.eg;
  const RectGrid& g = eg.grid;
  const auto [first, second] = eg.cellsBeside(e);
  const bool horizontal = eg.isHorizontal(e);
  const char* family = horizontal ? "hside" : "vside";
  // The row names: h[i,c] and v[r,j] as the variables.
  const int k = horizontal ? e : e - eg.horizontal();
  const int width = horizontal ? g.columns : g.columns + 1;
  const int a_index = horizontal ? k / width : k / width + 1;
  const int b_index = horizontal ? k % width + 1 : k % width;
  const milp::LinExpr on = b.edge[e];
  const auto cellVar = [&](int cell) { return b.x(g.rowOf(cell) + 1, g.columnOf(cell) + 1); };
  if (first < 0 || second < 0) {
    m->addConstraint(on == milp::LinExpr(cellVar(first < 0 ? second : first)),
                     rowName(family, a_index, b_index, 1));
    return;
  }
  const milp::LinExpr xa = cellVar(first), xb = cellVar(second);
  m->addConstraint(on >= xa - xb, rowName(family, a_index, b_index, 1));
  m->addConstraint(on >= xb - xa, rowName(family, a_index, b_index, 2));
  m->addConstraint(on <= xa + xb, rowName(family, a_index, b_index, 3));
  m->addConstraint(on <= 2.0 - xa - xb, rowName(family, a_index, b_index, 4));
}

/// The rows of the clue of `cell`: its four sides sum to it. The cell model writes a
/// clue 2 as every three of the four sides holding one or two (see the file comment).
/// With `switched` (BuildOptions::switchClues) the sum's one row, switched (clues.h).
void addClueRows(SlitherlinkBuilt& b, int cell, int clue, bool switched, milp::Model* m) {
  const RectGrid& g = b.eg.grid;
  const std::array<int, 4> sides = b.eg.sides(cell);
  const int r = g.rowOf(cell) + 1, c = g.columnOf(cell) + 1;
  if (!b.cellModel || clue != 2 || switched) {
    milp::LinExpr all;
    for (int e : sides) all += b.edge[e];
    addClueRow(b, all, clue, rowName("clue", r, c), switched, cell, std::to_string(clue));
    return;
  }
  for (int left_out = 0; left_out < 4; ++left_out) {
    milp::LinExpr three;
    for (int k = 0; k < 4; ++k) {
      if (k != left_out) three += b.edge[sides[k]];
    }
    markClueRow(b, m->addConstraint(three >= 1, rowName("clue", r, c, 2 * left_out + 1)), cell);
    markClueRow(b, m->addConstraint(three <= 2, rowName("clue", r, c, 2 * left_out + 2)), cell);
  }
}

/// The edge model's subtour cuts for the current solution (see the file comment).
std::vector<Cut> subtourCuts(const SlitherlinkBuilt& b) {
  const EdgeGrid& eg = b.eg;
  std::vector<int> on(eg.edges());
  for (int e = 0; e < eg.edges(); ++e) on[e] = b.model.value(b.edge[e]) > 0.5;
  const std::vector<LoopPiece> pieces = slitherlink::loopPieces(eg, on);
  if (pieces.size() < 2) return {};
  std::vector<Cut> out;
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    const LoopPiece& piece = pieces[k];
    std::vector<int> own(eg.edges(), 0);
    for (int e : piece.edges) own[e] = 1;
    const std::vector<int> enclosed = slitherlink::cellsInside(eg, own);
    const std::vector<char> region = closedRegion(eg, enclosed);
    // u in S and v outside it, both on the loop now: each a point every answer passes
    // if there is one, else u a point of this loop and v one of another loop.
    int u = piece.points.front(), v = -1;
    for (int p = 0; p < eg.points() && v < 0; ++p) {
      if (!region[p] && b.alwaysOn[p]) v = p;
    }
    for (std::size_t other = 0; other < pieces.size() && v < 0; ++other) {
      if (other != k && !region[pieces[other].points.front()]) v = pieces[other].points.front();
    }
    if (v < 0) continue;  // this loop encloses every other: theirs cut it
    for (int p = 0; p < eg.points(); ++p) {
      if (region[p] && b.alwaysOn[p]) {
        u = p;
        break;
      }
    }
    milp::LinExpr leaving;
    int count = 0;
    for (int e = 0; e < eg.edges(); ++e) {
      const auto [p, q] = eg.ends(e);
      if (region[p] != region[q]) {
        leaving += b.edge[e];
        ++count;
      }
    }
    Cut cut;
    cut.row = leaving >= milp::LinExpr(pointVar(b, u)) + pointVar(b, v) - 1.0;
    cut.name = "subtour[" + std::to_string(++b.cuts) + "]";
    cut.why = "the loop of " + std::to_string(piece.edges.size()) + " edges through " +
              eg.pointName(piece.points.front()) + " is closed: one of the " +
              std::to_string(count) + " edges leaving it must be on the loop";
    for (int cell = 0; cell < eg.grid.cells(); ++cell) {
      if (enclosed[cell]) cut.cells.push_back(cell);
    }
    out.push_back(std::move(cut));
  }
  return out;
}

/// The cell model's connectivity cuts: the inside cells, then the outside cells with a
/// ring of cells around the grid that are always outside.
std::vector<Cut> areaCuts(const SlitherlinkBuilt& b) {
  const RectGrid& g = b.eg.grid;
  const auto cellVar = [&](int cell) { return b.x(g.rowOf(cell) + 1, g.columnOf(cell) + 1); };
  std::vector<char> inside(g.cells());
  for (int cell = 0; cell < g.cells(); ++cell) inside[cell] = b.model.value(cellVar(cell)) > 0.5;
  std::vector<Cut> out = connectivityCuts(
      g, inside, [&](int cell) { return milp::LinExpr(cellVar(cell)); }, ConnectivityCut::kPiece,
      &b.cuts, "inside cells");
  const RectGrid ring{g.rows + 2, g.columns + 2};
  const auto inner = [&](int cell) {
    const int r = ring.rowOf(cell) - 1, c = ring.columnOf(cell) - 1;
    return g.contains(r, c) ? g.index(r, c) : -1;
  };
  std::vector<char> outside(ring.cells());
  for (int cell = 0; cell < ring.cells(); ++cell) {
    outside[cell] = inner(cell) < 0 || !inside[inner(cell)];
  }
  std::vector<Cut> more = connectivityCuts(
      ring, outside,
      [&](int cell) {
        return inner(cell) < 0 ? milp::LinExpr(1.0) : 1.0 - milp::LinExpr(cellVar(inner(cell)));
      },
      ConnectivityCut::kPiece, &b.cuts, "outside cells");
  // The cuts come one per piece, in the order of components(): say them in the grid's
  // own rows and columns.
  const std::vector<std::vector<int>> pieces = components(ring, outside);
  for (std::size_t k = 0; k < more.size(); ++k) {
    Cut& cut = more[k];
    std::vector<int> cells;
    for (int cell : cut.cells) {
      if (inner(cell) >= 0) cells.push_back(inner(cell));
    }
    cut.cells = std::move(cells);
    const auto around = [&](bool one) {
      return (cut.cells.size() == 1 ? "the " : "one of the ") +
             countOf(cut.cells.size(), "inside cells") + " around " + (one ? "it" : "them") +
             " must be outside";
    };
    if (more.size() == pieces.size()) {  // one cut per piece, as cells.h makes them
      const bool one = pieces[k].size() == 1;
      cut.why =
          inner(pieces[k].front()) < 0
              ? "the outside cells along the border are cut off from the others: " + around(false)
              : "the " + countOf(pieces[k].size(), "outside cells") + " from " +
                    g.name(inner(pieces[k].front())) + (one ? " is" : " are") +
                    " walled in: " + around(one);
    }
    out.push_back(std::move(cut));
  }
  return out;
}

class SlitherlinkGenre final : public Genre {
 public:
  std::string_view id() const override { return "slitherlink"; }
  std::string_view title() const override { return "Slitherlink"; }
  std::vector<std::string_view> models() const override { return {"cells", "textbook"}; }

  std::vector<std::unique_ptr<Puzzle>> parse(std::string_view text, int /*size*/) const override {
    std::vector<std::unique_ptr<Puzzle>> out;
    for (const Record& record : parseRecords(text)) {
      auto p = std::make_unique<SlitherlinkPuzzle>();
      beginPuzzle(record, p.get());
      requireNoParameter(record, title());
      const std::vector<const Token*> tokens = recordBlock(record, 0, 1);
      p->clues.resize(tokens.size());
      for (std::size_t k = 0; k < tokens.size(); ++k) {
        const std::string& t = tokens[k]->text;
        p->clues[k] = t == "-" || t == "." ? -1
                                           : tokenValue(record, *tokens[k],
                                                        blockLine(record, 0, static_cast<int>(k)),
                                                        0, 3, true, "a clue");
      }
      out.push_back(std::move(p));
    }
    return out;
  }

  std::unique_ptr<Built> build(const Puzzle& puzzle, const BuildOptions& options) const override {
    requireModel(options.model);
    const SlitherlinkPuzzle& p = slitherlinkOf(puzzle);
    const RectGrid& g = p.grid;
    auto built = std::make_unique<SlitherlinkBuilt>();
    SlitherlinkBuilt& b = *built;
    b.cellModel = options.model == "cells";
    milp::Model& m = b.model;
    addEdgeVars(g, &b);
    const EdgeGrid& eg = b.eg;
    if (b.cellModel) {
      b.x = m.addVars("x", {{1, g.rows}, {1, g.columns}}, milp::VarType::kBinary, 0, 1);
      b.answer = b.x.all();
      b.cellOf.resize(m.numVars(), -1);
      for (int cell = 0; cell < g.cells(); ++cell) b.cellOf[b.answer[cell].index] = cell;
      // An edge is on the loop iff the cells beside it differ.
      for (int e = 0; e < eg.edges(); ++e) addSideRows(b, e, &m);
    } else {
      b.y = m.addVars("y", {{0, g.rows + 1}, {0, g.columns + 1}}, milp::VarType::kBinary, 0, 1);
      b.answer = b.edge;
      b.cellOf.resize(m.numVars(), -1);
      for (int q = 0; q < eg.points(); ++q) {
        b.cellOf[pointVar(b, q).index] = g.index(std::min(eg.pointRow(q), g.rows - 1),
                                                 std::min(eg.pointColumn(q), g.columns - 1));
      }
      // The corners of the 3 clues, which every answer passes (for the cuts).
      b.alwaysOn.assign(eg.points(), 0);
      for (int cell = 0; cell < g.cells(); ++cell) {
        if (p.clues[cell] != 3) continue;
        const int r = g.rowOf(cell), c = g.columnOf(cell);
        for (int q :
             {eg.point(r, c), eg.point(r, c + 1), eg.point(r + 1, c), eg.point(r + 1, c + 1)}) {
          b.alwaysOn[q] = 1;
        }
      }
      // Two edges or none at every grid point: no end, no branch.
      for (int q = 0; q < eg.points(); ++q) {
        milp::LinExpr at;
        for (int e : eg.edgesAt(q)) at += b.edge[e];
        m.addConstraint(at == 2.0 * milp::LinExpr(pointVar(b, q)),
                        rowName("degree", eg.pointRow(q), eg.pointColumn(q)));
      }
    }
    // Each clue counts its cell's sides on the loop.
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (p.clues[cell] >= 0) addClueRows(b, cell, p.clues[cell], options.switchClues, &m);
    }
    if (b.cellModel) {
      // The loop does not touch itself: no diagonal pattern around an inner point.
      for (int i = 1; i < g.rows; ++i) {
        for (int j = 1; j < g.columns; ++j) {
          const milp::LinExpr a = b.x(i, j), bb = b.x(i, j + 1), c = b.x(i + 1, j),
                              d = b.x(i + 1, j + 1);
          m.addConstraint(a + d - bb - c <= 1, rowName("no_cross", i, j, 1));
          m.addConstraint(bb + c - a - d <= 1, rowName("no_cross", i, j, 2));
        }
      }
    }
    // There is a loop.
    m.addConstraint(sum(b.cellModel ? b.x.all() : b.y.all()) >= 1, "loop_exists[1]");
    return built;
  }

  std::vector<Cut> separate(const Puzzle& /*puzzle*/, const Built& built) const override {
    const auto& b = dynamic_cast<const SlitherlinkBuilt&>(built);
    return b.cellModel ? areaCuts(b) : subtourCuts(b);
  }

  Answer decode(const Puzzle& puzzle, const Built& built) const override {
    const auto& b = dynamic_cast<const SlitherlinkBuilt&>(built);
    Answer out{puzzle.grid, {}, std::vector<int>(b.eg.edges(), 0)};
    for (int e = 0; e < b.eg.edges(); ++e) out.edges[e] = b.model.value(b.edge[e]) > 0.5;
    out.cells = slitherlink::cellsInside(b.eg, out.edges);
    return out;
  }

  std::optional<std::string> verify(const Puzzle& puzzle, const Answer& answer) const override;

  Board board(const Puzzle& puzzle, const Answer* answer) const override {
    const SlitherlinkPuzzle& p = slitherlinkOf(puzzle);
    const EdgeGrid eg{p.grid};
    Board board;
    board.rows = p.grid.rows;
    board.columns = p.grid.columns;
    for (int q = 0; q < eg.points(); ++q) {
      board.items.push_back({ItemKind::kDot, eg.at(q), {}, 1.0, "point", {}, {}});
    }
    for (int cell = 0; cell < p.grid.cells(); ++cell) {
      if (p.clues[cell] >= 0) {
        board.number(p.grid.centre(cell), std::to_string(p.clues[cell]), "given");
      }
    }
    if (answer != nullptr && static_cast<int>(answer->edges.size()) == eg.edges()) {
      for (int e = 0; e < eg.edges(); ++e) {
        if (!answer->edges[e]) continue;
        const auto [a, b] = eg.ends(e);
        board.items.push_back({ItemKind::kLine, eg.at(a), {}, 1.0, "loop", {}, eg.at(b)});
      }
    }
    return board;
  }

  void drawRelaxation(const Puzzle& /*puzzle*/, const Built& built,
                      const std::vector<double>& values, Board* board) const override {
    const auto& b = dynamic_cast<const SlitherlinkBuilt&>(built);
    for (int e = 0; e < b.eg.edges(); ++e) {
      const double v = values[b.edge[e].index];
      if (v <= 1e-9) continue;
      const auto [p, q] = b.eg.ends(e);
      board->items.push_back(
          {ItemKind::kLine, b.eg.at(p), {}, std::min(1.0, v), "relaxed", {}, b.eg.at(q)});
    }
  }

  Formulation formulation(const Puzzle& puzzle, const Built& built) const override;

  std::string formatPuzzle(const Puzzle& puzzle) const override {
    const SlitherlinkPuzzle& p = slitherlinkOf(puzzle);
    return recordHead(p) + formatBlock(p.grid, [&](int cell) {
             return p.clues[cell] < 0 ? std::string("-") : std::to_string(p.clues[cell]);
           });
  }

  std::string formatAnswer(const Puzzle& puzzle, const Answer& answer) const override {
    return recordHead(puzzle) + formatBlock(puzzle.grid, [&](int cell) {
             return std::string(answer.cells[cell] ? "x" : "-");
           });
  }
};

std::optional<std::string> SlitherlinkGenre::verify(const Puzzle& puzzle,
                                                    const Answer& answer) const {
  const SlitherlinkPuzzle& p = slitherlinkOf(puzzle);
  const RectGrid& g = p.grid;
  const EdgeGrid eg{g};
  if (!(answer.grid == g) || static_cast<int>(answer.cells.size()) != g.cells() ||
      static_cast<int>(answer.edges.size()) != eg.edges()) {
    return "the answer is not " + g.label() + " with " + std::to_string(eg.edges()) + " edges";
  }
  for (int cell = 0; cell < g.cells(); ++cell) {
    if (answer.cells[cell] != 0 && answer.cells[cell] != 1) {
      return g.name(cell) + " is neither inside nor outside";
    }
  }
  for (int e = 0; e < eg.edges(); ++e) {
    if (answer.edges[e] != 0 && answer.edges[e] != 1) {
      return eg.edgeName(e) + " is neither on the loop nor off it";
    }
  }
  for (int q = 0; q < eg.points(); ++q) {
    int degree = 0;
    for (int e : eg.edgesAt(q)) degree += answer.edges[e];
    if (degree == 1) return "the loop ends at " + eg.pointName(q);
    if (degree > 2) {
      return "the loop " + std::string(degree == 3 ? "branches" : "crosses itself") + " at " +
             eg.pointName(q);
    }
  }
  for (int cell = 0; cell < g.cells(); ++cell) {
    if (p.clues[cell] < 0) continue;
    int used = 0;
    for (int e : eg.sides(cell)) used += answer.edges[e];
    if (used != p.clues[cell]) {
      return g.name(cell) + " has " + std::to_string(used) + " of its sides on the loop, not " +
             std::to_string(p.clues[cell]);
    }
  }
  const std::vector<LoopPiece> pieces = slitherlink::loopPieces(eg, answer.edges);
  if (pieces.empty()) return "there is no loop";
  if (pieces.size() > 1) {
    return "the loop falls into " + std::to_string(pieces.size()) +
           " separate loops (one through " + eg.pointName(pieces[1].points.front()) + ")";
  }
  const std::vector<int> inside = slitherlink::cellsInside(eg, answer.edges);
  for (int cell = 0; cell < g.cells(); ++cell) {
    if (answer.cells[cell] != inside[cell]) {
      return g.name(cell) + " is marked " + (answer.cells[cell] ? "inside" : "outside") +
             " but lies " + (inside[cell] ? "inside" : "outside") + " the loop";
    }
  }
  return std::nullopt;
}

Formulation SlitherlinkGenre::formulation(const Puzzle& /*puzzle*/, const Built& built) const {
  const auto& b = dynamic_cast<const SlitherlinkBuilt&>(built);
  Formulation f;
  f.genre = "slitherlink";
  f.objective = "\\text{minimise } 0 \\quad (\\text{any feasible point is an answer})";
  ConstraintGroup clue{
      "clue",
      "Each clue counts the sides of its cell on the loop",
      "h_{r-1,c} + h_{r,c} + v_{r,c-1} + v_{r,c} = n_{r,c} \\quad \\text{for each clue } n_{r,c}",
      "neighbour sums",
      {}};
  if (b.cellModel) {
    clue.tex +=
        "\\quad (n_{r,c} = 2:\\ 1 \\le \\sum_{e \\in T} e \\le 2 \\text{ for each 3 of the 4 "
        "sides } T\\text{: clauses for the SAT route})";
  }
  if (!b.cellModel) {
    f.variables =
        "h_{i,c}, v_{r,j}, y_{i,j} \\in \\{0,1\\}:\\ h_{i,c} = 1 \\iff \\text{the edge on grid "
        "line } i \\text{ (between rows } i, i+1\\text{) in column } c \\text{ is on the loop},\\ "
        "v_{r,j}: \\text{the edge on grid line } j \\text{ in row } r,\\ y_{i,j} = 1 \\iff "
        "\\text{the loop passes grid "
        "point } (i,j)";
    f.groups.push_back({"degree",
                        "The loop neither ends nor branches: two edges or none at each point",
                        "\\sum_{e \\ni (i,j)} e = 2\\,y_{i,j} \\quad \\forall i, j",
                        "degree 0 or 2",
                        {}});
    f.groups.push_back(clue);
    f.groups.push_back(
        {"loop_exists", "There is a loop", "\\sum_{i,j} y_{i,j} \\ge 1", "covering", {}});
    f.groups.push_back(
        {"subtour",
         "One loop, not several (cuts added by re-solving)",
         "\\sum_{e \\in \\delta(S)} e \\ge y_u + y_v - 1 \\quad S: \\text{a closed loop and the "
         "points it encloses},\\ u \\in S,\\ v \\notin S",
         "re-solve with cuts",
         {}});
  } else {
    f.variables =
        "x_{r,c} \\in \\{0,1\\},\\ x_{r,c} = 1 \\iff \\text{cell } (r,c) \\text{ is inside the "
        "loop};\\quad h_{i,c}, v_{r,j} \\in \\{0,1\\}: \\text{the edges, as in the edge model}";
    f.groups.push_back({"hside",
                        "A horizontal edge is on the loop iff the cells above and below differ",
                        "h_{i,c} = |x_{i,c} - x_{i+1,c}| \\quad (\\text{4 rows; } x = 0 "
                        "\\text{ outside the grid})",
                        "absolute value",
                        {}});
    f.groups.push_back({"vside",
                        "A vertical edge is on the loop iff the cells left and right differ",
                        "v_{r,j} = |x_{r,j} - x_{r,j+1}| \\quad (\\text{4 rows; } x = 0 "
                        "\\text{ outside the grid})",
                        "absolute value",
                        {}});
    f.groups.push_back(clue);
    f.groups.push_back(
        {"no_cross",
         "The loop does not touch itself: no two cells inside diagonally with the others outside",
         "x_{i,j} + x_{i+1,j+1} - x_{i,j+1} - x_{i+1,j} \\le 1 \\text{ and the other diagonal}",
         "2×2 patterns",
         {}});
    f.groups.push_back({"loop_exists",
                        "There is a loop: some cell is inside",
                        "\\sum_{r,c} x_{r,c} \\ge 1",
                        "covering",
                        {}});
    f.groups.push_back(
        {"connect",
         "Inside and outside each form one area (cuts added by re-solving)",
         "w_u + w_v - \\sum_{b \\in \\partial C} w_b \\le 1 \\quad w = x \\text{ inside}, "
         "w = 1 - x \\text{ outside}",
         "re-solve with cuts",
         {}});
  }
  collectRows(built, &f);
  return f;
}

}  // namespace

const Genre& slitherlinkGenre() {
  static const SlitherlinkGenre genre;
  return genre;
}

}  // namespace gridmilp::puzzles
