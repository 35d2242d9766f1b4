// gridmilp — Sudoku as a genre of the registry.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Sudoku on the genre interface: its four models (reduced first, then textbook,
// candidates, probed; the three reduced ones from sudoku::buildModel, adopted), the
// rule checker, the board, the formulation and the generic solve, uniqueness,
// enumeration and relaxation paths. The protocol's Sudoku route (every Sudoku request
// but formulation and board) still answers with Sudoku's own solver (solver.h), which
// adds generation with symmetry and rating, completion and the reduction's step list;
// a request that names "genre": "sudoku" also gets this genre's answer and board
// (app/genres.h, addSudokuGenreFields).
#pragma once

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// Sudoku of any size with its usual boxes (text as sudoku::parseText reads it).
const Genre& sudokuGenre();

}  // namespace gridmilp::puzzles
