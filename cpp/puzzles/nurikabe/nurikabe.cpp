// gridmilp — Nurikabe: shade cells so that each clue lies in an island of unshaded
// cells of exactly its size holding no other clue; islands do not touch side by side;
// the shaded cells (the stream) are connected; no 2×2 block is all shaded.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Text: the janko-style record of sw_Nurikabe.puzzles.txt (records.h): "R C", then R
// lines of C tokens, a number for a clue (its island's size), `?` for a clue of unknown
// size, `-` for a cell without one. Answers (sw_Nurikabe.solutions.txt): `x` for a
// shaded cell, `-` for an unshaded one.
// Model "candidates" is Saito's "choose among enumerated candidates". Binary s[r,c] = 1 iff cell
// (r, c) is shaded. A cell may join clue k's island only when it is neither another
// clue nor beside one (the islands would touch). For each clue k of size n_k, its
// candidates I_{k,j} are the connected sets of n_k such cells holding clue k
// (islands.h); ∂I their neighbours outside them; binary y[k,j] = 1 iff k's island is
// I_{k,j}. A clue with more than kCandidateLimit candidates (sizes reach 64 in the
// shared set; a 10 may have 10^5 islands), or of unknown size, is modelled cell by cell
// instead: binary z[k,r,c] = 1 iff (r, c) is in k's island, over the cells a path of
// at most n_k − 1 steps from the clue reaches (z fixed at 1 on the clue).
//   choose[k]:      sum_j y[k,j] = 1                        one island per clue
//   cover[r,c]:     sum_{(k,j) ∋ (r,c)} y[k,j] + sum_k z[k,r,c] + s[r,c] = 1
//                                         a cell is shaded or in exactly one island
//   border[k,r,c]:  sum_{j: (r,c) in ∂I_{k,j}} y[k,j] <= s[r,c]
//                                         an island's neighbours are shaded
//   big_border[k,r,c,d]: z[k,a] <= z[k,b] + s[b]  (a = (r,c), b its neighbour in
//                        direction d: up, left, right, down)  the same, cell by cell
//   reach, reach_in, reached: an island of known size modelled cell by cell is
//                   connected by layers: d[k,r,c,t] = 1 iff (r, c) is reached from the
//                   clue in t steps through the island, d[k,a,t] <= d[k,a,t-1] +
//                   sum_{b ~ a} d[k,b,t-1], d <= z, z[k,a] <= d[k,a,n_k-1]
//   size[k]:        its size, by cuts when an answer's island is too small (one of the
//                   cells around it joins) or too large (its first n_k + 1 cells in
//                   steps from the clue, a connected set, cannot all be in it)
//   island_size[k]: sum_{r,c} z[k,r,c] = n_k, for an island too large for layers (more
//                   than kMostLayerVars in the model, the largest islands first: one
//                   clue of 3000 on 60×60 would need 10.8 million d): connected by
//                   big_connect cuts instead, as a `?` island is
//   count[k,i,j,p]: or, when the islands cover at least half of the grid, stated before
//                   solving by a sequential counter (Sinz, "Towards an optimal CNF
//                   encoding of Boolean cardinality constraints", CP 2005): over the
//                   island's cells in steps from the clue, c[k,i,j] = 1 iff at least j
//                   of the first i are in it; c[k,i,j] <=> c[k,i-1,j] or (z_i and
//                   c[k,i-1,j-1]), z_i + c[k,i-1,n_k] <= 1, c[k,m,n_k] = 1. Each row is a
//                   clause (no adders for CNF-SAT). Then few size cuts are needed; with
//                   a larger stream the stream's cuts dominate and the counters only
//                   slow each round (docs/performance.md)
//   pool[r,c]:      the four s of the 2×2 block from (r, c) sum to at most 3
//   pocket[r,c,…]:  no shaded cell or domino walled in (when no clue is `?`)
//   connect[k]:     the shaded cells form one area (re-solving with cuts, cells.h),
//                   with walled[k]: sum_C s − sum_{∂C} s <= |C| − 1 for each shaded
//                   piece C smaller than the stream; model "whole-no-good" adds
//                   whole_nogood[k] instead
//   big_connect[k]: each island modelled cell by cell is connected (cuts, cells.h)
// With BuildOptions::switchClues ("Why no solution?": the fewest clues to drop) every
// clue is modelled cell by cell over every cell within n_k − 1 steps (other clues and
// their neighbours too: a dropped clue is a plain cell), and z[k] on the clue's own
// cell is the clue's keep binary: 0 erases the clue and its island with it.
//   alone[k,r,c]:   z[k,r,c] <= z[k,clue]     no island for a dropped clue
//   reach[k,r,c,t]: d[k,a,t] <= z[k,clue]     for a beside the clue (its first step)
//   size[k]:        sum_{b in ∂C} z[k,b] >= z[k,clue] (an island too small, if kept)
// The pocket rows and walled cuts stay valid: dropping clues only adds shaded cells.
// A border row sums over one clue's candidates: at most one of them is chosen, so it
// says y[k,j] <= s[b] for each, in one row. Saito also maximises the shaded cells "to
// solve faster"; with every size known that count is fixed (cover and choose give
// sum s = cells − sum n_k), so the model has no objective and runs on the SAT route.
// Model "cells" (the default) models every clue cell by cell. GLPK's translation to
// CNF-SAT turns each cover row over hundreds of candidates into adders: on sw_Nurikabe
// record 23_10x18 (ten 7s) the candidates give 40,638 SAT variables and 222,448 clauses
// and take 2.1 s, the cells 1,327 and 4,165 and take 19 ms (docs/performance.md).
// Model "stream" has s alone, and states the islands by cuts (streamIslandCuts):
//   clue[r,c]:      s = 0 on a clue
//   unreached[r,c]: s = 1 where no island can reach (beside two clues, or farther than
//                   n_k − 1 steps from every clue k through the cells it may take)
//   stream[…]:      sum s = cells − sum n_k, by a sequential counter (clause rows), when
//                   the islands cover at least half of the grid
//   island[k]:      cuts for an island without a clue, with two, too large or too small
//                   (then a cell around it, not beside another clue, is unshaded)
// with pool, pocket, connect and walled as above. Slower on most puzzles, it answers
// those whose islands cover most of the grid (docs/models.md).
// Model "stream-layers" is model stream without its counter, connected by layers from
// its first shaded cell instead of connect cuts (first, root, spread, joined:
// addStreamLayers). On CNF-SAT, cells goes on as stream after 3 million propagations
// without an answer, and stream as stream-layers after 5 million more, when the puzzle
// has at most kMostStreamLayerVars layer variables (fallback); a stream of at most a
// quarter of the grid goes from cells to stream-layers at once.
#include "puzzles/nurikabe/nurikabe.h"

#include <algorithm>
#include <charconv>
#include <functional>
#include <optional>

#include "puzzles/common/cells.h"
#include "puzzles/nurikabe/islands.h"

