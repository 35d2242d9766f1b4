// Saito's layout (saito.h): texts of our own read as records and solved, located errors,
// and every saito_<genre>.txt of the shared folder solved and checked when present.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pencil_test.h"
#include "puzzles/common/puzzlink.h"
#include "puzzles/common/saito.h"
#include "puzzles/sudoku/text.h"

namespace gridmilp::puzzles {
namespace {

using testing::satOptions;

/// The one puzzle of a Saito text, solved with the genre's default model; its answer
/// must pass the rule checker. Returns the answer in the genre's solutions layout.
std::string solveSaito(const std::string& genre, const std::string& text) {
  const Genre& g = genreById(genre);
  const std::vector<std::unique_ptr<Puzzle>> puzzles = parsePuzzles(g, text, 0);
  EXPECT_EQ(puzzles.size(), 1U);
  GenreSolver solver(g, *puzzles.front(), {std::string(g.models().front())});
  const CutSearch search = solver.solve(satOptions());
  EXPECT_TRUE(search.result.hasSolution) << genre;
  if (!search.result.hasSolution) return "";
  EXPECT_FALSE(g.verify(*puzzles.front(), solver.answer()).has_value())
      << genre << ": " << *g.verify(*puzzles.front(), solver.answer());
  return g.formatAnswer(*puzzles.front(), solver.answer());
}

TEST(SaitoTest, ReadsEachLayoutAsTheRecordOfItsGenre) {
  EXPECT_TRUE(looksLikeSaito("\n  [data]\n12\n21\n"));
  EXPECT_FALSE(looksLikeSaito("=== a\n2 2\n1 2\n2 1\n"));
  // The puzz.link Hitori of the README, in Saito's layout.
  EXPECT_EQ(recordOfSaito("hitori", "[data]\n1114\n1423\n3321\n4213\n", "saito"),
            "=== saito\n4 4\n1 1 1 4\n1 4 2 3\n3 3 2 1\n4 2 1 3\n");
  EXPECT_EQ(recordOfSaito("akari", "[data]\n#..\n.1.\n..#\n", "a"),
            "=== a\n3 3\nx - -\n- 1 -\n- - x\n");
  EXPECT_EQ(recordOfSaito("kuromasu", "[data]\n.d\n3.\n", "k"), "=== k\n2 2\n- 13\n3 -\n");
  // Heyawake: each room's count in its first cell, then the rooms.
  EXPECT_EQ(recordOfSaito("heyawake", "[data]\nAAB\nCCB\n[nums]\nB 1\nC 0\n", "h"),
            "=== h\n2 3\n- - 1\n0 - -\nA A B\nC C B\n");
  // Kakuro: "down|across" on black cells.
  EXPECT_EQ(recordOfSaito("kakuro", "[data]\n***\n*..\n*..\n[hint]\n,4,3\n|3,,\n|4,,\n", "k"),
            "=== k\n3 3\n- 4, 3,\n,3 0 0\n,4 0 0\n");
}

TEST(SaitoTest, SolvesTextsOfOurOwn) {
  EXPECT_NE(solveSaito("hitori", "[data]\n1114\n1423\n3321\n4213\n"), "");
  // Our own 5×5 Nurikabe (pencil_nurikabe_test.cpp) and 6×6 Heyawake and Kakuro (the
  // page's examples), written in Saito's layout.
  EXPECT_EQ(solveSaito("nurikabe", "[data]\n2.3..\n.....\n..1..\n3....\n....3\n"),
            "=== saito\n5 5\n- x - - x\n- x x - x\nx x - x x\n- x x x -\n- - x - -\n");
  const std::string heyawake =
      "[data]\naaabbc\naaaddc\naaaeec\nffghhc\niiihhc\njjjhhc\n[nums]\na 2\ne 0\ni 2\nc 1\n";
  EXPECT_NE(solveSaito("heyawake", heyawake), "");
  const std::string kakuro =
      "[data]\n******\n***..*\n*....*\n*...**\n***...\n***...\n[hint]\n,,,24,11,\n,4,10|11,,,"
      "\n|21,,,,,\n|7,,,,4,16\n,,|10,,,\n,,|20,,,\n";
  const std::string answer = solveSaito("kakuro", kakuro);
  EXPECT_NE(answer, "");
  const Genre& g = genreById("kakuro");
  EXPECT_EQ(
      checkUniqueness(g, *parsePuzzles(g, kakuro, 0).front(), {"set-clauses"}, satOptions()).unique,
      std::optional<bool>(true));
}

TEST(SaitoTest, NamesTheLineAndColumnOfWhatItCannotRead) {
  const auto message = [](const std::string& genre, const std::string& text) {
    try {
      parsePuzzles(genreById(genre), text, 0);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("hitori", "[data]\n123\n12\n"),
            "line 3: this row has 2 cells, the first 3 (one character per cell)");
  EXPECT_EQ(message("akari", "[data]\n#.\n.5\n"),
            "line 3, column 2: akari takes '.' (white), '#' (black) or a clue 0–4 here, not '5'");
  EXPECT_EQ(message("heyawake", "[data]\nAB\nAB\n"),
            "line 4: heyawake needs a section [nums] after [data]");
  EXPECT_EQ(message("heyawake", "[data]\nAB\nAB\n[nums]\nC 1\n"),
            "line 5, column 1: no cell of [data] is in room C");
  EXPECT_EQ(message("nurikabe", "[data]\n1.\n..\n[nums]\n"),
            "line 4, column 1: a section [nums] that nurikabe does not have");
  EXPECT_EQ(message("kakuro", "[data]\n**\n*.\n[hint]\n,\n,3\n"),
            "line 6: entry 2 (\"3\") is a clue on a white cell of [data]");
  // What the genre refuses in the record read is told by the text's line and column
  // (indent counted) and the cell, not the record's.
  EXPECT_EQ(message("nurikabe", "[data]\n9.\n..\n"),
            "line 2, column 1 (row 1, column 1): a clue (an island's size) 9 is out of range "
            "(1 to 4)");
  EXPECT_EQ(message("kuromasu", "[data]\n  .z\n  ..\n"),
            "line 2, column 4 (row 1, column 2): a clue (the cells it sees, itself included) 35 "
            "is out of range (1 to 3)");
  // A character is one cell, however many bytes it takes in UTF-8.
  EXPECT_EQ(message("nurikabe", "[data]\n1..\n.é.\n"),
            "line 3, column 2: nurikabe takes '.' or a clue (1–9, then a–z for 10–35) here, not "
            "'é'");
  try {
    parsePuzzles(genreById("nurikabe"), "[data]\n1..\n.é.\n", 0);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.where().character, std::optional<std::string>("é"));
  }
  EXPECT_EQ(message("norinori", "[data]\nAあ\nBB\n"),
            "line 2, column 2: norinori takes a region letter here, not 'あ'");
  EXPECT_EQ(message("heyawake", "[data]\nAAB\nAAB\n[nums]\nA 9\n"),
            "line 2, column 1: the number 9 at row 1, column 1 is more than its room's 4 cells "
            "can hold");
  try {
    recordOfSaito("killer", "[data]\n1.\n", "s");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.code(), ErrorCode::kBadRequest);
    EXPECT_EQ(std::string(e.what()),
              "Saito's layout ([data]) is read for the pencil genres (hitori, akari, star-battle, "
              "norinori, heyawake, kuromasu, shikaku, nurikabe, slitherlink, kakuro), not killer: "
              "choose the puzzle's genre");
  }
  // Each genre of the list reads it.
  for (std::string_view genre : kSaitoGenres) EXPECT_NO_THROW(genreById(genre)) << genre;
  // On the Sudoku route (the default genre) the text is not read as digits.
  try {
    sudoku::parseText("\n[data]\n1121\n2112\n");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.code(), ErrorCode::kParseError);
    EXPECT_EQ(e.where().line, 2);
    EXPECT_NE(std::string(e.what()).find("Line 2: this is the layout of Saito's notebooks"),
              std::string::npos)
        << e.what();
  }
}

