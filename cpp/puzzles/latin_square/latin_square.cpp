// gridmilp — Latin square: an n×n grid in which every row and every column holds
// each of 1..n once, for any n (1 to 35); the Sudoku model without boxes.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Text: as Sudoku X (any Sudoku format with `size` when it cannot be detected, or the
// janko-style record "N N" then N lines, `-` for empty). There are 576 Latin squares
// of order 4 (OEIS A002860), which enumeration of an empty 4×4 finds.
#include "puzzles/latin_square/latin_square.h"

#include "puzzles/common/digits.h"

namespace gridmilp::puzzles {
namespace {

class LatinSquareGenre final : public DigitGenre {
 public:
  std::string_view id() const override { return "latin-square"; }
  std::string_view title() const override { return "Latin square"; }

  std::vector<std::unique_ptr<Puzzle>> parseAsGiven(std::string_view text,
                                                    int size) const override {
    std::vector<std::unique_ptr<Puzzle>> out;
    for (auto& p : parseDigitGrids(text, size)) {
      out.push_back(std::move(p));
    }
    return out;
  }
};

}  // namespace

const Genre& latinSquareGenre() {
  static const LatinSquareGenre genre;
  return genre;
}

}  // namespace gridmilp::puzzles
