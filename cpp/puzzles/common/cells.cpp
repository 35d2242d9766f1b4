// gridmilp — what the genres that mark cells share.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/common/cells.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <tuple>

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

void rejectCellsInNoRegion(const Record& record, const Puzzle& puzzle,
                           const std::vector<const Token*>& tokens, const char* what) {
  std::vector<int> loose;
  for (std::size_t cell = 0; cell < tokens.size(); ++cell) {
    if (tokens[cell]->text == "-" || tokens[cell]->text == ".") {
      loose.push_back(static_cast<int>(cell));
    }
  }
  if (loose.empty()) return;
  // The line of the text a token is on (the tokens are the record's own).
  const auto lineOf = [&](const Token* token) {
    for (const RecordLine& line : record.lines) {
      const std::less_equal<const Token*> before;  // pointers into different vectors
      if (!line.tokens.empty() && before(&line.tokens.front(), token) &&
          before(token, &line.tokens.back())) {
        return line.line;
      }
    }
    return 0;
  };
  constexpr std::size_t kNamed = 6;
  std::string where;
  for (std::size_t k = 0; k < loose.size() && k < kNamed; ++k) {
    const Token* token = tokens[loose[k]];
    where += (k == 0 ? "" : "; ") + ("'" + token->text + "' at ");
    if (const int line = lineOf(token); line > 0) {
      where += "line " + std::to_string(line) + ", column " + std::to_string(token->column) + " (" +
               puzzle.grid.name(loose[k]) + ")";
    } else {
      where += puzzle.grid.name(loose[k]);
    }
  }
  if (loose.size() > kNamed) where += "; and " + std::to_string(loose.size() - kNamed) + " more";
  const std::string count =
      std::to_string(loose.size()) + (loose.size() == 1 ? " cell is" : " cells are");
  throw recordError(
      record, puzzle, ErrorCode::kParseError,
      count + " in no " + what + ": the " + what + " map has " + where +
          (loose.size() == 1 ? ". Give it the id of a " : ". Give each the id of a ") + what +
          (loose.size() == 1 ? " (on the page, select it and make a "
                             : " (on the page, select them and make a ") +
          what + ")",
      loose);
}

