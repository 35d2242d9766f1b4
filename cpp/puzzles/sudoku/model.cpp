// gridmilp — the Sudoku MILP, textbook and reduced.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/sudoku/model.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "protocol/vocabulary.h"

namespace gridmilp::sudoku {
namespace {

using milp::IndexRange;
using milp::RowSense;
using milp::VarType;
using Mask = std::uint64_t;  // candidate digits of a cell: bit d-1 for digit d (n <= 35)

/// Whether `m` has exactly one bit set, and exactly two: std::popcount without a
/// popcount, which the portable x86-64 build calls out of line (libgcc's __popcountdi2).
constexpr bool oneBit(Mask m) { return m != 0 && (m & (m - 1)) == 0; }
constexpr bool twoBits(Mask m) { return m != 0 && oneBit(m & (m - 1)); }

std::string cellName(int r, int c) {
  return "row " + std::to_string(r + 1) + ", column " + std::to_string(c + 1);
}

/// The cells of unit u of a kind: 0 row, 1 column, 2 box; k-th cell as (r, c).
struct Units {
  explicit Units(Shape s) : shape(s), n(s.size()), boxes_per_row(n / s.boxWidth) {
    cells.resize(3 * n * n);
    unit_slots.resize(3 * n * n);
    for (int kind = 0; kind < 3; ++kind) {
      for (int u = 0; u < n; ++u) {
        for (int k = 0; k < n; ++k) {
          const int cell = row(kind, u, k) * n + column(kind, u, k);
          cells[(kind * n + u) * n + k] = cell;
          unit_slots[cell * 3 + kind] = kind * n + u;
        }
      }
    }
    // Each cell's peers: its row's other cells, its column's, then its box's not in
    // either, in unit order (Candidates::eliminateFromPeers names a clash's unit by
    // where the peer lies in this list).
    peer_count = 2 * (n - 1) + (s.boxHeight - 1) * (s.boxWidth - 1);
    peers.reserve(static_cast<std::size_t>(n) * n * peer_count);
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        for (int k = 0; k < n; ++k) {
          if (k != c) peers.push_back(r * n + k);
        }
        for (int k = 0; k < n; ++k) {
          if (k != r) peers.push_back(k * n + c);
        }
        const int b = boxOf(r, c);
        for (int k = 0; k < n; ++k) {
          const int pr = row(2, b, k), pc = column(2, b, k);
          if (pr != r && pc != c) peers.push_back(pr * n + pc);
        }
      }
    }
    // Positions k of a unit that share another unit: in a row, those of one box (k /
    // boxWidth), as in a box those of one row; in a column, one box (k / boxHeight); in
    // a box, one column (k % boxWidth).
    row_boxes.assign(boxes_per_row, 0);
    column_boxes.assign(n / shape.boxHeight, 0);
    box_columns.assign(shape.boxWidth, 0);
    for (int k = 0; k < n; ++k) {
      row_boxes[k / shape.boxWidth] |= Mask{1} << k;
      column_boxes[k / shape.boxHeight] |= Mask{1} << k;
      box_columns[k % shape.boxWidth] |= Mask{1} << k;
    }
  }
  Shape shape;
  int n;
  int boxes_per_row;
  std::vector<int> cells;  ///< cell(kind, u, k), precomputed: the hot loops index it
  /// peers[cell · peer_count + j]: the cells that share a unit with the cell, each once:
  /// its row's n − 1 others, its column's n − 1, then the rest of its box.
  std::vector<int> peers;
  int peer_count = 0;
  /// unit_slots[3·cell + kind]: kind·n + the unit of that kind holding the cell (a
  /// cell's three units side by side: Candidates::touch reads them together).
  std::vector<int> unit_slots;
  /// row_boxes[g]: the positions k of a row in its g-th box, and those of a box in its
  /// g-th row; column_boxes[g]: of a column in its g-th box; box_columns[g]: of a box
  /// in its g-th column.
  std::vector<Mask> row_boxes;
  std::vector<Mask> column_boxes;
  std::vector<Mask> box_columns;
  /// Row-major index r·n + c of the k-th cell of unit u of a kind.
  int cell(int kind, int u, int k) const { return cells[(kind * n + u) * n + k]; }
  /// The unit of a kind (0 row, 1 column, 2 box) that holds cell r·n + c.
  int unitOf(int kind, int cell) const { return unit_slots[cell * 3 + kind] - kind * n; }
  int row(int kind, int u, int k) const {
    if (kind == 0) return u;
    if (kind == 1) return k;
    return (u / boxes_per_row) * shape.boxHeight + k / shape.boxWidth;
  }
  int column(int kind, int u, int k) const {
    if (kind == 0) return k;
    if (kind == 1) return u;
    return (u % boxes_per_row) * shape.boxWidth + k % shape.boxWidth;
  }
  int boxOf(int r, int c) const {
    return (r / shape.boxHeight) * boxes_per_row + c / shape.boxWidth;
  }
  static const char* kindName(int kind) { return kind == 0 ? "row" : kind == 1 ? "column" : "box"; }
  /// "row 3", "column 5", "box 7": unit u (0-based) of a kind, as messages name it.
  static std::string name(int kind, int u) {
    return std::string(kindName(kind)) + " " + std::to_string(u + 1);
  }
};

