// gridmilp — the Killer Sudoku genre.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// The Killer Sudoku genre (see killer.cpp for its rules, formats and model).
const Genre& killerGenre();

}  // namespace gridmilp::puzzles
