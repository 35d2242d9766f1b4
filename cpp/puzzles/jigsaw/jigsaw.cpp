// gridmilp — Jigsaw Sudoku (janko.at's "Chaos Sudoku"): a Sudoku whose boxes are
// irregular regions of n cells.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Text: the janko-style record of sw_JigsawSudoku.puzzles.txt (records.h): "N N",
// then N lines of givens (`-` for empty), then N lines of region ids. There must be
// n regions of n cells each; a region that is not connected is solved all the same,
// with a warning (some published puzzles have them). The model is the Sudoku one
// with region[k,d] rows in place of the boxes (digits.h).
#include "puzzles/jigsaw/jigsaw.h"

#include <map>

#include "puzzles/common/digits.h"

namespace gridmilp::puzzles {
namespace {

class JigsawGenre final : public DigitGenre {
 public:
  std::string_view id() const override { return "jigsaw"; }
  std::string_view title() const override { return "Jigsaw Sudoku"; }

  std::vector<std::unique_ptr<Puzzle>> parseAsGiven(std::string_view text,
                                                    int /*size*/) const override {
    std::vector<std::unique_ptr<Puzzle>> out;
    for (const Record& record : parseRecords(text)) out.push_back(parseRecord(record));
    return out;
  }

 private:
  static std::unique_ptr<Puzzle> parseRecord(const Record& record) {
    std::unique_ptr<DigitPuzzle> p = digitPuzzleOf(record, "Jigsaw Sudoku");
    const int n = p->n;
    const auto fail = [&](const std::string& message, const std::vector<int>& cells) {
      return recordError(record, *p, ErrorCode::kParseError, message, cells);
    };
    p->givens = readGivens(record, 0, 2);
    const std::vector<const Token*> ids = recordBlock(record, 1, 2);
    rejectCellsInNoRegion(record, *p, ids, "region");
    std::map<std::string, int> region_of_id;
    std::vector<std::vector<int>> regions;
    p->region.assign(p->grid.cells(), 0);
    for (int cell = 0; cell < p->grid.cells(); ++cell) {
      const auto [it, added] =
          region_of_id.emplace(ids[cell]->text, static_cast<int>(regions.size()));
      if (added) regions.emplace_back();
      regions[it->second].push_back(cell);
      p->region[cell] = it->second;
    }
    if (static_cast<int>(regions.size()) != n) {
      throw fail("the region map has " + std::to_string(regions.size()) + " regions; a " +
                     p->grid.label() + " Jigsaw Sudoku has " + std::to_string(n),
                 {});
    }
    for (const auto& [id, k] : region_of_id) {
      if (static_cast<int>(regions[k].size()) != n) {
        throw fail("region '" + id + "' has " + std::to_string(regions[k].size()) +
                       " cells; each region must have " + std::to_string(n),
                   regions[k]);
      }
      if (!isConnected(p->grid, regions[k])) {
        p->warnings.push_back("region '" + id + "' (at " + p->grid.name(regions[k].front()) +
                              ") is not connected");
      }
    }
    p->regionName = "region";
    return p;
  }
};

}  // namespace

const Genre& jigsawGenre() {
  static const JigsawGenre genre;
  return genre;
}

}  // namespace gridmilp::puzzles
