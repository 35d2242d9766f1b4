// gridmilp — generating puzzles of the digit genres from a seed.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/common/generate.h"

#include <numeric>
#include <vector>

#include "puzzles/common/search.h"
#include "puzzles/sudoku/solver.h"

namespace gridmilp::puzzles {

GeneratedDigits generateDigits(const Genre& genre, const DigitPuzzle& empty, std::uint32_t seed,
                               const milp::SolveOptions& options,
                               const std::function<bool(int, int)>& on_check) {
  if (!empty.cages.empty()) {
    throw badRequest(
        "genre", "Generation is for digit genres without cages, not " + std::string(genre.title()));
  }
  const int n = empty.n;
  sudoku::SeededRandom random(seed);
  std::vector<int> row(n), relabel(n);
  std::iota(row.begin(), row.end(), 1);
  std::iota(relabel.begin(), relabel.end(), 1);
  random.shuffle(&row);
  random.shuffle(&relabel);
  // 1. A complete answer.
  auto puzzle = std::make_unique<DigitPuzzle>(empty);
  puzzle->givens.assign(puzzle->grid.cells(), 0);
  for (int c = 0; c < n; ++c) puzzle->givens[c] = row[c];
  GeneratedDigits out;
  const BuildOptions build{std::string(genre.models().front())};
  {
    GenreSolver solver(genre, *puzzle, build);
    const CutSearch search = solver.solve(options);
    if (!search.result.hasSolution) {
      throw badRequest("genre", "This " + std::string(genre.title()) + " of " +
                                    puzzle->grid.label() + " has no answer to generate from");
    }
    out.answer = solver.answer();
  }
  for (int& v : out.answer.cells) v = relabel[v - 1];
  // 2. Remove givens while the answer stays unique.
  puzzle->givens = out.answer.cells;
  std::vector<int> order(puzzle->grid.cells());
  std::iota(order.begin(), order.end(), 0);
  random.shuffle(&order);
  out.minimal = true;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const int cell = order[k];
    const int kept = puzzle->givens[cell];
    puzzle->givens[cell] = 0;
    const GenreUniqueness u = checkUniqueness(genre, *puzzle, build, options);
    ++out.uniquenessChecks;
    if (u.unique != std::optional<bool>(true)) {
      puzzle->givens[cell] = kept;  // needed (or not known to be unneeded: kept)
      if (!u.unique.has_value()) out.minimal = false;
    }
    if (on_check && !on_check(static_cast<int>(k) + 1, static_cast<int>(order.size()))) {
      out.minimal = k + 1 == order.size();
      break;
    }
  }
  for (int g : puzzle->givens) out.givens += g != 0 ? 1 : 0;
  out.puzzle = std::move(puzzle);
  return out;
}

}  // namespace gridmilp::puzzles
