// gridmilp — Hitori: shade cells so that no number is left twice in a row or column;
// shaded cells never touch side by side, and the unshaded cells form one area.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Text: the janko-style record of sw_Hitori.puzzles.txt (records.h): "R C", then R
// lines of C numbers (`-` for a cell without one). Answers (sw_Hitori.solutions.txt):
// the numbers, with `x` for each shaded cell.
// As in every published puzzle (and all 471 records of sw_Hitori, checked), a cell is
// shaded only to hide a repeat: a shaded cell keeps an equal number unshaded in its row
// or column. Without that convention any lone number away from the shading could be
// shaded too, and no Hitori would have one answer.
// The MILP (binary s[r,c] = 1 iff cell (r, c) is shaded; T(r,c) the other cells of
// row r and column c with the same number):
//   row_once[r,v], column_once[c,v]:  sum over the m cells of number v (m >= 2) of
//                                     (1 − s) <= 1            a number once unshaded
//   apart[r,c,k]:  s[r,c] + s[next] <= 1                      shaded cells do not touch
//   repeat[r,c]:   s[r,c] <= sum_{T(r,c)} (1 − s)             shade only to hide a repeat
//   connect[k]:    the unshaded cells form one area, by re-solving with cuts (cells.h)
// Model "textbook" cuts each unshaded piece off (connect); "whole-no-good" adds Saito's
// whole-solution no-good instead, to compare the rounds.
#include "puzzles/hitori/hitori.h"

#include <cmath>
#include <map>

#include "puzzles/common/cells.h"

namespace gridmilp::puzzles {
namespace {

struct HitoriPuzzle : Puzzle {
  std::vector<int> numbers;  ///< per cell, 0 for none
};

const HitoriPuzzle& hitoriOf(const Puzzle& puzzle) {
  return dynamic_cast<const HitoriPuzzle&>(puzzle);
}

/// The other cells of a cell's row and column holding its number (none for no number).
std::vector<int> twinsOf(const HitoriPuzzle& p, int cell) {
  std::vector<int> out;
  const int v = p.numbers[cell];
  if (v == 0) return out;
  const int r = p.grid.rowOf(cell), c = p.grid.columnOf(cell);
  for (int k = 0; k < p.grid.columns; ++k) {
    if (k != c && p.numbers[p.grid.index(r, k)] == v) out.push_back(p.grid.index(r, k));
  }
  for (int k = 0; k < p.grid.rows; ++k) {
    if (k != r && p.numbers[p.grid.index(k, c)] == v) out.push_back(p.grid.index(k, c));
  }
  return out;
}

/// The cells of each line (rows, then columns) grouped by number, groups of two or more.
struct Repeat {
  bool row = true;
  int line = 0;  ///< 0-based row or column
  int number = 0;
  std::vector<int> cells;
};
std::vector<Repeat> repeatsOf(const HitoriPuzzle& p) {
  std::vector<Repeat> out;
  for (int pass = 0; pass < 2; ++pass) {
    const bool row = pass == 0;
    const int lines = row ? p.grid.rows : p.grid.columns;
    const int length = row ? p.grid.columns : p.grid.rows;
    for (int line = 0; line < lines; ++line) {
      std::map<int, std::vector<int>> cells_of;
      for (int k = 0; k < length; ++k) {
        const int cell = row ? p.grid.index(line, k) : p.grid.index(k, line);
        if (p.numbers[cell] != 0) cells_of[p.numbers[cell]].push_back(cell);
      }
      for (auto& [number, cells] : cells_of) {
        if (cells.size() >= 2) out.push_back({row, line, number, std::move(cells)});
      }
    }
  }
  return out;
}

class HitoriGenre final : public UnshadedConnectedGenre {
 public:
  std::string_view id() const override { return "hitori"; }
  std::string_view title() const override { return "Hitori"; }
  std::vector<std::string_view> models() const override { return {"textbook", "whole-no-good"}; }

  std::vector<std::unique_ptr<Puzzle>> parse(std::string_view text, int /*size*/) const override {
    std::vector<std::unique_ptr<Puzzle>> out;
    for (const Record& record : parseRecords(text)) {
      auto p = std::make_unique<HitoriPuzzle>();
      beginPuzzle(record, p.get());
      requireNoParameter(record, title());
      const std::vector<const Token*> tokens = recordBlock(record, 0, 1);
      p->numbers.resize(tokens.size());
      for (std::size_t k = 0; k < tokens.size(); ++k) {
        p->numbers[k] = tokenValue(record, *tokens[k], blockLine(record, 0, static_cast<int>(k)), 1,
                                   999999, true, "a number");
      }
      out.push_back(std::move(p));
    }
    return out;
  }