/// The units of a shape, shared: the last shape's are kept (one per thread), so that a
/// batch of puzzles of one size builds them once, not once per puzzle.
std::shared_ptr<const Units> unitsOf(Shape shape) {
  thread_local std::shared_ptr<const Units> last;
  if (!last || last->shape.boxHeight != shape.boxHeight || last->shape.boxWidth != shape.boxWidth) {
    last = std::make_shared<const Units>(shape);
  }
  return last;
}

/// Candidates of every cell after the givens (and, with `propagate`, singles).
/// Records fixings into `reduction`; sets reduction->contradiction on failure.
///
/// The rules and model builders called once per model are [[gnu::noinline]]: inlined,
/// they made buildModel one 18 KB WASM function, which V8's optimising compiler took
/// 120-170 ms to compile in the background of a freshly loaded page (CMakeLists.txt
/// keeps Binaryen from inlining them again).
class Candidates {
 public:
  [[gnu::noinline]] Candidates(const Grid& givens, Reduction* reduction)
      : units_(unitsOf(givens.shape)), grid_(givens), reduction_(reduction) {
    const int n = units_->n;
    mask_.assign(n * n, allDigits(n));
    version_.assign(3 * n, 1);
    examined_.assign(kUnitRules * 3 * n, 0);
    reduction_->fixings.reserve(n * n - grid_.givenCount());  // at most one per open cell
    for (int cell = 0; cell < n * n; ++cell) {
      if (grid_.cells[cell] != 0) mask_[cell] = bit(grid_.cells[cell]);
    }
    for (int cell = 0; cell < n * n && ok(); ++cell) {
      if (grid_.cells[cell] != 0) eliminateFromPeers(cell / n, cell % n, grid_.cells[cell]);
    }
  }

  /// A probe()'s trial copy: the same candidates, its own (scratch) reduction.
  Candidates(const Candidates& other, Reduction* reduction)
      : units_(other.units_),
        grid_(other.grid_),
        mask_(other.mask_),
        version_(other.version_),
        examined_(other.examined_),
        reduction_(reduction),
        trial_(true) {}

  /// Naked and hidden singles until nothing changes (or a contradiction); then, when
  /// `eliminations` is set, locked candidates and naked/hidden pairs, and when `probing`
  /// is set too, probing (see probe()), each followed by singles again, until none of
  /// the rules changes anything. Probing runs only when the cheaper rules are stuck.
  void propagate(bool eliminations, bool probing) {
    singles();
    const int cells = units_->n * units_->n;
    while (eliminations && ok() && grid_.givenCount() < cells &&
           (lockedCandidates() || pairs() || (probing && probe()))) {
      singles();
    }
  }

