// gridmilp — Kakuro: write a digit 1 to 9 in every white cell so that each run of white
// cells adds up to its clue and holds no digit twice.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Text: the janko-style record of sw_Kakuro.puzzles.txt (records.h): "R C", then R lines
// of C tokens: `0` a white cell, `-` a black cell without clues, `a,b` a black cell with
// the down clue a (for the white cells below it) and the across clue b (for those to its
// right), either of which may be missing (`16,`, `,23`). Answers
// (sw_Kakuro.solutions.txt): `-` for each black cell, the digit for each white cell.
// A run is a maximal line of white cells to the right of or below a black cell; every
// run has the clue of that black cell, and every clue has a run.
// The MILP (binary x[r,c,d] = 1 iff white cell (r, c) holds digit d; R a run, s_R its clue):
//   cell[r,c]:            sum_d x[r,c,d] = 1                  each white cell one digit
// model "textbook" (Saito's: assignment and sums), for each run R named by its clue cell:
//   across_sum[r,c]:      sum_{(r',c') in R} sum_d d·x = s_R  the run adds up to its clue
//   across_digit[r,c,d]:  sum_{(r',c') in R} x[·,d] <= 1      no digit twice in the run
//   down_sum, down_digit: the same for the down runs
// model "combinations" (as killer's, digits.h): a binary y_across[r,c,j] (y_down[r,c,j])
// per set S_j of |R| different digits that add up to s_R (digitSets), and
//   across_set[r,c]:      sum_j y[r,c,j] = 1                  the run uses one digit set
//   across_digit[r,c,d]:  sum_{(r',c') in R} x[·,d] = sum_{j : d in S_j} y[r,c,j]
//                                        digit d is in the run iff its set has it
//   down_set, down_digit: the same for the down runs
// which implies the sum and the distinct digits with every coefficient ±1.
// model "set-clauses" (the default) chooses the sets as "combinations" does, but links them
// to the digits by rows that are each one clause or one at-most-one (Σ t <= 1 over
// literals), the forms the SAT route writes straight into CNF (model.h, satDirectClauses):
//   across_set[r,c]:        sum_j y[r,c,j] = 1                the run uses one digit set
//   across_digit[r,c,d]:    sum_{(r',c') in R} x[·,d] <= 1    no digit twice in the run
//   across_has[r,c,j,d]:    sum_{(r',c') in R} x[·,d] >= y[r,c,j]   (d in S_j)
//                                        each digit of the chosen set is in the run
//   across_fits[r',c',d]:   x[r',c',d] <= sum_{j : d in S_j} y[r,c,j]   ((r',c') in R,
//                           d not in every set)   a cell holds only a digit of the set
//   down_…: the same for the down runs.
// The has and fits rows each follow from the others (|S_j| = |R| digits in |R| cells),
// but without either, MiniSat has to find the counting argument by search: over the 500
// records of sw_Kakuro the model took 4.6 s without has rows and 17.8 s without fits rows,
// against 2.3 to 3.3 s with both (GLPK's SAT route, native; machine shared). Model
// "combinations" took 9.4 s there (its digit equations, with two or more sets holding the
// digit, go through GLPK's translation to CNF) and "textbook" 920 s on the first 147
// records alone (164 s for 253_20x30: its sums become adder circuits in CNF).
#include "puzzles/kakuro/kakuro.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <initializer_list>

#include "puzzles/common/cells.h"
#include "puzzles/common/clues.h"
#include "puzzles/common/digits.h"