namespace gridmilp::puzzles {
namespace {

constexpr int kUnknown = -1;  ///< NurikabePuzzle::clues: a `?` clue
/// Most counter variables (count[k,…]) in one model; with more, sizes are cut instead.
constexpr long long kMostCounterVars = 50000;
/// Most layer variables (d[k,…]) in one model: beyond it the largest islands are
/// connected by cuts (island_size). The shared set's largest needs 123,323 (1055_40x57),
/// its next 17,249.
constexpr long long kMostLayerVars = 200000;

/// Model cells' budget before model stream goes on (NurikabeGenre::fallback), MiniSat
/// propagations over every round. Judged on janko.at's set and the 40 thin-wall records
/// of scripts/make-nurikabe-walls.mjs together (docs/performance.md): in the twentieth
/// session 6 million against 15; in the twenty-sixth, once model stream had become faster,
/// 3 million against 6 (and 1 and 2), two passes each at 10 s a record: janko.at's set
/// 21.0–21.4 s against 24.9–27.4 s (all 556 answered either way, 1055_40x57 2.9–3.2 s
/// against 4.2–4.3 s), thin-wall 26–28 answered against 25–26. The records cells then
/// leaves that it answered before: 683_14x24 (5.5 million; 1.8–1.9 s against 1.4–2.0 s)
/// and walls17 (5.0 million; 1.7–2.3 s through stream-layers against 0.8–1.2 s). A count,
/// not a time, so that every machine takes the same route; propagations, not conflicts,
/// because a conflict of 1055_40x57's model (133,329 columns) costs a thousand of them.
constexpr double kStreamAfterPropagations = 3e6;

/// Model stream's budget before model stream-layers goes on (NurikabeGenre::fallback),
/// MiniSat propagations over every round.
constexpr double kLayersAfterPropagations = 5e6;

/// The stream's share of the grid (cells − the clues' sum, over the cells) at or under
/// which model cells goes on as stream-layers, not stream: a stream of thin walls, whose
/// layers are few (one per stream cell) and state its connection at once, where stream's
/// connect cuts took thousands of rounds. Judged on janko.at's set and the thin-wall set
/// together (docs/performance.md, thirty-eighth session): of the records with such a
/// stream that cells does not answer (753_10x10 and 15 thin-wall records), those that
/// went through stream to stream-layers skip stream's 5 million propagations (753_10x10
/// 13.4 million → 8.4), those stream answered are answered sooner by stream-layers
/// (3 of 3), and none is lost at 30 s; a stream of 27 % (29_10x10) is answered by
/// stream in 0.6 s and not by stream-layers in 20 s.
constexpr double kLayersFirstShare = 0.25;
/// Model "stream-layers": most layer variables (cells × the stream's cells) a puzzle may
/// have; a larger one is refused (bad_request) rather than built, and model stream does
/// not go on as it. The 40 thin-wall records need up to 17,775; 1055_40x57 would need 4.3
/// million.
constexpr long long kMostStreamLayerVars = 200000;

/// Most candidate islands per clue; a clue with more is modelled cell by cell.
constexpr std::size_t kCandidateLimit = 2000;
/// Most partial islands the enumeration of one clue visits before giving up.
constexpr std::size_t kGrowthEffort = 200000;

struct NurikabePuzzle : Puzzle {
  std::vector<int> clues;      ///< per cell: the size, kUnknown, or 0 for none
  std::vector<int> clueCells;  ///< the clues' cells, row by row (clue k at k − 1)
};

/// How the model states one clue's island.
struct ClueIsland {
  int cell = 0;
  int size = 0;                              ///< or kUnknown
  bool enumerated = false;                   ///< by candidates (y), else cell by cell (z)
  std::vector<std::vector<int>> candidates;  ///< enumerated: the islands, cells sorted
  std::vector<int> domain;                   ///< cell by cell: the cells z exists for, sorted
  std::vector<int> steps;  ///< per domain cell: fewest steps from the clue through them
  /// Per domain cell: the index of its first layer variable d[k,r,c,steps] (the others
  /// follow, one per layer up to size − 1), or −1 (the clue's cell; a `?` clue).
  std::vector<int> firstLayer;
  /// count[k,…] (addCounters): the domain positions in the counter's order, and per
  /// position the index of its first counter variable c[k,i,1] (the others follow, up
  /// to c[k,i,min(i,n_k)]); empty without a counter.
  std::vector<int> countOrder;
  std::vector<int> countFirst;
  /// Cell by cell with a known size, but too large for layers (kMostLayerVars): its
  /// size by one row (island_size), connected by cuts.
  bool unlayered = false;
  /// Cell by cell with a known size: connected by layers (its size by cuts), else by
  /// cuts alone.
  bool layered() const { return !enumerated && size != kUnknown && !unlayered; }
  /// The layer variables it would have: one per domain cell but the clue's and step
  /// t from its fewest steps to size − 1.
  long long layerVars() const {
    long long out = 0;
    for (int t : steps) out += t > 0 ? size - t : 0;
    return out;
  }
  /// The position of `cell` in the domain, or −1.
  int position(int cell) const {
    const auto it = std::lower_bound(domain.begin(), domain.end(), cell);
    return it != domain.end() && *it == cell ? static_cast<int>(it - domain.begin()) : -1;
  }
};

/// The shading s, with `cuts` counting the stream's cuts (connect, walled, whole_nogood).
struct NurikabeBuilt : ConnectedShadingBuilt {
  milp::VarFamily y;                 ///< y(k, j)
  milp::VarFamily z;                 ///< z(k, r, c)
  std::vector<ClueIsland> islands;   ///< per clue (0-based)
  bool switched = false;             ///< BuildOptions::switchClues: z[k,clue] is keep
  bool stream = false;               ///< model "stream": s alone, islands by cuts
  mutable int streamIslandCuts = 0;  ///< island cuts of model "stream" named so far
  /// Model "stream": per cell (row by row), the index of its first counter variable of
  /// the stream's size (addSequentialCount); empty when the size is one row.
  std::vector<int> streamCountFirst;
  int streamSize = 0;  ///< model "stream": the cells every answer shades (the counter's k)
  /// Model "stream-layers" (addStreamLayers): the layers' depth T (e[a,0..T]); per cell
  /// the index of its f[r,c], −1 for a clue's cell (never shaded), empty without layers.
  /// The f of the open cells come first, then their e layer by layer, each block
  /// layerStride (the open cells) long: see layerVar.
  int layerDepth = 0;
  std::vector<int> layerFirst;
  int layerStride = 1;
  /// The index of e[r,c,t] for `cell` (not a clue's): layer t's block after the f.
  int layerVar(int cell, int t) const { return layerFirst[cell] + (t + 1) * layerStride; }
  mutable int islandCuts = 0;  ///< big_connect cuts named so far
  mutable int sizeCuts = 0;    ///< size cuts named so far
};

const NurikabePuzzle& nurikabeOf(const Puzzle& puzzle) {
  return dynamic_cast<const NurikabePuzzle&>(puzzle);
}

/// "the 5 at row 3, column 4" (or "the ? at …").
std::string clueName(const NurikabePuzzle& p, int cell) {
  const int v = p.clues[cell];
  return "the " + (v == kUnknown ? std::string("?") : std::to_string(v)) + " at " +
         p.grid.name(cell);
}

/// How many cells every answer shades (all cells but the islands' sizes), or −1 when a
/// clue is `?`.
int streamCells(const NurikabePuzzle& p) {
  int stream = p.grid.cells();
  for (int cell : p.clueCells) {
    if (p.clues[cell] == kUnknown) return -1;
    stream -= p.clues[cell];
  }
  return stream;
}

/// Model "stream-layers"'s layer variables e (NurikabeGenre::addStreamLayers): the cells
/// that are not clues × the layers (the stream's cells, or those cells when a clue is `?`).
long long streamLayerVars(const NurikabePuzzle& p) {
  const long long open = p.grid.cells() - static_cast<long long>(p.clueCells.size());
  const int stream = streamCells(p);
  return open * (stream >= 0 ? stream : open);
}

/// The cells clue `k` (0-based) may take: not another clue, nor beside one; with
/// `switched` (clues may be dropped) every cell.
std::vector<char> allowedCells(const NurikabePuzzle& p, int k, bool switched) {
  const RectGrid& g = p.grid;
  std::vector<char> allowed(g.cells(), 1);
  for (std::size_t other = 0; !switched && other < p.clueCells.size(); ++other) {
    if (static_cast<int>(other) == k) continue;
    const int cell = p.clueCells[other];
    allowed[cell] = 0;
    for (int next : g.neighbours(cell)) allowed[next] = 0;
  }
  allowed[p.clueCells[k]] = 1;
  return allowed;
}

/// The island of each clue (enumerated or cell by cell) for a model; with `switched`
/// (BuildOptions::switchClues) cell by cell over every cell in reach.
std::vector<ClueIsland> clueIslands(const NurikabePuzzle& p, std::size_t limit, bool switched) {
  std::vector<ClueIsland> out;
  for (std::size_t k = 0; k < p.clueCells.size(); ++k) {
    ClueIsland island;
    island.cell = p.clueCells[k];
    island.size = p.clues[island.cell];
    const std::vector<char> allowed = allowedCells(p, static_cast<int>(k), switched);
    island.enumerated = island.size != kUnknown && limit > 0 && !switched &&
                        growIslands(p.grid, island.cell, island.size, allowed, limit, kGrowthEffort,
                                    &island.candidates);
    if (!island.enumerated) {
      island.candidates.clear();
      const std::vector<int> steps =
          stepsFrom(p.grid, island.cell, island.size == kUnknown ? -1 : island.size - 1, allowed);
      for (int cell = 0; cell < p.grid.cells(); ++cell) {
        if (steps[cell] < 0) continue;
        island.domain.push_back(cell);
        island.steps.push_back(steps[cell]);
      }
    }
    out.push_back(std::move(island));
  }
  // Too many layers: the largest islands are connected by cuts instead.
  long long layers = 0;
  for (const ClueIsland& island : out) layers += island.layered() ? island.layerVars() : 0;
  while (layers > kMostLayerVars) {
    ClueIsland* largest = nullptr;
    for (ClueIsland& island : out) {
      if (island.layered() && (largest == nullptr || island.layerVars() > largest->layerVars())) {
        largest = &island;
      }
    }
    layers -= largest->layerVars();
    largest->unlayered = true;
  }
  return out;
}

/// A row's name: family[a,b,…] (1-based indices).
std::string rowName(const char* family, const std::vector<int>& indices) {
  std::string out;
  out.reserve(32);  // one allocation: model cells names some 400,000 rows on 1055_40x57
  out += family;
  char digits[12];
  for (std::size_t k = 0; k < indices.size(); ++k) {
    out += k == 0 ? '[' : ',';
    out.append(digits, std::to_chars(digits, digits + sizeof digits, indices[k]).ptr);
  }
  out += indices.empty() ? "[]" : "]";
  return out;
}

/// States sum x = k (1 <= k <= |x|) by a sequential counter (Sinz, "Towards an optimal
/// CNF encoding of Boolean cardinality constraints", CP 2005) whose rows are all clauses,
/// so GLPK's translation to CNF-SAT builds no adders for it: c[i][j] = 1 iff at least j
/// of x[0..i] are 1, c[i][j] <=> c[i-1][j] or (x[i] and c[i-1][j-1]); x[i] + c[i-1][k] <= 1;
/// c[last][k] = 1. Variables var[prefix…, i, j], rows row[prefix…, i, j, part] (1-based
/// i); `added(i)` is called after each of x[i]'s counter variables is added. Returns, per
/// i, the index of its first counter variable c[i][1] (the others follow, up to
/// c[i][min(i + 1, k)]).
std::vector<int> addSequentialCount(milp::Model& m, const std::vector<milp::Var>& x, int k,
                                    const char* var, const char* row, std::vector<int> prefix,
                                    const std::function<void(int)>& added) {
  const int cells = static_cast<int>(x.size());
  const auto name = [&](const char* family, std::vector<int> tail) {
    std::vector<int> indices = prefix;
    indices.insert(indices.end(), tail.begin(), tail.end());
    return rowName(family, indices);
  };
  // c[i][j - 1]: at least j of the first i + 1 are 1.
  std::vector<std::vector<milp::Var>> c(cells);
  std::vector<int> first(cells, -1);
  for (int i = 0; i < cells; ++i) {
    first[i] = m.numVars();
    for (int j = 1; j <= std::min(i + 1, k); ++j) {
      c[i].push_back(m.addBinary(name(var, {i + 1, j})));
      added(i);
    }
  }
  const auto at = [&](int i, int j, int part) { return name(row, {i + 1, j, part}); };
  m.addConstraint(milp::LinExpr(c[0][0]) == milp::LinExpr(x[0]), at(0, 1, 1));
  for (int i = 1; i < cells; ++i) {
    for (int j = 1; j <= std::min(i + 1, k); ++j) {
      const milp::Var here = c[i][j - 1];
      const bool before = j <= std::min(i, k);  // c[i-1][j-1] exists
      // Up: at least j of fewer is at least j of more.
      if (before) m.addConstraint(milp::LinExpr(c[i - 1][j - 1]) <= here, at(i, j, 1));
      // One more: x[i] is 1, with j − 1 before it.
      if (j == 1) {
        m.addConstraint(milp::LinExpr(x[i]) <= here, at(i, j, 2));
      } else {
        m.addConstraint(milp::LinExpr(x[i]) + c[i - 1][j - 2] - here <= 1, at(i, j, 2));
        // And only so: j of the first i + 1 needs j − 1 of the first i.
        m.addConstraint(milp::LinExpr(here) <= milp::LinExpr(c[i - 1][j - 2]), at(i, j, 3));
      }
      milp::LinExpr why = milp::LinExpr(x[i]);
      if (before) why += c[i - 1][j - 1];
      m.addConstraint(milp::LinExpr(here) <= why, at(i, j, 4));
    }
    // At most k: no x[i] is 1 after k before it.
    if (i >= k) m.addConstraint(milp::LinExpr(x[i]) + c[i - 1][k - 1] <= 1, at(i, k, 5));
  }
  // At least k.
  m.addConstraint(milp::LinExpr(c[cells - 1][k - 1]) >= 1, at(cells - 1, k, 6));
  return first;
}

class NurikabeGenre final : public ShadingGenre {
 public:
  std::string_view id() const override { return "nurikabe"; }
  std::string_view title() const override { return "Nurikabe"; }
  std::vector<std::string_view> models() const override {
    return {"cells", "candidates", "stream", "stream-layers", "whole-no-good"};
  }