 private:
  void singles() {
    const int n = units_->n;
    bool changed = true;
    while (changed && ok()) {
      changed = false;
      for (int cell = 0; cell < n * n; ++cell) {
        if (grid_.cells[cell] == 0 && oneBit(mask_[cell])) {
          assign(cell / n, cell % n, std::countr_zero(mask_[cell]) + 1, FixRule::kNakedSingle);
          changed = true;
          if (!ok()) return;
        }
      }
      // Hidden singles. Per unit, one pass over its cells gives the digits placed,
      // the digits with at least one place and those with at least two (bit masks):
      // a digit not placed with no place is a contradiction, one with a single place a
      // hidden single. They are taken in increasing order of digit, and the masks are
      // recomputed after a fixing, which changes the unit.
      for (int kind = 0; kind < 3 && ok(); ++kind) {
        for (int u = 0; u < n && ok(); ++u) {
          if (!needsExamining(kHiddenSingles, kind, u)) continue;
          Mask pending = allDigits(n);  // the digits not yet taken in this examination
          while (pending != 0 && ok()) {
            // Without a branch per cell (a fixed cell's mask is its digit's bit).
            Mask placed = 0, once = 0, twice = 0;
            for (int k = 0; k < n; ++k) {
              const int cell = units_->cell(kind, u, k);
              const Mask m = mask_[cell];
              const Mask fixed = grid_.cells[cell] != 0 ? ~Mask{0} : Mask{0};
              placed |= m & fixed;
              const Mask open = m & ~fixed;
              twice |= once & open;
              once |= open;
            }
            const Mask open = pending & ~placed;
            const Mask events = (open & ~once) | (open & ~twice);
            if (events == 0) break;
            const int d = std::countr_zero(events) + 1;
            pending &= ~((bit(d) << 1) - 1);  // d and the digits below it are taken
            if (!(once & bit(d))) {
              fail("digit " + std::string(1, symbolFor(d)) + " has no place left in " +
                   Units::name(kind, u));
              break;
            }
            for (int k = 0; k < n; ++k) {
              const int cell = units_->cell(kind, u, k);
              if (grid_.cells[cell] == 0 && (mask_[cell] & bit(d))) {
                assign(cell / n, cell % n, d, FixRule::kHiddenSingle, unitRef(kind, u));
                break;
              }
            }
            changed = true;
          }
        }
      }
    }
  }

  /// Removes digit d from an open cell's candidates by an elimination rule.
  /// Returns whether it was a candidate.
  bool eliminate(int cell, int d) {
    Mask& m = mask_[cell];
    if (grid_.cells[cell] != 0 || !(m & bit(d))) return false;
    m &= ~bit(d);
    touch(cell);
    if (m == 0) fail(cellName(cell / units_->n, cell % units_->n) + " has no candidate left");
    return true;
  }

  /// Locked candidates. Pointing: when digit d's places in a box all lie in one row
  /// (column), d leaves the rest of that row (column). Claiming: when d's places in a
  /// row (column) all lie in one box, d leaves the rest of that box. Returns whether a
  /// candidate was removed.
  [[gnu::noinline]] bool lockedCandidates() {
    const int n = units_->n;
    bool changed = false;
    std::vector<Mask> places(n + 1);
    for (int kind = 0; kind < 3 && ok(); ++kind) {
      for (int u = 0; u < n && ok(); ++u) {
        if (!needsExamining(kLockedCandidates, kind, u)) continue;
        unitPlaces(kind, u, &places);
        for (int d = 1; d <= n && ok(); ++d) {
          const Mask where = places[d];
          // Placed (all bits), a hidden single or no place: singles' job.
          if (where == kPlaced || (where & (where - 1)) == 0) continue;
          const int first = std::countr_zero(where);
          // The other unit that holds every place, if any: a box's row or column; a
          // line's box. Their index, from the first place's cell.
          const int first_cell = units_->cell(kind, u, first);
          int targets[2][2] = {{-1, -1}, {-1, -1}};
          const int width = units_->shape.boxWidth;
          if (kind == 2) {
            if ((where & ~units_->row_boxes[first / width]) == 0) {
              targets[0][0] = 0;
              targets[0][1] = units_->unitOf(0, first_cell);
            }
            if ((where & ~units_->box_columns[first % width]) == 0) {
              targets[1][0] = 1;
              targets[1][1] = units_->unitOf(1, first_cell);
            }
          } else {
            const Mask box = kind == 0 ? units_->row_boxes[first / width]
                                       : units_->column_boxes[first / units_->shape.boxHeight];
            if ((where & ~box) == 0) {
              targets[0][0] = 2;
              targets[0][1] = units_->unitOf(2, first_cell);
            }
          }
          for (const auto& target : targets) {
            const int target_kind = target[0], target_unit = target[1];
            if (target_kind < 0) continue;
            int removed = 0;
            for (int k = 0; k < n; ++k) {
              const int cell = units_->cell(target_kind, target_unit, k);
              if (units_->unitOf(kind, cell) != u && eliminate(cell, d)) ++removed;
            }
            if (removed > 0) {
              changed = true;
              Elimination& step =
                  record(EliminationRule::kLockedCandidates, removed, bit(d), unitRef(kind, u));
              step.target = unitRef(target_kind, target_unit);
            }
          }
        }
      }
    }
    return changed;
  }

