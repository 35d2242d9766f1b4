// gridmilp — Akari (Light Up): place lamps on white cells so that every white cell is lit,
// no lamp shines on another, and each numbered black cell has that many lamps beside it.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Text: the janko-style record of sw_Akari.puzzles.txt (records.h): "R C", then R lines
// of C tokens: `-` a white cell, `x` a black cell without a number, `0` to `4` a black
// cell with its clue. Answers (sw_Akari.solutions.txt, in the layout of its first
// records): the black cells as in the puzzle, `o` for a lamp, `-` for a white cell
// without one. (Later records of that file write the black cells as `-` or `x`; only `o`
// tells the answer.)
// A run is a maximal horizontal or vertical line of white cells. A lamp lights its own
// cell and every cell of its two runs, up to the black cells or the grid's edge.
// The MILP (binary l[r,c] = 1 iff white cell (r, c) holds a lamp; N(r,c) the white cells
// beside black cell (r, c); H(r,c), V(r,c) the horizontal and vertical run of a white cell):
//   clue[r,c]:    sum_{N(r,c)} l = clue              a number counts the lamps beside it
//   across[r,c]:  sum_{H} l <= 1                     no lamp shines on another (each run of
//   down[r,c]:    sum_{V} l <= 1                     two or more cells, named by its first)
//   lit[r,c]:     sum_{H(r,c) ∪ V(r,c)} l >= 1       every white cell is lit
// Saito's notebook writes the same rows ("neighbour sums"). Every coefficient is 1, so
// the SAT route takes the rows as they are (model.h, satDirectClauses).
#include "puzzles/akari/akari.h"

#include <algorithm>

#include "puzzles/common/cells.h"
#include "puzzles/common/clues.h"

