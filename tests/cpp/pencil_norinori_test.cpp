// Norinori: both models, the rule checker, the text format, and every record.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <chrono>

#include "pencil_test.h"

namespace gridmilp::puzzles {
namespace {

using testing::cellValues;
using testing::parseOne;
using testing::satOptions;

/// A token of sw_Norinori.solutions.txt: `x` for a shaded cell, `-` for the others.
int norinoriToken(const std::string& token) { return token == "x" ? 1 : 0; }

// A 5×5 of our own in janko's layout (an empty block, then the regions). Its one answer
// shades (0,1)-(0,2), (0,4)-(1,4), (1,0)-(2,0), (2,2)-(2,3) and (4,2)-(4,3).
const char* kOwnNorinori =
    "=== own_5x5\n5 5\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n"
    "a a a b b\nc d b b b\nc d d d b\nd d d d b\nd d e e b\n";
const std::vector<int> kOwnAnswer = {0, 1, 1, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1,
                                     1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0};

TEST(NorinoriTest, SolvesBothModelsAndTheCheckerAgrees) {
  const auto p = parseOne("norinori", kOwnNorinori);
  EXPECT_TRUE(p->warnings.empty());
  const Genre& g = genreById("norinori");
  EXPECT_EQ(g.models(), (std::vector<std::string_view>{"pairs", "textbook"}));
  for (const char* model : {"pairs", "textbook"}) {
    const GenreUniqueness u = checkUniqueness(g, *p, {model}, satOptions());
    ASSERT_TRUE(u.answer.has_value()) << model;
    EXPECT_FALSE(g.verify(*p, *u.answer).has_value()) << *g.verify(*p, *u.answer);
    EXPECT_EQ(u.unique, std::optional<bool>(true)) << model;
    EXPECT_EQ(u.answer->cells, kOwnAnswer) << model;
    EXPECT_EQ(g.formatAnswer(*p, *u.answer),
              "=== own_5x5\n5 5\n- x x - x\nx - - - x\nx - x x -\n- - - - -\n- - x x -\n");
  }
  EXPECT_EQ(g.formatPuzzle(*p), kOwnNorinori);
}

TEST(NorinoriTest, CheckerNamesTheBrokenRule) {
  const auto p = parseOne("norinori", kOwnNorinori);
  const Genre& g = genreById("norinori");
  const auto broken = [&](std::vector<int> cells) {
    return g.verify(*p, Answer{p->grid, std::move(cells), {}}).value_or("");
  };
  EXPECT_EQ(broken(kOwnAnswer), "");
  std::vector<int> alone = kOwnAnswer;
  alone[1] = 0;  // (0,2) loses its partner
  EXPECT_EQ(broken(alone), "the shaded cell at row 1, column 3 has no shaded neighbour");
  std::vector<int> three = kOwnAnswer;
  three[17] = 1;  // (3,2) joins (2,2) and (4,2)
  EXPECT_EQ(broken(three),
            "the shaded cell at row 3, column 3 has 2 shaded neighbours (row 3, column 4 and row "
            "4, column 3)");
  std::vector<int> moved = kOwnAnswer;
  moved[22] = moved[23] = 0;  // the domino of region e moves into region d
  moved[20] = moved[21] = 1;
  EXPECT_EQ(broken(moved), "region 'd' (at row 2, column 2) holds 4 shaded cells, not 2");
  std::vector<int> two = kOwnAnswer;
  two[0] = 2;
  EXPECT_EQ(broken(two), "row 1, column 1 is neither shaded nor unshaded");
  EXPECT_EQ(g.verify(*p, Answer{RectGrid{4, 5}, std::vector<int>(20, 0), {}}).value_or(""),
            "the answer is not 5×5");
}

// An unshaded cell may have all four neighbours shaded (four dominoes pointing away from
// it): the big-M of one_partner must be d − 1 = 3 there (Saito's 3 − 2s, M = 2, would cut
// this answer off), and both models keep it.
TEST(NorinoriTest, BigMKeepsAnUnshadedCellWithFourShadedNeighbours) {
  const auto p =
      parseOne("norinori", "5 5\nT T T T T\nT T T T T\nL L B R R\nL L B R R\nL L B R R\n");
  const Genre& g = genreById("norinori");
  const Answer cross{
      p->grid, {0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0}, {}};
  ASSERT_FALSE(g.verify(*p, cross).has_value()) << *g.verify(*p, cross);
  for (const char* model : {"pairs", "textbook"}) {
    const auto built = g.build(*p, {model});
    EXPECT_EQ(testing::firstBrokenRow(built->model, cellValues(*built, cross)), "") << model;
  }
  // The centre's row: 4 shaded neighbours <= 1 + 3 · (1 − 0).
  const auto built = g.build(*p, {"textbook"});
  const milp::Model& m = built->model;
  const milp::Constraint row = *m.findConstraint("one_partner[3,3]");
  EXPECT_EQ(m.rowRhs(row.index), 4.0);  // s-terms moved left: Σ nbr + 3 s <= 4
  for (int k = m.rowStart(row.index); k < m.rowStart(row.index + 1); ++k) {
    const bool centre = m.rowVars()[k] == m.findVar("s[3,3]")->index;
    EXPECT_EQ(m.rowCoefs()[k], centre ? 3.0 : 1.0);
  }
}

TEST(NorinoriTest, RefusesBadText) {
  const Genre& g = genreById("norinori");
  const auto error = [&](const std::string& text) -> std::pair<ErrorCode, std::string> {
    try {
      g.parse(text, 0);
    } catch (const InputError& e) {
      return {e.code(), e.what()};
    }
    return {ErrorCode::kInternalError, "no error"};
  };
  // A clue where janko's layout has none.
  auto [code, message] = error("2 2\n- -\n- 3\na a\nb b\n");
  EXPECT_EQ(code, ErrorCode::kParseError);
  EXPECT_NE(message.find("line 3, column 3"), std::string::npos) << message;
  EXPECT_NE(message.find("no clues"), std::string::npos) << message;
  // A region id with a character that is no letter or digit.
  std::tie(code, message) = error("2 2\na a\nb +\n");
  EXPECT_EQ(code, ErrorCode::kParseError);
  EXPECT_NE(message.find("line 3, column 3"), std::string::npos) << message;
  // A line too short.
  std::tie(code, message) = error("2 2\na a\nb\n");
  EXPECT_EQ(code, ErrorCode::kWrongLength);
  EXPECT_NE(message.find("line 3"), std::string::npos) << message;
  // A size-line parameter Norinori does not take.
  std::tie(code, message) = error("2 2 2\na a\nb b\n");
  EXPECT_NE(message.find("without a third number"), std::string::npos) << message;
  // The regions alone are read too, and written back in janko's layout; a region of one
  // cell is accepted with a warning.
  const auto p = parseOne("norinori", "=== r\n2 3\na a b\nc c c\n");
  ASSERT_EQ(p->warnings.size(), 1U);
  EXPECT_NE(p->warnings[0].find("region 'b' has a single cell"), std::string::npos);
  EXPECT_EQ(g.formatPuzzle(*p), "=== r\n2 3\n- - -\n- - -\na a b\nc c c\n");
}

TEST(NorinoriTest, FormulationNamesItsRules) {
  const auto p = parseOne("norinori", kOwnNorinori);
  const Genre& g = genreById("norinori");
  for (const char* model : {"pairs", "textbook"}) {
    const auto built = g.build(*p, {model});
    const Formulation f = g.formulation(*p, *built);
    std::vector<std::string> ids;
    for (const ConstraintGroup& group : f.groups) ids.push_back(group.id);
    EXPECT_EQ(ids, (std::vector<std::string>{"region", "partner", "one_partner"})) << model;
    EXPECT_EQ(f.groups[0].rows.size(), 5U);
    EXPECT_EQ(f.groups[1].rows.size(), 25U);
    // pairs: one row per pair of neighbours (4 corners · 1 + 12 edge cells · 3 + 9 · 6);
    // textbook: one row per cell.
    EXPECT_EQ(f.groups[2].rows.size(), std::string(model) == "pairs" ? 94U : 25U) << model;
  }
  EXPECT_NE(
      g.formulation(*p, *g.build(*p, {"textbook"})).groups[2].tex.find("M_{r,c} = d_{r,c} - 1"),
      std::string::npos);
  EXPECT_THROW(g.build(*p, {"reduced"}), InputError);
}

TEST(NorinoriTest, BoardDrawsRegionsAndShading) {
  const auto p = parseOne("norinori", kOwnNorinori);
  const Genre& g = genreById("norinori");
  const Answer answer{p->grid, kOwnAnswer, {}};
  int shaded = 0, walls = 0;
  for (const BoardItem& item : g.board(*p, &answer).items) {
    shaded += item.kind == ItemKind::kShade && item.style == "shaded";
    walls += item.kind == ItemKind::kWall;
  }
  EXPECT_EQ(shaded, 10);
  EXPECT_GT(walls, 0);
}

/// Checks that every record's text round-trips; when `timed`, solves each once more with
/// `model`, timing build and solve, and prints the total and the slowest.
void roundTripAndTime(const std::string& path, const char* model, bool timed) {
  const Genre& g = genreById("norinori");
  double total = 0, slowest = 0;
  std::string which;
  for (const auto& p : g.parse(testing::readFile(path), 0)) {
    // The text round-trips.
    EXPECT_EQ(g.formatPuzzle(*parseOne("norinori", g.formatPuzzle(*p))), g.formatPuzzle(*p));
    if (!timed) continue;
    const auto start = std::chrono::steady_clock::now();
    GenreSolver solver(g, *p, {model});
    EXPECT_TRUE(solver.solve(satOptions()).result.hasSolution) << p->name;
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    total += ms;
    if (ms > slowest) slowest = ms, which = p->name;
  }
  if (!timed) return;
  std::printf("[ norinori ] %s: build + solve %.0f ms in all; slowest %s, %.1f ms\n", model, total,
              which.c_str(), slowest);
}

TEST(NorinoriTest, OwnRecords) {
  const std::string base = std::string(GRIDMILP_TEST_DATA_DIR) + "/puzzles/norinori";
  for (const char* model : {"pairs", "textbook"}) {
    testing::solveDataSet("norinori", base + ".puzzles.txt", base + ".solutions.txt", norinoriToken,
                          model, cellValues);
  }
  roundTripAndTime(base + ".puzzles.txt", "pairs", true);
}

TEST(NorinoriTest, EverySharedRecord) {
  if (!testing::hasSharedSet("norinori", "sw_Norinori")) GTEST_SKIP() << "shared data not present";
  const testing::SetRun run =
      testing::solveSharedSet("norinori", "norinori", "sw_Norinori", norinoriToken, "", cellValues);
  EXPECT_EQ(run.records, testing::allRecords() ? 145 : static_cast<int>(testing::kSample));
  const std::string path =
      gridmilp::testing::sharedDataDir() + "/puzzles/norinori/sw_Norinori.puzzles.txt";
  roundTripAndTime(path, "pairs", testing::allRecords());
  if (testing::allRecords()) roundTripAndTime(path, "textbook", true);
}

}  // namespace
}  // namespace gridmilp::puzzles