std::vector<int> readRegions(const Record& record, int block, int blocks, Puzzle* puzzle,
                             std::vector<std::string>* ids) {
  const std::vector<const Token*> tokens = recordBlock(record, block, blocks);
  rejectCellsInNoRegion(record, *puzzle, tokens, "region");
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

std::string countOf(std::size_t n, std::string_view cells) {
  std::string phrase(cells);
  if (const std::size_t at = phrase.find("cells"); n == 1 && at != std::string::npos) {
    phrase.erase(at + 4, 1);
  }
  return std::to_string(n) + " " + phrase;
}

std::vector<int> pieceBorder(const RectGrid& grid, const std::vector<int>& piece,
                             std::vector<int>* stamp, int id) {
  std::vector<int>& taken = *stamp;
  for (int cell : piece) taken[cell] = id;  // a piece's own cells are not its border
  std::vector<int> border;
  for (int cell : piece) {
    for (int next : grid.neighbours(cell)) {
      if (taken[next] == id) continue;
      taken[next] = id;
      border.push_back(next);
    }
  }
  std::sort(border.begin(), border.end());
  return border;
}

namespace detail {

/// Smallest sets of cells that separate a piece of the set (`from`) from the set's other
/// pieces: every path of orthogonal steps between them passes through one. Only cells
/// outside the set now (`in` false) and not `blocked` (never in the set) are taken, and
/// blocked cells are not stepped on. By Menger's theorem its size is the most paths from
/// the piece to the others that share no such cell; they are found as a maximum flow
/// (Dinic's algorithm: a search by levels, then paths along the levels until none is
/// left, again until no search reaches another piece) over each cell split into an
/// entry and an exit, joined by an arc of capacity 1 (a cell outside the set) or
/// unbounded (a cell of the set). Of the smallest separators, the one nearest the piece
/// (the same whichever maximum flow is found): the cells whose entry the last search
/// reached and whose exit it did not. The network is built once for a round's answer
/// and the arcs a piece's paths changed are restored after it (built per piece, and by
/// one path per search, the separators took most of a round of 1055_40x57: 613 rounds
/// of about 80 pieces and 700 searches). A caller may keep it for a model's next rounds
/// (connectivityCuts' `kept`): only the set's arcs change (setSet), and building it
/// anew each round took 6% of 1055_40x57's instructions in model stream.
class SeparatorNetwork {
 public:
  /// The network over `grid` without the `blocked` cells; every cell outside the set
  /// until setSet.
  SeparatorNetwork(const RectGrid& grid, std::vector<char> blocked)
      : blocked_(std::move(blocked)), first_(2 * grid.cells() + 1, 0), cell_arc_(grid.cells(), -1) {
    const int n = grid.cells();
    // Each node's arcs side by side (first_[node] .. first_[node + 1]), an arc's target
    // and capacity together: a search reads them in order (a linked list of arcs in
    // separate arrays took a fifth of 1055_40x57's rounds in model stream).
    for (int cell = 0; cell < n; ++cell) {
      if (blocked_[cell]) continue;
      ++first_[2 * cell + 1];  // entry → exit
      ++first_[2 * cell + 2];  // its reverse
      for (int near : grid.neighbours(cell)) {
        if (blocked_[near]) continue;
        ++first_[2 * cell + 2];  // exit → the neighbour's entry
        ++first_[2 * near + 1];  // its reverse
      }
    }
    for (std::size_t node = 1; node < first_.size(); ++node) first_[node] += first_[node - 1];
    const std::size_t arcs = static_cast<std::size_t>(first_.back());
    arcs_.resize(arcs);
    reverse_.resize(arcs);
    initial_.resize(arcs);
    std::vector<int> fill(first_.begin(), first_.end() - 1);
    const auto arc = [&](int a, int b, int cap) {
      const int forward = fill[a]++, back = fill[b]++;
      arcs_[forward] = {b, cap};
      arcs_[back] = {a, 0};
      reverse_[forward] = back;
      reverse_[back] = forward;
      initial_[forward] = cap;
      initial_[back] = 0;
      return forward;
    };
    for (int cell = 0; cell < n; ++cell) {
      if (blocked_[cell]) continue;
      cell_arc_[cell] = arc(2 * cell, 2 * cell + 1, 1);
      for (int near : grid.neighbours(cell)) {
        if (!blocked_[near]) arc(2 * cell + 1, 2 * near, kUnbounded);
      }
    }
    neighbours_.reserve(n);
    for (int cell = 0; cell < n; ++cell) neighbours_.push_back(grid.neighbours(cell));
    level_.assign(2 * n, 0);
    seen_.assign(2 * n, 0);
    arc_at_.assign(2 * n, -1);
  }

  /// A round's set: its cells' arcs from entry to exit become unbounded, the others 1.
  /// `in` must outlive the calls to separate for it.
  void setSet(const std::vector<char>& in) {
    in_ = &in;
    for (std::size_t cell = 0; cell < cell_arc_.size(); ++cell) {
      const int e = cell_arc_[cell];
      if (e >= 0) initial_[e] = arcs_[e].capacity = in[cell] ? kUnbounded : 1;
    }
  }

  /// The smallest separator nearest piece `own` (its cells `from`) from the other pieces
  /// (`piece[cell]`: the piece of each cell of the set, -1 for the others); `border` is
  /// the piece's ∂C, sorted. Sorted.
  std::vector<int> separate(const std::vector<int>& from, const std::vector<int>& piece, int own,
                            const std::vector<int>& border) {
    piece_ = piece.data();
    own_ = own;
    // The cells around the piece that a path may take (∂C less the blocked ones): a
    // separator, so the flow is at most their number, and when it gets there they are
    // the smallest separator nearest the piece (every path leaves through one of them),
    // without a last search.
    std::vector<int> around;
    for (int cell : border) {
      if (!blocked_[cell]) around.push_back(cell);
    }
    // Each path passes through a cell outside the set (the pieces are not joined), so it
    // carries one unit.
    changed_.clear();
    std::size_t flow = 0;
    bool whole_border = false;
    // The piece is one source: its cells' nodes are all at level 0, and a search starts
    // from the exits of its cells beside a cell outside it (a path that came back into
    // the piece would go nowhere new; searching through its inside took most of the
    // separators' time on 1055_40x57, whose largest pieces hold a thousand cells).
    sources_.clear();
    for (int cell : from) {
      for (int near : neighbours_[cell]) {
        if (piece[near] != own) {
          sources_.push_back(cell);
          break;
        }
      }
    }
    while (!whole_border && levels(from)) {
      for (int cell : sources_) {
        while (!whole_border && augment(2 * cell + 1)) whole_border = ++flow == around.size();
        if (whole_border) break;
      }
    }
    std::vector<int> out;
    if (whole_border) {
      out = std::move(around);  // sorted, as `border` is
    } else {
      for (int node : queue_) {  // the nodes the last search reached
        const int cell = node / 2;
        if (node % 2 == 0 && !(*in_)[cell] && !blocked_[cell] && seen_[2 * cell + 1] != stamp_) {
          out.push_back(cell);
        }
      }
    }
    std::sort(out.begin(), out.end());
    for (int e : changed_) {
      arcs_[e].capacity = initial_[e];
      arcs_[reverse_[e]].capacity = initial_[reverse_[e]];
    }
    return out;
  }

 private:
  static constexpr int kUnbounded = 1 << 29;

  struct Arc {
    int target;
    int capacity;  ///< left
  };

  /// Whether `node` is the entry of a cell of another piece (where a path ends).
  bool isEnd(int node) const {
    const int p = piece_[node / 2];
    return node % 2 == 0 && p >= 0 && p != own_;
  }

  // A search from the exits of `from` over arcs with capacity left, by levels (steps
  // from `from`), up to the level of the first end it meets: whether it met one. Nodes
  // reached carry this search's stamp (seen_) and their level, are listed in queue_,
  // and their next arc to try is their first (arc_at_).
  bool levels(const std::vector<int>& from) {
    const int stamp = ++stamp_;
    int* const seen = seen_.data();
    int* const level = level_.data();
    int* const arc_at = arc_at_.data();
    const int* const first = first_.data();
    const Arc* const arcs = arcs_.data();
    queue_.clear();
    for (int cell : from) {
      seen[2 * cell] = seen[2 * cell + 1] = stamp;
      level[2 * cell] = level[2 * cell + 1] = 0;
    }
    for (int cell : sources_) {
      arc_at[2 * cell + 1] = first[2 * cell + 1];
      queue_.push_back(2 * cell + 1);
    }
    int end_level = -1;
    for (std::size_t k = 0; k < queue_.size(); ++k) {
      const int a = queue_[k];
      if (end_level >= 0 && level[a] >= end_level) break;
      for (int e = first[a], last = first[a + 1]; e < last; ++e) {
        const int b = arcs[e].target;
        if (arcs[e].capacity <= 0 || seen[b] == stamp) continue;
        seen[b] = stamp;
        level[b] = level[a] + 1;
        arc_at[b] = first[b];
        queue_.push_back(b);
        if (end_level < 0 && isEnd(b)) end_level = level[b];
      }
    }
    return end_level >= 0;
  }

  // One path from `start` to an end along the levels (each step one level up), by
  // depth first with each node's next arc to try kept (arc_at_), and its unit of flow
  // sent: whether there was one. A node with no way on is left out of the levels.
  bool augment(int start) {
    const int stamp = stamp_;
    const int* const seen = seen_.data();
    int* const level = level_.data();
    int* const arc_at = arc_at_.data();
    const int* const first = first_.data();
    Arc* const arcs = arcs_.data();
    path_.clear();
    int a = start;
    for (;;) {
      if (isEnd(a)) {
        for (int e : path_) {
          --arcs[e].capacity;
          ++arcs[reverse_[e]].capacity;
          changed_.push_back(e);
        }
        return true;
      }
      int e = arc_at[a];
      const int last = first[a + 1];
      while (e < last) {
        const int b = arcs[e].target;
        if (arcs[e].capacity > 0 && seen[b] == stamp && level[b] == level[a] + 1) break;
        ++e;
      }
      arc_at[a] = e;
      if (e < last) {
        path_.push_back(e);
        a = arcs[e].target;
        continue;
      }
      level[a] = -1;  // a dead end in these levels
      if (path_.empty()) return false;
      const int back = path_.back();
      path_.pop_back();
      a = arcs[reverse_[back]].target;  // the arc's tail
      ++arc_at[a];
    }
  }

  const std::vector<char>* in_ = nullptr;
  std::vector<char> blocked_;
  const int* piece_ = nullptr;
  int own_ = -1;
  std::vector<int> first_;     ///< per node, its first arc; first_[2 × cells] = the arcs' count
  std::vector<int> cell_arc_;  ///< per cell, its arc from entry to exit, or -1 (blocked)
  std::vector<Arc> arcs_;
  std::vector<int> reverse_;  ///< per arc, its reverse
  std::vector<int> initial_;  ///< per arc, its capacity before a piece's paths
  std::vector<int> changed_;  ///< the arcs this piece's paths changed (and their reverses)
  std::vector<int> level_;
  std::vector<int> seen_;
  std::vector<int> arc_at_;
  std::vector<int> queue_;
  std::vector<int> path_;
  std::vector<int> sources_;            ///< the piece's cells beside a cell outside it
  std::vector<Neighbours> neighbours_;  ///< per cell
  int stamp_ = 0;
};

}  // namespace detail

std::vector<Cut> connectivityCuts(const RectGrid& grid, const std::vector<char>& in,
                                  const std::function<milp::LinExpr(int)>& member,
                                  ConnectivityCut kind, int* counter, std::string_view what) {
  return connectivityCuts(grid, in, components(grid, in), member, kind, counter, what);
}

std::vector<Cut> connectivityCuts(const RectGrid& grid, const std::vector<char>& in,
                                  const std::vector<std::vector<int>>& pieces,
                                  const std::function<milp::LinExpr(int)>& member,
                                  ConnectivityCut kind, int* counter, std::string_view what,
                                  std::shared_ptr<detail::SeparatorNetwork>* kept) {
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
  std::shared_ptr<detail::SeparatorNetwork> own_network;
  std::shared_ptr<detail::SeparatorNetwork>& network = kept != nullptr ? *kept : own_network;
  std::vector<int> piece_of(grid.cells(), -1);  // kSeparator: each cell's piece, -1 outside
  if (kind == ConnectivityCut::kSeparator) {
    if (!network) {
      std::vector<char> blocked(grid.cells(), 0);  // never in the set: no path steps on them
      for (int cell = 0; cell < grid.cells(); ++cell) {
        const milp::LinExpr w = member(cell);
        blocked[cell] = w.terms().empty() && w.constant() == 0.0;
      }
      network = std::make_shared<detail::SeparatorNetwork>(grid, std::move(blocked));
    }
    network->setSet(in);
    for (std::size_t k = 0; k < pieces.size(); ++k) {
      for (int cell : pieces[k]) piece_of[cell] = static_cast<int>(k);
    }
  }
  std::vector<int> stamp(grid.cells(), -1);  // pieceBorder's marks
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    const std::vector<int>& piece = pieces[k];
    const int u = piece.front();
    const int v = pieces[k == largest ? second : largest].front();
    // ∂C: the piece's neighbours, all outside the set (one inside it would be of the piece).
    std::vector<int> border = pieceBorder(grid, piece, &stamp, static_cast<int>(k));
    Cut cut;
    cut.cells = kind == ConnectivityCut::kSeparator
                    ? network->separate(piece, piece_of, static_cast<int>(k), border)
                    : std::move(border);
    milp::LinExpr lhs = member(u) + member(v);
    for (int cell : cut.cells) lhs -= member(cell);
    cut.row = lhs <= 1.0;
    cut.name = "connect[" + std::to_string(++*counter) + "]";
    const bool one = piece.size() == 1;
    cut.why = "the " + countOf(piece.size(), what) + " from " + grid.name(u) +
              (one ? " is" : " are") +
              " cut off: " + (cut.cells.size() == 1 ? "the " : "one of the ") +
              countOf(cut.cells.size(), "cells") +
              (kind == ConnectivityCut::kSeparator
                   ? std::string(" between ") + (one ? "it" : "them") + " and the others"
                   : std::string(" around ") + (one ? "it" : "them")) +
              " must change";
    out.push_back(std::move(cut));
  }
  return out;
}

