// gridmilp — the Heyawake genre.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// The Heyawake genre (see heyawake.cpp for its rules, formats and model).
const Genre& heyawakeGenre();

}  // namespace gridmilp::puzzles
