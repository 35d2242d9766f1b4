// gridmilp — the Jigsaw Sudoku genre.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// The Jigsaw Sudoku genre (see jigsaw.cpp for its rules, formats and model).
const Genre& jigsawGenre();

}  // namespace gridmilp::puzzles
