// gridmilp — Sudoku text formats.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/sudoku/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <tuple>
#include <utility>

#include "protocol/vocabulary.h"
#include "puzzles/common/records.h"
#include "puzzles/common/saito.h"
#include "puzzles/input_error.h"

namespace gridmilp::sudoku {
namespace {

/// Sizes the parser detects by itself (others must be chosen).
constexpr std::array<int, 8> kAutoSizes = {4, 6, 8, 9, 10, 12, 16, 25};
/// Data lines of the first puzzle looked at to detect the size.
constexpr int kProbeLines = 1000;

/// One line of the text, without its line end.
struct Line {
  int number;
  std::string_view text;
};

/// Iterates over the lines of a text; accepts \n, \r\n and \r line ends.
class LineReader {
 public:
  explicit LineReader(std::string_view text) : text_(text) {}
  bool next(Line* line) {
    if (pos_ > text_.size()) return false;
    std::size_t end = text_.find_first_of("\r\n", pos_);
    if (end == std::string_view::npos) end = text_.size();
    *line = Line{++number_, text_.substr(pos_, end - pos_)};
    if (end + 1 < text_.size() && text_[end] == '\r' && text_[end + 1] == '\n') {
      pos_ = end + 2;
    } else {
      pos_ = end + 1;
    }
    return true;
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  int number_ = 0;
};

/// A character as a user reads it in a message: 'x', tab, control character 0x07.
std::string printable(std::string_view ch) {
  if (ch.size() == 1) {
    const unsigned char c = static_cast<unsigned char>(ch[0]);
    if (c == '\t') return "tab";
    if (c < 0x20 || c == 0x7F) {
      static const char* hex = "0123456789ABCDEF";
      char name[] = "control character 0x..";
      name[sizeof name - 3] = hex[c >> 4];
      name[sizeof name - 2] = hex[c & 0xF];
      return name;
    }
  }
  return "'" + std::string(ch) + "'";
}

bool isSpace(char c) { return c == ' ' || c == '\t'; }

bool isBlank(std::string_view line) { return std::all_of(line.begin(), line.end(), isSpace); }

bool isGridHeader(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && isSpace(line[i])) ++i;
  if (line.size() < i + 4) return false;
  for (std::size_t k = 0; k < 4; ++k) {
    if (std::tolower(static_cast<unsigned char>(line[i + k])) != "grid"[k]) return false;
  }
  return line.size() == i + 4 || isSpace(line[i + 4]);
}

/// Whether janko.at-style records are read: the first-solve module leaves them out to
/// stay under its weight budget (the page's worker sends them to the module with the
/// genres; docs/performance.md).
#ifdef GRIDMILP_WITH_GENRES
constexpr bool kReadsRecords = true;
#else
constexpr bool kReadsRecords = false;
#endif

/// The header of a janko.at-style record ("=== 1_9x9 source=…": the sw_*.puzzles.txt
/// files), `===` then a name; not a separator line of `=` alone.
bool isRecordHeader(std::string_view line) {
  if (!kReadsRecords) return false;
  std::size_t i = line.find_first_not_of(" \t");
  if (i == std::string_view::npos || line.substr(i, 3) != "===") return false;
  i = line.find_first_not_of("= \t", i);
  return i != std::string_view::npos;
}

/// A record's name: the first word after the `=`s ("1_9x9").
std::string recordName(std::string_view line) {
  const std::size_t begin = line.find_first_not_of("= \t");
  const std::size_t end = line.find_first_of(" \t", begin);
  return std::string(line.substr(begin, end == std::string_view::npos ? end : end - begin));
}

std::string trim(std::string_view text) {
  std::size_t b = 0, e = text.size();
  while (b < e && isSpace(text[b])) ++b;
  while (e > b && isSpace(text[e - 1])) --e;
  return std::string(text.substr(b, e - b));
}

/// A record's header line without its `=`s and the space after them ("1_9x9 source=…").
std::string recordHeader(std::string_view line) {
  return trim(line.substr(line.find_first_not_of("= \t")));
}

#ifdef GRIDMILP_WITH_GENRES
/// Throws InputError (parse_error, at `line`) when a record's header says it comes from
/// janko.at's pages of another genre ("source=https://www.janko.at/Raetsel/Kuromasu/…",
/// as the sw_*.puzzles.txt files have it), or from a folder of Sudoku variants other
/// than Killer and Chaos (Sudoku/FOLDER/…, whose extra rules the record does not carry).
/// Such a record can read as a Sudoku, and was solved as one, in silence. The genre to
/// ask for is named where it is known.
void requireSudokuSource(std::string_view header, int line) {
  const puzzles::JankoSource source_of = puzzles::jankoSource(header);
  if (!source_of.found || source_of.genre == "sudoku") return;
  const std::string_view genre = source_of.genre;
  std::string_view title;
  for (const vocabulary::GenreName& name : vocabulary::kGenres) {
    if (name.id == genre) title = name.title;
  }
  Where where;
  where.line = line;
  const std::string source = "janko.at/Raetsel/" + source_of.path;
  std::string why;
  if (!genre.empty()) {
    why = "this record is " + withArticle(title) + " (its source is " + source +
          "), not a Sudoku: read it as one (CLI --genre " + std::string(genre) +
          ", API and protocol genre '" + std::string(genre) + "')";
  } else if (source_of.sudokuVariant) {
    why = "this record's source is " + source +
          ", a page of Sudoku variants, whose rules a plain Sudoku's answer may break: name its "
          "genre if gridmilp solves it (sudoku-x, hyper, jigsaw, killer), or take the source "
          "out of its header to solve it as a plain Sudoku";
  } else {
    why = "this record's source is " + source +
          ", puzzles of a genre gridmilp does not solve: it is not a Sudoku";
  }
  throw InputError(ErrorCode::kParseError, "line " + std::to_string(line) + ": " + why, where);
}
#endif

enum class LineKind { kBlank, kHeader, kSeparator, kDecoration, kData };

/// A line of only `-`, `=`, `+`, `|` and spaces is a separator (`=` present) or
/// decoration, unless it is made of `-` alone and `is_row_of_dashes(count)` says the
/// count is that of a row or a puzzle: then it is data (empty cells).
template <typename RowOfDashes>
LineKind classify(std::string_view line, RowOfDashes is_row_of_dashes) {
  if (isBlank(line)) return LineKind::kBlank;
  if (isGridHeader(line) || isRecordHeader(line)) return LineKind::kHeader;
  int dashes = 0, equals = 0, others = 0;
  for (char c : line) {
    if (c == '-') {
      ++dashes;
    } else if (c == '=') {
      ++equals;
    } else if (c == '+' || c == '|') {
      ++others;
    } else if (!isSpace(c)) {
      return LineKind::kData;
    }
  }
  if (equals > 0) return LineKind::kSeparator;
  if (others == 0 && is_row_of_dashes(dashes)) return LineKind::kData;
  return LineKind::kDecoration;
}

/// Whitespace-separated tokens of a line with their 1-based start columns (code
/// points), decoration tokens `|` and `+` left out.
std::vector<std::pair<std::string_view, int>> tokens(std::string_view line) {
  std::vector<std::pair<std::string_view, int>> out;
  int column = 0;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && isSpace(line[i])) {
      ++i;
      ++column;
    }
    if (i >= line.size()) break;
    const std::size_t start = i;
    const int start_column = column + 1;
    while (i < line.size() && !isSpace(line[i])) {
      i += utf8Length(static_cast<unsigned char>(line[i]));
      ++column;
    }
    const std::string_view token = line.substr(start, std::min(i, line.size()) - start);
    if (token != "|" && token != "+") out.emplace_back(token, start_column);
  }
  return out;
}