namespace gridmilp::puzzles {
namespace {

/// A run of white cells and its clue.
struct KakuroRun {
  bool across = true;
  int clueCell = 0;  ///< the black cell holding the clue
  int clue = 0;
  std::vector<int> cells;  ///< in order from the clue
};

struct KakuroPuzzle : Puzzle {
  std::vector<char> white;      ///< per cell
  std::vector<int> down;        ///< per black cell: its down clue, 0 for none
  std::vector<int> across;      ///< per black cell: its across clue, 0 for none
  std::vector<KakuroRun> runs;  ///< across runs, then down runs, each in order of clue cell
};

/// The models, the default (the fastest over sw_Kakuro) first.
enum class KakuroModel { kSetClauses, kCombinations, kTextbook };
const std::vector<std::string_view> kModels = {"set-clauses", "combinations", "textbook"};

struct KakuroBuilt : Built {
  milp::VarFamily x;  ///< x(r, c, d), 1-based, white cells only
  KakuroModel kind = KakuroModel::kSetClauses;
};

const KakuroPuzzle& kakuroOf(const Puzzle& puzzle) {
  return dynamic_cast<const KakuroPuzzle&>(puzzle);
}

/// Smallest and largest sum of `length` different digits 1..9.
int smallestSum(int length) { return length * (length + 1) / 2; }
int largestSum(int length) { return length * (19 - length) / 2; }

/// "across run" / "down run" and where its clue is, for messages.
std::string runName(const RectGrid& g, const KakuroRun& run) {
  return std::string(run.across ? "the across run" : "the down run") + " of the clue " +
         std::to_string(run.clue) + " at " + g.name(run.clueCell);
}

/// "family[r,c]", "family[r,c,d]" or "family[r,c,j,d]" (1-based) for the run whose clue
/// is at `cell` (or for a cell).
std::string rowName(const char* family, const RectGrid& g, int cell,
                    std::initializer_list<int> more = {}) {
  std::string out = std::string(family) + "[" + std::to_string(g.rowOf(cell) + 1) + "," +
                    std::to_string(g.columnOf(cell) + 1);
  for (int k : more) out += "," + std::to_string(k);
  return out + "]";
}

/// The error for a token that is no cell of a Kakuro.
InputError badToken(const Record& record, const Token& token, int line, int offset,
                    const std::string& what) {
  Where where;
  where.puzzle = record.puzzle;
  where.line = line;
  where.column = token.column + offset;
  where.character = token.text.substr(offset, 1);
  return InputError(ErrorCode::kParseError,
                    "line " + std::to_string(line) + ", column " + std::to_string(*where.column) +
                        ": " + what + ", found '" + token.text + "'",
                    where);
}

/// Reads one token into the puzzle's cell `cell`.
void readCell(const Record& record, const Token& t, int line, int cell, KakuroPuzzle* p) {
  if (t.text == "0") {
    p->white[cell] = 1;
    return;
  }
  if (t.text == "-" || t.text == ".") return;
  const std::size_t comma = t.text.find(',');
  if (comma == std::string::npos) {
    throw badToken(record, t, line, 0,
                   "expected 0 (a white cell), - (a black cell) or a black cell's clues "
                   "down,across (16,23 or 16, or ,23)");
  }
  if (t.text.find(',', comma + 1) != std::string::npos) {
    throw badToken(record, t, line, static_cast<int>(t.text.find(',', comma + 1)),
                   "expected one comma between the down and the across clue");
  }
  const Token down{t.text.substr(0, comma), t.column};
  const Token across{t.text.substr(comma + 1), t.column + static_cast<int>(comma) + 1};
  if (!down.text.empty()) {
    p->down[cell] = tokenValue(record, down, line, 1, 45, false, "a down clue");
  }
  if (!across.text.empty()) {
    p->across[cell] = tokenValue(record, across, line, 1, 45, false, "an across clue");
  }
}

/// Finds the runs of a read puzzle and checks that every run has a clue that its cells
/// can make and every clue a run. Throws InputError (parse_error) naming the cells.
void findRuns(const Record& record, KakuroPuzzle* p) {
  const RectGrid& g = p->grid;
  for (const bool across : {true, false}) {
    const std::vector<int>& clues = across ? p->across : p->down;
    const char* way = across ? "across" : "down";
    for (int cell = 0; cell < g.cells(); ++cell) {
      const int r = g.rowOf(cell), c = g.columnOf(cell);
      const int before = across ? (c > 0 ? cell - 1 : -1) : (r > 0 ? cell - g.columns : -1);
      const bool after_exists = across ? c + 1 < g.columns : r + 1 < g.rows;
      const int after = across ? cell + 1 : cell + g.columns;
      if (p->white[cell] && (before < 0 || !p->white[before]) &&
          (before < 0 || clues[before] == 0)) {
        throw recordError(record, *p, ErrorCode::kParseError,
                          std::string("the ") + way + " run from " + g.name(cell) +
                              " has no clue (the cell before it holds no " + way + " clue)",
                          {cell});
      }
      if (p->white[cell] || clues[cell] == 0) continue;
      if (!after_exists || !p->white[after]) {
        throw recordError(record, *p, ErrorCode::kParseError,
                          std::string("the ") + way + " clue " + std::to_string(clues[cell]) +
                              " at " + g.name(cell) + " has no white cell " +
                              (across ? "to its right" : "below it"),
                          {cell});
      }
      KakuroRun run{across, cell, clues[cell], {}};
      for (int next = after;; next += across ? 1 : g.columns) {
        run.cells.push_back(next);
        const bool last = across ? g.columnOf(next) + 1 == g.columns : g.rowOf(next) + 1 == g.rows;
        if (last || !p->white[across ? next + 1 : next + g.columns]) break;
      }
      const int length = static_cast<int>(run.cells.size());
      if (length > 9) {
        throw recordError(record, *p, ErrorCode::kParseError,
                          runName(g, run) + " has " + std::to_string(length) +
                              " cells, more than the 9 different digits",
                          run.cells);
      }
      if (run.clue < smallestSum(length) || run.clue > largestSum(length)) {
        throw recordError(record, *p, ErrorCode::kParseError,
                          "the " + std::string(way) + " clue " + std::to_string(run.clue) + " at " +
                              g.name(cell) + " is out of range for its " + std::to_string(length) +
                              " cell" + (length == 1 ? "" : "s") + " (" +
                              std::to_string(smallestSum(length)) + " to " +
                              std::to_string(largestSum(length)) + ")",
                          {cell});
      }
      p->runs.push_back(std::move(run));
    }
  }
}

/// The digit sets of each run length and clue, computed once: sets[length][clue].
const std::vector<unsigned>& setsOf(int length, int clue) {
  static const auto table = [] {
    std::array<std::array<std::vector<unsigned>, 46>, 10> out;
    for (int length = 1; length <= 9; ++length) {
      for (int clue = 1; clue <= 45; ++clue) out[length][clue] = digitSets(9, length, clue);
    }
    return out;
  }();
  return table[length][clue];
}

class KakuroGenre final : public Genre {
 public:
  std::string_view id() const override { return "kakuro"; }
  std::string_view title() const override { return "Kakuro"; }
  std::vector<std::string_view> models() const override { return kModels; }

