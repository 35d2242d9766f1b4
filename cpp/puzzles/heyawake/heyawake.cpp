// gridmilp — Heyawake: shade cells so that each room with a number holds that many
// shaded cells; shaded cells never touch side by side; the unshaded cells form one
// area; and no horizontal or vertical run of unshaded cells crosses two room borders.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Text: the janko-style record of sw_Heyawake.puzzles.txt (records.h): "R C", then R
// lines of room clues (a number in one cell of a room, `-` elsewhere), then R lines of
// room ids (any token; cells with equal ids side by side are one room). An id that marks
// two separate areas makes two rooms (a warning says so; three records of sw_Heyawake
// reuse an id so). Answers (sw_Heyawake.solutions.txt): `x` for each shaded cell, `-`
// for the others.
// The MILP (binary s[r,c] = 1 iff cell (r, c) is shaded):
//   room[k]:     sum_{cells of room k} s = the room's number     (rooms with a number)
//   apart[r,c,k]: s[r,c] + s[next] <= 1                           shaded cells do not touch
//   span[r,c,d]: sum_{cells of the segment} s >= 1 for each segment of a row (d = 1) or
//                column (d = 2) that starts in the last cell of one room and ends in the
//                first cell of the room after next (it crosses two borders), from (r, c)
//   walled[r,c]: s[r,c] + sum_{neighbours} (1 − s) >= 1            no unshaded cell walled in
//                (implied by connectivity: it halves the rounds, 5,808 to 2,875 on
//                sw_Heyawake, and the time)
//   connect[k]:  the unshaded cells form one area, by re-solving with cuts (cells.h)
// Model "textbook" cuts each unshaded piece off (connect); "whole-no-good" adds Saito's
// whole-solution no-good instead, to compare the rounds: it removes one shading a round.
// Given 5 s a record, it answers 152 of the 394 records of sw_Heyawake (104 of them
// 10×10) in 8,076 rounds (at most 488 for one), where "textbook" needs 552 (at most 13);
// the other 242 stop at the limit.
#include "puzzles/heyawake/heyawake.h"

#include <algorithm>
#include <map>

#include "puzzles/common/cells.h"
#include "puzzles/common/clues.h"

namespace gridmilp::puzzles {
namespace {

struct HeyawakePuzzle : Puzzle {
  std::vector<std::string> roomToken;   ///< per cell, the room id as written
  std::vector<int> room;                ///< per cell, its room (0-based)
  std::vector<std::vector<int>> rooms;  ///< the cells of each room, increasing
  std::vector<int> clue;                ///< per room, its number, or -1
  std::vector<int> clueCell;            ///< per room, the cell holding its number, or -1
};

const HeyawakePuzzle& heyawakeOf(const Puzzle& puzzle) {
  return dynamic_cast<const HeyawakePuzzle&>(puzzle);
}

/// A segment of a row or column that crosses two room borders: from the last cell
/// before one border to the first cell after the next.
struct Span {
  bool row = true;
  std::vector<int> cells;
};

/// Every such segment, rows first, then columns.
std::vector<Span> spansOf(const HeyawakePuzzle& p) {
  const RectGrid& g = p.grid;
  std::vector<Span> out;
  for (int pass = 0; pass < 2; ++pass) {
    const bool row = pass == 0;
    const int lines = row ? g.rows : g.columns;
    const int length = row ? g.columns : g.rows;
    for (int line = 0; line < lines; ++line) {
      const auto at = [&](int k) { return row ? g.index(line, k) : g.index(k, line); };
      std::vector<int> borders;  // k: a border between positions k − 1 and k
      for (int k = 1; k < length; ++k) {
        if (p.room[at(k - 1)] != p.room[at(k)]) borders.push_back(k);
      }
      for (std::size_t b = 1; b < borders.size(); ++b) {
        Span span{row, {}};
        for (int k = borders[b - 1] - 1; k <= borders[b]; ++k) span.cells.push_back(at(k));
        out.push_back(std::move(span));
      }
    }
  }
  return out;
}

/// The rooms of a block of room ids: the connected areas of equal ids. Adds a warning
/// for each id that marks more than one area.
void readRooms(const Record& record, HeyawakePuzzle* p) {
  const RectGrid& g = p->grid;
  const std::vector<const Token*> tokens = recordBlock(record, 1, 2);
  rejectCellsInNoRegion(record, *p, tokens, "room");
  for (const Token* t : tokens) p->roomToken.push_back(t->text);
  p->room.assign(g.cells(), -1);
  std::map<std::string, std::vector<int>> areas_of;  // id -> the first cell of each area
  for (int start = 0; start < g.cells(); ++start) {
    if (p->room[start] >= 0) continue;
    const int id = static_cast<int>(p->rooms.size());
    std::vector<int> cells{start};
    p->room[start] = id;
    for (std::size_t k = 0; k < cells.size(); ++k) {
      for (int next : g.neighbours(cells[k])) {
        if (p->room[next] < 0 && p->roomToken[next] == p->roomToken[start]) {
          p->room[next] = id;
          cells.push_back(next);
        }
      }
    }
    std::sort(cells.begin(), cells.end());
    p->rooms.push_back(std::move(cells));
    areas_of[p->roomToken[start]].push_back(start);
  }
  for (const auto& [id, firsts] : areas_of) {
    if (firsts.size() < 2) continue;
    std::string where;
    for (int cell : firsts) where += (where.empty() ? "" : "; ") + g.name(cell);
    p->warnings.push_back("room id '" + id + "' marks " + std::to_string(firsts.size()) +
                          " separate areas (at " + where + "): each is a room of its own");
  }
}

/// The room clues (block 0), checked against the rooms: one number per room at most,
/// and no more than the room's cells.
void readClues(const Record& record, const std::vector<const Token*>& tokens, HeyawakePuzzle* p) {
  const RectGrid& g = p->grid;
  p->clue.assign(p->rooms.size(), -1);
  p->clueCell.assign(p->rooms.size(), -1);
  for (int cell = 0; cell < g.cells(); ++cell) {
    const Token& t = *tokens[cell];
    if (t.text == "-" || t.text == ".") continue;
    const int value = tokenValue(record, t, blockLine(record, 0, cell), 0, kMaxSide * kMaxSide,
                                 false, "a room's number");
    const int room = p->room[cell];
    if (p->clueCell[room] >= 0) {
      throw recordError(record, *p, ErrorCode::kConflictingGivens,
                        "the room at " + g.name(p->rooms[room].front()) + " has two numbers (at " +
                            g.name(p->clueCell[room]) + " and " + g.name(cell) + ")",
                        {p->clueCell[room], cell});
    }
    const int size = static_cast<int>(p->rooms[room].size());
    if (value > size) {
      throw recordError(record, *p, ErrorCode::kParseError,
                        "the number " + t.text + " at " + g.name(cell) +
                            " is more than its room's " + std::to_string(size) +
                            (size == 1 ? " cell" : " cells") + " can hold",
                        {cell});
    }
    p->clue[room] = value;
    p->clueCell[room] = cell;
  }
}

std::string rowName(const char* family, int a, int b, int c = 0) {
  return std::string(family) + "[" + std::to_string(a) + "," + std::to_string(b) +
         (c > 0 ? "," + std::to_string(c) : "") + "]";
}

class HeyawakeGenre final : public UnshadedConnectedGenre {
 public:
  std::string_view id() const override { return "heyawake"; }
  std::string_view title() const override { return "Heyawake"; }
  std::vector<std::string_view> models() const override { return {"textbook", "whole-no-good"}; }

