// gridmilp — the text layout of Tsutomu Saito's puzzle notebooks, read as records.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/common/saito.h"

#include <algorithm>
#include <map>
#include <optional>
#include <vector>

#include "puzzles/input_error.h"

namespace gridmilp::puzzles {
namespace {

/// One line of the text: its characters (without the line break) and its 1-based number.
struct Line {
  std::string text;
  int number = 0;
};

/// The text's sections: the name in brackets, then its lines up to the next section,
/// blank lines at the end dropped.
struct Section {
  std::string name;
  int number = 0;  ///< the line of `[name]`
  std::vector<Line> lines;
};

InputError saitoError(int line, int column, const std::string& message,
                      std::string character = {}) {
  Where where;
  where.line = line;
  if (column > 0) where.column = column;
  if (!character.empty()) where.character = std::move(character);
  return InputError(ErrorCode::kParseError,
                    "line " + std::to_string(line) +
                        (column > 0 ? ", column " + std::to_string(column) : std::string()) + ": " +
                        message,
                    where);
}

std::string trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r");
  return std::string(s.substr(first, last - first + 1));
}

std::vector<Section> sectionsOf(std::string_view text) {
  std::vector<Section> out;
  int number = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    std::string line(text.substr(start, end - start));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    ++number;
    start = end + 1;
    const std::string t = trimmed(line);
    if (t.size() >= 2 && t.front() == '[' && t.back() == ']') {
      out.push_back({t.substr(1, t.size() - 2), number, {}});
    } else if (!out.empty()) {
      out.back().lines.push_back({line, number});
    } else if (!t.empty()) {
      throw saitoError(number, 1, "expected a section such as [data] (Saito's layout)");
    }
    if (end == text.size()) break;
  }
  for (Section& s : out) {
    while (!s.lines.empty() && trimmed(s.lines.back().text).empty()) s.lines.pop_back();
  }
  return out;
}

/// A number character: 1–9, then a–z (or A–Z) for 10–35; 0 only with `zero`.
std::optional<int> numberOf(char ch, bool zero) {
  if (ch >= '0' && ch <= '9') {
    if (ch == '0' && !zero) return std::nullopt;
    return ch - '0';
  }
  if (ch >= 'a' && ch <= 'z') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'Z') return ch - 'A' + 10;
  return std::nullopt;
}

/// The token of one cell of [data] for `genre`, or nothing when the genre does not take
/// the character (its UTF-8 bytes: every character a genre takes is ASCII); `what` says
/// what it takes.
std::optional<std::string> cellToken(std::string_view genre, std::string_view character,
                                     std::string* what) {
  const char ch = character.size() == 1 ? character[0] : ' ';  // ' ': taken by none
  const auto number = [&](bool zero) -> std::optional<std::string> {
    const std::optional<int> v = numberOf(ch, zero);
    return v ? std::optional<std::string>(std::to_string(*v)) : std::nullopt;
  };
  if (genre == "hitori") {
    *what = "a number (1–9, then a–z for 10–35)";
    return number(false);
  }
  if (genre == "akari") {
    *what = "'.' (white), '#' (black) or a clue 0–4";
    if (ch == '.') return "-";
    if (ch == '#') return "x";
    if (ch >= '0' && ch <= '4') return std::string(1, ch);
    return std::nullopt;
  }
  if (genre == "star-battle" || genre == "norinori" || genre == "heyawake") {
    *what = "a region letter";
    if (ch == ' ' || ch == '\t' || ch == '@' || ch == '#') return std::nullopt;
    return std::string(1, ch);
  }
  if (genre == "kuromasu" || genre == "shikaku" || genre == "nurikabe") {
    *what = "'.' or a clue (1–9, then a–z for 10–35)";
    if (ch == '.') return "-";
    return number(false);
  }
  if (genre == "slitherlink") {
    *what = "'.' or a clue 0–3";
    if (ch == '.') return "-";
    if (ch >= '0' && ch <= '3') return std::string(1, ch);
    return std::nullopt;
  }
  if (genre == "kakuro") {
    *what = "'*' (black) or '.' (white)";
    if (ch == '*') return "-";
    if (ch == '.') return "0";
    return std::nullopt;
  }
  return std::nullopt;
}

