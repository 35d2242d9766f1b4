// gridmilp — Kuromasu (puzz.link's kurodoko): shade cells so that each numbered cell,
// never shaded, sees that many unshaded cells in the four directions, itself included,
// up to a shaded cell or the edge; shaded cells never touch side by side; the unshaded
// cells form one area.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Text: the janko-style record of sw_Kuromasu.puzzles.txt (records.h): "R C", then R
// lines of C tokens, a number for a clue and `-` for a cell without one. Answers
// (sw_Kuromasu.solutions.txt): `x` for each shaded cell, `-` for the others.
// Binary s[r,c] = 1 iff cell (r, c) is shaded; s = 0 at every clue (fixed). For a clue i
// of number n_i and a direction d (1 up, 2 down, 3 left, 4 right), c_{i,d,1}, c_{i,d,2}, …
// are the cells beyond i in that direction, L_{i,d} of them.
// Model "textbook" (the default: binaries and ±1 coefficients, GLPK's SAT route; the clue
// rows go through GLPK's own translation to clauses): binary
// v[r,c,d,k] = 1 iff clue (r, c) sees c_{i,d,k} (it and the cells before it unshaded), for
// k ≤ K = min(L, n − 1) (a clue never sees further):
//   clue[r,c]:         sum_{d,k} v = n − 1
//   sees_chain[r,c,d,k]: v_k <= v_{k−1}                 (k >= 2)
//   sees_open[r,c,d,k]:  v_k + s_{c_k} <= 1              a shaded cell is not seen
//   sees_on[r,c,d,k]:    v_k >= v_{k−1} − s_{c_k}        (v_0 = 1; for k = K + 1 <= L,
//                                                        v_{K+1} = 0: the cell is shaded)
// the visible lengths as implications, the unary form of "sees exactly k cells in this
// direction" (x_k = v_k − v_{k+1}). The choice form itself (binary x_k, sum_k x_k = 1 per
// direction, sum k·x_k = n − 1) was slower on sw_Kuromasu by GLPK's SAT route: 16.7 s
// against 10.1 s for the 280 records, the slowest 1.2 s against 0.55 s.
// Model "big-m" (Saito's notebook): integer run[d,r,c] in [0, M], M = 1 + L (the run of
// unshaded cells from (r, c) in direction d, itself included), with next the neighbour in
// direction d (run_next = 0 past the edge):
//   run_shaded[d,r,c]: run <= M (1 − s)                  IF shaded THEN 0, by big-M
//   run_on[d,r,c]:     run >= run_next + 1 − M s         IF unshaded THEN next + 1
//   run_most[d,r,c]:   run <= run_next + 1
//   clue[r,c]:         sum_d run[d,r,c] = n + 3          (each direction counts the clue)
// It has general integers: solve it by branch-and-bound (the SAT route refuses it). On
// sw_Kuromasu it is far slower than the default: 13 of the 280 records (17×17 and up)
// take over 60 s, and the other 267 take 132 s together where the default takes 7.6 s.
// Every model also has
//   apart[r,c,k]:  s[r,c] + s[next] <= 1                 shaded cells do not touch
//   walled[r,c]:   s[r,c] + sum_{neighbours} (1 − s) >= 1   no unshaded cell walled in
//                  (implied by connectivity, as in Heyawake)
//   connect[k]:    the unshaded cells form one area, by re-solving with cuts (cells.h);
// "whole-no-good" is "textbook" with Saito's whole-solution no-good instead, to compare
// the rounds (on sw_Kuromasu few answers break connectivity: 294 rounds, at most 5 for one
// record, against 289 and 3, in the same time).
#include "puzzles/kuromasu/kuromasu.h"

#include <algorithm>

#include "puzzles/common/cells.h"
#include "puzzles/common/clues.h"

