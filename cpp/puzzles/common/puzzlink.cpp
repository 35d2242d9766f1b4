// gridmilp — puzz.link and pzv.jp URLs of the pencil puzzles, read and written.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/common/puzzlink.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <vector>

#include "puzzles/common/cells.h"
#include "puzzles/common/records.h"
#include "puzzles/common/registry.h"
#include "puzzles/common/saito.h"
#include "puzzles/sudoku/grid.h"

namespace gridmilp::puzzles {
namespace {

/// A pid of pzprjs (or an alias of one) and the genre it is.
struct PidGenre {
  std::string_view pid;
  std::string_view genre;
};
constexpr PidGenre kPids[] = {
    {"hitori", "hitori"},           {"akari", "akari"},
    {"lightup", "akari"},           {"bijutsukan", "akari"},
    {"starbattle", "star-battle"},  {"norinori", "norinori"},
    {"heyawake", "heyawake"},       {"heyawacky", "heyawake"},
    {"kurodoko", "kuromasu"},       {"shikaku", "shikaku"},
    {"nurikabe", "nurikabe"},       {"slither", "slitherlink"},
    {"slitherlink", "slitherlink"}, {"kakuro", "kakuro"},
    {"sudoku", "sudoku"},
};

/// The pid a URL of the genre is written with (pzprjs's urlid), or "".
std::string_view urlIdOf(std::string_view genre) {
  static const std::map<std::string_view, std::string_view> kUrlIds = {
      {"hitori", "hitori"},     {"akari", "akari"},       {"star-battle", "starbattle"},
      {"norinori", "norinori"}, {"heyawake", "heyawake"}, {"kuromasu", "kurodoko"},
      {"shikaku", "shikaku"},   {"nurikabe", "nurikabe"}, {"slitherlink", "slither"},
      {"kakuro", "kakuro"},     {"sudoku", "sudoku"},
  };
  const auto it = kUrlIds.find(genre);
  return it == kUrlIds.end() ? std::string_view() : it->second;
}

std::string supportedList() {
  std::string out;
  for (const PidGenre& p : kPids) {
    if (findGenre(p.genre) == nullptr) continue;
    if (!out.empty()) out += ", ";
    out += p.pid;
  }
  return out;
}

InputError urlError(const std::string& message, int column = 0, std::string character = {}) {
  Where where;
  if (column > 0) where.column = column;
  if (!character.empty()) where.character = std::move(character);
  return InputError(ErrorCode::kParseError, message, where);
}

int digitValue(char ch, int base) {
  int v = -1;
  if (ch >= '0' && ch <= '9') v = ch - '0';
  if (ch >= 'a' && ch <= 'z') v = ch - 'a' + 10;
  return v < base ? v : -1;
}

/// Reads a URL body one character at a time, with messages that say where.
class Body {
 public:
  explicit Body(const PuzzLinkUrl& url) : url_(url), text_(url.body) {}

  bool done() const { return at_ >= text_.size(); }
  char peek() const { return text_[at_]; }
  char next() { return text_[at_++]; }
  std::size_t at() const { return at_; }
  std::string_view rest() const { return text_.substr(at_); }

  /// A number of `digits` digits in `base` (throws when the body is shorter or a
  /// character is no such digit).
  int number(int digits, int base, const char* what) {
    int value = 0;
    for (int k = 0; k < digits; ++k) {
      if (done()) throw cutShort(std::string("in the middle of ") + what);
      const char ch = peek();
      const int d = digitValue(ch, base);
      if (d < 0) throw bad(std::string("not a digit of ") + what);
      value = value * base + d;
      ++at_;
    }
    return value;
  }

  /// "URL body, character 7 ('!'): <what>" at the current character.
  InputError bad(const std::string& what) const {
    const std::size_t k = std::min(at_, text_.size() - (text_.empty() ? 0 : 1));
    const std::string ch = text_.empty() ? std::string() : std::string(1, text_[k]);
    return urlError("URL body, character " + std::to_string(k + 1) + " ('" + ch + "'): " + what,
                    url_.bodyStart + static_cast<int>(k) + 1, ch);
  }
  /// The body ended too early.
  InputError cutShort(const std::string& what) const {
    return urlError("URL body: it ends " + what + " (is the URL cut short?)",
                    url_.bodyStart + static_cast<int>(text_.size()) + 1);
  }