  /// A unit's places: places[d] (d = 1 to n) has bit k set when the unit's k-th cell
  /// is open with candidate d, and is kPlaced when d is placed in the unit.
  void unitPlaces(int kind, int u, std::vector<Mask>* places) const {
    const int n = units_->n;
    std::fill(places->begin(), places->end(), Mask{0});
    Mask placed = 0;
    for (int k = 0; k < n; ++k) {
      const int cell = units_->cell(kind, u, k);
      if (grid_.cells[cell] != 0) {
        placed |= bit(grid_.cells[cell]);
        continue;
      }
      for (Mask m = mask_[cell]; m != 0; m &= m - 1) {
        (*places)[std::countr_zero(m) + 1] |= Mask{1} << k;
      }
    }
    for (; placed != 0; placed &= placed - 1) (*places)[std::countr_zero(placed) + 1] = kPlaced;
  }

  /// unitPlaces' mark for a placed digit: no unit has 64 cells (n ≤ 35).
  static constexpr Mask kPlaced = ~Mask{0};

  /// Naked pairs (two open cells of a unit with the same two candidates: those digits
  /// leave the unit's other cells) and hidden pairs (two digits whose only places in
  /// a unit are the same two cells: those cells keep only the two digits). Returns
  /// whether a candidate was removed.
  [[gnu::noinline]] bool pairs() {
    const int n = units_->n;
    bool changed = false;
    std::vector<int> cells(n);
    std::vector<Mask> places(n + 1);
    for (int kind = 0; kind < 3 && ok(); ++kind) {
      for (int u = 0; u < n && ok(); ++u) {
        if (!needsExamining(kPairs, kind, u)) continue;
        for (int k = 0; k < n; ++k) cells[k] = units_->cell(kind, u, k);
        for (int i = 0; i < n && ok(); ++i) {
          const Mask pair = mask_[cells[i]];
          if (grid_.cells[cells[i]] != 0 || !twoBits(pair)) continue;
          for (int j = i + 1; j < n; ++j) {
            if (grid_.cells[cells[j]] != 0 || mask_[cells[j]] != pair) continue;
            int removed = 0;
            for (int k = 0; k < n; ++k) {
              if (k == i || k == j) continue;
              for (Mask m = pair; m != 0; m &= m - 1) {
                if (eliminate(cells[k], std::countr_zero(m) + 1)) ++removed;
              }
            }
            if (removed > 0) {
              changed = true;
              record(EliminationRule::kNakedPair, removed, pair, unitRef(kind, u));
            }
            break;
          }
        }
        // Hidden pairs: places[d] = the unit's cells (bit k) where d may go.
        unitPlaces(kind, u, &places);
        for (int d = 1; d <= n && ok(); ++d) {
          if (places[d] == kPlaced || !twoBits(places[d])) continue;
          for (int e = d + 1; e <= n; ++e) {
            if (places[e] != places[d]) continue;
            const Mask keep = bit(d) | bit(e);
            int removed = 0;
            for (Mask m = places[d]; m != 0; m &= m - 1) {
              const int cell = cells[std::countr_zero(m)];
              for (Mask other = mask_[cell] & ~keep; other != 0; other &= other - 1) {
                if (eliminate(cell, std::countr_zero(other) + 1)) ++removed;
              }
            }
            if (removed > 0) {
              changed = true;
              record(EliminationRule::kHiddenPair, removed, keep, unitRef(kind, u));
            }
            break;
          }
        }
      }
    }
    return changed;
  }