void addShadingVars(const RectGrid& grid, const std::string& name, ShadingBuilt* built) {
  milp::Model& m = built->model;
  built->s = m.addVars(name, {{1, grid.rows}, {1, grid.columns}}, milp::VarType::kBinary, 0, 1);
  built->answer = built->s.all();
  built->cellOf.resize(m.numVars(), -1);
  for (int cell = 0; cell < grid.cells(); ++cell) {
    built->cellOf[built->shaded(grid, cell).index] = cell;
  }
}

namespace {

/// A row's name: family[a,b] or family[a,b,c] (1-based indices).
std::string cellRowName(const char* family, int row, int column, int k = 0) {
  return std::string(family) + "[" + std::to_string(row) + "," + std::to_string(column) +
         (k > 0 ? "," + std::to_string(k) : "") + "]";
}

}  // namespace

void addApartRows(const RectGrid& grid, ShadingBuilt* built) {
  milp::Model& m = built->model;
  for (int cell = 0; cell < grid.cells(); ++cell) {
    const int r = grid.rowOf(cell), c = grid.columnOf(cell);
    const milp::Var here = built->shaded(grid, cell);
    if (c + 1 < grid.columns) {
      m.addConstraint(here + built->shaded(grid, cell + 1) <= 1,
                      cellRowName("apart", r + 1, c + 1, 1));
    }
    if (r + 1 < grid.rows) {
      m.addConstraint(here + built->shaded(grid, cell + grid.columns) <= 1,
                      cellRowName("apart", r + 1, c + 1, 2));
    }
  }
}