  std::vector<std::unique_ptr<Puzzle>> parse(std::string_view text, int /*size*/) const override {
    std::vector<std::unique_ptr<Puzzle>> out;
    for (const Record& record : parseRecords(text)) {
      auto p = std::make_unique<HeyawakePuzzle>();
      beginPuzzle(record, p.get());
      requireNoParameter(record, title());
      const std::vector<const Token*> clues = recordBlock(record, 0, 2);
      readRooms(record, p.get());
      readClues(record, clues, p.get());
      out.push_back(std::move(p));
    }
    return out;
  }

  std::unique_ptr<Built> build(const Puzzle& puzzle, const BuildOptions& options) const override {
    requireModel(options.model);
    const HeyawakePuzzle& p = heyawakeOf(puzzle);
    const RectGrid& g = p.grid;
    auto built = std::make_unique<ConnectedShadingBuilt>();
    built->cut =
        options.model == "textbook" ? ConnectivityCut::kPiece : ConnectivityCut::kWholeNoGood;
    milp::Model& m = built->model;
    addShadingVars(g, "s", built.get());
    const auto shaded = [&](int cell) { return built->shaded(g, cell); };
    // A room with a number holds that many shaded cells.
    for (std::size_t k = 0; k < p.rooms.size(); ++k) {
      if (p.clue[k] < 0) continue;
      milp::LinExpr count;
      for (int cell : p.rooms[k]) count += shaded(cell);
      addClueRow(*built, count, p.clue[k], "room[" + std::to_string(k + 1) + "]",
                 options.switchClues, p.clueCell[k], std::to_string(p.clue[k]));
    }
    // Shaded cells do not touch side by side.
    addApartRows(g, built.get());
    // No run of unshaded cells crosses two room borders.
    for (const Span& span : spansOf(p)) {
      milp::LinExpr count;
      for (int cell : span.cells) count += shaded(cell);
      const int first = span.cells.front();
      m.addConstraint(count >= 1,
                      rowName("span", g.rowOf(first) + 1, g.columnOf(first) + 1, span.row ? 1 : 2));
    }
    // An unshaded cell is never walled in by shaded cells: implied by connectivity,
    // written out so that the re-solve loop need not find these pieces one by one.
    addWalledRows(g, built.get());
    return built;
  }