 public:
  bool ok() const { return !reduction_->contradiction.has_value(); }
  const Grid& grid() const { return grid_; }
  const Units& units() const { return *units_; }
  Mask mask(int r, int c) const { return mask_[r * units_->n + c]; }

  /// Probing (Savelsbergh 1994, see model.h): for each candidate d of each open cell,
  /// a copy of the candidates sets the cell to d and propagates naked and hidden
  /// singles; when the copy meets a contradiction, no solution has d there and d leaves
  /// the cell, recorded with the contradiction as its reason. Returns whether a
  /// candidate was removed. One pass over the cells; propagate() repeats it.
  [[gnu::noinline]] bool probe() {
    const int n = units_->n;
    bool changed = false;
    for (int cell = 0; cell < n * n && ok(); ++cell) {
      if (grid_.cells[cell] != 0) continue;
      for (Mask left = mask_[cell]; left != 0 && ok() && grid_.cells[cell] == 0; left &= left - 1) {
        const int d = std::countr_zero(left) + 1;
        if (!(mask_[cell] & bit(d))) continue;  // removed since the pass began
        Reduction trial_reduction;
        Candidates trial(*this, &trial_reduction);
        trial.assign(cell / n, cell % n, d, FixRule::kNakedSingle);
        trial.singles();
        if (trial.ok()) continue;
        eliminate(cell, d);
        Elimination& step = record(EliminationRule::kProbing, 1, bit(d), UnitRef{});
        step.cell = CellRef{cell / n + 1, cell % n + 1};
        step.reason = std::move(*trial_reduction.contradiction);
        changed = true;
        // A cell down to one candidate is a naked single: fix it before probing on, so
        // that later trials start from it.
        if (ok() && oneBit(mask_[cell])) singles();
      }
    }
    return changed;
  }

  static Mask bit(int d) { return Mask{1} << (d - 1); }
  /// Every digit of an n×n puzzle (bits 0 to n − 1).
  static Mask allDigits(int n) { return n == 64 ? ~Mask{0} : (Mask{1} << n) - 1; }

 private:
  static UnitRef unitRef(int kind, int u) { return UnitRef{static_cast<UnitRef::Kind>(kind), u}; }

  /// Appends an elimination step; the caller adds the fields its rule has besides.
  Elimination& record(EliminationRule rule, int removed, Mask digits, UnitRef unit) {
    Elimination& step = reduction_->eliminations.emplace_back();
    step.rule = rule;
    step.removed = removed;
    step.digits = digits;
    step.unit = unit;
    return step;
  }

  void fail(std::string why) {
    if (ok()) reduction_->contradiction = std::move(why);
  }

  /// Fixes cell (r, c) (0-based) to d by a rule; a hidden single names its unit.
  void assign(int r, int c, int d, FixRule rule, UnitRef unit = {}) {
    const int n = units_->n;
    if (grid_.at(r, c) != 0) return;
    if (!(mask_[r * n + c] & bit(d))) {
      fail(cellName(r, c) + " cannot hold " + std::string(1, symbolFor(d)));
      return;
    }
    grid_.at(r, c) = d;
    mask_[r * n + c] = bit(d);
    touch(r * n + c);
    if (!trial_) {
      reduction_->fixings.push_back(Fixing{CellRef{r + 1, c + 1}, d, rule, unit});
    }
    eliminateFromPeers(r, c, d);
  }

  void eliminateFromPeers(int r, int c, int d) {
    const int n = units_->n;
    const int cell = r * n + c;
    const int* peers = &units_->peers[static_cast<std::size_t>(cell) * units_->peer_count];
    const Mask d_bit = bit(d);
    for (int j = 0; j < units_->peer_count; ++j) {
      const int peer = peers[j];
      Mask& m = mask_[peer];
      if (!(m & d_bit)) continue;
      if (grid_.cells[peer] == d) {
        // The peers are listed row, column, then the rest of the box (Units::peers).
        const int kind = j < n - 1 ? 0 : j < 2 * (n - 1) ? 1 : 2;
        const int unit = kind == 0 ? r : kind == 1 ? c : units_->boxOf(r, c);
        fail("two " + std::string(1, symbolFor(d)) + "s in " + Units::name(kind, unit));
        return;
      }
      if (grid_.cells[peer] != 0) continue;
      m &= ~d_bit;
      touch(peer);
      if (m == 0) {
        fail(cellName(peer / n, peer % n) + " has no candidate left");
        return;
      }
    }
  }

