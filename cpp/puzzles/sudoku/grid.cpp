// gridmilp — Sudoku grids, text formats and the independent checker.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/sudoku/grid.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace gridmilp::sudoku {
namespace {

std::string cellName(CellRef cell) {
  return "row " + std::to_string(cell.row) + ", column " + std::to_string(cell.column);
}

/// Length in bytes of the UTF-8 sequence starting with byte `lead` (1 for invalid
/// bytes, so that parsing always advances).
std::size_t utf8Length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if ((lead >> 5) == 0x6) return 2;
  if ((lead >> 4) == 0xE) return 3;
  if ((lead >> 3) == 0x1E) return 4;
  return 1;
}

std::string printable(std::string_view ch) {
  if (ch.size() == 1) {
    const unsigned char c = static_cast<unsigned char>(ch[0]);
    if (c == '\t') return "tab";
    if (c < 0x20 || c == 0x7F) {
      static const char* hex = "0123456789ABCDEF";
      return std::string("control character 0x") + hex[c >> 4] + hex[c & 0xF];
    }
  }
  return "'" + std::string(ch) + "'";
}

bool isBlank(std::string_view line) {
  for (char c : line) {
    if (c != ' ' && c != '\t') return false;
  }
  return true;
}

bool startsWithGridHeader(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  if (line.size() < i + 4) return false;
  const std::string_view word = line.substr(i, 4);
  for (std::size_t k = 0; k < 4; ++k) {
    if (std::tolower(static_cast<unsigned char>(word[k])) != "grid"[k]) return false;
  }
  return line.size() == i + 4 || line[i + 4] == ' ' || line[i + 4] == '\t';
}

std::string trim(std::string_view text) {
  std::size_t b = 0, e = text.size();
  while (b < e && (text[b] == ' ' || text[b] == '\t')) ++b;
  while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t')) --e;
  return std::string(text.substr(b, e - b));
}

enum class LineKind { kBlank, kHeader, kPuzzleSeparator, kDecoration, kData };

/// Classifies a line. A line of only `-`, `=`, `+`, `|` and spaces is a separator
/// (`=` present) or decoration, unless it holds exactly n or n·n `-` and nothing
/// else but spaces: then it is data (a row or a puzzle of empty cells).
LineKind classify(std::string_view line, const Shape& shape) {
  if (isBlank(line)) return LineKind::kBlank;
  if (startsWithGridHeader(line)) return LineKind::kHeader;
  int dashes = 0, equals = 0, others = 0;
  for (char c : line) {
    switch (c) {
      case '-':
        ++dashes;
        break;
      case '=':
        ++equals;
        break;
      case '+':
      case '|':
        ++others;
        break;
      case ' ':
      case '\t':
        break;
      default:
        return LineKind::kData;
    }
  }
  if (equals > 0) return LineKind::kPuzzleSeparator;
  if (others == 0 && (dashes == shape.size() || dashes == shape.cells())) return LineKind::kData;
  return LineKind::kDecoration;
}

/// Reads the cells of a data line into `out`; throws parse_error at the first
/// character that is neither a symbol, an empty mark nor decoration.
void readCells(std::string_view line, int line_number, const Shape& shape, std::vector<int>* out) {
  const int n = shape.size();
  int column = 0;
  for (std::size_t i = 0; i < line.size();) {
    const std::size_t len = utf8Length(static_cast<unsigned char>(line[i]));
    const std::string_view ch = line.substr(i, std::min(len, line.size() - i));
    i += ch.size();
    ++column;
    const char c = ch.size() == 1 ? ch[0] : '\0';
    if (c == ' ' || c == '\t' || c == '|' || c == '+') continue;
    if (c == '.' || c == '0' || c == '-' || c == '_') {
      out->push_back(0);
      continue;
    }
    int value = 0;
    if (c >= '1' && c <= '9') {
      value = c - '0';
    } else if (n > 9 && std::isalpha(static_cast<unsigned char>(c))) {
      value = std::toupper(static_cast<unsigned char>(c)) - 'A' + 10;
    }
    Where where;
    where.line = line_number;
    where.column = column;
    where.character = std::string(ch);
    if (value == 0) {
      throw InputError(ErrorCode::kParseError,
                       "Line " + std::to_string(line_number) + ", column " +
                           std::to_string(column) + ": unexpected " + printable(ch) +
                           " (a cell is a digit 1-" + std::string(1, symbolFor(n)) +
                           ", or . 0 - _ for empty)",
                       where);
    }
    if (value > n) {
      throw InputError(ErrorCode::kParseError,
                       "Line " + std::to_string(line_number) + ", column " +
                           std::to_string(column) + ": " + printable(ch) +
                           " is not a symbol of a " + shape.label() + " puzzle (1-" +
                           std::string(1, symbolFor(n)) + ")",
                       where);
    }
    out->push_back(value);
  }
}

}  // namespace

