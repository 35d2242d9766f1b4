// gridmilp — Sudoku as a genre of the registry.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Sudoku on the genre interface: its four models (reduced first, then textbook,
// candidates, probed; the three reduced ones from sudoku::buildModel, adopted), the
// rule checker, the board, the formulation and the generic solve, uniqueness,
// enumeration and relaxation paths. The protocol's Sudoku route (requests without a
// genre) still answers with Sudoku's own solver (solver.h), which adds objectives,
// generation and the reduction's step list.
#pragma once

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// Sudoku of any size with its usual boxes (text as sudoku::parseText reads it).
const Genre& sudokuGenre();

}  // namespace gridmilp::puzzles