  /// The rules that examine one unit at a time, and whose finding there depends on that
  /// unit's cells alone (candidates are only ever removed).
  enum UnitRule { kHiddenSingles, kLockedCandidates, kPairs, kUnitRules };

  /// Whether `rule` must examine unit u of a kind: not when no cell of the unit changed
  /// since the rule last examined it, which then found what it would find again (a
  /// removal that is already made, or nothing). Marks the unit examined as it is now;
  /// a change made by the examination itself makes it due again. The same steps, in the
  /// same order, as examining every unit every time.
  bool needsExamining(UnitRule rule, int kind, int u) {
    const int unit = kind * units_->n + u;
    std::uint32_t& examined = examined_[rule * 3 * units_->n + unit];
    if (examined == version_[unit]) return false;
    examined = version_[unit];
    return true;
  }

  /// Notes a change of a cell's candidates or value in its three units.
  void touch(int cell) {
    const int* slots = &units_->unit_slots[cell * 3];
    ++version_[slots[0]];
    ++version_[slots[1]];
    ++version_[slots[2]];
  }

  std::shared_ptr<const Units> units_;  ///< shared with the trial copies of probe()
  Grid grid_;
  std::vector<Mask> mask_;
  std::vector<std::uint32_t> version_;   ///< per unit (kind·n + u): bumped by every change
  std::vector<std::uint32_t> examined_;  ///< per rule and unit: version last examined
  Reduction* reduction_;
  bool trial_ = false;  ///< a probe()'s copy: records no fixings, only a contradiction
};

/// The textbook model of `givens`, or with `packing` the packing model: the same rows
/// as "at most one" (≤ 1) and the objective "maximise the digits placed" (model.h).
[[gnu::noinline]] std::unique_ptr<SudokuModel> buildTextbook(const Grid& givens, bool packing) {
  const Shape shape = givens.shape;
  const int n = shape.size();
  auto built = std::make_unique<SudokuModel>();
  built->shape = shape;
  built->kind = packing ? ModelKind::kPacking : ModelKind::kTextbook;
  const RowSense sense = packing ? RowSense::kLessEqual : RowSense::kEqual;
  built->fixed = givens;
  milp::Model& m = built->model;
  const IndexRange one_to_n{1, n};
  built->x = m.addVars("x", {one_to_n, one_to_n, one_to_n}, VarType::kBinary, 0, 1);
  // x[r,c,d] is variable (r·n + c)·n + (d − 1) with 0-based r and c.
  auto var = [n](int r, int c, int d) { return (r * n + c) * n + (d - 1); };
  const Units units(shape);
  std::vector<int> vars(n);
  const std::vector<double> ones(n, 1.0);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      for (int d = 1; d <= n; ++d) vars[d - 1] = var(r, c, d);
      m.addRow(vars.data(), ones.data(), n, sense, 1, {"cell", r + 1, c + 1});
    }
  }
  static const char* kFamilies[3] = {"row", "column", "box"};
  for (int kind = 0; kind < 3; ++kind) {
    for (int u = 0; u < n; ++u) {
      for (int d = 1; d <= n; ++d) {
        for (int k = 0; k < n; ++k)
          vars[k] = var(units.row(kind, u, k), units.column(kind, u, k), d);
        m.addRow(vars.data(), ones.data(), n, sense, 1, {kFamilies[kind], u + 1, d});
      }
    }
  }
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int g = givens.at(r, c);
      if (g != 0) m.fix(milp::Var{var(r, c, g), &m}, 1.0);
    }
  }
  if (packing) {
    milp::LinExpr placed;
    for (const milp::Var v : built->x.all()) placed += v;
    m.maximize(placed);
  }
  return built;
}

