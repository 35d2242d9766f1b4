// Star Battle: the model, the rule checker, the text format, and every record.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <chrono>

#include "pencil_test.h"

namespace gridmilp::puzzles {
namespace {

using testing::cellValues;
using testing::parseOne;
using testing::satOptions;

/// A token of sw_Starbattle.solutions.txt: `x` for a star, `-` for none.
int starToken(const std::string& token) { return token == "x" ? 1 : 0; }

// A 5×5 one-star puzzle of our own, with a cell outside the puzzle (@) and a black cell
// (#). Its one answer: stars at (0,0), (1,2), (2,4), (3,1), (4,3).
const char* kOwnStarBattle =
    "=== own_5x5\n5 5 1\na a a a #\nb b c d d\nb b d d d\nb b e e e\n@ e e e e\n";
const std::vector<int> kOwnAnswer = {1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0,
                                     0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0};

Answer answerOf(const Puzzle& p, std::vector<int> cells) { return Answer{p.grid, cells, {}}; }

TEST(StarBattleTest, SolvesAndTheCheckerAgrees) {
  const auto p = parseOne("star-battle", kOwnStarBattle);
  EXPECT_TRUE(p->warnings.empty()) << p->warnings.front();
  const Genre& g = genreById("star-battle");
  const GenreUniqueness u = checkUniqueness(g, *p, {"textbook"}, satOptions());
  ASSERT_TRUE(u.answer.has_value());
  EXPECT_FALSE(g.verify(*p, *u.answer).has_value()) << *g.verify(*p, *u.answer);
  EXPECT_EQ(u.unique, std::optional<bool>(true));
  EXPECT_EQ(u.answer->cells, kOwnAnswer);
  EXPECT_EQ(g.formatAnswer(*p, *u.answer),
            "=== own_5x5\n5 5 1\nx - - - -\n- - x - -\n- - - - x\n- x - - -\n- - - x -\n");
  EXPECT_EQ(g.formatPuzzle(*p), kOwnStarBattle);
}

TEST(StarBattleTest, CheckerNamesTheBrokenRule) {
  const auto p = parseOne("star-battle", kOwnStarBattle);
  const Genre& g = genreById("star-battle");
  EXPECT_FALSE(g.verify(*p, answerOf(*p, kOwnAnswer)).has_value());
  const auto broken = [&](std::vector<int> cells) {
    return g.verify(*p, answerOf(*p, std::move(cells))).value_or("");
  };
  std::vector<int> touching = kOwnAnswer;
  touching[6] = 1;  // (1,1) touches (0,0) diagonally
  EXPECT_EQ(broken(touching), "the stars at row 1, column 1 and row 2, column 2 touch");
  std::vector<int> missing = kOwnAnswer;
  missing[7] = 0;  // row 2 loses its star
  EXPECT_EQ(broken(missing), "row 2 holds 0 stars, not 1");
  std::vector<int> column = kOwnAnswer;
  column[23] = 0;  // row 5's star moves from column 4 to column 5: column 4 has none
  column[24] = 1;
  EXPECT_EQ(broken(column), "column 4 holds 0 stars, not 1");
  // The mirror image puts a star on the black cell.
  const std::vector<int> mirror = {0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0,
                                   0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0};
  EXPECT_EQ(broken(mirror), "row 1, column 5 is a black cell but holds a star");
  std::vector<int> outside = kOwnAnswer;
  outside[20] = 1;  // the @ cell
  outside[16] = 0;
  EXPECT_EQ(broken(outside), "row 5, column 1 is outside the puzzle but holds a star");
  // Rows, columns and touching obeyed, regions not: stars at (0,1), (1,3), (2,0), (3,2),
  // (4,4) leave region c empty (and put two in e).
  const std::vector<int> shifted = {0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0,
                                    0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1};
  EXPECT_EQ(broken(shifted), "region 'c' (at row 2, column 3) holds 0 stars, not 1");
  std::vector<int> two = kOwnAnswer;
  two[0] = 2;
  EXPECT_EQ(broken(two), "row 1, column 1 neither holds a star nor is empty");
  EXPECT_EQ(g.verify(*p, Answer{RectGrid{4, 4}, std::vector<int>(16, 0), {}}).value_or(""),
            "the answer is not 5×5");
}

TEST(StarBattleTest, RefusesBadText) {
  const Genre& g = genreById("star-battle");
  const auto error = [&](const std::string& text) -> std::pair<ErrorCode, std::string> {
    try {
      g.parse(text, 0);
    } catch (const InputError& e) {
      return {e.code(), e.what()};
    }
    return {ErrorCode::kInternalError, "no error"};
  };
  // A region id with a character that is no letter or digit.
  auto [code, message] = error("3 3 1\na a b\na * b\nc c b\n");
  EXPECT_EQ(code, ErrorCode::kParseError);
  EXPECT_NE(message.find("line 3, column 3"), std::string::npos) << message;
  EXPECT_NE(message.find("found '*'"), std::string::npos) << message;
  // A line too short.
  std::tie(code, message) = error("3 3 1\na a b\na b\nc c b\n");
  EXPECT_EQ(code, ErrorCode::kWrongLength);
  EXPECT_NE(message.find("line 3"), std::string::npos) << message;
  // Stars per unit out of range: a row of 6 cells holds at most 3 apart.
  std::tie(code, message) = error("6 6 4\n" + std::string(6 * 12, ' '));
  EXPECT_EQ(code, ErrorCode::kParseError);
  EXPECT_NE(message.find("out of range (1 to 3)"), std::string::npos) << message;
  std::tie(code, message) = error("2 2 x\na a\nb b\n");
  EXPECT_NE(message.find("line 1, column 5"), std::string::npos) << message;
  // Without K: one star, with a warning; formatPuzzle then states it.
  const auto p = parseOne("star-battle", "2 2\na a\nb b\n");
  ASSERT_EQ(p->warnings.size(), 1U);
  EXPECT_NE(p->warnings[0].find("1 assumed"), std::string::npos) << p->warnings[0];
  EXPECT_EQ(g.formatPuzzle(*p), "=== Puzzle 1\n2 2 1\na a\nb b\n");
  // Shapes without an answer are accepted with a warning that says why.
  EXPECT_NE(parseOne("star-battle", "2 3 1\na a b\na b b\n")->warnings.at(0).find("not square"),
            std::string::npos);
  EXPECT_NE(parseOne("star-battle", "3 3 1\na a a\na a a\nb b a\n")
                ->warnings.at(0)
                .find("2 regions and 3 rows"),
            std::string::npos);
}

TEST(StarBattleTest, FormulationNamesItsRules) {
  const auto p = parseOne("star-battle", kOwnStarBattle);
  const Genre& g = genreById("star-battle");
  const auto built = g.build(*p, {"textbook"});
  const Formulation f = g.formulation(*p, *built);
  std::vector<std::string> ids;
  for (const ConstraintGroup& group : f.groups) ids.push_back(group.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"row", "column", "region", "apart"}));
  EXPECT_EQ(f.groups[2].rows.size(), 5U);
  EXPECT_EQ(f.groups[3].rows.size(), 16U);  // the 2×2 blocks of a 5×5
  EXPECT_EQ(f.groups[3].rows[0].cells, (std::vector<int>{0, 1, 5, 6}));
  EXPECT_THROW(g.build(*p, {"reduced"}), InputError);
}