  std::vector<std::unique_ptr<Puzzle>> parse(std::string_view text, int /*size*/) const override {
    std::vector<std::unique_ptr<Puzzle>> out;
    for (const Record& record : parseRecords(text)) {
      auto p = std::make_unique<NurikabePuzzle>();
      beginPuzzle(record, p.get());
      requireNoParameter(record, title());
      const std::vector<const Token*> tokens = recordBlock(record, 0, 1);
      p->clues.resize(tokens.size());
      for (std::size_t k = 0; k < tokens.size(); ++k) {
        p->clues[k] =
            tokens[k]->text == "?"
                ? kUnknown
                : tokenValue(record, *tokens[k], blockLine(record, 0, static_cast<int>(k)), 1,
                             p->grid.cells(), true, "a clue (an island's size)");
        if (p->clues[k] != 0) p->clueCells.push_back(static_cast<int>(k));
      }
      out.push_back(std::move(p));
    }
    return out;
  }

  std::unique_ptr<Built> build(const Puzzle& puzzle, const BuildOptions& options) const override {
    requireModel(options.model);
    const NurikabePuzzle& p = nurikabeOf(puzzle);
    const bool layers = options.model == "stream-layers";
    if (layers && streamLayerVars(p) > kMostStreamLayerVars) {
      throw badRequest("options.model",
                       "model stream-layers would need " + std::to_string(streamLayerVars(p)) +
                           " layer variables (cells × the stream's cells) on this " +
                           std::to_string(p.grid.rows) + "×" + std::to_string(p.grid.columns) +
                           " puzzle, more than its limit of " +
                           std::to_string(kMostStreamLayerVars) + ": use model stream");
    }
    auto built = std::make_unique<NurikabeBuilt>();
    built->switched = options.switchClues;
    // "Why no solution?" switches clues on the islands' binaries: the stream models have
    // none.
    built->stream = (options.model == "stream" || layers) && !options.switchClues;
    // The stream model's connect cuts run over a smallest separator (cells.h): on the
    // shared set, 3 s a record, 510 answered instead of 501, and 29_10x10 in 0.5 s instead
    // of none in 90 s. Model cells keeps ∂C: with separators it answered one record fewer
    // and took 23.3 s instead of 19.8 (docs/performance.md, fourteenth session).
    built->cut = options.model == "whole-no-good" ? ConnectivityCut::kWholeNoGood
                 : built->stream                  ? ConnectivityCut::kSeparator
                                                  : ConnectivityCut::kPiece;
    if (built->stream) {
      addVariables(p, built.get());
      addStreamRows(p, built.get(), layers);
      if (layers) addStreamLayers(p, built.get());
      return built;
    }
    built->islands =
        clueIslands(p, options.model == "cells" ? 0 : kCandidateLimit, options.switchClues);
    addVariables(p, built.get());
    addRows(p, built.get());
    if (options.switchClues) {
      addSwitches(p, built.get());
    } else if (options.model == "cells") {
      addCounters(p, built.get());
    }
    return built;
  }

  /// Model cells, on CNF-SAT, switches to model stream after kStreamAfterPropagations
  /// propagations without an answer: cells answers most records far sooner, stream those
  /// whose islands cover most of the grid (29_10x10) and 1055_40x57 (40×57, eight islands
  /// of 50), which cells does not answer in 60 s. A stream of at most kLayersFirstShare
  /// of the grid (753_10x10) switches to stream-layers instead. Model stream, in turn,
  /// switches to stream-layers after kLayersAfterPropagations when the puzzle's layers
  /// are few enough (kMostStreamLayerVars).
  std::optional<Fallback> fallback(const Puzzle& puzzle, const BuildOptions& options,
                                   milp::Method method) const override {
    if (method != milp::Method::kSat || options.switchClues) return std::nullopt;
    if (options.model == "cells") {
      // A stream of at most a quarter of the grid goes straight to its layers.
      const NurikabePuzzle& p = nurikabeOf(puzzle);
      const int stream = streamCells(p);
      if (stream >= 0 && stream <= kLayersFirstShare * p.grid.cells() &&
          streamLayerVars(p) <= kMostStreamLayerVars) {
        return Fallback{.model = "stream-layers", .afterPropagations = kStreamAfterPropagations};
      }
      return Fallback{.model = "stream", .afterPropagations = kStreamAfterPropagations};
    }
    if (options.model == "stream" && streamLayerVars(nurikabeOf(puzzle)) <= kMostStreamLayerVars) {
      return Fallback{.model = "stream-layers", .afterPropagations = kLayersAfterPropagations};
    }
    return std::nullopt;
  }

  std::vector<Cut> separate(const Puzzle& puzzle, const Built& built) const override {
    const NurikabePuzzle& p = nurikabeOf(puzzle);
    const auto& b = dynamic_cast<const NurikabeBuilt&>(built);
    const RectGrid& g = p.grid;
    std::vector<char> in(g.cells());
    for (int cell = 0; cell < g.cells(); ++cell) in[cell] = b.model.value(b.shaded(g, cell)) > 0.5;
    const std::vector<std::vector<int>> pieces = components(g, in);  // the walled cuts' too
    std::vector<Cut> out = connectivityCuts(
        g, in, pieces, [&](int cell) { return milp::LinExpr(b.shaded(g, cell)); }, b.cut, &b.cuts,
        "shaded cells", &b.separators);
    // Every answer shades streamCells(p) cells, so a piece of fewer cells that is all
    // shaded has a shaded cell around it: sum_C s − sum_{∂C} s <= |C| − 1 (valid, and it
    // holds whatever cells the other pieces take, unlike the cut above).
    if (b.cut != ConnectivityCut::kWholeNoGood && !out.empty() && streamCells(p) > 0) {
      std::vector<int> stamp(g.cells(), -1);
      int id = 0;
      for (const std::vector<int>& piece : pieces) {
        if (static_cast<int>(piece.size()) >= streamCells(p)) continue;
        milp::LinExpr lhs;
        for (int cell : piece) lhs += b.shaded(g, cell);
        Cut cut;
        cut.cells = pieceBorder(g, piece, &stamp, id++);
        for (int cell : cut.cells) lhs -= b.shaded(g, cell);
        cut.row = lhs <= static_cast<double>(piece.size()) - 1;
        cut.name = "walled[" + std::to_string(++b.cuts) + "]";
        cut.why = "the " + countOf(piece.size(), "shaded cells") + " from " +
                  g.name(piece.front()) +
                  (piece.size() == 1 ? " is walled in: it does not stay shaded with "
                                     : " are walled in: not all of them stay shaded with ") +
                  "all " + countOf(cut.cells.size(), "cells") + " around " +
                  (piece.size() == 1 ? "it" : "them") + " unshaded";
        out.push_back(std::move(cut));
      }
    }
    if (b.stream) {
      std::vector<char> unshaded(g.cells());
      for (int cell = 0; cell < g.cells(); ++cell) unshaded[cell] = !in[cell];
      for (Cut& cut : streamIslandCuts(p, b, unshaded)) out.push_back(std::move(cut));
    }
    for (std::size_t k = 0; k < b.islands.size(); ++k) {
      const ClueIsland& island = b.islands[k];
      if (island.enumerated) continue;
      std::fill(in.begin(), in.end(), 0);
      for (int cell : island.domain) {
        in[cell] = b.model.value(islandVar(b, g, static_cast<int>(k), cell)) > 0.5;
      }
      if (island.layered()) {
        if (std::optional<Cut> cut = sizeCut(p, b, static_cast<int>(k), in)) {
          out.push_back(std::move(*cut));
        }
        continue;
      }
      int counter = 0;
      for (Cut& cut : connectivityCuts(
               g, in,
               [&](int cell) {
                 return island.position(cell) >= 0
                            ? milp::LinExpr(islandVar(b, g, static_cast<int>(k), cell))
                            : milp::LinExpr(0.0);
               },
               ConnectivityCut::kPiece, &counter,
               "cells of the island of " + clueName(p, island.cell))) {
        cut.name = "big_connect[" + std::to_string(++b.islandCuts) + "]";
        out.push_back(std::move(cut));
      }
    }
    return out;
  }