/// The candidates model of `fixed` (givens plus any fixings) from its candidate masks.
[[gnu::noinline]] void buildFromCandidates(const Candidates& cand, SudokuModel* built) {
  const Shape shape = built->shape;
  const int n = shape.size();
  const Grid& fixed = cand.grid();
  milp::Model& m = built->model;
  // Members of the sparse family, in dense order (r, c, d): an open cell's candidates
  // are consecutive members, from first_member[cell] on.
  std::vector<int> offsets;
  std::vector<int> first_member(n * n, -1);
  for (int cell = 0; cell < n * n; ++cell) {
    if (fixed.cells[cell] != 0) continue;
    first_member[cell] = static_cast<int>(offsets.size());
    for (Mask left = cand.mask(cell / n, cell % n); left != 0; left &= left - 1) {
      offsets.push_back(cell * n + std::countr_zero(left));
    }
  }
  const IndexRange one_to_n{1, n};
  built->x = m.addSparseVars("x", {one_to_n, one_to_n, one_to_n}, offsets, VarType::kBinary, 0, 1);
  built->reduction.candidatesRemoved = n * n * n - static_cast<int>(offsets.size());
  // Member j is variable first_var + j (addSparseVars numbers them consecutively).
  const int first_var = offsets.empty() ? 0 : built->x.varAtOffset(offsets[0]);
  const Units& units = cand.units();
  std::vector<int> vars;
  vars.reserve(n);
  const std::vector<double> ones(n, 1.0);
  int rows = 0;
  for (int cell = 0; cell < n * n; ++cell) {
    if (fixed.cells[cell] != 0) continue;
    vars.clear();
    const int count = std::popcount(cand.mask(cell / n, cell % n));
    for (int j = 0; j < count; ++j) vars.push_back(first_var + first_member[cell] + j);
    m.addRow(vars.data(), ones.data(), count, RowSense::kEqual, 1,
             {"cell", cell / n + 1, cell % n + 1});
    ++rows;
  }
  static const char* kFamilies[3] = {"row", "column", "box"};
  for (int kind = 0; kind < 3; ++kind) {
    for (int u = 0; u < n; ++u) {
      Mask placed = 0;
      for (int k = 0; k < n; ++k) {
        const int v = fixed.cells[units.cell(kind, u, k)];
        if (v != 0) placed |= Candidates::bit(v);
      }
      for (int d = 1; d <= n; ++d) {
        if (placed & Candidates::bit(d)) continue;  // a fixed cell satisfies this row
        const Mask d_bit = Candidates::bit(d);
        vars.clear();
        for (int k = 0; k < n; ++k) {
          const int cell = units.cell(kind, u, k);
          if (fixed.cells[cell] != 0) continue;
          const Mask mask = cand.mask(cell / n, cell % n);
          // Candidate d of the cell: after those below d among its members.
          if (mask & d_bit) {
            vars.push_back(first_var + first_member[cell] + std::popcount(mask & (d_bit - 1)));
          }
        }
        m.addRow(vars.data(), ones.data(), static_cast<int>(vars.size()), RowSense::kEqual, 1,
                 {kFamilies[kind], u + 1, d});
        ++rows;
      }
    }
  }
  built->reduction.rowsRemoved = 4 * n * n - rows;
}

}  // namespace

const char* toString(ModelKind kind) {
  // protocol/vocabulary.json, "sudokuModels", in the enum's order.
  static_assert(vocabulary::kSudokuModels.size() ==
                static_cast<std::size_t>(ModelKind::kPacking) + 1);
  return vocabulary::kSudokuModels[static_cast<std::size_t>(kind)].data();
}

ModelKind modelKindFromString(const std::string& name) {
  const int k = vocabulary::indexOf(vocabulary::kSudokuModels, name);
  if (k >= 0) return static_cast<ModelKind>(k);
  Where where;
  where.field = "options.model";
  throw InputError(
      ErrorCode::kBadRequest,
      "Unknown model '" + name + "': one of " + vocabulary::joined(vocabulary::kSudokuModels),
      where);
}

const char* toString(FixRule rule) {
  return rule == FixRule::kNakedSingle ? "naked single" : "hidden single";
}