namespace gridmilp::puzzles {
namespace {

constexpr int kSteps[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};  // up, down, left, right

struct KuromasuPuzzle : Puzzle {
  std::vector<int> clue;  ///< per cell, its number, or 0
};

enum class Encoding { kSees, kBigM };

struct KuromasuBuilt : ConnectedShadingBuilt {
  milp::VarFamily v;    ///< "textbook": v(r, c, d, k), sparse
  milp::VarFamily run;  ///< "big-m": run(d, r, c)
  Encoding encoding = Encoding::kSees;
};

const KuromasuPuzzle& kuromasuOf(const Puzzle& puzzle) {
  return dynamic_cast<const KuromasuPuzzle&>(puzzle);
}

/// The cells beyond `cell` in direction `d` (0 up, 1 down, 2 left, 3 right), outward.
std::vector<int> ray(const RectGrid& g, int cell, int d) {
  std::vector<int> out;
  int r = g.rowOf(cell) + kSteps[d][0], c = g.columnOf(cell) + kSteps[d][1];
  for (; g.contains(r, c); r += kSteps[d][0], c += kSteps[d][1]) out.push_back(g.index(r, c));
  return out;
}

/// How many unshaded cells a cell sees (itself included, when unshaded).
int seen(const RectGrid& g, const std::vector<int>& shaded, int cell) {
  if (shaded[cell]) return 0;
  int count = 1;
  for (int d = 0; d < 4; ++d) {
    for (int next : ray(g, cell, d)) {
      if (shaded[next]) break;
      ++count;
    }
  }
  return count;
}

std::string rowName(const char* family, std::initializer_list<int> indices) {
  std::string out = std::string(family) + "[";
  for (int k : indices) out += (out.back() == '[' ? "" : ",") + std::to_string(k);
  return out + "]";
}

class KuromasuGenre final : public UnshadedConnectedGenre {
 public:
  std::string_view id() const override { return "kuromasu"; }
  std::string_view title() const override { return "Kuromasu"; }
  std::vector<std::string_view> models() const override {
    return {"textbook", "whole-no-good", "big-m"};
  }
  /// big-m's run lengths are integers in [0, M]: branch-and-bound only.
  bool needsBranchAndBound(std::string_view model) const override { return model == "big-m"; }

  std::vector<std::unique_ptr<Puzzle>> parse(std::string_view text, int /*size*/) const override {
    std::vector<std::unique_ptr<Puzzle>> out;
    for (const Record& record : parseRecords(text)) {
      auto p = std::make_unique<KuromasuPuzzle>();
      beginPuzzle(record, p.get());
      requireNoParameter(record, title());
      const std::vector<const Token*> tokens = recordBlock(record, 0, 1);
      // A clue sees at most its row and its column.
      const int most = record.rows + record.columns - 1;
      p->clue.resize(tokens.size());
      for (std::size_t k = 0; k < tokens.size(); ++k) {
        p->clue[k] = tokenValue(record, *tokens[k], blockLine(record, 0, static_cast<int>(k)), 1,
                                most, true, "a clue (the cells it sees, itself included)");
      }
      out.push_back(std::move(p));
    }
    return out;
  }

  std::unique_ptr<Built> build(const Puzzle& puzzle, const BuildOptions& options) const override {
    requireModel(options.model);
    const KuromasuPuzzle& p = kuromasuOf(puzzle);
    const RectGrid& g = p.grid;
    auto built = std::make_unique<KuromasuBuilt>();
    built->encoding = options.model == "big-m" ? Encoding::kBigM : Encoding::kSees;
    built->cut =
        options.model == "whole-no-good" ? ConnectivityCut::kWholeNoGood : ConnectivityCut::kPiece;
    milp::Model& m = built->model;
    addShadingVars(g, "s", built.get());
    // A clue is never shaded.
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (p.clue[cell] > 0) m.fix(built->shaded(g, cell), 0);
    }
    if (built->encoding == Encoding::kSees) {
      addSees(p, options.switchClues, built.get());
    } else {
      addRuns(p, options.switchClues, built.get());
    }
    // Every model: shaded cells do not touch side by side, and no unshaded cell is walled
    // in (implied by connectivity, written out to spare the re-solve loop rounds).
    addApartRows(g, built.get());
    addWalledRows(g, built.get());
    return built;
  }

