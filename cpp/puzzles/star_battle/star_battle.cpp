// gridmilp — Star Battle: place stars so that each row, each column and each region
// holds exactly K of them; stars never touch, not even diagonally.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Text: the janko-style record of sw_Starbattle.puzzles.txt (records.h): "R C K" (K, the
// stars per row, column and region), then R lines of C region ids (letters and digits;
// cells with equal ids form one region). Two tokens mark cells in no region, which never
// hold a star: `@` a cell outside the puzzle's shape, `#` a black cell inside it. A size
// line without K means one star (the classic puzzle) and adds a warning saying so: janko
// always states K, and a person typing a region map most likely means the one-star
// puzzle. Answers (sw_Starbattle.solutions.txt): "R C K", then `x` for a star, `-` for
// none.
// The MILP (binary s[r,c] = 1 iff cell (r, c) holds a star, named star[r,c]; the cells in
// no region are fixed to 0):
//   row[r], column[c], region[k]:  sum of s over the unit = K       K stars in each unit
//   apart[r,c]:  s over the 2×2 block with top-left (r, c) <= 1     stars do not touch
// Every pair of touching cells (side by side or diagonal) lies in a 2×2 block, so the
// blocks say "no two stars touch" exactly, with a quarter of the rows of the pairwise
// form and a tighter LP relaxation (each block is a clique of its four cells). No rule is
// left out, so separate keeps the default (no cuts).
#include "puzzles/star_battle/star_battle.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <utility>

#include "puzzles/common/cells.h"

namespace gridmilp::puzzles {
namespace {

/// The tokens of the region block that put a cell in no region.
constexpr const char* kOutside = "@";
constexpr const char* kBlack = "#";
/// The warning for a size line without K.
constexpr const char* kNoStarCount =
    "the size line gives no stars per row, column and region (\"R C K\"): 1 assumed";

struct StarBattlePuzzle : Puzzle {
  int stars = 1;                   ///< K: stars per row, column and region
  std::vector<int> region;         ///< per cell: its region (0-based), or -1 for none
  std::vector<std::string> token;  ///< per cell: its token in the text (`@`, `#`, an id)
  std::vector<std::string> ids;    ///< each region's id
};

const StarBattlePuzzle& starBattleOf(const Puzzle& puzzle) {
  return dynamic_cast<const StarBattlePuzzle&>(puzzle);
}

/// The stars a line of `length` cells holds at most when no two touch.
int maxStars(int length) { return (length + 1) / 2; }

/// "1 star" / "3 stars".
std::string starsText(int n) { return std::to_string(n) + (n == 1 ? " star" : " stars"); }

/// Reads the region block: region ids, `@` and `#`. Throws InputError naming the line,
/// column and character of a token that is none of them.
void readStarRegions(const Record& record, StarBattlePuzzle* p) {
  const std::vector<const Token*> tokens = recordBlock(record, 0, 1);
  rejectCellsInNoRegion(record, *p, tokens, "region");
  std::map<std::string, int> region_of_id;
  p->region.assign(tokens.size(), -1);
  p->token.resize(tokens.size());
  for (std::size_t cell = 0; cell < tokens.size(); ++cell) {
    const Token& t = *tokens[cell];
    p->token[cell] = t.text;
    if (t.text == kOutside || t.text == kBlack) continue;
    for (std::size_t k = 0; k < t.text.size(); ++k) {
      const unsigned char ch = static_cast<unsigned char>(t.text[k]);
      if (std::isalnum(ch) || ch == '_') continue;
      const int line = blockLine(record, 0, static_cast<int>(cell));
      const int column = t.column + static_cast<int>(k);
      Where where;
      where.puzzle = record.puzzle;
      where.line = line;
      where.column = column;
      where.character = std::string(1, static_cast<char>(ch));
      throw InputError(ErrorCode::kParseError,
                       "line " + std::to_string(line) + ", column " + std::to_string(column) +
                           ": expected a region id (letters and digits), @ (outside the "
                           "puzzle) or # (a black cell), found '" +
                           t.text + "'",
                       where);
    }
    const auto [it, added] = region_of_id.emplace(t.text, static_cast<int>(p->ids.size()));
    if (added) p->ids.push_back(t.text);
    p->region[cell] = it->second;
  }
}

/// The warnings of a puzzle that cannot have an answer, or has regions in pieces.
void warnAboutShape(StarBattlePuzzle* p) {
  const RectGrid& g = p->grid;
  std::vector<std::vector<int>> cells(p->ids.size());
  for (int cell = 0; cell < g.cells(); ++cell) {
    if (p->region[cell] >= 0) cells[p->region[cell]].push_back(cell);
  }
  for (std::size_t k = 0; k < cells.size(); ++k) {
    if (!isConnected(g, cells[k])) {
      p->warnings.push_back("region '" + p->ids[k] + "' (at " + g.name(cells[k].front()) +
                            ") is not connected");
    }
  }
  if (g.rows != g.columns) {
    p->warnings.push_back("the grid is " + g.label() + ", not square: its rows hold " +
                          std::to_string(g.rows * p->stars) + " stars and its columns " +
                          std::to_string(g.columns * p->stars) + ", so it has no answer");
  } else if (static_cast<int>(p->ids.size()) != g.rows) {
    p->warnings.push_back("the puzzle has " + std::to_string(p->ids.size()) +
                          (p->ids.size() == 1 ? " region and " : " regions and ") +
                          std::to_string(g.rows) + " rows: their stars cannot agree, so it " +
                          "has no answer");
  }
}

class StarBattleGenre final : public ShadingGenre {
 public:
  std::string_view id() const override { return "star-battle"; }
  std::string_view title() const override { return "Star Battle"; }

