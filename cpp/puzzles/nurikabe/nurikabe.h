// gridmilp — the Nurikabe genre.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// The Nurikabe genre (see nurikabe.cpp for its rules, formats and model).
const Genre& nurikabeGenre();

/// The values of the variables of a Nurikabe model `built` (one per model variable) at
/// `answer` (1 for a shaded cell): the shading, each clue's candidate island equal to
/// its island in the answer at 1, the cells of the islands modelled cell by cell with
/// their layers and counters, and model "stream"'s counter of the shaded cells.
/// For checking that a known answer obeys every row of a model, cuts included.
std::vector<double> nurikabeValues(const Built& built, const Answer& answer);

}  // namespace gridmilp::puzzles