 private:
  const PuzzLinkUrl& url_;
  std::string_view text_;
  std::size_t at_ = 0;
};

/// Number16 (Encode.js, genericDecodeNumber16) over `count` items: −1 none, −2 "?".
std::vector<int> readNumber16(Body& body, int count, const char* items) {
  std::vector<int> out(count, -1);
  int c = 0;
  while (c < count) {
    if (body.done()) {
      throw body.cutShort("after " + std::to_string(c) + " of " + std::to_string(count) + " " +
                          items);
    }
    const char ch = body.peek();
    const int hex = digitValue(ch, 16);
    if (hex >= 0) {
      out[c++] = hex;
      body.next();
    } else if (ch >= 'g' && ch <= 'z') {
      c += digitValue(ch, 36) - 15;
      body.next();
    } else if (ch == '.') {
      out[c++] = -2;
      body.next();
    } else {
      struct Wide {
        char mark;
        int digits;
        int offset;
      };
      constexpr Wide kWide[] = {{'-', 2, 0},    {'+', 3, 0},     {'=', 3, 4096}, {'%', 3, 8192},
                                {'@', 3, 8192}, {'*', 4, 12240}, {'$', 5, 77776}};
      const Wide* wide = nullptr;
      for (const Wide& w : kWide) {
        if (w.mark == ch) wide = &w;
      }
      if (wide == nullptr) throw body.bad("not a number code of puzz.link (Number16)");
      body.next();
      out[c++] = body.number(wide->digits, 16, "a number") + wide->offset;
    }
  }
  return out;
}

/// 4Cell (Encode.js, decode4Cell) over `count` cells: 0–4, −1 none, −2 "?".
std::vector<int> read4Cell(Body& body, int count) {
  std::vector<int> out(count, -1);
  int c = 0;
  while (c < count) {
    if (body.done()) {
      throw body.cutShort("after " + std::to_string(c) + " of " + std::to_string(count) + " cells");
    }
    const char ch = body.peek();
    if (ch >= '0' && ch <= '4') {
      out[c] = ch - '0';
    } else if (ch >= '5' && ch <= '9') {
      out[c] = ch - '5';
      ++c;
    } else if (ch >= 'a' && ch <= 'e') {
      out[c] = ch - 'a';
      c += 2;
    } else if (ch >= 'g' && ch <= 'z') {
      c += digitValue(ch, 36) - 16;
    } else if (ch == '.') {
      out[c] = -2;
    } else {
      throw body.bad("not a clue code of puzz.link (4Cell)");
    }
    body.next();
    ++c;
  }
  return out;
}

/// Border (Encode.js, decodeBorder): the room of each cell, numbered in raster order of
/// the rooms' first cells.
std::vector<int> readBorder(Body& body, int rows, int columns) {
  const int vertical = (columns - 1) * rows, horizontal = columns * (rows - 1);
  std::vector<char> wall(vertical + horizontal, 0);
  for (int part = 0; part < 2; ++part) {
    const int first = part == 0 ? 0 : vertical;
    const int count = part == 0 ? vertical : horizontal;
    for (int k = 0; k < count; k += 5) {
      if (body.done()) throw body.cutShort("inside the region borders");
      const int bits = digitValue(body.peek(), 32);
      if (bits < 0) throw body.bad("not a base-32 digit of the region borders (Border)");
      body.next();
      for (int b = 0; b < 5 && k + b < count; ++b) wall[first + k + b] = (bits >> (4 - b)) & 1;
    }
  }
  const RectGrid grid{rows, columns};
  std::vector<int> room(grid.cells(), -1);
  int rooms = 0;
  for (int start = 0; start < grid.cells(); ++start) {
    if (room[start] >= 0) continue;
    std::vector<int> stack{start};
    room[start] = rooms;
    while (!stack.empty()) {
      const int cell = stack.back();
      stack.pop_back();
      const int r = grid.rowOf(cell), c = grid.columnOf(cell);
      const auto go = [&](int next, bool walled) {
        if (!walled && room[next] < 0) {
          room[next] = rooms;
          stack.push_back(next);
        }
      };
      if (c + 1 < columns) go(cell + 1, wall[r * (columns - 1) + c]);
      if (c > 0) go(cell - 1, wall[r * (columns - 1) + c - 1]);
      if (r + 1 < rows) go(cell + columns, wall[vertical + r * columns + c]);
      if (r > 0) go(cell - columns, wall[vertical + (r - 1) * columns + c]);
    }
    ++rooms;
  }
  return room;
}

std::string block(int rows, int columns, const std::function<std::string(int)>& token) {
  return formatBlock(RectGrid{rows, columns}, token);
}

std::string numberOr(int value, const char* none = "-") {
  return value >= 0 ? std::to_string(value) : std::string(none);
}

/// The kakuro clue digit (decval): 0–9, a–j 10–19, A–Z 20–45.
int kakuroValue(Body& body) {
  if (body.done()) throw body.cutShort("in the middle of a clue");
  const char ch = body.peek();
  int v = -1;
  if (ch >= '0' && ch <= '9') v = ch - '0';
  if (ch >= 'a' && ch <= 'j') v = ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'Z') v = ch - 'A' + 20;
  if (ch == '-' || ch == '.') v = 0;  // no sum (decval reads what is none of the above as 0)
  if (v < 0) throw body.bad("not a Kakuro clue code (0-9, a-j, A-Z, or - for none)");
  body.next();
  return v;
}

char kakuroCode(int value) {
  if (value < 10) return static_cast<char>('0' + value);
  if (value < 20) return static_cast<char>('a' + value - 10);
  return static_cast<char>('A' + value - 20);
}

/// The record body (the lines after the size line) of a URL's puzzle.
std::string decodeSections(const PuzzLinkUrl& url, Body& body);

/// The record text of the URL's body (decodeSections), which must end where its last
/// section does: characters after it mean a corrupted body (a skip code too long, a
/// character changed), which pzprjs would read as another puzzle without a word.
std::string decodeBody(const PuzzLinkUrl& url) {
  // A body is ASCII (pzprjs writes nothing else; a browser percent-encodes the rest): a
  // character beyond it is named where it stands, before a lenient decoder (Hitori's
  // takes any character for an empty cell) reads its bytes as cells.
  for (std::size_t k = 0; k < url.body.size(); ++k) {
    if (static_cast<unsigned char>(url.body[k]) < 0x80) continue;
    const std::string ch = utf8CharacterAt(url.body, k);
    throw urlError("URL body, character " + std::to_string(k + 1) + " ('" + ch +
                       "'): not a character of a puzz.link URL (its bodies are ASCII)",
                   url.bodyStart + static_cast<int>(k) + 1, ch);
  }
  Body body(url);
  std::string out = decodeSections(url, body);
  if (!body.done()) {
    const std::size_t left = body.rest().size();
    throw body.bad(std::to_string(left) + (left == 1 ? " character" : " characters") +
                   " after the puzzle's last cell (is the URL corrupted?)");
  }
  return out;
}

/// The genre's sections of the body, read from `body` (Encode.js's decoders).
std::string decodeSections(const PuzzLinkUrl& url, Body& body) {
  const int rows = url.rows, columns = url.columns, cells = rows * columns;
  const std::string& g = url.genre;
  // "row r, column c: …" for the cell c (row by row) of the URL's grid, in where.cells.
  // A clue the genre cannot have is bad input, as the same clue in a record is
  // (parse_error, told by its cell), not a bad request.
  const auto cellError = [&](int c, const std::string& what) {
    Where where;
    where.cells = {CellRef{c / columns + 1, c % columns + 1}};
    return InputError(ErrorCode::kParseError,
                      "row " + std::to_string(c / columns + 1) + ", column " +
                          std::to_string(c % columns + 1) + ": " + what,
                      where);
  };
  const auto noQuestionMarks = [&](const std::vector<int>& values, const char* what) {
    for (int c = 0; c < static_cast<int>(values.size()); ++c) {
      if (values[c] == -2) {
        throw cellError(c, std::string("the URL has a \"?\" ") + what +
                               ": gridmilp solves puzzles whose clues are all known");
      }
    }
  };
  if (g == "sudoku") {
    if (rows != columns)
      throw badRequest("puzzle", "A Sudoku URL must be square, not " + std::to_string(columns) +
                                     "/" + std::to_string(rows));
    const std::vector<int> n = readNumber16(body, cells, "cells");
    noQuestionMarks(n, "given");
    for (int c = 0; c < cells; ++c) {
      if (n[c] == 0 || n[c] > rows) {
        throw cellError(c, "the URL has a given " + std::to_string(n[c]) + ", not 1 to " +
                               std::to_string(rows));
      }
    }
    return block(rows, columns, [&](int c) { return numberOr(n[c]); });
  }
  if (g == "kuromasu" || g == "shikaku" || g == "nurikabe") {
    const std::vector<int> n = readNumber16(body, cells, "cells");
    // Nurikabe's records have `?`, a clue of unknown size (an island holds it); the
    // other two genres' clues are all known.
    if (g != "nurikabe") noQuestionMarks(n, "clue");
    return block(rows, columns,
                 [&](int c) { return n[c] == -2 ? std::string("?") : numberOr(n[c]); });
  }
  if (g == "akari") {
    const std::vector<int> n = read4Cell(body, cells);
    return block(rows, columns, [&](int c) {
      return n[c] == -1 ? std::string("-") : n[c] == -2 ? std::string("x") : std::to_string(n[c]);
    });
  }
  if (g == "slitherlink") {
    const std::vector<int> n = read4Cell(body, cells);  // "?" clues ask nothing
    for (int c = 0; c < cells; ++c) {
      if (n[c] == 4) throw cellError(c, "the URL has a clue 4, which no Slitherlink cell can have");
    }
    return block(rows, columns, [&](int c) { return numberOr(n[c] >= 0 ? n[c] : -1); });
  }
  if (g == "hitori") {
    std::vector<int> n(cells, -1);
    for (int c = 0; c < cells; ++c) {
      if (body.done()) {
        throw body.cutShort("after " + std::to_string(c) + " of " + std::to_string(cells) +
                            " cells");
      }
      // pzprjs's encodeHitori writes these alone; its decoder reads any other character
      // as an empty cell, so a stray one (a space, a '/' after the body) would be another
      // puzzle: refused instead.
      const char ch = body.peek();
      if (ch == '.' || ch == '-' || ch == '%' || ch == '@' || (ch >= '0' && ch <= '9') ||
          (ch >= 'a' && ch <= 'z')) {
        body.next();
      } else {
        throw body.bad("not a Hitori cell code of puzz.link (0-9, a-z, -xx, ., %)");
      }
      if (digitValue(ch, 36) >= 0) {
        n[c] = digitValue(ch, 36);
      } else if (ch == '-') {
        n[c] = body.number(2, 36, "a number");
      } else if (ch == '%' || ch == '@') {
        n[c] = -2;
      }
    }
    noQuestionMarks(n, "number");
    return block(rows, columns, [&](int c) { return n[c] > 0 ? std::to_string(n[c]) : "-"; });
  }
  if (g == "star-battle" || g == "norinori" || g == "heyawake") {
    std::string stars;
    if (g == "star-battle") {
      const std::size_t slash = body.rest().find('/');
      if (slash == std::string_view::npos || slash == 0) {
        throw body.bad("a Star Battle body starts with the stars per unit and '/'");
      }
      for (std::size_t k = 0; k < slash; ++k) {
        if (!std::isdigit(static_cast<unsigned char>(body.peek()))) {
          throw body.bad("the stars per unit must be a whole number");
        }
        stars += body.next();
      }
      body.next();  // '/'
    }
    const std::vector<int> room = readBorder(body, rows, columns);
    const std::string ids =
        block(rows, columns, [&](int c) { return std::to_string(room[c] + 1); });
    if (g == "star-battle") return stars + "\n" + ids;  // the size line's third number
    if (g == "norinori") return block(rows, columns, [](int) { return "-"; }) + ids;
    int rooms = 0;
    for (int r : room) rooms = std::max(rooms, r + 1);
    const std::vector<int> clue = readNumber16(body, rooms, "rooms");
    noQuestionMarks(clue, "room clue");
    std::vector<int> first(rooms, -1);
    for (int c = cells - 1; c >= 0; --c) first[room[c]] = c;
    return block(rows, columns,
                 [&](int c) { return first[room[c]] == c ? numberOr(clue[room[c]]) : "-"; }) +
           ids;
  }
  if (g == "kakuro") {
    // The board of the URL; the record adds the outer clue row and column.
    std::vector<int> down(cells, -1), across(cells, -1);  // −1: a white cell
    int c = 0;
    while (c < cells) {
      if (body.done()) {
        throw body.cutShort("after " + std::to_string(c) + " of " + std::to_string(cells) +
                            " cells");
      }
      const char ch = body.peek();
      if (ch >= 'k' && ch <= 'z') {
        c += digitValue(ch, 36) - 19;
        body.next();
        continue;
      }
      down[c] = across[c] = 0;
      if (ch == '.') {
        body.next();
      } else {
        down[c] = kakuroValue(body);
        across[c] = kakuroValue(body);
      }
      ++c;
    }
    std::vector<int> top(columns, -1), left(rows, -1);
    for (int k = 0; k < columns; ++k) {
      if (down[k] < 0) top[k] = kakuroValue(body);
    }
    for (int k = 0; k < rows; ++k) {
      if (down[k * columns] < 0) left[k] = kakuroValue(body);
    }
    const auto clueToken = [](int d, int a) {
      if (d <= 0 && a <= 0) return std::string("-");
      return (d > 0 ? std::to_string(d) : "") + "," + (a > 0 ? std::to_string(a) : "");
    };
    return block(rows + 1, columns + 1, [&](int k) {
      const int r = k / (columns + 1) - 1, col = k % (columns + 1) - 1;
      if (r < 0 && col < 0) return std::string("-");
      if (r < 0) return top[col] < 0 ? std::string("-") : clueToken(top[col], 0);
      if (col < 0) return left[r] < 0 ? std::string("-") : clueToken(0, left[r]);
      const int cell = r * columns + col;
      return down[cell] < 0 ? std::string("0") : clueToken(down[cell], across[cell]);
    });
  }
  throw badRequest("puzzle", "gridmilp reads no URL of genre " + g);
}

// --- writing ---------------------------------------------------------------------------

/// Number16 (Encode.js, genericEncodeNumber16): −1 none, −2 "?" (written ".").
std::string writeNumber16(const std::vector<int>& values) {
  std::string out;
  int count = 0;
  // v in hexadecimal, `width` digits with leading zeros.
  const auto hex = [](int v, int width) {
    std::string digits(width, '0');
    for (int k = width - 1; k >= 0; --k, v /= 16) digits[k] = "0123456789abcdef"[v % 16];
    return digits;
  };
  for (int v : values) {
    std::string code;
    if (v == -2)
      code = ".";
    else if (v >= 0 && v < 16)
      code = hex(v, 1);
    else if (v >= 16 && v < 256)
      code = "-" + hex(v, 2);
    else if (v >= 256 && v < 4096)
      code = "+" + hex(v, 3);
    else if (v >= 4096 && v < 8192)
      code = "=" + hex(v - 4096, 3);
    else if (v >= 8192 && v < 12240)
      code = "@" + hex(v - 8192, 3);
    else if (v >= 12240 && v < 77776)
      code = "*" + hex(v - 12240, 4);
    else if (v >= 77776)
      code = "$" + hex(v - 77776, 5);
    if (code.empty()) ++count;
    if (count == 0) {
      out += code;
    } else if (!code.empty() || count == 20) {
      out += static_cast<char>('f' + count);
      out += code;
      count = 0;
    }
  }
  if (count > 0) out += static_cast<char>('f' + count);
  return out;
}

/// 4Cell (Encode.js, encode4Cell): 0–4, −1 none, −2 "?".
std::string write4Cell(const std::vector<int>& values) {
  std::string out;
  int count = 0;
  const int n = static_cast<int>(values.size());
  for (int c = 0; c < n; ++c) {
    std::string code;
    const int v = values[c];
    if (v >= 0) {
      if (c + 1 < n && values[c + 1] != -1) {
        code = std::string(1, static_cast<char>('0' + v));
      } else if (c + 2 < n && values[c + 2] != -1) {
        code = std::string(1, static_cast<char>('5' + v));
        ++c;
      } else {
        code = std::string(1, static_cast<char>('a' + v));
        c += 2;
      }
    } else if (v == -2) {
      code = ".";
    } else {
      ++count;
    }
    if (count == 0) {
      out += code;
    } else if (!code.empty() || count == 20) {
      out += static_cast<char>('f' + count);
      out += code;
      count = 0;
    }
  }
  if (count > 0) out += static_cast<char>('f' + count);
  return out;
}

/// Border (Encode.js, encodeBorder) of the regions `region` (one id per cell).
std::string writeBorder(const std::vector<int>& region, int rows, int columns) {
  std::vector<int> bits;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c + 1 < columns; ++c) {
      bits.push_back(region[r * columns + c] != region[r * columns + c + 1]);
    }
  }
  const std::size_t vertical = bits.size();
  for (int r = 0; r + 1 < rows; ++r) {
    for (int c = 0; c < columns; ++c) {
      bits.push_back(region[r * columns + c] != region[(r + 1) * columns + c]);
    }
  }
  std::string out;
  static const char* kDigits = "0123456789abcdefghijklmnopqrstuv";
  for (int part = 0; part < 2; ++part) {
    const std::size_t begin = part == 0 ? 0 : vertical, end = part == 0 ? vertical : bits.size();
    for (std::size_t k = begin; k < end; k += 5) {
      int v = 0;
      for (std::size_t b = 0; b < 5; ++b) v = v * 2 + (k + b < end ? bits[k + b] : 0);
      out += kDigits[v];
    }
  }
  return out;
}

