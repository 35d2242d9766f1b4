// gridmilp — the janko-style record text of the sw_* puzzle files.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/common/records.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "puzzles/sudoku/grid.h"

namespace gridmilp::puzzles {
namespace {

std::vector<Token> tokensOf(std::string_view line) {
  std::vector<Token> out;
  std::size_t k = 0;
  int column = 0;  // characters before k, not bytes ("é" is one)
  while (k < line.size()) {
    while (k < line.size() && std::isspace(static_cast<unsigned char>(line[k]))) {
      ++k;
      ++column;
    }
    const std::size_t begin = k;
    const int begin_column = column + 1;
    while (k < line.size() && !std::isspace(static_cast<unsigned char>(line[k]))) {
      k += utf8Length(static_cast<unsigned char>(line[k]));
      ++column;
    }
    k = std::min(k, line.size());
    if (k > begin) out.push_back(Token{std::string(line.substr(begin, k - begin)), begin_column});
  }
  return out;
}

InputError parseError(const std::string& message, int line, int column,
                      std::string character = {}) {
  Where where;
  where.line = line;
  where.column = column;
  if (!character.empty()) where.character = character;
  return InputError(
      ErrorCode::kParseError,
      "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + message,
      where);
}

/// A token of digits only (at most 9) as its number, or -1.
long wholeNumber(const std::string& text) {
  if (text.empty() || text.size() > 9) return -1;
  long value = 0;
  for (char ch : text) {
    if (ch < '0' || ch > '9') return -1;
    value = value * 10 + (ch - '0');
  }
  return value;
}

/// A whole number 1..kMaxSide from a token, or -1.
int sideOf(const std::string& text) {
  const long value = wholeNumber(text);
  return value >= 1 && value <= kMaxSide ? static_cast<int>(value) : -1;
}

}  // namespace

std::vector<Record> parseRecords(std::string_view text) {
  std::vector<Record> out;
  Record* current = nullptr;
  bool expect_size = false;
  int line_number = 0;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.substr(0, 3) == "===") {
      out.emplace_back();
      current = &out.back();
      std::string_view header = line.substr(3);
      while (!header.empty() && std::isspace(static_cast<unsigned char>(header.front()))) {
        header.remove_prefix(1);
      }
      while (!header.empty() && std::isspace(static_cast<unsigned char>(header.back()))) {
        header.remove_suffix(1);
      }
      current->header = std::string(header);
      current->name = current->header.substr(0, current->header.find_first_of(" \t"));
      current->line = line_number;
      current->puzzle = static_cast<int>(out.size());
      if (current->name.empty()) current->name = "Puzzle " + std::to_string(out.size());
      expect_size = true;
      continue;
    }
    std::vector<Token> tokens = tokensOf(line);
    if (tokens.empty()) continue;
    if (current == nullptr) {  // a text of one record without a header
      out.emplace_back();
      current = &out.back();
      current->name = "Puzzle 1";
      current->line = line_number;
      current->puzzle = 1;
      expect_size = true;
    }
    if (expect_size) {
      // A side that is a whole number, only too large, is named (docs/formats.md).
      for (std::size_t k = 0; k < 2 && k < tokens.size() && tokens.size() <= 3; ++k) {
        const std::string& t = tokens[k].text;
        if (wholeNumber(t) > kMaxSide) {
          throw parseError(std::string(k == 0 ? "the rows" : "the columns") + ", " + t +
                               ", are more than gridmilp's limit of " + std::to_string(kMaxSide),
                           line_number, tokens[k].column);
        }
      }
      if (tokens.size() < 2 || tokens.size() > 3 || sideOf(tokens[0].text) < 0 ||
          sideOf(tokens[1].text) < 0) {
        throw parseError(
            "expected the size line \"ROWS COLUMNS\" (two whole numbers, 1 to " +
                std::to_string(kMaxSide) +
                "; a third where the genre has one: a Star Battle's stars per unit, a "
                "Sudoku's boxes HxW)" +
                (current->header.empty() ? "" : " after the header of " + current->name),
            line_number, tokens[0].column, tokens[0].text.substr(0, 1));
      }
      current->rows = sideOf(tokens[0].text);
      current->columns = sideOf(tokens[1].text);
      current->sizeLine = line_number;
      if (tokens.size() == 3) current->parameter = tokens[2];
      expect_size = false;
      continue;
    }
    current->lines.push_back(RecordLine{line_number, std::move(tokens)});
  }
  if (out.empty()) throw InputError(ErrorCode::kEmptyInput, "The text holds no puzzle");
  if (expect_size) {
    throw parseError(out.back().name + " has a header but no size line", out.back().line, 1);
  }
  return out;
}

