// gridmilp — the janko-style record text of the sw_* puzzle files.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The layout of the `sw_*.puzzles.txt` / `sw_*.solutions.txt` files (the data of
// SmilingWayne/PuzzleSolver, from janko.at): a record is a header line
// `=== <id> <more>` (optional for a text of one record), a line `R C` (rows and
// columns; Star Battle adds a third number, the stars per unit: `R C K`), then blocks of R lines of
// C whitespace-separated tokens, as many blocks as the genre has (killer: the sums, then the cage
// ids; jigsaw: the givens, then the region ids). `-` and `.` mark an empty cell. Blank lines are
// ignored.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "puzzles/input_error.h"

namespace gridmilp::puzzles {

/// Largest number of rows or columns of any genre.
inline constexpr int kMaxSide = 100;

struct Token {
  std::string text;
  int column = 0;  ///< 1-based, in characters of its line
};

struct RecordLine {
  int line = 0;  ///< 1-based line number in the whole text
  std::vector<Token> tokens;
};

struct Record {
  std::string header;  ///< the header line without "=== " (empty without one)
  std::string name;    ///< its first word, or "Puzzle N"
  int line = 0;        ///< where the record starts (its header, or its size line)
  int rows = 0;
  int columns = 0;
  int sizeLine = 0;  ///< 1-based line of the size line
  /// A third number on the size line (Star Battle's stars per row, column and region),
  /// when there is one; genres that take none refuse it (requireNoParameter).
  std::optional<Token> parameter;
  std::vector<RecordLine> lines;  ///< the data lines after the size line
  int puzzle = 0;                 ///< 1-based index of the record in the text
};

/// Splits a text into records. Throws InputError: empty_input (no record),
/// parse_error (a missing or malformed size line (two whole numbers, or three), text before the
/// first header, a size over kMaxSide), naming the line and column.
std::vector<Record> parseRecords(std::string_view text);

/// Block `block` (0-based) of a record that has `blocks` blocks: `rows` lines of
/// `columns` tokens each. Throws InputError wrong_length naming the line when a line
/// has another count of tokens, when the record has fewer than blocks · rows lines,
/// or (for the last block) more.
std::vector<const Token*> recordBlock(const Record& record, int block, int blocks);

/// The value of a token: a whole number (in [low, high]), or 0 for `-`, `.` (when
/// `empty_ok`). Throws InputError parse_error naming line, column and character,
/// with `what` ("a cage sum") in the message; out of range, also the token's cell
/// (where.cells: its row in its block of R lines, its place in its line).
int tokenValue(const Record& record, const Token& token, int line, int low, int high, bool empty_ok,
               const char* what);

/// The line number of the token at position `k` of a block (see recordBlock).
int blockLine(const Record& record, int block, int k);

/// The boxes' shape a record's size line gives as its third item, "ROWSxCOLUMNS"
/// ("6 6 3x2": 3 rows × 2 columns; the genres with boxes), or nothing without one.
/// Throws InputError parse_error naming the size line and the item's column when the
/// item is not two whole numbers joined by `x` whose product is the (square) side.
std::optional<std::pair<int, int>> boxShapeOf(const Record& record);

/// Throws InputError parse_error naming the size line and the third number's column
/// when `record` has a parameter on its size line and genre `title` takes none.
void requireNoParameter(const Record& record, std::string_view title);

/// Where a janko.at record comes from, read from its header's source
/// ("=== 753_10x10 source=https://www.janko.at/Raetsel/Nurikabe/0753.a.htm": janko.at's
/// pages are in one folder per genre, named in German, and Sudoku's variants in folders
/// under Sudoku/, as in the sw_*.puzzles.txt files).
struct JankoSource {
  bool found = false;  ///< the header names a page under janko.at/Raetsel/
  std::string path;    ///< what follows "janko.at/Raetsel/", up to a space ("Nurikabe/0753.a.htm")
  /// gridmilp's genre id of the page ("nurikabe"; "sudoku" for Sudoku/NNN.a.htm, a plain
  /// Sudoku; "killer" and "jigsaw" for Sudoku/Killer/ and Sudoku/Chaos/), or empty: a
  /// genre gridmilp does not solve, or a folder of other Sudoku variants.
  std::string genre;
  /// The page is in a folder under Sudoku/ other than Killer and Chaos: a Sudoku variant
  /// whose extra rules (a diagonal, arrows, windows) the record does not carry.
  bool sudokuVariant = false;
};

/// The source a record's header line names (see JankoSource); `found` is false when it
/// names no janko.at page. Never throws.
JankoSource jankoSource(std::string_view header);

}  // namespace gridmilp::puzzles