  std::vector<std::unique_ptr<Puzzle>> parse(std::string_view text, int /*size*/) const override {
    std::vector<std::unique_ptr<Puzzle>> out;
    for (const Record& record : parseRecords(text)) {
      auto p = std::make_unique<KakuroPuzzle>();
      beginPuzzle(record, p.get());
      requireNoParameter(record, title());
      const std::vector<const Token*> tokens = recordBlock(record, 0, 1);
      p->white.assign(tokens.size(), 0);
      p->down.assign(tokens.size(), 0);
      p->across.assign(tokens.size(), 0);
      for (std::size_t k = 0; k < tokens.size(); ++k) {
        readCell(record, *tokens[k], blockLine(record, 0, static_cast<int>(k)), static_cast<int>(k),
                 p.get());
      }
      findRuns(record, p.get());
      out.push_back(std::move(p));
    }
    return out;
  }

  std::unique_ptr<Built> build(const Puzzle& puzzle, const BuildOptions& options) const override {
    requireModel(options.model);
    const KakuroPuzzle& p = kakuroOf(puzzle);
    const RectGrid& g = p.grid;
    auto built = std::make_unique<KakuroBuilt>();
    built->kind = static_cast<KakuroModel>(
        std::find(kModels.begin(), kModels.end(), options.model) - kModels.begin());
    milp::Model& m = built->model;
    std::vector<int> offsets;
    for (int cell = 0; cell < g.cells(); ++cell) {
      for (int d = 1; p.white[cell] && d <= 9; ++d) offsets.push_back(cell * 9 + d - 1);
    }
    const milp::VarFamily x = built->x = m.addSparseVars("x", {{1, g.rows}, {1, g.columns}, {1, 9}},
                                                         offsets, milp::VarType::kBinary, 0, 1);
    built->answer = x.all();
    built->oneHotAnswer = true;
    for (int offset : offsets) built->cellOf.push_back(offset / 9);
    const auto digit = [&](int cell, int d) {
      return x(g.rowOf(cell) + 1, g.columnOf(cell) + 1, d);
    };
    // Each white cell holds one digit.
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (!p.white[cell]) continue;
      milp::LinExpr one;
      for (int d = 1; d <= 9; ++d) one += digit(cell, d);
      m.addConstraint(one == 1, rowName("cell", g, cell));
    }
    if (built->kind != KakuroModel::kTextbook) {
      addCombinations(p, digit, built->kind == KakuroModel::kSetClauses, options.switchClues,
                      built.get());
    } else {
      addSums(p, digit, options.switchClues, *built);
    }
    return built;
  }