  /// The cut for an island modelled cell by cell (with layers, so connected) whose size
  /// is not its clue's, or nothing. `in` marks its cells. With C its cells: too few, and
  /// every island of the clue's size, being connected and holding the clue, holds a
  /// cell beside C (size[k]: sum_{b in ∂C} z[k,b] >= 1); too many, and no island holds
  /// the first n_k + 1 cells of C in steps from the clue, a connected set
  /// (size[k]: sum z[k,·] over them <= n_k).
  static std::optional<Cut> sizeCut(const NurikabePuzzle& p, const NurikabeBuilt& b, int k,
                                    const std::vector<char>& in) {
    const RectGrid& g = p.grid;
    const ClueIsland& island = b.islands[k];
    const std::vector<int> steps = stepsFrom(g, island.cell, -1, in);
    std::vector<int> cells;  // the island, in steps from the clue
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (steps[cell] >= 0) cells.push_back(cell);
    }
    std::stable_sort(cells.begin(), cells.end(), [&](int a, int c) { return steps[a] < steps[c]; });
    const int n = island.size;
    const int count = static_cast<int>(cells.size());
    if (count == n || !in[island.cell]) return std::nullopt;  // right, or a dropped clue
    Cut cut;
    milp::LinExpr lhs;
    if (count < n) {
      std::vector<char> seen(g.cells(), 0);
      for (int cell : cells) seen[cell] = 1;
      for (int cell : cells) {
        for (int next : g.neighbours(cell)) {
          if (seen[next] || island.position(next) < 0) continue;
          seen[next] = 1;
          lhs += islandVar(b, g, k, next);
          cut.cells.push_back(next);
        }
      }
      std::sort(cut.cells.begin(), cut.cells.end());
      if (cut.cells.empty()) {  // no island of n cells holds the clue: z on it is fixed at 1
        cut.row = milp::LinExpr(islandVar(b, g, k, island.cell)) <= 0;
        cut.why = "no island of " + std::to_string(n) + " cells fits " + clueName(p, island.cell);
      } else {
        // With switched clues only a kept clue (z on its cell at 1) needs the cell more.
        cut.row = b.switched ? lhs - islandVar(b, g, k, island.cell) >= 0 : lhs >= 1;
        cut.why = "the island of " + clueName(p, island.cell) + " has " + std::to_string(count) +
                  (count == 1 ? " cell" : " cells") + ": it must take " +
                  (cut.cells.size() == 1
                       ? std::string("the cell beside it")
                       : "one of the " + std::to_string(cut.cells.size()) + " cells around it");
      }
    } else {
      cells.resize(n + 1);
      for (int cell : cells) lhs += islandVar(b, g, k, cell);
      cut.cells = cells;
      std::sort(cut.cells.begin(), cut.cells.end());
      cut.row = lhs <= n;
      cut.why = "the island of " + clueName(p, island.cell) + " has " + std::to_string(count) +
                " cells: these " + std::to_string(n + 1) + " cells cannot all be in it";
    }
    cut.name = "size[" + std::to_string(++b.sizeCuts) + "]";
    return cut;
  }

  std::optional<std::string> verify(const Puzzle& puzzle, const Answer& answer) const override;

  Board board(const Puzzle& puzzle, const Answer* answer) const override {
    const NurikabePuzzle& p = nurikabeOf(puzzle);
    Board board = shadingBoard(p.grid, answer);
    for (int cell : p.clueCells) {
      board.number(p.grid.centre(cell),
                   p.clues[cell] == kUnknown ? std::string("?") : std::to_string(p.clues[cell]),
                   "given");
    }
    return board;
  }

  Formulation formulation(const Puzzle& puzzle, const Built& built) const override;

  std::string formatPuzzle(const Puzzle& puzzle) const override {
    const NurikabePuzzle& p = nurikabeOf(puzzle);
    return recordHead(p) + formatBlock(p.grid, [&](int cell) {
             const int v = p.clues[cell];
             return v == 0          ? std::string("-")
                    : v == kUnknown ? std::string("?")
                                    : std::to_string(v);
           });
  }

  std::string formatAnswer(const Puzzle& puzzle, const Answer& answer) const override {
    const NurikabePuzzle& p = nurikabeOf(puzzle);
    return recordHead(p) + formatBlock(p.grid, [&](int cell) {
             return answer.cells[cell] ? std::string("x") : std::string("-");
           });
  }

  static milp::Var islandVar(const NurikabeBuilt& b, const RectGrid& g, int k, int cell) {
    return b.z(k + 1, g.rowOf(cell) + 1, g.columnOf(cell) + 1);
  }

 private:
  /// s for every cell, y for each candidate, z for each cell of each clue's domain.
  static void addVariables(const NurikabePuzzle& p, NurikabeBuilt* built);
  /// One block of rows per rule (see the file comment).
  static void addRows(const NurikabePuzzle& p, NurikabeBuilt* built);
  /// The rules on the stream's shape alone: pocket and pool (every model).
  static void addShapeRows(const NurikabePuzzle& p, NurikabeBuilt* built);
  /// Model "stream": s alone (see streamIslandCuts); `layered` (model stream-layers)
  /// leaves out the stream's counter.
  static void addStreamRows(const NurikabePuzzle& p, NurikabeBuilt* built, bool layered);
  /// Model "stream-layers": the stream connected by layers from its first cell (see
  /// the definition).
  static void addStreamLayers(const NurikabePuzzle& p, NurikabeBuilt* built);
  /// Model "stream": a cut for each island of an answer that breaks a rule (see the
  /// definition).
  static std::vector<Cut> streamIslandCuts(const NurikabePuzzle& p, const NurikabeBuilt& b,
                                           const std::vector<char>& unshaded);
  /// count[k,…]: each island modelled cell by cell states its size by a sequential
  /// counter, when the islands cover at least half of the grid (see the file comment).
  static void addCounters(const NurikabePuzzle& p, NurikabeBuilt* built);
  /// BuildOptions::switchClues: z[k,clue] becomes clue k's keep binary (rows alone and
  /// the first steps' reach; see the file comment).
  static void addSwitches(const NurikabePuzzle& p, NurikabeBuilt* built);
};

void NurikabeGenre::addVariables(const NurikabePuzzle& p, NurikabeBuilt* built) {
  const RectGrid& g = p.grid;
  milp::Model& m = built->model;
  const int clues = static_cast<int>(built->islands.size());
  addShadingVars(g, "s", built);
  std::size_t most = 1;
  for (const ClueIsland& island : built->islands) most = std::max(most, island.candidates.size());
  std::vector<int> y_offsets, z_offsets;
  for (int k = 0; k < clues; ++k) {
    const ClueIsland& island = built->islands[k];
    for (std::size_t j = 0; j < island.candidates.size(); ++j) {
      y_offsets.push_back(k * static_cast<int>(most) + static_cast<int>(j));
    }
    for (int cell : island.domain) z_offsets.push_back(k * g.cells() + cell);
  }
  const int ranges = std::max(clues, 1);
  built->y = m.addSparseVars("y", {{1, ranges}, {1, static_cast<int>(most)}}, y_offsets,
                             milp::VarType::kBinary, 0, 1);
  built->z = m.addSparseVars("z", {{1, ranges}, {1, g.rows}, {1, g.columns}}, z_offsets,
                             milp::VarType::kBinary, 0, 1);
  built->cellOf.resize(m.numVars(), -1);
  for (int k = 0; k < clues; ++k) {
    const ClueIsland& island = built->islands[k];
    for (std::size_t j = 0; j < island.candidates.size(); ++j) {
      built->cellOf[built->y(k + 1, static_cast<int>(j) + 1).index] = island.cell;
    }
    for (int cell : island.domain) built->cellOf[islandVar(*built, g, k, cell).index] = cell;
    if (!island.enumerated && !built->switched) m.fix(islandVar(*built, g, k, island.cell), 1);
  }
  for (int k = 0; k < clues; ++k) {
    ClueIsland& island = built->islands[k];
    if (!island.layered()) continue;
    island.firstLayer.assign(island.domain.size(), -1);
    for (std::size_t pos = 0; pos < island.domain.size(); ++pos) {
      const int cell = island.domain[pos];
      if (cell == island.cell) continue;
      island.firstLayer[pos] = m.numVars();
      for (int t = island.steps[pos]; t < island.size; ++t) {
        m.addBinary(rowName("d", {k + 1, g.rowOf(cell) + 1, g.columnOf(cell) + 1, t}));
        built->cellOf.push_back(cell);
      }
    }
  }
}

void NurikabeGenre::addRows(const NurikabePuzzle& p, NurikabeBuilt* built) {
  const RectGrid& g = p.grid;
  milp::Model& m = built->model;
  const int clues = static_cast<int>(built->islands.size());
  const auto s = [&](int cell) { return built->shaded(g, cell); };
  const auto ref = [&](int cell) { return std::pair{g.rowOf(cell) + 1, g.columnOf(cell) + 1}; };
  // A clue without a candidate island has no answer: its row goes over `impossible`,
  // fixed at 0 (the builder refuses an empty row that cannot hold).
  std::optional<milp::Var> impossible;
  // Each clue has one island: one of its candidates, or cells adding up to its size.
  for (int k = 0; k < clues; ++k) {
    const ClueIsland& island = built->islands[k];
    if (island.enumerated) {
      milp::LinExpr chosen = sum(built->y.slice({k + 1, milp::kAll}));
      if (chosen.terms().empty()) {
        if (!impossible) {
          impossible = m.addBinary("impossible");
          m.fix(*impossible, 0);
          built->cellOf.push_back(-1);
        }
        chosen = milp::LinExpr(*impossible);
      }
      m.addConstraint(chosen == 1, rowName("choose", {k + 1}));
    }
  }
  // A cell is shaded or in exactly one island.
  std::vector<milp::LinExpr> cover(g.cells());
  for (int cell = 0; cell < g.cells(); ++cell) cover[cell] = milp::LinExpr(s(cell));
  for (int k = 0; k < clues; ++k) {
    const ClueIsland& island = built->islands[k];
    for (std::size_t j = 0; j < island.candidates.size(); ++j) {
      const milp::Var y = built->y(k + 1, static_cast<int>(j) + 1);
      for (int cell : island.candidates[j]) cover[cell].addTerm(y, 1.0);
    }
    for (int cell : island.domain) cover[cell].addTerm(islandVar(*built, g, k, cell), 1.0);
  }
  for (int cell = 0; cell < g.cells(); ++cell) {
    const auto [r, c] = ref(cell);
    m.addConstraint(cover[cell] == 1, rowName("cover", {r, c}));
  }
  // An island's neighbours are shaded: per clue and cell, the candidates that border it.
  std::vector<milp::LinExpr> border(g.cells());
  std::vector<int> mark(g.cells(), -1);
  for (int k = 0; k < clues; ++k) {
    const ClueIsland& island = built->islands[k];
    if (!island.enumerated) continue;
    for (auto& row : border) row = milp::LinExpr();
    for (std::size_t j = 0; j < island.candidates.size(); ++j) {
      const int stamp = k * static_cast<int>(kCandidateLimit + 1) + static_cast<int>(j);
      for (int cell : island.candidates[j]) mark[cell] = stamp;
      for (int cell : island.candidates[j]) {
        for (int next : g.neighbours(cell)) {
          if (mark[next] == stamp) continue;
          mark[next] = stamp;
          border[next].addTerm(built->y(k + 1, static_cast<int>(j) + 1), 1.0);
        }
      }
    }
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (border[cell].terms().empty()) continue;
      const auto [r, c] = ref(cell);
      m.addConstraint(border[cell] <= milp::LinExpr(s(cell)), rowName("border", {k + 1, r, c}));
    }
  }
  // The same, cell by cell: a neighbour of an island cell is in the island or shaded.
  for (int k = 0; k < clues; ++k) {
    const ClueIsland& island = built->islands[k];
    for (int cell : island.domain) {
      for (int b : g.neighbours(cell)) {
        milp::LinExpr beside = milp::LinExpr(s(b));
        if (island.position(b) >= 0) {
          beside += islandVar(*built, g, k, b);
        }
        const int direction = b == cell - g.columns ? 1 : b == cell - 1 ? 2 : b == cell + 1 ? 3 : 4;
        const auto [r, c] = ref(cell);
        m.addConstraint(milp::LinExpr(islandVar(*built, g, k, cell)) <= beside,
                        rowName("big_border", {k + 1, r, c, direction}));
      }
    }
  }
  // A large island is connected: each of its cells is reached from the clue in at most
  // size − 1 steps through the island, layer by layer (d[k,r,c,t]: reached in t steps).
  for (int k = 0; k < clues; ++k) {
    const ClueIsland& island = built->islands[k];
    if (!island.layered()) continue;
    const auto layer = [&](int pos, int t) {
      return milp::Var{island.firstLayer[pos] + t - island.steps[pos], &m};
    };
    for (std::size_t pos = 0; pos < island.domain.size(); ++pos) {
      const int cell = island.domain[pos];
      if (cell == island.cell) continue;
      const auto [r, c] = ref(cell);
      const milp::Var z = islandVar(*built, g, k, cell);
      const Neighbours next = g.neighbours(cell);
      const bool beside_clue = std::find(next.begin(), next.end(), island.cell) != next.end();
      for (int t = island.steps[pos]; t < island.size; ++t) {
        const milp::Var d = layer(static_cast<int>(pos), t);
        if (!beside_clue) {  // beside the clue, a cell is reached in one step
          milp::LinExpr before;
          if (t - 1 >= island.steps[pos]) before += layer(static_cast<int>(pos), t - 1);
          for (int b : next) {
            const int q = island.position(b);
            if (q >= 0 && t - 1 >= island.steps[q]) before += layer(q, t - 1);
          }
          m.addConstraint(milp::LinExpr(d) <= before, rowName("reach", {k + 1, r, c, t}));
        }
        m.addConstraint(milp::LinExpr(d) <= milp::LinExpr(z),
                        rowName("reach_in", {k + 1, r, c, t}));
      }
      m.addConstraint(
          milp::LinExpr(z) <= milp::LinExpr(layer(static_cast<int>(pos), island.size - 1)),
          rowName("reached", {k + 1, r, c}));
    }
  }
  // An island too large for layers has its size in one row (kept or dropped with its
  // clue when clues are switched: z on the clue's cell is the keep binary).
  for (int k = 0; k < clues; ++k) {
    const ClueIsland& island = built->islands[k];
    if (!island.unlayered) continue;
    milp::LinExpr cells;
    for (int cell : island.domain) cells += islandVar(*built, g, k, cell);
    const milp::Var clue = islandVar(*built, g, k, island.cell);
    m.addConstraint(
        built->switched ? cells - island.size * milp::LinExpr(clue) == 0 : cells == island.size,
        rowName("island_size", {k + 1}));
  }
  addShapeRows(p, built);
}

