// gridmilp — the Shikaku genre.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// The Shikaku genre (see shikaku.cpp for its rules, formats and model).
const Genre& shikakuGenre();

/// The values of the variables of a Shikaku model `built` (one per model variable) at
/// `answer` (clue indices, as Genre::decode gives them): each clue's candidate rectangle
/// equal to its rectangle in the answer is 1, every other 0. For checking that a known
/// answer obeys every row of a model.
std::vector<double> shikakuValues(const Built& built, const Answer& answer);

}  // namespace gridmilp::puzzles