  std::unique_ptr<Built> build(const Puzzle& puzzle, const BuildOptions& options) const override {
    requireModel(options.model);
    const HitoriPuzzle& p = hitoriOf(puzzle);
    const RectGrid& g = p.grid;
    auto built = std::make_unique<ConnectedShadingBuilt>();
    built->cut =
        options.model == "textbook" ? ConnectivityCut::kPiece : ConnectivityCut::kWholeNoGood;
    milp::Model& m = built->model;
    addShadingVars(g, "s", built.get());
    const auto shaded = [&](int cell) { return built->shaded(g, cell); };
    const auto name = [](const char* family, int a, int b) {
      return std::string(family) + "[" + std::to_string(a) + "," + std::to_string(b) + "]";
    };
    // No number twice unshaded in a row or a column.
    for (const Repeat& repeat : repeatsOf(p)) {
      milp::LinExpr unshaded;
      for (int cell : repeat.cells) unshaded += 1.0 - shaded(cell);
      m.addConstraint(unshaded <= 1, name(repeat.row ? "row_once" : "column_once", repeat.line + 1,
                                          repeat.number));
    }
    // Shaded cells do not touch side by side.
    addApartRows(g, built.get());
    // A cell is shaded only to hide a repeat: an equal number in its row or column
    // stays unshaded.
    for (int cell = 0; cell < g.cells(); ++cell) {
      milp::LinExpr twins_unshaded;
      for (int twin : twinsOf(p, cell)) twins_unshaded += 1.0 - shaded(twin);
      m.addConstraint(milp::LinExpr(shaded(cell)) <= twins_unshaded,
                      name("repeat", g.rowOf(cell) + 1, g.columnOf(cell) + 1));
    }
    return built;
  }

  std::optional<std::string> verify(const Puzzle& puzzle, const Answer& answer) const override {
    const HitoriPuzzle& p = hitoriOf(puzzle);
    const RectGrid& g = p.grid;
    if (std::optional<std::string> why = checkShadingAnswer(g, answer)) return why;
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (!answer.cells[cell]) continue;
      if (std::optional<std::string> why = touchingShaded(g, answer, cell)) return why;
      bool hides = false;
      for (int twin : twinsOf(p, cell)) hides = hides || !answer.cells[twin];
      if (!hides) {
        return g.name(cell) +
               " is shaded but hides no repeat (no equal number in its row or "
               "column stays unshaded)";
      }
    }
    for (const Repeat& repeat : repeatsOf(p)) {
      int unshaded = 0;
      for (int cell : repeat.cells) unshaded += !answer.cells[cell];
      if (unshaded > 1) {
        return std::string(repeat.row ? "row " : "column ") + std::to_string(repeat.line + 1) +
               " leaves " + std::to_string(repeat.number) + " unshaded " +
               std::to_string(unshaded) + " times";
      }
    }
    return checkUnshadedConnected(g, answer);
  }

  Board board(const Puzzle& puzzle, const Answer* answer) const override {
    const HitoriPuzzle& p = hitoriOf(puzzle);
    Board board = shadingBoard(p.grid, answer);
    for (int cell = 0; cell < p.grid.cells(); ++cell) {
      if (p.numbers[cell] != 0) {
        board.number(p.grid.centre(cell), std::to_string(p.numbers[cell]), "given");
      }
    }
    return board;
  }

  Formulation formulation(const Puzzle& /*puzzle*/, const Built& built) const override {
    const auto& b = dynamic_cast<const ConnectedShadingBuilt&>(built);
    Formulation f;
    f.genre = "hitori";
    f.variables =
        "s_{r,c} \\in \\{0,1\\},\\ s_{r,c} = 1 \\iff \\text{cell } (r,c) \\text{ is shaded};"
        "\\quad N_{r,v}, N'_{c,v}: \\text{the cells of row } r \\text{ (column } c\\text{) "
        "holding } v";
    f.objective = "\\text{minimise } 0 \\quad (\\text{any feasible point is an answer})";
    f.groups.push_back({"row_once",
                        "No number twice unshaded in a row",
                        "\\sum_{(r,c) \\in N_{r,v}} (1 - s_{r,c}) \\le 1 \\quad \\forall r, v",
                        "areas",
                        {}});
    f.groups.push_back({"column_once",
                        "No number twice unshaded in a column",
                        "\\sum_{(r,c) \\in N'_{c,v}} (1 - s_{r,c}) \\le 1 \\quad \\forall c, v",
                        "areas",
                        {}});
    f.groups.push_back(apartGroup());
    f.groups.push_back({"repeat",
                        "A cell is shaded only to hide a repeat",
                        "s_{r,c} \\le \\sum_{(r',c') \\in T_{r,c}} (1 - s_{r',c'}) \\quad T_{r,c}: "
                        "\\text{equal numbers in row } r \\text{ and column } c",
                        "IF (linear implication)",
                        {}});
    f.groups.push_back(unshadedConnectivityGroup(b.cut));
    collectRows(built, &f);
    return f;
  }

  std::string formatPuzzle(const Puzzle& puzzle) const override {
    const HitoriPuzzle& p = hitoriOf(puzzle);
    return recordHead(p) + formatBlock(p.grid, [&](int cell) {
             return p.numbers[cell] == 0 ? std::string("-") : std::to_string(p.numbers[cell]);
           });
  }

  std::string formatAnswer(const Puzzle& puzzle, const Answer& answer) const override {
    const HitoriPuzzle& p = hitoriOf(puzzle);
    return recordHead(p) + formatBlock(p.grid, [&](int cell) {
             if (answer.cells[cell]) return std::string("x");
             return p.numbers[cell] == 0 ? std::string("-") : std::to_string(p.numbers[cell]);
           });
  }
};

}  // namespace

const Genre& hitoriGenre() {
  static const HitoriGenre genre;
  return genre;
}

}  // namespace gridmilp::puzzles