bool isEmptyToken(std::string_view t) {
  return t == "." || t == "0" || t == "-" || t == "_" || t == "-1";
}

/// Value of a token of the numbers format: 1..99 without leading zero, else 0.
int numberValue(std::string_view t) {
  if (t.empty() || t.size() > 2 || t[0] < '1' || t[0] > '9') return 0;
  int v = 0;
  for (char c : t) {
    if (c < '0' || c > '9') return 0;
    v = v * 10 + (c - '0');
  }
  return v;
}

/// A record's size line after its header: "N N", or "N N HxW" with the boxes' shape.
struct SizeLine {
  int n = 0;
  int boxHeight = 0;
  int boxWidth = 0;
};

/// The size line a record's first line after its header is, or nothing (the line is
/// then read as data). Sides are 1..99 (numberValue).
std::optional<SizeLine> sizeLineOf(std::string_view line) {
  const auto toks = tokens(line);
  if (toks.size() < 2 || toks.size() > 3) return std::nullopt;
  const int rows = numberValue(toks[0].first), columns = numberValue(toks[1].first);
  if (rows == 0 || rows != columns) return std::nullopt;
  SizeLine out{rows, 0, 0};
  if (toks.size() == 3) {
    const std::optional<std::pair<int, int>> boxes = boxesOfText(toks[2].first);
    if (!boxes) return std::nullopt;
    std::tie(out.boxHeight, out.boxWidth) = *boxes;
  }
  return out;
}

/// How a data line reads as the numbers format (see text.h): kYes when all its
/// tokens are numbers 1–35 or empty marks and one is 10 or more; kMaybe when they
/// are, but all below 10 (digits read the same); kNo otherwise.
enum class NumbersLook { kNo, kMaybe, kYes };
NumbersLook looksLikeNumbers(std::string_view line) {
  const auto toks = tokens(line);
  if (toks.size() < 4) return NumbersLook::kNo;
  bool big = false;
  for (const auto& [t, column] : toks) {
    if (isEmptyToken(t)) continue;
    const int v = numberValue(t);
    if (v == 0 || v > kMaxSize) return NumbersLook::kNo;
    big = big || v >= 10;
  }
  return big ? NumbersLook::kYes : NumbersLook::kMaybe;
}

/// Cells on a line in a character format: every character but spaces, `|`, `+`.
int countCharCells(std::string_view line) {
  int count = 0;
  for (std::size_t i = 0; i < line.size();) {
    const char c = line[i];
    i += utf8Length(static_cast<unsigned char>(c));
    if (!isSpace(c) && c != '|' && c != '+') ++count;
  }
  return count;
}

/// Largest value a character format line holds, reading it as digits/letters.
int maxCharValue(std::string_view line) {
  int best = 0;
  for (char c : line) {
    if (c >= '1' && c <= '9') best = std::max(best, c - '0');
    if (std::isalpha(static_cast<unsigned char>(c))) best = std::max(best, 10);
  }
  return best;
}

InputError wrongLength(const std::string& message, int line, int puzzle) {
  Where where;
  where.line = line;
  where.puzzle = puzzle;
  return InputError(ErrorCode::kWrongLength, message, where);
}

std::string cellsWord(int count) {
  return std::to_string(count) + (count == 1 ? " cell" : " cells");
}

/// Whether the probed lines look like a 16×16 written 0-F, with no 'G': a '0' among
/// cells that mark the empty ones otherwise ('.', '-' or '_'), or a full grid, one '0' in
/// every 16 cells and no other empty mark (a solution written 0-F). In 1-G a '0' is an
/// empty cell like '.', so such a text read so lost its 0 givens and had every other one
/// a value down (a user's paste, 2026-12-07). A 1-G puzzle with '0' for its empty cells
/// is read so unless exactly its G's are missing, which is all it could then be.
bool looksHex(const std::vector<Line>& probe) {
  bool empty = false;
  int zeros = 0, cells = 0;
  for (const Line& l : probe) {
    for (char c : l.text) {
      if (c == 'G' || c == 'g') return false;
      empty = empty || c == '.' || c == '-' || c == '_';
      if (std::isalnum(static_cast<unsigned char>(c)) != 0) ++cells;
      if (c == '0') ++zeros;
    }
  }
  return zeros > 0 && (empty || zeros * 16 == cells);
}

