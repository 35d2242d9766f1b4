// gridmilp — Hyper Sudoku (Windoku): a 9×9 Sudoku with four extra 3×3 windows, at
// rows 2–4 and 6–8 × columns 2–4 and 6–8, that also hold each digit once.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Text: as Sudoku X (any Sudoku format, or the janko-style record). 9×9 only: the
// windows are defined for it. The model adds window[k,d]: sum_{(r,c) in W_k} x[r,c,d]
// = 1 to the Sudoku rows (digits.h).
#include "puzzles/hyper/hyper.h"

#include "puzzles/common/digits.h"

namespace gridmilp::puzzles {
namespace {

class HyperGenre final : public DigitGenre {
 public:
  std::string_view id() const override { return "hyper"; }
  std::string_view title() const override { return "Hyper Sudoku"; }

  std::vector<std::unique_ptr<Puzzle>> parseAsGiven(std::string_view text,
                                                    int size) const override {
    std::vector<std::unique_ptr<Puzzle>> out;
    for (auto& p : parseDigitGrids(text, size)) {
      if (p->n != 9) {
        Where where;
        where.line = p->line;
        where.field = "size";
        throw InputError(ErrorCode::kBadRequest,
                         p->name + " is " + p->grid.label() +
                             ": Hyper Sudoku is 9\u00d79 only (its four windows are 3\u00d73 at "
                             "rows and columns 2\u20134 and 6\u20138)",
                         where);
      }
      setBoxes(*p, title());
      for (int top : {1, 5}) {
        for (int left : {1, 5}) {
          Unit window;
          for (int r = top; r < top + 3; ++r) {
            for (int c = left; c < left + 3; ++c) window.cells.push_back(p->grid.index(r, c));
          }
          p->extras.push_back(window);
        }
      }
      p->extraName = "window";
      out.push_back(std::move(p));
    }
    return out;
  }
};

}  // namespace

const Genre& hyperGenre() {
  static const HyperGenre genre;
  return genre;
}

}  // namespace gridmilp::puzzles
