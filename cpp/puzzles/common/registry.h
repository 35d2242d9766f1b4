// gridmilp — the registry of genres: one line per genre in registry.cpp.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// Every genre, in the order the page lists them.
const std::vector<const Genre*>& allGenres();

/// The genre with that id, or with that alias (puzz.link's ids for a genre gridmilp
/// names otherwise: starbattle, lightup, kurodoko, slither; issue #23), or null.
const Genre* findGenre(std::string_view id);

/// The genre with that id or alias. Throws InputError (bad_request, field "genre")
/// naming the unknown id and listing the genres there are.
const Genre& genreById(std::string_view id);

/// "sudoku, killer, jigsaw, …": the ids, for messages.
std::string genreList();

/// "Sudoku, Killer Sudoku, Sudoku X, Hyper Sudoku": the titles of the genres with boxes
/// (protocol/vocabulary.json's `boxes`), whose shape boxHeight and boxWidth (CLI --box)
/// may change, for messages.
std::string boxGenreTitles();

/// "lightup (akari), starbattle (star-battle), …": puzz.link's names that differ from the
/// ids (protocol/vocabulary.json's aliases), which findGenre also takes, for messages.
std::string aliasList();

}  // namespace gridmilp::puzzles