TEST(SaitoTest, EverySharedInstance) {
  const std::vector<std::pair<std::string, std::string>> genres = {
      {"hitori", "hitori"},     {"akari", "akari"},       {"star-battle", "star_battle"},
      {"norinori", "norinori"}, {"heyawake", "heyawake"}, {"kuromasu", "kuromasu"},
      {"shikaku", "shikaku"},   {"nurikabe", "nurikabe"}, {"slitherlink", "slitherlink"},
      {"kakuro", "kakuro"}};
  int solved = 0;
  for (const auto& [genre, dir] : genres) {
    const std::string path =
        gridmilp::testing::sharedDataDir() + "/puzzles/" + dir + "/saito_" + dir + ".txt";
    if (!std::filesystem::exists(path)) continue;
    const std::string text = testing::readFile(path);
    ASSERT_NE(solveSaito(genre, text), "") << path;
    const Genre& g = genreById(genre);
    const GenreUniqueness u = checkUniqueness(g, *parsePuzzles(g, text, 0).front(),
                                              {std::string(g.models().front())}, satOptions());
    // Saito's Star Battle has four answers (the shared SOURCES.md); the others one.
    EXPECT_EQ(u.unique, std::optional<bool>(genre != "star-battle")) << genre;
    ++solved;
  }
  if (solved == 0) GTEST_SKIP() << "shared data not present";
  std::printf("[ saito ] %d of Saito's instances read, solved and checked\n", solved);
  EXPECT_EQ(solved, 10);
}

}  // namespace
}  // namespace gridmilp::puzzles
