// gridmilp — the text layout of Tsutomu Saito's puzzle notebooks, read as records.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Saito's notebooks (github.com/SaitoTsutomu/OptForPuzzle, "Combinatorial optimization
// techniques seen in puzzles") each hold one instance as Python literals; the shared
// `saito_<genre>.txt` files write them as sections: a line `[data]`, then one line per
// row with one character per cell, and for some genres a second section (`[nums]` for
// Heyawake: "A 2" per numbered room; `[hint]` for Kakuro: comma-separated clues per
// row, "down|across"). The characters, per genre:
//   hitori               each cell a number, 1–9 then a–z for 10–35
//   akari                `.` white, `#` black, `0`–`4` a black cell with its clue
//   star-battle,         a region letter per cell (Star Battle: one star per row,
//   norinori             column and region)
//   heyawake             a room letter per cell; [nums]: "letter count"
//   kuromasu, shikaku,   `.` no clue, else the clue, 1–9 then a–z for 10–35
//   nurikabe
//   slitherlink          `.` no clue, `0`–`3` a clue
//   kakuro               `*` black, `.` white; [hint]: per row, one entry per cell, ""
//                        or "d", "d|a", "|a" on a black cell (d down, a across)
#pragma once

#include <string>
#include <string_view>

namespace gridmilp::puzzles {

/// Whether `text` is in Saito's layout: its first non-blank line is `[data]`.
bool looksLikeSaito(std::string_view text);

/// The janko-style record (records.h; the layout each genre's parse reads, see the
/// README) of a Saito text for `genre` (an id of the registry), named `name`. Throws
/// InputError (parse_error, naming the line and column of the Saito text and the
/// character) for a section it does not know or misses, rows of unequal length, or a
/// character the genre does not take there; bad_request for a genre without this
/// layout (the Sudoku genres).
std::string recordOfSaito(std::string_view genre, std::string_view text, const std::string& name);

}  // namespace gridmilp::puzzles
