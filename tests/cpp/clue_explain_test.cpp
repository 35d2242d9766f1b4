// Why no solution? for the clue genres (Akari, Slitherlink, Kakuro, Heyawake, Kuromasu,
// Shikaku, Nurikabe):
// a wrong clue planted in a puzzle of gridmilp's own is found among the fewest clues to
// drop, by both routes; no fewer clues will do (checked by brute force over the model
// with each smaller set's keep binaries fixed, re-solving with cuts where the genre
// does); and, for Akari and Slitherlink, the puzzle with the listed clues erased from
// its text has an answer the genre's checker accepts.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "app/json.h"
#include "app/service.h"
#include "protocol/vocabulary.h"
#include "puzzles/common/clues.h"
#include "puzzles/common/registry.h"
#include "puzzles/common/search.h"
#include "test_json.h"

namespace gridmilp::puzzles {
namespace {

struct Case {
  const char* genre;
  std::string text;  ///< the puzzle with one clue made wrong
  /// The planted clue's cell (1-based) and text.
  int row, column;
  const char* clue;
  /// The token that erases a clue in the text ("" when only the model check runs).
  const char* erased;
};

std::vector<Case> cases() {
  return {
      // The 2 at r1c6 asks for a second lamp that the other clues forbid.
      {"akari", "=== a\n4 6\n- - - - - 2\n- x - 1 - -\n- - - - - -\n1 - - - 0 -\n", 1, 6, "2", "x"},
      {"slitherlink",
       "=== s\n7 7\n- 3 2 3 2 - 3\n1 - 3 - 2 - -\n1 2 1 0 - - -\n- - 1 0 0 2 1\n3 2 - - - - "
       "1\n1 - 1 - - 1 -\n- 1 - 1 3 1 -\n",
       1, 7, "3", "-"},
      {"kakuro",
       "=== k\n6 6\n- - - 24, 11, -\n- 4, 10,11 0 0 -\n,29 0 0 0 0 -\n,7 0 0 0 4, 16,\n- - ,10 0 "
       "0 0\n- - ,20 0 0 0\n",
       3, 1, "29 across", ""},
      // Three shaded cells side by side in room i: no answer.
      {"heyawake",
       "=== h\n6 6\n- - 2 - - -\n- - - - - -\n- - - 0 - -\n- - - - - -\n3 - - - - -\n- - - - - "
       "1\na a a b b c\na a a d d c\na a a e e c\nf f g h h c\ni i i h h c\nj j j h h c\n",
       5, 1, "3", ""},
      // A stray 2 at r2c2: the areas add up to 18 in a 4×4 grid.
      {"shikaku", "=== q\n4 4\n4 - - 4\n- 2 - -\n- - - -\n4 - - 4\n", 2, 2, "2", "-"},
      // A stray 1 at r4c5, in the stream of own_6x6_seed2's answer.
      {"nurikabe",
       "=== n\n6 6\n4 - - - - 4\n- - 3 - - -\n- - - - - -\n- 1 - - 1 -\n- - - - - -\n2 - - - - 4\n",
       4, 5, "1", "-"},
      {"kuromasu",
       "=== u\n6 6\n- - - 3 - -\n- - 9 - - 5\n6 - - - - -\n- - - - - 4\n- - - - - 5\n- 4 - - - "
       "-\n",
       2, 3, "9", "-"},
      // Two 2s in opposite corners: either one dropped leaves an answer (a dropped clue's
      // sight limit was once kept, and both were named).
      {"kuromasu", "=== v\n3 3\n2 - -\n- - -\n- - 2\n", 3, 3, "2", "-"},
  };
}

/// Whether the model has a solution with exactly the clues of `dropped` off.
bool solvableWithout(const Genre& g, const Puzzle& p, const std::vector<int>& dropped) {
  BuildOptions options;
  options.model = std::string(g.models().front());
  options.switchClues = true;
  const std::unique_ptr<Built> built = g.build(p, options);
  for (std::size_t k = 0; k < built->clueSwitches.size(); ++k) {
    const bool off =
        std::find(dropped.begin(), dropped.end(), static_cast<int>(k)) != dropped.end();
    built->model.fix(built->clueSwitches[k].keep, off ? 0 : 1);
  }
  return solveWithCuts(*built, [&] { return g.separate(p, *built); }, {}).result.hasSolution;
}

TEST(ClueExplainTest, FindsThePlantedClueAndNoFewerWillDo) {
  for (const Case& c : cases()) {
    const Genre& g = genreById(c.genre);
    const std::unique_ptr<Puzzle> p = std::move(g.parse(c.text, 0).front());
    BuildOptions options;
    options.model = std::string(g.models().front());
    options.switchClues = true;
    const std::vector<ClueSwitch> clues = g.build(*p, options)->clueSwitches;
    ASSERT_FALSE(clues.empty()) << c.genre;
    ASSERT_FALSE(solvableWithout(g, *p, {})) << c.genre << ": the spoiled puzzle has an answer";
    std::vector<int> counts;  // the fewest to drop, by each route
    for (const char* method : {"sat", "branch-and-bound"}) {
      const rapidjson::Document response =
          testing::call(std::string(R"({"id":1,"type":"explainInfeasible","limit":20,"genre":")") +
                        c.genre + R"(","options":{"method":")" + method + R"("},"puzzle":)" +
                        testing::jsonQuoted(c.text) + "}");
      ASSERT_TRUE(response.HasMember("result")) << app::writeJson(response);
      const auto& r = response["result"];
      EXPECT_EQ(std::string(r["status"].GetString()), "infeasible") << c.genre << " " << method;
      EXPECT_EQ(r["clues"].GetInt(), static_cast<int>(clues.size()));
      EXPECT_FALSE(r["partialFill"]["reason"].IsNull());
      const auto& sets = r["removals"]["sets"];
      ASSERT_GE(sets.Size(), 1U) << c.genre;
      const int count = r["removals"]["count"].GetInt();
      counts.push_back(count);
      bool planted = false;
      for (const auto& set : sets.GetArray()) {
        ASSERT_EQ(static_cast<int>(set.Size()), count);
        std::vector<int> dropped;
        std::string erased = c.text;
        for (const auto& clue : set.GetArray()) {
          const int row = clue["row"].GetInt(), column = clue["column"].GetInt();
          planted = planted || (row == c.row && column == c.column &&
                                std::string(clue["clue"].GetString()) == c.clue);
          for (std::size_t k = 0; k < clues.size(); ++k) {
            if (p->grid.rowOf(clues[k].cell) + 1 == row &&
                p->grid.columnOf(clues[k].cell) + 1 == column &&
                clues[k].text == clue["clue"].GetString()) {
              dropped.push_back(static_cast<int>(k));
            }
          }
        }
        ASSERT_EQ(static_cast<int>(dropped.size()), count);
        EXPECT_TRUE(solvableWithout(g, *p, dropped)) << c.genre;
      }
      EXPECT_TRUE(planted) << c.genre << " " << method;
      // No fewer will do: every set of count − 1 clues (count ≤ 2 here) leaves it infeasible.
      ASSERT_LE(count, 2) << c.genre;
      if (count == 2) {
        for (std::size_t k = 0; k < clues.size(); ++k) {
          EXPECT_FALSE(solvableWithout(g, *p, {static_cast<int>(k)})) << c.genre << " clue " << k;
        }
      }
    }
    // Erased from the text, the planted clue leaves a puzzle with an answer (below), so
    // one clue is the fewest to drop: a model whose dropped clue keeps part of its rule
    // names more.
    if (*c.erased != '\0') {
      for (int count : counts) EXPECT_EQ(count, 1) << c.genre << ":\n" << c.text;
      std::vector<std::string> lines;
      std::string line;
      for (char ch : c.text) {
        if (ch == '\n') {
          lines.push_back(line);
          line.clear();
        } else {
          line += ch;
        }
      }
      std::string& target = lines[static_cast<std::size_t>(c.row + 1)];
      std::vector<std::string> tokens;
      std::string token;
      for (char ch : target + " ") {
        if (ch == ' ') {
          if (!token.empty()) tokens.push_back(token);
          token.clear();
        } else {
          token += ch;
        }
      }
      tokens[static_cast<std::size_t>(c.column - 1)] = c.erased;
      target.clear();
      for (const std::string& t : tokens) target += (target.empty() ? "" : " ") + t;
      std::string fixed;
      for (const std::string& l : lines) fixed += l + "\n";
      const std::unique_ptr<Puzzle> q = std::move(g.parse(fixed, 0).front());
      BuildOptions plain;
      plain.model = std::string(g.models().front());
      GenreSolver solver(g, *q, plain);
      const CutSearch found = solver.solve({});
      ASSERT_TRUE(found.result.hasSolution) << c.genre << ":\n" << fixed;
      EXPECT_FALSE(g.verify(*q, g.decode(*q, solver.built())).has_value()) << c.genre;
    }
  }
}

TEST(ClueExplainTest, GenresWithoutSwitchableCluesAreRefused) {
  const std::vector<std::pair<const char*, std::string>> puzzles = {
      {"hitori", "=== h\n2 2\n1 2\n2 1\n"},
      {"star-battle",
       "=== s\n6 6 1\n1 1 2 2 3 @\n4 1 2 2 3 3\n4 4 2 2 5 3\n4 4 2 5 5 5\n4 4 2 5 5 5\n@ 4 5 5 "
       "6 @\n"},
  };
  for (const auto& [genre, text] : puzzles) {
    const rapidjson::Document response =
        testing::call(std::string(R"({"id":1,"type":"explainInfeasible","genre":")") + genre +
                      R"(","puzzle":)" + testing::jsonQuoted(text) + "}");
    ASSERT_TRUE(response.HasMember("error")) << genre << ": " << app::writeJson(response);
    EXPECT_EQ(std::string(response["error"]["code"].GetString()), "bad_request") << genre;
    EXPECT_NE(std::string(response["error"]["message"].GetString()).find("has none it can drop"),
              std::string::npos)
        << genre << ": " << response["error"]["message"].GetString();
  }
}