void addWalledRows(const RectGrid& grid, ShadingBuilt* built) {
  if (grid.rows < 2 || grid.columns < 2) return;
  for (int cell = 0; cell < grid.cells(); ++cell) {
    milp::LinExpr open = built->shaded(grid, cell);
    for (int next : grid.neighbours(cell)) open += 1.0 - built->shaded(grid, next);
    built->model.addConstraint(
        open >= 1, cellRowName("walled", grid.rowOf(cell) + 1, grid.columnOf(cell) + 1));
  }
}

ConstraintGroup apartGroup() {
  return {"apart",
          "Shaded cells do not touch side by side",
          "s_{r,c} + s_{r',c'} \\le 1 \\quad \\text{for neighbours } (r,c), (r',c')",
          "neighbour sums",
          {}};
}

ConstraintGroup walledGroup() {
  return {"walled",
          "No unshaded cell is walled in (implied by connectivity)",
          "s_{r,c} + \\sum_{(r',c') \\in N(r,c)} (1 - s_{r',c'}) \\ge 1 \\quad N(r,c): "
          "\\text{the neighbours of } (r,c)",
          "neighbour sums",
          {}};
}

ConstraintGroup unshadedConnectivityGroup(ConnectivityCut kind) {
  if (kind == ConnectivityCut::kSeparator) {
    return {"connect",
            "The unshaded cells form one area (cuts added by re-solving, over a smallest set S "
            "of cells between a piece and the others)",
            "(1 - s_u) + (1 - s_v) - \\sum_{b \\in S} (1 - s_b) \\le 1 \\quad "
            "\\text{for each unshaded piece } C \\ni u,\\ v \\notin C",
            "re-solve with cuts",
            {}};
  }
  if (kind == ConnectivityCut::kPiece) {
    return {"connect",
            "The unshaded cells form one area (cuts added by re-solving)",
            "(1 - s_u) + (1 - s_v) - \\sum_{b \\in \\partial C} (1 - s_b) \\le 1 \\quad "
            "\\text{for each unshaded piece } C \\ni u,\\ v \\notin C",
            "re-solve with cuts",
            {}};
  }
  return {"whole_nogood",
          "The unshaded cells form one area (whole-solution no-goods)",
          "\\sum_{(r,c) \\in B^*} s_{r,c} \\le |B^*| - 1 \\quad B^*: "
          "\\text{the shaded cells of a disconnected solution}",
          "re-solve with cuts",
          {}};
}

