// gridmilp — Sudoku as a genre of the registry.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/sudoku/genre.h"

#include "puzzles/common/digits.h"

namespace gridmilp::puzzles {
namespace {

class SudokuGenre final : public DigitGenre {
 public:
  std::string_view id() const override { return "sudoku"; }
  std::string_view title() const override { return "Sudoku"; }

  std::vector<std::unique_ptr<Puzzle>> parse(std::string_view text, int size) const override {
    std::vector<std::unique_ptr<Puzzle>> out;
    for (auto& p : parseDigitGrids(text, size)) {
      setBoxes(*p, title());
      requireNoConflict(*p);
      out.push_back(std::move(p));
    }
    return out;
  }
};

}  // namespace

const Genre& sudokuGenre() {
  static const SudokuGenre genre;
  return genre;
}

}  // namespace gridmilp::puzzles