  Answer decode(const Puzzle& puzzle, const Built& built) const override {
    const KakuroPuzzle& p = kakuroOf(puzzle);
    const auto& b = dynamic_cast<const KakuroBuilt&>(built);
    Answer out{p.grid, std::vector<int>(p.grid.cells(), 0), {}};
    for (int cell = 0; cell < p.grid.cells(); ++cell) {
      for (int d = 1; p.white[cell] && d <= 9; ++d) {
        if (b.model.value(b.x(p.grid.rowOf(cell) + 1, p.grid.columnOf(cell) + 1, d)) > 0.5) {
          out.cells[cell] = d;
        }
      }
    }
    return out;
  }

  std::optional<std::string> verify(const Puzzle& puzzle, const Answer& answer) const override {
    const KakuroPuzzle& p = kakuroOf(puzzle);
    const RectGrid& g = p.grid;
    if (!(answer.grid == g) || static_cast<int>(answer.cells.size()) != g.cells()) {
      return "the answer is not " + g.label();
    }
    for (int cell = 0; cell < g.cells(); ++cell) {
      const int v = answer.cells[cell];
      if (!p.white[cell] && v != 0) {
        return "the black cell at " + g.name(cell) + " holds " + std::to_string(v);
      }
      if (p.white[cell] && (v < 1 || v > 9)) {
        return "the white cell at " + g.name(cell) + " holds no digit 1 to 9";
      }
    }
    for (const KakuroRun& run : p.runs) {
      std::array<int, 10> seen{};
      int total = 0;
      for (int cell : run.cells) {
        const int v = answer.cells[cell];
        if (seen[v] != 0) {
          return runName(g, run) + " holds " + std::to_string(v) + " twice (at " +
                 g.name(seen[v] - 1) + " and " + g.name(cell) + ")";
        }
        seen[v] = cell + 1;
        total += v;
      }
      if (total != run.clue) return runName(g, run) + " adds up to " + std::to_string(total);
    }
    return std::nullopt;
  }

  Board board(const Puzzle& puzzle, const Answer* answer) const override {
    const KakuroPuzzle& p = kakuroOf(puzzle);
    const RectGrid& g = p.grid;
    Board board;
    board.rows = g.rows;
    board.columns = g.columns;
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (p.white[cell]) continue;
      board.shade(g.centre(cell), "block");
      if (p.down[cell] != 0) board.number(g.centre(cell), std::to_string(p.down[cell]), "down");
      if (p.across[cell] != 0) {
        board.number(g.centre(cell), std::to_string(p.across[cell]), "across");
      }
    }
    for (int cell = 0; answer != nullptr && cell < g.cells(); ++cell) {
      if (p.white[cell] && answer->cells[cell] != 0) {
        board.number(g.centre(cell), std::to_string(answer->cells[cell]), "solved");
      }
    }
    return board;
  }