/// A Kakuro sum of [hint]: digits only, 1 to 45.
bool isSum(const std::string& s) {
  if (s.empty() || s.size() > 2) return false;
  for (char ch : s) {
    if (ch < '0' || ch > '9') return false;
  }
  const int v = std::stoi(s);
  return v >= 1 && v <= 45;
}

}  // namespace

std::string recordOfSaito(std::string_view genre, std::string_view text, const std::string& name) {
  static const std::map<std::string_view, std::string_view> kSecond = {{"heyawake", "nums"},
                                                                       {"kakuro", "hint"}};
  if (std::find(kSaitoGenres.begin(), kSaitoGenres.end(), genre) == kSaitoGenres.end()) {
    throw badRequest("genre", "Saito's layout ([data]) is read for the pencil genres (" +
                                  saitoGenreList() + "), not " + std::string(genre) +
                                  ": choose the puzzle's genre");
  }
  const std::vector<Section> sections = sectionsOf(text);
  const auto second = kSecond.find(genre);
  const Section* data = nullptr;
  const Section* extra = nullptr;
  for (const Section& s : sections) {
    if (s.name == "data" && data == nullptr) {
      data = &s;
    } else if (second != kSecond.end() && s.name == second->second && extra == nullptr) {
      extra = &s;
    } else {
      throw saitoError(
          s.number, 1,
          "a section [" + s.name + "] " +
              (s.name == "data" || (second != kSecond.end() && s.name == second->second)
                   ? "twice"
                   : "that " + std::string(genre) + " does not have"));
    }
  }
  if (data == nullptr || data->lines.empty()) {
    throw saitoError(data == nullptr ? 1 : data->number, 0, "[data] has no rows");
  }
  if (second != kSecond.end() && extra == nullptr) {
    throw saitoError(
        data->lines.back().number + 1, 0,
        std::string(genre) + " needs a section [" + std::string(second->second) + "] after [data]");
  }
  // [data]: one character per cell, every row as long as the first.
  const int rows = static_cast<int>(data->lines.size());
  // Characters, not bytes: "é" is one cell (and refused as one).
  const int columns = static_cast<int>(utf8Characters(trimmed(data->lines.front().text)).size());
  std::vector<std::vector<std::string>> cells(rows);
  for (int r = 0; r < rows; ++r) {
    const Line& line = data->lines[r];
    const std::vector<std::string> row = utf8Characters(trimmed(line.text));
    if (static_cast<int>(row.size()) != columns) {
      throw saitoError(line.number, 0,
                       "this row has " + std::to_string(row.size()) + " cells, the first " +
                           std::to_string(columns) + " (one character per cell)");
    }
    const int indent = static_cast<int>(line.text.find_first_not_of(" \t"));
    for (int c = 0; c < columns; ++c) {
      std::string what;
      const std::optional<std::string> token = cellToken(genre, row[c], &what);
      if (!token) {
        throw saitoError(line.number, indent + c + 1,
                         std::string(genre) + " takes " + what + " here, not '" + row[c] + "'",
                         row[c]);
      }
      cells[r].push_back(*token);
    }
  }
  using Block = std::vector<std::vector<std::string>>;
  std::vector<Block> blocks{cells};
  if (genre == "heyawake") {
    // [nums]: "letter count"; the count goes into the room's first cell.
    std::vector<std::vector<std::string>> numbers(rows, std::vector<std::string>(columns, "-"));
    for (const Line& line : extra->lines) {
      const std::string t = trimmed(line.text);
      if (t.empty()) continue;
      const std::size_t space = t.find_first_of(" \t");
      const std::string room = t.substr(0, space);
      const std::string count = space == std::string::npos ? "" : trimmed(t.substr(space));
      bool digits = !count.empty() && count.size() <= 3;
      for (char ch : count) digits = digits && ch >= '0' && ch <= '9';
      if (room.size() != 1 || !digits) {
        throw saitoError(line.number, 0, "expected a room letter and its count, as \"A 2\"");
      }
      bool placed = false;
      for (int r = 0; r < rows && !placed; ++r) {
        for (int c = 0; c < columns && !placed; ++c) {
          if (cells[r][c] != room) continue;
          if (numbers[r][c] != "-") throw saitoError(line.number, 1, "room " + room + " twice");
          numbers[r][c] = count;
          placed = true;
        }
      }
      if (!placed) throw saitoError(line.number, 1, "no cell of [data] is in room " + room);
    }
    blocks = std::vector<Block>{numbers, cells};
  } else if (genre == "kakuro") {
    // [hint]: per row, one entry per cell, "d|a" on a black cell.
    if (static_cast<int>(extra->lines.size()) != rows) {
      throw saitoError(extra->number, 0,
                       "[hint] has " + std::to_string(extra->lines.size()) + " rows, [data] " +
                           std::to_string(rows));
    }
    for (int r = 0; r < rows; ++r) {
      const Line& line = extra->lines[r];
      std::vector<std::string> entries;
      std::size_t start = 0;
      const std::string t = trimmed(line.text);
      while (true) {
        const std::size_t comma = t.find(',', start);
        entries.push_back(trimmed(t.substr(start, comma - start)));
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
      if (static_cast<int>(entries.size()) != columns) {
        throw saitoError(line.number, 0,
                         "this row of [hint] has " + std::to_string(entries.size()) +
                             " entries, [data] " + std::to_string(columns) + " cells");
      }
      for (int c = 0; c < columns; ++c) {
        const std::string& e = entries[c];
        if (e.empty()) continue;
        const std::size_t bar = e.find('|');
        const std::string down = bar == std::string::npos ? e : e.substr(0, bar);
        const std::string across = bar == std::string::npos ? "" : e.substr(bar + 1);
        if (cells[r][c] != "-") {
          throw saitoError(line.number, 0,
                           "entry " + std::to_string(c + 1) + " (\"" + e +
                               "\") is a clue on a white cell of [data]");
        }
        if ((!down.empty() && !isSum(down)) || (!across.empty() && !isSum(across)) ||
            (down.empty() && across.empty())) {
          throw saitoError(line.number, 0,
                           "entry " + std::to_string(c + 1) + " (\"" + e +
                               "\") is not \"down\", \"down|across\" or \"|across\" (sums 1–45)");
        }
        cells[r][c] = down + "," + across;
      }
    }
    blocks = std::vector<Block>{cells};
  }
  // Saito's Star Battle places one star per row, column and region.
  std::string out = "=== " + name + "\n" + std::to_string(rows) + " " + std::to_string(columns) +
                    (genre == "star-battle" ? " 1" : "") + "\n";
  for (const auto& block : blocks) {
    for (const auto& row : block) {
      for (int c = 0; c < columns; ++c) out += (c > 0 ? " " : "") + row[c];
      out += "\n";
    }
  }
  return out;
}

std::optional<SaitoPlace> saitoCellPosition(std::string_view text, int row, int column) {
  std::vector<Section> sections;
  try {
    sections = sectionsOf(text);
  } catch (const InputError&) {
    return std::nullopt;
  }
  for (const Section& s : sections) {
    if (s.name != "data") continue;
    if (row < 1 || row > static_cast<int>(s.lines.size()) || column < 1) return std::nullopt;
    const Line& line = s.lines[row - 1];
    const std::size_t indent = line.text.find_first_not_of(" \t");
    if (indent == std::string::npos ||
        static_cast<std::size_t>(column) >
            utf8Characters(std::string_view(line.text).substr(indent)).size()) {
      return std::nullopt;
    }
    return SaitoPlace{line.number, static_cast<int>(indent) + column};
  }
  return std::nullopt;
}

}  // namespace gridmilp::puzzles
