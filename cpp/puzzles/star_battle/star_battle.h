// gridmilp — the Star Battle genre.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// The Star Battle genre (see star_battle.cpp for its rules, formats and model).
const Genre& starBattleGenre();

}  // namespace gridmilp::puzzles