  void drawRelaxation(const Puzzle& puzzle, const Built& built, const std::vector<double>& values,
                      Board* board) const override {
    const KakuroPuzzle& p = kakuroOf(puzzle);
    const auto& b = dynamic_cast<const KakuroBuilt&>(built);
    const RectGrid& g = p.grid;
    for (int cell = 0; cell < g.cells(); ++cell) {
      for (int d = 1; p.white[cell] && d <= 9; ++d) {
        const double v = values[b.x(g.rowOf(cell) + 1, g.columnOf(cell) + 1, d).index];
        if (std::fabs(v) <= 1e-9) continue;
        BoardItem item;
        item.kind = ItemKind::kCandidate;
        item.at = g.centre(cell);
        item.text = std::to_string(d);
        item.value = std::min(1.0, std::max(0.0, v));
        board->items.push_back(std::move(item));
      }
    }
  }

  Formulation formulation(const Puzzle& /*puzzle*/, const Built& built) const override {
    const auto& b = dynamic_cast<const KakuroBuilt&>(built);
    Formulation f;
    f.genre = "kakuro";
    f.variables =
        "x_{r,c,d} \\in \\{0,1\\},\\ x_{r,c,d} = 1 \\iff \\text{white cell } (r,c) "
        "\\text{ holds } d, \\quad d \\in \\{1,\\dots,9\\};\\quad R: \\text{a run of white "
        "cells},\\ s_R \\text{ its clue}";
    if (b.kind != KakuroModel::kTextbook) {
      f.variables +=
          ";\\quad y_{R,j} \\in \\{0,1\\},\\ y_{R,j} = 1 \\iff R \\text{ holds the digit set "
          "} S_{R,j}";
    }
    f.objective = "\\text{minimise } 0 \\quad (\\text{any feasible point is an answer})";
    f.groups.push_back({"cell",
                        "Each white cell holds one digit",
                        "\\sum_{d=1}^{9} x_{r,c,d} = 1 \\quad \\forall \\text{ white } (r,c)",
                        "assignment",
                        {}});
    for (const bool across : {true, false}) {
      const std::string way = across ? "across" : "down";
      const std::string a_run = across ? "an across run" : "a down run";
      const std::string runs = "\\quad \\text{for each " + way + " run } R";
      if (b.kind != KakuroModel::kTextbook) {
        f.groups.push_back(
            {way + "_set",
             "Each " + way + " run uses one set of different digits that makes its clue",
             "\\sum_{j} y_{R,j} = 1 \\quad \\text{over the digit sets } S_{R,j} "
             "\\text{ with } |S_{R,j}| = |R|,\\ \\textstyle\\sum S_{R,j} = s_R" +
                 runs,
             "candidates",
             {}});
      }
      if (b.kind == KakuroModel::kCombinations) {
        f.groups.push_back({way + "_digit",
                            "A digit is in " + a_run + " exactly when the chosen set has it",
                            "\\sum_{(r,c) \\in R} x_{r,c,d} = \\sum_{j : d \\in S_{R,j}} y_{R,j} "
                            "\\quad \\forall d" +
                                runs,
                            "candidates",
                            {}});
      } else if (b.kind == KakuroModel::kSetClauses) {
        f.groups.push_back({way + "_digit",
                            "No digit twice in " + a_run,
                            "\\sum_{(r,c) \\in R} x_{r,c,d} \\le 1 \\quad \\forall d" + runs,
                            "candidates",
                            {}});
        f.groups.push_back({way + "_has",
                            "Each digit of the chosen set is in the run",
                            "\\sum_{(r,c) \\in R} x_{r,c,d} \\ge y_{R,j} \\quad \\forall j,\\ "
                            "d \\in S_{R,j}" +
                                runs,
                            "candidates",
                            {}});
        f.groups.push_back({way + "_fits",
                            "A cell of " + a_run + " holds only a digit of the chosen set",
                            "x_{r,c,d} \\le \\sum_{j : d \\in S_{R,j}} y_{R,j} \\quad \\forall "
                            "(r,c) \\in R,\\ d" +
                                runs,
                            "candidates",
                            {}});
      } else {
        f.groups.push_back({way + "_sum",
                            "Each " + way + " run adds up to its clue",
                            "\\sum_{(r,c) \\in R} \\sum_{d=1}^{9} d\\,x_{r,c,d} = s_R" + runs,
                            "sums",
                            {}});
        f.groups.push_back({way + "_digit",
                            "No digit twice in " + a_run,
                            "\\sum_{(r,c) \\in R} x_{r,c,d} \\le 1 \\quad \\forall d" + runs,
                            "sums",
                            {}});
      }
    }
    collectRows(built, &f);
    return f;
  }

