// Akari (Light Up): the model, the rule checker, the board, and every record.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <chrono>

#include "pencil_test.h"

namespace gridmilp::puzzles {
namespace {

using testing::parseOne;
using testing::satOptions;

/// A token of sw_Akari.solutions.txt: `o` for a lamp; black cells are written as in the
/// puzzle, as `x` or as `-`, and white cells without a lamp as `-`.
int akariToken(const std::string& token) { return token == "o"; }

/// The variables' values for an answer: the model has one lamp binary per white cell
/// (Built::cellOf gives its cell).
std::vector<double> akariValues(const Built& built, const Answer& answer) {
  std::vector<double> out(built.model.numVars(), 0.0);
  for (int j = 0; j < built.model.numVars(); ++j) out[j] = answer.cells[built.cellOf[j]];
  return out;
}

// A 3×3 of our own: the 4 in the middle takes a lamp on each side, and these light the
// corners.
const char* kFour = "=== own_3x3\n3 3\n- - -\n- 4 -\n- - -\n";
// A 3×3 ring around a black cell without a number, lit by lamps in two corners.
const char* kRing = "3 3\n- - -\n- x -\n- - -\n";

TEST(AkariTest, SolvesAndTheCheckerAgrees) {
  const auto p = parseOne("akari", kFour);
  const Genre& g = genreById("akari");
  const GenreUniqueness u = checkUniqueness(g, *p, {"textbook"}, satOptions());
  ASSERT_TRUE(u.answer.has_value());
  EXPECT_FALSE(g.verify(*p, *u.answer).has_value()) << *g.verify(*p, *u.answer);
  EXPECT_EQ(u.unique, std::optional<bool>(true));
  EXPECT_EQ(g.formatAnswer(*p, *u.answer), "=== own_3x3\n3 3\n- o -\no 4 o\n- o -\n");
  EXPECT_EQ(g.formatPuzzle(*p), kFour);
  // The ring has answers in two pairs of opposite corners, and others.
  const auto ring = parseOne("akari", kRing);
  EXPECT_EQ(checkUniqueness(g, *ring, {"textbook"}, satOptions()).unique,
            std::optional<bool>(false));
}

// An empty 14×14 (long runs, no clue) makes MiniSat wander (an empty 12×12 found no
// answer in 60 s before): once CNF-SAT spends its budget, branch-and-bound goes on with
// the same model and its LP answers at once. Without a time limit, this test would hang.
TEST(AkariTest, AnEmptyGridGoesOnWithBranchAndBound) {
  std::string text = "=== empty\n14 14\n";
  for (int r = 0; r < 14; ++r) {
    for (int c = 0; c < 14; ++c) text += c == 0 ? "-" : " -";
    text += "\n";
  }
  const auto p = parseOne("akari", text);
  const Genre& g = genreById("akari");
  GenreSolver solver(g, *p, {"textbook"});
  milp::SolveOptions options = satOptions();
  options.timeLimitMs = 60000;
  const CutSearch search = solver.solve(options);
  ASSERT_TRUE(search.result.hasSolution);
  EXPECT_FALSE(g.verify(*p, solver.answer()).has_value()) << *g.verify(*p, solver.answer());
  EXPECT_EQ(search.fallbackFrom, "textbook");
  EXPECT_EQ(search.fallbackTo, "textbook");
  EXPECT_EQ(search.fallbackFromMethod, "sat");
  EXPECT_FALSE(search.result.stats.sat.has_value());  // the last solve: branch-and-bound
  // Check uniqueness: its second solve keeps to branch-and-bound (on CNF-SAT it would
  // wander again, to the time limit).
  const GenreUniqueness u = checkUniqueness(g, *p, {"textbook"}, options);
  ASSERT_TRUE(u.answer.has_value());
  EXPECT_EQ(u.unique, std::optional<bool>(false));
  // The small own puzzle stays on CNF-SAT.
  const auto four = parseOne("akari", kFour);
  GenreSolver small(g, *four, {"textbook"});
  EXPECT_EQ(small.solve(satOptions()).fallbackFrom, "");
}

TEST(AkariTest, CheckerNamesTheBrokenRule) {
  const Genre& g = genreById("akari");
  const auto p = parseOne("akari", kFour);
  const auto answer = [&](std::vector<int> cells) { return Answer{p->grid, std::move(cells), {}}; };
  const std::vector<int> right = {0, 1, 0, 1, 0, 1, 0, 1, 0};
  EXPECT_FALSE(g.verify(*p, answer(right)).has_value());
  std::vector<int> on_black = right;
  on_black[4] = 1;
  EXPECT_EQ(g.verify(*p, answer(on_black)).value_or(""),
            "the black cell at row 2, column 2 holds a lamp");
  std::vector<int> shining = right;
  shining[0] = 1;
  EXPECT_EQ(g.verify(*p, answer(shining)).value_or(""),
            "the lamps at row 1, column 1 and row 1, column 2 shine on each other");
  std::vector<int> three = right;
  three[1] = 0;
  EXPECT_EQ(g.verify(*p, answer(three)).value_or(""),
            "the clue 4 at row 2, column 2 has 3 lamps beside it");
  const auto ring = parseOne("akari", kRing);
  const Answer corners{ring->grid, {1, 0, 0, 0, 0, 0, 0, 0, 1}, {}};
  EXPECT_FALSE(g.verify(*ring, corners).has_value());
  const Answer dark{ring->grid, {1, 0, 0, 0, 0, 0, 0, 0, 0}, {}};
  EXPECT_EQ(g.verify(*ring, dark).value_or(""), "the white cell at row 2, column 3 is not lit");
  EXPECT_EQ(g.verify(*ring, Answer{ring->grid, {2, 0, 0, 0, 0, 0, 0, 0, 1}, {}}).value_or(""),
            "row 1, column 1 holds neither a lamp nor none");
}

TEST(AkariTest, KnownAnswerObeysEveryRowAndTheBoardShowsIt) {
  const Genre& g = genreById("akari");
  const auto p = parseOne("akari", kFour);
  const auto built = g.build(*p, {"textbook"});
  EXPECT_EQ(built->model.numVars(), 8);  // the white cells only
  const Answer right{p->grid, {0, 1, 0, 1, 0, 1, 0, 1, 0}, {}};
  EXPECT_EQ(testing::firstBrokenRow(built->model, akariValues(*built, right)), "");
  const Answer wrong{p->grid, {1, 1, 0, 1, 0, 1, 0, 1, 0}, {}};
  EXPECT_EQ(testing::firstBrokenRow(built->model, akariValues(*built, wrong)), "across[1,1]");
  const Board board = g.board(*p, &right);
  int blocks = 0, lamps = 0, lit = 0, givens = 0;
  for (const BoardItem& item : board.items) {
    blocks += item.kind == ItemKind::kShade && item.style == "block";
    lit += item.kind == ItemKind::kShade && item.style == "lit";
    lamps += item.kind == ItemKind::kCircle && item.style == "lamp";
    givens += item.kind == ItemKind::kNumber && item.style == "given" && item.text == "4";
  }
  EXPECT_EQ(blocks, 1);
  EXPECT_EQ(givens, 1);
  EXPECT_EQ(lamps, 4);
  EXPECT_EQ(lit, 8);
  // The LP relaxation as shading depth on the white cells.
  Board relaxed = g.board(*p, nullptr);
  const std::vector<double> values(8, 0.5);
  g.drawRelaxation(*p, *built, values, &relaxed);
  ASSERT_FALSE(relaxed.items.empty());
  EXPECT_EQ(relaxed.items.front().style, "relaxed");
  EXPECT_EQ(relaxed.items.front().text, "lamp");  // the variable, for the page to say
  EXPECT_DOUBLE_EQ(relaxed.items.front().value, 0.5);
  EXPECT_EQ(relaxed.items.front().at, p->grid.centre(0));
}

TEST(AkariTest, RefusesBadText) {
  const Genre& g = genreById("akari");
  const auto message = [&](const std::string& text, ErrorCode code) {
    try {
      g.parse(text, 0);
    } catch (const InputError& e) {
      EXPECT_EQ(e.code(), code) << e.what();
      return std::string(e.what());
    }
    ADD_FAILURE() << "no error for " << text;
    return std::string();
  };
  EXPECT_NE(message("2 2\n- y\n- -\n", ErrorCode::kParseError)
                .find("line 2, column 3: expected - (a white cell), x (a black cell) or a clue 0 "
                      "to 4, found 'y'"),
            std::string::npos);
  EXPECT_NE(message("2 2\n- - -\n- -\n", ErrorCode::kWrongLength).find("line 2: expected 2 cells"),
            std::string::npos);
  EXPECT_NE(message("2 2\n5 -\n- -\n", ErrorCode::kParseError)
                .find("line 2, column 1: a clue 5 is out of range (0 to 4)"),
            std::string::npos);
  EXPECT_NE(message("2 2\n- -\n- 3\n", ErrorCode::kParseError)
                .find("the clue 3 at row 2, column 2 has only 2 white cells beside it"),
            std::string::npos);
  EXPECT_NE(message("2 2 1\n- -\n- -\n", ErrorCode::kParseError).find("without a third number"),
            std::string::npos);
}

TEST(AkariTest, FormulationNamesItsRules) {
  const auto p = parseOne("akari", kFour);
  const Genre& g = genreById("akari");
  const auto built = g.build(*p, {"textbook"});
  const Formulation f = g.formulation(*p, *built);
  std::vector<std::string> ids;
  for (const ConstraintGroup& group : f.groups) ids.push_back(group.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"clue", "across", "down", "lit"}));
  EXPECT_EQ(f.groups[0].rows.size(), 1U);
  EXPECT_EQ(f.groups[0].rows[0].cells, (std::vector<int>{1, 3, 5, 7}));
  // The 4's row is about the clue in the middle, whose cell has no variable of its own.
  EXPECT_EQ(f.groups[0].rows[0].at, 4);
  EXPECT_EQ(f.groups[3].rows[0].at, -1);
  EXPECT_EQ(f.groups[1].rows.size(), 2U);  // rows 1 and 3; row 2 has two runs of one cell
  EXPECT_EQ(f.groups[2].rows.size(), 2U);
  EXPECT_EQ(f.groups[3].rows.size(), 8U);
  EXPECT_EQ(f.groups[3].rows[0].cells, (std::vector<int>{0, 1, 2, 3, 6}));
  EXPECT_THROW(g.build(*p, {"combinations"}), InputError);
}

TEST(AkariTest, OwnRecords) {
  const std::string base = std::string(GRIDMILP_TEST_DATA_DIR) + "/puzzles/akari";
  const testing::SetRun run = testing::solveDataSet(
      "akari", base + ".puzzles.txt", base + ".solutions.txt", akariToken, "", akariValues);
  EXPECT_GE(run.records, 10);
  EXPECT_EQ(run.notUnique, 0);
}

TEST(AkariTest, EverySharedRecord) {
  if (!testing::hasSharedSet("akari", "sw_Akari")) GTEST_SKIP() << "shared data not present";
  const auto start = std::chrono::steady_clock::now();
  const testing::SetRun run =
      testing::solveSharedSet("akari", "akari", "sw_Akari", akariToken, "", akariValues);
  std::printf(
      "[ akari ] %d records in %.0f ms\n", run.records,
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  EXPECT_EQ(run.records, testing::allRecords() ? 485 : static_cast<int>(testing::kSample));
}

}  // namespace
}  // namespace gridmilp::puzzles