/// What the parse pass needs to know.
struct Reading {
  Shape shape;
  Symbols symbols;
  bool one_line;  // each data line is a whole puzzle (else: a row)
};

/// Looks at the first puzzle's data lines and decides size, symbols and layout; with
/// `check_sources`, refuses a first record from janko.at's pages of another genre
/// (requireSudokuSource; parseTextLeavingOut looks again without, to leave it out).
Reading detect(std::string_view text, const ParseOptions& options, bool check_sources = true) {
  const bool explicit_size = options.size > 0;
  if (explicit_size) shapeFor(options.size, options.boxHeight, options.boxWidth);  // validates
  auto dashes_ok = [&](int dashes) {
    if (explicit_size) return dashes == options.size || dashes == options.size * options.size;
    return isAutoSize(dashes) || std::any_of(kAutoSizes.begin(), kAutoSizes.end(),
                                             [&](int n) { return n * n == dashes; });
  };

  // The data lines of the first puzzle (up to kProbeLines).
  std::vector<Line> probe;
  LineReader reader(text);
  Line line;
  // A first data line that is a size line starts a record without its header (janko.at's
  // layout, "9 9" then the rows), as the variants read one.
  bool after_record_header = kReadsRecords;
  int record_line = 0;                // the first record header's line, or 0
  std::optional<SizeLine> size_line;  // the first record's (janko layout)
  while (reader.next(&line)) {
    const LineKind kind = classify(line.text, dashes_ok);
    if (kind == LineKind::kHeader || kind == LineKind::kSeparator) {
      if (!probe.empty()) break;
      after_record_header = kind == LineKind::kHeader && isRecordHeader(line.text);
#ifdef GRIDMILP_WITH_GENRES
      if (after_record_header && check_sources) {
        requireSudokuSource(recordHeader(line.text), line.number);
      }
#else
      (void)check_sources;
#endif
      record_line = after_record_header && record_line == 0 ? line.number : record_line;
      continue;
    }
    if (kind != LineKind::kData) continue;
    if (kReadsRecords && std::exchange(after_record_header, false)) {
      if ((size_line = sizeLineOf(line.text))) continue;
    }
    probe.push_back(line);
    if (static_cast<int>(probe.size()) >= kProbeLines) break;
  }
  if (kReadsRecords && probe.empty() && record_line > 0) {
    // A record of another genre (a 2×2 Akari, a Star Battle of @ cells) has no rows a
    // Sudoku reads: say so, not just "no puzzle".
    Where where;
    where.line = record_line;
    throw InputError(ErrorCode::kEmptyInput,
                     "The text holds no puzzle: the record at line " + std::to_string(record_line) +
                         " has no rows of Sudoku digits; for another genre's record, name "
                         "its genre (CLI --genre G, API and protocol genre)",
                     where);
  }
  if (probe.empty()) throw InputError(ErrorCode::kEmptyInput, "The text holds no puzzle");
  // Every puzzle has a digit or an empty cell in its first rows (a row of n ≥ 10
  // symbols holds 1-9 when full): letters with neither are words, not a puzzle to
  // read at some size ("'h' is not a symbol of a 10×10 puzzle"). Other characters keep
  // their own message below (which character, where).
  const auto cell_like = [](const Line& l) {
    return std::any_of(l.text.begin(), l.text.end(), [](char c) {
      return (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    });
  };
  const auto has_letter = [](const Line& l) {
    return std::any_of(l.text.begin(), l.text.end(),
                       [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; });
  };
  if (std::none_of(probe.begin(), probe.end(), cell_like) && has_letter(probe.front())) {
    Where where;
    where.line = probe.front().number;
    throw InputError(ErrorCode::kParseError,
                     "Line " + std::to_string(probe.front().number) +
                         " is words, not a puzzle: no line of it has a digit or an empty cell "
                         "(. 0 - _). A Sudoku is written one row a line or one puzzle a line",
                     where);
  }

  Symbols symbols = options.symbols;
  if (symbols == Symbols::kAuto) {
    // Numbers when every probed line reads as numbers and one needs to (a value of
    // 10 or more); a row whose values are all below 10 looks like digits alone.
    bool all_numbers = true, any_big = false;
    for (const Line& l : probe) {
      const NumbersLook look = looksLikeNumbers(l.text);
      all_numbers = all_numbers && look != NumbersLook::kNo;
      any_big = any_big || look == NumbersLook::kYes;
    }
    symbols = all_numbers && any_big ? Symbols::kNumbers : Symbols::kDigits;
  }
  // A 16×16 of letters detected as written 0-F (looksHex) is read so (protocol.md,
  // "Puzzle fields"); every other size, and a text that asks for its symbols, as it says.
  const bool hex_16 =
      options.symbols == Symbols::kAuto && symbols == Symbols::kDigits && looksHex(probe);
  const auto finish = [&](Reading r) {
    if (hex_16 && r.shape.size() == 16) r.symbols = Symbols::kHex;
    return r;
  };
  std::map<int, int> count_histogram;
  int max_value = 0;
  for (const Line& l : probe) {
    int count;
    if (symbols == Symbols::kNumbers) {
      const auto toks = tokens(l.text);
      count = static_cast<int>(toks.size());
      for (const auto& [t, column] : toks) max_value = std::max(max_value, numberValue(t));
    } else {
      count = countCharCells(l.text);
      max_value = std::max(max_value, maxCharValue(l.text));
    }
    ++count_histogram[count];
  }
  const int data_lines = static_cast<int>(probe.size());
  const Line* first = &probe.front();
  const int first_count = symbols == Symbols::kNumbers
                              ? static_cast<int>(tokens(first->text).size())
                              : countCharCells(first->text);

  if (kReadsRecords && size_line && !explicit_size) {
    // A record says its size: "16 16", or "6 6 3x2" with the boxes' shape.
    // (Boxes that do not tile the side are left to parseText, which names the line.)
    const int n = size_line->n;
    const bool boxes_given = options.boxHeight > 0 || options.boxWidth > 0;
    const bool tiles = size_line->boxHeight * size_line->boxWidth == n;
    return Reading{shapeFor(n,
                            boxes_given ? options.boxHeight
                            : tiles     ? size_line->boxHeight
                                        : 0,
                            boxes_given ? options.boxWidth
                            : tiles     ? size_line->boxWidth
                                        : 0),
                   symbols, false};
  }
  if (explicit_size) {
    const int n = options.size;
    // A line longer than a row is read as a whole puzzle, so that a wrong length is
    // reported against n² ("a 9×9 puzzle has 81 cells").
    return finish(
        Reading{shapeFor(n, options.boxHeight, options.boxWidth), symbols, first_count > n});
  }

  // The most common cell count among the probed lines (ties: the first line's).
  int k = first_count;
  int best = count_histogram[first_count];
  for (const auto& [count, lines] : count_histogram) {
    if (lines > best) {
      best = lines;
      k = count;
    }
  }
  int row_size = isAutoSize(k) ? k : 0;
  int line_size = 0;
  for (int n : kAutoSizes) {
    if (n * n == k) line_size = n;
  }
  if (row_size != 0 && line_size != 0) {
    // 16 cells: a row of a 16×16, or a whole 4×4.
    if (data_lines == 1 || data_lines % row_size != 0) {
      row_size = 0;
    } else if (max_value > line_size) {
      line_size = 0;
    } else {
      Where where;
      where.line = first->number;
      throw InputError(ErrorCode::kAmbiguousSize,
                       "The text reads both as " + std::to_string(line_size) + "\u00d7" +
                           std::to_string(line_size) + " puzzles written one per line and as " +
                           std::to_string(row_size) + "\u00d7" + std::to_string(row_size) +
                           " puzzles written as rows (" + cellsWord(k) +
                           " per line): choose the size",
                       where);
    }
  }
  if (row_size != 0) return finish(Reading{shapeForSize(row_size), symbols, false});
  if (line_size != 0) return finish(Reading{shapeForSize(line_size), symbols, true});

  // No size fits: read it as the nearest size when one is close (within 10%), so that
  // the parse pass reports the wrong length where it is ("Line 1 has 80 cells; a 9×9
  // puzzle has 81"); text nowhere near a puzzle is read as a 9×9, the common case.
  int nearest = 9;
  const bool nearest_one_line = k > kAutoSizes.back();
  int nearest_cells = nearest_one_line ? 81 : 9;
  for (int n : kAutoSizes) {
    const int cells = nearest_one_line ? n * n : n;
    if (std::abs(cells - k) < std::abs(nearest_cells - k)) {
      nearest = n;
      nearest_cells = cells;
    }
  }
  if (std::abs(nearest_cells - k) > std::max(2, nearest_cells / 10)) nearest = 9;
  return finish(Reading{shapeForSize(nearest), symbols, nearest_one_line});
}

/// Reads the cells of a data line into `out`. Throws parse_error at the first
/// character (or token) that is neither a symbol, an empty mark nor decoration.
void readCells(const Line& line, const Reading& reading, std::vector<int>* out) {
  const int n = reading.shape.size();
  auto fail = [&](std::string_view ch, int column, const std::string& what) {
    Where where;
    where.line = line.number;
    where.column = column;
    where.character = std::string(ch);
    throw InputError(
        ErrorCode::kParseError,
        "Line " + std::to_string(line.number) + ", column " + std::to_string(column) + ": " + what,
        where);
  };
  const std::string range = "1-" + std::string(1, symbolFor(n));
  if (reading.symbols == Symbols::kNumbers) {
    for (const auto& [t, column] : tokens(line.text)) {
      if (isEmptyToken(t)) {
        out->push_back(0);
        continue;
      }
      const int v = numberValue(t);
      if (v == 0) {
        fail(t, column,
             "unexpected " + printable(t) + " (a cell is a number 1-" + std::to_string(n) +
                 ", or . 0 - _ for empty)");
      }
      if (v > n) {
        fail(t, column,
             printable(t) + " is not a value of a " + reading.shape.label() + " puzzle (1-" +
                 std::to_string(n) + ")");
      }
      out->push_back(v);
    }
    return;
  }
  const bool hex = reading.symbols == Symbols::kHex;
  int column = 0;
  for (std::size_t i = 0; i < line.text.size();) {
    const std::size_t len = utf8Length(static_cast<unsigned char>(line.text[i]));
    const std::string_view ch = line.text.substr(i, std::min(len, line.text.size() - i));
    i += ch.size();
    ++column;
    const char c = ch.size() == 1 ? ch[0] : '\0';
    if (isSpace(c) || c == '|' || c == '+') continue;
    if (c == '.' || c == '-' || c == '_' || (c == '0' && !hex)) {
      out->push_back(0);
      continue;
    }
    int value = 0;
    const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (hex) {
      if (c >= '0' && c <= '9') value = c - '0' + 1;
      if (upper >= 'A' && upper <= 'F') value = upper - 'A' + 11;
    } else {
      if (c >= '1' && c <= '9') value = c - '0';
      if (n > 9 && upper >= 'A' && upper <= 'Z') value = upper - 'A' + 10;
    }
    if (value == 0) {
      fail(ch, column,
           "unexpected " + printable(ch) + " (a cell is " +
               (hex ? std::string("0-") + "0123456789ABCDEF"[n - 1] : range) +
               (hex ? ", or . - _ for empty)" : ", or . 0 - _ for empty)"));
    }
    if (value > n) {
      fail(ch, column,
           printable(ch) + " is not a symbol of a " + reading.shape.label() + " puzzle (" +
               (hex ? std::string("0-") + "0123456789ABCDEF"[n - 1] : range) + ")");
    }
    out->push_back(value);
  }
}

}  // namespace