  std::string formatPuzzle(const Puzzle& puzzle) const override {
    const KakuroPuzzle& p = kakuroOf(puzzle);
    return recordHead(p) + formatBlock(p.grid, [&](int cell) {
             if (p.white[cell]) return std::string("0");
             if (p.down[cell] == 0 && p.across[cell] == 0) return std::string("-");
             return (p.down[cell] != 0 ? std::to_string(p.down[cell]) : std::string()) + "," +
                    (p.across[cell] != 0 ? std::to_string(p.across[cell]) : std::string());
           });
  }

  std::string formatAnswer(const Puzzle& puzzle, const Answer& answer) const override {
    const KakuroPuzzle& p = kakuroOf(puzzle);
    return recordHead(p) + formatBlock(p.grid, [&](int cell) {
             return p.white[cell] && answer.cells[cell] != 0 ? std::to_string(answer.cells[cell])
                                                             : std::string("-");
           });
  }

 private:
  using Digit = std::function<milp::Var(int, int)>;

  /// Model "textbook": each run adds up to its clue and holds no digit twice; with
  /// `switched`, each sum holds only when its keep binary is 1 (clues.h).
  static void addSums(const KakuroPuzzle& p, const Digit& digit, bool switched, Built& built) {
    milp::Model& m = built.model;
    const RectGrid& g = p.grid;
    for (const KakuroRun& run : p.runs) {
      const char* way = run.across ? "across_sum" : "down_sum";
      milp::LinExpr total;
      for (int cell : run.cells) {
        for (int d = 1; d <= 9; ++d) total += d * milp::LinExpr(digit(cell, d));
      }
      addClueRow(built, total, run.clue, rowName(way, g, run.clueCell), switched, run.clueCell,
                 std::to_string(run.clue) + (run.across ? " across" : " down"));
      if (run.cells.size() < 2) continue;
      for (int d = 1; d <= 9; ++d) {
        milp::LinExpr uses;
        for (int cell : run.cells) uses += digit(cell, d);
        m.addConstraint(uses <= 1,
                        rowName(run.across ? "across_digit" : "down_digit", g, run.clueCell, {d}));
      }
    }
  }

