// Kuromasu: the models, the rule checker, the connectivity cuts, and every record.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pencil_test.h"
#include "test_json.h"

namespace gridmilp::puzzles {
namespace {

using testing::parseOne;
using testing::satOptions;

/// A token of sw_Kuromasu.solutions.txt: `x` for a shaded cell, `-` for the others.
int kuromasuToken(const std::string& token) { return token == "x" ? 1 : 0; }

milp::SolveOptions branchAndBound() {
  milp::SolveOptions options;
  options.method = milp::Method::kBranchAndBound;
  return options;
}

/// The value every variable of a Kuromasu model takes at `answer`, read from the
/// variables' names: s[r,c] the shading, v[r,c,d,k] whether clue (r, c) sees the k-th cell
/// in direction d (1 up, 2 down, 3 left, 4 right), run[d,r,c] the run of unshaded cells
/// from (r, c) in direction d, itself included.
std::vector<double> kuromasuValues(const Built& built, const Answer& answer) {
  const milp::Model& m = built.model;
  const RectGrid& g = answer.grid;
  const int steps[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
  const auto unshaded = [&](int r, int c) {  // 0-based; false outside
    return g.contains(r, c) && answer.cells[g.index(r, c)] == 0;
  };
  std::vector<double> out(m.numVars(), 0.0);
  for (int j = 0; j < m.numVars(); ++j) {
    const std::string name = m.name(milp::Var{j, &m});
    const std::string family = name.substr(0, name.find('['));
    std::vector<int> at;
    std::stringstream in(name.substr(name.find('[') + 1));
    for (int x = 0; in >> x; in.ignore()) at.push_back(x);
    if (family == "s") {
      out[j] = answer.cells[g.index(at[0] - 1, at[1] - 1)];
    } else if (family == "v") {
      const int* step = steps[at[2] - 1];
      bool sees = true;
      for (int k = 1; k <= at[3]; ++k) {
        sees = sees && unshaded(at[0] - 1 + k * step[0], at[1] - 1 + k * step[1]);
      }
      out[j] = sees;
    } else if (family == "run") {
      const int* step = steps[at[0] - 1];
      int length = 0;
      while (unshaded(at[1] - 1 + length * step[0], at[2] - 1 + length * step[1])) ++length;
      out[j] = length;
    } else {
      ADD_FAILURE() << "unknown variable " << name;
    }
  }
  return out;
}

// own_5x5_seed1 of tests/data/puzzles/kuromasu.puzzles.txt.
const char* kOwnKuromasu =
    "=== own_5x5_seed1\n5 5\n- - - 4 -\n- - - - 6\n- - - - -\n- 6 - - -\n- 7 - - -\n";

// A 3×3 that shading (1,1) and (2,3) answers (so does (2,3) alone): the 4 sees (2,1),
// (1,2) and (3,2), the 3 sees (3,1) and (3,2).
const char* kSmall = "3 3\n- - -\n- 4 -\n- - 3\n";

TEST(KuromasuTest, SolvesAndTheCheckerAgrees) {
  const auto p = parseOne("kuromasu", kOwnKuromasu);
  const Genre& g = genreById("kuromasu");
  for (const char* model : {"textbook", "whole-no-good"}) {
    const GenreUniqueness u = checkUniqueness(g, *p, {model}, satOptions());
    ASSERT_TRUE(u.answer.has_value()) << model;
    EXPECT_FALSE(g.verify(*p, *u.answer).has_value()) << *g.verify(*p, *u.answer);
    EXPECT_EQ(u.unique, std::optional<bool>(true)) << model;
    EXPECT_EQ(g.formatAnswer(*p, *u.answer),
              "=== own_5x5_seed1\n5 5\nx - - - x\n- x - - -\n- - - x -\nx - - - -\n- - - - -\n");
  }
  const GenreUniqueness big = checkUniqueness(g, *p, {"big-m"}, branchAndBound());
  EXPECT_EQ(big.unique, std::optional<bool>(true));
  EXPECT_EQ(g.formatPuzzle(*p), kOwnKuromasu);
}

TEST(KuromasuTest, CheckerNamesTheBrokenRule) {
  const auto p = parseOne("kuromasu", kSmall);
  const Genre& g = genreById("kuromasu");
  const auto answer = [&](std::vector<int> cells) { return Answer{p->grid, std::move(cells), {}}; };
  const std::vector<int> right = {1, 0, 0, 0, 0, 1, 0, 0, 0};
  EXPECT_FALSE(g.verify(*p, answer(right)).has_value()) << *g.verify(*p, answer(right));
  std::vector<int> clue = right;
  clue[4] = 1;
  EXPECT_EQ(g.verify(*p, answer(clue)).value_or(""), "the clue 4 at row 2, column 2 is shaded");
  std::vector<int> touching = right;
  touching[1] = 1;
  EXPECT_EQ(g.verify(*p, answer(touching)).value_or(""),
            "the shaded cells at row 1, column 1 and row 1, column 2 touch");
  std::vector<int> count = right;
  count[5] = 0;
  EXPECT_EQ(g.verify(*p, answer(count)).value_or(""),
            "the clue 4 at row 2, column 2 sees 5 unshaded cells");
  const auto bare = parseOne("kuromasu", "3 3\n- - -\n- - -\n- - -\n");
  EXPECT_EQ(g.verify(*bare, Answer{bare->grid, {0, 1, 0, 1, 0, 0, 0, 0, 0}, {}}).value_or(""),
            "the unshaded cells fall into 2 pieces (one starts at row 1, column 3)");
  EXPECT_EQ(g.verify(*p, answer({0})).value_or(""), "the answer is not 3×3");
}

TEST(KuromasuTest, ConnectivityCutsCutOffAWalledCornerAndKeepTheAnswer) {
  // No clue: shading the anti-diagonal obeys every row of each model but cuts the grid
  // in two.
  const auto p = parseOne("kuromasu", "3 3\n- - -\n- - -\n- - -\n");
  const Genre& g = genreById("kuromasu");
  const Answer answer{p->grid, std::vector<int>(9, 0), {}};  // nothing shaded
  ASSERT_FALSE(g.verify(*p, answer).has_value());
  for (const char* model : {"textbook", "whole-no-good", "big-m"}) {
    const milp::SolveOptions options =
        std::string(model) == "big-m" ? branchAndBound() : satOptions();
    const auto built = g.build(*p, {model});
    for (const char* name : {"s[1,3]", "s[2,2]", "s[3,1]"}) {
      built->model.fix(*built->model.findVar(name), 1);
    }
    ASSERT_TRUE(built->model.solve(options).hasSolution) << model;
    const std::vector<Cut> cuts = g.separate(*p, *built);
    ASSERT_EQ(cuts.size(), std::string(model) == "whole-no-good" ? 1U : 2U) << model;
    for (const Cut& cut : cuts) {
      built->model.addConstraint(cut.row, cut.name);
      EXPECT_FALSE(cut.why.empty());
    }
    EXPECT_EQ(cuts[0].cells, (std::vector<int>{2, 4, 6})) << model << ": " << cuts[0].why;
    EXPECT_EQ(testing::firstBrokenRow(built->model, kuromasuValues(*built, answer)), "") << model;
    EXPECT_FALSE(built->model.solve(options).hasSolution) << model;
  }
}

TEST(KuromasuTest, TheBigMModelNeedsBranchAndBound) {
  const auto p = parseOne("kuromasu", kSmall);
  const Genre& g = genreById("kuromasu");
  // The default model is pure 0-1 with integer coefficients: the SAT route takes it.
  GenreSolver sat(g, *p, {std::string(g.models().front())});
  EXPECT_TRUE(sat.solve(satOptions()).result.hasSolution);
  // Saito's run lengths are general integers: the SAT route refuses them, and says why.
  GenreSolver refused(g, *p, {"big-m"});
  const CutSearch search = refused.solve(satOptions());
  EXPECT_EQ(search.result.status, milp::SolveStatus::kError);
  EXPECT_NE(search.result.message.find("variable run["), std::string::npos)
      << search.result.message;
  EXPECT_NE(search.result.message.find("is not binary"), std::string::npos);
  GenreSolver solver(g, *p, {"big-m"});
  ASSERT_TRUE(solver.solve(branchAndBound()).result.hasSolution);
  EXPECT_FALSE(g.verify(*p, solver.answer()).has_value()) << *g.verify(*p, solver.answer());
  // A request naming the model and no method gets branch-and-bound (the default route
  // is CNF-SAT, which failed on every puzzle); asking for sat is refused up front.
  EXPECT_TRUE(g.needsBranchAndBound("big-m"));
  EXPECT_FALSE(g.needsBranchAndBound("textbook"));
  const rapidjson::Document solved = gridmilp::testing::call(
      R"({"id": 1, "type": "solve", "genre": "kuromasu", "puzzle": "3 3\n- - -\n- 4 -\n- - 3\n",)"
      R"( "options": {"model": "big-m"}})");
  ASSERT_TRUE(solved.HasMember("result")) << app::writeJson(solved);
  EXPECT_TRUE(solved["result"]["answer"]["verified"].GetBool());
  EXPECT_STREQ(solved["result"]["stats"]["method"].GetString(), "branch-and-bound");
  const rapidjson::Document asked_sat = gridmilp::testing::call(
      R"({"id": 2, "type": "solve", "genre": "kuromasu", "puzzle": "3 3\n- - -\n- 4 -\n- - 3\n",)"
      R"( "options": {"model": "big-m", "method": "sat"}})");
  ASSERT_TRUE(asked_sat.HasMember("error")) << app::writeJson(asked_sat);
  EXPECT_STREQ(asked_sat["error"]["where"]["field"].GetString(), "options.method");
  EXPECT_NE(std::string(asked_sat["error"]["message"].GetString()).find("big-m model of Kuromasu"),
            std::string::npos);
}

TEST(KuromasuTest, RefusesBadText) {
  const Genre& g = genreById("kuromasu");
  const auto error = [&](const std::string& text) {
    try {
      g.parse(text, 0);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(error("2 2\n1 a\n- -\n").find("line 2, column 3"), std::string::npos)
      << error("2 2\n1 a\n- -\n");
  EXPECT_NE(error("2 2\n1 -\n- - -\n").find("line 3: expected 2 cells, found 3"),
            std::string::npos);
  // A clue sees at most its row and column: 3 cells of a 2×2.
  EXPECT_NE(error("2 2\n4 -\n- -\n")
                .find("line 2, column 1: a clue (the cells it sees, itself "
                      "included) 4 is out of range (1 to 3)"),
            std::string::npos)
      << error("2 2\n4 -\n- -\n");
  EXPECT_NE(error("2 2\n0 -\n- -\n").find("out of range"), std::string::npos);
  EXPECT_NE(error("2 2 1\n1 -\n- -\n").find("without a third number"), std::string::npos);
  // The trailing spaces of sw_Kuromasu's lines are no tokens.
  EXPECT_EQ(error("2 2\n3 - \n- 3 \n"), "no error");
}

TEST(KuromasuTest, FormulationNamesItsRules) {
  const auto p = parseOne("kuromasu", kSmall);
  const Genre& g = genreById("kuromasu");
  const auto ids = [&](const char* model) {
    const auto built = g.build(*p, {model});
    std::vector<std::string> out;
    for (const ConstraintGroup& group : g.formulation(*p, *built).groups) out.push_back(group.id);
    return out;
  };
  EXPECT_EQ(ids("textbook"), (std::vector<std::string>{"clue", "sees_chain", "sees_open", "sees_on",
                                                       "apart", "walled", "connect"}));
  EXPECT_EQ(ids("whole-no-good").back(), "whole_nogood");
  EXPECT_EQ(ids("big-m"), (std::vector<std::string>{"run_shaded", "run_on", "run_most", "clue",
                                                    "apart", "walled", "connect"}));
  const auto built = g.build(*p, {"textbook"});
  const Formulation f = g.formulation(*p, *built);
  EXPECT_EQ(f.groups[0].rows.size(), 2U);  // two clues
  // The rays of the 4 are one cell long; the 3 in the corner may see two cells up and two
  // left: a chain row for each second cell.
  EXPECT_EQ(f.groups[1].rows.size(), 2U);
  EXPECT_THROW(g.build(*p, {"reduced"}), InputError);
}

TEST(KuromasuTest, OwnRecords) {
  const std::string base = std::string(GRIDMILP_TEST_DATA_DIR) + "/puzzles/kuromasu";
  for (const char* model : {"textbook", "whole-no-good"}) {
    testing::solveDataSet("kuromasu", base + ".puzzles.txt", base + ".solutions.txt", kuromasuToken,
                          model, kuromasuValues);
  }
}

TEST(KuromasuTest, OwnRecordsByTheBigMModel) {
  const std::string base = std::string(GRIDMILP_TEST_DATA_DIR) + "/puzzles/kuromasu";
  const Genre& g = genreById("kuromasu");
  const std::vector<std::unique_ptr<Puzzle>> puzzles =
      g.parse(testing::readFile(base + ".puzzles.txt"), 0);
  const std::vector<Record> solutions = parseRecords(testing::readFile(base + ".solutions.txt"));
  ASSERT_EQ(puzzles.size(), solutions.size());
  int records = 0, rounds = 0;
  for (std::size_t k = 0; k < puzzles.size(); ++k) {
    const Puzzle& p = *puzzles[k];
    if (p.grid.cells() > 64) continue;  // branch-and-bound takes long from 7×10 up
    ++records;
    Answer given{p.grid, {}, {}};
    for (const Token* t : recordBlock(solutions[k], 0, 1)) {
      given.cells.push_back(kuromasuToken(t->text));
    }
    GenreSolver solver(g, p, {"big-m"});
    const CutSearch search = solver.solve(branchAndBound());
    ASSERT_TRUE(search.result.hasSolution) << p.name;
    EXPECT_EQ(solver.answer().cells, given.cells) << p.name;
    EXPECT_EQ(testing::firstBrokenRow(solver.built().model, kuromasuValues(solver.built(), given)),
              "")
        << p.name;
    rounds += search.rounds;
  }
  EXPECT_GT(records, 0);
  std::printf("[ kuromasu ] %d own records up to 8×8 by big-m (branch-and-bound): cut rounds %d\n",
              records, rounds);
}

TEST(KuromasuTest, EverySharedRecord) {
  if (!testing::hasSharedSet("kuromasu", "sw_Kuromasu")) GTEST_SKIP() << "shared data not present";
  testing::solveSharedSet("kuromasu", "kuromasu", "sw_Kuromasu", kuromasuToken, "", kuromasuValues);
}

}  // namespace
}  // namespace gridmilp::puzzles
