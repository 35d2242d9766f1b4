// puzz.link URLs: reading them into records, writing them back, and their errors.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>

#include "app/service.h"
#include "pencil_test.h"
#include "puzzles/common/puzzlink.h"
#include "test_json.h"

namespace gridmilp::puzzles {
namespace {

using testing::parseOne;

/// The record's lines after its header.
std::string bodyOf(const std::string& record) { return record.substr(record.find('\n') + 1); }

TEST(PuzzLinkTest, ReadsTheUrlParts) {
  const PuzzLinkUrl url =
      parsePuzzLinkUrl("https://puzz.link/p?hitori_edit/v:x/f/4/3/1114142333214213");
  EXPECT_EQ(url.pid, "hitori");
  EXPECT_EQ(url.genre, "hitori");
  EXPECT_EQ(url.variant, "x");
  EXPECT_EQ(url.pflag, "f");
  EXPECT_EQ(url.columns, 4);
  EXPECT_EQ(url.rows, 3);
  EXPECT_EQ(url.body, "1114142333214213");
  EXPECT_TRUE(looksLikeUrl("  http://pzv.jp/p.html?hitori/4/4/1114142333214213"));
  EXPECT_FALSE(looksLikeUrl("4 4\n1 1 1 4"));
  // Scheme and host are case-insensitive.
  EXPECT_TRUE(looksLikeUrl("HTTPS://PUZZ.LINK/p?hitori/4/4/1114142333214213"));
  EXPECT_EQ(parsePuzzLinkUrl("HTTPS://PUZZ.LINK/p?hitori/4/4/1114142333214213").genre, "hitori");
}

// pzprjs's test URL of Hitori (test/script/hitori.js) and of Sudoku (sudoku.js).
TEST(PuzzLinkTest, HitoriAndSudokuBodies) {
  const std::string hitori = "https://puzz.link/p?hitori/4/4/1114142333214213";
  EXPECT_EQ(bodyOf(recordOfUrl(hitori, "h")), "4 4\n1 1 1 4\n1 4 2 3\n3 3 2 1\n4 2 1 3\n");
  const auto p = parseOne("hitori", recordOfUrl(hitori, "h"));
  EXPECT_EQ(urlOf(genreById("hitori"), *p), hitori);
  const std::string sudoku = "https://puzz.link/p?sudoku/4/4/g1k23k3g";
  EXPECT_EQ(bodyOf(recordOfUrl(sudoku, "s")), "4 4\n- 1 - -\n- - - 2\n3 - - -\n- - 3 -\n");
  const SudokuUrlRecords records = sudokuRecordsOfUrls(sudoku + "\n\n# a comment\n" + sudoku);
  EXPECT_EQ(records.text, "=== url-1 source=" + sudoku + "\n4 4\n.1..\n...2\n3...\n..3.\n" +
                              "=== url-2 source=" + sudoku + "\n4 4\n.1..\n...2\n3...\n..3.\n");
  EXPECT_EQ(records.lines, (std::vector<int>{1, 4}));
  const auto s = parseOne("sudoku", recordOfUrl(sudoku, "s"));
  EXPECT_EQ(urlOf(genreById("sudoku"), *s), sudoku);
}

// Nurikabe's clue of unknown size: pzprjs's "." (qnum −2) is the record's `?`, read,
// solved and written back as it came.
TEST(PuzzLinkTest, NurikabesUnknownClueIsAQuestionMark) {
  const std::string url = "https://puzz.link/p?nurikabe/3/3/.g1l";
  EXPECT_EQ(bodyOf(recordOfUrl(url, "q")), "3 3\n? - 1\n- - -\n- - -\n");
  const auto p = parseOne("nurikabe", recordOfUrl(url, "q"));
  EXPECT_EQ(urlOf(genreById("nurikabe"), *p), url);
  GenreSolver solver(genreById("nurikabe"), *p, BuildOptions{"cells"});
  milp::SolveOptions options;
  options.method = milp::Method::kSat;
  ASSERT_TRUE(solver.solve(options).result.hasSolution);
  EXPECT_FALSE(genreById("nurikabe").verify(*p, solver.answer()).has_value());
}

TEST(PuzzLinkTest, BadUrlsSayWhichPart) {
  const auto message = [](const std::string& url) -> std::string {
    try {
      recordOfUrl(url, "x");
    } catch (const InputError& e) {
      return std::string(toString(e.code())) + ": " + e.what();
    }
    return "no error";
  };
  EXPECT_EQ(message("https://puzz.link/p?hitori/4/4/11141423332142"),
            "parse_error: URL body: it ends after 14 of 16 cells (is the URL cut short?)");
  EXPECT_EQ(message("https://puzz.link/p?hitori/4/x/1114142333214213"),
            "parse_error: URL part rows is 'x': expected a whole number from 1 to 100");
  EXPECT_EQ(message("https://puzz.link/p?sudoku/4/4/g1!23k3g"),
            "parse_error: URL body, character 3 ('!'): not a number code of puzz.link (Number16)");
  // A body longer than its puzzle: a character changed (z skips 20 cells, p 10) or junk
  // at the end, which pzprjs would read as another puzzle without a word.
  EXPECT_EQ(message("https://puzz.link/p?nurikabe/6/6/4j4h3z1p2j4"),
            "parse_error: URL body, character 9 ('2'): 3 characters after the puzzle's last cell "
            "(is the URL corrupted?)");
  EXPECT_EQ(message("https://puzz.link/p?heyawake/6/6/555d5531nrho2g1g0i2gz"),
            "parse_error: URL body, character 21 ('z'): 1 character after the puzzle's last cell "
            "(is the URL corrupted?)");
  EXPECT_EQ(message("https://puzz.link/p?hitori/4/4"),
            "parse_error: The URL ends before its body (…/<columns>/<rows>/<body>)");
  // A part that reads as a number is a side, not pzprjs's flag part ("d", "c").
  EXPECT_EQ(message("https://puzz.link/p?hitori/-4/4/1114142333214213"),
            "parse_error: URL part columns is '-4': expected a whole number from 1 to 100");
  EXPECT_EQ(message("https://puzz.link/p?hitori/4.0/4/1114142333214213"),
            "parse_error: URL part columns is '4.0': expected a whole number from 1 to 100");
  // A character no Hitori encoder writes (pzprjs's decoder reads it as an empty cell, and
  // so another puzzle): a stray space, a '/' after the body.
  EXPECT_EQ(message("https://puzz.link/p?hitori/4/4/1114142333 14213"),
            "parse_error: URL body, character 11 (' '): not a Hitori cell code of puzz.link (0-9, "
            "a-z, -xx, ., %)");
  EXPECT_EQ(message("https://puzz.link/p?hitori/4/4/111414233321421/"),
            "parse_error: URL body, character 16 ('/'): not a Hitori cell code of puzz.link (0-9, "
            "a-z, -xx, ., %)");
  EXPECT_EQ(bodyOf(recordOfUrl("https://puzz.link/p?hitori/2/2/1.-1a2", "h")), "2 2\n1 -\n46 2\n");
  // Kakuro's "no sum" written '-' (cspuz's test URL), as pzprjs's decval reads it: 0.
  const std::string kakuro = "https://puzz.link/p?kakuro/6/5/Dclh4t9fl3-p-gl-alJeC3BgG";
  std::string zeros = kakuro;
  std::replace(zeros.begin() + 40, zeros.end(), '-', '0');
  EXPECT_EQ(bodyOf(recordOfUrl(kakuro, "k")), bodyOf(recordOfUrl(zeros, "k")));
  const std::string masyu = message("https://puzz.link/p?mashu/6/6/1063000i3000");
  EXPECT_EQ(masyu.rfind("bad_request: The URL is a puzzle of genre 'mashu', which gridmilp does "
                        "not solve; it reads URLs of hitori",
                        0),
            0U)
      << masyu;
  // A character beyond ASCII is named where it stands (Hitori's decoder would take its
  // bytes as empty cells).
  EXPECT_EQ(message("https://puzz.link/p?hitori/4/4/11141é2333214213"),
            "parse_error: URL body, character 6 ('é'): not a character of a puzz.link URL (its "
            "bodies are ASCII)");
  // A clue the genre cannot have is told by the URL's cell, a parse_error as the
  // same clue in a record is.
  EXPECT_EQ(message("https://puzz.link/p?sudoku/4/4/g52h3g4n"),
            "parse_error: row 1, column 2: the URL has a given 5, not 1 to 4");
  EXPECT_EQ(message("https://puzz.link/p?sudoku/4/4/g.2h3g4n"),
            "parse_error: row 1, column 2: the URL has a \"?\" given: gridmilp solves puzzles "
            "whose clues are all known");
  EXPECT_EQ(message("https://puzz.link/p?kurodoko/3/3/.g1jh"),
            "parse_error: row 1, column 1: the URL has a \"?\" clue: gridmilp solves puzzles "
            "whose clues are all known");
  EXPECT_EQ(
      message("https://puzz.link/p?slither/2/2/i4"),
      "parse_error: row 2, column 2: the URL has a clue 4, which no Slitherlink cell can have");
  try {
    recordOfUrl("https://puzz.link/p?slither/2/2/i4", "x");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    ASSERT_EQ(e.where().cells.size(), 1U);
    EXPECT_EQ(e.where().cells[0].row, 2);
    EXPECT_EQ(e.where().cells[0].column, 2);
  }
  try {
    recordOfUrl("https://puzz.link/p?sudoku/4/4/g1k2!k3g", "x");
  } catch (const InputError& e) {
    EXPECT_EQ(e.where().column, std::optional<int>(36));  // the !, counted in the whole URL
    EXPECT_EQ(e.where().character, std::optional<std::string>("!"));
  }
}

TEST(PuzzLinkTest, ATextOfUrlsIsOnePuzzleALine) {
  const std::string a = "https://puzz.link/p?hitori/4/4/1114142333214213";
  const std::string b = "http://pzv.jp/p.html?hitori/3/3/112123231";
  const std::vector<std::unique_ptr<Puzzle>> all =
      parsePuzzles(genreById("hitori"), a + "\n\n" + b + "\n", 0);
  ASSERT_EQ(all.size(), 2U);
  EXPECT_EQ(all[0]->name, "url-1");
  EXPECT_EQ(all[1]->line, 3);
  EXPECT_EQ(urlTextGenre("\n" + a), std::optional<std::string>("hitori"));
  EXPECT_EQ(urlTextGenre("4 4\n1 1 1 4"), std::nullopt);
  try {
    parsePuzzles(genreById("hitori"), a + "\n4 4\n", 0);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "line 2: expected a puzz.link URL, as on the first line (a text of URLs holds one "
              "URL a line)");
  }
  try {
    parsePuzzles(genreById("hitori"), "https://puzz.link/p?sudoku/4/4/g1k23k3g", 0);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "line 1: this URL is a puzzle of genre 'sudoku', not 'hitori'");
  }
}

