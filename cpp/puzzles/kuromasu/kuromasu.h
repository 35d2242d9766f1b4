// gridmilp — the Kuromasu genre.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// The Kuromasu genre, puzz.link's kurodoko (see kuromasu.cpp for its rules, formats
/// and models).
const Genre& kuromasuGenre();

}  // namespace gridmilp::puzzles