const char* toString(EliminationRule rule) {
  switch (rule) {
    case EliminationRule::kLockedCandidates:
      return "locked candidates";
    case EliminationRule::kNakedPair:
      return "naked pair";
    case EliminationRule::kHiddenPair:
      return "hidden pair";
    case EliminationRule::kProbing:
      return "probing";
  }
  return "locked candidates";
}

std::string toString(UnitRef unit) {
  return unit.present() ? Units::name(unit.kind, unit.index) : std::string();
}

std::string describe(const Elimination& step) {
  std::string digits;
  for (Mask m = step.digits; m != 0; m &= m - 1) {
    if (!digits.empty()) digits += ' ';
    digits += symbolFor(std::countr_zero(m) + 1);
  }
  switch (step.rule) {
    case EliminationRule::kLockedCandidates:
      return "digit " + digits + " of " + toString(step.unit) + " lies in " + toString(step.target);
    case EliminationRule::kNakedPair:
      return "digits " + digits + " fill two cells of " + toString(step.unit);
    case EliminationRule::kHiddenPair:
      return "digits " + digits + " have only two places in " + toString(step.unit);
    case EliminationRule::kProbing:
      return cellName(step.cell.row - 1, step.cell.column - 1) + " cannot be " + digits +
             ": with it, naked and hidden singles find that " + step.reason;
  }
  return digits;
}

std::unique_ptr<SudokuModel> buildModel(const Grid& givens, ModelKind kind) {
  if (kind == ModelKind::kTextbook || kind == ModelKind::kPacking) {
    return buildTextbook(givens, kind == ModelKind::kPacking);
  }
  auto built = std::make_unique<SudokuModel>();
  built->shape = givens.shape;
  built->kind = kind;
  Candidates cand(givens, &built->reduction);
  if (kind == ModelKind::kReduced || kind == ModelKind::kProbed) {
    cand.propagate(true, kind == ModelKind::kProbed);
  }
  // A digit with no place in a unit is a contradiction in the candidates model too
  // (its row would be empty); propagate() finds those, the plain candidates model
  // checks them here.
  if (cand.ok() && kind == ModelKind::kCandidates) {
    const int n = givens.shape.size();
    const Units& units = cand.units();
    for (int kind_index = 0; kind_index < 3 && cand.ok(); ++kind_index) {
      for (int u = 0; u < n && cand.ok(); ++u) {
        Mask possible = 0;
        for (int k = 0; k < n; ++k) {
          possible |= cand.mask(units.row(kind_index, u, k), units.column(kind_index, u, k));
        }
        for (int d = 1; d <= n; ++d) {
          if (!(possible & Candidates::bit(d))) {
            built->reduction.contradiction = "digit " + std::string(1, symbolFor(d)) +
                                             " has no place left in " + Units::name(kind_index, u);
            break;
          }
        }
      }
    }
  }
  built->fixed = cand.grid();
  if (!cand.ok()) return built;  // no model: the reduction proved infeasibility
  buildFromCandidates(cand, built.get());
  return built;
}

std::unique_ptr<SudokuModel> buildTextbookModel(const Grid& givens) {
  return buildModel(givens, ModelKind::kTextbook);
}

Grid decodeSolution(const SudokuModel& built) {
  const int n = built.shape.size();
  Grid out = built.fixed;
  if (built.model.numVars() == 0) {
    if (out.givenCount() != n * n) throw milp::ModelError("No Sudoku solution to read");
    return out;
  }
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (out.at(r, c) != 0 && !built.fullModel()) continue;
      for (int d = 1; d <= n; ++d) {
        const int v = built.x.varAtOffset((r * n + c) * n + (d - 1));
        if (v >= 0 && built.model.value(milp::Var{v, &built.model}) > 0.5) out.at(r, c) = d;
      }
    }
  }
  return out;
}

std::vector<int> cellOfVars(const SudokuModel& built) {
  const int n = built.shape.size();
  std::vector<int> cell_of(static_cast<std::size_t>(built.model.numVars()), -1);
  for (int offset = 0; offset < n * n * n && built.x.size() > 0; ++offset) {
    const int var = built.x.varAtOffset(offset);
    if (var >= 0) cell_of[static_cast<std::size_t>(var)] = offset / n;
  }
  return cell_of;
}

}  // namespace gridmilp::sudoku