void NurikabeGenre::addShapeRows(const NurikabePuzzle& p, NurikabeBuilt* built) {
  const RectGrid& g = p.grid;
  milp::Model& m = built->model;
  const auto s = [&](int cell) { return built->shaded(g, cell); };
  const auto ref = [&](int cell) { return std::pair{g.rowOf(cell) + 1, g.columnOf(cell) + 1}; };
  // A stream of more than two cells (every answer's, when no clue is `?`) has no shaded
  // cell or domino walled in by unshaded cells: the walled cut of such a piece, stated
  // before solving (pocket[r,c]; pocket[r,c,2] with the cell to the right, 3 below).
  const int stream = streamCells(p);
  for (int cell = 0; cell < g.cells() && stream > 2; ++cell) {
    if (p.clues[cell] != 0) continue;
    const auto [r, c] = ref(cell);
    milp::LinExpr around;
    for (int b : g.neighbours(cell)) around += s(b);
    m.addConstraint(milp::LinExpr(s(cell)) <= around, rowName("pocket", {r, c}));
    const bool right = g.columnOf(cell) + 1 < g.columns && p.clues[cell + 1] == 0;
    const bool below = cell + g.columns < g.cells() && p.clues[cell + g.columns] == 0;
    for (const int b : {right ? cell + 1 : -1, below ? cell + g.columns : -1}) {
      if (b < 0) continue;
      milp::LinExpr walled = milp::LinExpr(s(cell)) + s(b);
      for (const int a : {cell, b}) {
        for (int next : g.neighbours(a)) {
          if (next != cell && next != b) walled -= s(next);
        }
      }
      m.addConstraint(walled <= 1, rowName("pocket", {r, c, b == cell + 1 ? 2 : 3}));
    }
  }
  // No 2×2 block is all shaded.
  for (int r = 0; r + 1 < g.rows; ++r) {
    for (int c = 0; c + 1 < g.columns; ++c) {
      const int cell = g.index(r, c);
      m.addConstraint(s(cell) + s(cell + 1) + s(cell + g.columns) + s(cell + g.columns + 1) <= 3,
                      rowName("pool", {r + 1, c + 1}));
    }
  }
}

void NurikabeGenre::addStreamRows(const NurikabePuzzle& p, NurikabeBuilt* built, bool layered) {
  const RectGrid& g = p.grid;
  milp::Model& m = built->model;
  const auto s = [&](int cell) { return built->shaded(g, cell); };
  const auto ref = [&](int cell) { return std::pair{g.rowOf(cell) + 1, g.columnOf(cell) + 1}; };
  // A clue's cell is in its island, so unshaded.
  std::vector<char> reached(g.cells(), 0);
  for (int k = 0; k < static_cast<int>(p.clueCells.size()); ++k) {
    const int clue = p.clueCells[k];
    const auto [r, c] = ref(clue);
    m.addConstraint(milp::LinExpr(s(clue)) == 0, rowName("clue", {r, c}));
    const int size = p.clues[clue];
    const std::vector<int> steps =
        stepsFrom(g, clue, size == kUnknown ? -1 : size - 1, allowedCells(p, k, false));
    for (int cell = 0; cell < g.cells(); ++cell) reached[cell] |= steps[cell] >= 0 ? 1 : 0;
  }
  // A cell no island can take is shaded: beside two clues, or more than n_k − 1 steps from
  // every clue k through cells that clue may take.
  for (int cell = 0; cell < g.cells(); ++cell) {
    if (reached[cell]) continue;
    const auto [r, c] = ref(cell);
    m.addConstraint(milp::LinExpr(s(cell)) == 1, rowName("unreached", {r, c}));
  }
  // When the islands cover at least half of the grid, every answer shades the cells they
  // leave: by a sequential counter (clause rows, no adders in GLPK's translation to
  // CNF-SAT). Otherwise the island cuts alone keep that count: with the count on every
  // record (one row over every cell, adders, where the counter is too large) model stream
  // answered 510 of the shared set's 556 records within 3 s each, without it 552; the
  // row alone left 1055_40x57 in its first search for 3 minutes (docs/performance.md).
  // Model stream-layers leaves the counter out: with the layers it made every round slow
  // (753_10x10 alone: no answer in 60 s with it, 7.8 s without; twenty-second session).
  if (const int stream = streamCells(p);
      !layered && stream >= 1 && 2 * stream <= g.cells() &&
      static_cast<long long>(g.cells()) * stream <= kMostCounterVars) {
    std::vector<milp::Var> x;
    for (int cell = 0; cell < g.cells(); ++cell) x.push_back(s(cell));
    built->streamSize = stream;
    built->streamCountFirst = addSequentialCount(m, x, stream, "c", "stream", {},
                                                 [&](int i) { built->cellOf.push_back(i); });
  }
  addShapeRows(p, built);
}