 protected:
  std::string shadedWord() const override { return "star"; }

 public:
  std::vector<std::unique_ptr<Puzzle>> parse(std::string_view text, int /*size*/) const override {
    std::vector<std::unique_ptr<Puzzle>> out;
    for (const Record& record : parseRecords(text)) {
      auto p = std::make_unique<StarBattlePuzzle>();
      beginPuzzle(record, p.get());
      const int most = maxStars(std::min(record.rows, record.columns));
      if (record.parameter) {
        p->stars = tokenValue(record, *record.parameter, record.sizeLine, 1, most, false,
                              "the stars per row, column and region");
      } else {
        p->stars = 1;
        p->warnings.emplace_back(kNoStarCount);
      }
      readStarRegions(record, p.get());
      warnAboutShape(p.get());
      out.push_back(std::move(p));
    }
    return out;
  }

  std::unique_ptr<Built> build(const Puzzle& puzzle, const BuildOptions& options) const override {
    requireModel(options.model);
    const StarBattlePuzzle& p = starBattleOf(puzzle);
    const RectGrid& g = p.grid;
    auto built = std::make_unique<ShadingBuilt>();  // s(r, c) = 1 iff a star
    milp::Model& m = built->model;
    addShadingVars(g, "star", built.get());
    const milp::VarFamily& s = built->s;
    const auto star = [&](int cell) { return built->shaded(g, cell); };
    const auto name = [](const char* family, int a, int b = 0) {
      return std::string(family) + "[" + std::to_string(a) +
             (b > 0 ? "," + std::to_string(b) : "") + "]";
    };
    const double k = p.stars;
    // Cells in no region (outside the puzzle, or black) hold no star.
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (p.region[cell] < 0) m.fix(star(cell), 0);
    }
    // K stars in each row.
    for (int r = 1; r <= g.rows; ++r) {
      m.addConstraint(sum(s.slice({r, milp::kAll})) == k, name("row", r));
    }
    // K stars in each column.
    for (int c = 1; c <= g.columns; ++c) {
      m.addConstraint(sum(s.slice({milp::kAll, c})) == k, name("column", c));
    }
    // K stars in each region.
    std::vector<milp::LinExpr> in_region(p.ids.size());
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (p.region[cell] >= 0) in_region[p.region[cell]] += star(cell);
    }
    for (std::size_t r = 0; r < in_region.size(); ++r) {
      m.addConstraint(in_region[r] == k, name("region", static_cast<int>(r) + 1));
    }
    // Stars do not touch: at most one in each 2×2 block (clipped to the grid when it has a
    // single row or column).
    for (int r = 0; r < std::max(1, g.rows - 1); ++r) {
      for (int c = 0; c < std::max(1, g.columns - 1); ++c) {
        milp::LinExpr block;
        int cells = 0;
        for (int dr = 0; dr < 2; ++dr) {
          for (int dc = 0; dc < 2; ++dc) {
            if (!g.contains(r + dr, c + dc)) continue;
            block += star(g.index(r + dr, c + dc));
            ++cells;
          }
        }
        if (cells >= 2) m.addConstraint(block <= 1, name("apart", r + 1, c + 1));
      }
    }
    return built;
  }