/// The tokens of block `b` of a record of `blocks` blocks, as text.
std::vector<std::string> tokensOf(const Record& record, int b, int blocks) {
  std::vector<std::string> out;
  for (const Token* t : recordBlock(record, b, blocks)) out.push_back(t->text);
  return out;
}

int tokenNumber(const std::string& token) {
  if (token.empty() ||
      !std::all_of(token.begin(), token.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
    return -1;
  }
  return std::stoi(token.substr(0, 7));
}

/// Region ids (0-based, in order of first appearance) from tokens.
std::vector<int> regionsOf(const std::vector<std::string>& tokens) {
  std::map<std::string, int> id;
  std::vector<int> out;
  for (const std::string& t : tokens) {
    out.push_back(id.emplace(t, static_cast<int>(id.size())).first->second);
  }
  return out;
}

}  // namespace

bool looksLikeUrl(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
    text.remove_prefix(1);
  }
  // Scheme and host are case-insensitive (RFC 3986, 3.1 and 3.2.2): HTTPS://PUZZ.LINK/ too.
  const auto starts = [&](std::string_view prefix) {
    if (text.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
      if (std::tolower(static_cast<unsigned char>(text[i])) != prefix[i]) return false;
    }
    return true;
  };
  const bool scheme =
      starts("http://") || starts("https://") || starts("puzz.link/") || starts("pzv.jp/");
  return scheme && text.find('?') != std::string_view::npos;
}