/// Model "stream-layers" connects the stream by layers from a root that every answer
/// fixes: its first shaded cell in row order. Over the cells that are not clues, in row
/// order (a′ the one before a), with T = the stream's cells − 1 (the open cells − 1
/// when a clue is `?`):
///   first[r,c]:    f_a = 1 when a or a cell before it is shaded: s_a <= f_a, f_{a′} <= f_a
///   root[r,c]:     e_{a,0} = 1 only at the first shaded cell: e_{a,0} <= s_a,
///                  e_{a,0} + f_{a′} <= 1
///   spread[r,c,t]: e_{a,t} = 1 only when a is shaded and reached in t steps:
///                  e_{a,t} <= e_{a,t−1} + sum_{b ~ a} e_{b,t−1}, e_{a,t−1} <= e_{a,t},
///                  e_{a,t} <= s_a
///   joined[r,c]:   s_a <= e_{a,T}  (every shaded cell is reached: one area)
/// Every row is a clause, so GLPK's translation to CNF-SAT builds no adders. These are
/// the reach rows of a large island (model cells) turned onto the stream; with them the
/// connect cuts never fire, and the rounds left are the islands' cuts. The e are added
/// layer by layer (all of e_{·,0}, then e_{·,1}, …): MiniSat's first decisions follow
/// the order of the variables, and cell by cell answered 3 of the 40 thin-wall records
/// fewer (docs/performance.md, twenty-second session).
void NurikabeGenre::addStreamLayers(const NurikabePuzzle& p, NurikabeBuilt* built) {
  const RectGrid& g = p.grid;
  milp::Model& m = built->model;
  const auto s = [&](int cell) { return milp::LinExpr(built->shaded(g, cell)); };
  const auto ref = [&](int cell, std::vector<int> tail) {
    std::vector<int> out = {g.rowOf(cell) + 1, g.columnOf(cell) + 1};
    out.insert(out.end(), tail.begin(), tail.end());
    return out;
  };
  std::vector<int> open;
  for (int cell = 0; cell < g.cells(); ++cell) {
    if (p.clues[cell] == 0) open.push_back(cell);
  }
  const int stream = streamCells(p);
  const int depth = (stream >= 0 ? stream : static_cast<int>(open.size())) - 1;
  if (depth < 0 || open.empty()) return;
  built->layerDepth = depth;
  built->layerStride = static_cast<int>(open.size());
  built->layerFirst.assign(g.cells(), -1);
  for (int cell : open) {
    built->layerFirst[cell] = m.numVars();
    m.addBinary(rowName("f", ref(cell, {})));
    built->cellOf.push_back(cell);
  }
  for (int t = 0; t <= depth; ++t) {
    for (int cell : open) {
      m.addBinary(rowName("e", ref(cell, {t})));
      built->cellOf.push_back(cell);
    }
  }
  const auto f = [&](int cell) { return milp::LinExpr(milp::Var{built->layerFirst[cell], &m}); };
  const auto e = [&](int cell, int t) {
    return milp::LinExpr(milp::Var{built->layerVar(cell, t), &m});
  };
  int before = -1;  // a′
  for (int cell : open) {
    m.addConstraint(s(cell) <= f(cell), rowName("first", ref(cell, {1})));
    if (before >= 0) m.addConstraint(f(before) <= f(cell), rowName("first", ref(cell, {2})));
    m.addConstraint(e(cell, 0) <= s(cell), rowName("root", ref(cell, {1})));
    if (before >= 0) m.addConstraint(e(cell, 0) + f(before) <= 1, rowName("root", ref(cell, {2})));
    before = cell;
  }
  for (int t = 1; t <= depth; ++t) {
    for (int cell : open) {
      milp::LinExpr from = e(cell, t - 1);
      for (int next : g.neighbours(cell)) {
        if (p.clues[next] == 0) from += e(next, t - 1);
      }
      m.addConstraint(e(cell, t) <= from, rowName("spread", ref(cell, {t, 1})));
      m.addConstraint(e(cell, t - 1) <= e(cell, t), rowName("spread", ref(cell, {t, 2})));
      m.addConstraint(e(cell, t) <= s(cell), rowName("spread", ref(cell, {t, 3})));
    }
  }
  for (int cell : open)
    m.addConstraint(s(cell) <= e(cell, depth), rowName("joined", ref(cell, {})));
}

/// Model "stream" states the islands by cuts alone. For each island C of an answer (a
/// piece of unshaded cells; ∂C its neighbours, all shaded) that breaks a rule, a row
/// that every answer keeps and this one breaks:
///   no clue in C:        sum_C s + sum_{∂C} (1 − s) >= 1 (C is not an island as it is)
///   two clues in C:      sum_P s >= 1, P a shortest path in C between two of them
///   more than n_k cells: sum_T s >= 1, T its first n_k + 1 cells in steps from the clue
///                        (connected and holding the clue: never all in one island)
///   fewer than n_k:      sum_{∂C} (1 − s) >= 1 (with ∂C shaded the island is within C),
///                        ∂C without its cells beside another clue (the island cannot
///                        take them) unless every cell is
std::vector<Cut> NurikabeGenre::streamIslandCuts(const NurikabePuzzle& p, const NurikabeBuilt& b,
                                                 const std::vector<char>& unshaded) {
  const RectGrid& g = p.grid;
  const auto s = [&](int cell) { return b.shaded(g, cell); };
  std::vector<Cut> out;
  // The island's cells (1), cleared after each: one grid-sized vector per island took 4%
  // of 1055_40x57's rounds in model stream.
  std::vector<char> in(g.cells(), 0);
  for (const std::vector<int>& island : components(g, unshaded)) {
    struct Clear {
      std::vector<char>& in;
      const std::vector<int>& cells;
      ~Clear() {
        for (int cell : cells) in[cell] = 0;
      }
    } clear{in, island};
    std::vector<int> clues;
    for (int cell : island) {
      in[cell] = 1;
      if (p.clues[cell] != 0) clues.push_back(cell);
    }
    std::vector<int> around;
    for (int cell : island) {
      for (int next : g.neighbours(cell)) {
        if (in[next] == 0) {
          in[next] = 2;
          around.push_back(next);
        }
      }
    }
    for (int cell : around) in[cell] = 0;
    Cut cut;
    milp::LinExpr lhs;
    const int n = clues.empty() ? 0 : p.clues[clues.front()];
    const int count = static_cast<int>(island.size());
    if (clues.size() >= 2) {
      // The nearest other clue, and the path back to the first along falling steps.
      const std::vector<int> steps = stepsFrom(g, clues.front(), -1, in);
      int at = clues[1];
      for (int clue : clues) {
        if (clue != clues.front() && steps[clue] < steps[at]) at = clue;
      }
      const int other = at;
      while (at != clues.front()) {
        if (p.clues[at] == 0) {
          lhs += s(at);
          cut.cells.push_back(at);
        }
        for (int next : g.neighbours(at)) {
          if (steps[next] >= 0 && steps[next] == steps[at] - 1) {
            at = next;
            break;
          }
        }
      }
      if (cut.cells.empty()) {
        // Side by side: no answer (s on a clue is fixed at 0 by its clue row).
        cut.row = milp::LinExpr(s(clues.front())) >= 1;
        cut.why = clueName(p, clues.front()) + " and " + clueName(p, other) +
                  " are side by side: no answer keeps them in two islands";
      } else {
        cut.row = lhs >= 1;
        cut.why = clueName(p, clues.front()) + " and " + clueName(p, other) +
                  " are in one island: " + (cut.cells.size() == 1 ? "the " : "one of the ") +
                  countOf(cut.cells.size(), "cells") + " between them is shaded";
      }
    } else if (clues.empty() || (n != kUnknown && count < n)) {
      bool besideClues = false;  // cells around it beside another clue left out
      if (clues.empty()) {
        for (int cell : island) lhs += s(cell);
      } else if (!b.switched) {
        // The clue's island in an answer is larger, so it takes a cell around C: not one
        // beside another clue (the islands would touch), which may stay shaded.
        const auto besideOther = [&](int cell) {
          for (int next : g.neighbours(cell)) {
            if (p.clues[next] != 0 && next != clues.front()) return true;
          }
          return false;
        };
        std::vector<int> free;
        for (int cell : around) {
          if (!besideOther(cell)) free.push_back(cell);
        }
        if (!free.empty() && free.size() < around.size()) {
          around = std::move(free);
          besideClues = true;
        }
      }
      for (int cell : around) lhs -= s(cell);
      cut.cells = clues.empty() ? island : std::vector<int>{};
      cut.cells.insert(cut.cells.end(), around.begin(), around.end());
      if (cut.cells.empty()) continue;  // the whole grid unshaded: other cuts apply
      cut.row = lhs >= 1 - static_cast<double>(around.size());
      cut.why =
          clues.empty()
              ? "the " + countOf(count, "unshaded cells") + " from " + g.name(island.front()) +
                    (count == 1 ? " holds no clue: it is shaded or "
                                : " hold no clue: one of them is shaded or ") +
                    (around.size() == 1 ? "the " : "one of the ") +
                    countOf(around.size(), "cells") + " around " + (count == 1 ? "it" : "them") +
                    " unshaded"
              : "the island of " + clueName(p, clues.front()) + " has " + countOf(count, "cells") +
                    ": " + (around.size() == 1 ? "the " : "one of the ") +
                    countOf(around.size(), "cells") + " around it" +
                    (besideClues ? " not beside another clue" : "") + " is unshaded";
    } else if (n != kUnknown && count > n) {
      const std::vector<int> steps = stepsFrom(g, clues.front(), -1, in);
      std::vector<int> cells = island;
      std::stable_sort(cells.begin(), cells.end(),
                       [&](int a, int c) { return steps[a] < steps[c]; });
      cells.resize(n + 1);
      for (int cell : cells) {
        if (p.clues[cell] == 0) {
          lhs += s(cell);
          cut.cells.push_back(cell);
        }
      }
      cut.row = lhs >= 1;
      cut.why = "the island of " + clueName(p, clues.front()) + " has " + std::to_string(count) +
                " cells: one of these " + std::to_string(cut.cells.size()) + " is shaded";
    } else {
      continue;  // one clue, of its size (or `?`)
    }
    std::sort(cut.cells.begin(), cut.cells.end());
    cut.name = "island[" + std::to_string(++b.streamIslandCuts) + "]";
    out.push_back(std::move(cut));
  }
  return out;
}

