// gridmilp — puzz.link and pzv.jp URLs of the pencil puzzles, read and written.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// A URL is `https://puzz.link/p?<pid>/[v:<variant>/][<pflag>/]<columns>/<rows>/<body>`
// (pzprjs, src/pzpr/parser.js, parseURLType and parseURLData; columns come first). The
// pid names the genre (src/pzpr/variety.js: a pid or one of its aliases, e.g. `akari`
// and `lightup`, `slither` and `slitherlink`). The body follows the genre's decoder in
// pzprjs, built from the shared ones of src/variety-common/Encode.js:
//   Number16 (decodeNumber16): per cell a hex digit, `-hh`, `+hhh`, `=hhh` (+4096),
//     `%hhh` or `@hhh` (+8192), `*hhhh` (+12240), `$hhhhh` (+77776), `.` for "?";
//     `g`–`z` skip 1–20 cells — Kuromasu (kurodoko), Shikaku, Nurikabe;
//   4Cell (decode4Cell): `0`–`4` a value, `5`–`9` a value then one cell skipped,
//     `a`–`e` a value then two skipped, `g`–`z` skip 1–20, `.` for "?" — Akari (a black
//     cell: a clue, or `.` for none), Slitherlink;
//   Border (decodeBorder): base-32 digits, 5 bits each, most significant first: the
//     (columns−1)·rows walls between (r, c) and (r, c+1) row by row, then the
//     columns·(rows−1) walls between (r, c) and (r+1, c); rooms are numbered in raster
//     order of their first cell — Norinori, Star Battle (after `K/`, the stars per
//     unit, src/variety/starbattle.js), Heyawake (then RoomNumber16: Number16 over the
//     rooms, each room's clue);
//     Sudoku too, its givens;
//   Hitori (src/variety/hitori.js, decodeHitori): per cell a base-36 digit, or `-` and
//     two base-36 digits, `%`/`@` for "?", any other character (`.`) an empty cell;
//   Kakuro (src/variety/kakuro.js, decodeKakuro): `k`–`z` skip 1–16 white cells; any
//     other character is a black cell, `.` without clues, else two characters, the down
//     then the across clue (`0`–`9`, `a`–`j` 10–19, `A`–`Z` 20–45, `0` none); then the
//     down clue above each column whose top cell is white and the across clue left of
//     each row whose first cell is white (the columns and rows of the URL leave out this
//     outer clue row and column).
// Decoding gives the puzzle as the genre's janko-style record text (records.h), which
// the genre parses as any text: the URL is one more way to write a record, and the
// rules, checks and messages stay in one place. Encoding reads the record the genre
// writes (Genre::formatPuzzle) back into a URL.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// The parts of a puzz.link URL.
struct PuzzLinkUrl {
  std::string pid;    ///< as written ("lightup")
  std::string genre;  ///< gridmilp's genre id ("akari")
  std::string variant;
  std::string pflag;
  int columns = 0;
  int rows = 0;
  std::string body;
  int bodyStart = 0;  ///< 0-based offset of the body in the URL, for messages
};

/// Whether `text` (one line, blanks around it ignored) is written as a URL: it starts
/// with `http://`, `https://` or a host (`puzz.link/`, `pzv.jp/`), in any case, and has a
/// query (`?`).
bool looksLikeUrl(std::string_view text);

/// The parts of a URL. Throws InputError: bad_request when its genre is not one
/// gridmilp solves (naming it and listing those it does), parse_error when it has no
/// `?`, or the columns or rows are not whole numbers from 1 to kMaxSide (the column of
/// the URL in `where`).
PuzzLinkUrl parsePuzzLinkUrl(std::string_view url);

/// The puzzle of a URL as the record text of its genre: "=== <name> source=<url>\n",
/// the size line, the blocks. Throws InputError parse_error naming the part of the URL
/// and the character when the body is cut short or holds a character its decoder has no
/// meaning for; bad_request for what a genre cannot hold ("?" clues).
std::string recordOfUrl(std::string_view url, std::string_view name);

/// The URL of a puzzle (`https://puzz.link/p?…`), read from the record the genre
/// writes for it. Throws InputError bad_request when the genre has no puzz.link form
/// (the Sudoku variants) or the puzzle cannot be written as one (a Star Battle with
/// cells outside the grid).
std::string urlOf(const Genre& genre, const Puzzle& puzzle);

