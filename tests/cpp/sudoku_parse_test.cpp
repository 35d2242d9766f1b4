// Sudoku text formats and input errors.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "puzzles/sudoku/grid.h"
#include "puzzles/sudoku/text.h"
#include "test_data.h"

namespace gridmilp::sudoku {
namespace {

const std::string kGrid01 =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

const Shape k9 = shapeForSize(9);

InputError expectError(const std::string& text, ErrorCode code) {
  try {
    parseText(text, k9);
  } catch (const InputError& e) {
    EXPECT_EQ(e.code(), code) << e.what();
    return e;
  }
  ADD_FAILURE() << "no error for: " << text.substr(0, 100);
  return InputError(ErrorCode::kInternalError, "none");
}

// A record from janko.at's pages of another genre is refused, naming the genre to ask
// for: a Kuromasu of small clues reads as a Sudoku and was solved as one, in silence.
TEST(SudokuParseTest, ARecordFromAnotherGenresPagesNamesThatGenre) {
  const std::string kuromasu =
      "=== 49_3x3 source=https://www.janko.at/Raetsel/Kuromasu/049.a.htm\n3 3\n- 2 -\n- - "
      "-\n- 3 -\n";
  const InputError e = expectError(kuromasu, ErrorCode::kParseError);
  EXPECT_EQ(std::string(e.what()),
            "line 1: this record is a Kuromasu (its source is "
            "janko.at/Raetsel/Kuromasu/049.a.htm), not a Sudoku: read it as one (CLI --genre "
            "kuromasu, API and protocol genre 'kuromasu')");
  EXPECT_EQ(e.where().line, std::optional<int>(1));
  const InputError masyu =
      expectError("=== m source=https://www.janko.at/Raetsel/Masyu/002.a.htm\n2 2\n- -\n- -\n",
                  ErrorCode::kParseError);
  EXPECT_NE(std::string(masyu.what()).find("a genre gridmilp does not solve"), std::string::npos);
  // janko.at's own Sudoku pages, and records without a source, are Sudoku.
  const std::string row = "1 2 3 4 5 6 7 8 9\n";
  std::string sudoku = "=== 1_9x9 source=https://www.janko.at/Raetsel/Sudoku/0001.a.htm\n9 9\n";
  for (int r = 0; r < 9; ++r) sudoku += "- - - - - - - - -\n";
  EXPECT_EQ(parseText(sudoku, k9).puzzles.size(), 1U);
  // A folder of variants whose rules the record does not carry (a diagonal) is not read
  // as a plain Sudoku: its answer might break them.
  std::string diagonal = sudoku;
  diagonal.replace(diagonal.find("Sudoku/0001"), 11, "Sudoku/Diagonal/0001");
  const InputError variant = expectError(diagonal, ErrorCode::kParseError);
  EXPECT_NE(std::string(variant.what())
                .find("line 1: this record's source is janko.at/Raetsel/Sudoku/Diagonal/"
                      "0001.a.htm, a page of Sudoku variants"),
            std::string::npos)
      << variant.what();
}

TEST(SudokuParseTest, ShapesForSizes) {
  EXPECT_EQ(shapeForSize(4).boxHeight, 2);
  EXPECT_EQ(shapeForSize(6).boxHeight, 2);
  EXPECT_EQ(shapeForSize(6).boxWidth, 3);
  EXPECT_EQ(shapeForSize(9).boxWidth, 3);
  EXPECT_EQ(shapeForSize(12).boxHeight, 3);
  EXPECT_THROW(shapeForSize(0), InputError);
}

TEST(SudokuParseTest, OneLineWithEveryEmptyMark) {
  std::string text = kGrid01;
  text[0] = '0';
  text[1] = '-';
  text[3] = '_';
  const Grid g = parseOne(text, k9);
  EXPECT_EQ(g.toLine(), kGrid01);
  EXPECT_EQ(g.givenCount(), 32);
}

TEST(SudokuParseTest, DecoratedGrid) {
  const std::string text =
      " . . 3 | . 2 . | 6 . . \n"
      " 9 . . | 3 . 5 | . . 1 \n"
      " . . 1 | 8 . 6 | 4 . . \n"
      "-------+-------+-------\n"
      " . . 8 | 1 . 2 | 9 . . \n"
      " 7 . . | . . . | . . 8 \n"
      " . . 6 | 7 . 8 | 2 . . \n"
      "-------+-------+-------\n"
      " . . 2 | 6 . 9 | 5 . . \n"
      " 8 . . | 2 . 3 | . . 9 \n"
      " . . 5 | . 1 . | 3 . . \r\n";
  const ParsedText parsed = parseText(text, k9);
  ASSERT_EQ(parsed.puzzles.size(), 1u);
  EXPECT_EQ(parsed.format, TextFormat::kGrid);
  EXPECT_EQ(parsed.puzzles[0].grid.toLine(), kGrid01);
}

TEST(SudokuParseTest, RowOfDashesIsARowOfEmptyCells) {
  std::string text;
  for (int r = 0; r < 9; ++r)
    text += (r == 4 ? std::string("---------") : kGrid01.substr(r * 9, 9)) + "\n";
  const Grid g = parseOne(text, k9);
  for (int c = 0; c < 9; ++c) EXPECT_EQ(g.at(4, c), 0);
  EXPECT_EQ(g.at(0, 2), 3);
}

/// Lines `first` to `first` + 8 (counted from 1) of `text`, nine cells each, in one line
/// with 0 written as '.': a grid as Grid::toLine() writes it, read without the parser.
std::string rowsAsLine(const std::string& text, int first) {
  std::istringstream in(text);
  std::string line, cells;
  for (int number = 1; number < first + 9 && std::getline(in, line); ++number) {
    if (number >= first) cells += line.substr(0, 9);
  }
  std::replace(cells.begin(), cells.end(), '0', '.');
  return cells;
}

TEST(SudokuParseTest, ProjectEuler96File) {
  const std::string text = testing::readSharedData("p096_sudoku.txt");
  const ParsedText parsed = parseText(text, k9);
  EXPECT_EQ(parsed.format, TextFormat::kEuler96);
  ASSERT_EQ(parsed.puzzles.size(), 50u);
  EXPECT_EQ(parsed.puzzles[0].name, "Grid 01");
  EXPECT_EQ(parsed.puzzles[0].line, 1);
  EXPECT_EQ(parsed.puzzles[0].grid.toLine(), rowsAsLine(text, 2));
  EXPECT_EQ(parsed.puzzles[49].name, "Grid 50");
  EXPECT_EQ(parsed.puzzles[49].line, 491);
  EXPECT_EQ(parsed.puzzles[49].grid.toLine(), rowsAsLine(text, 492));
}

TEST(SudokuParseTest, SeparatedAndOnePerLineFiles) {
  const std::string easy_text = testing::readSharedData("easy50.txt");
  const ParsedText easy = parseText(easy_text, k9);
  EXPECT_EQ(easy.format, TextFormat::kSeparated);
  ASSERT_EQ(easy.puzzles.size(), 50u);
  EXPECT_EQ(easy.puzzles[0].grid.toLine(), rowsAsLine(easy_text, 2));
  const ParsedText top = parseText(testing::readSharedData("top95.txt"), k9);
  EXPECT_EQ(top.format, TextFormat::kOnePerLine);
  ASSERT_EQ(top.puzzles.size(), 95u);
  EXPECT_EQ(top.puzzles[94].line, 95);
  const std::string royle_text = testing::readSharedData("sudoku17_last1000.txt");
  const ParsedText royle = parseText(royle_text, k9);
  EXPECT_EQ(royle.format, TextFormat::kOnePerLine);
  ASSERT_EQ(royle.puzzles.size(), 1000u);
  // Each puzzle has the givens its line writes (digits 1-9; '.' or 0 for none).
  std::istringstream lines(royle_text);
  std::string line;
  for (const ParsedPuzzle& p : royle.puzzles) {
    ASSERT_TRUE(std::getline(lines, line));
    const auto digits =
        std::count_if(line.begin(), line.end(), [](char c) { return c >= '1' && c <= '9'; });
    EXPECT_EQ(p.grid.givenCount(), digits) << p.name;
  }
}

TEST(SudokuParseTest, ProjectEuler96AndEasy50OpenWithGrid01) {
  if (!testing::hasSharedData("p096_sudoku.txt") || !testing::hasSharedData("easy50.txt")) {
    GTEST_SKIP() << "p096_sudoku.txt or easy50.txt absent: their Grid 01 not checked";
  }
  EXPECT_EQ(parseText(testing::readSharedData("p096_sudoku.txt"), k9).puzzles[0].grid.toLine(),
            kGrid01);
  EXPECT_EQ(parseText(testing::readSharedData("easy50.txt"), k9).puzzles[0].grid.toLine(), kGrid01);
}

TEST(SudokuParseTest, RoylesPuzzlesHave17Givens) {
  if (!testing::hasSharedData("sudoku17_last1000.txt")) {
    GTEST_SKIP() << "sudoku17_last1000.txt absent: its 17 givens not checked";
  }
  const ParsedText royle = parseText(testing::readSharedData("sudoku17_last1000.txt"), k9);
  ASSERT_EQ(royle.puzzles.size(), 1000u);
  for (const ParsedPuzzle& p : royle.puzzles) EXPECT_EQ(p.grid.givenCount(), 17);
}

TEST(SudokuParseTest, UnexpectedCharacterNamesLineColumnAndCharacter) {
  std::string text = kGrid01.substr(0, 9) + "\n" + kGrid01.substr(9, 9) + "\n" +
                     kGrid01.substr(18, 6) + "x" + kGrid01.substr(25, 2) + "\n";
  const InputError e = expectError(text, ErrorCode::kParseError);
  EXPECT_EQ(e.where().line, 3);
  EXPECT_EQ(e.where().column, 7);
  EXPECT_EQ(e.where().character, "x");
  EXPECT_NE(std::string(e.what()).find("Line 3, column 7: unexpected 'x'"), std::string::npos)
      << e.what();
}

TEST(SudokuParseTest, NonAsciiCharacterCountsAsOneColumn) {
  const InputError e = expectError("12\u00e94", ErrorCode::kParseError);
  EXPECT_EQ(e.where().column, 3);
  EXPECT_EQ(e.where().character, "\u00e9");
}

TEST(SudokuParseTest, WrongLengths) {
  const InputError short_one = expectError(kGrid01.substr(0, 80), ErrorCode::kWrongLength);
  EXPECT_NE(std::string(short_one.what()).find("80 cells"), std::string::npos) << short_one.what();
  EXPECT_NE(std::string(short_one.what()).find("81"), std::string::npos);
  const InputError long_one = expectError(kGrid01 + "1", ErrorCode::kWrongLength);
  EXPECT_NE(std::string(long_one.what()).find("82 cells"), std::string::npos) << long_one.what();
  EXPECT_EQ(std::string(long_one.what()).find("give the size"), std::string::npos);
  // A whole puzzle of a size that is not detected: the message names the size to give.
  const InputError square = expectError(std::string(35 * 35, '.'), ErrorCode::kWrongLength);
  EXPECT_STREQ(square.what(),
               "Line 1 has 1225 cells; a 9\u00d79 puzzle has 81 cells (1225 cells make a "
               "35\u00d735 puzzle, a size that is not detected: give the size 35)");
  // A short line in a one-per-line file is named by its line.
  const InputError in_file =
      expectError(kGrid01 + "\n" + kGrid01 + "\n" + kGrid01.substr(1) + "\n" + kGrid01 + "\n",
                  ErrorCode::kWrongLength);
  EXPECT_EQ(in_file.where().line, 3);
  EXPECT_EQ(in_file.where().puzzle, 3);
  // A PE96 grid with a missing row.
  std::string euler = "Grid 01\n";
  for (int r = 0; r < 8; ++r) euler += kGrid01.substr(r * 9, 9) + "\n";
  euler += "Grid 02\n" + kGrid01 + "\n";
  const InputError missing_row = expectError(euler, ErrorCode::kWrongLength);
  EXPECT_EQ(missing_row.where().line, 10);
  EXPECT_NE(std::string(missing_row.what()).find("8 of 9 rows"), std::string::npos)
      << missing_row.what();
}

// Each message of a puzzle cut short or a row of the wrong length, whole: they are
// written outside the parser's loop (text.cpp), and must say the same as inside it.
TEST(SudokuParseTest, ShortPuzzlesAndRowsSayWhereAndHowMany) {
  std::string rows;
  for (int r = 0; r < 9; ++r) rows += kGrid01.substr(r * 9, 9) + "\n";
  const std::string three = rows.substr(0, 30);
  const auto message = [](const std::string& text) {
    return std::string(expectError(text, ErrorCode::kWrongLength).what());
  };
  EXPECT_EQ(message(rows.substr(0, 88) + "\n"),
            "Line 9 has 8 cells; a row of a 9\u00d79 puzzle has 9 cells");
  EXPECT_EQ(message("Grid 01\n" + three + "Grid 02\n" + rows),
            "Puzzle 1 (from line 1) has 3 of 9 rows when line 5 starts another; a 9\u00d79 "
            "puzzle has 9 rows");
  EXPECT_EQ(message("Grid 01\n" + rows + "Grid 02\n"),
            "Header at line 11 is not followed by a puzzle");
  EXPECT_EQ(message("Grid 01\nGrid 02\n" + rows), "Header at line 1 is not followed by a puzzle");
  EXPECT_EQ(message(three),
            "The puzzle has only 3 of 9 rows at the end of the text; a 9\u00d79 puzzle has 9 "
            "rows");
  const InputError second = expectError(rows + "\n" + three, ErrorCode::kWrongLength);
  EXPECT_STREQ(second.what(),
               "Puzzle 2 (from line 11) has only 3 of 9 rows at the end of the text; a "
               "9\u00d79 puzzle has 9 rows");
  EXPECT_EQ(second.where().line, 14);  // the text's last line
  EXPECT_EQ(second.where().puzzle, 2);
}

TEST(SudokuParseTest, EmptyInputs) {
  expectError("", ErrorCode::kEmptyInput);
  expectError("\n \n\t\n", ErrorCode::kEmptyInput);
  expectError("Grid 01\n", ErrorCode::kEmptyInput);
}

TEST(SudokuParseTest, JunkStopsAtTheFirstCharacter) {
  const std::string junk(5u << 20, '\x07');
  const InputError e = expectError(junk, ErrorCode::kParseError);
  EXPECT_EQ(e.where().line, 1);
  EXPECT_EQ(e.where().column, 1);
  EXPECT_NE(std::string(e.what()).find("control character 0x07"), std::string::npos) << e.what();
}

TEST(SudokuParseTest, WordsAreNotReadAsAPuzzleOfSomeSize) {
  // "hello world" has 10 letters: it was read as a 10×10's row ("'h' is not a symbol").
  for (const char* words : {"hello world\n", "Here is my puzzle from the paper\nThanks!\n"}) {
    const InputError e = expectError(words, ErrorCode::kParseError);
    EXPECT_EQ(e.where().line, 1);
    EXPECT_NE(std::string(e.what()).find("Line 1 is words, not a puzzle"), std::string::npos)
        << e.what();
  }
  // A line of letters after a digit's line is a puzzle's row, read as before.
  const InputError row =
      expectError("123456789ABCDEFG\nHIJKLMNOPQRSTUVW\n", ErrorCode::kParseError);
  EXPECT_EQ(std::string(row.what()).find("is words"), std::string::npos) << row.what();
}

TEST(SudokuParseTest, ConflictingGivensNameBothCells) {
  Grid g = parseOne(kGrid01, k9);
  g.at(0, 0) = 3;  // row 1 already has a 3 at column 3
  try {
    requireNoConflict(g);
    FAIL() << "expected conflict";
  } catch (const InputError& e) {
    EXPECT_EQ(e.code(), ErrorCode::kConflictingGivens);
    EXPECT_STREQ(e.what(), "Two 3s in row 1: row 1, column 1 and row 1, column 3");
    ASSERT_EQ(e.where().cells.size(), 2u);
    EXPECT_EQ(e.where().cells[1].column, 3);
  }
  Grid column = parseOne(kGrid01, k9);
  column.at(0, 0) = 7;  // column 1 has a 7 in row 5; row 1 and box 1 have none
  EXPECT_EQ(findConflict(column)->unit, "column 1");
  Grid box(k9);
  box.at(0, 0) = 5;
  box.at(1, 1) = 5;
  const auto conflict = findConflict(box);
  ASSERT_TRUE(conflict);
  EXPECT_EQ(conflict->unit, "box 1");
  EXPECT_FALSE(findConflict(parseOne(kGrid01, k9)));
}

TEST(SudokuParseTest, FourByFourSymbols) {
  const Shape k4 = shapeForSize(4);
  const Grid g = parseOne("1..4\n..1.\n.1..\n4..1", k4);
  EXPECT_EQ(g.toLine(), "1..4..1..1..4..1");
  try {
    parseOne("1..5............", k4);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.code(), ErrorCode::kParseError);
    EXPECT_NE(std::string(e.what()).find("'5' is not a symbol of a 4\u00d74 puzzle"),
              std::string::npos)
        << e.what();
  }
}

// janko.at's records (the sw_*.puzzles.txt layout): each named by its header's first
// word, the size (and boxes) from the size line, numbers of two digits read; a record
// of another size is refused with its line; a line of `=` alone still separates grids.
TEST(SudokuParseTest, JankoRecords) {
  const std::string sixteen_row = "16 - - 1 - - - - - - - - - - - 2\n";
  const std::string empty_row = "- - - - - - - - - - - - - - - -\n";
  std::string text = "=== own_16 source=here difficulty=0\n16 16\n";
  for (int r = 0; r < 16; ++r) text += r == 0 ? sixteen_row : empty_row;
  text += "=== own_16b\n16 16\n";
  for (int r = 0; r < 16; ++r) text += empty_row;
  const ParsedText parsed = parseText(text);
  EXPECT_EQ(parsed.format, TextFormat::kRecords);
  EXPECT_EQ(parsed.shape.size(), 16);
  ASSERT_EQ(parsed.puzzles.size(), 2U);
  EXPECT_EQ(parsed.puzzles[0].name, "own_16");
  EXPECT_EQ(parsed.puzzles[0].line, 1);
  EXPECT_EQ(parsed.puzzles[1].name, "own_16b");
  EXPECT_EQ(parsed.puzzles[0].grid.at(0, 0), 16);
  EXPECT_EQ(parsed.puzzles[0].grid.at(0, 15), 2);
  EXPECT_EQ(parsed.puzzles[1].grid.givenCount(), 0);

  // "6 6 3x2": boxes of 3 rows × 2 columns; the request's boxes win over the line's.
  const std::string six =
      "=== tall\n6 6 3x2\n1 - - - - -\n- - - - - -\n- - - - - -\n"
      "- - - - - -\n- - - - - -\n- - - - - -\n";
  EXPECT_EQ(parseText(six).shape.boxHeight, 3);
  EXPECT_EQ(parseText(six, ParseOptions{6, 2, 0, Symbols::kAuto}).shape.boxHeight, 2);
  EXPECT_EQ(parseText("=== plain\n6 6\n" + six.substr(six.find('1'))).shape.boxHeight, 2);

  // A record goes no further than its rows: a Jigsaw record's region map below them (as
  // sw_JigsawSudoku.puzzles.txt has it) is refused, naming the genre, not read as a
  // puzzle of its own (which gave a plain Sudoku's answer to the first part).
  const std::string jigsaw =
      "=== 1_4x4\n4 4\n- - 4 3\n- - - 1\n- 2 - -\n- - - -\n1 1 1 3\n1 3 3 3\n2 2 4 4\n2 2 4 4\n";
  try {
    parseText(jigsaw);
    ADD_FAILURE() << "a Jigsaw record read as a Sudoku";
  } catch (const InputError& e) {
    EXPECT_EQ(e.code(), ErrorCode::kWrongLength);
    EXPECT_EQ(std::string(e.what()),
              "Line 7: record '1_4x4' (line 1) goes on after its size line and 4 rows, where a "
              "Sudoku record ends. Rows below the puzzle (a region map, cages) are another "
              "genre's: choose the puzzle's genre (Jigsaw, Killer)");
    EXPECT_EQ(e.where().line, std::optional<int>(7));
  }
  EXPECT_EQ(parseText(jigsaw.substr(0, jigsaw.find("1 1 1 3"))).puzzles.size(), 1U);

  // Each record has its own size and boxes (sw_Sudoku.puzzles.txt mixes 9×9 and 16×16):
  // the text's shape is the first's, each grid has its own.
  std::string nine = "=== nine\n9 9\n";
  for (int r = 0; r < 9; ++r) nine += "- - - - - - - - " + std::to_string(r + 1) + "\n";
  std::string sixteen = "=== sixteen\n16 16\n";
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 16; ++c) sixteen += c == r ? std::to_string(c + 1) + " " : "- ";
    sixteen += "\n";
  }
  const ParsedText mixed =
      parseText(six + nine + sixteen + "=== wide\n6 6 2x3\n" + six.substr(six.find('1')));
  EXPECT_TRUE(mixed.mixedShapes);
  EXPECT_EQ(mixed.shape.size(), 6);
  EXPECT_EQ(mixed.shape.boxHeight, 3);
  ASSERT_EQ(mixed.puzzles.size(), 4U);
  EXPECT_EQ(mixed.puzzles[1].name, "nine");
  EXPECT_EQ(mixed.puzzles[1].grid.shape.size(), 9);
  EXPECT_EQ(mixed.puzzles[1].grid.at(8, 8), 9);
  EXPECT_EQ(mixed.puzzles[2].grid.shape.size(), 16);
  EXPECT_EQ(mixed.puzzles[2].grid.at(15, 15), 16);  // "16" read as a number, not "1", "6"
  EXPECT_EQ(mixed.puzzles[3].grid.shape.boxHeight, 2);
  EXPECT_EQ(mixed.puzzles[3].grid.at(0, 0), 1);
  EXPECT_FALSE(parseText(six + six).mixedShapes);
  // A size line without boxes means the usual ones, whatever the record before it had.
  const ParsedText usual = parseText(six + "=== plain\n6 6\n" + six.substr(six.find('1')));
  EXPECT_TRUE(usual.mixedShapes);
  EXPECT_EQ(usual.puzzles[1].grid.shape.boxHeight, 2);
  // A later 16×16 written in letters (1–9, A–G) is read by its own first row.
  std::string letters = "=== letters\n16 16\n";
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 16; ++c)
      letters += c == r ? std::string(1, "123456789ABCDEFG"[c]) + " " : "- ";
    letters += "\n";
  }
  const ParsedText with_letters = parseText(nine + letters);
  EXPECT_EQ(with_letters.puzzles[1].grid.at(15, 15), 16);
  EXPECT_EQ(with_letters.puzzles[1].grid.at(9, 9), 10);
  // The 0–F symbols fit 16×16 at most: a later 25×25 record is refused, its line named.
  std::string big = "=== big\n25 25\n";
  for (int r = 0; r < 25; ++r) big += "-\n";
  try {
    std::string hex = "=== hex\n16 16\n";
    for (int r = 0; r < 16; ++r)
      hex += std::string(1, "0123456789ABCDEF"[r]) + " - - - - - - - - - - - - - - -\n";
    parseText(hex + big, ParseOptions{0, 0, 0, Symbols::kHex});
    ADD_FAILURE() << "a 25x25 record was read in 0-F";
  } catch (const InputError& e) {
    EXPECT_EQ(e.code(), ErrorCode::kBadRequest);
    EXPECT_EQ(std::string(e.what()).rfind("Line 20: the 0-F symbols fit", 0), 0U) << e.what();
  }
  // A size or boxes the request gives are every record's: a line that says otherwise
  // is refused, naming it.
  const auto wrong = [](const std::string& t, const ParseOptions& options) {
    try {
      parseText(t, options);
    } catch (const InputError& e) {
      return e.code() == ErrorCode::kWrongLength ? std::string(e.what()) : "other error";
    }
    return std::string("parsed");
  };
  const ParseOptions tall{6, 3, 2, Symbols::kAuto};
  EXPECT_EQ(wrong(six + nine, tall)
                .rfind("Line 10: the size line of nine says 9\u00d79, not the chosen 6\u00d76", 0),
            0U)
      << wrong(six + nine, tall);
  const std::string plain = "=== plain\n6 6\n" + six.substr(six.find('1'));
  EXPECT_NE(wrong(plain + six, ParseOptions{6, 0, 0, Symbols::kAuto}).find("Line 10"),
            std::string::npos);
  // Boxes that do not tile the side: the line that says so is named.
  EXPECT_NE(wrong("=== bad\n6 6 3x3\n" + six.substr(six.find('1')), {}).find("Line 2"),
            std::string::npos);
  // Separators of `=` alone, and Project Euler 96's headers, read as before.
  EXPECT_EQ(parseText(std::string(kGrid01) + "\n=====\n" + kGrid01).format, TextFormat::kSeparated);
}

