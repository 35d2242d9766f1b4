// gridmilp — generating puzzles of the digit genres (Latin square, Sudoku X, hyper,
// jigsaw on a given region map) from a seed.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// 1. A complete answer: the empty puzzle's MILP solved with the first row fixed to a
//    seeded random permutation, then the digits relabelled by another (every rule of
//    these genres is blind to which digit is which).
// 2. Every cell a given; then, in a seeded random order, each given is removed while
//    the puzzle keeps a unique answer (the shared no-good check of search.h). One pass
//    makes the puzzle minimal: uniqueness is monotone in the givens.
// The same seed gives the same puzzle natively and in WASM (SeededRandom).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "milp/model.h"
#include "puzzles/common/digits.h"

namespace gridmilp::puzzles {

struct GeneratedDigits {
  std::unique_ptr<DigitPuzzle> puzzle;  ///< the givens, unique
  Answer answer;
  int givens = 0;
  int uniquenessChecks = 0;
  bool minimal = false;  ///< every given was tried (no stop, no time limit hit)
};

/// Generates a puzzle of `genre` (a digit genre without cages) on the empty puzzle
/// `empty` (its regions and units; givens ignored). Each MILP solve uses `options`
/// (the SAT method is fastest). `on_check(checked, total)` after each removal
/// candidate; returning false stops (the puzzle so far is unique, not minimal).
/// Throws InputError (bad_request) for a genre with cages or a puzzle with no answer.
GeneratedDigits generateDigits(const Genre& genre, const DigitPuzzle& empty, std::uint32_t seed,
                               const milp::SolveOptions& options,
                               const std::function<bool(int, int)>& on_check = {});

}  // namespace gridmilp::puzzles