std::vector<Cut> unshadedConnectivityCuts(const RectGrid& grid,
                                          const ConnectedShadingBuilt& built) {
  std::vector<char> unshaded(grid.cells());
  for (int cell = 0; cell < grid.cells(); ++cell) {
    unshaded[cell] = built.model.value(built.shaded(grid, cell)) < 0.5;
  }
  return connectivityCuts(
      grid, unshaded, [&](int cell) { return 1.0 - milp::LinExpr(built.shaded(grid, cell)); },
      built.cut, &built.cuts, "unshaded cells");
}

Answer decodeShading(const RectGrid& grid, const ShadingBuilt& built) {
  Answer out{grid, std::vector<int>(grid.cells(), 0), {}};
  for (int cell = 0; cell < grid.cells(); ++cell) {
    out.cells[cell] = built.model.value(built.shaded(grid, cell)) > 0.5;
  }
  return out;
}

std::optional<std::string> checkShadingAnswer(const RectGrid& grid, const Answer& answer) {
  if (!(answer.grid == grid) || static_cast<int>(answer.cells.size()) != grid.cells()) {
    return "the answer is not " + grid.label();
  }
  for (int cell = 0; cell < grid.cells(); ++cell) {
    const int v = answer.cells[cell];
    if (v != 0 && v != 1) return grid.name(cell) + " is neither shaded nor unshaded";
  }
  return std::nullopt;
}