// In a batch, each URL line is a record of its own: a line that cannot be read is left
// out alone, a clue out of range is told by the URL's cell, and without a genre each
// URL is read as its own genre's puzzle.
TEST(PuzzLinkTest, ATextOfUrlsLeavesOutLinesAloneAndReadsSeveralGenres) {
  const std::string akari = "https://puzz.link/p?akari/6/6/nekcakbl";
  const std::string big_clue = "https://puzz.link/p?nurikabe/5/5/g-ffk2o1k3g";  // 255 at r1c2
  const std::string sudoku = "https://puzz.link/p?sudoku/4/4/g1k23k3g";
  const std::string masyu = "https://puzz.link/p?mashu/6/6/1063000i3000";
  const std::string text = akari + "\n" + big_clue + "\n\n" + sudoku + "\n" + masyu + "\n";
  EXPECT_EQ(urlTextGenres(text), (std::vector<std::string>{"akari", "nurikabe", "sudoku"}));
  EXPECT_EQ(urlTextGenres(masyu + "\n" + akari), std::vector<std::string>{"akari"});
  EXPECT_THROW(urlTextGenres(masyu), InputError);
  EXPECT_TRUE(urlTextGenres("4 4\n" + akari).empty());
  // The request's genre only: the others are left out, each with its line.
  const ParsedPuzzles strict = parsePuzzlesSkipping(genreById("akari"), text, 0);
  ASSERT_EQ(strict.puzzles.size(), 1U);
  ASSERT_EQ(strict.refused.size(), 3U);
  EXPECT_EQ(strict.refused[0].name, "url-2");
  EXPECT_EQ(strict.refused[0].line, 2);
  EXPECT_EQ(strict.refused[0].lines, 1);
  EXPECT_EQ(std::string(strict.refused[0].error.what()),
            "line 2: this URL is a puzzle of genre 'nurikabe', not 'akari'");
  EXPECT_EQ(strict.refused[1].name, "url-3");
  EXPECT_EQ(strict.refused[1].line, 4);
  // Own genres: the Sudoku is read; the clue out of range is told by its cell.
  const ParsedPuzzles own = parsePuzzlesSkipping(genreById("akari"), text, 0, false, true);
  ASSERT_EQ(own.puzzles.size(), 2U);
  ASSERT_EQ(own.genres.size(), 2U);
  EXPECT_EQ(own.genres[0]->id(), "akari");
  EXPECT_EQ(own.genres[1]->id(), "sudoku");
  EXPECT_EQ(own.puzzles[1]->name, "url-3");
  EXPECT_EQ(own.puzzles[1]->line, 4);
  ASSERT_EQ(own.refused.size(), 2U);
  const InputError& clue = own.refused[0].error;
  EXPECT_EQ(std::string(clue.what()),
            "line 2: row 1, column 2: a clue (an island's size) 255 is out of range (1 to 25)");
  EXPECT_EQ(clue.where().line, std::optional<int>(2));
  // Its place among the text's URLs, not "puzzle 1" of the one URL read alone.
  EXPECT_EQ(clue.where().puzzle, std::optional<int>(2));
  EXPECT_EQ(own.refused[1].error.where().puzzle, std::optional<int>(4));
  EXPECT_EQ(clue.where().column, std::nullopt);
  ASSERT_EQ(clue.where().cells.size(), 1U);
  EXPECT_EQ(clue.where().cells[0].row, 1);
  EXPECT_EQ(clue.where().cells[0].column, 2);
  EXPECT_NE(std::string(own.refused[1].error.what()).find("'mashu', which gridmilp does not solve"),
            std::string::npos)
      << own.refused[1].error.what();
  // A room's count too large for it: the URL's line, not the record's name and line.
  try {
    parsePuzzles(genreById("heyawake"), "https://puzz.link/p?heyawake/6/6/lll155007rs12229j", 0);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "line 1: the number 9 at row 1, column 6 is more than its room's 5 cells can hold");
  }
  // Every line bad: the first error.
  EXPECT_THROW(parsePuzzlesSkipping(genreById("akari"), big_clue + "\n" + masyu, 0), InputError);
  // The service: without a genre, each puzzle's own; with one, the others left out.
  const rapidjson::Document r =
      gridmilp::testing::call(R"({"id":1,"type":"parse","text":)" +
                              gridmilp::testing::jsonQuoted(sudoku + "\n" + akari) + "}");
  ASSERT_TRUE(r.HasMember("result")) << app::writeJson(r);
  EXPECT_STREQ(r["result"]["genre"].GetString(), "sudoku");
  ASSERT_EQ(r["result"]["puzzles"].Size(), 2U);
  EXPECT_STREQ(r["result"]["puzzles"][0]["genre"].GetString(), "sudoku");
  EXPECT_STREQ(r["result"]["puzzles"][1]["genre"].GetString(), "akari");
  EXPECT_NE(std::string(r["result"]["records"].GetString()).find("=== url-2 source=" + akari),
            std::string::npos);
  const rapidjson::Document given =
      gridmilp::testing::call(R"({"id":2,"type":"parse","genre":"akari","text":)" +
                              gridmilp::testing::jsonQuoted(sudoku + "\n" + akari) + "}");
  ASSERT_TRUE(given.HasMember("result")) << app::writeJson(given);
  EXPECT_EQ(given["result"]["puzzles"].Size(), 1U);
  EXPECT_EQ(given["result"]["refused"].Size(), 1U);
  EXPECT_STREQ(given["result"]["refused"][0]["genre"].GetString(), "sudoku");
  // A Sudoku request that names its genre takes the request's name for its answer, and
  // keeps the URL in the header as the other genres do.
  const rapidjson::Document named = gridmilp::testing::call(
      R"({"id":3,"type":"solve","genre":"sudoku","name":"url-7","puzzle":")" + sudoku + R"("})");
  ASSERT_TRUE(named.HasMember("result")) << app::writeJson(named);
  EXPECT_EQ(std::string(named["result"]["answer"]["text"].GetString())
                .rfind("=== url-7 source=" + sudoku + "\n4 4\n", 0),
            0U);
  // A text of Sudoku URLs alone: records of their own sizes, each line the URL's.
  const std::string nine =
      "https://puzz.link/p?sudoku/9/9/i27i4h8h4j7i9g5g7h8l2h6g3l5g6g9j254j43i6h39k2";
  const rapidjson::Document both =
      gridmilp::testing::call(R"({"id":4,"type":"parse","genre":"sudoku","text":)" +
                              gridmilp::testing::jsonQuoted(sudoku + "\n\n" + nine) + "}");
  ASSERT_TRUE(both.HasMember("result")) << app::writeJson(both);
  const auto& listed = both["result"]["puzzles"];
  ASSERT_EQ(listed.Size(), 2U);
  EXPECT_STREQ(both["result"]["format"].GetString(), "urls");  // read as records
  EXPECT_EQ(listed[1]["line"].GetInt(), 3);
  EXPECT_EQ(listed[1]["size"].GetInt(), 9);
  EXPECT_EQ(listed[1]["header"].GetString(), "url-2 source=" + nine);
  // What the Sudoku parser would refuse is refused at the URL's line, before it reads the
  // records (whose lines are not the user's): a side it does not take, a side other than
  // the request's. The records' rows are read as written, whatever the request's symbols.
  const std::string big = "https://puzz.link/p?sudoku/36/36/";
  const rapidjson::Document checked = gridmilp::testing::call(
      R"({"id":5,"type":"parse","genre":"sudoku","size":4,"symbols":"hex","text":)" +
      gridmilp::testing::jsonQuoted(sudoku + "\n" + nine + "\n" + big) + "}");
  ASSERT_TRUE(checked.HasMember("result")) << app::writeJson(checked);
  ASSERT_EQ(checked["result"]["puzzles"].Size(), 1U);
  EXPECT_STREQ(checked["result"]["puzzles"][0]["givens"].GetString(), ".1.....23.....3.");
  const auto& left = checked["result"]["refused"];
  ASSERT_EQ(left.Size(), 2U);
  EXPECT_STREQ(left[0]["error"]["message"].GetString(),
               "line 2: this URL is a 9×9 Sudoku, not the chosen 4×4");
  EXPECT_STREQ(left[1]["error"]["message"].GetString(),
               "line 3: Size 36 is not supported (1 to 35)");
  // A request for one puzzle, sent two URLs, names the second's own line.
  const rapidjson::Document two =
      gridmilp::testing::call(R"({"id":6,"type":"solve","genre":"sudoku","puzzle":)" +
                              gridmilp::testing::jsonQuoted(sudoku + "\n\n" + nine) + "}");
  ASSERT_TRUE(two.HasMember("error")) << app::writeJson(two);
  EXPECT_STREQ(two["error"]["message"].GetString(),
               "The text holds 2 puzzles; expected one (the second is the URL on line 3)");
}