  std::optional<std::string> verify(const Puzzle& puzzle, const Answer& answer) const override {
    const StarBattlePuzzle& p = starBattleOf(puzzle);
    const RectGrid& g = p.grid;
    if (!(answer.grid == g) || static_cast<int>(answer.cells.size()) != g.cells()) {
      return "the answer is not " + g.label();
    }
    for (int cell = 0; cell < g.cells(); ++cell) {
      const int v = answer.cells[cell];
      if (v != 0 && v != 1) return g.name(cell) + " neither holds a star nor is empty";
      if (v == 1 && p.region[cell] < 0) {
        return g.name(cell) +
               (p.token[cell] == kOutside ? " is outside the puzzle" : " is a black cell") +
               " but holds a star";
      }
    }
    // Stars do not touch: look right, down, and both diagonals down.
    constexpr std::pair<int, int> kLater[] = {{0, 1}, {1, -1}, {1, 0}, {1, 1}};
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (!answer.cells[cell]) continue;
      const int r = g.rowOf(cell), c = g.columnOf(cell);
      for (const auto& [dr, dc] : kLater) {
        if (g.contains(r + dr, c + dc) && answer.cells[g.index(r + dr, c + dc)]) {
          return "the stars at " + g.name(cell) + " and " + g.name(g.index(r + dr, c + dc)) +
                 " touch";
        }
      }
    }
    for (int r = 0; r < g.rows; ++r) {
      int n = 0;
      for (int c = 0; c < g.columns; ++c) n += answer.cells[g.index(r, c)];
      if (n != p.stars) {
        return "row " + std::to_string(r + 1) + " holds " + starsText(n) + ", not " +
               std::to_string(p.stars);
      }
    }
    for (int c = 0; c < g.columns; ++c) {
      int n = 0;
      for (int r = 0; r < g.rows; ++r) n += answer.cells[g.index(r, c)];
      if (n != p.stars) {
        return "column " + std::to_string(c + 1) + " holds " + starsText(n) + ", not " +
               std::to_string(p.stars);
      }
    }
    std::vector<int> count(p.ids.size(), 0), first(p.ids.size(), -1);
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (p.region[cell] < 0) continue;
      count[p.region[cell]] += answer.cells[cell];
      if (first[p.region[cell]] < 0) first[p.region[cell]] = cell;
    }
    for (std::size_t k = 0; k < count.size(); ++k) {
      if (count[k] != p.stars) {
        return "region '" + p.ids[k] + "' (at " + g.name(first[k]) + ") holds " +
               starsText(count[k]) + ", not " + std::to_string(p.stars);
      }
    }
    return std::nullopt;
  }

  Board board(const Puzzle& puzzle, const Answer* answer) const override {
    const StarBattlePuzzle& p = starBattleOf(puzzle);
    const RectGrid& g = p.grid;
    Board board;
    board.rows = g.rows;
    board.columns = g.columns;
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (p.region[cell] < 0) board.shade(g.centre(cell), "block");
    }
    addRegionWalls(g, p.region, &board);
    for (int cell = 0; answer != nullptr && cell < g.cells(); ++cell) {
      if (answer->cells[cell]) {
        board.items.push_back({ItemKind::kCircle, g.centre(cell), {}, 1.0, "star", {}, {}});
      }
    }
    return board;
  }

  Formulation formulation(const Puzzle& /*puzzle*/, const Built& built) const override {
    Formulation f;
    f.genre = "star-battle";
    f.variables =
        "s_{r,c} \\in \\{0,1\\},\\ s_{r,c} = 1 \\iff \\text{cell } (r,c) \\text{ holds a star};"
        "\\quad s_{r,c} = 0 \\text{ for cells in no region (@, \\#)};\\quad R_k: "
        "\\text{the cells of region } k;\\quad K: \\text{stars per unit}";
    f.objective = "\\text{minimise } 0 \\quad (\\text{any feasible point is an answer})";
    f.groups.push_back(
        {"row", "Each row holds K stars", "\\sum_{c} s_{r,c} = K \\quad \\forall r", "areas", {}});
    f.groups.push_back({"column",
                        "Each column holds K stars",
                        "\\sum_{r} s_{r,c} = K \\quad \\forall c",
                        "areas",
                        {}});
    f.groups.push_back({"region",
                        "Each region holds K stars",
                        "\\sum_{(r,c) \\in R_k} s_{r,c} = K \\quad \\forall k",
                        "areas",
                        {}});
    f.groups.push_back(
        {"apart",
         "Stars do not touch, not even diagonally",
         "s_{r,c} + s_{r,c+1} + s_{r+1,c} + s_{r+1,c+1} \\le 1 \\quad \\forall r, c \\quad "
         "(\\text{every touching pair lies in a } 2 \\times 2 \\text{ block})",
         "areas",
         {}});
    collectRows(built, &f);
    return f;
  }

  std::string formatPuzzle(const Puzzle& puzzle) const override {
    const StarBattlePuzzle& p = starBattleOf(puzzle);
    return head(p) + formatBlock(p.grid, [&](int cell) { return p.token[cell]; });
  }

  std::string formatAnswer(const Puzzle& puzzle, const Answer& answer) const override {
    const StarBattlePuzzle& p = starBattleOf(puzzle);
    return head(p) + formatBlock(p.grid, [&](int cell) {
             return answer.cells[cell] ? std::string("x") : std::string("-");
           });
  }

 private:
  /// "=== header\nR C K\n".
  static std::string head(const StarBattlePuzzle& p) {
    std::string out = recordHead(p);
    out.insert(out.size() - 1, " " + std::to_string(p.stars));
    return out;
  }
};

}  // namespace

const Genre& starBattleGenre() {
  static const StarBattleGenre genre;
  return genre;
}

}  // namespace gridmilp::puzzles