PuzzLinkUrl parsePuzzLinkUrl(std::string_view url) {
  while (!url.empty() && std::isspace(static_cast<unsigned char>(url.back()))) url.remove_suffix(1);
  std::size_t lead = 0;
  while (lead < url.size() && std::isspace(static_cast<unsigned char>(url[lead]))) ++lead;
  const std::size_t query = url.find('?');
  if (query == std::string_view::npos) {
    throw urlError(
        "The URL has no '?': a puzz.link URL is "
        "https://puzz.link/p?<genre>/<columns>/<rows>/<body>");
  }
  PuzzLinkUrl out;
  // The parts after '?', split at '/', each with its offset in the URL.
  std::vector<std::pair<std::string, std::size_t>> parts;
  std::size_t start = query + 1;
  for (;;) {
    const std::size_t slash = url.find('/', start);
    const std::size_t end = slash == std::string_view::npos ? url.size() : slash;
    parts.emplace_back(std::string(url.substr(start, end - start)), start);
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  std::size_t k = 0;
  // "type=editor&pid" or "pid_edit" name the mode; gridmilp ignores it.
  std::string pid = parts[k].first;
  if (const std::size_t amp = pid.rfind('&'); amp != std::string::npos) pid = pid.substr(amp + 1);
  for (const char* suffix : {"_edit", "_play"}) {
    if (pid.size() > 5 && pid.compare(pid.size() - 5, 5, suffix) == 0) pid.resize(pid.size() - 5);
  }
  out.pid = pid;
  ++k;
  for (const PidGenre& p : kPids) {
    if (p.pid == pid) out.genre = std::string(p.genre);
  }
  if (pid.empty()) {
    throw badRequest("puzzle",
                     "The URL ends before its genre: after '?' comes the genre, then the size "
                     "and the puzzle (https://puzz.link/p?nurikabe/5/5/…); it reads URLs of " +
                         supportedList());
  }
  if (out.genre.empty() || findGenre(out.genre) == nullptr) {
    throw badRequest("puzzle", "The URL is a puzzle of genre '" + pid +
                                   "', which gridmilp does not solve; it reads URLs of " +
                                   supportedList());
  }
  if (k < parts.size() && parts[k].first.rfind("v:", 0) == 0)
    out.variant = parts[k++].first.substr(2);
  const auto isNumber = [](const std::string& s) {
    return !s.empty() && s.size() <= 3 &&
           std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
  };
  // A part that is not a number before the size is the pflag (parser.js: isNaN). One that
  // reads as a number ("-4", "4.0") is the columns, refused below as not a side.
  const auto readsAsNumber = [](const std::string& s) {
    if (s.empty()) return true;  // isNaN("") is false in JavaScript
    char* end = nullptr;
    std::strtod(s.c_str(), &end);
    return end == s.c_str() + s.size();
  };
  if (k < parts.size() && !readsAsNumber(parts[k].first)) out.pflag = parts[k++].first;
  for (int* side : {&out.columns, &out.rows}) {
    const char* what = side == &out.columns ? "columns" : "rows";
    if (k >= parts.size()) {
      throw urlError(std::string("The URL ends before its ") + what +
                     " (…/<columns>/<rows>/<body>)");
    }
    const auto& [text, at] = parts[k++];
    if (!isNumber(text) || std::stoi(text) < 1 || std::stoi(text) > kMaxSide) {
      throw urlError(std::string("URL part ") + what + " is '" + text +
                         "': expected a whole number from 1 to " + std::to_string(kMaxSide),
                     static_cast<int>(at) + 1, text.substr(0, 1));
    }
    *side = std::stoi(text);
  }
  if (k >= parts.size()) throw urlError("The URL ends before its body (…/<columns>/<rows>/<body>)");
  out.bodyStart = static_cast<int>(parts[k].second);
  out.body = std::string(url.substr(parts[k].second));
  return out;
}

std::string recordOfUrl(std::string_view url, std::string_view name) {
  const PuzzLinkUrl parts = parsePuzzLinkUrl(url);
  std::string body = decodeBody(parts);
  std::string size = std::to_string(parts.genre == "kakuro" ? parts.rows + 1 : parts.rows) + " " +
                     std::to_string(parts.genre == "kakuro" ? parts.columns + 1 : parts.columns);
  if (parts.genre == "star-battle") {  // "K\nids": K goes on the size line
    const std::size_t newline = body.find('\n');
    size += " " + body.substr(0, newline);
    body = body.substr(newline + 1);
  }
  std::string_view trimmed = url;
  while (!trimmed.empty() && std::isspace(static_cast<unsigned char>(trimmed.front()))) {
    trimmed.remove_prefix(1);
  }
  while (!trimmed.empty() && std::isspace(static_cast<unsigned char>(trimmed.back()))) {
    trimmed.remove_suffix(1);
  }
  return "=== " + std::string(name) + " source=" + std::string(trimmed) + "\n" + size + "\n" + body;
}

std::string urlOf(const Genre& genre, const Puzzle& puzzle) {
  const std::string_view pid = urlIdOf(genre.id());
  if (pid.empty()) {
    throw badRequest("genre", std::string(genre.title()) + " has no puzz.link URL");
  }
  const std::vector<Record> records = parseRecords(genre.formatPuzzle(puzzle));
  const Record& record = records.front();
  const std::string g(genre.id());
  int rows = record.rows, columns = record.columns;
  std::string body;
  if (g == "kuromasu" || g == "shikaku" || g == "nurikabe" || g == "sudoku") {
    std::vector<int> values;
    // Nurikabe's `?` (a clue of unknown size) is pzprjs's "." (qnum −2).
    for (const std::string& t : tokensOf(record, 0, 1)) {
      values.push_back(t == "?" ? -2 : tokenNumber(t));
    }
    body = writeNumber16(values);
  } else if (g == "akari" || g == "slitherlink") {
    std::vector<int> values;
    for (const std::string& t : tokensOf(record, 0, 1)) {
      values.push_back(t == "x" ? -2 : tokenNumber(t));
    }
    body = write4Cell(values);
  } else if (g == "hitori") {
    for (const std::string& t : tokensOf(record, 0, 1)) {
      const int v = tokenNumber(t);
      static const char* kDigits = "0123456789abcdefghijklmnopqrstuvwxyz";
      if (v < 0) {
        body += '.';
      } else if (v < 36) {
        body += kDigits[v];
      } else if (v < 1296) {
        body += std::string("-") + kDigits[v / 36] + kDigits[v % 36];
      } else {
        throw badRequest("puzzle",
                         "puzz.link's Hitori holds numbers up to 1295, not " + std::to_string(v));
      }
    }
  } else if (g == "star-battle" || g == "norinori" || g == "heyawake") {
    const int blocks = g == "star-battle" ? 1 : 2;
    const std::vector<std::string> ids = tokensOf(record, blocks - 1, blocks);
    if (g == "star-battle" && std::any_of(ids.begin(), ids.end(), [](const std::string& id) {
          return id == "@" || id == "#";
        })) {
      throw badRequest("puzzle",
                       "This Star Battle has cells outside the grid or black cells ('@', '#'), "
                       "which a puzz.link URL cannot hold");
    }
    // Rooms as pzprjs numbers them: connected pieces of equal ids, raster order.
    const std::vector<int> region = regionsOf(ids);
    const RectGrid grid{rows, columns};
    std::vector<int> room(grid.cells(), -1);
    int rooms = 0;
    for (int start = 0; start < grid.cells(); ++start) {
      if (room[start] >= 0) continue;
      std::vector<int> stack{start};
      room[start] = rooms;
      while (!stack.empty()) {
        const int cell = stack.back();
        stack.pop_back();
        for (int next : grid.neighbours(cell)) {
          if (room[next] < 0 && region[next] == region[cell]) {
            room[next] = rooms;
            stack.push_back(next);
          }
        }
      }
      ++rooms;
    }
    if (g == "star-battle") {
      body = (record.parameter ? record.parameter->text : std::string("1")) + "/";
    }
    body += writeBorder(room, rows, columns);
    if (g == "heyawake") {
      const std::vector<std::string> clues = tokensOf(record, 0, 2);
      std::vector<int> clue(rooms, -1);
      for (int cell = 0; cell < grid.cells(); ++cell) {
        if (tokenNumber(clues[cell]) >= 0) clue[room[cell]] = tokenNumber(clues[cell]);
      }
      body += writeNumber16(clue);
    }
  } else if (g == "kakuro") {
    // The record's first row and column are the outer clues; the URL's board is the rest.
    const std::vector<std::string> t = tokensOf(record, 0, 1);
    rows = record.rows - 1;
    columns = record.columns - 1;
    const auto clue = [](const std::string& token, bool down) {
      const std::size_t comma = token.find(',');
      if (comma == std::string::npos) return 0;
      const std::string part = down ? token.substr(0, comma) : token.substr(comma + 1);
      return std::max(0, tokenNumber(part));
    };
    const auto at = [&](int r, int c) -> const std::string& { return t[r * record.columns + c]; };
    int count = 0;
    for (int r = 1; r <= rows; ++r) {
      for (int c = 1; c <= columns; ++c) {
        const std::string& token = at(r, c);
        if (token != "-" && token.find(',') == std::string::npos) {
          if (++count == 16) {
            body += static_cast<char>('j' + count);
            count = 0;
          }
          continue;
        }
        if (count > 0) body += static_cast<char>('j' + count);
        count = 0;
        const int d = clue(token, true), a = clue(token, false);
        if (d > 45 || a > 45) throw badRequest("puzzle", "puzz.link's Kakuro holds clues up to 45");
        if (d == 0 && a == 0) {
          body += '.';
        } else {
          body += kakuroCode(d);
          body += kakuroCode(a);
        }
      }
    }
    if (count > 0) body += static_cast<char>('j' + count);
    const auto white = [&](int r, int c) {
      return at(r, c) != "-" && at(r, c).find(',') == std::string::npos;
    };
    for (int c = 1; c <= columns; ++c) {
      if (white(1, c)) body += kakuroCode(std::min(45, clue(at(0, c), true)));
    }
    for (int r = 1; r <= rows; ++r) {
      if (white(r, 1)) body += kakuroCode(std::min(45, clue(at(r, 0), false)));
    }
  }
  return "https://puzz.link/p?" + std::string(pid) + "/" + std::to_string(columns) + "/" +
         std::to_string(rows) + "/" + body;
}

namespace {

/// Calls `each(line, number)` for each line of a text of URLs that is neither blank nor
/// a comment (`#` first, after any spaces: a title, a note), with its 1-based number.
void forEachLine(std::string_view text, const std::function<bool(std::string_view, int)>& each) {
  int number = 0;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++number;
    const std::size_t first = line.find_first_not_of(" \t\r\f\v");
    if (first == std::string_view::npos || line[first] == '#') continue;
    if (!each(line, number)) return;
  }
}

/// `e` with "line N: " before its message and the line in `where`.
InputError atLine(const InputError& e, int line) {
  Where where = e.where();
  where.line = line;
  return InputError(e.code(), "line " + std::to_string(line) + ": " + e.what(), where);
}

/// The place "line L, column C: " that starts an error of a record (records.cpp's
/// parseError), and where the rest of the message begins.
struct MessagePlace {
  int line = 0;
  int column = 0;
  std::size_t rest = 0;  ///< the offset of the message after the place
};

/// The place that starts `message`, or nothing for a message without one.
std::optional<MessagePlace> messagePlace(const std::string& message) {
  MessagePlace out;
  int end = -1;
  if (std::sscanf(message.c_str(), "line %d, column %d: %n", &out.line, &out.column, &end) < 2 ||
      end < 0) {
    return std::nullopt;
  }
  out.rest = static_cast<std::size_t>(end);
  return out;
}

/// Whether `message` starts with the name a genre gives a record gridmilp wrote
/// ("url-1 (line 1): ", "saito (line 1): "), whose name and line are not the user's;
/// if so, the name is taken off.
bool dropRecordName(std::string* message, const std::string& name) {
  const std::string own = name + " (line 1): ";
  if (message->rfind(own, 0) != 0) return false;
  message->erase(0, own.size());
  return true;
}

/// The cell a genre's parse error names in a record gridmilp wrote (recordOfUrl,
/// recordOfSaito), and the message after its place.
struct RecordCell {
  CellRef cell;      ///< 1-based; row 0 when the error names no cell
  std::string rest;  ///< the message after "line L, column C: "
};

/// The cell of a record's "line L, column C: …" error. Such a record has its size line
/// (`R C …`) second, then blocks of R lines with one token per cell (records.h), so line
/// L is row (L − 3) mod R + 1, and the column's token, counted from the line's start, is
/// the cell's column. Row 0 for any other error.
RecordCell recordCellOf(const InputError& e, std::string_view record) {
  RecordCell out;
  const std::string message = e.what();
  const std::optional<MessagePlace> place = messagePlace(message);
  if (!place || place->line < 3 || place->column < 1) return out;
  const int line = place->line, column = place->column;
  std::vector<std::string_view> lines;
  for (std::size_t pos = 0; pos <= record.size();) {
    const std::size_t stop = std::min(record.find('\n', pos), record.size());
    lines.push_back(record.substr(pos, stop - pos));
    pos = stop + 1;
  }
  const int rows = lines.size() > 1 ? std::atoi(std::string(lines[1]).c_str()) : 0;
  if (rows < 1 || line > static_cast<int>(lines.size())) return out;
  const std::string_view text = lines[line - 1];
  if (column > static_cast<int>(text.size())) return out;
  int token = 0;  // tokens that start at or before the column
  for (int k = 0; k < column; ++k) {
    const bool space = text[k] == ' ' || text[k] == '\t';
    if (!space && (k == 0 || text[k - 1] == ' ' || text[k - 1] == '\t')) ++token;
  }
  if (token == 0) return out;
  out.cell = CellRef{(line - 3) % rows + 1, token};
  out.rest = message.substr(place->rest);
  return out;
}

/// `e` told by the cell: "row r, column c: …", the cell in `where.cells`, the record's
/// line and column dropped (they are not the user's).
InputError atCell(const InputError& e, const RecordCell& at) {
  Where where = e.where();
  where.line.reset();
  where.column.reset();
  where.cells = {at.cell};
  return InputError(e.code(),
                    "row " + std::to_string(at.cell.row) + ", column " +
                        std::to_string(at.cell.column) + ": " + at.rest,
                    where);
}

/// Each line of a text of URLs that is not blank or a comment, as readUrlLines and
/// sudokuRecordsOfUrls read them: named `url-N` (N counting such lines), refused unless
/// it looks like a URL, its parts read (parsePuzzLinkUrl), then `read(line, number, name,
/// parts)`. An InputError of a line is told by its line (atLine) and, with `skip`, listed
/// in `refused` with the URL's genre once read; without, thrown.
void forEachUrlLine(std::string_view text, bool skip, std::vector<RefusedRecord>* refused,
                    const std::function<void(std::string_view, int, const std::string&,
                                             const PuzzLinkUrl&)>& read) {
  int k = 0;
  forEachLine(text, [&](std::string_view line, int number) {
    // A record among the URLs would be refused line by line, each line a "URL": the
    // whole text is refused at its header instead.
    const std::size_t lead = line.find_first_not_of(" \t");
    if (lead != std::string_view::npos && line.substr(lead).rfind("===", 0) == 0) {
      Where where;
      where.line = number;
      throw InputError(ErrorCode::kParseError,
                       "line " + std::to_string(number) +
                           ": a record's header (===) in a text of URLs, one a line: put "
                           "records and URLs in texts of their own",
                       where);
    }
    const std::string name = "url-" + std::to_string(++k);
    std::string url_genre;  // the URL's genre once read (RefusedRecord::genre)
    try {
      if (!looksLikeUrl(line)) {
        throw urlError(
            "expected a puzz.link URL, as on the first line (a text of URLs holds "
            "one URL a line)");
      }
      const PuzzLinkUrl parts = parsePuzzLinkUrl(line);
      url_genre = parts.genre;
      read(line, number, name, parts);
    } catch (const InputError& e) {
      // The URL was read alone, as puzzle 1: its place is the text's k-th URL.
      Where where = e.where();
      where.puzzle = k;
      const InputError told = atLine(InputError(e.code(), e.what(), where), number);
      if (!skip) throw told;
      refused->push_back(RefusedRecord{name, number, 1, told, url_genre});
    }
    return true;
  });
}

/// The puzzles of a text of URLs, one a line, as parsePuzzlesSkipping reads them: a line
/// that cannot be read is left out (its error told by the line and, for a clue, the
/// URL's cell), a URL of another genre too unless `own_genres`.
ParsedPuzzles readUrlLines(const Genre& genre, std::string_view text, int size, bool as_given,
                           bool own_genres) {
  ParsedPuzzles out;
  forEachUrlLine(
      text, true, &out.refused,
      [&](std::string_view line, int number, const std::string& name, const PuzzLinkUrl& parts) {
        const Genre* own = &genre;
        if (parts.genre != genre.id()) {
          if (!own_genres) {
            throw badRequest("genre", "this URL is a puzzle of genre '" + parts.genre + "', not '" +
                                          std::string(genre.id()) + "'");
          }
          own = &genreById(parts.genre);
        }
        const std::string record = recordOfUrl(line, name);
        std::vector<std::unique_ptr<Puzzle>> one;
        try {
          one = as_given ? own->parseAsGiven(record, size) : own->parse(record, size);
        } catch (const InputError& e) {
          const RecordCell at = recordCellOf(e, record);
          if (at.cell.row > 0) throw atCell(e, at);
          // "url-1 (line 1): …", or a place in the record's header or size line ("line 2,
          // column 5: the stars per row … 0"), names the record gridmilp wrote, not the
          // user's line: the rest of the message is said alone.
          std::string message = e.what();
          if (!dropRecordName(&message, name)) {
            const std::optional<MessagePlace> place = messagePlace(message);
            if (!place || place->line > 2) throw;
            message.erase(0, place->rest);
          }
          Where where = e.where();
          where.line.reset();
          where.column.reset();
          throw InputError(e.code(), message, where);
        }
        one.front()->line = number;
        out.puzzles.push_back(std::move(one.front()));
        out.genres.push_back(own);
      });
  return out;
}

/// Whether a text's first non-blank line is a URL (a text of URLs).
bool isUrlText(std::string_view text) {
  bool urls = false;
  forEachLine(text, [&](std::string_view line, int) {
    urls = looksLikeUrl(line);
    return false;
  });
  return urls;
}

}  // namespace