TEST(PuzzLinkTest, TheServiceTakesAUrlWithoutAGenre) {
  const rapidjson::Document hitori = gridmilp::testing::call(
      R"({"id": 1, "type": "solve", "puzzle": "https://puzz.link/p?hitori/4/4/1114142333214213"})");
  ASSERT_TRUE(hitori.HasMember("result")) << app::writeJson(hitori);
  EXPECT_STREQ(hitori["result"]["genre"].GetString(), "hitori");
  EXPECT_TRUE(hitori["result"]["answer"]["verified"].GetBool());
  // A Sudoku URL takes the Sudoku route.
  const rapidjson::Document sudoku = gridmilp::testing::call(
      R"({"id": 2, "type": "solve", "puzzle": "https://puzz.link/p?sudoku/4/4/g1k23k3g"})");
  ASSERT_TRUE(sudoku.HasMember("result")) << app::writeJson(sudoku);
  EXPECT_EQ(std::string(sudoku["result"]["solution"].GetString()).size(), 16U);
  // 'index' in a text of URLs of several genres counts every URL's puzzle, each solved
  // as its own genre (before, only the first genre's puzzles counted).
  const std::string mixed =
      R"(# three genres\nhttps://puzz.link/p?sudoku/4/4/g1k23k3g\n)"
      R"(https://puzz.link/p?hitori/4/4/1114142333214213\nhttps://puzz.link/p?akari/6/6/nekcakbl)";
  const char* genres[] = {"sudoku", "hitori", "akari"};
  for (int index = 1; index <= 3; ++index) {
    const rapidjson::Document one =
        gridmilp::testing::call(R"({"id": 3, "type": "solve", "index": )" + std::to_string(index) +
                                R"(, "puzzle": ")" + mixed + R"("})");
    ASSERT_TRUE(one.HasMember("result")) << app::writeJson(one);
    EXPECT_STREQ(one["result"]["genre"].GetString(), genres[index - 1]);
    EXPECT_EQ(one["result"]["name"].GetString(), "url-" + std::to_string(index));
    EXPECT_TRUE(one["result"]["answer"]["verified"].GetBool());
  }
  const rapidjson::Document beyond = gridmilp::testing::call(
      R"({"id": 4, "type": "solve", "index": 4, "puzzle": ")" + mixed + R"("})");
  ASSERT_TRUE(beyond.HasMember("error")) << app::writeJson(beyond);
  EXPECT_STREQ(beyond["error"]["message"].GetString(),
               "Field 'index' is 4, but the text holds 3 puzzles that read");
  // An index past the puzzles that read names the URLs left out, and why.
  const rapidjson::Document left = gridmilp::testing::call(
      R"({"id": 5, "type": "solve", "genre": "nurikabe", "index": 2, "puzzle": ")"
      R"(https://puzz.link/p?nurikabe/5/5/g5k2o1k3g\nhttps://puzz.link/p?nurikabe/5/5/g-ffk2o1k3g"})");
  ASSERT_TRUE(left.HasMember("error")) << app::writeJson(left);
  EXPECT_STREQ(left["error"]["message"].GetString(),
               "Field 'index' is 2, but the text holds 1 puzzle that read; left out, not "
               "counted: line 2: row 1, column 2: a clue (an island's size) 255 is out of range "
               "(1 to 25)");
  // A record the user named "url-1" (no source after it) is solved as any other.
  const rapidjson::Document named = gridmilp::testing::call(
      R"({"id": 6, "type": "solve", "genre": "akari", "name": "b", "puzzle": "=== url-1\n1 1\n-\n"})");
  ASSERT_TRUE(named.HasMember("result")) << app::writeJson(named);
  EXPECT_TRUE(named["result"]["answer"]["verified"].GetBool());
}