  std::optional<std::string> verify(const Puzzle& puzzle, const Answer& answer) const override {
    const HeyawakePuzzle& p = heyawakeOf(puzzle);
    const RectGrid& g = p.grid;
    if (std::optional<std::string> why = checkShadingAnswer(g, answer)) return why;
    for (std::size_t k = 0; k < p.rooms.size(); ++k) {
      if (p.clue[k] < 0) continue;
      int count = 0;
      for (int cell : p.rooms[k]) count += answer.cells[cell];
      if (count != p.clue[k]) {
        return "the room of the " + std::to_string(p.clue[k]) + " at " + g.name(p.clueCell[k]) +
               " holds " + std::to_string(count) + " shaded " + (count == 1 ? "cell" : "cells");
      }
    }
    if (std::optional<std::string> why = shadedCellsTouch(g, answer)) return why;
    // Runs of unshaded cells, along rows and columns: count the borders each crosses.
    for (int pass = 0; pass < 2; ++pass) {
      const bool row = pass == 0;
      const int lines = row ? g.rows : g.columns;
      const int length = row ? g.columns : g.rows;
      for (int line = 0; line < lines; ++line) {
        const auto at = [&](int k) { return row ? g.index(line, k) : g.index(k, line); };
        int start = 0;  // the run's first position
        int borders = 0;
        for (int k = 0; k < length; ++k) {
          if (answer.cells[at(k)]) {
            start = k + 1;
            borders = 0;
            continue;
          }
          if (k > start && p.room[at(k - 1)] != p.room[at(k)]) ++borders;
          if (borders == 2) {
            return "the unshaded cells from " + g.name(at(start)) + " to " + g.name(at(k)) +
                   " cross two room borders";
          }
        }
      }
    }
    return checkUnshadedConnected(g, answer);
  }

  Board board(const Puzzle& puzzle, const Answer* answer) const override {
    const HeyawakePuzzle& p = heyawakeOf(puzzle);
    Board board;
    board.rows = p.grid.rows;
    board.columns = p.grid.columns;
    addRegionWalls(p.grid, p.room, &board);
    shadeAnswer(p.grid, answer, &board);
    for (std::size_t k = 0; k < p.rooms.size(); ++k) {
      if (p.clue[k] >= 0) {
        board.number(p.grid.centre(p.clueCell[k]), std::to_string(p.clue[k]), "given");
      }
    }
    return board;
  }

  Formulation formulation(const Puzzle& /*puzzle*/, const Built& built) const override {
    const auto& b = dynamic_cast<const ConnectedShadingBuilt&>(built);
    Formulation f;
    f.genre = "heyawake";
    f.variables =
        "s_{r,c} \\in \\{0,1\\},\\ s_{r,c} = 1 \\iff \\text{cell } (r,c) \\text{ is shaded};"
        "\\quad R_k: \\text{the cells of room } k \\text{, } n_k \\text{ its number}";
    f.objective = "\\text{minimise } 0 \\quad (\\text{any feasible point is an answer})";
    f.groups.push_back(
        {"room",
         "A room with a number holds that many shaded cells",
         "\\sum_{(r,c) \\in R_k} s_{r,c} = n_k \\quad \\text{for rooms with a number}",
         "areas",
         {}});
    f.groups.push_back(apartGroup());
    f.groups.push_back({"span",
                        "No run of unshaded cells crosses two room borders",
                        "\\sum_{(r,c) \\in S} s_{r,c} \\ge 1 \\quad S: \\text{a row or column "
                        "segment from the last cell of one room to the first of the room after "
                        "next}",
                        "areas",
                        {}});
    f.groups.push_back(walledGroup());
    f.groups.push_back(unshadedConnectivityGroup(b.cut));
    collectRows(built, &f);
    return f;
  }

  std::string formatPuzzle(const Puzzle& puzzle) const override {
    const HeyawakePuzzle& p = heyawakeOf(puzzle);
    std::vector<int> clue_at(p.grid.cells(), -1);
    for (std::size_t k = 0; k < p.rooms.size(); ++k) {
      if (p.clueCell[k] >= 0) clue_at[p.clueCell[k]] = p.clue[k];
    }
    return recordHead(p) +
           formatBlock(p.grid,
                       [&](int cell) {
                         return clue_at[cell] < 0 ? std::string("-")
                                                  : std::to_string(clue_at[cell]);
                       }) +
           formatBlock(p.grid, [&](int cell) { return p.roomToken[cell]; });
  }

  std::string formatAnswer(const Puzzle& puzzle, const Answer& answer) const override {
    const HeyawakePuzzle& p = heyawakeOf(puzzle);
    return recordHead(p) + formatBlock(p.grid, [&](int cell) {
             return answer.cells[cell] ? std::string("x") : std::string("-");
           });
  }
};

}  // namespace

const Genre& heyawakeGenre() {
  static const HeyawakeGenre genre;
  return genre;
}

}  // namespace gridmilp::puzzles
