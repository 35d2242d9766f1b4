// gridmilp — the Slitherlink genre.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// The Slitherlink genre (see slitherlink.cpp for its rules, formats and models).
const Genre& slitherlinkGenre();

}  // namespace gridmilp::puzzles
