// gridmilp — Norinori: shade exactly two cells in each region so that every shaded cell
// has exactly one shaded neighbour (side by side): the shaded cells form dominoes.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Text: the janko-style record of sw_Norinori.puzzles.txt (records.h): "R C", then R
// lines of C `-` (janko's empty clue block: Norinori has no clues), then R lines of C
// region ids (letters and digits; cells with equal ids form one region). A record with
// the region block alone is read too; formatPuzzle writes both blocks. Answers
// (sw_Norinori.solutions.txt): "R C", then `x` for a shaded cell, `-` for the others.
// The MILP (binary s[r,c] = 1 iff cell (r, c) is shaded; N(r,c) its orthogonal
// neighbours, d = |N(r,c)| = 2, 3 or 4):
//   region[k]:         sum of s over region k = 2                  two shaded per region
//   partner[r,c]:      sum_{N(r,c)} s >= s[r,c]                    shaded: a shaded neighbour
//   one_partner[r,c]:  sum_{N(r,c)} s <= 1 + (d − 1)(1 − s[r,c])   shaded: at most one
// one_partner is the IF "s = 1 ⇒ sum <= 1" by big-M: M = d − 1 is the smallest M that
// leaves an unshaded cell free (its sum is at most d = 1 + M), and no smaller one is
// valid: an unshaded cell may have all d neighbours shaded (d dominoes pointing away).
// Model "pairs", the default, states one_partner as
//   one_partner[r,c,k]:  s[r,c] + s[a] + s[b] <= 2  for each pair {a, b} of N(r,c)
// ("a shaded cell never has two shaded neighbours"), d(d − 1)/2 rows a cell. Each is one
// clause for the SAT route, where a big-M row (coefficient d − 1) goes through GLPK's
// translation of general rows; on the 145 sw_Norinori records "pairs" takes a quarter of
// the time (natively 545 ms in all against 2,081; the slowest record, 36×54, 110 against
// 449 ms). Neither LP relaxation contains the other.
// No rule is left out, so separate keeps the default (no cuts).
#include "puzzles/norinori/norinori.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "puzzles/common/cells.h"

namespace gridmilp::puzzles {
namespace {

struct NorinoriPuzzle : Puzzle {
  std::vector<int> region;       ///< per cell, 0-based
  std::vector<std::string> ids;  ///< each region's id
};

struct NorinoriBuilt : ShadingBuilt {
  bool pairs = false;
};

const NorinoriPuzzle& norinoriOf(const Puzzle& puzzle) {
  return dynamic_cast<const NorinoriPuzzle&>(puzzle);
}

/// A parse error at a token's character.
InputError tokenError(const Record& record, int line, int column, char ch,
                      const std::string& message) {
  Where where;
  where.puzzle = record.puzzle;
  where.line = line;
  where.column = column;
  where.character = std::string(1, ch);
  return InputError(
      ErrorCode::kParseError,
      "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + message,
      where);
}

/// Checks the empty clue block (block 0 of 2): every token `-` or `.`.
void checkEmptyBlock(const Record& record) {
  const std::vector<const Token*> tokens = recordBlock(record, 0, 2);
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    const Token& t = *tokens[k];
    if (t.text == "-" || t.text == ".") continue;
    throw tokenError(
        record, blockLine(record, 0, static_cast<int>(k)), t.column, t.text[0],
        "Norinori has no clues: expected - in the first block, found '" + t.text + "'");
  }
}

/// Checks that every region id of block `block` (of `blocks`) is letters and digits.
void checkRegionIds(const Record& record, int block, int blocks) {
  const std::vector<const Token*> tokens = recordBlock(record, block, blocks);
  for (std::size_t cell = 0; cell < tokens.size(); ++cell) {
    const Token& t = *tokens[cell];
    for (std::size_t k = 0; k < t.text.size(); ++k) {
      const unsigned char ch = static_cast<unsigned char>(t.text[k]);
      if (std::isalnum(ch) || ch == '_') continue;
      throw tokenError(record, blockLine(record, block, static_cast<int>(cell)),
                       t.column + static_cast<int>(k), t.text[k],
                       "expected a region id (letters and digits), found '" + t.text + "'");
    }
  }
}

/// The pairs of a cell's neighbours.
std::vector<std::pair<int, int>> neighbourPairs(const RectGrid& g, int cell) {
  const Neighbours n = g.neighbours(cell);
  std::vector<std::pair<int, int>> out;
  for (std::size_t a = 0; a < n.size(); ++a) {
    for (std::size_t b = a + 1; b < n.size(); ++b) out.emplace_back(n[a], n[b]);
  }
  return out;
}

class NorinoriGenre final : public ShadingGenre {
 public:
  std::string_view id() const override { return "norinori"; }
  std::string_view title() const override { return "Norinori"; }
  std::vector<std::string_view> models() const override { return {"pairs", "textbook"}; }

