// gridmilp — Killer Sudoku: a Sudoku whose cages each add up to their sum, with no
// digit twice in a cage.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Text: the janko-style record of sw_KillerSudoku.puzzles.txt (records.h): "N N",
// then N lines with each cage's sum in one of its cells (`-` elsewhere), then N lines
// of cage ids. An id `-` puts a cell in no cage (a puzzle being drawn: a warning says
// so); when every cell is in a cage, the sums must add up to a full grid. Boxes are the usual ones
// for the size (4×4: 2×2, 6×6: 2 rows × 3 columns, 9×9: 3×3). The model adds to the Sudoku rows
// (digits.h) the cage rows: choosing one enumerated digit set S_{k,j} per cage, binary
// y[k,j] (combination[k]: sum_j y[k,j] = 1), linked to the digits by
//   model "combinations": cage_digit[k,d]: sum_{(r,c) in C_k} x[r,c,d] = sum_{j: d in S_{k,j}}
//   y[k,j] model "clauses" (the same, as clauses and "at most one" rows):
//     cage_digit[k,d]:   sum_{(r,c) in C_k} x[r,c,d] <= 1
//     in_set[k,r,c,d]:   x[r,c,d] <= sum_{j: d in S_{k,j}} y[k,j]
//     placed[k,j,d]:     y[k,j] <= sum_{(r,c) in C_k} x[r,c,d]   (d in S_{k,j})
// or as the textbook writes them (model "textbook"):
//   cage[k]:         sum_{(r,c) in C_k} sum_d d·x[r,c,d] = s_k
//   cage_digit[k,d]: sum_{(r,c) in C_k} x[r,c,d] <= 1.
#include "puzzles/killer/killer.h"

#include <map>

#include "puzzles/common/digits.h"

namespace gridmilp::puzzles {
namespace {

class KillerGenre final : public DigitGenre {
 public:
  std::string_view id() const override { return "killer"; }
  std::string_view title() const override { return "Killer Sudoku"; }
  /// "combinations" first: its LP relaxation is far tighter (digits.h).
  /// "clauses" first: the default of the default route, CNF-SAT (see defaultModel).
  std::vector<std::string_view> models() const override {
    return {"clauses", "combinations", "textbook"};
  }
  /// Branch-and-bound gets "combinations": its LP relaxation is far tighter than the
  /// clauses' (on the 405 records of sw_KillerSudoku, native: median 13 ms against
  /// minutes for the clauses; with CNF-SAT the clauses take 1.7 ms, combinations 4.0).
  std::string_view defaultModel(milp::Method method) const override {
    return method == milp::Method::kSat ? "clauses" : "combinations";
  }

  std::vector<std::unique_ptr<Puzzle>> parseAsGiven(std::string_view text,
                                                    int /*size*/) const override {
    std::vector<std::unique_ptr<Puzzle>> out;
    for (const Record& record : parseRecords(text)) out.push_back(parseRecord(record));
    return out;
  }

 private:
  static std::unique_ptr<Puzzle> parseRecord(const Record& record) {
    std::unique_ptr<DigitPuzzle> p = digitPuzzleOf(record, "Killer Sudoku", true);
    const int n = p->n;
    const auto fail = [&](ErrorCode code, const std::string& message, std::vector<int> cells) {
      return recordError(record, *p, code, message, cells);
    };
    setBoxes(*p, "Killer Sudoku");
    const int max_sum = n * (n + 1) / 2;
    const std::vector<const Token*> sums = recordBlock(record, 0, 2);
    const std::vector<const Token*> ids = recordBlock(record, 1, 2);
    // Cages in order of first appearance of their id.
    std::map<std::string, int> cage_of_id;
    std::vector<int> sum_cell;
    std::vector<int> uncaged;
    for (int cell = 0; cell < p->grid.cells(); ++cell) {
      if (ids[cell]->text == "-" || ids[cell]->text == ".") {
        // A cell in no cage: allowed (a puzzle being drawn by hand), said as a warning.
        if (sums[cell]->text != "-" && sums[cell]->text != ".") {
          throw fail(ErrorCode::kParseError,
                     p->grid.name(cell) + " (line " + std::to_string(blockLine(record, 0, cell)) +
                         ") holds a sum but is in no cage",
                     {cell});
        }
        uncaged.push_back(cell);
        continue;
      }
      const auto [it, added] =
          cage_of_id.emplace(ids[cell]->text, static_cast<int>(p->cages.size()));
      if (added) {
        p->cages.emplace_back();
        sum_cell.push_back(-1);
      }
      const int k = it->second;
      p->cages[k].cells.push_back(cell);
      const int sum = tokenValue(record, *sums[cell], blockLine(record, 0, cell), 1, n * max_sum,
                                 true, "a cage sum");
      if (sum == 0) continue;
      if (sum_cell[k] >= 0) {
        throw fail(ErrorCode::kParseError,
                   "cage '" + ids[cell]->text + "' has two sums, at " + p->grid.name(sum_cell[k]) +
                       " and " + p->grid.name(cell),
                   {sum_cell[k], cell});
      }
      sum_cell[k] = cell;
      p->cages[k].sum = sum;
    }
    int total = 0;
    for (const auto& [id, k] : cage_of_id) {
      const Cage& cage = p->cages[k];
      const int size = static_cast<int>(cage.cells.size());
      if (sum_cell[k] < 0) {
        throw fail(ErrorCode::kParseError,
                   "cage '" + id + "' (at " + p->grid.name(cage.cells.front()) + ") has no sum",
                   cage.cells);
      }
      if (size > n) {
        throw fail(ErrorCode::kParseError,
                   "cage '" + id + "' has " + std::to_string(size) + " cells, more than the " +
                       std::to_string(n) + " different digits it could hold",
                   cage.cells);
      }
      // The smallest and largest sums of `size` different digits 1..n.
      const int low = size * (size + 1) / 2, high = size * (2 * n - size + 1) / 2;
      if (cage.sum < low || cage.sum > high) {
        throw fail(ErrorCode::kParseError,
                   size == 1
                       ? "cage '" + id + "' has 1 cell and sum " + std::to_string(cage.sum) +
                             ", but a digit is 1 to " + std::to_string(n)
                       : "cage '" + id + "' has " + std::to_string(size) + " cells and sum " +
                             std::to_string(cage.sum) + ", but " + std::to_string(size) +
                             " different digits add up to " +
                             (low == high ? "only " + std::to_string(low)
                                          : std::to_string(low) + " to " + std::to_string(high)),
                   cage.cells);
      }
      if (!isConnected(p->grid, cage.cells)) {
        p->warnings.push_back("cage '" + id + "' (at " + p->grid.name(cage.cells.front()) +
                              ") is not connected");
      }
      total += cage.sum;
    }
    if (!uncaged.empty()) {
      p->warnings.push_back(std::to_string(uncaged.size()) + " cell" +
                            (uncaged.size() == 1 ? " is" : "s are") + " in no cage, from " +
                            p->grid.name(uncaged.front()));
    } else if (total != n * max_sum) {
      throw fail(ErrorCode::kParseError,
                 "the cage sums add up to " + std::to_string(total) + ", but a filled " +
                     p->grid.label() + " grid adds up to " + std::to_string(n * max_sum),
                 {});
    }
    return p;
  }
};

}  // namespace

const Genre& killerGenre() {
  static const KillerGenre genre;
  return genre;
}

}  // namespace gridmilp::puzzles
