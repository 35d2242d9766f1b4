// gridmilp — the Akari (Light Up) genre.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// The Akari (Light Up) genre (see akari.cpp for its rules, formats and model).
const Genre& akariGenre();

}  // namespace gridmilp::puzzles