std::vector<const Token*> recordBlock(const Record& record, int block, int blocks) {
  const bool last = block == blocks - 1;
  std::vector<const Token*> out;
  const std::size_t first = static_cast<std::size_t>(block) * record.rows;
  const auto where = [&](int line) {
    Where w;
    w.puzzle = record.puzzle;
    w.line = line;
    return w;
  };
  if (record.lines.size() < static_cast<std::size_t>(blocks) * record.rows) {
    const int line = record.lines.empty() ? record.line : record.lines.back().line;
    throw InputError(ErrorCode::kWrongLength,
                     record.name + " (line " + std::to_string(record.line) + "): expected " +
                         std::to_string(blocks * record.rows) + " lines of " +
                         std::to_string(record.columns) + " cells after its size line, found " +
                         std::to_string(record.lines.size()) +
                         // where.line is the last line read; the message names it too
                         (record.lines.empty() ? "" : ", the last at line " + std::to_string(line)),
                     where(line));
  }
  for (int r = 0; r < record.rows; ++r) {
    const RecordLine& line = record.lines[first + r];
    if (static_cast<int>(line.tokens.size()) != record.columns) {
      throw InputError(ErrorCode::kWrongLength,
                       "line " + std::to_string(line.line) + ": expected " +
                           std::to_string(record.columns) + " cells, found " +
                           std::to_string(line.tokens.size()),
                       where(line.line));
    }
    for (const Token& t : line.tokens) out.push_back(&t);
  }
  if (last && record.lines.size() > first + record.rows) {
    const RecordLine& extra = record.lines[first + record.rows];
    // A puzz.link URL after a record: a text holds records or URLs, not both.
    const bool url =
        extra.tokens.size() == 1 && extra.tokens[0].text.find("://") != std::string::npos;
    throw InputError(ErrorCode::kWrongLength,
                     "line " + std::to_string(extra.line) + ": " + record.name + " has " +
                         std::to_string(record.rows) + " rows, but more lines follow" +
                         (url ? " (a URL: put records and URLs in texts of their own)" : ""),
                     where(extra.line));
  }
  return out;
}

int blockLine(const Record& record, int block, int k) {
  return record.lines[static_cast<std::size_t>(block) * record.rows + k / record.columns].line;
}

