// gridmilp — the Hyper Sudoku genre.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// The Hyper Sudoku genre (see hyper.cpp for its rules, formats and model).
const Genre& hyperGenre();

}  // namespace gridmilp::puzzles
