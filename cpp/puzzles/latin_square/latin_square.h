// gridmilp — the Latin square genre.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// The Latin square genre (see latin_square.cpp for its rules, formats and model).
const Genre& latinSquareGenre();

}  // namespace gridmilp::puzzles