  std::vector<std::unique_ptr<Puzzle>> parse(std::string_view text, int /*size*/) const override {
    std::vector<std::unique_ptr<Puzzle>> out;
    for (const Record& record : parseRecords(text)) {
      auto p = std::make_unique<NorinoriPuzzle>();
      beginPuzzle(record, p.get());
      requireNoParameter(record, title());
      // janko's layout: an empty clue block, then the regions; the regions alone are read too.
      const int blocks = static_cast<int>(record.lines.size()) > record.rows ? 2 : 1;
      if (blocks == 2) checkEmptyBlock(record);
      rejectCellsInNoRegion(record, *p, recordBlock(record, blocks - 1, blocks), "region");
      checkRegionIds(record, blocks - 1, blocks);
      p->region = readRegions(record, blocks - 1, blocks, p.get(), &p->ids);
      for (std::size_t k = 0; k < p->ids.size(); ++k) {
        const auto size = std::count(p->region.begin(), p->region.end(), static_cast<int>(k));
        if (size < 2) {
          p->warnings.push_back("region '" + p->ids[k] + "' has a single cell: it cannot hold " +
                                "two shaded cells, so the puzzle has no answer");
        }
      }
      out.push_back(std::move(p));
    }
    return out;
  }

  std::unique_ptr<Built> build(const Puzzle& puzzle, const BuildOptions& options) const override {
    requireModel(options.model);
    const NorinoriPuzzle& p = norinoriOf(puzzle);
    const RectGrid& g = p.grid;
    auto built = std::make_unique<NorinoriBuilt>();
    built->pairs = options.model == "pairs";
    milp::Model& m = built->model;
    addShadingVars(g, "s", built.get());
    const auto shaded = [&](int cell) { return built->shaded(g, cell); };
    const auto name = [&](const char* family, int cell, int k = 0) {
      return std::string(family) + "[" + std::to_string(g.rowOf(cell) + 1) + "," +
             std::to_string(g.columnOf(cell) + 1) + (k > 0 ? "," + std::to_string(k) : "") + "]";
    };
    // Two shaded cells in each region.
    std::vector<milp::LinExpr> in_region(p.ids.size());
    for (int cell = 0; cell < g.cells(); ++cell) in_region[p.region[cell]] += shaded(cell);
    for (std::size_t k = 0; k < in_region.size(); ++k) {
      m.addConstraint(in_region[k] == 2, "region[" + std::to_string(k + 1) + "]");
    }
    // A shaded cell has a shaded neighbour.
    for (int cell = 0; cell < g.cells(); ++cell) {
      milp::LinExpr around;
      for (int next : g.neighbours(cell)) around += shaded(next);
      m.addConstraint(around >= milp::LinExpr(shaded(cell)), name("partner", cell));
    }
    // A shaded cell has at most one shaded neighbour.
    for (int cell = 0; cell < g.cells(); ++cell) {
      const Neighbours next = g.neighbours(cell);
      if (built->pairs) {
        int k = 0;
        for (const auto& [a, b] : neighbourPairs(g, cell)) {
          m.addConstraint(shaded(cell) + shaded(a) + shaded(b) <= 2,
                          name("one_partner", cell, ++k));
        }
        continue;
      }
      if (next.size() < 2) continue;  // at most one neighbour anyway
      milp::LinExpr around;
      for (int n : next) around += shaded(n);
      const double big_m = static_cast<double>(next.size()) - 1;  // the smallest valid M
      m.addConstraint(around <= 1 + big_m * (1 - milp::LinExpr(shaded(cell))),
                      name("one_partner", cell));
    }
    return built;
  }