std::optional<std::string> touchingShaded(const RectGrid& grid, const Answer& answer, int cell) {
  if (!answer.cells[cell]) return std::nullopt;
  for (int next : grid.neighbours(cell)) {
    if (next > cell && answer.cells[next]) {
      return "the shaded cells at " + grid.name(cell) + " and " + grid.name(next) + " touch";
    }
  }
  return std::nullopt;
}

std::optional<std::string> shadedCellsTouch(const RectGrid& grid, const Answer& answer) {
  for (int cell = 0; cell < grid.cells(); ++cell) {
    if (std::optional<std::string> why = touchingShaded(grid, answer, cell)) return why;
  }
  return std::nullopt;
}

std::optional<std::string> checkConnected(const RectGrid& grid, const std::vector<char>& in,
                                          std::string_view what) {
  const std::vector<std::vector<int>> pieces = components(grid, in);
  if (pieces.size() > 1) {
    return "the " + std::string(what) + " fall into " + std::to_string(pieces.size()) +
           " pieces (one starts at " + grid.name(pieces[1].front()) + ")";
  }
  return std::nullopt;
}

std::optional<std::string> checkUnshadedConnected(const RectGrid& grid, const Answer& answer) {
  std::vector<char> unshaded(grid.cells());
  for (int cell = 0; cell < grid.cells(); ++cell) unshaded[cell] = !answer.cells[cell];
  return checkConnected(grid, unshaded, "unshaded cells");
}

void shadeAnswer(const RectGrid& grid, const Answer* answer, Board* board) {
  for (int cell = 0; answer != nullptr && cell < grid.cells(); ++cell) {
    if (answer->cells[cell]) board->shade(grid.centre(cell), "shaded");
  }
}

Board shadingBoard(const RectGrid& grid, const Answer* answer) {
  Board board;
  board.rows = grid.rows;
  board.columns = grid.columns;
  shadeAnswer(grid, answer, &board);
  return board;
}

void drawShadingRelaxation(const RectGrid& grid, const ShadingBuilt& built,
                           const std::vector<double>& values, Board* board,
                           const std::string& variable) {
  std::vector<BoardItem> shades;
  for (int cell = 0; cell < grid.cells(); ++cell) {
    const double v = values[built.shaded(grid, cell).index];
    if (v > 1e-9) {
      shades.push_back(
          {ItemKind::kShade, grid.centre(cell), variable, std::min(1.0, v), "relaxed", {}, {}});
    }
  }
  board->items.insert(board->items.begin(), shades.begin(), shades.end());
}

Answer ShadingGenre::decode(const Puzzle& puzzle, const Built& built) const {
  return decodeShading(puzzle.grid, dynamic_cast<const ShadingBuilt&>(built));
}

void ShadingGenre::drawRelaxation(const Puzzle& puzzle, const Built& built,
                                  const std::vector<double>& values, Board* board) const {
  drawShadingRelaxation(puzzle.grid, dynamic_cast<const ShadingBuilt&>(built), values, board,
                        shadedWord());
}

std::vector<Cut> UnshadedConnectedGenre::separate(const Puzzle& puzzle, const Built& built) const {
  return unshadedConnectivityCuts(puzzle.grid, dynamic_cast<const ConnectedShadingBuilt&>(built));
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