// The test URL of each genre's pzprjs test script (test/script/<pid>.js), with the
// record it holds where it is small enough to decode by hand (Number16 and 4Cell: a
// letter g–z skips cells, 4Cell's 5–9 and a–e skip one or two after the value).
struct UrlCase {
  const char* genre;
  const char* url;
  const char* record;  // the lines after the header, or "" when only round-tripped
};
const UrlCase kUrlCases[] = {
    {"akari", "https://puzz.link/p?akari/6/6/nekcakbl",
     "6 6\n- - - - - -\n- - 4 - - -\n- - - - 2 -\n- 0 - - - -\n- - - 1 - -\n- - - - - -\n"},
    {"slitherlink", "https://puzz.link/p?slither/5/5/cbcbcddad",
     "5 5\n2 - - 1 -\n- 2 - - 1\n- - 2 - -\n3 - - 3 -\n- 0 - - 3\n"},
    {"nurikabe", "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
     "5 5\n- 5 - - -\n- - 2 - -\n- - - - -\n- - 1 - -\n- - - 3 -\n"},
    {"kuromasu", "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i",
     "5 5\n- - - 7 -\n5 - - - -\n- - 2 - -\n- - - - 2\n- 4 - - -\n"},
    {"shikaku", "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j",
     "6 6\n- - - - 3 -\n5 6 - - 6 -\n- - - - - -\n- - - - - -\n- 6 - - 2 3\n- 5 - - - -\n"},
    {"star-battle", "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou", ""},
    {"norinori", "https://puzz.link/p?norinori/5/5/cag4ocjo", ""},
    {"heyawake", "https://puzz.link/p?heyawake/6/6/lll155007rs12222j", ""},
    {"kakuro", "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3", ""},
    {"hitori", "https://puzz.link/p?hitori/4/4/1114142333214213",
     "4 4\n1 1 1 4\n1 4 2 3\n3 3 2 1\n4 2 1 3\n"},
};