bool isAutoSize(int n) {
  return std::find(kAutoSizes.begin(), kAutoSizes.end(), n) != kAutoSizes.end();
}

const char* toString(Symbols symbols) {
  switch (symbols) {
    case Symbols::kAuto:
      return "auto";
    case Symbols::kDigits:
      return "digits";
    case Symbols::kHex:
      return "hex";
    case Symbols::kNumbers:
      return "numbers";
  }
  return "auto";
}

Symbols symbolsFromString(std::string_view name) {
  for (Symbols s : {Symbols::kAuto, Symbols::kDigits, Symbols::kHex, Symbols::kNumbers}) {
    if (name == toString(s)) return s;
  }
  Where where;
  where.field = "symbols";
  throw InputError(ErrorCode::kBadRequest,
                   "Unknown symbols '" + std::string(name) + "': one of auto, digits, hex, numbers",
                   where);
}

const char* toString(TextFormat format) {
  switch (format) {
    case TextFormat::kEuler96:
      return "euler96";
    case TextFormat::kSeparated:
      return "separated";
    case TextFormat::kOnePerLine:
      return "one-per-line";
    case TextFormat::kGrid:
      return "grid";
    case TextFormat::kRecords:
      return "records";
  }
  return "grid";
}

namespace {

// parseTextAfter's messages are built in the functions below (MESSAGE_BUILDER), kept
// out of it, and so is a record's size line (recordShape), which is mostly messages:
// inlined, their strings made it a 25 KB WebAssembly function that V8
// compiled anew with its optimising tier (TurboFan) in about 180 ms the first time a
// batch of solves made it hot (Node 20, 2 cores), on a core the solves wanted. Apart
// (and service.cpp's request handlers likewise), it is 10 KB, and the first pass over
// sudoku17_last1000 took 227-272 ms against 250-315. The page's first-solve module,
// built for size, has them inlined again: apart, they cost it 900 bytes of gzip, and one
// solve at a time does not make the parser hot.
#ifdef GRIDMILP_FOR_SIZE
#define MESSAGE_BUILDER [[gnu::always_inline]] inline
#else
#define MESSAGE_BUILDER [[gnu::noinline]]
#endif

/// Throws parse_error: a pencil puzzle in the layout of Saito's notebooks (it does not
/// name its genre), at the line of its "[".
[[noreturn]] MESSAGE_BUILDER void throwSaitoLayout(std::string_view text) {
  const int line =
      1 + static_cast<int>(std::count(
              text.begin(), text.begin() + static_cast<std::ptrdiff_t>(text.find('[')), '\n'));
  Where where;
  where.line = line;
  throw InputError(ErrorCode::kParseError,
                   "Line " + std::to_string(line) +
                       ": this is the layout of Saito's notebooks ([data]), read for the pencil "
                       "genres (" +
                       puzzles::saitoGenreList() + "), not Sudoku: choose the puzzle's genre",
                   where);
}

/// Throws bad_request (field symbols): the 0-F symbols on a puzzle larger than 16×16
/// (`line` 0: the text's first shape, else a record's size line).
[[noreturn]] MESSAGE_BUILDER void throwHexTooLarge(const Shape& shape, int line) {
  Where where;
  where.field = "symbols";
  if (line == 0) {
    throw InputError(ErrorCode::kBadRequest,
                     "The 0-F symbols fit puzzles up to 16\u00d716, not " + shape.label(), where);
  }
  where.line = line;
  throw InputError(ErrorCode::kBadRequest,
                   "Line " + std::to_string(line) + ": the 0-F symbols fit " +
                       "puzzles up to 16\u00d716, not " + shape.label(),
                   where);
}

/// "Puzzle N (from line L)".
MESSAGE_BUILDER std::string puzzleLabelOf(int number, int line) {
  return "Puzzle " + std::to_string(number) + " (from line " + std::to_string(line) + ")";
}

/// A record's size line read against the text's `shape` so far: the record's own shape
/// when it differs, nothing when it is the same. `boxes_given`, `size_given`: the request
/// gives them, for every record. Throws InputError (wrong_length, naming `line` and
/// `puzzle`) for boxes that do not tile the size, a size shapeFor refuses (its message
/// after "Line N: "), or a size or boxes other than those the request gives (naming
/// `record`).
MESSAGE_BUILDER std::optional<Shape> recordShape(const SizeLine& size, const Shape& shape,
                                                 bool boxes_given, bool size_given,
                                                 const std::string& record, int line, int puzzle) {
  const bool says_boxes = size.boxHeight != 0;
  const auto at_line = [&](const std::string& what) {
    return wrongLength("Line " + std::to_string(line) + ": " + what, line, puzzle);
  };
  // The shape the line says: its boxes, or the usual ones when it gives none.
  // Boxes the request gives win over the line's; then only the size is compared.
  Shape target = shape;
  bool differs = size.n != shape.size();
  if (!boxes_given) {
    if (says_boxes && size.boxHeight * size.boxWidth != size.n) {
      throw at_line("boxes of " + std::to_string(size.boxHeight) + "\u00d7" +
                    std::to_string(size.boxWidth) + " do not tile a " + std::to_string(size.n) +
                    "\u00d7" + std::to_string(size.n) + " puzzle");
    }
    try {
      target = shapeFor(size.n, size.boxHeight, size.boxWidth);
    } catch (const InputError& e) {
      throw at_line(e.what());
    }
    differs = target.size() != shape.size() || target.boxHeight != shape.boxHeight ||
              target.boxWidth != shape.boxWidth;
  }
  if (differs && (size_given || boxes_given)) {
    throw at_line("the size line of " + record + " says " + std::to_string(size.n) + "\u00d7" +
                  std::to_string(size.n) +
                  (says_boxes ? " in boxes of " + std::to_string(size.boxHeight) + "\u00d7" +
                                    std::to_string(size.boxWidth)
                              : "") +
                  ", not the chosen " + shape.label() + " in boxes of " +
                  std::to_string(shape.boxHeight) + "\u00d7" + std::to_string(shape.boxWidth) +
                  ": leave the size to the records, or give each size its own text");
  }
  if (!differs) return std::nullopt;
  return target;
}

/// Throws wrong_length: a line after a record's size line and rows (a Jigsaw's region
/// map, a Killer's cages).
[[noreturn]] MESSAGE_BUILDER void throwRecordGoesOn(const std::string& record, int record_line,
                                                    int n, int line, int puzzle) {
  throw wrongLength("Line " + std::to_string(line) + ": record '" + record + "' (line " +
                        std::to_string(record_line) + ") goes on after its size line and " +
                        std::to_string(n) + " rows, where a Sudoku record ends. Rows below the " +
                        "puzzle (a region map, cages) are another genre's: choose the " +
                        "puzzle's genre (Jigsaw, Killer)",
                    line, puzzle);
}

/// Throws wrong_length: a line of `count` cells where a whole puzzle of `shape` was
/// expected (naming the size to give when `count` is a square the text did not detect).
[[noreturn]] MESSAGE_BUILDER void throwPuzzleLength(int count, const Shape& shape, int line,
                                                    int puzzle) {
  // A whole puzzle of a size that is not detected (7×7, 35×35): say which.
  const int side = static_cast<int>(std::lround(std::sqrt(count)));
  const std::string hint =
      side * side == count && side >= 1 && side <= kMaxSize && !isAutoSize(side)
          ? " (" + cellsWord(count) + (count == 1 ? " makes a " : " make a ") +
                std::to_string(side) + "\u00d7" + std::to_string(side) +
                " puzzle, a size that is not detected: give " + "the size " + std::to_string(side) +
                ")"
          : "";
  const int n = shape.size();
  throw wrongLength("Line " + std::to_string(line) + " has " + cellsWord(count) + "; a " +
                        shape.label() + " puzzle has " + cellsWord(n * n) + hint,
                    line, puzzle);
}

/// Throws wrong_length: a row of `count` cells in a puzzle of `shape`.
[[noreturn]] MESSAGE_BUILDER void throwRowLength(int count, const Shape& shape, int line,
                                                 int puzzle) {
  throw wrongLength("Line " + std::to_string(line) + " has " + cellsWord(count) + "; a row of a " +
                        shape.label() + " puzzle has " + cellsWord(shape.size()),
                    line, puzzle);
}

/// Throws wrong_length: a puzzle (`label`) cut short after `rows` rows, by line `line`
/// starting another (`at_end` false) or by the end of the text (`at_end`, `line` its
/// last line).
[[noreturn]] MESSAGE_BUILDER void throwFewRows(const std::string& label, int rows,
                                               const Shape& shape, bool at_end, int line,
                                               int puzzle) {
  const int n = shape.size();
  if (at_end) {
    throw wrongLength(label + " has only " + std::to_string(rows) + " of " + std::to_string(n) +
                          " rows at the end of the text; a " + shape.label() + " puzzle has " +
                          std::to_string(n) + " rows",
                      line, puzzle);
  }
  throw wrongLength(label + " has " + std::to_string(rows) + " of " + std::to_string(n) +
                        " rows when line " + std::to_string(line) + " starts another; a " +
                        shape.label() + " puzzle has " + std::to_string(n) + " rows",
                    line, puzzle);
}

/// Throws wrong_length: a header (at `line`) with no puzzle after it.
[[noreturn]] MESSAGE_BUILDER void throwHeaderAlone(int line, int puzzle) {
  throw InputError(ErrorCode::kWrongLength,
                   "Header at line " + std::to_string(line) + " is not followed by a puzzle",
                   Where{puzzle, line, std::nullopt, std::nullopt, {}, {}});
}

/// parseText, for a text whose refused puzzles `left_out` (or none, when null) left
/// their lines blank (parseTextLeavingOut): a puzzle's number (its name "Puzzle N",
/// an error's where.puzzle) counts them too, as the CLI's ids and the batch's rows do.
ParsedText parseTextAfter(std::string_view text, const ParseOptions& options,
                          const std::vector<RefusedRecord>* left_out) {
  if (puzzles::looksLikeSaito(text)) throwSaitoLayout(text);
  Reading reading = detect(text, options);
  if (reading.symbols == Symbols::kHex && reading.shape.size() > 16) {
    throwHexTooLarge(reading.shape, 0);
  }
  // A records text may change both from one record to the next (its size line says).
  Shape shape = reading.shape;
  int n = shape.size();
  auto dashes_ok = [&](int dashes) { return dashes == n || dashes == n * n; };

  ParsedText result;
  result.shape = shape;
  result.symbols = reading.symbols;
  bool saw_header = false, saw_separator = false;
  Grid current(shape);
  int rows = 0;        // rows read into the current puzzle
  int start_line = 0;  // its first data line
  std::string pending_name;
  std::string pending_header;  // a record's header (ParsedPuzzle::header)
  int pending_line = 0;
  std::vector<int> cells;

  // The current puzzle's number: those read, and those left out before it (all that
  // were, while its first line is not known yet: they are left out in text order).
  auto puzzleNumber = [&]() {
    const int at = pending_line ? pending_line : start_line;
    int before = 0;
#ifdef GRIDMILP_WITH_GENRES  // the page's first-solve module never leaves puzzles out
    if (left_out != nullptr) {
      for (const RefusedRecord& r : *left_out) before += at == 0 || r.line < at ? 1 : 0;
    }
#else
    (void)at;
    (void)left_out;
#endif
    return static_cast<int>(result.puzzles.size()) + 1 + before;
  };
  auto puzzleLabel = [&]() {
    return puzzleLabelOf(puzzleNumber(), pending_line ? pending_line : start_line);
  };
  auto finish = [&]() {
    ParsedPuzzle puzzle;
    puzzle.line = pending_line ? pending_line : start_line;
    puzzle.name = pending_name.empty() ? "Puzzle " + std::to_string(puzzleNumber()) : pending_name;
    puzzle.header = std::move(pending_header);
    puzzle.grid = current;
    result.puzzles.push_back(std::move(puzzle));
    rows = 0;
    start_line = 0;
    pending_name.clear();
    pending_header.clear();
    pending_line = 0;
  };
  auto unfinished = [&](int line_number) {
    if (rows != 0) throwFewRows(puzzleLabel(), rows, shape, false, line_number, puzzleNumber());
  };

  LineReader reader(text);
  Line line;
  int last_line = 0;
  bool after_record_header = kReadsRecords, saw_record = false;  // as in detect
  // The record just read whole (its name and header line), until the next header: a
  // record is its size line and n rows, and a line after them is not a Sudoku's.
  bool in_record = false;
  std::string ended_record;
  int ended_record_line = 0;
  // After a record of its own shape, each row's symbols are read off the row itself (the
  // first record's were detected from its rows: janko.at writes numbers, others letters).
  bool symbols_by_row = false;
  while (reader.next(&line)) {
    last_line = line.number;
    const LineKind kind = classify(line.text, dashes_ok);
    if (kReadsRecords && kind == LineKind::kData && std::exchange(after_record_header, false)) {
      // A record's size line. Each record has its own size and boxes (sw_Sudoku's
      // records are 9×9 and 16×16), unless the request gives a size or boxes: those
      // are every record's, and a line that says otherwise is refused.
      if (const std::optional<SizeLine> size = sizeLineOf(line.text)) {
        const std::optional<Shape> target =
            recordShape(*size, shape, options.boxHeight > 0 || options.boxWidth > 0,
                        options.size > 0, pending_name, line.number, puzzleNumber());
        if (target) {
          if (reading.symbols == Symbols::kHex && target->size() > 16) {
            throwHexTooLarge(*target, line.number);
          }
          shape = *target;
          n = shape.size();
          reading.shape = shape;
          reading.one_line = false;
          symbols_by_row = options.symbols == Symbols::kAuto;
          current = Grid(shape);
          result.mixedShapes = true;
        }
        continue;
      }
    }
    switch (kind) {
      case LineKind::kBlank:
      case LineKind::kDecoration:
        break;
      case LineKind::kHeader:
        unfinished(line.number);
        if (pending_line != 0) throwHeaderAlone(pending_line, puzzleNumber());
        saw_header = true;
        after_record_header = kReadsRecords && isRecordHeader(line.text);
        in_record = after_record_header;
        ended_record_line = 0;
        saw_record = saw_record || after_record_header;
        pending_name = after_record_header ? recordName(line.text) : trim(line.text);
        pending_header = after_record_header ? recordHeader(line.text) : std::string();
#ifdef GRIDMILP_WITH_GENRES
        if (after_record_header) requireSudokuSource(pending_header, line.number);
#endif
        pending_line = line.number;
        break;
      case LineKind::kSeparator:
        unfinished(line.number);
        saw_separator = true;
        break;
      case LineKind::kData: {
        if (ended_record_line != 0) {
          // A Jigsaw Sudoku's record has its region map below the rows, a Killer's its
          // cages: read as a Sudoku, the map would become a puzzle of its own.
          throwRecordGoesOn(ended_record, ended_record_line, n, line.number, puzzleNumber());
        }
        if (symbols_by_row) {
          // A row of numbers below 10 reads the same either way (kMaybe).
          reading.symbols = looksLikeNumbers(line.text) == NumbersLook::kNo ? Symbols::kDigits
                                                                            : Symbols::kNumbers;
        }
        cells.clear();
        cells.reserve(line.text.size());  // at most one cell per byte
        readCells(line, reading, &cells);
        const int count = static_cast<int>(cells.size());
        if (rows == 0) start_line = line.number;
        if (reading.one_line) {
          if (count != n * n) throwPuzzleLength(count, shape, line.number, puzzleNumber());
          std::copy(cells.begin(), cells.end(), current.cells.begin());
          rows = n;
        } else {
          if (count != n) throwRowLength(count, shape, line.number, puzzleNumber());
          std::copy(cells.begin(), cells.end(), current.cells.begin() + rows * n);
          ++rows;
        }
        if (rows == n) {
          if (in_record) {
            ended_record = pending_name;
            ended_record_line = pending_line;
          }
          finish();
        }
        break;
      }
    }
  }
  if (rows > 0) {
    throwFewRows(
        result.puzzles.empty() && pending_line == 0 ? std::string("The puzzle") : puzzleLabel(),
        rows, shape, true, last_line, puzzleNumber());
  }
  if (pending_line != 0) throwHeaderAlone(pending_line, puzzleNumber());
  if (result.puzzles.empty()) throw InputError(ErrorCode::kEmptyInput, "The text holds no puzzle");
  if (kReadsRecords && saw_record) {
    result.format = TextFormat::kRecords;
  } else if (saw_header) {
    result.format = TextFormat::kEuler96;
  } else if (result.puzzles.size() == 1) {
    result.format = TextFormat::kGrid;
  } else if (saw_separator || !reading.one_line) {
    result.format = TextFormat::kSeparated;
  } else {
    result.format = TextFormat::kOnePerLine;
  }
  return result;
}

#undef MESSAGE_BUILDER

}  // namespace