int tokenValue(const Record& record, const Token& token, int line, int low, int high, bool empty_ok,
               const char* what) {
  if (empty_ok && (token.text == "-" || token.text == ".")) return 0;
  long value = 0;
  for (std::size_t k = 0; k < token.text.size(); ++k) {
    const char ch = token.text[k];
    if (ch < '0' || ch > '9') {
      InputError e =
          parseError(std::string("expected ") + what + (empty_ok ? " or -" : "") + ", found '" +
                         token.text + "'",
                     line, token.column + static_cast<int>(k), utf8CharacterAt(token.text, k));
      e.where().puzzle = record.puzzle;
      throw e;
    }
    // (Capped: a number of many digits is out of range, said as such below.)
    value = std::min(value * 10 + (ch - '0'), 10'000'000L);
  }
  if (value < low || value > high) {
    InputError e = parseError(std::string(what) + " " + token.text + " is out of range (" +
                                  std::to_string(low) + " to " + std::to_string(high) + ")",
                              line, token.column);
    e.where().puzzle = record.puzzle;
    // The cell too, so that a page marks it: the place in the blocks of R lines of the
    // record's token that holds this one (all of it, or a part: a Kakuro cell's across
    // clue after its comma).
    const auto characters = [](const std::string& text) {
      return static_cast<int>(std::count_if(text.begin(), text.end(), [](char ch) {
        return (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
      }));
    };
    for (std::size_t i = 0; i < record.lines.size() && record.rows > 0; ++i) {
      const std::vector<Token>& tokens = record.lines[i].tokens;
      if (record.lines[i].line != line) continue;
      for (std::size_t k = 0; k < tokens.size(); ++k) {
        if (tokens[k].column <= token.column &&
            token.column < tokens[k].column + std::max(1, characters(tokens[k].text))) {
          e.where().cells = {
              CellRef{static_cast<int>(i) % record.rows + 1, static_cast<int>(k) + 1}};
        }
      }
    }
    throw e;
  }
  return static_cast<int>(value);
}

std::optional<std::pair<int, int>> boxShapeOf(const Record& record) {
  if (!record.parameter) return std::nullopt;
  const std::string& shape = record.parameter->text;
  const std::optional<std::pair<int, int>> boxes = sudoku::boxesOfText(shape);
  if (boxes && boxes->first * boxes->second == record.rows && record.rows == record.columns) {
    return boxes;
  }
  const std::string n = std::to_string(record.rows);
  InputError e = parseError(
      "the size line's third item is the boxes' shape ROWSxCOLUMNS, whose product is the side " +
          n + " (\"" + n + " " + n + " " + (record.rows == 6 ? "3x2" : "3x3") + "\"), not \"" +
          shape + "\"",
      record.sizeLine, record.parameter->column, shape.substr(0, 1));
  e.where().puzzle = record.puzzle;
  throw e;
}

void requireNoParameter(const Record& record, std::string_view title) {
  if (!record.parameter) return;
  InputError e =
      parseError(withArticle(title) + " has the size line \"ROWS COLUMNS\", without a third number",
                 record.sizeLine, record.parameter->column, record.parameter->text.substr(0, 1));
  e.where().puzzle = record.puzzle;
  throw e;
}

JankoSource jankoSource(std::string_view header) {
  // janko.at's folder names (German) → gridmilp's genre ids.
  static constexpr std::pair<std::string_view, std::string_view> kFolders[] = {
      {"Sudoku/Killer", "killer"},
      {"Sudoku/Chaos", "jigsaw"},
      {"Akari", "akari"},
      {"Heyawake", "heyawake"},
      {"Hitori", "hitori"},
      {"Kakuro", "kakuro"},
      {"Kuromasu", "kuromasu"},
      {"Norinori", "norinori"},
      {"Nurikabe", "nurikabe"},
      {"Shikaku", "shikaku"},
      {"Slitherlink", "slitherlink"},
      {"Sternenschlacht", "star-battle"},
  };
  JankoSource source;
  const std::size_t at = header.find("janko.at/Raetsel/");
  if (at == std::string_view::npos) return source;
  std::string_view path = header.substr(at + 17);
  path = path.substr(0, path.find_first_of(" \t"));
  source.found = true;
  source.path = std::string(path);
  for (const auto& [folder, id] : kFolders) {
    if (path.substr(0, folder.size()) == folder &&
        (path.size() == folder.size() || path[folder.size()] == '/')) {
      source.genre = id;
      return source;
    }
  }
  // Sudoku/NNN.a.htm is a plain Sudoku; any other folder under Sudoku/ holds a variant.
  if (path.substr(0, 7) == "Sudoku/") {
    if (path.find('/', 7) == std::string_view::npos) {
      source.genre = "sudoku";
    } else {
      source.sudokuVariant = true;
    }
  }
  return source;
}

}  // namespace gridmilp::puzzles