TEST(PuzzLinkTest, EachGenresTestUrlDecodesSolvesAndRoundTrips) {
  int tried = 0;
  for (const UrlCase& c : kUrlCases) {
    if (findGenre(c.genre) == nullptr) continue;  // a genre not registered yet
    ++tried;
    const std::string record = recordOfUrl(c.url, "case");
    if (*c.record != '\0') EXPECT_EQ(bodyOf(record), c.record) << c.genre;
    const Genre& g = genreById(c.genre);
    const auto p = parseOne(c.genre, record);
    EXPECT_EQ(urlOf(g, *p), c.url) << c.genre;
    const GenreUniqueness u =
        checkUniqueness(g, *p, {std::string(g.models().front())}, testing::satOptions());
    ASSERT_TRUE(u.answer.has_value()) << c.genre;
    EXPECT_FALSE(g.verify(*p, *u.answer).has_value())
        << c.genre << ": " << *g.verify(*p, *u.answer);
    EXPECT_EQ(u.unique, std::optional<bool>(true)) << c.genre;
  }
  EXPECT_GE(tried, 1);
}

TEST(PuzzLinkTest, EveryOwnRecordRoundTripsThroughItsUrl) {
  // tests/data/puzzles/<genre>: the URL gridmilp writes reads back to the same record
  // (genres without a URL form, the Sudoku variants, have no such file).
  for (const Genre* g : allGenres()) {
    const std::string stem =
        std::string(g->id()) == "star-battle" ? "star_battle" : std::string(g->id());
    const std::string path =
        std::string(GRIDMILP_TEST_DATA_DIR) + "/puzzles/" + stem + ".puzzles.txt";
    if (!std::filesystem::exists(path)) continue;
    for (const auto& p : g->parse(testing::readFile(path), 0)) {
      std::string url;
      try {
        url = urlOf(*g, *p);
      } catch (const InputError& e) {  // a Star Battle with cells outside the grid
        EXPECT_NE(std::string(e.what()).find("cannot hold"), std::string::npos) << e.what();
        continue;
      }
      const auto back = parseOne(std::string(g->id()), recordOfUrl(url, p->name));
      // A Heyawake room's number moves to the room's first cell, as puzz.link keeps it.
      if (std::string(g->id()) != "heyawake") {
        EXPECT_EQ(bodyOf(g->formatPuzzle(*back)), bodyOf(g->formatPuzzle(*p)))
            << g->id() << " " << p->name << " " << url;
      }
      EXPECT_EQ(urlOf(*g, *back), url) << g->id() << " " << p->name;
    }
  }
}