ParsedText parseText(std::string_view text, const ParseOptions& options) {
  return parseTextAfter(text, options, nullptr);
}

ParsedText parseTextLeavingOut(std::string_view text, const ParseOptions& options,
                               std::vector<RefusedRecord>* left_out) {
  std::string own(text);
  std::optional<InputError> first_error;
  for (;;) {
    try {
      return parseTextAfter(own, options, left_out);
    } catch (const InputError& e) {
      const bool per_puzzle =
          e.code() == ErrorCode::kParseError || e.code() == ErrorCode::kWrongLength;
      if (!per_puzzle || !e.where().line || static_cast<int>(left_out->size()) >= kMostLeftOut) {
        // With puzzles left out, what remains failing as a whole (no puzzle, words) is
        // the text's own first fault.
        if (first_error) throw *first_error;
        throw;
      }
      if (!first_error) first_error = e;
      // The text's lines (each a view into `own`), and what kind each is.
      std::vector<Line> lines;
      LineReader reader(own);
      Line line;
      while (reader.next(&line)) lines.push_back(line);
      const auto start = [&](int k) {
        return static_cast<std::size_t>(lines[k].text.data() - own.data());
      };
      const int count = static_cast<int>(lines.size());
      const int at = std::clamp(*e.where().line, 1, count) - 1;  // 0-based
      const auto kind = [&](int k) {
        return classify(lines[k].text, [](int dashes) { return dashes >= 4; });
      };
      const auto boundary = [&](int k) {
        const LineKind x = kind(k);
        return x == LineKind::kBlank || x == LineKind::kSeparator || x == LineKind::kHeader;
      };
      bool one_line = false;
      try {
        one_line = detect(own, options, false).one_line;
      } catch (const InputError&) {
        throw *first_error;
      }
      int first = at, last = at;
      if (one_line && kind(at) == LineKind::kData) {
        // One puzzle a line: that line.
      } else {
        // A puzzle's rows said short at the header that starts the next one: that one
        // is fine, the one before it is not. (A parse error at a header is its own
        // record's: one from another genre's pages, requireSudokuSource.)
        if (e.code() == ErrorCode::kWrongLength && kind(first) == LineKind::kHeader && first > 0) {
          --first;
        }
        while (first > 0 && kind(first) != LineKind::kHeader && !boundary(first - 1)) --first;
        if (first > 0 && kind(first - 1) == LineKind::kHeader) --first;
        if (kind(last) == LineKind::kHeader && last > first) --last;
        while (last + 1 < count && !boundary(last + 1)) ++last;
      }
      // Its name: a record's or a header's, else its first line.
      std::string name = "line " + std::to_string(first + 1);
      if (kind(first) == LineKind::kHeader) {
        name = isRecordHeader(lines[first].text) ? recordName(lines[first].text)
                                                 : trim(lines[first].text);
      }
      left_out->push_back({name, first + 1, last - first + 1, e, ""});
      // Nothing left to read: the text's first fault is the answer.
      bool any = false;
      for (int k = 0; k < count && !any; ++k) {
        any = (k < first || k > last) && !isBlank(lines[k].text);
      }
      if (!any) throw *first_error;
      // Its lines emptied, their ends kept: the other puzzles keep their line numbers.
      std::string rest;
      rest.reserve(own.size());
      for (int k = 0; k < count; ++k) {
        const std::size_t end = k + 1 < count ? start(k + 1) : own.size();
        const std::size_t from =
            k >= first && k <= last ? start(k) + lines[k].text.size() : start(k);
        rest.append(own, from, end - from);
      }
      own = std::move(rest);
    }
  }
}