  std::optional<std::string> verify(const Puzzle& puzzle, const Answer& answer) const override {
    const KuromasuPuzzle& p = kuromasuOf(puzzle);
    const RectGrid& g = p.grid;
    if (std::optional<std::string> why = checkShadingAnswer(g, answer)) return why;
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (p.clue[cell] > 0 && answer.cells[cell]) {
        return "the clue " + std::to_string(p.clue[cell]) + " at " + g.name(cell) + " is shaded";
      }
    }
    if (std::optional<std::string> why = shadedCellsTouch(g, answer)) return why;
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (p.clue[cell] == 0) continue;
      const int count = seen(g, answer.cells, cell);
      if (count != p.clue[cell]) {
        return "the clue " + std::to_string(p.clue[cell]) + " at " + g.name(cell) + " sees " +
               std::to_string(count) + " unshaded " + (count == 1 ? "cell" : "cells");
      }
    }
    return checkUnshadedConnected(g, answer);
  }

  Board board(const Puzzle& puzzle, const Answer* answer) const override {
    const KuromasuPuzzle& p = kuromasuOf(puzzle);
    Board board = shadingBoard(p.grid, answer);
    for (int cell = 0; cell < p.grid.cells(); ++cell) {
      if (p.clue[cell] > 0) {
        board.number(p.grid.centre(cell), std::to_string(p.clue[cell]), "given");
      }
    }
    return board;
  }

  Formulation formulation(const Puzzle& /*puzzle*/, const Built& built) const override {
    const auto& b = dynamic_cast<const KuromasuBuilt&>(built);
    Formulation f;
    f.genre = "kuromasu";
    f.objective = "\\text{minimise } 0 \\quad (\\text{any feasible point is an answer})";
    const std::string shaded =
        "s_{r,c} \\in \\{0,1\\},\\ s_{r,c} = 1 \\iff \\text{cell } (r,c) \\text{ is shaded} "
        "\\ (s = 0 \\text{ at a clue});\\quad c_{i,d,k}: \\text{the } k\\text{-th cell beyond "
        "clue } i \\text{ in direction } d";
    if (b.encoding == Encoding::kSees) {
      f.variables = shaded +
                    ";\\quad v_{i,d,k} \\in \\{0,1\\},\\ v_{i,d,k} = 1 \\iff \\text{clue } i "
                    "\\text{ sees } c_{i,d,k}";
      f.groups.push_back({"clue",
                          "A clue sees that many cells, itself included",
                          "\\sum_{d} \\sum_{k} v_{i,d,k} = n_i - 1",
                          "sums",
                          {}});
      f.groups.push_back({"sees_chain",
                          "A clue sees a cell only if it sees the cell before",
                          "v_{i,d,k} \\le v_{i,d,k-1}",
                          "IF (linear implication)",
                          {}});
      f.groups.push_back({"sees_open",
                          "A shaded cell is not seen",
                          "v_{i,d,k} + s_{c_{i,d,k}} \\le 1",
                          "IF (linear implication)",
                          {}});
      f.groups.push_back({"sees_on",
                          "The sight goes on past an unshaded cell",
                          "v_{i,d,k} \\ge v_{i,d,k-1} - s_{c_{i,d,k}} \\quad (v_{i,d,0} = 1,\\ "
                          "v_{i,d,n_i} = 0)",
                          "IF (linear implication)",
                          {}});
    } else {
      f.variables = shaded +
                    ";\\quad \\rho_{d,r,c} \\in \\{0, \\dots, M_{d,r,c}\\}: \\text{the run of "
                    "unshaded cells from } (r,c) \\text{ in direction } d";
      f.groups.push_back({"run_shaded",
                          "A shaded cell starts no run",
                          "\\rho_{d,r,c} \\le M_{d,r,c}\\,(1 - s_{r,c})",
                          "IF by big-M",
                          {}});
      f.groups.push_back({"run_on",
                          "An unshaded cell adds one to the next cell's run",
                          "\\rho_{d,r,c} \\ge \\rho_{d,\\text{next}} + 1 - M_{d,r,c}\\, s_{r,c}",
                          "IF by big-M",
                          {}});
      f.groups.push_back({"run_most",
                          "A run is at most one more than the next cell's",
                          "\\rho_{d,r,c} \\le \\rho_{d,\\text{next}} + 1",
                          "IF by big-M",
                          {}});
      f.groups.push_back({"clue",
                          "A clue sees that many cells, itself included",
                          "\\sum_{d} \\rho_{d,r,c} = n_{r,c} + 3",
                          "sums",
                          {}});
    }
    f.groups.push_back(apartGroup());
    f.groups.push_back(walledGroup());
    f.groups.push_back(unshadedConnectivityGroup(b.cut));
    collectRows(built, &f);
    return f;
  }

  std::string formatPuzzle(const Puzzle& puzzle) const override {
    const KuromasuPuzzle& p = kuromasuOf(puzzle);
    return recordHead(p) + formatBlock(p.grid, [&](int cell) {
             return p.clue[cell] == 0 ? std::string("-") : std::to_string(p.clue[cell]);
           });
  }

  std::string formatAnswer(const Puzzle& puzzle, const Answer& answer) const override {
    const KuromasuPuzzle& p = kuromasuOf(puzzle);
    return recordHead(p) + formatBlock(p.grid, [&](int cell) {
             return answer.cells[cell] ? std::string("x") : std::string("-");
           });
  }

 private:
  /// "textbook": the visibility binaries v and the rows clue, sees_chain, sees_open,
  /// sees_on (see the file comment).
  static void addSees(const KuromasuPuzzle& p, bool switched, KuromasuBuilt* built) {
    const RectGrid& g = p.grid;
    milp::Model& m = built->model;
    const auto shaded = [&](int cell) { return built->shaded(g, cell); };
    const int reach = std::max(1, std::max(g.rows, g.columns) - 1);
    // How far v goes from a clue in direction d: at most n_i − 1 cells (the cell past them,
    // if seen, would break the clue), but with switched clues the whole ray, so that the
    // clue row alone states the clue and a dropped clue leaves no limit on its sight.
    // (Capping it there too kept each dropped clue's limit, and "Why no solution?" named
    // both clues of a 3×3 with 2s in opposite corners where dropping either one answers.)
    const auto length = [&](int cell, int d) {
      const int ray_length = static_cast<int>(ray(g, cell, d).size());
      return switched ? ray_length : std::min(ray_length, p.clue[cell] - 1);
    };
    std::vector<int> offsets;
    for (int cell = 0; cell < g.cells(); ++cell) {
      for (int d = 0; p.clue[cell] > 0 && d < 4; ++d) {
        for (int k = 1; k <= length(cell, d); ++k)
          offsets.push_back((cell * 4 + d) * reach + k - 1);
      }
    }
    const milp::VarFamily v = built->v =
        m.addSparseVars("v", {{1, g.rows}, {1, g.columns}, {1, 4}, {1, reach}}, offsets,
                        milp::VarType::kBinary, 0, 1);
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (p.clue[cell] == 0) continue;
      const int r = g.rowOf(cell) + 1, c = g.columnOf(cell) + 1;
      milp::LinExpr count;
      for (int d = 0; d < 4; ++d) {
        const std::vector<int> cells = ray(g, cell, d);
        const int most = length(cell, d);
        const auto sees = [&](int k) { return v(r, c, d + 1, k); };
        for (int k = 1; k <= most; ++k) {
          built->cellOf.resize(m.numVars(), -1);
          built->cellOf[sees(k).index] = cells[k - 1];
          count += sees(k);
          if (k >= 2) {
            m.addConstraint(milp::LinExpr(sees(k)) <= sees(k - 1),
                            rowName("sees_chain", {r, c, d + 1, k}));
          }
          m.addConstraint(sees(k) + shaded(cells[k - 1]) <= 1,
                          rowName("sees_open", {r, c, d + 1, k}));
          const milp::LinExpr before = k == 1 ? milp::LinExpr(1.0) : milp::LinExpr(sees(k - 1));
          m.addConstraint(milp::LinExpr(sees(k)) >= before - shaded(cells[k - 1]),
                          rowName("sees_on", {r, c, d + 1, k}));
        }
        // The cell past the farthest a clue may see is shaded: v_{most + 1} = 0.
        if (most < static_cast<int>(cells.size())) {
          const milp::LinExpr before = most == 0 ? milp::LinExpr(1.0) : milp::LinExpr(sees(most));
          m.addConstraint(milp::LinExpr(0.0) >= before - shaded(cells[most]),
                          rowName("sees_on", {r, c, d + 1, most + 1}));
        }
      }
      addClueRow(*built, count, p.clue[cell] - 1, rowName("clue", {r, c}), switched, cell,
                 std::to_string(p.clue[cell]));
    }
    built->cellOf.resize(m.numVars(), -1);
  }

  /// "big-m": Saito's run lengths and the rows run_shaded, run_on, run_most, clue (see the
  /// file comment).
  static void addRuns(const KuromasuPuzzle& p, bool switched, KuromasuBuilt* built) {
    const RectGrid& g = p.grid;
    milp::Model& m = built->model;
    const milp::VarFamily& s = built->s;
    const int longest = std::max(g.rows, g.columns);
    const milp::VarFamily run = built->run = m.addVars("run", {{1, 4}, {1, g.rows}, {1, g.columns}},
                                                       milp::VarType::kInteger, 0, longest);
    const auto runOf = [&](int d, int cell) {
      return run(d + 1, g.rowOf(cell) + 1, g.columnOf(cell) + 1);
    };
    built->cellOf.resize(m.numVars(), -1);
    for (int d = 0; d < 4; ++d) {
      for (int cell = 0; cell < g.cells(); ++cell) {
        const int r = g.rowOf(cell) + 1, c = g.columnOf(cell) + 1;
        const std::vector<int> beyond = ray(g, cell, d);
        const double big = 1.0 + static_cast<double>(beyond.size());
        const milp::Var own = runOf(d, cell);
        m.setBounds(own, 0, big);
        built->cellOf[own.index] = cell;
        const milp::LinExpr next =
            beyond.empty() ? milp::LinExpr(0.0) : milp::LinExpr(runOf(d, beyond[0]));
        const milp::Var sh = s(r, c);
        m.addConstraint(milp::LinExpr(own) <= big * (1.0 - milp::LinExpr(sh)),
                        rowName("run_shaded", {d + 1, r, c}));
        m.addConstraint(milp::LinExpr(own) >= next + 1.0 - big * milp::LinExpr(sh),
                        rowName("run_on", {d + 1, r, c}));
        m.addConstraint(milp::LinExpr(own) <= next + 1.0, rowName("run_most", {d + 1, r, c}));
      }
    }
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (p.clue[cell] == 0) continue;
      milp::LinExpr count;
      for (int d = 0; d < 4; ++d) count += runOf(d, cell);
      addClueRow(*built, count, p.clue[cell] + 3,
                 rowName("clue", {g.rowOf(cell) + 1, g.columnOf(cell) + 1}), switched, cell,
                 std::to_string(p.clue[cell]));
    }
  }
};

}  // namespace

const Genre& kuromasuGenre() {
  static const KuromasuGenre genre;
  return genre;
}

}  // namespace gridmilp::puzzles
