// gridmilp — the Norinori genre.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// The Norinori genre (see norinori.cpp for its rules, formats and model).
const Genre& norinoriGenre();

}  // namespace gridmilp::puzzles