/// The genres of a text of URLs (a text whose first non-blank line is a URL), each
/// once, in the order their first URL comes; empty for any other text. A line that is
/// not a URL gridmilp reads is passed over (parsePuzzlesSkipping leaves it out), unless
/// no line is read: then throws the first line's error as parsePuzzLinkUrl, with the
/// line ("line 1: …").
std::vector<std::string> urlTextGenres(std::string_view text);

/// The first of urlTextGenres, or nothing. Throws as urlTextGenres.
std::optional<std::string> urlTextGenre(std::string_view text);

/// A text of Sudoku URLs as Sudoku records (janko.at's layout, which the Sudoku parser
/// reads, each record of its own size): per URL, in order, "=== url-N source=URL", the
/// size line "n n" and n rows (`.` for an empty cell, 1–9 then A–Z), N counting the
/// text's lines that are not blank or a comment, as readUrlLines names them.
struct SudokuUrlRecords {
  std::string text;
  std::vector<int> lines;  ///< per record, its URL's line in the text (1-based)
  /// With `skip`, the lines that could not be read, each with its error (as
  /// parsePuzzlesSkipping lists a text of URLs' lines).
  std::vector<RefusedRecord> refused;
};

/// The records of a text of Sudoku URLs (SudokuUrlRecords). Throws InputError naming
/// the line as parsePuzzlinkUrl and recordOfUrl, bad_request for a URL of another genre,
/// of a side the Sudoku parser does not take (sudoku::shapeForSize), or, with `size`
/// (the request's; 0 for none), of another side: at the first such line, or with `skip`
/// (a batch's parse) only when no line can be read (the first line's error), the others
/// listed in `refused`.
SudokuUrlRecords sudokuRecordsOfUrls(std::string_view text, bool skip = false, int size = 0);

/// The puzzles of a text for `genre`: when its first non-blank line is a URL, every
/// non-blank line that is not a comment (`#` first) must be a URL of that genre, and
/// each gives one puzzle (named `url-1`, `url-2`, …; `line` its line in the text); a
/// text in Saito's layout is read through recordOfSaito; any other text is the genre's
/// own (Genre::parse). Throws InputError naming the line: parse_error when a later line
/// is not a URL, bad_request when a URL is of another genre, and as parsePuzzLinkUrl,
/// recordOfUrl and Genre::parse, an error of a record gridmilp wrote told by the URL's
/// cell ("line 3: row 1, column 2: …", the cell in `where.cells`) or by Saito's line and
/// column. With `as_given`, Genre::parseAsGiven reads each puzzle instead (clashing
/// givens kept, for "Why no solution?").
std::vector<std::unique_ptr<Puzzle>> parsePuzzles(const Genre& genre, std::string_view text,
                                                  int size, bool as_given = false);

/// The puzzles of a text and the records left out.
struct ParsedPuzzles {
  std::vector<std::unique_ptr<Puzzle>> puzzles;
  /// Each puzzle's genre: the genre asked for, or, in a text of URLs read with
  /// `own_genres`, the URL's own.
  std::vector<const Genre*> genres;
  std::vector<RefusedRecord> refused;  ///< in text order
};

/// Most records parsePuzzlesSkipping leaves out before it refuses the whole text (each
/// costs one more read of the whole text: 20 keeps a 50 MB text within 21 reads).
inline constexpr int kMostRefusedRecords = 20;

/// parsePuzzles for a batch: in a text of two or more janko-style records (each after
/// a `=== id` header line), a record that does not parse (one row short, a bad token)
/// is left out and listed with its error, and the others are read. The record is found
/// by the error's line (or its puzzle index) and blanked in place, so that every line
/// number stays the text's, and the text is read again: one more read per bad record.
/// In a text of URLs each line is a record, left out alone (a line that is not a URL, a
/// genre gridmilp does not solve, a corrupted body, a clue out of range), with no limit;
/// a URL of another genre than `genre` is left out too, unless `own_genres`: then it is
/// read as a puzzle of its own genre (a file of URLs of several genres). Any other text,
/// an error that names no record, more than kMostRefusedRecords bad records, or every
/// record bad: throws as parsePuzzles (the first error).
ParsedPuzzles parsePuzzlesSkipping(const Genre& genre, std::string_view text, int size,
                                   bool as_given = false, bool own_genres = false);

}  // namespace gridmilp::puzzles
