// gridmilp — Sudoku text formats: one parser for the page, the CLI and the API.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Accepted (cpp/app/protocol.md, "Accepted text"):
//  - a puzzle as rows (n lines of n cells) or on one line (n² cells);
//  - many puzzles: Project Euler 96 files (`Grid NN` header lines), grids separated
//    by lines of `=`, one puzzle per line; janko.at-style records (the sw_*.puzzles.txt
//    files: a header `=== name …`, a size line `N N`, or `N N HxW` with the boxes'
//    shape, then the rows), each record of its own size and box shape (ParsedText's
//    shape is then the first record's, and each grid has its own);
//  - symbols: 1–9 then A–Z (16×16 uses 1–9, A–G; 25×25 1–9, A–P), `.`, `0`, `-`,
//    `_` for empty ("digits"); or 0–F with 0 a value and `.`, `-`, `_` for empty
//    ("hex", 16×16 and smaller); or whitespace-separated numbers, one row per line,
//    `.`, `0`, `-`, `_` or `-1` for empty ("numbers");
//  - decoration: spaces, tabs, `|`, `+`, and lines made only of `-`, `+`, `|`.
//
// Size detection (when no size is given): from the number of cells on the data
// lines of the first puzzle (the most common count): a count of n (4, 6, 8, 9, 10,
// 12, 16, 25) means rows of an n×n puzzle, a count of n² a whole puzzle per line. 16
// cells can be a row of a 16×16 or a whole 4×4: a single line, a symbol above 4, or
// a line count that is not a multiple of 16 decides; otherwise the text is refused
// as ambiguous with a message that says to choose the size. The numbers format is
// recognised when the first data line has 4 or more whitespace-separated tokens, all
// numbers 1–35 (or empty marks) and one of them 10 or more.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "puzzles/input_error.h"
#include "puzzles/sudoku/grid.h"

namespace gridmilp::sudoku {

/// How cells are written.
enum class Symbols { kAuto, kDigits, kHex, kNumbers };
/// Protocol name: "auto", "digits", "hex", "numbers".
const char* toString(Symbols symbols);
/// Inverse of toString; throws InputError (bad_request) for an unknown name.
Symbols symbolsFromString(std::string_view name);

/// What the parser may assume. Zero means "detect" (size) or "the usual box for the
/// size" (boxHeight, boxWidth).
struct ParseOptions {
  int size = 0;
  int boxHeight = 0;
  int boxWidth = 0;
  Symbols symbols = Symbols::kAuto;
};

/// Which text format a multi-puzzle text was in (protocol.md, `parse`).
enum class TextFormat { kEuler96, kSeparated, kOnePerLine, kGrid, kRecords };
const char* toString(TextFormat format);

struct ParsedPuzzle {
  std::string name;  ///< header text ("Grid 01"), a record's id ("1_9x9") or "Puzzle N"
  /// A janko.at-style record's whole header line without "=== " ("1_9x9 source=…"), which
  /// its answer's header repeats as sw_*.solutions.txt does; empty for any other layout.
  std::string header;
  int line = 0;  ///< 1-based line where the puzzle starts
  Grid grid;
};

struct ParsedText {
  TextFormat format = TextFormat::kGrid;
  /// The first puzzle's shape: every puzzle's, unless mixedShapes.
  Shape shape;
  /// Records of more than one size or box shape (janko.at's layout only): read each
  /// puzzle's shape from its grid.
  bool mixedShapes = false;
  Symbols symbols = Symbols::kDigits;  ///< as detected or given (never kAuto)
  std::vector<ParsedPuzzle> puzzles;
};

/// Splits a text holding one or more puzzles. Stops at the first error: throws
/// InputError with code parse_error (line, column, character), wrong_length (the
/// line, and the counts in the message), ambiguous_size (the readings in the
/// message), empty_input, or bad_request (options that do not fit: box shape,
/// hex above 16×16).
ParsedText parseText(std::string_view text, const ParseOptions& options = {});

/// The same with a fixed shape and detected symbols.
ParsedText parseText(std::string_view text, Shape shape);

/// The most puzzles parseTextLeavingOut leaves out before it gives up.
inline constexpr int kMostLeftOut = 100;

/// parseText for a batch: a puzzle whose lines do not read (parse_error, wrong_length)
/// is left out and listed in `left_out` (its name, first line, lines and error, the
/// whole text's line numbers), and the others are read. A puzzle's lines: its line when
/// each line is a whole puzzle; else its record (from its `===` header to the next) or
/// its block (from a header or the line after a blank one to the line before the next).
/// Throws as parseText when no puzzle is left, when the text's layout cannot be read at
/// all (empty_input, ambiguous_size, bad_request), or after kMostLeftOut.
ParsedText parseTextLeavingOut(std::string_view text, const ParseOptions& options,
                               std::vector<RefusedRecord>* left_out);

/// Parses a text that must hold exactly one puzzle; throws as parseText, and
/// wrong_length when the text holds more than one.
Grid parseOne(std::string_view text, const ParseOptions& options = {});
/// The same, with the puzzle's name and line (parseText's).
ParsedPuzzle parseOnePuzzle(std::string_view text, const ParseOptions& options = {});
Grid parseOne(std::string_view text, Shape shape);

/// Whether a text of n² cells is read as n×n without the size given: 4, 6, 8, 9, 10, 12,
/// 16 and 25 (the sizes with usual boxes a page draws); another n (7, 35) must be given
/// (--size, `size`) or written in a record's size line.
bool isAutoSize(int n);

/// A grid as text: rows of n symbols (digits/hex) or n numbers separated by spaces,
/// `.` for empty, one row per line, each line ending in '\n'.
std::string formatGrid(const Grid& grid, Symbols symbols);

}  // namespace gridmilp::sudoku