namespace {

/// The genres of a text of URLs, each once in the order of their first URL; with
/// `first_only`, stops at the first (urlTextGenre: a request's route, read for every
/// request, need not read every line). Throws as urlTextGenres.
std::vector<std::string> genresOfUrls(std::string_view text, bool first_only) {
  std::vector<std::string> out;
  std::optional<InputError> first_error;
  bool urls = false, first = true;
  forEachLine(text, [&](std::string_view line, int number) {
    if (first) urls = looksLikeUrl(line);
    first = false;
    if (!urls || !looksLikeUrl(line)) return urls;
    try {
      std::string genre = parsePuzzLinkUrl(line).genre;
      if (std::find(out.begin(), out.end(), genre) == out.end()) out.push_back(std::move(genre));
    } catch (const InputError& e) {
      if (!first_error) first_error = atLine(e, number);
    }
    return !(first_only && !out.empty());
  });
  if (out.empty() && first_error) throw *first_error;
  return out;
}

}  // namespace

std::vector<std::string> urlTextGenres(std::string_view text) { return genresOfUrls(text, false); }

std::optional<std::string> urlTextGenre(std::string_view text) {
  std::vector<std::string> genres = genresOfUrls(text, true);
  if (genres.empty()) return std::nullopt;
  return std::move(genres.front());
}

