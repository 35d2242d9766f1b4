// gridmilp — Sudoku as a genre of the registry.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Sudoku's own solver (solver.h: four models, the SAT method, generation) serves
// its solve requests; this genre gives Sudoku the shared parts: the board, the
// formulation, the checker and the generic solve path, on the textbook model.
#pragma once

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// Sudoku of any size with its usual boxes (text as sudoku::parseText reads it).
const Genre& sudokuGenre();

}  // namespace gridmilp::puzzles
