// gridmilp — what the genres that mark cells share.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/common/cells.h"

#include <algorithm>
#include <map>

namespace gridmilp::puzzles {

void beginPuzzle(const Record& record, Puzzle* puzzle) {
  puzzle->name = record.name;
  puzzle->header = record.header;
  puzzle->line = record.line;
  puzzle->grid = RectGrid{record.rows, record.columns};
}

InputError recordError(const Record& record, const Puzzle& puzzle, ErrorCode code,
                       const std::string& message, const std::vector<int>& cells) {
  Where where;
  where.puzzle = record.puzzle;
  where.line = record.line;
  for (int cell : cells) where.cells.push_back(puzzle.grid.ref(cell));
  return InputError(code, puzzle.name + " (line " + std::to_string(record.line) + "): " + message,
                    where);
}

std::vector<int> readRegions(const Record& record, int block, int blocks, Puzzle* puzzle,
                             std::vector<std::string>* ids) {
  const std::vector<const Token*> tokens = recordBlock(record, block, blocks);
  std::map<std::string, int> region_of_id;
  std::vector<std::string> names;
  std::vector<int> region(tokens.size());
  for (std::size_t cell = 0; cell < tokens.size(); ++cell) {
    const auto [it, added] =
        region_of_id.emplace(tokens[cell]->text, static_cast<int>(region_of_id.size()));
    if (added) names.push_back(tokens[cell]->text);
    region[cell] = it->second;
  }
  const std::vector<std::vector<int>> cells = cellsOfRegions(region);
  for (std::size_t k = 0; k < cells.size(); ++k) {
    if (!isConnected(puzzle->grid, cells[k])) {
      puzzle->warnings.push_back("region '" + names[k] + "' (at " +
                                 puzzle->grid.name(cells[k].front()) + ") is not connected");
    }
  }
  if (ids != nullptr) *ids = std::move(names);
  return region;
}

std::vector<std::vector<int>> cellsOfRegions(const std::vector<int>& region) {
  int count = 0;
  for (int id : region) count = std::max(count, id + 1);
  std::vector<std::vector<int>> out(count);
  for (std::size_t cell = 0; cell < region.size(); ++cell) {
    out[region[cell]].push_back(static_cast<int>(cell));
  }
  return out;
}

std::vector<std::vector<int>> components(const RectGrid& grid, const std::vector<char>& in) {
  std::vector<std::vector<int>> out;
  std::vector<char> seen(grid.cells(), 0);
  for (int start = 0; start < grid.cells(); ++start) {
    if (!in[start] || seen[start]) continue;
    std::vector<int> piece{start};
    seen[start] = 1;
    for (std::size_t k = 0; k < piece.size(); ++k) {
      for (int next : grid.neighbours(piece[k])) {
        if (in[next] && !seen[next]) {
          seen[next] = 1;
          piece.push_back(next);
        }
      }
    }
    std::sort(piece.begin(), piece.end());
    out.push_back(std::move(piece));
  }
  return out;
}

std::vector<Cut> connectivityCuts(const RectGrid& grid, const std::vector<char>& in,
                                  const std::function<milp::LinExpr(int)>& member,
                                  ConnectivityCut kind, int* counter, std::string_view what) {
  const std::vector<std::vector<int>> pieces = components(grid, in);
  if (pieces.size() < 2) return {};
  std::vector<Cut> out;
  if (kind == ConnectivityCut::kWholeNoGood) {
    Cut cut;
    milp::LinExpr lhs;
    int out_of_set = 0;
    for (int cell = 0; cell < grid.cells(); ++cell) {
      if (in[cell]) continue;
      lhs += 1.0 - member(cell);
      ++out_of_set;
      cut.cells.push_back(cell);
    }
    cut.row = lhs <= out_of_set - 1.0;
    cut.name = "whole_nogood[" + std::to_string(++*counter) + "]";
    cut.why = "the " + std::string(what) + " fall into " + std::to_string(pieces.size()) +
              " pieces: not all of these " + std::to_string(out_of_set) + " cells stay as they are";
    out.push_back(std::move(cut));
    return out;
  }
  // The largest piece, and the largest of the others for it.
  std::size_t largest = 0;
  for (std::size_t k = 1; k < pieces.size(); ++k) {
    if (pieces[k].size() > pieces[largest].size()) largest = k;
  }
  std::size_t second = largest == 0 ? 1 : 0;
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    if (k != largest && pieces[k].size() > pieces[second].size()) second = k;
  }
  std::vector<char> mark(grid.cells(), 0);
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    const std::vector<int>& piece = pieces[k];
    const int u = piece.front();
    const int v = pieces[k == largest ? second : largest].front();
    std::fill(mark.begin(), mark.end(), 0);
    for (int cell : piece) mark[cell] = 1;
    Cut cut;
    milp::LinExpr lhs = member(u) + member(v);
    for (int cell : piece) {
      for (int next : grid.neighbours(cell)) {
        if (mark[next]) continue;
        mark[next] = 2;
        cut.cells.push_back(next);
        lhs -= member(next);
      }
    }
    std::sort(cut.cells.begin(), cut.cells.end());
    cut.row = lhs <= 1.0;
    cut.name = "connect[" + std::to_string(++*counter) + "]";
    cut.why = "the " + std::to_string(piece.size()) + " " + std::string(what) + " from " +
              grid.name(u) + " are cut off: one of the " + std::to_string(cut.cells.size()) +
              " cells around them must change";
    out.push_back(std::move(cut));
  }
  return out;
}

std::string recordHead(const Puzzle& puzzle) {
  return "=== " + (puzzle.header.empty() ? puzzle.name : puzzle.header) + "\n" +
         std::to_string(puzzle.grid.rows) + " " + std::to_string(puzzle.grid.columns) + "\n";
}

std::string formatBlock(const RectGrid& grid, const std::function<std::string(int)>& token) {
  std::string out;
  for (int r = 0; r < grid.rows; ++r) {
    for (int c = 0; c < grid.columns; ++c) {
      if (c > 0) out += ' ';
      out += token(grid.index(r, c));
    }
    out += '\n';
  }
  return out;
}

}  // namespace gridmilp::puzzles