// A batch's parse leaves out the puzzles that do not read, each with its lines and its
// error, and reads the others at their own lines.
TEST(SudokuParseTest, AJankoRecordWithoutItsHeader) {
  // "9 9" then the rows, as the variants read one (a user's paste was refused: "Line 1 has
  // 2 cells").
  std::string text = "9 9\n";
  const std::string grid =
      "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      const char ch = grid[static_cast<std::size_t>(r * 9 + c)];
      text += std::string(c == 0 ? "" : " ") + (ch == '.' ? '-' : ch);
    }
    text += "\n";
  }
  const ParsedText parsed = parseText(text);
  ASSERT_EQ(parsed.puzzles.size(), 1u);
  EXPECT_EQ(parsed.puzzles[0].grid.toLine(), grid);
  EXPECT_EQ(parsed.shape.size(), 9);
  // "6 6 3x2" gives the boxes; a size line later in a grid is still a row of 2 cells.
  const ParsedText six = parseText(
      "6 6 3x2\n1 - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - 2\n");
  EXPECT_EQ(six.shape.boxHeight, 3);
  try {
    parseText(grid.substr(0, 9) + "\n9 9\n");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.code(), ErrorCode::kWrongLength);
  }
}

TEST(SudokuParseTest, ABatchLeavesOutThePuzzlesThatDoNotRead) {
  std::string bad = kGrid01;
  bad[4] = 'x';
  std::vector<RefusedRecord> left;
  // One puzzle a line: that line.
  ParsedText one = parseTextLeavingOut(kGrid01 + "\n" + bad + "\n" + kGrid01 + "\n", {}, &left);
  ASSERT_EQ(one.puzzles.size(), 2u);
  EXPECT_EQ(one.puzzles[1].line, 3);
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].line, 2);
  EXPECT_EQ(left[0].lines, 1);
  EXPECT_EQ(left[0].error.code(), ErrorCode::kParseError);
  EXPECT_EQ(left[0].error.where().column, 5);
  // Rows under headers: the header's block, and a block cut short at the next header.
  std::string rows;
  for (int r = 0; r < 9; ++r) rows += kGrid01.substr(9 * r, 9) + "\n";
  std::string bad_rows = rows;
  bad_rows[12] = 'x';  // row 2, column 3
  std::string short_rows = rows.substr(0, 8 * 10);
  left.clear();
  ParsedText grids = parseTextLeavingOut(
      "Grid 01\n" + rows + "Grid 02\n" + bad_rows + "Grid 03\n" + short_rows + "Grid 04\n" + rows,
      {}, &left);
  ASSERT_EQ(grids.puzzles.size(), 2u);
  EXPECT_EQ(grids.puzzles[0].name, "Grid 01");
  EXPECT_EQ(grids.puzzles[1].name, "Grid 04");
  EXPECT_EQ(grids.puzzles[1].line, 30);
  ASSERT_EQ(left.size(), 2u);
  EXPECT_EQ(left[0].name, "Grid 02");
  EXPECT_EQ(left[0].line, 11);
  EXPECT_EQ(left[0].lines, 10);
  EXPECT_EQ(left[0].error.where().line, 13);
  EXPECT_EQ(left[1].name, "Grid 03");
  EXPECT_EQ(left[1].line, 21);
  EXPECT_EQ(left[1].lines, 9);
  EXPECT_EQ(left[1].error.code(), ErrorCode::kWrongLength);
  // The puzzles' numbers count those left out before them: a name "Puzzle N" and an
  // error's where.puzzle are the puzzle's place in the text, as the CLI's ids are.
  left.clear();
  const std::string short_line = kGrid01.substr(0, 79);
  ParsedText numbered = parseTextLeavingOut(
      kGrid01 + "\n" + bad + "\n" + bad + "\n" + short_line + "\n" + kGrid01 + "\n", {}, &left);
  ASSERT_EQ(numbered.puzzles.size(), 2u);
  EXPECT_EQ(numbered.puzzles[0].name, "Puzzle 1");
  EXPECT_EQ(numbered.puzzles[1].name, "Puzzle 5");
  ASSERT_EQ(left.size(), 3u);
  EXPECT_EQ(left[2].line, 4);
  EXPECT_EQ(left[2].error.where().puzzle, 4);
  // Nothing left to read: the text's first fault.
  left.clear();
  EXPECT_THROW(parseTextLeavingOut(bad + "\n" + bad + "\n", {}, &left), InputError);
  // A text whose layout cannot be read is not a batch of puzzles.
  left.clear();
  EXPECT_THROW(parseTextLeavingOut("", {}, &left), InputError);
}

}  // namespace
}  // namespace gridmilp::sudoku
