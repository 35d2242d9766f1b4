// gridmilp — the Hitori genre.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// The Hitori genre (see hitori.cpp for its rules, formats and model).
const Genre& hitoriGenre();

}  // namespace gridmilp::puzzles