std::string Shape::label() const {
  return std::to_string(size()) + "\u00d7" + std::to_string(size());
}

Shape shapeForSize(int n) {
  if (n < 1 || n > 36) {
    throw InputError(ErrorCode::kBadRequest,
                     "Size " + std::to_string(n) + " is not supported (1 to 36)");
  }
  int h = 1;
  for (int d = 1; d * d <= n; ++d) {
    if (n % d == 0) h = d;
  }
  return Shape{h, n / h};
}

char symbolFor(int value) {
  if (value <= 0) return '.';
  if (value <= 9) return static_cast<char>('0' + value);
  return static_cast<char>('A' + value - 10);
}

int Grid::givenCount() const {
  int count = 0;
  for (int v : cells) count += v != 0;
  return count;
}

std::string Grid::toLine() const {
  std::string out;
  out.reserve(cells.size());
  for (int v : cells) out.push_back(symbolFor(v));
  return out;
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
  }
  return "grid";
}

ParsedText parseText(std::string_view text, Shape shape) {
  ParsedText result;
  const int n2 = shape.cells();
  const std::string need = "a " + shape.label() + " puzzle has " + std::to_string(n2) + " cells";
  bool saw_header = false, saw_separator = false;
  bool all_single_line = true;

  std::vector<int> cells;
  cells.reserve(n2);
  int start_line = 0;  // line of the current puzzle's first data line, 0 if none yet
  int data_lines = 0;  // data lines in the current puzzle
  std::string pending_name;
  int pending_line = 0;

  auto puzzleLabel = [&]() {
    return "Puzzle " + std::to_string(result.puzzles.size() + 1) + " (from line " +
           std::to_string(pending_line ? pending_line : start_line) + ")";
  };
  auto wrongLength = [&](const std::string& message, int line) {
    Where where;
    where.puzzle = static_cast<int>(result.puzzles.size()) + 1;
    where.line = line;
    throw InputError(ErrorCode::kWrongLength, message, where);
  };
  auto finish = [&]() {
    ParsedPuzzle puzzle;
    puzzle.line = pending_line ? pending_line : start_line;
    puzzle.name =
        pending_name.empty() ? "Puzzle " + std::to_string(result.puzzles.size() + 1) : pending_name;
    puzzle.grid = Grid(shape);
    puzzle.grid.cells = cells;
    if (data_lines != 1) all_single_line = false;
    result.puzzles.push_back(std::move(puzzle));
    cells.clear();
    start_line = 0;
    data_lines = 0;
    pending_name.clear();
    pending_line = 0;
  };
  auto unfinished = [&](int line) {
    if (cells.empty()) return;
    wrongLength(puzzleLabel() + " ends at line " + std::to_string(line) + " with " +
                    std::to_string(cells.size()) + " cells; " + need,
                line);
  };

  int line_number = 0;
  std::size_t pos = 0;
  std::vector<int> line_cells;
  while (pos <= text.size()) {
    std::size_t end = text.find_first_of("\r\n", pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(pos, end - pos);
    ++line_number;
    if (end < text.size() && text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n') {
      pos = end + 2;
    } else {
      pos = end + 1;
    }
    switch (classify(line, shape)) {
      case LineKind::kBlank:
      case LineKind::kDecoration:
        break;
      case LineKind::kHeader:
        unfinished(line_number);
        saw_header = true;
        pending_name = trim(line);
        pending_line = line_number;
        break;
      case LineKind::kPuzzleSeparator:
        unfinished(line_number);
        saw_separator = true;
        break;
      case LineKind::kData: {
        line_cells.clear();
        readCells(line, line_number, shape, &line_cells);
        const int k = static_cast<int>(line_cells.size());
        if (k == 0) break;
        if (cells.empty()) {
          start_line = line_number;
          const bool one_per_line_so_far = !result.puzzles.empty() && all_single_line;
          if (k > n2) {
            wrongLength("Line " + std::to_string(line_number) + " has " + std::to_string(k) +
                            " cells; " + need,
                        line_number);
          }
          if (k > shape.size() && k < n2 && one_per_line_so_far) {
            wrongLength("Line " + std::to_string(line_number) + " has " + std::to_string(k) +
                            " cells; " + need,
                        line_number);
          }
        } else if (static_cast<int>(cells.size()) + k > n2) {
          wrongLength(puzzleLabel() + " has " + std::to_string(cells.size() + k) +
                          " cells by line " + std::to_string(line_number) + "; " + need,
                      line_number);
        }
        cells.insert(cells.end(), line_cells.begin(), line_cells.end());
        ++data_lines;
        if (static_cast<int>(cells.size()) == n2) finish();
        break;
      }
    }
  }
  if (!cells.empty()) {
    if (result.puzzles.empty() && pending_line == 0) {
      Where where;
      where.puzzle = 1;
      where.line = start_line;
      throw InputError(ErrorCode::kWrongLength,
                       "The puzzle has " + std::to_string(cells.size()) + " cells; " + need, where);
    }
    wrongLength(puzzleLabel() + " has only " + std::to_string(cells.size()) +
                    " cells at the end of the text; " + need,
                line_number);
  }
  if (result.puzzles.empty()) {
    throw InputError(ErrorCode::kEmptyInput, pending_line ? "Header at line " +
                                                                std::to_string(pending_line) +
                                                                " is not followed by a puzzle"
                                                          : "The text holds no puzzle");
  }
  if (saw_header) {
    result.format = TextFormat::kEuler96;
  } else if (saw_separator) {
    result.format = TextFormat::kSeparated;
  } else if (all_single_line) {
    result.format = result.puzzles.size() == 1 ? TextFormat::kGrid : TextFormat::kOnePerLine;
  } else {
    result.format = TextFormat::kGrid;
  }
  if (result.format == TextFormat::kGrid && result.puzzles.size() > 1) {
    result.format = TextFormat::kSeparated;
  }
  return result;
}

Grid parseOne(std::string_view text, Shape shape) {
  ParsedText parsed = parseText(text, shape);
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
  return std::move(parsed.puzzles.front().grid);
}

std::optional<Conflict> findConflict(const Grid& givens) {
  const Shape& s = givens.shape;
  const int n = s.size();
  // For each unit kind, the first cell seen holding each value.
  auto scan = [&](auto cellOf, const char* kind) -> std::optional<Conflict> {
    for (int unit = 0; unit < n; ++unit) {
      std::vector<int> seen(n + 1, -1);
      for (int k = 0; k < n; ++k) {
        const auto [r, c] = cellOf(unit, k);
        const int v = givens.at(r, c);
        if (v == 0) continue;
        if (seen[v] >= 0) {
          const auto [r0, c0] = cellOf(unit, seen[v]);
          return Conflict{v, std::string(kind) + " " + std::to_string(unit + 1),
                          CellRef{r0 + 1, c0 + 1}, CellRef{r + 1, c + 1}};
        }
        seen[v] = k;
      }
    }
    return std::nullopt;
  };
  using Cell = std::pair<int, int>;
  if (auto c = scan([](int u, int k) { return Cell{u, k}; }, "row")) return c;
  if (auto c = scan([](int u, int k) { return Cell{k, u}; }, "column")) return c;
  const int boxes_per_row = n / s.boxWidth;
  return scan(
      [&](int u, int k) {
        const int r0 = (u / boxes_per_row) * s.boxHeight;
        const int c0 = (u % boxes_per_row) * s.boxWidth;
        return Cell{r0 + k / s.boxWidth, c0 + k % s.boxWidth};
      },
      "box");
}

void requireNoConflict(const Grid& givens) {
  if (auto conflict = findConflict(givens)) {
    Where where;
    where.cells = {conflict->first, conflict->second};
    const std::string symbol(1, symbolFor(conflict->value));
    throw InputError(ErrorCode::kConflictingGivens,
                     "Two " + symbol + "s in " + conflict->unit + ": " + cellName(conflict->first) +
                         " and " + cellName(conflict->second),
                     where);
  }
}

bool isValidSolution(const Grid& givens, const Grid& solution, std::string* why) {
  auto fail = [&](const std::string& reason) {
    if (why != nullptr) *why = reason;
    return false;
  };
  const Shape& s = solution.shape;
  const int n = s.size();
  if (givens.shape.boxHeight != s.boxHeight || givens.shape.boxWidth != s.boxWidth) {
    return fail("the solution's shape differs from the puzzle's");
  }
  if (static_cast<int>(solution.cells.size()) != s.cells()) return fail("wrong number of cells");
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int v = solution.at(r, c);
      if (v < 1 || v > n) return fail(cellName({r + 1, c + 1}) + " holds no value 1..n");
      if (givens.at(r, c) != 0 && givens.at(r, c) != v) {
        return fail(cellName({r + 1, c + 1}) + " changes the given " +
                    std::string(1, symbolFor(givens.at(r, c))));
      }
    }
  }
  if (auto conflict = findConflict(solution)) {
    return fail("two " + std::string(1, symbolFor(conflict->value)) + "s in " + conflict->unit);
  }
  return true;
}

}  // namespace gridmilp::sudoku
