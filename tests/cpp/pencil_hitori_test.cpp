// Hitori: the model, the rule checker, the connectivity cuts, and every record.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <cmath>

#include "pencil_test.h"
#include "test_json.h"

namespace gridmilp::puzzles {
namespace {

using testing::cellValues;
using testing::parseOne;
using testing::satOptions;

/// A token of sw_Hitori.solutions.txt: `x` (once with a stray character before it)
/// for a shaded cell, else the cell's number.
int hitoriToken(const std::string& token) { return token.find('x') != std::string::npos; }

// A 4×4 of our own: unshaded 1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1 with (0,1), (1,3),
// (2,0), (3,2) shaded over copies of a number in their row.
const char* kOwnHitori = "=== own_4x4\n4 4\n1 1 3 4\n3 4 1 1\n2 1 4 2\n4 3 4 1\n";

TEST(HitoriTest, SolvesAndTheCheckerAgrees) {
  const auto p = parseOne("hitori", kOwnHitori);
  const Genre& g = genreById("hitori");
  const GenreUniqueness u = checkUniqueness(g, *p, {"textbook"}, satOptions());
  ASSERT_TRUE(u.answer.has_value());
  EXPECT_FALSE(g.verify(*p, *u.answer).has_value()) << *g.verify(*p, *u.answer);
  EXPECT_EQ(u.unique, std::optional<bool>(true));
  EXPECT_EQ(g.formatAnswer(*p, *u.answer),
            "=== own_4x4\n4 4\n1 x 3 4\n3 4 1 x\nx 1 4 2\n4 3 x 1\n");
}

TEST(HitoriTest, CheckerNamesTheBrokenRule) {
  const auto p = parseOne("hitori", kOwnHitori);
  const Genre& g = genreById("hitori");
  const auto answer = [&](std::vector<int> cells) { return Answer{p->grid, std::move(cells), {}}; };
  // Right: shaded (0,1), (1,3), (2,0), (3,2).
  const std::vector<int> right = {0, 1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 0};
  EXPECT_FALSE(g.verify(*p, answer(right)).has_value());
  std::vector<int> twice = right;
  twice[1] = 0;  // row 1 keeps two 1s
  EXPECT_EQ(g.verify(*p, answer(twice)).value_or(""), "row 1 leaves 1 unshaded 2 times");
  std::vector<int> touching = right;
  touching[0] = 1;  // shaded (0,0) beside (0,1)
  EXPECT_EQ(g.verify(*p, answer(touching)).value_or(""),
            "the shaded cells at row 1, column 1 and row 1, column 2 touch");
  // A grid where the 1 at (2,2) is alone in its row and column, and where shading (0,1)
  // and (1,0) walls the corner in.
  const auto walled = parseOne("hitori", "3 3\n1 1 2\n1 2 3\n2 3 1\n");
  const Answer lone{walled->grid, {1, 0, 0, 0, 0, 0, 0, 0, 1}, {}};
  EXPECT_EQ(g.verify(*walled, lone).value_or(""),
            "row 3, column 3 is shaded but hides no repeat (no equal number in its row or column "
            "stays unshaded)");
  const Answer corner{walled->grid, {0, 1, 0, 1, 0, 0, 0, 0, 0}, {}};
  EXPECT_NE(g.verify(*walled, corner).value_or("").find("fall into 2 pieces"), std::string::npos)
      << g.verify(*walled, corner).value_or("");
}

TEST(HitoriTest, ConnectivityCutsCutOffAWalledCornerAndKeepTheAnswer) {
  // Shading (1,2) and (2,1) obeys every row of the model but walls the corner (1,1) in.
  const auto p = parseOne("hitori", "3 3\n1 1 2\n1 2 3\n2 3 1\n");
  const Genre& g = genreById("hitori");
  const Answer answer{p->grid, {1, 0, 0, 0, 0, 0, 0, 0, 0}, {}};  // the only one
  ASSERT_FALSE(g.verify(*p, answer).has_value());
  for (const char* model : {"textbook", "whole-no-good"}) {
    const auto built = g.build(*p, {model});
    built->model.fix(*built->model.findVar("s[1,2]"), 1);
    built->model.fix(*built->model.findVar("s[2,1]"), 1);
    ASSERT_TRUE(built->model.solve(satOptions()).hasSolution) << model;
    const std::vector<Cut> cuts = g.separate(*p, *built);
    // One cut per piece (the corner, and the rest), or one whole-solution no-good.
    ASSERT_EQ(cuts.size(), std::string(model) == "textbook" ? 2U : 1U) << model;
    for (const Cut& cut : cuts) {
      built->model.addConstraint(cut.row, cut.name);
      EXPECT_FALSE(cut.why.empty());
    }
    EXPECT_EQ(cuts[0].cells, (std::vector<int>{1, 3})) << model << ": " << cuts[0].why;
    EXPECT_EQ(testing::firstBrokenRow(built->model, cellValues(*built, answer)), "") << model;
    // The walled-in shading now has no solution.
    EXPECT_FALSE(built->model.solve(satOptions()).hasSolution) << model;
  }
  // Through the loop, every model finds the answer.
  for (const char* model : {"textbook", "whole-no-good"}) {
    GenreSolver solver(g, *p, {model});
    ASSERT_TRUE(solver.solve(satOptions()).result.hasSolution) << model;
    EXPECT_EQ(solver.answer().cells, answer.cells) << model;
  }
}

TEST(HitoriTest, RefusesBadText) {
  const Genre& g = genreById("hitori");
  try {
    g.parse("2 2\n1 a\n2 1\n", 0);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.code(), ErrorCode::kParseError);
    EXPECT_NE(std::string(e.what()).find("line 2, column 3"), std::string::npos) << e.what();
  }
  try {
    g.parse("2 2 1\n1 2\n2 1\n", 0);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("without a third number"), std::string::npos) << e.what();
  }
  EXPECT_THROW(g.parse("2 2\n1 2\n", 0), InputError);
}

