// The textbook Sudoku model on real puzzles (../shared/data, or gridmilp's own sets of
// the same layout without it: see test_data.h), checked by the independent checker.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "app/service.h"
#include "puzzles/sudoku/grid.h"
#include "puzzles/sudoku/model.h"
#include "puzzles/sudoku/text.h"
#include "test_data.h"

namespace gridmilp::sudoku {
namespace {

const Shape k9 = shapeForSize(9);

Grid solveOrFail(const Grid& givens, milp::SolveResult* result_out = nullptr) {
  auto built = buildTextbookModel(givens);
  const milp::SolveResult r = built->model.solve();
  if (result_out) *result_out = r;
  EXPECT_EQ(r.status, milp::SolveStatus::kOptimal);
  if (!r.hasSolution) return Grid(givens.shape);
  return decodeSolution(*built);
}

TEST(SudokuSolveTest, TextbookModelSize) {
  auto built = buildTextbookModel(Grid(k9));
  EXPECT_EQ(built->model.numVars(), 729);
  EXPECT_EQ(built->model.numConstraints(), 324);
  EXPECT_EQ(built->model.numNonzeros(), 4 * 729);
  EXPECT_EQ(built->model.name(built->x(3, 5, 9)), "x[3,5,9]");
  EXPECT_EQ(built->model.name(milp::Constraint{0, &built->model}), "cell[1,1]");
  EXPECT_EQ(built->model.name(milp::Constraint{323, &built->model}), "box[9,9]");
}

/// Solves and checks every grid of the Project Euler 96 set (or its stand-in); returns
/// the sum of the three-digit numbers in their top left corners (Project Euler's answer).
int solveEveryEuler96Grid() {
  const ParsedText parsed = parseText(testing::readSharedData("p096_sudoku.txt"), k9);
  EXPECT_EQ(parsed.puzzles.size(), 50u);
  int sum = 0;
  for (const ParsedPuzzle& p : parsed.puzzles) {
    milp::SolveResult r;
    const Grid solution = solveOrFail(p.grid, &r);
    std::string why;
    EXPECT_TRUE(isValidSolution(p.grid, solution, &why)) << p.name << ": " << why;
    sum += 100 * solution.at(0, 0) + 10 * solution.at(0, 1) + solution.at(0, 2);
    EXPECT_EQ(r.stats.columns, 729);
  }
  return sum;
}

TEST(SudokuSolveTest, AllProjectEuler96Grids) { solveEveryEuler96Grid(); }

TEST(SudokuSolveTest, ProjectEuler96CornerSumIs24702) {
  if (!testing::hasSharedData("p096_sudoku.txt")) {
    GTEST_SKIP() << "p096_sudoku.txt absent: Project Euler's answer not checked";
  }
  EXPECT_EQ(solveEveryEuler96Grid(), 24702);
}

TEST(SudokuSolveTest, AllOfTop95) {
  const ParsedText parsed = parseText(testing::readSharedData("top95.txt"), k9);
  ASSERT_EQ(parsed.puzzles.size(), 95u);
  std::int64_t branched = 0;
  for (const ParsedPuzzle& p : parsed.puzzles) {
    milp::SolveResult r;
    const Grid solution = solveOrFail(p.grid, &r);
    std::string why;
    EXPECT_TRUE(isValidSolution(p.grid, solution, &why)) << p.name << ": " << why;
    if (r.stats.nodes > 1) ++branched;
  }
  // top95 is a hard set: some of its puzzles need real branching.
  EXPECT_GT(branched, 0);
}

TEST(SudokuSolveTest, FourByFour) {
  const Shape k4 = shapeForSize(4);
  const Grid givens = parseOne("1...\n..2.\n.3..\n...4", k4);
  auto built = buildTextbookModel(givens);
  EXPECT_EQ(built->model.numVars(), 64);
  EXPECT_EQ(built->model.numConstraints(), 64);
  ASSERT_EQ(built->model.solve().status, milp::SolveStatus::kOptimal);
  const Grid solution = decodeSolution(*built);
  std::string why;
  EXPECT_TRUE(isValidSolution(givens, solution, &why)) << why;
}

TEST(SudokuSolveTest, EmptyGridsOfSeveralShapesAreCompleted) {
  for (int n : {4, 6, 8, 9}) {
    const Grid empty(shapeForSize(n));
    const Grid solution = solveOrFail(empty);
    std::string why;
    EXPECT_TRUE(isValidSolution(empty, solution, &why)) << n << ": " << why;
  }
}

TEST(SudokuSolveTest, ConflictFreeButInfeasiblePuzzle) {
  // Row 1 needs a 9 in column 9 (its only empty cell), but column 9 already has a
  // 9 in row 9: no clash among the givens, yet no solution.
  Grid g = parseOne(
      "12345678.\n.........\n.........\n.........\n.........\n.........\n.........\n"
      ".........\n........9",
      k9);
  EXPECT_FALSE(findConflict(g));
  for (bool presolve : {true, false}) {
    auto built = buildTextbookModel(g);
    milp::SolveOptions options;
    options.presolve = presolve;
    const milp::SolveResult r = built->model.solve(options);
    EXPECT_EQ(r.status, milp::SolveStatus::kInfeasible) << presolve;
    EXPECT_FALSE(r.hasSolution);
  }
}

TEST(SudokuSolveTest, CheckerRejectsBadSolutions) {
  const ParsedText parsed = parseText(testing::readSharedData("p096_sudoku.txt"), k9);
  const Grid& givens = parsed.puzzles[0].grid;
  Grid solution = solveOrFail(givens);
  std::string why;
  ASSERT_TRUE(isValidSolution(givens, solution, &why));
  Grid swapped = solution;
  std::swap(swapped.at(0, 0), swapped.at(0, 1));  // row still fine, columns not
  EXPECT_FALSE(isValidSolution(Grid(k9), swapped, &why));
  EXPECT_NE(why.find("column"), std::string::npos) << why;
  Grid changed = solution;
  changed.at(0, 2) = solution.at(0, 2) == 1 ? 2 : 1;
  EXPECT_FALSE(isValidSolution(givens, changed, &why));
  Grid incomplete = solution;
  incomplete.at(8, 8) = 0;
  EXPECT_FALSE(isValidSolution(givens, incomplete, &why));
}

}  // namespace
}  // namespace gridmilp::sudoku