namespace gridmilp::puzzles {
namespace {

constexpr int kWhite = -2;  ///< AkariPuzzle::cells: a white cell
constexpr int kBlack = -1;  ///< … a black cell without a number (else its clue 0..4)

/// CNF-SAT's budget before branch-and-bound goes on (AkariGenre::fallback), MiniSat
/// propagations. janko.at's 485 records take at most 8,418 (749_23x33; median 233), but a
/// grid of long runs and few clues makes MiniSat wander: an empty 10×10 took 82,083 and
/// an empty 12×12 none in 60 s, where branch-and-bound's LP answers a 20×20 in 0.04 s
/// (docs/performance.md).
constexpr double kSatBudget = 200000;

struct AkariPuzzle : Puzzle {
  std::vector<int> cells;  ///< per cell: kWhite, kBlack, or the clue 0..4
  bool white(int cell) const { return cells[cell] == kWhite; }
};

/// A maximal line of white cells.
struct Run {
  bool across = true;
  std::vector<int> cells;  ///< in order, first cell first
};

/// The runs of a puzzle (across runs, then down runs, each in order of their first cell)
/// and, per white cell, its across and down run (-1 for a black cell).
struct Runs {
  std::vector<Run> runs;
  std::vector<int> across;
  std::vector<int> down;
};

Runs runsOf(const AkariPuzzle& p) {
  const RectGrid& g = p.grid;
  Runs out;
  out.across.assign(g.cells(), -1);
  out.down.assign(g.cells(), -1);
  for (int pass = 0; pass < 2; ++pass) {
    const bool across = pass == 0;
    std::vector<int>& of = across ? out.across : out.down;
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (!p.white(cell) || of[cell] >= 0) continue;
      Run run{across, {}};
      const int step = across ? 1 : g.columns;
      for (int next = cell; next < g.cells() && p.white(next); next += step) {
        run.cells.push_back(next);
        of[next] = static_cast<int>(out.runs.size());
        if (across && g.columnOf(next) == g.columns - 1) break;
      }
      out.runs.push_back(std::move(run));
    }
  }
  return out;
}

/// The cells a lamp at white cell `cell` lights (its runs, the cell once), sorted.
std::vector<int> seenFrom(const Runs& runs, int cell) {
  std::vector<int> out = runs.runs[runs.across[cell]].cells;
  for (int other : runs.runs[runs.down[cell]].cells) {
    if (other != cell) out.push_back(other);
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// The white cells beside a cell.
std::vector<int> whiteNeighbours(const AkariPuzzle& p, int cell) {
  std::vector<int> out;
  for (int next : p.grid.neighbours(cell)) {
    if (p.white(next)) out.push_back(next);
  }
  return out;
}

struct AkariBuilt : Built {
  milp::VarFamily l;  ///< l(r, c), 1-based, white cells only
};

const AkariPuzzle& akariOf(const Puzzle& puzzle) {
  return dynamic_cast<const AkariPuzzle&>(puzzle);
}

/// "family[r,c]", 1-based.
std::string rowName(const char* family, const RectGrid& g, int cell) {
  return std::string(family) + "[" + std::to_string(g.rowOf(cell) + 1) + "," +
         std::to_string(g.columnOf(cell) + 1) + "]";
}

/// The error for a token that is no cell of an Akari: its line, column and first character.
InputError badToken(const Record& record, const Token& token, int line) {
  Where where;
  where.puzzle = record.puzzle;
  where.line = line;
  where.column = token.column;
  where.character = token.text.substr(0, 1);
  return InputError(ErrorCode::kParseError,
                    "line " + std::to_string(line) + ", column " + std::to_string(token.column) +
                        ": expected - (a white cell), x (a black cell) or a clue 0 to 4, found '" +
                        token.text + "'",
                    where);
}

class AkariGenre final : public Genre {
 public:
  std::string_view id() const override { return "akari"; }
  std::string_view title() const override { return "Akari (Light Up)"; }

  /// CNF-SAT, then branch-and-bound on the same model once kSatBudget is spent, branching
  /// on the most fractional lamp with GLPK's bound tightening at the root alone: on empty
  /// grids (the page's Empty grid) GLPK's defaults spent their time in the nodes' bound
  /// passes and Driebeck–Tomlin's tableau rows (60×60: 3.5 s against 1.2 s; 100×100: 43 s
  /// against 8.6 s; docs/performance.md).
  std::optional<Fallback> fallback(const Puzzle& /*puzzle*/, const BuildOptions& options,
                                   milp::Method method) const override {
    if (method != milp::Method::kSat) return std::nullopt;
    return Fallback{options.model, kSatBudget, milp::Method::kBranchAndBound,
                    milp::Branching::kMostFractional, false};
  }

  std::vector<std::unique_ptr<Puzzle>> parse(std::string_view text, int /*size*/) const override {
    std::vector<std::unique_ptr<Puzzle>> out;
    for (const Record& record : parseRecords(text)) {
      auto p = std::make_unique<AkariPuzzle>();
      beginPuzzle(record, p.get());
      requireNoParameter(record, title());
      const std::vector<const Token*> tokens = recordBlock(record, 0, 1);
      p->cells.resize(tokens.size());
      for (std::size_t k = 0; k < tokens.size(); ++k) {
        const Token& t = *tokens[k];
        const int line = blockLine(record, 0, static_cast<int>(k));
        if (t.text == "-" || t.text == ".") {
          p->cells[k] = kWhite;
        } else if (t.text == "x" || t.text == "X") {
          p->cells[k] = kBlack;
        } else if (t.text[0] >= '0' && t.text[0] <= '9') {
          p->cells[k] = tokenValue(record, t, line, 0, 4, false, "a clue");
        } else {
          throw badToken(record, t, line);
        }
      }
      // A clue can count only the white cells beside it.
      for (int cell = 0; cell < p->grid.cells(); ++cell) {
        const int clue = p->cells[cell];
        if (clue <= 0) continue;
        const int room = static_cast<int>(whiteNeighbours(*p, cell).size());
        if (clue > room) {
          throw recordError(record, *p, ErrorCode::kParseError,
                            "the clue " + std::to_string(clue) + " at " + p->grid.name(cell) +
                                " has only " + std::to_string(room) + " white cell" +
                                (room == 1 ? "" : "s") + " beside it",
                            {cell});
        }
      }
      out.push_back(std::move(p));
    }
    return out;
  }

  std::unique_ptr<Built> build(const Puzzle& puzzle, const BuildOptions& options) const override {
    requireModel(options.model);
    const AkariPuzzle& p = akariOf(puzzle);
    const RectGrid& g = p.grid;
    auto built = std::make_unique<AkariBuilt>();
    milp::Model& m = built->model;
    std::vector<int> whites;
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (p.white(cell)) whites.push_back(cell);
    }
    const milp::VarFamily l = built->l =
        m.addSparseVars("l", {{1, g.rows}, {1, g.columns}}, whites, milp::VarType::kBinary, 0, 1);
    built->answer = l.all();
    built->cellOf = whites;  // member j is variable j, at the j-th white cell
    const auto lamp = [&](int cell) { return l(g.rowOf(cell) + 1, g.columnOf(cell) + 1); };
    const auto lamps = [&](const std::vector<int>& cells) {
      milp::LinExpr out;
      for (int cell : cells) out += lamp(cell);
      return out;
    };
    const Runs runs = runsOf(p);
    // A number counts the lamps beside it.
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (p.cells[cell] < 0) continue;
      addClueRow(*built, lamps(whiteNeighbours(p, cell)), p.cells[cell], rowName("clue", g, cell),
                 options.switchClues, cell, std::to_string(p.cells[cell]));
    }
    // No lamp shines on another: at most one lamp in each run.
    for (const bool across : {true, false}) {
      for (const Run& run : runs.runs) {
        if (run.across != across || run.cells.size() < 2) continue;
        m.addConstraint(lamps(run.cells) <= 1,
                        rowName(across ? "across" : "down", g, run.cells.front()));
      }
    }
    // Every white cell is lit: a lamp in its row run or its column run.
    for (int cell : whites) {
      m.addConstraint(lamps(seenFrom(runs, cell)) >= 1, rowName("lit", g, cell));
    }
    return built;
  }

  Answer decode(const Puzzle& puzzle, const Built& built) const override {
    const AkariPuzzle& p = akariOf(puzzle);
    const auto& b = dynamic_cast<const AkariBuilt&>(built);
    Answer out{p.grid, std::vector<int>(p.grid.cells(), 0), {}};
    for (std::size_t j = 0; j < b.answer.size(); ++j) {
      out.cells[b.cellOf[j]] = b.model.value(b.answer[j]) > 0.5;
    }
    return out;
  }

  std::optional<std::string> verify(const Puzzle& puzzle, const Answer& answer) const override {
    const AkariPuzzle& p = akariOf(puzzle);
    const RectGrid& g = p.grid;
    if (!(answer.grid == g) || static_cast<int>(answer.cells.size()) != g.cells()) {
      return "the answer is not " + g.label();
    }
    for (int cell = 0; cell < g.cells(); ++cell) {
      const int v = answer.cells[cell];
      if (v != 0 && v != 1) return g.name(cell) + " holds neither a lamp nor none";
      if (v == 1 && !p.white(cell)) return "the black cell at " + g.name(cell) + " holds a lamp";
    }
    // No lamp shines on another: walk right and down from each lamp to the next black cell.
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (!answer.cells[cell]) continue;
      const int r = g.rowOf(cell), c = g.columnOf(cell);
      for (const auto& [dr, dc] : {std::pair{0, 1}, std::pair{1, 0}}) {
        for (int rr = r + dr, cc = c + dc; g.contains(rr, cc) && p.white(g.index(rr, cc));
             rr += dr, cc += dc) {
          if (answer.cells[g.index(rr, cc)]) {
            return "the lamps at " + g.name(cell) + " and " + g.name(g.index(rr, cc)) +
                   " shine on each other";
          }
        }
      }
    }
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (p.cells[cell] < 0) continue;
      int beside = 0;
      for (int next : g.neighbours(cell)) beside += answer.cells[next];
      if (beside != p.cells[cell]) {
        return "the clue " + std::to_string(p.cells[cell]) + " at " + g.name(cell) + " has " +
               std::to_string(beside) + " lamp" + (beside == 1 ? "" : "s") + " beside it";
      }
    }
    const std::vector<char> lit = litCells(p, answer);
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (p.white(cell) && !lit[cell]) return "the white cell at " + g.name(cell) + " is not lit";
    }
    return std::nullopt;
  }

  Board board(const Puzzle& puzzle, const Answer* answer) const override {
    const AkariPuzzle& p = akariOf(puzzle);
    const RectGrid& g = p.grid;
    Board board;
    board.rows = g.rows;
    board.columns = g.columns;
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (!p.white(cell)) board.shade(g.centre(cell), "block");
    }
    if (answer != nullptr) {
      const std::vector<char> lit = litCells(p, *answer);
      for (int cell = 0; cell < g.cells(); ++cell) {
        if (p.white(cell) && lit[cell]) board.shade(g.centre(cell), "lit", 0.35);
      }
    }
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (p.cells[cell] >= 0) board.number(g.centre(cell), std::to_string(p.cells[cell]), "given");
    }
    for (int cell = 0; answer != nullptr && cell < g.cells(); ++cell) {
      if (answer->cells[cell] && p.white(cell)) {
        board.items.push_back({ItemKind::kCircle, g.centre(cell), {}, 1.0, "lamp", {}, {}});
      }
    }
    return board;
  }

  void drawRelaxation(const Puzzle& puzzle, const Built& built, const std::vector<double>& values,
                      Board* board) const override {
    const AkariPuzzle& p = akariOf(puzzle);
    const auto& b = dynamic_cast<const AkariBuilt&>(built);
    std::vector<BoardItem> shades;
    for (std::size_t j = 0; j < b.answer.size(); ++j) {
      const double v = values[b.answer[j].index];
      if (v > 1e-9) {
        shades.push_back({ItemKind::kShade,
                          p.grid.centre(b.cellOf[j]),
                          "lamp",  // the variable, said by the page
                          std::min(1.0, v),
                          "relaxed",
                          {},
                          {}});
      }
    }
    // Under the numbers and lamps.
    board->items.insert(board->items.begin(), shades.begin(), shades.end());
  }

  Formulation formulation(const Puzzle& /*puzzle*/, const Built& built) const override {
    Formulation f;
    f.genre = "akari";
    f.variables =
        "\\ell_{r,c} \\in \\{0,1\\},\\ \\ell_{r,c} = 1 \\iff \\text{white cell } (r,c) "
        "\\text{ holds a lamp};\\quad H_{r,c}, V_{r,c}: \\text{the horizontal and vertical run "
        "of white cells through } (r,c)";
    f.objective = "\\text{minimise } 0 \\quad (\\text{any feasible point is an answer})";
    f.groups.push_back({"clue",
                        "A numbered black cell has that many lamps beside it",
                        "\\sum_{(r',c') \\in N_{r,c}} \\ell_{r',c'} = n_{r,c} \\quad N_{r,c}: "
                        "\\text{the white cells beside clue } n_{r,c}",
                        "neighbour sums",
                        {}});
    f.groups.push_back({"across",
                        "No lamp shines on another along a row",
                        "\\sum_{(r,c) \\in H} \\ell_{r,c} \\le 1 \\quad \\text{for each horizontal "
                        "run } H",
                        "areas",
                        {}});
    f.groups.push_back({"down",
                        "No lamp shines on another along a column",
                        "\\sum_{(r,c) \\in V} \\ell_{r,c} \\le 1 \\quad \\text{for each vertical "
                        "run } V",
                        "areas",
                        {}});
    f.groups.push_back({"lit",
                        "Every white cell is lit",
                        "\\sum_{(r',c') \\in H_{r,c} \\cup V_{r,c}} \\ell_{r',c'} \\ge 1 \\quad "
                        "\\forall \\text{ white } (r,c)",
                        "covering",
                        {}});
    collectRows(built, &f);
    return f;
  }

  std::string formatPuzzle(const Puzzle& puzzle) const override {
    const AkariPuzzle& p = akariOf(puzzle);
    return recordHead(p) + formatBlock(p.grid, [&](int cell) { return cellToken(p, cell); });
  }

  std::string formatAnswer(const Puzzle& puzzle, const Answer& answer) const override {
    const AkariPuzzle& p = akariOf(puzzle);
    return recordHead(p) + formatBlock(p.grid, [&](int cell) {
             return p.white(cell) && answer.cells[cell] ? std::string("o") : cellToken(p, cell);
           });
  }

 private:
  /// The puzzle's token of a cell: `-`, `x` or the clue.
  static std::string cellToken(const AkariPuzzle& p, int cell) {
    if (p.white(cell)) return "-";
    return p.cells[cell] == kBlack ? std::string("x") : std::to_string(p.cells[cell]);
  }

  /// Which cells the lamps of `answer` light (lamps on black cells are ignored).
  static std::vector<char> litCells(const AkariPuzzle& p, const Answer& answer) {
    const RectGrid& g = p.grid;
    std::vector<char> lit(g.cells(), 0);
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (!answer.cells[cell] || !p.white(cell)) continue;
      lit[cell] = 1;
      const int r = g.rowOf(cell), c = g.columnOf(cell);
      for (const auto& [dr, dc] :
           {std::pair{0, 1}, std::pair{1, 0}, std::pair{0, -1}, std::pair{-1, 0}}) {
        for (int rr = r + dr, cc = c + dc; g.contains(rr, cc) && p.white(g.index(rr, cc));
             rr += dr, cc += dc) {
          lit[g.index(rr, cc)] = 1;
        }
      }
    }
    return lit;
  }
};

}  // namespace

const Genre& akariGenre() {
  static const AkariGenre genre;
  return genre;
}

}  // namespace gridmilp::puzzles