TEST(HitoriTest, FormulationNamesItsRules) {
  const auto p = parseOne("hitori", kOwnHitori);
  const Genre& g = genreById("hitori");
  const auto built = g.build(*p, {"textbook"});
  const Formulation f = g.formulation(*p, *built);
  std::vector<std::string> ids;
  for (const ConstraintGroup& group : f.groups) ids.push_back(group.id);
  EXPECT_EQ(ids,
            (std::vector<std::string>{"row_once", "column_once", "apart", "repeat", "connect"}));
  EXPECT_EQ(f.groups[0].rows.size(), 4U);   // a repeat in each row
  EXPECT_EQ(f.groups[2].rows.size(), 24U);  // 12 + 12 neighbour pairs
  EXPECT_THROW(g.build(*p, {"reduced"}), InputError);
}

TEST(HitoriTest, ExportedFinalModelHoldsEveryCutAndSolvesToTheAnswer) {
  // own_9x9_seed8, the ninth record of tests/data: its first solve breaks the unshaded
  // cells into pieces, and 3 cuts in a second round connect them.
  const std::string text =
      testing::readFile(std::string(GRIDMILP_TEST_DATA_DIR) + "/puzzles/hitori.puzzles.txt");
  const std::string head =
      R"({"genre": "hitori", "index": 9, "puzzle": )" + gridmilp::testing::jsonQuoted(text);
  const rapidjson::Document solved =
      gridmilp::testing::call(R"({"type": "solve", )" + head.substr(1) + "}");
  const rapidjson::Document plain =
      gridmilp::testing::call(R"({"type": "exportModel", )" + head.substr(1) + "}");
  const rapidjson::Document final = gridmilp::testing::call(
      R"({"type": "exportModel", "options": {"afterCuts": true}, )" + head.substr(1) + "}");
  ASSERT_TRUE(final.HasMember("result")) << app::writeJson(final);
  const rapidjson::Value& r = final["result"];
  EXPECT_EQ(std::string(r["name"].GetString()), "own_9x9_seed8");
  EXPECT_EQ(r["rows"].GetInt(), 9);  // the grid's
  EXPECT_EQ(r["rounds"].GetInt(), 2);
  EXPECT_EQ(r["cuts"].GetInt(), 3);
  EXPECT_EQ(r["modelRows"].GetInt(), plain["result"]["modelRows"].GetInt() + 3);
  EXPECT_FALSE(plain["result"].HasMember("rounds"));
  const std::string lp = r["text"].GetString();
  EXPECT_NE(lp.find("connect(3)"), std::string::npos);
  // Read back by GLPK, the final model's solution is the answer (the puzzle is unique).
  const milp::TextSolve back = milp::solveModelText(lp, milp::ModelFormat::kCplexLp);
  ASSERT_EQ(back.status, milp::SolveStatus::kOptimal) << back.message;
  const rapidjson::Value& cells = solved["result"]["answer"]["cells"];
  int shaded = 0;
  for (const auto& [name, value] : back.values) {
    int row = 0, column = 0;
    ASSERT_EQ(std::sscanf(name.c_str(), "s(%d,%d)", &row, &column), 2) << name;
    EXPECT_EQ(std::lround(value), cells[(row - 1) * 9 + column - 1].GetInt()) << name;
    shaded += static_cast<int>(std::lround(value));
  }
  EXPECT_GT(shaded, 0);
}

TEST(HitoriTest, OwnRecords) {
  const std::string base = std::string(GRIDMILP_TEST_DATA_DIR) + "/puzzles/hitori";
  testing::solveDataSet("hitori", base + ".puzzles.txt", base + ".solutions.txt", hitoriToken, "",
                        cellValues);
}

TEST(HitoriTest, EverySharedRecord) {
  if (!testing::hasSharedSet("hitori", "sw_Hitori")) GTEST_SKIP() << "shared data not present";
  testing::solveSharedSet("hitori", "hitori", "sw_Hitori", hitoriToken, "", cellValues);
}

}  // namespace
}  // namespace gridmilp::puzzles