void NurikabeGenre::addCounters(const NurikabePuzzle& p, NurikabeBuilt* built) {
  const RectGrid& g = p.grid;
  milp::Model& m = built->model;
  const int stream = streamCells(p);
  if (stream < 0 || 2 * stream > g.cells()) return;  // a `?`, or islands under half
  // A bound on the counters' variables (cells × size per island): a puzzle of one huge
  // island would otherwise build millions; the largest of the shared set needs 15,000.
  long long planned = 0;
  for (const ClueIsland& island : built->islands) {
    if (island.layered()) planned += static_cast<long long>(island.domain.size()) * island.size;
  }
  if (planned > kMostCounterVars) return;
  for (int k = 0; k < static_cast<int>(built->islands.size()); ++k) {
    ClueIsland& island = built->islands[k];
    const int n = island.size;
    if (!island.layered() || n < 2 || static_cast<int>(island.domain.size()) < n) continue;
    // The island's cells nearest the clue first (the clue's own cell has 0 steps).
    std::vector<int> order(island.domain.size());
    for (std::size_t pos = 0; pos < order.size(); ++pos) order[pos] = static_cast<int>(pos);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return island.steps[a] < island.steps[b]; });
    std::vector<milp::Var> z;
    for (int pos : order) z.push_back(islandVar(*built, g, k, island.domain[pos]));
    island.countOrder = order;
    island.countFirst = addSequentialCount(m, z, n, "c", "count", {k + 1}, [&](int i) {
      built->cellOf.push_back(island.domain[order[i]]);
    });
  }
}

void NurikabeGenre::addSwitches(const NurikabePuzzle& p, NurikabeBuilt* built) {
  const RectGrid& g = p.grid;
  milp::Model& m = built->model;
  for (int k = 0; k < static_cast<int>(built->islands.size()); ++k) {
    const ClueIsland& island = built->islands[k];
    const milp::Var keep = islandVar(*built, g, k, island.cell);
    built->clueSwitches.push_back(
        {keep, island.cell,
         island.size == kUnknown ? std::string("?") : std::to_string(island.size)});
    // A dropped clue has no island: none of its cells, and no first step from it.
    for (std::size_t pos = 0; pos < island.domain.size(); ++pos) {
      const int cell = island.domain[pos];
      if (cell == island.cell) continue;
      const int r = g.rowOf(cell) + 1, c = g.columnOf(cell) + 1;
      m.addConstraint(milp::LinExpr(islandVar(*built, g, k, cell)) <= milp::LinExpr(keep),
                      rowName("alone", {k + 1, r, c}));
      if (!island.layered() || island.steps[pos] != 1) continue;
      for (int t = 1; t < island.size; ++t) {
        const milp::Var d{island.firstLayer[pos] + t - 1, &m};
        m.addConstraint(milp::LinExpr(d) <= milp::LinExpr(keep),
                        rowName("reach", {k + 1, r, c, t}));
      }
    }
  }
}

std::optional<std::string> NurikabeGenre::verify(const Puzzle& puzzle, const Answer& answer) const {
  const NurikabePuzzle& p = nurikabeOf(puzzle);
  const RectGrid& g = p.grid;
  if (std::optional<std::string> why = checkShadingAnswer(g, answer)) return why;
  for (int cell : p.clueCells) {
    if (answer.cells[cell]) return clueName(p, cell) + " is shaded";
  }
  std::vector<char> unshaded(g.cells());
  for (int cell = 0; cell < g.cells(); ++cell) unshaded[cell] = !answer.cells[cell];
  for (const std::vector<int>& island : components(g, unshaded)) {
    std::vector<int> clues;
    for (int cell : island) {
      if (p.clues[cell] != 0) clues.push_back(cell);
    }
    if (clues.empty()) {
      return island.size() == 1
                 ? "the unshaded cell at " + g.name(island.front()) + " is an island without a clue"
                 : "the " + std::to_string(island.size()) + " unshaded cells from " +
                       g.name(island.front()) + " form an island without a clue";
    }
    if (clues.size() > 1) {
      return "the islands of " + clueName(p, clues[0]) + " and " + clueName(p, clues[1]) +
             " touch (an island holds one clue)";
    }
    const int size = p.clues[clues[0]];
    if (size != kUnknown && static_cast<int>(island.size()) != size) {
      return "the island of " + clueName(p, clues[0]) + " has " + std::to_string(island.size()) +
             (island.size() == 1 ? " cell" : " cells");
    }
  }
  for (int r = 0; r + 1 < g.rows; ++r) {
    for (int c = 0; c + 1 < g.columns; ++c) {
      const int cell = g.index(r, c);
      if (answer.cells[cell] && answer.cells[cell + 1] && answer.cells[cell + g.columns] &&
          answer.cells[cell + g.columns + 1]) {
        return "the 2×2 block from " + g.name(cell) + " is all shaded";
      }
    }
  }
  std::vector<char> shaded(g.cells());
  for (int cell = 0; cell < g.cells(); ++cell) shaded[cell] = answer.cells[cell] != 0;
  return checkConnected(g, shaded, "shaded cells");
}

