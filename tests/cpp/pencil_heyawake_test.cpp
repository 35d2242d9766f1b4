// Heyawake: the model, the rule checker, the connectivity cuts, and every record.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pencil_test.h"

namespace gridmilp::puzzles {
namespace {

using testing::cellValues;
using testing::parseOne;
using testing::satOptions;

/// A token of sw_Heyawake.solutions.txt: `x` for a shaded cell, `-` for the others.
int heyawakeToken(const std::string& token) { return token == "x" ? 1 : 0; }

// own_5x5_seed17 of tests/data/puzzles/heyawake.puzzles.txt: one number, and the runs
// across the narrow rooms decide the rest.
const char* kOwnHeyawake =
    "=== own_5x5_seed17\n5 5\n"
    "- - - 1 -\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n"
    "a b c d e\na b c d e\na b c d e\nf g g h i\nf j j h i\n";

// A 3×5 of three rows of rooms a | b (a 1) | c, and a | d | c: every row crosses two
// borders. Shading (1,3), (2,1) and (3,3) obeys every rule.
const char* kRows = "3 5\n- 1 - - -\n- - - - -\n- - - - -\na b b b c\na b b b c\na d d d c\n";

TEST(HeyawakeTest, SolvesAndTheCheckerAgrees) {
  const auto p = parseOne("heyawake", kOwnHeyawake);
  const Genre& g = genreById("heyawake");
  EXPECT_TRUE(p->warnings.empty());
  const GenreUniqueness u = checkUniqueness(g, *p, {"textbook"}, satOptions());
  ASSERT_TRUE(u.answer.has_value());
  EXPECT_FALSE(g.verify(*p, *u.answer).has_value()) << *g.verify(*p, *u.answer);
  EXPECT_EQ(u.unique, std::optional<bool>(true));
  EXPECT_EQ(g.formatAnswer(*p, *u.answer),
            "=== own_5x5_seed17\n5 5\n"
            "x - - x -\n- - x - -\n- x - - x\n- - x - -\nx - - - x\n");
  // The text round-trips.
  EXPECT_EQ(g.formatPuzzle(*p), kOwnHeyawake);
}

TEST(HeyawakeTest, CheckerNamesTheBrokenRule) {
  const auto p = parseOne("heyawake", kRows);
  const Genre& g = genreById("heyawake");
  const auto answer = [&](std::vector<int> cells) { return Answer{p->grid, std::move(cells), {}}; };
  const std::vector<int> right = {0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0};
  EXPECT_FALSE(g.verify(*p, answer(right)).has_value()) << *g.verify(*p, answer(right));
  std::vector<int> count = right;
  count[2] = 0;
  EXPECT_EQ(g.verify(*p, answer(count)).value_or(""),
            "the room of the 1 at row 1, column 2 holds 0 shaded cells");
  std::vector<int> touching = right;
  touching[13] = 1;  // (3,4) beside (3,3), in room d, which has no number
  EXPECT_EQ(g.verify(*p, answer(touching)).value_or(""),
            "the shaded cells at row 3, column 3 and row 3, column 4 touch");
  std::vector<int> span = right;
  span[5] = 0;  // row 2 all unshaded: a | b | c
  EXPECT_EQ(g.verify(*p, answer(span)).value_or(""),
            "the unshaded cells from row 2, column 1 to row 2, column 5 cross two room borders");
  std::vector<int> walled = right;
  walled[2] = 0, walled[1] = 1;  // (1,2) and (2,1) wall the corner (1,1) in
  EXPECT_EQ(g.verify(*p, answer(walled)).value_or(""),
            "the unshaded cells fall into 2 pieces (one starts at row 1, column 3)");
  EXPECT_EQ(g.verify(*p, answer({0, 1})).value_or(""), "the answer is not 3×5");
}

TEST(HeyawakeTest, ConnectivityCutsCutOffAWalledCornerAndKeepTheAnswer) {
  // One room and no number: shading the anti-diagonal obeys every row of the model but
  // cuts the grid in two.
  const auto p = parseOne("heyawake", "3 3\n- - -\n- - -\n- - -\na a a\na a a\na a a\n");
  const Genre& g = genreById("heyawake");
  const Answer answer{p->grid, std::vector<int>(9, 0), {}};  // nothing shaded
  ASSERT_FALSE(g.verify(*p, answer).has_value());
  for (const char* model : {"textbook", "whole-no-good"}) {
    const auto built = g.build(*p, {model});
    for (const char* name : {"s[1,3]", "s[2,2]", "s[3,1]"}) {
      built->model.fix(*built->model.findVar(name), 1);
    }
    ASSERT_TRUE(built->model.solve(satOptions()).hasSolution) << model;
    const std::vector<Cut> cuts = g.separate(*p, *built);
    // One cut per piece (the two corners), or one whole-solution no-good.
    ASSERT_EQ(cuts.size(), std::string(model) == "textbook" ? 2U : 1U) << model;
    for (const Cut& cut : cuts) {
      built->model.addConstraint(cut.row, cut.name);
      EXPECT_FALSE(cut.why.empty());
    }
    EXPECT_EQ(cuts[0].cells, (std::vector<int>{2, 4, 6})) << model << ": " << cuts[0].why;
    EXPECT_EQ(testing::firstBrokenRow(built->model, cellValues(*built, answer)), "") << model;
    EXPECT_FALSE(built->model.solve(satOptions()).hasSolution) << model;
  }
  // Through the loop, every model finds the answer of a unique puzzle.
  const auto own = parseOne("heyawake", kOwnHeyawake);
  for (const char* model : {"textbook", "whole-no-good"}) {
    GenreSolver solver(g, *own, {model});
    ASSERT_TRUE(solver.solve(satOptions()).result.hasSolution) << model;
    EXPECT_FALSE(g.verify(*own, solver.answer()).has_value()) << model;
  }
}

TEST(HeyawakeTest, AnIdOfTwoAreasMakesTwoRooms) {
  // 'a' marks (1,1) and (1,3): two rooms, with a warning; the 1 counts its own room only.
  const auto p = parseOne("heyawake", "2 3\n1 - -\n- - -\na b a\nb b b\n");
  ASSERT_EQ(p->warnings.size(), 1U);
  EXPECT_EQ(p->warnings[0],
            "room id 'a' marks 2 separate areas (at row 1, column 1; row 1, column 3): each is a "
            "room of its own");
  const Genre& g = genreById("heyawake");
  EXPECT_FALSE(g.verify(*p, Answer{p->grid, {1, 0, 0, 0, 0, 0}, {}}).has_value());
  EXPECT_TRUE(g.verify(*p, Answer{p->grid, {0, 0, 1, 0, 0, 0}, {}}).has_value());
}

TEST(HeyawakeTest, RefusesBadText) {
  const Genre& g = genreById("heyawake");
  const auto error = [&](const std::string& text) {
    try {
      g.parse(text, 0);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(error("2 2\n1 a\n- -\na a\nb b\n").find("line 2, column 3"), std::string::npos)
      << error("2 2\n1 a\n- -\na a\nb b\n");
  EXPECT_NE(error("2 2\n1 -\n- - -\na a\nb b\n").find("line 3: expected 2 cells, found 3"),
            std::string::npos);
  EXPECT_NE(error("2 2\n3 -\n- -\na a\nb b\n")
                .find("the number 3 at row 1, column 1 is more than its room's 2 cells can hold"),
            std::string::npos)
      << error("2 2\n3 -\n- -\na a\nb b\n");
  EXPECT_NE(error("2 2\n1 1\n- -\na a\nb b\n")
                .find("the room at row 1, column 1 has two numbers (at row 1, column 1 and row 1, "
                      "column 2)"),
            std::string::npos);
  EXPECT_NE(error("2 2 1\n1 -\n- -\na a\nb b\n").find("without a third number"), std::string::npos);
  EXPECT_NE(error("2 2\n1 -\n- -\na a\n").find("expected 4 lines"), std::string::npos)
      << error("2 2\n1 -\n- -\na a\n");
}

TEST(HeyawakeTest, FormulationNamesItsRules) {
  const auto p = parseOne("heyawake", kRows);
  const Genre& g = genreById("heyawake");
  const auto built = g.build(*p, {"textbook"});
  const Formulation f = g.formulation(*p, *built);
  std::vector<std::string> ids;
  for (const ConstraintGroup& group : f.groups) ids.push_back(group.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"room", "apart", "span", "walled", "connect"}));
  EXPECT_EQ(f.groups[0].rows.size(), 1U);   // one room with a number
  EXPECT_EQ(f.groups[1].rows.size(), 22U);  // 12 + 10 neighbour pairs
  EXPECT_EQ(f.groups[2].rows.size(), 3U);   // one segment a | b | c per row
  EXPECT_EQ(f.groups[3].rows.size(), 15U);  // one per cell
  const auto whole = g.build(*p, {"whole-no-good"});
  EXPECT_EQ(g.formulation(*p, *whole).groups.back().id, "whole_nogood");
  EXPECT_THROW(g.build(*p, {"reduced"}), InputError);
}

TEST(HeyawakeTest, OwnRecords) {
  const std::string base = std::string(GRIDMILP_TEST_DATA_DIR) + "/puzzles/heyawake";
  testing::solveDataSet("heyawake", base + ".puzzles.txt", base + ".solutions.txt", heyawakeToken,
                        "", cellValues);
}

// Saito's whole-solution no-good removes one shading a round: on our records up to 8×8 it
// needs a few dozen rounds where the default needs a handful; on a 10×10 it needs
// hundreds to thousands, and on sw_Heyawake's 14×24 ones more than GLPK solves in a
// minute, so it is compared here on the small records only.
TEST(HeyawakeTest, WholeNoGoodOnTheSmallOwnRecords) {
  const std::string base = std::string(GRIDMILP_TEST_DATA_DIR) + "/puzzles/heyawake";
  const Genre& g = genreById("heyawake");
  const std::vector<std::unique_ptr<Puzzle>> puzzles =
      g.parse(testing::readFile(base + ".puzzles.txt"), 0);
  const std::vector<Record> solutions = parseRecords(testing::readFile(base + ".solutions.txt"));
  ASSERT_EQ(puzzles.size(), solutions.size());
  int records = 0, rounds[2] = {0, 0};
  for (std::size_t k = 0; k < puzzles.size(); ++k) {
    const Puzzle& p = *puzzles[k];
    if (p.grid.cells() > 64) continue;
    ++records;
    Answer given{p.grid, {}, {}};
    for (const Token* t : recordBlock(solutions[k], 0, 1))
      given.cells.push_back(heyawakeToken(t->text));
    for (int m = 0; m < 2; ++m) {
      GenreSolver solver(g, p, {m == 0 ? "textbook" : "whole-no-good"});
      const CutSearch search = solver.solve(satOptions());
      ASSERT_TRUE(search.result.hasSolution) << p.name;
      EXPECT_EQ(solver.answer().cells, given.cells) << p.name;
      EXPECT_EQ(testing::firstBrokenRow(solver.built().model, cellValues(solver.built(), given)),
                "")
          << p.name;
      rounds[m] += search.rounds;
    }
  }
  EXPECT_GT(records, 0);
  std::printf(
      "[ heyawake ] %d own records up to 8×8: cut rounds %d (textbook), %d (whole-no-good)\n",
      records, rounds[0], rounds[1]);
}

TEST(HeyawakeTest, EverySharedRecord) {
  if (!testing::hasSharedSet("heyawake", "sw_Heyawake")) GTEST_SKIP() << "shared data not present";
  testing::solveSharedSet("heyawake", "heyawake", "sw_Heyawake", heyawakeToken, "", cellValues);
}

}  // namespace
}  // namespace gridmilp::puzzles