  /// Models "combinations" and "set-clauses" (`clauses`): each run chooses one digit set
  /// that makes its clue, and holds exactly the digits of that set (see the file comment).
  /// With `switched` (BuildOptions::switchClues) a run chooses a set only when its
  /// clue's keep binary is 1: Σ_j y_j = keep, and the rows that tie the digits to the
  /// chosen set give way by 1 − keep; a dropped clue leaves its run "no digit twice".
  static void addCombinations(const KakuroPuzzle& p, const Digit& digit, bool clauses,
                              bool switched, KakuroBuilt* built) {
    const RectGrid& g = p.grid;
    milp::Model& m = built->model;
    const auto setsOfRun = [](const KakuroRun& run) -> const std::vector<unsigned>& {
      return setsOf(static_cast<int>(run.cells.size()), run.clue);
    };
    int most = 1;
    for (const KakuroRun& run : p.runs) {
      most = std::max(most, static_cast<int>(setsOfRun(run).size()));
    }
    for (const bool across : {true, false}) {
      // y_across[r,c,j] / y_down[r,c,j]: the run whose clue is at (r, c) holds set j.
      std::vector<int> offsets;
      for (const KakuroRun& run : p.runs) {
        if (run.across != across) continue;
        for (std::size_t j = 0; j < setsOfRun(run).size(); ++j) {
          offsets.push_back(run.clueCell * most + static_cast<int>(j));
        }
      }
      const milp::VarFamily y =
          m.addSparseVars(across ? "y_across" : "y_down", {{1, g.rows}, {1, g.columns}, {1, most}},
                          offsets, milp::VarType::kBinary, 0, 1);
      for (int offset : offsets) built->cellOf.push_back(offset / most);
      for (const KakuroRun& run : p.runs) {
        if (run.across != across) continue;
        const std::vector<unsigned>& sets = setsOfRun(run);
        const auto set = [&](std::size_t j) {
          return y(g.rowOf(run.clueCell) + 1, g.columnOf(run.clueCell) + 1,
                   static_cast<int>(j) + 1);
        };
        milp::LinExpr one;
        for (std::size_t j = 0; j < sets.size(); ++j) one += set(j);
        // keep = 1, a constant, unless the clue is switched.
        milp::LinExpr keep(1.0);
        if (switched) {
          const std::string at = rowName("", g, run.clueCell);
          const milp::Var k = m.addBinary(std::string("keep_") + (across ? "across" : "down") + at);
          built->cellOf.resize(static_cast<std::size_t>(m.numVars()), -1);
          built->cellOf[static_cast<std::size_t>(k.index)] = run.clueCell;
          built->clueSwitches.push_back(
              {k, run.clueCell, std::to_string(run.clue) + (across ? " across" : " down")});
          keep = milp::LinExpr(k);
        }
        m.addConstraint(one - keep == 0,
                        rowName(across ? "across_set" : "down_set", g, run.clueCell));
        for (int d = 1; d <= 9; ++d) {
          milp::LinExpr uses, with_d;
          for (int cell : run.cells) uses += digit(cell, d);
          int count = 0;  // sets that hold d
          for (std::size_t j = 0; j < sets.size(); ++j) {
            if (sets[j] & (1U << (d - 1))) {
              with_d += set(j);
              ++count;
            }
          }
          const std::string name =
              rowName(across ? "across_digit" : "down_digit", g, run.clueCell, {d});
          if (!clauses && !switched) {
            m.addConstraint(uses == with_d, name);
            continue;
          }
          if (!clauses) {  // switched: the set's digits, and others only when dropped
            m.addConstraint(uses - with_d >= 0, name);
            m.addConstraint(uses - with_d + keep <= 1,
                            rowName(across ? "across_only" : "down_only", g, run.clueCell, {d}));
            if (run.cells.size() > 1) {
              m.addConstraint(uses <= 1,
                              rowName(across ? "across_once" : "down_once", g, run.clueCell, {d}));
            }
            continue;
          }
          if (run.cells.size() > 1) m.addConstraint(uses <= 1, name);
          // A digit of the chosen set is in the run.
          for (std::size_t j = 0; j < sets.size(); ++j) {
            if (!(sets[j] & (1U << (d - 1)))) continue;
            m.addConstraint(uses >= set(j), rowName(across ? "across_has" : "down_has", g,
                                                    run.clueCell, {static_cast<int>(j) + 1, d}));
          }
          // A cell holds only a digit of the chosen set (nothing to say when every set has d).
          for (int cell : run.cells) {
            if (count == static_cast<int>(sets.size())) break;
            m.addConstraint(milp::LinExpr(digit(cell, d)) - with_d + keep <= 1,
                            rowName(across ? "across_fits" : "down_fits", g, cell, {d}));
          }
        }
      }
    }
  }
};

}  // namespace

const Genre& kakuroGenre() {
  static const KakuroGenre genre;
  return genre;
}

}  // namespace gridmilp::puzzles
