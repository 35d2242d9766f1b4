// gridmilp — Sudoku X: a Sudoku whose two main diagonals also hold each digit once.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Text: any format of the Sudoku parser (rows of digits, one puzzle per line, …) or
// the janko-style record ("N N", then N lines of givens, `-` for empty). Sizes with
// boxes (4, 6, 8, 9, …). The model adds to the Sudoku rows (digits.h)
//   diagonal[1,d]: sum_i x[i,i,d] = 1,   diagonal[2,d]: sum_i x[i,n+1-i,d] = 1.
#include "puzzles/sudoku_x/sudoku_x.h"

#include "puzzles/common/digits.h"

namespace gridmilp::puzzles {
namespace {

class SudokuXGenre final : public DigitGenre {
 public:
  std::string_view id() const override { return "sudoku-x"; }
  std::string_view title() const override { return "Sudoku X"; }

  std::vector<std::unique_ptr<Puzzle>> parseAsGiven(std::string_view text,
                                                    int size) const override {
    std::vector<std::unique_ptr<Puzzle>> out;
    for (auto& p : parseDigitGrids(text, size, true)) {
      setBoxes(*p, title());
      Unit main, anti;
      for (int i = 0; i < p->n; ++i) {
        main.cells.push_back(p->grid.index(i, i));
        anti.cells.push_back(p->grid.index(i, p->n - 1 - i));
      }
      p->extras = {main, anti};
      p->extraName = "diagonal";
      out.push_back(std::move(p));
    }
    return out;
  }
};

}  // namespace

const Genre& sudokuXGenre() {
  static const SudokuXGenre genre;
  return genre;
}

}  // namespace gridmilp::puzzles