// A text of many records: one that does not parse is left out and listed with its
// error at the whole text's line, the others are read (the janko Nurikabe file has
// nine records cut short); all bad, or any other text, fails with the first error.
TEST(ParseSkippingTest, ARecordFromAnotherGenresJankoPageSaysSo) {
  // A Nurikabe record read as Norinori: the error is Norinori's (no region map), and its
  // source names janko.at's Nurikabe page; in a text of many, each record's own header.
  const std::string nurikabe =
      "=== n source=https://www.janko.at/Raetsel/Nurikabe/0001.a.htm\n2 2\n1 -\n- -\n";
  const std::string hint = "(its source is a janko.at Nurikabe page: choose that genre)";
  try {
    parsePuzzles(genreById("norinori"), nurikabe, 0);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.substr(message.size() - hint.size()), hint) << message;
  }
  const std::string own = "=== o source=https://www.janko.at/Raetsel/Norinori/001.a.htm\n2 2\n";
  const ParsedPuzzles both =
      parsePuzzlesSkipping(genreById("norinori"), own + "- -\n- -\n1 1\n1 1\n" + nurikabe, 0);
  ASSERT_EQ(both.refused.size(), 1U);
  const std::string message = both.refused[0].error.what();
  EXPECT_NE(message.find(hint), std::string::npos) << message;
  // Its own genre's page: no such word.
  try {
    parsePuzzles(genreById("nurikabe"),
                 "=== n source=https://www.janko.at/Raetsel/Nurikabe/1\n2 2\n9 -\n- -\n", 0);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).find("its source"), std::string::npos) << e.what();
  }
}