SudokuUrlRecords sudokuRecordsOfUrls(std::string_view text, bool skip, int size) {
  SudokuUrlRecords out;
  forEachUrlLine(
      text, skip, &out.refused,
      [&](std::string_view line, int number, const std::string& name, const PuzzLinkUrl& parts) {
        if (parts.genre != "sudoku") {
          throw badRequest("puzzle",
                           "this URL is a puzzle of genre '" + parts.genre + "', not a Sudoku");
        }
        // Here, not when the Sudoku parser reads the records: its lines are not the user's.
        sudoku::shapeForSize(parts.rows);
        if (size > 0 && parts.rows != size) {
          const std::string n = std::to_string(parts.rows);
          throw badRequest("size", "this URL is a " + n + "\u00d7" + n +
                                       " Sudoku, not the chosen " + std::to_string(size) +
                                       "\u00d7" + std::to_string(size));
        }
        const std::string record = recordOfUrl(line, name);
        const std::vector<Record> records = parseRecords(record);
        std::string own = record.substr(0, record.find('\n') + 1);  // the header
        own += std::to_string(parts.rows) + " " + std::to_string(parts.columns) + "\n";
        int cell = 0;
        for (const Token* t : recordBlock(records.front(), 0, 1)) {
          const int v = tokenNumber(t->text);
          own += v < 0    ? '.'
                 : v < 10 ? static_cast<char>('0' + v)
                          : static_cast<char>('A' + v - 10);
          if (++cell % parts.columns == 0) own += '\n';
        }
        out.text += own;
        out.lines.push_back(number);
      });
  if (out.lines.empty() && !out.refused.empty()) throw out.refused.front().error;
  return out;
}