// protocol/vocabulary.json's flags say what the engine does, for every pencil genre
// (the page shows Why no solution? and the objective by them): explainInfeasible
// explains a genre flagged `explains` (here a solvable puzzle: no clue to drop) and
// refuses the others; an objective is refused where `digits` is not set. Each on the
// first record of gridmilp's own tests/data/puzzles/<genre>.puzzles.txt.
TEST(ClueExplainTest, TheVocabularyFlagsSayWhatTheEngineDoes) {
  int pencil = 0;
  for (const vocabulary::GenreName& g : vocabulary::kGenres) {
    if (g.digits) {
      EXPECT_TRUE(g.explains) << g.id << ": every digit genre's givens can be dropped";
      continue;
    }
    std::string file(g.id);
    std::replace(file.begin(), file.end(), '-', '_');
    std::ifstream in(std::string(GRIDMILP_TEST_DATA_DIR) + "/puzzles/" + file + ".puzzles.txt");
    ASSERT_TRUE(in.good()) << g.id;
    std::string text, line;
    while (std::getline(in, line) && !(line.rfind("===", 0) == 0 && !text.empty())) {
      text += line + "\n";
    }
    ++pencil;
    const std::string head = std::string(R"({"id":1,"genre":")") + std::string(g.id) +
                             R"(","puzzle":)" + testing::jsonQuoted(text);
    const rapidjson::Document explained = testing::call(head + R"(,"type":"explainInfeasible"})");
    if (g.explains) {
      ASSERT_TRUE(explained.HasMember("result")) << g.id << ": " << app::writeJson(explained);
      EXPECT_TRUE(explained["result"]["solvable"].GetBool()) << g.id;
    } else {
      ASSERT_TRUE(explained.HasMember("error")) << g.id << ": " << app::writeJson(explained);
      EXPECT_EQ(std::string(explained["error"]["code"].GetString()), "bad_request") << g.id;
    }
    const rapidjson::Document objective =
        testing::call(head + R"(,"type":"solve","objective":{"preset":"diagonal"}})");
    ASSERT_TRUE(objective.HasMember("error")) << g.id << ": " << app::writeJson(objective);
    EXPECT_EQ(std::string(objective["error"]["where"]["field"].GetString()), "objective") << g.id;
  }
  EXPECT_EQ(pencil, 10);
}

}  // namespace
}  // namespace gridmilp::puzzles