TEST(StarBattleTest, BoardDrawsRegionsBlocksAndStars) {
  const auto p = parseOne("star-battle", kOwnStarBattle);
  const Genre& g = genreById("star-battle");
  const Answer answer = answerOf(*p, kOwnAnswer);
  const Board board = g.board(*p, &answer);
  int stars = 0, blocks = 0, walls = 0;
  for (const BoardItem& item : board.items) {
    stars += item.kind == ItemKind::kCircle && item.style == "star";
    blocks += item.kind == ItemKind::kShade && item.style == "block";
    walls += item.kind == ItemKind::kWall;
  }
  EXPECT_EQ(stars, 5);
  EXPECT_EQ(blocks, 2);
  EXPECT_GT(walls, 0);
}

/// Checks that every record's text round-trips; when `timed`, solves each once more,
/// timing build and solve, and prints the total and the slowest.
void roundTripAndTime(const std::string& path, bool timed) {
  const Genre& g = genreById("star-battle");
  double total = 0, slowest = 0;
  std::string which;
  for (const auto& p : g.parse(testing::readFile(path), 0)) {
    // The text round-trips.
    EXPECT_EQ(g.formatPuzzle(*parseOne("star-battle", g.formatPuzzle(*p))), g.formatPuzzle(*p));
    if (!timed) continue;
    const auto start = std::chrono::steady_clock::now();
    GenreSolver solver(g, *p, {"textbook"});
    EXPECT_TRUE(solver.solve(satOptions()).result.hasSolution) << p->name;
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    total += ms;
    if (ms > slowest) slowest = ms, which = p->name;
  }
  if (!timed) return;
  std::printf("[ star-battle ] build + solve %.0f ms in all; slowest %s, %.1f ms\n", total,
              which.c_str(), slowest);
}

TEST(StarBattleTest, OwnRecords) {
  const std::string base = std::string(GRIDMILP_TEST_DATA_DIR) + "/puzzles/star_battle";
  testing::solveDataSet("star-battle", base + ".puzzles.txt", base + ".solutions.txt", starToken,
                        "", cellValues);
  roundTripAndTime(base + ".puzzles.txt", true);
}

TEST(StarBattleTest, EverySharedRecord) {
  if (!testing::hasSharedSet("star_battle", "sw_Starbattle")) {
    GTEST_SKIP() << "shared data not present";
  }
  const testing::SetRun run = testing::solveSharedSet("star-battle", "star_battle", "sw_Starbattle",
                                                      starToken, "", cellValues);
  EXPECT_EQ(run.records, testing::allRecords() ? 154 : static_cast<int>(testing::kSample));
  roundTripAndTime(
      gridmilp::testing::sharedDataDir() + "/puzzles/star_battle/sw_Starbattle.puzzles.txt",
      testing::allRecords());
}

}  // namespace
}  // namespace gridmilp::puzzles