ParsedPuzzles parsePuzzlesSkipping(const Genre& genre, std::string_view text, int size,
                                   bool as_given, bool own_genres) {
  if (isUrlText(text)) {
    ParsedPuzzles out = readUrlLines(genre, text, size, as_given, own_genres);
    if (out.puzzles.empty() && !out.refused.empty()) throw out.refused.front().error;
    return out;
  }
  ParsedPuzzles out;
  // A header "=== id": "===" and more than '=' after it (not easy50's separator lines).
  const auto is_header = [](std::string_view line) {
    if (line.substr(0, 3) != "===") return false;
    const std::size_t after = line.find_first_not_of('=');
    return after != std::string_view::npos &&
           line.find_first_not_of(" \t\r", after) != std::string_view::npos;
  };
  std::vector<int> starts;  // each record's header line
  std::vector<std::string> names;
  bool first = true, records = false;
  forEachLine(text, [&](std::string_view line, int number) {
    if (first) records = is_header(line);
    first = false;
    if (is_header(line)) {
      starts.push_back(number);
      std::string_view header = line.substr(3);
      const std::size_t from = header.find_first_not_of(" \t");
      header = from == std::string_view::npos ? std::string_view() : header.substr(from);
      names.emplace_back(header.substr(0, header.find_first_of(" \t\r")));
    }
    return records;
  });
  if (!records || starts.size() < 2) {
    out.puzzles = parsePuzzles(genre, text, size, as_given);
    out.genres.assign(out.puzzles.size(), &genre);
    return out;
  }
  std::string work(text);
  std::vector<std::size_t> line_at{0};  // where each line begins in `work`
  for (std::size_t k = 0; k < work.size(); ++k) {
    if (work[k] == '\n') line_at.push_back(k + 1);
  }
  const int text_lines = static_cast<int>(line_at.size());
  std::vector<char> left_out(starts.size(), 0);
  for (;;) {
    try {
      out.puzzles = parsePuzzles(genre, work, size, as_given);
      break;
    } catch (const InputError& e) {
      // The record the error is in: by its line, else by its index among those read.
      int record = -1;
      if (e.where().line && *e.where().line >= starts.front()) {
        record = static_cast<int>(std::upper_bound(starts.begin(), starts.end(), *e.where().line) -
                                  starts.begin()) -
                 1;
      } else if (e.where().puzzle) {
        int k = *e.where().puzzle;
        for (std::size_t i = 0; i < starts.size() && record < 0; ++i) {
          if (!left_out[i] && --k == 0) record = static_cast<int>(i);
        }
      }
      if (record < 0 || left_out[record] ||
          static_cast<int>(out.refused.size()) >= kMostRefusedRecords) {
        if (!out.refused.empty()) throw out.refused.front().error;
        throw;
      }
      const int end =
          record + 1 < static_cast<int>(starts.size()) ? starts[record + 1] : text_lines + 1;
      // Blank its lines (newlines kept, so the other records keep their line numbers).
      for (int line = starts[record]; line < end; ++line) {
        const std::size_t from = line_at[line - 1];
        const std::size_t to = line < text_lines ? line_at[line] - 1 : work.size();
        std::fill(work.begin() + static_cast<std::ptrdiff_t>(from),
                  work.begin() + static_cast<std::ptrdiff_t>(to), ' ');
      }
      left_out[record] = 1;
      InputError error = e;
      error.where().puzzle = record + 1;  // its index in the text, not among those read
      out.refused.push_back(
          RefusedRecord{names[record], starts[record], end - starts[record], error, ""});
      if (out.refused.size() == starts.size()) throw out.refused.front().error;
    }
  }
  std::sort(out.refused.begin(), out.refused.end(),
            [](const RefusedRecord& a, const RefusedRecord& b) { return a.line < b.line; });
  out.genres.assign(out.puzzles.size(), &genre);
  return out;
}