Formulation NurikabeGenre::formulation(const Puzzle& /*puzzle*/, const Built& built) const {
  const auto& b = dynamic_cast<const NurikabeBuilt&>(built);
  Formulation f;
  f.genre = "nurikabe";
  f.variables =
      "s_{r,c} \\in \\{0,1\\},\\ s_{r,c} = 1 \\iff (r,c) \\text{ is shaded};\\quad "
      "y_{k,j} = 1 \\iff \\text{clue } k \\text{'s island is its candidate } I_{k,j};\\quad "
      "z_{k,r,c} = 1 \\iff (r,c) \\text{ is in clue } k \\text{'s island (large clues, cell by "
      "cell)};\\quad d_{k,r,c,t} = 1 \\iff \\text{it is reached from the clue in } t "
      "\\text{ steps through the island};\\quad \\partial I: \\text{the neighbours of } I";
  f.objective = "\\text{minimise } 0 \\quad (\\text{any feasible point is an answer})";
  if (b.stream) {
    f.variables =
        std::string(
            "s_{r,c} \\in \\{0,1\\},\\ s_{r,c} = 1 \\iff (r,c) \\text{ is shaded};\\quad ") +
        (b.streamSize > 0 ? "c_{i,j} = 1 \\iff \\text{at least } j \\text{ of the first } i "
                            "\\text{ cells are shaded (the counter)};\\quad "
                          : "") +
        (b.layerFirst.empty()
             ? ""
             : "f_a = 1 \\iff a \\text{ or a cell before it (row by row) is shaded};\\quad "
               "e_{a,t} = 1 \\iff a \\text{ is reached in } t \\text{ steps through the "
               "stream from its first cell};\\quad ") +
        "\\partial C: \\text{the neighbours of } C";
    f.groups.push_back(
        {"clue", "A clue's cell is in its island, so unshaded", "s_{r,c} = 0", "fixed cells", {}});
    f.groups.push_back({"unreached",
                        "A cell no island can take (beside two clues, or too far from every "
                        "clue) is shaded",
                        "s_{r,c} = 1",
                        "fixed cells",
                        {}});
    if (b.streamSize > 0) {  // only when the islands cover at least half of the grid
      f.groups.push_back({"stream",
                          "The stream has every cell the islands leave (counted cell by cell)",
                          "\\sum_{r,c} s_{r,c} = R \\cdot C - \\sum_k n_k",
                          "areas, by a sequential counter (clauses)",
                          {}});
    }
    if (!b.layerFirst.empty()) {
      f.groups.push_back(
          {"first",
           "f is 1 from the first shaded cell on, row by row: that cell is the stream's root",
           "s_a \\le f_a,\\ f_{a'} \\le f_a \\quad (a': "
           "\\text{the cell before } a)",
           "layers (reachability)",
           {}});
      f.groups.push_back({"root",
                          "Only the first shaded cell may start the layers",
                          "e_{a,0} \\le s_a,\\ e_{a,0} + f_{a'} \\le 1",
                          "layers (reachability)",
                          {}});
      f.groups.push_back({"spread",
                          "A shaded cell is reached in t steps only from a cell reached in t - 1",
                          "e_{a,t} \\le e_{a,t-1} + \\sum_{b \\sim a} e_{b,t-1},\\ e_{a,t-1} "
                          "\\le e_{a,t},\\ e_{a,t} \\le s_a",
                          "layers (reachability)",
                          {}});
      f.groups.push_back({"joined",
                          "Every shaded cell is reached from the root, so the stream is one area",
                          "s_a \\le e_{a,T} \\quad (T: \\text{the stream's cells} - 1)",
                          "layers (reachability)",
                          {}});
    }
    f.groups.push_back({"island",
                        "Each island holds one clue and has its size (cuts added by re-solving)",
                        "\\sum_{C} s + \\sum_{\\partial C} (1 - s) \\ge 1 \\text{ if } C \\text{ "
                        "holds no clue};\\quad "
                        "\\sum_{P} s \\ge 1,\\ P \\text{ a path between two clues in } C;\\quad "
                        "\\sum_{T} s \\ge 1,\\ |T| = n_k + 1 \\text{ if } |C| > n_k;\\quad "
                        "\\sum_{\\partial C} (1 - s) \\ge 1 \\text{ if } |C| < n_k \\quad (C: "
                        "\\text{an island now})",
                        "re-solve with cuts",
                        {}});
  } else {
    f.groups.push_back({"choose",
                        "Each clue has one island, one of its candidates",
                        "\\sum_j y_{k,j} = 1 \\quad \\forall k \\text{ with candidates}",
                        "candidates",
                        {}});
    f.groups.push_back(
        {"size",
         "A large island has its clue's size (cuts added by re-solving)",
         "\\sum_{b \\in \\partial C} z_{k,b} \\ge 1 \\text{ if } |C| < n_k;\\quad "
         "\\sum_{a \\in T} z_{k,a} \\le n_k,\\ T \\subseteq C \\text{ connected}, "
         "|T| = n_k + 1 \\text{ if } |C| > n_k \\quad (C: \\text{island } k \\text{ now})",
         "re-solve with cuts",
         {}});
    if (std::any_of(b.islands.begin(), b.islands.end(),
                    [](const ClueIsland& i) { return i.unlayered; })) {
      f.groups.push_back({"island_size",
                          "An island too large for layers has its clue's size (it is connected "
                          "by big_connect cuts)",
                          "\\sum_{r,c} z_{k,r,c} = n_k",
                          "areas",
                          {}});
    }
    f.groups.push_back(
        {"cover",
         "Each cell is shaded or in exactly one island",
         "\\sum_{(k,j):\\ (r,c) \\in I_{k,j}} y_{k,j} + \\sum_k z_{k,r,c} + s_{r,c} = 1 "
         "\\quad \\forall (r,c)",
         "candidates (set partitioning)",
         {}});
    f.groups.push_back({"border",
                        "The neighbours of an island are shaded, so islands do not touch",
                        "\\sum_{j:\\ (r,c) \\in \\partial I_{k,j}} y_{k,j} \\le s_{r,c} \\quad "
                        "\\forall k, (r,c)",
                        "IF (linear implication)",
                        {}});
    f.groups.push_back({"big_border",
                        "The neighbours of a large island are in it or shaded",
                        "z_{k,a} \\le z_{k,b} + s_b \\quad \\text{for neighbours } a, b",
                        "IF (linear implication)",
                        {}});
    f.groups.push_back({"reach",
                        "A large island's cell is reached in t steps only from a cell reached in "
                        "t - 1",
                        "d_{k,a,t} \\le d_{k,a,t-1} + \\sum_{b \\sim a} d_{k,b,t-1}",
                        "layers (reachability)",
                        {}});
    f.groups.push_back({"reach_in",
                        "Steps go through the island only",
                        "d_{k,a,t} \\le z_{k,a}",
                        "layers (reachability)",
                        {}});
    f.groups.push_back({"reached",
                        "Every cell of a large island is reached from its clue, so it is connected",
                        "z_{k,a} \\le d_{k,a,n_k - 1}",
                        "layers (reachability)",
                        {}});
  }
  f.groups.push_back({"pool",
                      "No 2×2 block is all shaded",
                      "s_{r,c} + s_{r,c+1} + s_{r+1,c} + s_{r+1,c+1} \\le 3 \\quad \\forall r, c",
                      "neighbour sums",
                      {}});
  f.groups.push_back({"pocket",
                      "No shaded cell or domino is walled in (the stream has more cells)",
                      "s_a \\le \\sum_{b \\sim a} s_b;\\quad s_a + s_{a'} - \\sum_{b \\in "
                      "\\partial\\{a,a'\\}} s_b "
                      "\\le 1 \\quad \\text{for neighbours } a, a'",
                      "neighbour sums",
                      {}});
  if (b.cut == ConnectivityCut::kSeparator) {
    f.groups.push_back({"connect",
                        "The shaded cells form one area (cuts added by re-solving, over a "
                        "smallest set S of cells between a piece and the others)",
                        "s_u + s_v - \\sum_{b \\in S} s_b \\le 1 \\quad "
                        "\\text{for each shaded piece } C \\ni u,\\ v \\notin C",
                        "re-solve with cuts",
                        {}});
  } else if (b.cut == ConnectivityCut::kPiece) {
    f.groups.push_back({"connect",
                        "The shaded cells form one area (cuts added by re-solving)",
                        "s_u + s_v - \\sum_{b \\in \\partial C} s_b \\le 1 \\quad "
                        "\\text{for each shaded piece } C \\ni u,\\ v \\notin C",
                        "re-solve with cuts",
                        {}});
  }
  if (b.cut != ConnectivityCut::kWholeNoGood) {
    f.groups.push_back({"walled",
                        "A shaded piece smaller than the stream is not walled in (cuts added by "
                        "re-solving)",
                        "\\sum_{a \\in C} s_a - \\sum_{b \\in \\partial C} s_b \\le |C| - 1 \\quad "
                        "\\text{for each shaded piece } C",
                        "re-solve with cuts",
                        {}});
  } else {
    f.groups.push_back({"whole_nogood",
                        "The shaded cells form one area (whole-solution no-goods)",
                        "\\sum_{(r,c) \\in W^*} (1 - s_{r,c}) \\le |W^*| - 1 \\quad W^*: "
                        "\\text{the unshaded cells of a disconnected solution}",
                        "re-solve with cuts",
                        {}});
  }
  if (!b.stream) {
    f.groups.push_back({"big_connect",
                        "A large island is connected (cuts added by re-solving)",
                        "z_{k,u} + z_{k,v} - \\sum_{b \\in \\partial C} z_{k,b} \\le 1 \\quad "
                        "\\text{for each piece } C \\ni u \\text{ of island } k,\\ v \\notin C",
                        "re-solve with cuts",
                        {}});
  }
  const bool counted = std::any_of(b.islands.begin(), b.islands.end(),
                                   [](const ClueIsland& i) { return !i.countFirst.empty(); });
  if (counted) {
    f.groups.push_back(
        {"count",
         "A large island has its clue's size, counted cell by cell (when the islands cover at "
         "least half of the grid)",
         "c_{k,i,j} \\Leftrightarrow c_{k,i-1,j} \\lor (z_{k,i} \\land c_{k,i-1,j-1}),\\quad "
         "z_{k,i} + c_{k,i-1,n_k} \\le 1,\\quad c_{k,m_k,n_k} = 1 \\quad (c_{k,i,j}: "
         "\\text{at least } j \\text{ of its first } i \\text{ cells})",
         "sequential counter (clauses)",
         {}});
  }
  collectRows(built, &f);
  return f;
}

}  // namespace

const Genre& nurikabeGenre() {
  static const NurikabeGenre genre;
  return genre;
}

std::vector<double> nurikabeValues(const Built& built, const Answer& answer) {
  const auto& b = dynamic_cast<const NurikabeBuilt&>(built);
  const RectGrid& g = answer.grid;
  std::vector<double> values(b.model.numVars(), 0.0);
  std::vector<char> unshaded(g.cells());
  for (int cell = 0; cell < g.cells(); ++cell) {
    unshaded[cell] = !answer.cells[cell];
    values[b.shaded(g, cell).index] = answer.cells[cell] ? 1.0 : 0.0;
  }
  // Model "stream": its size's counter, at least j of the first i + 1 cells shaded.
  int shaded_so_far = 0;
  for (std::size_t i = 0; i < b.streamCountFirst.size(); ++i) {
    shaded_so_far += answer.cells[i] ? 1 : 0;
    for (int j = 1; j <= std::min(static_cast<int>(i) + 1, b.streamSize); ++j) {
      values[b.streamCountFirst[i] + j - 1] = shaded_so_far >= j ? 1.0 : 0.0;
    }
  }
  // Model "stream-layers": f_a shades a or a cell before it; e_{a,t}: a shaded and at
  // most t steps through the stream from its first shaded cell.
  if (!b.layerFirst.empty()) {
    std::vector<char> shaded(answer.cells.begin(), answer.cells.end());
    const auto root = std::find(shaded.begin(), shaded.end(), 1);
    const std::vector<int> steps =
        root == shaded.end() ? std::vector<int>(g.cells(), -1)
                             : stepsFrom(g, static_cast<int>(root - shaded.begin()), -1, shaded);
    bool seen = false;
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (b.layerFirst[cell] < 0) continue;
      seen = seen || shaded[cell];
      values[b.layerFirst[cell]] = seen ? 1.0 : 0.0;
      for (int t = 0; t <= b.layerDepth; ++t) {
        values[b.layerVar(cell, t)] = steps[cell] >= 0 && steps[cell] <= t ? 1.0 : 0.0;
      }
    }
  }
  std::vector<int> island_of(g.cells(), -1);
  const std::vector<std::vector<int>> islands = components(g, unshaded);
  for (std::size_t i = 0; i < islands.size(); ++i) {
    for (int cell : islands[i]) island_of[cell] = static_cast<int>(i);
  }
  for (std::size_t k = 0; k < b.islands.size(); ++k) {
    const ClueIsland& clue = b.islands[k];
    if (island_of[clue.cell] < 0) continue;
    const std::vector<int>& island = islands[island_of[clue.cell]];
    for (std::size_t j = 0; j < clue.candidates.size(); ++j) {
      if (clue.candidates[j] == island) {
        values[b.y(static_cast<int>(k) + 1, static_cast<int>(j) + 1).index] = 1.0;
      }
    }
    for (int cell : clue.domain) {
      if (island_of[cell] == island_of[clue.cell]) {
        values[NurikabeGenre::islandVar(b, g, static_cast<int>(k), cell).index] = 1.0;
      }
    }
    // The counter: at least j of its first i + 1 cells in the island.
    int in_so_far = 0;
    for (std::size_t i = 0; i < clue.countFirst.size(); ++i) {
      in_so_far += island_of[clue.domain[clue.countOrder[i]]] == island_of[clue.cell] ? 1 : 0;
      for (int j = 1; j <= std::min(static_cast<int>(i) + 1, clue.size); ++j) {
        values[clue.countFirst[i] + j - 1] = in_so_far >= j ? 1.0 : 0.0;
      }
    }
    if (!clue.layered()) continue;
    // Layers: reached in t steps through the island when its distance there is <= t.
    std::vector<char> in(g.cells(), 0);
    for (int cell : island) in[cell] = 1;
    std::vector<int> steps = stepsFrom(g, clue.cell, -1, in);
    for (std::size_t pos = 0; pos < clue.domain.size(); ++pos) {
      if (clue.firstLayer[pos] < 0) continue;
      const int distance = steps[clue.domain[pos]];
      for (int t = clue.steps[pos]; t < clue.size; ++t) {
        values[clue.firstLayer[pos] + t - clue.steps[pos]] = distance >= 0 && distance <= t;
      }
    }
  }
  return values;
}

}  // namespace gridmilp::puzzles
