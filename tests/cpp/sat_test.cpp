// The SAT method (GLPK's CNF-SAT translation and MiniSat, cpp/milp/glpk_sat.h) on small
// models with known answers, and on Sudoku through the model, the solver and the
// JSON protocol.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "app/json.h"
#include "app/service.h"
#include "milp/glpk_backend.h"
#include "milp/model.h"
#include "puzzles/sudoku/solver.h"
#include "puzzles/sudoku/text.h"

namespace gridmilp {
namespace {

/// Every test here needs the SAT method; the other tests never use it.
const bool kSatEnabled = (milp::enableSatMethod(), true);

milp::SolveOptions satOptions(bool presolve = true) {
  milp::SolveOptions options;
  options.method = milp::Method::kSat;
  options.presolve = presolve;
  return options;
}

/// The pigeonhole principle for `holes` + 1 pigeons: no assignment exists, and CDCL
/// solvers need exponentially many conflicts to find that out (A. Haken, "The
/// intractability of resolution", Theoretical Computer Science 39, 1985).
void buildPigeonhole(milp::Model* m, int holes) {
  milp::VarFamily x =
      m->addVars("x", {{1, holes + 2}, {1, holes + 1}}, milp::VarType::kBinary, 0, 1);
  for (int p = 1; p <= holes + 1; ++p) {
    milp::LinExpr somewhere;
    for (int h = 1; h <= holes; ++h) somewhere.addTerm(x(p, h), 1.0);
    m->addConstraint(somewhere == 1);
  }
  for (int h = 1; h <= holes; ++h) {
    milp::LinExpr at_most_one;
    for (int p = 1; p <= holes + 1; ++p) at_most_one.addTerm(x(p, h), 1.0);
    m->addConstraint(at_most_one <= 1);
  }
}

TEST(SatMethodTest, FindsAFeasiblePointAndReportsTheCnf) {
  ASSERT_TRUE(kSatEnabled && milp::satMethodEnabled());
  for (bool presolve : {true, false}) {
    milp::Model m;
    milp::Var x = m.addBinary("x");
    milp::Var y = m.addBinary("y");
    milp::Var z = m.addBinary("z");
    m.addConstraint(x + y + z == 2);
    m.addConstraint(x - y == 0);
    const milp::SolveResult r = m.solve(satOptions(presolve));
    ASSERT_EQ(r.status, milp::SolveStatus::kOptimal) << presolve << " " << r.message;
    EXPECT_DOUBLE_EQ(m.value(x), 1.0);
    EXPECT_DOUBLE_EQ(m.value(y), 1.0);
    EXPECT_DOUBLE_EQ(m.value(z), 0.0);
    ASSERT_TRUE(r.stats.sat.has_value());
    EXPECT_EQ(r.stats.nodes, 0);
    EXPECT_EQ(r.stats.simplexIterations, 0);
    EXPECT_EQ(r.stats.presolvedRows.has_value(), presolve);
  }
}

TEST(SatMethodTest, AnObjectiveIsIgnoredAndTheStatusSaysFeasible) {
  milp::Model m;
  milp::Var x = m.addBinary("x");
  milp::Var y = m.addBinary("y");
  m.addConstraint(x + y == 1);
  m.maximize(x + 2 * y + 3);
  const milp::SolveResult r = m.solve(satOptions());
  ASSERT_EQ(r.status, milp::SolveStatus::kFeasible);
  EXPECT_DOUBLE_EQ(r.objective, m.value(x) + 2 * m.value(y) + 3);
}

TEST(SatMethodTest, InfeasibleModelsWithAndWithoutPresolve) {
  for (bool presolve : {true, false}) {
    milp::Model m;  // 2 x1 + ... + 2 x61 = 61: LP-feasible, no 0-1 point
    milp::VarFamily x = m.addVars("x", {{1, 61}}, milp::VarType::kBinary, 0, 1);
    milp::LinExpr lhs;
    for (milp::Var v : x.all()) lhs.addTerm(v, 2.0);
    m.addConstraint(lhs == 61, "odd");
    const milp::SolveResult r = m.solve(satOptions(presolve));
    EXPECT_EQ(r.status, milp::SolveStatus::kInfeasible) << presolve << " " << r.message;
    EXPECT_FALSE(r.hasSolution);

    milp::Model small;
    milp::Var a = small.addBinary("a");
    milp::Var b = small.addBinary("b");
    small.addConstraint(a + b == 1);
    small.addConstraint(a - b == 0);
    EXPECT_EQ(small.solve(satOptions(presolve)).status, milp::SolveStatus::kInfeasible);
  }
}

TEST(SatMethodTest, PigeonholeIsProvedInfeasibleWhenSmallAndStoppedByTheLimitWhenNot) {
  milp::Model small;
  buildPigeonhole(&small, 4);
  const milp::SolveResult proved = small.solve(satOptions());
  EXPECT_EQ(proved.status, milp::SolveStatus::kInfeasible);
  ASSERT_TRUE(proved.stats.sat.has_value());
  EXPECT_GT(proved.stats.sat->conflicts, 0);

  milp::Model large;  // 13 pigeons, 12 holes: far beyond any test's patience
  buildPigeonhole(&large, 12);
  milp::SolveOptions options = satOptions();
  options.timeLimitMs = 100;
  const milp::SolveResult stopped = large.solve(options);
  EXPECT_EQ(stopped.status, milp::SolveStatus::kTimeLimit);
  EXPECT_FALSE(stopped.hasSolution);
  ASSERT_TRUE(stopped.stats.sat.has_value());
  EXPECT_GT(stopped.stats.sat->restarts, 0);

  // The backend works after a stop, with either method.
  EXPECT_EQ(small.solve(satOptions()).status, milp::SolveStatus::kInfeasible);
  EXPECT_EQ(small.solve().status, milp::SolveStatus::kInfeasible);
}

TEST(SatMethodTest, NonBinaryModelsAreRefusedWithTheReason) {
  milp::Model m;
  milp::Var x = m.addVar("x", milp::VarType::kInteger, 0, 5);
  milp::Var y = m.addBinary("y");
  m.addConstraint(x + y >= 1);
  milp::SolveResult r = m.solve(satOptions());
  EXPECT_EQ(r.status, milp::SolveStatus::kError);
  EXPECT_NE(r.message.find("variable x is not binary"), std::string::npos) << r.message;

  milp::Model half;
  milp::Var a = half.addBinary("a");
  milp::Var b = half.addBinary("b");
  half.addConstraint(0.5 * a + b <= 1, "halves");
  r = half.solve(satOptions());
  EXPECT_EQ(r.status, milp::SolveStatus::kError);
  EXPECT_NE(r.message.find("constraint halves has a fractional coefficient"), std::string::npos)
      << r.message;
}

TEST(SatMethodTest, ForcedGlpkErrorIsRecoveredAndTheNextSolveWorks) {
  milp::Model m;
  milp::Var x = m.addBinary("x");
  milp::Var y = m.addBinary("y");
  m.addConstraint(x + y == 1);
  milp::SolveOptions broken = satOptions();
  broken.forceSolverError = true;
  for (int i = 0; i < 20; ++i) {
    const milp::SolveResult r = m.solve(broken);
    ASSERT_EQ(r.status, milp::SolveStatus::kError);
    EXPECT_NE(r.message.find("column number out of range"), std::string::npos) << r.message;
  }
  EXPECT_EQ(m.solve(satOptions()).status, milp::SolveStatus::kOptimal);
}

std::string readData(const std::string& name) {
  std::ifstream in(std::string(GRIDMILP_DATA_DIR) + "/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(SatMethodTest, SolvesTop95WithEveryModel) {
  const sudoku::ParsedText parsed = sudoku::parseText(readData("top95.txt"));
  ASSERT_EQ(parsed.puzzles.size(), 95u);
  for (sudoku::ModelKind kind : {sudoku::ModelKind::kTextbook, sudoku::ModelKind::kReduced}) {
    for (std::size_t i = 0; i < parsed.puzzles.size(); i += 7) {
      sudoku::SudokuSolver solver(parsed.puzzles[i].grid, {}, kind);
      const milp::SolveResult r = solver.solve(satOptions());
      ASSERT_EQ(r.status, milp::SolveStatus::kOptimal) << i << " " << r.message;
      EXPECT_TRUE(sudoku::isValidSolution(parsed.puzzles[i].grid, solver.solution())) << i;
    }
  }
}

TEST(SatMethodTest, UniquenessAndEnumerationUseTheNoGoodCut) {
  // Top95's first puzzle is unique; with its first row of givens removed it is not.
  const sudoku::ParsedText parsed = sudoku::parseText(readData("top95.txt"));
  const sudoku::Grid& unique = parsed.puzzles[0].grid;
  const sudoku::UniquenessResult u =
      sudoku::checkUniqueness(unique, satOptions(), sudoku::ModelKind::kTextbook);
  ASSERT_TRUE(u.unique.has_value());
  EXPECT_TRUE(*u.unique);

  sudoku::Grid loose = unique;
  for (int c = 0; c < 9; ++c) loose.at(0, c) = 0;
  const sudoku::EnumerationResult e =
      sudoku::enumerate(loose, 3, satOptions(), {}, sudoku::ModelKind::kReduced);
  ASSERT_EQ(e.solutions.size(), 3u);
  for (const sudoku::Grid& s : e.solutions) EXPECT_TRUE(sudoku::isValidSolution(loose, s));
  EXPECT_NE(e.solutions[0].toLine(), e.solutions[1].toLine());
  EXPECT_NE(e.solutions[1].toLine(), e.solutions[2].toLine());
}

TEST(SatMethodTest, GenerationCompletesAndChecksWithSatAndStaysUniqueAndMinimal) {
  sudoku::GenerateOptions options;
  options.shape = sudoku::shapeForSize(9);
  options.seed = 7;
  options.method = milp::Method::kSat;
  const sudoku::GenerateResult g = sudoku::generate(options);
  EXPECT_TRUE(g.minimal);
  EXPECT_TRUE(sudoku::isValidSolution(g.puzzle, g.solution));
  // Checked by branch-and-bound, independently of the method that generated it.
  const milp::SolveOptions bnb;
  const sudoku::UniquenessResult u = sudoku::checkUniqueness(g.puzzle, bnb);
  ASSERT_TRUE(u.unique.has_value());
  EXPECT_TRUE(*u.unique);
  EXPECT_EQ(u.solution->cells, g.solution.cells);
  for (std::size_t i = 0; i < g.puzzle.cells.size(); ++i) {
    if (g.puzzle.cells[i] == 0) continue;
    sudoku::Grid less = g.puzzle;
    less.cells[i] = 0;
    EXPECT_FALSE(*sudoku::checkUniqueness(less, bnb).unique) << "given " << i << " is not needed";
  }
  EXPECT_EQ(sudoku::generate(options).puzzle.cells, g.puzzle.cells);  // deterministic
  // The complete grid is MiniSat's, not the random objective's: another grid.
  options.method = milp::Method::kBranchAndBound;
  EXPECT_NE(sudoku::generate(options).solution.cells, g.solution.cells);

  // 16×16, where branch-and-bound takes about 1.5 s to complete the grid alone.
  options.shape = sudoku::shapeForSize(16);
  options.method = milp::Method::kSat;
  options.targetGivens = 180;
  options.difficultyTimeLimitMs = 500;
  const sudoku::GenerateResult big = sudoku::generate(options);
  EXPECT_TRUE(big.targetReached);
  EXPECT_EQ(big.puzzle.givenCount(), 180);
  EXPECT_TRUE(sudoku::isValidSolution(sudoku::Grid(options.shape), big.solution));
  EXPECT_TRUE(*sudoku::checkUniqueness(big.puzzle, bnb).unique);
}

TEST(SatMethodTest, TheProtocolTakesMethodSatAndSaysWhatItCannotDo) {
  const std::string puzzle =
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  rapidjson::Document r = app::parseJson(app::handleRequest(
      R"({"id":1,"type":"solve","puzzle":")" + puzzle + R"(","options":{"method":"sat"}})"));
  ASSERT_TRUE(r.HasMember("result")) << app::writeJson(r);
  EXPECT_STREQ(r["result"]["status"].GetString(), "optimal");
  EXPECT_STREQ(r["result"]["stats"]["method"].GetString(), "sat");
  EXPECT_GT(r["result"]["stats"]["sat"]["clauses"].GetInt(), 0);

  r = app::parseJson(app::handleRequest(R"({"id":2,"type":"solve","puzzle":")" + puzzle + R"("})"));
  EXPECT_STREQ(r["result"]["stats"]["method"].GetString(), "branch-and-bound");
  EXPECT_FALSE(r["result"]["stats"].HasMember("sat"));

  const auto error_field = [&](const std::string& json) {
    const rapidjson::Document e = app::parseJson(app::handleRequest(json));
    if (!e.HasMember("error")) return std::string("no error: ") + app::writeJson(e);
    return std::string(e["error"]["where"]["field"].GetString()) + ": " +
           e["error"]["message"].GetString();
  };
  EXPECT_EQ(
      error_field(R"({"type":"solve","puzzle":")" + puzzle + R"(","options":{"method":"dpll"}})"),
      "options.method: Unknown method 'dpll': one of branch-and-bound, sat");
  EXPECT_NE(error_field(R"({"type":"solve","puzzle":")" + puzzle +
                        R"(","objective":{"preset":"diagonal"},"options":{"method":"sat"}})")
                .find("options.method: The SAT method finds any solution and cannot optimise"),
            std::string::npos);
  EXPECT_NE(error_field(R"({"type":"solve","puzzle":")" + puzzle +
                        R"(","options":{"method":"sat","recordBranching":true}})")
                .find("options.recordBranching: The SAT method has no branch-and-bound tree"),
            std::string::npos);

  // complete: the seed fills an empty grid's diagonal boxes, MiniSat the rest; with
  // givens, MiniSat's first completion.
  for (const std::string size : {"9", "25"}) {
    const std::string request =
        R"({"type":"complete","size":)" + size + R"(,"seed":4,"options":{"method":"sat"}})";
    r = app::parseJson(app::handleRequest(request));
    ASSERT_TRUE(r.HasMember("result")) << app::writeJson(r);
    EXPECT_STREQ(r["result"]["stats"]["method"].GetString(), "sat");
    const sudoku::Grid empty(sudoku::shapeForSize(std::stoi(size)));
    const sudoku::Grid grid = sudoku::parseOne(r["result"]["solution"].GetString(), empty.shape);
    EXPECT_TRUE(sudoku::isValidSolution(empty, grid)) << size;
    EXPECT_EQ(app::parseJson(app::handleRequest(request))["result"]["solution"].GetString(),
              std::string(r["result"]["solution"].GetString()));  // the same seed, the same grid
  }
  r = app::parseJson(app::handleRequest(R"({"type":"complete","puzzle":")" + puzzle +
                                        R"(","options":{"method":"sat"}})"));
  ASSERT_TRUE(r.HasMember("result")) << app::writeJson(r);
  const sudoku::Grid givens = sudoku::parseOne(puzzle);
  EXPECT_TRUE(
      sudoku::isValidSolution(givens, sudoku::parseOne(r["result"]["solution"].GetString())));

  std::vector<std::string> phases;
  std::string rated_puzzle;
  r = app::parseJson(app::handleRequest(
      R"({"id":3,"type":"generate","size":4,"seed":5,"options":{"method":"sat"}})",
      [&](const rapidjson::Value& message) {
        const rapidjson::Value& p = message["progress"];
        phases.emplace_back(p["phase"].GetString());
        EXPECT_EQ(p.HasMember("puzzle"), phases.back() == "rating");
        if (p.HasMember("puzzle")) rated_puzzle = p["puzzle"].GetString();
      }));
  ASSERT_TRUE(r.HasMember("result")) << app::writeJson(r);
  EXPECT_STREQ(r["result"]["method"].GetString(), "sat");
  EXPECT_TRUE(r["result"]["minimal"].GetBool());
  ASSERT_EQ(phases.size(), 17u);  // 16 cells tried, then the rating solve
  EXPECT_EQ(phases.front(), "removing");
  EXPECT_EQ(phases.back(), "rating");
  EXPECT_EQ(rated_puzzle, r["result"]["puzzle"].GetString());  // Stop then keeps it

  r = app::parseJson(app::handleRequest(R"({"type":"version"})"));
  ASSERT_TRUE(r["result"]["methods"].IsArray());
  EXPECT_EQ(r["result"]["methods"].Size(), 2u);
  EXPECT_STREQ(r["result"]["methods"][1].GetString(), "sat");
}

}  // namespace
}  // namespace gridmilp
