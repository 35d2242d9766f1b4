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

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace gridmilp::puzzles {

/// The genres whose records Saito's layout is read into (the table above).
inline constexpr std::array<std::string_view, 10> kSaitoGenres = {
    "hitori",   "akari",   "star-battle", "norinori",    "heyawake",
    "kuromasu", "shikaku", "nurikabe",    "slitherlink", "kakuro"};

/// "hitori, akari, …, kakuro": kSaitoGenres for a message. Inline, as looksLikeSaito:
/// the Sudoku text parser uses both in the page's first-solve module, which has no genres.
inline std::string saitoGenreList() {
  std::string out;
  for (std::string_view g : kSaitoGenres) out += (out.empty() ? "" : ", ") + std::string(g);
  return out;
}

/// Whether `text` is in Saito's layout: its first non-blank line is `[data]` (spaces,
/// tabs and a carriage return around it allowed).
inline bool looksLikeSaito(std::string_view text) {
  const std::size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return false;
  const std::size_t end = text.find('\n', start);
  std::string_view line = text.substr(start, end == std::string_view::npos ? end : end - start);
  line = line.substr(0, line.find_last_not_of(" \t\r") + 1);
  return line == "[data]";
}

/// The janko-style record (records.h; the layout each genre's parse reads, see
/// docs/formats.md) of a Saito text for `genre` (an id of the registry), named `name`. Throws
/// InputError (parse_error, naming the line and column of the Saito text and the
/// character) for a section it does not know or misses, rows of unequal length, or a
/// character the genre does not take there; bad_request for a genre without this
/// layout (the Sudoku genres).
std::string recordOfSaito(std::string_view genre, std::string_view text, const std::string& name);

/// Where a cell of Saito's [data] is in the text: 1-based line and column.
struct SaitoPlace {
  int line = 0;
  int column = 0;
};

/// The place in `text` (Saito's layout) of the cell at `row`, `column` (1-based) of its
/// [data], or nothing when [data] has no such cell. For an error a genre's parse raises
/// in the record recordOfSaito writes, told by the cell (parsePuzzles).
std::optional<SaitoPlace> saitoCellPosition(std::string_view text, int row, int column);

}  // namespace gridmilp::puzzles