ParsedText parseText(std::string_view text, Shape shape) {
  return parseText(text,
                   ParseOptions{shape.size(), shape.boxHeight, shape.boxWidth, Symbols::kAuto});
}

Grid parseOne(std::string_view text, const ParseOptions& options) {
  return std::move(parseOnePuzzle(text, options).grid);
}

ParsedPuzzle parseOnePuzzle(std::string_view text, const ParseOptions& options) {
  ParsedText parsed = parseText(text, options);
  if (parsed.puzzles.size() != 1) {
    Where where;
    where.puzzle = 2;
    where.line = parsed.puzzles[1].line;
    throw InputError(ErrorCode::kWrongLength,
                     "The text holds " + std::to_string(parsed.puzzles.size()) +
                         " puzzles; expected one (the second starts at line " +
                         std::to_string(parsed.puzzles[1].line) + ")",
                     where);
  }
  return std::move(parsed.puzzles.front());
}

Grid parseOne(std::string_view text, Shape shape) {
  return parseOne(text,
                  ParseOptions{shape.size(), shape.boxHeight, shape.boxWidth, Symbols::kAuto});
}

std::string formatGrid(const Grid& grid, Symbols symbols) {
  const int n = grid.shape.size();
  std::string out;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int v = grid.at(r, c);
      if (symbols == Symbols::kNumbers) {
        if (c > 0) out += ' ';
        out += v == 0 ? "." : std::to_string(v);
      } else if (symbols == Symbols::kHex && n <= 16) {
        out += v == 0 ? '.' : "0123456789ABCDEF"[v - 1];
      } else {
        out += symbolFor(v);
      }
    }
    out += '\n';
  }
  return out;
}

}  // namespace gridmilp::sudoku
