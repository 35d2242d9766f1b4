// gridmilp — the Kakuro genre.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// The Kakuro genre (see kakuro.cpp for its rules, formats and models).
const Genre& kakuroGenre();

}  // namespace gridmilp::puzzles