  std::optional<std::string> verify(const Puzzle& puzzle, const Answer& answer) const override {
    const NorinoriPuzzle& p = norinoriOf(puzzle);
    const RectGrid& g = p.grid;
    if (std::optional<std::string> why = checkShadingAnswer(g, answer)) return why;
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (!answer.cells[cell]) continue;
      std::vector<int> partners;
      for (int next : g.neighbours(cell)) {
        if (answer.cells[next]) partners.push_back(next);
      }
      if (partners.empty()) {
        return "the shaded cell at " + g.name(cell) + " has no shaded neighbour";
      }
      if (partners.size() > 1) {
        return "the shaded cell at " + g.name(cell) + " has " + std::to_string(partners.size()) +
               " shaded neighbours (" + g.name(partners[0]) + " and " + g.name(partners[1]) +
               (partners.size() > 2 ? ", …" : "") + ")";
      }
    }
    std::vector<int> count(p.ids.size(), 0), first(p.ids.size(), -1);
    for (int cell = 0; cell < g.cells(); ++cell) {
      count[p.region[cell]] += answer.cells[cell];
      if (first[p.region[cell]] < 0) first[p.region[cell]] = cell;
    }
    for (std::size_t k = 0; k < count.size(); ++k) {
      if (count[k] != 2) {
        return "region '" + p.ids[k] + "' (at " + g.name(first[k]) + ") holds " +
               std::to_string(count[k]) + (count[k] == 1 ? " shaded cell" : " shaded cells") +
               ", not 2";
      }
    }
    return std::nullopt;
  }

  Board board(const Puzzle& puzzle, const Answer* answer) const override {
    const NorinoriPuzzle& p = norinoriOf(puzzle);
    Board board = shadingBoard(p.grid, answer);
    addRegionWalls(p.grid, p.region, &board);
    return board;
  }

  Formulation formulation(const Puzzle& /*puzzle*/, const Built& built) const override {
    const auto& b = dynamic_cast<const NorinoriBuilt&>(built);
    Formulation f;
    f.genre = "norinori";
    f.variables =
        "s_{r,c} \\in \\{0,1\\},\\ s_{r,c} = 1 \\iff \\text{cell } (r,c) \\text{ is shaded};"
        "\\quad R_k: \\text{the cells of region } k;\\quad N_{r,c}: \\text{the } d_{r,c} \\in "
        "\\{2,3,4\\} \\text{ orthogonal neighbours of } (r,c)";
    f.objective = "\\text{minimise } 0 \\quad (\\text{any feasible point is an answer})";
    f.groups.push_back({"region",
                        "Each region holds exactly two shaded cells",
                        "\\sum_{(r,c) \\in R_k} s_{r,c} = 2 \\quad \\forall k",
                        "areas",
                        {}});
    f.groups.push_back({"partner",
                        "A shaded cell has a shaded neighbour",
                        "\\sum_{(r',c') \\in N_{r,c}} s_{r',c'} \\ge s_{r,c} \\quad \\forall r, c",
                        "IF (linear implication)",
                        {}});
    if (b.pairs) {
      f.groups.push_back(
          {"one_partner",
           "A shaded cell has at most one shaded neighbour",
           "s_{r,c} + s_a + s_b \\le 2 \\quad \\forall r, c,\\ \\{a, b\\} \\subseteq N_{r,c} "
           "\\quad (\\text{never two shaded neighbours of a shaded cell})",
           "IF (linear implication)",
           {}});
    } else {
      f.groups.push_back(
          {"one_partner",
           "A shaded cell has at most one shaded neighbour",
           "\\sum_{(r',c') \\in N_{r,c}} s_{r',c'} \\le 1 + M_{r,c} (1 - s_{r,c}),\\quad "
           "M_{r,c} = d_{r,c} - 1 \\quad \\forall r, c \\quad (\\text{shaded: at most one; "
           "unshaded: at most } d_{r,c}\\text{, always true. No smaller } M \\text{ is valid: "
           "an unshaded cell may have all } d_{r,c} \\text{ neighbours shaded})",
           "IF by big-M",
           {}});
    }
    collectRows(built, &f);
    return f;
  }

  std::string formatPuzzle(const Puzzle& puzzle) const override {
    const NorinoriPuzzle& p = norinoriOf(puzzle);
    return recordHead(p) + formatBlock(p.grid, [](int) { return std::string("-"); }) +
           formatBlock(p.grid, [&](int cell) { return p.ids[p.region[cell]]; });
  }

  std::string formatAnswer(const Puzzle& puzzle, const Answer& answer) const override {
    const NorinoriPuzzle& p = norinoriOf(puzzle);
    return recordHead(p) + formatBlock(p.grid, [&](int cell) {
             return answer.cells[cell] ? std::string("x") : std::string("-");
           });
  }
};

}  // namespace

const Genre& norinoriGenre() {
  static const NorinoriGenre genre;
  return genre;
}

}  // namespace gridmilp::puzzles
