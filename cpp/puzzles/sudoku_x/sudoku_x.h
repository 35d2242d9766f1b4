// gridmilp — the Sudoku X genre.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// The Sudoku X genre (see sudoku_x.cpp for its rules, formats and model).
const Genre& sudokuXGenre();

}  // namespace gridmilp::puzzles