TEST(ParseSkippingTest, LeavesOutRecordsThatDoNotParse) {
  const Genre& g = genreById("latin-square");
  const std::string text =
      "=== a\n2 2\n1 -\n- -\n=== b\n3 3\n1 -\n- -\n\n=== c\n2 2\n- 1\n- -\n"
      "=== d\n2 2\n9 -\n- -\n";
  const ParsedPuzzles parsed = parsePuzzlesSkipping(g, text, 0);
  ASSERT_EQ(parsed.puzzles.size(), 2U);
  EXPECT_EQ(parsed.puzzles[0]->name, "a");
  EXPECT_EQ(parsed.puzzles[1]->name, "c");
  EXPECT_EQ(parsed.puzzles[1]->line, 10);
  ASSERT_EQ(parsed.refused.size(), 2U);
  EXPECT_EQ(parsed.refused[0].name, "b");
  EXPECT_EQ(parsed.refused[0].line, 5);
  EXPECT_EQ(parsed.refused[0].lines, 5);
  EXPECT_EQ(parsed.refused[0].error.code(), ErrorCode::kWrongLength);
  EXPECT_EQ(parsed.refused[1].name, "d");
  EXPECT_EQ(parsed.refused[1].error.where().line, std::optional<int>(16));
  EXPECT_EQ(parsed.refused[1].error.where().puzzle, std::optional<int>(4));
  EXPECT_NE(std::string(parsed.refused[1].error.what()).find("line 16, column 1"),
            std::string::npos)
      << parsed.refused[1].error.what();
  // Every record bad: the first error; one record: as parsePuzzles.
  try {
    parsePuzzlesSkipping(g, "=== x\n2 2\n9 -\n- -\n=== y\n2 2\n1\n", 0);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("line 3"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parsePuzzlesSkipping(g, "=== x\n2 2\n9 -\n- -\n", 0), InputError);
  // More than kMostRefusedRecords bad records: the whole text fails.
  std::string many = "=== ok\n2 2\n1 -\n- -\n";
  for (int k = 0; k <= kMostRefusedRecords; ++k) many += "=== bad\n2 2\n7 -\n- -\n";
  EXPECT_THROW(parsePuzzlesSkipping(g, many, 0), InputError);
  // The service lists them as `refused`.
  const rapidjson::Document r =
      gridmilp::testing::call(R"({"id":1,"type":"parse","genre":"latin-square","text":)" +
                              gridmilp::testing::jsonQuoted(text) + "}");
  ASSERT_TRUE(r.HasMember("result")) << app::writeJson(r);
  EXPECT_EQ(r["result"]["puzzles"].Size(), 2U);
  EXPECT_EQ(r["result"]["puzzles"][0]["lines"].GetInt(), 4);  // up to b, left out
  ASSERT_EQ(r["result"]["refused"].Size(), 2U);
  EXPECT_EQ(std::string(r["result"]["refused"][0]["error"]["code"].GetString()), "wrong_length");
}

}  // namespace
}  // namespace gridmilp::puzzles