namespace {

/// `e`, a record's error read as `genre`, with a word when the record's header names a
/// janko.at page of another genre ("… (its source is a janko.at Nurikabe page: choose
/// that genre)"): the record is then most likely that genre's, and the error only says
/// how it fails as this one. The record is the one holding the error's line, else the
/// text's first.
InputError withSourceGenreHint(const InputError& e, std::string_view text, const Genre& genre) {
  std::string_view header;
  forEachLine(text, [&](std::string_view line, int number) {
    if (e.where().line && number > *e.where().line) return false;
    const std::size_t lead = line.find_first_not_of(" \t");
    if (lead != std::string_view::npos && line.substr(lead).rfind("===", 0) == 0) {
      header = line;
      return e.where().line.has_value();  // the last header up to the line, else the first
    }
    return true;
  });
  const std::string id = jankoSource(header).genre;
  const Genre* other = id.empty() || id == genre.id() ? nullptr : findGenre(id);
  if (other == nullptr) return e;
  return InputError(e.code(),
                    std::string(e.what()) + " (its source is a janko.at " +
                        std::string(other->title()) + " page: choose that genre)",
                    e.where());
}

}  // namespace

std::vector<std::unique_ptr<Puzzle>> parsePuzzles(const Genre& genre, std::string_view text,
                                                  int size, bool as_given) {
  const auto read = [&](std::string_view record) {
    return as_given ? genre.parseAsGiven(record, size) : genre.parse(record, size);
  };
  const bool urls = isUrlText(text);
  if (!urls && looksLikeSaito(text)) {
    const std::string record = recordOfSaito(genre.id(), text, "saito");
    try {
      return read(record);
    } catch (const InputError& e) {
      // The record's lines are not the text's: the cell's, in Saito's [data].
      const RecordCell at = recordCellOf(e, record);
      if (at.cell.row > 0) {
        if (const auto place = saitoCellPosition(text, at.cell.row, at.cell.column)) {
          Where where = e.where();
          where.line = place->line;
          where.column = place->column;
          where.cells = {at.cell};
          throw InputError(e.code(),
                           "line " + std::to_string(place->line) + ", column " +
                               std::to_string(place->column) + " (row " +
                               std::to_string(at.cell.row) + ", column " +
                               std::to_string(at.cell.column) + "): " + at.rest,
                           where);
        }
      }
      // An error that names cells ("the number 9 at row 1, column 1 is more than its
      // room's 4 cells can hold"): placed at the first in Saito's [data].
      if (!e.where().cells.empty()) {
        const CellRef cell = e.where().cells.front();
        if (const auto place = saitoCellPosition(text, cell.row, cell.column)) {
          std::string message = e.what();
          dropRecordName(&message, "saito");
          Where where = e.where();
          where.line = place->line;
          where.column = place->column;
          throw InputError(e.code(),
                           "line " + std::to_string(place->line) + ", column " +
                               std::to_string(place->column) + ": " + message,
                           where);
        }
      }
      // An error of the whole puzzle: say what was read instead.
      throw InputError(e.code(), std::string("in the record read from Saito's layout (") +
                                     e.what() + "):\n" + record);
    }
  }
  if (!urls) {
    try {
      return read(text);
    } catch (const InputError& e) {
      throw withSourceGenreHint(e, text, genre);
    }
  }
  ParsedPuzzles read_urls = readUrlLines(genre, text, size, as_given, false);
  if (!read_urls.refused.empty()) throw read_urls.refused.front().error;
  return std::move(read_urls.puzzles);
}

}  // namespace gridmilp::puzzles
