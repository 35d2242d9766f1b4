// Kakuro: every model, the rule checker, the board, and every record.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <chrono>
#include <cstdio>

#include "pencil_test.h"
#include "puzzles/common/digits.h"

namespace gridmilp::puzzles {
namespace {

using testing::parseOne;
using testing::satOptions;

/// A token of sw_Kakuro.solutions.txt: `-` for a black cell, else the digit.
int kakuroToken(const std::string& token) { return token == "-" ? 0 : std::stoi(token); }

/// The digits of the run whose clue is at (r, c) (0-based), across or down, in an
/// answer (white cells hold 1..9, black cells 0).
std::vector<int> runDigits(const Answer& answer, int r, int c, bool across) {
  std::vector<int> out;
  const RectGrid& g = answer.grid;
  for (int rr = r + !across, cc = c + across; g.contains(rr, cc); rr += !across, cc += across) {
    const int v = answer.cells[g.index(rr, cc)];
    if (v == 0) break;
    out.push_back(v);
  }
  return out;
}

/// The variables' values for an answer, read from their names: x[r,c,d] is 1 when the
/// cell holds d; y_across[r,c,j] (y_down) is 1 when the run of the clue at (r, c) holds
/// the j-th digit set of its length and sum (digitSets).
std::vector<double> kakuroValues(const Built& built, const Answer& answer) {
  const milp::Model& m = built.model;
  std::vector<double> out(m.numVars(), 0.0);
  for (int j = 0; j < m.numVars(); ++j) {
    const std::string name = m.name(milp::Var{j, &m});
    int r = 0, c = 0, k = 0;
    char family[16] = {};
    if (std::sscanf(name.c_str(), "%15[a-z_][%d,%d,%d]", family, &r, &c, &k) != 4) {
      ADD_FAILURE() << "unexpected variable " << name;
      continue;
    }
    const std::string f = family;
    if (f == "x") {
      out[j] = answer.cells[answer.grid.index(r - 1, c - 1)] == k;
      continue;
    }
    const std::vector<int> digits = runDigits(answer, r - 1, c - 1, f == "y_across");
    unsigned mask = 0;
    int total = 0;
    for (int d : digits) {
      mask |= 1U << (d - 1);
      total += d;
    }
    const std::vector<unsigned> sets = digitSets(9, static_cast<int>(digits.size()), total);
    out[j] = k <= static_cast<int>(sets.size()) && sets[k - 1] == mask;
  }
  return out;
}

// A 3×3 of our own: across 3 = {1,2} and down 4 = {1,3} meet in 1; the rest follows.
const char* kSmall = "=== own_3x3\n3 3\n- 4, 11,\n,3 0 0\n,12 0 0\n";

TEST(KakuroTest, SolvesAndTheCheckerAgreesInEveryModel) {
  const auto p = parseOne("kakuro", kSmall);
  const Genre& g = genreById("kakuro");
  EXPECT_EQ(g.models(), (std::vector<std::string_view>{"set-clauses", "combinations", "textbook"}));
  for (const std::string_view view : g.models()) {
    const std::string model(view);
    const GenreUniqueness u = checkUniqueness(g, *p, {model}, satOptions());
    ASSERT_TRUE(u.answer.has_value()) << model;
    EXPECT_FALSE(g.verify(*p, *u.answer).has_value()) << *g.verify(*p, *u.answer);
    EXPECT_EQ(u.unique, std::optional<bool>(true)) << model;
    EXPECT_EQ(g.formatAnswer(*p, *u.answer), "=== own_3x3\n3 3\n- - -\n- 1 2\n- 3 9\n") << model;
    const auto built = g.build(*p, {model});
    EXPECT_EQ(testing::firstBrokenRow(built->model, kakuroValues(*built, *u.answer)), "") << model;
  }
  EXPECT_EQ(g.formatPuzzle(*p), kSmall);
  // A 2×2 block that may hold 1 5 / 7 2 or 2 4 / 6 3.
  const auto loose = parseOne("kakuro", "3 3\n- 8, 7,\n,6 0 0\n,9 0 0\n");
  for (const std::string_view model : g.models()) {
    EXPECT_EQ(checkUniqueness(g, *loose, {std::string(model)}, satOptions()).unique,
              std::optional<bool>(false))
        << model;
  }
}

TEST(KakuroTest, CheckerNamesTheBrokenRule) {
  const Genre& g = genreById("kakuro");
  const auto p = parseOne("kakuro", kSmall);
  const auto answer = [&](std::vector<int> cells) { return Answer{p->grid, std::move(cells), {}}; };
  const std::vector<int> right = {0, 0, 0, 0, 1, 2, 0, 3, 9};
  EXPECT_FALSE(g.verify(*p, answer(right)).has_value());
  std::vector<int> on_black = right;
  on_black[0] = 5;
  EXPECT_EQ(g.verify(*p, answer(on_black)).value_or(""),
            "the black cell at row 1, column 1 holds 5");
  std::vector<int> empty = right;
  empty[4] = 0;
  EXPECT_EQ(g.verify(*p, answer(empty)).value_or(""),
            "the white cell at row 2, column 2 holds no digit 1 to 9");
  std::vector<int> twice = right;
  twice[4] = 2;
  EXPECT_EQ(g.verify(*p, answer(twice)).value_or(""),
            "the across run of the clue 3 at row 2, column 1 holds 2 twice (at row 2, column 2 "
            "and row 2, column 3)");
  std::vector<int> short_sum = right;
  short_sum[8] = 8;
  EXPECT_EQ(g.verify(*p, answer(short_sum)).value_or(""),
            "the across run of the clue 12 at row 3, column 1 adds up to 11");
  std::vector<int> down_sum = right;
  down_sum[4] = 2;
  down_sum[5] = 1;  // the across runs still add up; column 2 now adds up to 5
  EXPECT_EQ(g.verify(*p, answer(down_sum)).value_or(""),
            "the down run of the clue 4 at row 1, column 2 adds up to 5");
}

TEST(KakuroTest, BoardShowsCluesDigitsAndCandidates) {
  const Genre& g = genreById("kakuro");
  const auto p = parseOne("kakuro", kSmall);
  const Answer right{p->grid, {0, 0, 0, 0, 1, 2, 0, 3, 9}, {}};
  const Board board = g.board(*p, &right);
  std::vector<std::string> down, across, solved;
  int blocks = 0;
  for (const BoardItem& item : board.items) {
    blocks += item.kind == ItemKind::kShade && item.style == "block";
    if (item.kind != ItemKind::kNumber) continue;
    (item.style == "down" ? down : item.style == "across" ? across : solved).push_back(item.text);
  }
  EXPECT_EQ(blocks, 5);
  EXPECT_EQ(down, (std::vector<std::string>{"4", "11"}));
  EXPECT_EQ(across, (std::vector<std::string>{"3", "12"}));
  EXPECT_EQ(solved, (std::vector<std::string>{"1", "2", "3", "9"}));
  // The LP relaxation as candidate marks.
  const auto built = g.build(*p, {"combinations"});
  std::vector<double> values(built->model.numVars(), 0.0);
  values[0] = 0.25;  // x[2,2,1]
  Board relaxed = g.board(*p, nullptr);
  g.drawRelaxation(*p, *built, values, &relaxed);
  ASSERT_EQ(relaxed.items.back().kind, ItemKind::kCandidate);
  EXPECT_EQ(relaxed.items.back().text, "1");
  EXPECT_DOUBLE_EQ(relaxed.items.back().value, 0.25);
  EXPECT_EQ(relaxed.items.back().at, p->grid.centre(4));
}

TEST(KakuroTest, RefusesBadText) {
  const Genre& g = genreById("kakuro");
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
  EXPECT_NE(message("3 3\n- 4, 11,\n,3 0 a\n,12 0 0\n", ErrorCode::kParseError)
                .find("line 3, column 6: expected 0 (a white cell), - (a black cell) or a black "
                      "cell's clues"),
            std::string::npos);
  EXPECT_NE(message("3 3\n- 4, 11,\n,3 0 0\n,1x 0 0\n", ErrorCode::kParseError)
                .find("line 4, column 3: expected an across clue, found '1x'"),
            std::string::npos);
  EXPECT_NE(message("3 3\n- 4, 11,2,\n,3 0 0\n,12 0 0\n", ErrorCode::kParseError)
                .find("line 2, column 10: expected one comma"),
            std::string::npos);
  EXPECT_NE(message("3 3\n- 4, 11,\n,3 0 0\n,12 0\n", ErrorCode::kWrongLength)
                .find("line 4: expected 3 cells"),
            std::string::npos);
  EXPECT_NE(message("3 3\n- 4, 50,\n,3 0 0\n,12 0 0\n", ErrorCode::kParseError)
                .find("line 2, column 6: a down clue 50 is out of range (1 to 45)"),
            std::string::npos);
  EXPECT_NE(message("3 3\n- 4, 11,\n,3 0 0\n,18 0 0\n", ErrorCode::kParseError)
                .find("the across clue 18 at row 3, column 1 is out of range for its 2 cells (3 "
                      "to 17)"),
            std::string::npos);
  EXPECT_NE(message("3 3\n- 4, 11,\n- 0 0\n,12 0 0\n", ErrorCode::kParseError)
                .find("the across run from row 2, column 2 has no clue"),
            std::string::npos);
  EXPECT_NE(message("3 3\n- 4, 11,\n,3 0 0\n,12 0 0,\n", ErrorCode::kParseError)
                .find("line 4, column 7: a down clue 0 is out of range (1 to 45)"),
            std::string::npos);
  EXPECT_NE(message("3 3\n- 4, 11,\n,3 0 0\n4,12 0 0\n", ErrorCode::kParseError)
                .find("the down clue 4 at row 3, column 1 has no white cell below it"),
            std::string::npos);
  EXPECT_NE(message("3 3 2\n- 4, 11,\n,3 0 0\n,12 0 0\n", ErrorCode::kParseError)
                .find("without a third number"),
            std::string::npos);
}

// A clue out of range names its cell, the down clue and the across clue after the comma
// alike (the page marks it; the across clue's place is inside its cell's token).
TEST(KakuroTest, AClueOutOfRangeNamesItsCell) {
  const Genre& g = genreById("kakuro");
  const auto cellOf = [&](const std::string& text) {
    try {
      g.parse(text, 0);
    } catch (const InputError& e) {
      EXPECT_EQ(e.where().cells.size(), 1U) << e.what();
      if (e.where().cells.size() == 1) {
        return std::pair{e.where().cells[0].row, e.where().cells[0].column};
      }
    }
    ADD_FAILURE() << "no error naming one cell for " << text;
    return std::pair{0, 0};
  };
  EXPECT_EQ(cellOf("3 3\n- 4, 50,\n,3 0 0\n,12 0 0\n"), (std::pair{1, 3}));
  EXPECT_EQ(cellOf("3 3\n- 4, 11,\n,46 0 0\n,12 0 0\n"), (std::pair{2, 1}));
  EXPECT_EQ(cellOf("3 3\n- 4, 11,\n,3 0 0\n9,99 0 0\n"), (std::pair{3, 1}));
}

TEST(KakuroTest, FormulationNamesItsRules) {
  const auto p = parseOne("kakuro", kSmall);
  const Genre& g = genreById("kakuro");
  const auto ids = [&](const char* model) {
    const auto built = g.build(*p, {model});
    const Formulation f = g.formulation(*p, *built);
    std::vector<std::string> out;
    for (const ConstraintGroup& group : f.groups) {
      out.push_back(group.id + ":" + std::to_string(group.rows.size()));
    }
    return out;
  };
  EXPECT_EQ(ids("set-clauses"),
            (std::vector<std::string>{"cell:4", "across_set:2", "across_digit:18", "across_has:8",
                                      "across_fits:32", "down_set:2", "down_digit:18",
                                      "down_has:10", "down_fits:32"}));
  EXPECT_EQ(ids("combinations"),
            (std::vector<std::string>{"cell:4", "across_set:2", "across_digit:18", "down_set:2",
                                      "down_digit:18"}));
  EXPECT_EQ(ids("textbook"), (std::vector<std::string>{"cell:4", "across_sum:2", "across_digit:18",
                                                       "down_sum:2", "down_digit:18"}));
  // The set row of the across clue 3 involves the clue cell (its y) only; its digit rows
  // the clue cell and the run.
  const auto built = g.build(*p, {"combinations"});
  const Formulation f = g.formulation(*p, *built);
  EXPECT_EQ(f.groups[1].rows[0].name, "across_set[2,1]");
  EXPECT_EQ(f.groups[1].rows[0].cells, (std::vector<int>{3}));
  EXPECT_EQ(f.groups[2].rows[0].cells, (std::vector<int>{3, 4, 5}));
  EXPECT_THROW(g.build(*p, {"reduced"}), InputError);
}

TEST(KakuroTest, OwnRecords) {
  const std::string base = std::string(GRIDMILP_TEST_DATA_DIR) + "/puzzles/kakuro";
  for (const char* model : {"set-clauses", "combinations", "textbook"}) {
    const testing::SetRun run = testing::solveDataSet(
        "kakuro", base + ".puzzles.txt", base + ".solutions.txt", kakuroToken, model, kakuroValues);
    EXPECT_GE(run.records, 10);
    EXPECT_EQ(run.notUnique, 0);
  }
}

TEST(KakuroTest, EverySharedRecord) {
  if (!testing::hasSharedSet("kakuro", "sw_Kakuro")) GTEST_SKIP() << "shared data not present";
  const auto start = std::chrono::steady_clock::now();
  const testing::SetRun run =
      testing::solveSharedSet("kakuro", "kakuro", "sw_Kakuro", kakuroToken, "", kakuroValues);
  std::printf(
      "[ kakuro ] %d records in %.0f ms\n", run.records,
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  EXPECT_EQ(run.records, testing::allRecords() ? 500 : static_cast<int>(testing::kSample));
}

}  // namespace
}  // namespace gridmilp::puzzles
