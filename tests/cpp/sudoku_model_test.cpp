// The model kinds: textbook, candidates, reduced and probed give the same answers, and
// the reductions are what they say they are.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "app/service.h"
#include "puzzles/sudoku/model.h"
#include "puzzles/sudoku/solver.h"
#include "puzzles/sudoku/text.h"
#include "test_data.h"
#include "test_json.h"

namespace gridmilp::sudoku {
namespace {

const milp::SolveOptions kDefault{};
constexpr ModelKind kKinds[] = {ModelKind::kTextbook, ModelKind::kCandidates, ModelKind::kReduced,
                                ModelKind::kProbed};

TEST(SudokuModelTest, CandidatesModelLeavesOutWhatTheGivensExclude) {
  // One given 5 at row 1, column 1 of an empty 4×4: cell (1,1) needs no variables;
  // 5 is not a 4×4 digit, so use 3. Digit 3 leaves row 1, column 1 and box 1.
  const Grid g = parseOne("3...\n....\n....\n....");
  const auto built = buildModel(g, ModelKind::kCandidates);
  // Variables: 15 empty cells × 4 digits, minus 3 in the 3 other cells of row 1, of
  // column 1 and of box 1 (7 distinct cells: 3 + 3 + 1).
  EXPECT_EQ(built->model.numVars(), 15 * 4 - 7);
  EXPECT_EQ(built->reduction.candidatesRemoved, 64 - (15 * 4 - 7));
  // Rows: 15 cells + 3 units × 4 digits × 4 units − the 3 rows the given satisfies.
  EXPECT_EQ(built->model.numConstraints(), 15 + 48 - 3);
  EXPECT_EQ(built->reduction.rowsRemoved, 64 - (15 + 48 - 3));
  EXPECT_FALSE(built->x.find({1, 1, 3}).has_value());
  EXPECT_FALSE(built->x.find({1, 2, 3}).has_value());
  EXPECT_TRUE(built->x.find({2, 3, 3}).has_value());
  EXPECT_EQ(built->model.name(*built->x.find({2, 3, 3})), "x[2,3,3]");
  EXPECT_TRUE(built->reduction.fixings.empty());
}

TEST(SudokuModelTest, ReducedModelRecordsItsSingles) {
  // Every grid the singles settle: a fixing for each open cell, each explained.
  const ParsedText parsed = parseText(testing::readSharedData("p096_sudoku.txt"));
  int decided = 0;
  for (const ParsedPuzzle& p : parsed.puzzles) {
    const auto built = buildModel(p.grid, ModelKind::kReduced);
    if (built->model.numVars() > 0) continue;
    ++decided;
    EXPECT_EQ(built->fixed.givenCount(), 81) << p.name;
    EXPECT_EQ(static_cast<int>(built->reduction.fixings.size()), 81 - p.grid.givenCount())
        << p.name;
    for (const Fixing& f : built->reduction.fixings) {
      EXPECT_EQ(p.grid.at(f.cell.row - 1, f.cell.column - 1), 0) << p.name;
      EXPECT_EQ(built->fixed.at(f.cell.row - 1, f.cell.column - 1), f.value) << p.name;
      // A hidden single names its unit; a naked single none.
      EXPECT_EQ(f.unit.present(), f.rule == FixRule::kHiddenSingle) << p.name;
      if (f.unit.present()) EXPECT_FALSE(toString(f.unit).empty()) << p.name;
    }
    SudokuSolver solver(p.grid, std::nullopt, ModelKind::kReduced);
    EXPECT_EQ(solver.solve(kDefault).status, milp::SolveStatus::kOptimal) << p.name;
    EXPECT_TRUE(solver.decidedByReduction()) << p.name;
    EXPECT_EQ(solver.solution().cells, built->fixed.cells) << p.name;
    EXPECT_TRUE(isValidSolution(p.grid, solver.solution())) << p.name;
  }
  EXPECT_GT(decided, 0);
}

TEST(SudokuModelTest, ReducedModelRecordsTheSinglesOfProjectEuler96Grid01) {
  if (!testing::hasSharedData("p096_sudoku.txt")) {
    GTEST_SKIP() << "p096_sudoku.txt absent: its Grid 01 not checked";
  }
  const ParsedText parsed = parseText(testing::readSharedData("p096_sudoku.txt"));
  const auto built = buildModel(parsed.puzzles[0].grid, ModelKind::kReduced);
  // Grid 01 is easy: singles settle every cell, and the fixings explain each one.
  EXPECT_EQ(built->model.numVars(), 0);
  EXPECT_EQ(built->fixed.givenCount(), 81);
  EXPECT_EQ(static_cast<int>(built->reduction.fixings.size()), 81 - 32);
  for (const Fixing& f : built->reduction.fixings) {
    EXPECT_EQ(parsed.puzzles[0].grid.at(f.cell.row - 1, f.cell.column - 1), 0);
    // A hidden single names its unit; a naked single none.
    EXPECT_EQ(f.unit.present(), f.rule == FixRule::kHiddenSingle);
    if (f.unit.present()) EXPECT_FALSE(toString(f.unit).empty());
  }
  SudokuSolver solver(parsed.puzzles[0].grid, std::nullopt, ModelKind::kReduced);
  const milp::SolveResult r = solver.solve(kDefault);
  EXPECT_EQ(r.status, milp::SolveStatus::kOptimal);
  EXPECT_TRUE(solver.decidedByReduction());
  EXPECT_EQ(solver.solution().toLine().substr(0, 9), "483921657");
}

TEST(SudokuModelTest, LockedCandidatesPointFromABoxIntoARow) {
  // Rows 2 and 3 of box 1 are full (2–7), so digits 1, 8 and 9 can only go in row 1
  // of box 1, and pointing removes them from the rest of row 1. No single applies.
  const Grid g = parseOne("...|...|...\n234|...|...\n567|...|...\n" + std::string(6, '\n') +
                          ".........\n.........\n.........\n.........\n.........\n.........");
  const auto built = buildModel(g, ModelKind::kReduced);
  EXPECT_TRUE(built->reduction.fixings.empty());
  ASSERT_EQ(built->reduction.eliminations.size(), 3u);
  const char* details[] = {"digit 1 of box 1 lies in row 1", "digit 8 of box 1 lies in row 1",
                           "digit 9 of box 1 lies in row 1"};
  for (int i = 0; i < 3; ++i) {
    const Elimination& e = built->reduction.eliminations[i];
    EXPECT_EQ(e.rule, EliminationRule::kLockedCandidates);
    EXPECT_EQ(e.removed, 6);
    EXPECT_EQ(describe(e), details[i]);
  }
  for (int d : {1, 8, 9}) {
    EXPECT_TRUE(built->x.find({1, 1, d}).has_value()) << d;
    for (int c = 4; c <= 9; ++c) EXPECT_FALSE(built->x.find({1, c, d}).has_value()) << c << d;
    EXPECT_TRUE(built->x.find({4, 1, d}).has_value()) << d;  // other rows keep them
  }
  // The candidates model (no propagation) keeps them.
  EXPECT_TRUE(buildModel(g, ModelKind::kCandidates)->x.find({1, 4, 1}).has_value());
}

TEST(SudokuModelTest, AllKindsAgreeOnTop95) {
  const ParsedText parsed = parseText(testing::readSharedData("top95.txt"));
  int by_glpk = 0;
  int eliminated[3] = {0, 0, 0};  // candidates removed, by EliminationRule
  for (const ParsedPuzzle& p : parsed.puzzles) {
    std::vector<int> first;
    for (ModelKind kind : kKinds) {
      SudokuSolver solver(p.grid, std::nullopt, kind);
      milp::SolveOptions options;
      options.branching = milp::Branching::kMostFractional;
      ASSERT_TRUE(solver.solve(options).hasSolution) << p.name << " " << toString(kind);
      std::string why;
      ASSERT_TRUE(isValidSolution(p.grid, solver.solution(), &why)) << why;
      if (first.empty()) first = solver.solution().cells;
      EXPECT_EQ(solver.solution().cells, first) << p.name;  // unique puzzles
      if (kind == ModelKind::kReduced && !solver.decidedByReduction()) ++by_glpk;
    }
    // No reduction step removed the answer: each open cell of the reduced and probed
    // models keeps a variable for its digit in the (unique) solution.
    const auto reduced = buildModel(p.grid, ModelKind::kReduced);
    const int n = p.grid.shape.size();
    for (ModelKind kind : {ModelKind::kReduced, ModelKind::kProbed}) {
      const auto built = kind == ModelKind::kReduced ? nullptr : buildModel(p.grid, kind);
      const SudokuModel& m = built ? *built : *reduced;
      for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
          const int digit = first[r * n + c];
          if (m.fixed.at(r, c) != 0) {
            EXPECT_EQ(m.fixed.at(r, c), digit) << p.name << " " << toString(kind);
          } else {
            EXPECT_TRUE(m.x.find({r + 1, c + 1, digit}).has_value())
                << p.name << " " << toString(kind);
          }
        }
      }
    }
    for (const Elimination& e : reduced->reduction.eliminations) {
      EXPECT_GT(e.removed, 0);
      eliminated[static_cast<int>(e.rule)] += e.removed;
      // Each step in words names its digits and units.
      const std::string detail = describe(e);
      const int digits = std::popcount(e.digits);
      switch (e.rule) {
        case EliminationRule::kLockedCandidates:
          EXPECT_EQ(digits, 1) << detail;
          EXPECT_EQ(detail, "digit " + std::string(1, symbolFor(std::countr_zero(e.digits) + 1)) +
                                " of " + toString(e.unit) + " lies in " + toString(e.target));
          EXPECT_NE(e.unit.kind, e.target.kind) << detail;
          break;
        case EliminationRule::kNakedPair:
          EXPECT_EQ(digits, 2) << detail;
          EXPECT_TRUE(detail.ends_with(" fill two cells of " + toString(e.unit))) << detail;
          break;
        case EliminationRule::kHiddenPair:
          EXPECT_EQ(digits, 2) << detail;
          EXPECT_TRUE(detail.ends_with(" have only two places in " + toString(e.unit))) << detail;
          break;
        case EliminationRule::kProbing:
          ADD_FAILURE() << "the reduced model does not probe: " << detail;
          break;
      }
    }
  }
  // top95 is hard: the reduction does not settle most of it; GLPK does the work.
  EXPECT_GT(by_glpk, 50);
  // Each elimination rule is used somewhere in top95.
  for (int removed : eliminated) EXPECT_GT(removed, 0);
}

TEST(SudokuModelTest, ProbingRemovesOnlyWhatATrialRefutes) {
  // Probing removes candidate d from a cell when setting the cell to d and propagating
  // singles meets a contradiction; each removal names it. On top95, where the reduced
  // model leaves most puzzles to GLPK, the removals are never the answer, the first
  // removal of each puzzle is one the reduced model kept, and the probed model leaves
  // GLPK little to do.
  const ParsedText parsed = parseText(testing::readSharedData("top95.txt"));
  int probed_puzzles = 0, left_to_glpk = 0;
  for (const ParsedPuzzle& p : parsed.puzzles) {
    SudokuSolver reference(p.grid, std::nullopt, ModelKind::kReduced);
    ASSERT_TRUE(reference.solve(kDefault).hasSolution) << p.name;
    const Grid& solution = reference.solution();
    const auto reduced = buildModel(p.grid, ModelKind::kReduced);
    const auto probed = buildModel(p.grid, ModelKind::kProbed);
    EXPECT_FALSE(probed->reduction.contradiction.has_value()) << p.name;
    if (probed->model.numVars() > 0) ++left_to_glpk;
    bool first = true;
    for (const Elimination& e : probed->reduction.eliminations) {
      if (e.rule != EliminationRule::kProbing) continue;
      EXPECT_EQ(e.removed, 1);
      int r = 0, c = 0;
      char d = 0;
      const std::string detail = describe(e);
      ASSERT_EQ(std::sscanf(detail.c_str(), "row %d, column %d cannot be %c", &r, &c, &d), 3)
          << detail;
      EXPECT_EQ(r, e.cell.row);
      EXPECT_EQ(c, e.cell.column);
      EXPECT_NE(detail.find(": with it, naked and hidden singles find that "), std::string::npos)
          << detail;
      EXPECT_NE(symbolFor(solution.at(r - 1, c - 1)), d) << p.name << ": " << detail;
      if (first) {  // the reduced model, where probing starts, still has it
        EXPECT_TRUE(reduced->x.find({r, c, d - '0'}).has_value()) << p.name << ": " << detail;
        first = false;
        ++probed_puzzles;
      }
    }
  }
  EXPECT_GT(probed_puzzles, 50);
  EXPECT_LT(left_to_glpk, 10);
}

TEST(SudokuModelTest, ContradictionIsFoundByTheReduction) {
  // Row 1 needs a 9 in column 9, but column 9 has a 9 in row 9.
  const Grid g = parseOne("12345678." + std::string(63, '.') + "........9");
  for (ModelKind kind : {ModelKind::kCandidates, ModelKind::kReduced, ModelKind::kProbed}) {
    const auto built = buildModel(g, kind);
    ASSERT_TRUE(built->reduction.contradiction.has_value()) << toString(kind);
    SudokuSolver solver(g, std::nullopt, kind);
    const milp::SolveResult r = solver.solve(kDefault);
    EXPECT_EQ(r.status, milp::SolveStatus::kInfeasible);
    EXPECT_TRUE(solver.decidedByReduction());
    // checkUniqueness says so too: no solution, decided by the reduction.
    const UniquenessResult u = checkUniqueness(g, kDefault, kind);
    EXPECT_FALSE(u.unique.has_value());
    EXPECT_TRUE(u.decidedByReduction) << toString(kind);
  }
  EXPECT_FALSE(checkUniqueness(g, kDefault, ModelKind::kTextbook).decidedByReduction);
  EXPECT_NE(buildModel(g, ModelKind::kCandidates)->reduction.contradiction->find("no candidate"),
            std::string::npos);
}

TEST(SudokuModelTest, UniquenessAndEnumerationWithEveryKind) {
  const ParsedText royle = parseText(testing::readSharedData("sudoku17_last1000.txt"));
  Grid puzzle = royle.puzzles[3].grid;
  for (ModelKind kind : kKinds) {
    EXPECT_TRUE(*checkUniqueness(puzzle, kDefault, kind).unique) << toString(kind);
  }
  const auto first_given =
      std::find_if(puzzle.cells.begin(), puzzle.cells.end(), [](int v) { return v != 0; });
  *first_given = 0;
  for (ModelKind kind : kKinds) {
    const UniquenessResult u = checkUniqueness(puzzle, kDefault, kind);
    EXPECT_FALSE(*u.unique) << toString(kind);
    const EnumerationResult capped = enumerate(puzzle, 5, kDefault, {}, kind);
    EXPECT_EQ(capped.solutions.size(), 5u);
    EXPECT_FALSE(capped.complete);
    for (const Grid& s : capped.solutions) EXPECT_TRUE(isValidSolution(puzzle, s));
  }
  // A 4×4 with its first row fixed: 288 grids / 4! relabellings = exactly 12.
  const Grid row = parseOne("1234\n....\n....\n....");
  for (ModelKind kind : kKinds) {
    const EnumerationResult e = enumerate(row, 100, kDefault, {}, kind);
    EXPECT_EQ(e.solutions.size(), 12u) << toString(kind);
    EXPECT_TRUE(e.complete) << toString(kind);
  }
}

/// The diagonal objective's optimum for the first grid of Project Euler 96 (or of its
/// stand-in) with each model kind, and the diagonal sum of its solution without
/// objective (the grid is unique, so all are the same).
std::pair<std::vector<double>, double> diagonalOfGrid01() {
  const ParsedText parsed = parseText(testing::readSharedData("p096_sudoku.txt"));
  const Grid& givens = parsed.puzzles[0].grid;
  std::vector<double> optima;
  for (ModelKind kind : kKinds) {
    SudokuSolver solver(givens, diagonalObjective(shapeForSize(9)), kind);
    EXPECT_EQ(solver.solve(kDefault).status, milp::SolveStatus::kOptimal) << toString(kind);
    optima.push_back(solver.objectiveValue());
  }
  SudokuSolver plain(givens);
  EXPECT_EQ(plain.solve(kDefault).status, milp::SolveStatus::kOptimal);
  double sum = 0;
  for (int i = 0; i < 9; ++i) sum += plain.solution().at(i, i);
  return {optima, sum};
}

TEST(SudokuModelTest, ObjectiveOverFixedCellsCountsThem) {
  // With the reduced model most cells are fixed; the objective must still count
  // them (as a constant) and agree with the textbook model.
  const auto [optima, sum] = diagonalOfGrid01();
  for (std::size_t k = 0; k < optima.size(); ++k)
    EXPECT_DOUBLE_EQ(optima[k], sum) << toString(kKinds[k]);
}

TEST(SudokuModelTest, ObjectiveOverFixedCellsOfProjectEuler96Grid01) {
  if (!testing::hasSharedData("p096_sudoku.txt")) {
    GTEST_SKIP() << "p096_sudoku.txt absent: its Grid 01 not checked";
  }
  for (double optimum : diagonalOfGrid01().first)
    EXPECT_DOUBLE_EQ(optimum, 4 + 6 + 1 + 1 + 6 + 8 + 5 + 6 + 2);
}

TEST(SudokuModelTest, ServiceReportsModelAndReduction) {
  const std::string grid01 =
      "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
  const std::string solve = R"({"type": "solve", "puzzle": ")" + grid01 + "\"";
  const rapidjson::Document r =
      testing::handleText(solve + R"(, "options": {"model": "reduced"}})");
  ASSERT_TRUE(r.HasMember("result")) << app::writeJson(r);
  EXPECT_EQ(r["result"]["model"], "reduced");
  EXPECT_EQ(r["result"]["decidedBy"], "reduction");
  EXPECT_EQ(r["result"]["reduction"]["nakedSingles"].GetInt() +
                r["result"]["reduction"]["hiddenSingles"].GetInt(),
            49);
  EXPECT_FALSE(r["result"]["reduction"].HasMember("fixings"));  // counts only by default
  const rapidjson::Document explained =
      testing::handleText(solve + R"(, "options": {"model": "reduced", "explain": true}})");
  EXPECT_EQ(explained["result"]["reduction"]["fixings"].Size(), 49u);
  EXPECT_TRUE(explained["result"]["reduction"]["eliminations"].IsArray());
  EXPECT_EQ(r["result"]["stats"]["columns"], rapidjson::Value(0));
  EXPECT_EQ(r["result"]["reduction"]["probing"], rapidjson::Value(0));
  // top95 #4: the reduced model's rules get stuck; probing removes candidates until
  // the reduction decides the puzzle.
  const std::string hard = parseText(testing::readSharedData("top95.txt")).puzzles[3].grid.toLine();
  const rapidjson::Document probed =
      testing::handleText(R"({"type": "solve", "puzzle": ")" + hard +
                          R"(", "options": {"model": "probed", "explain": true}})");
  ASSERT_TRUE(probed.HasMember("result")) << app::writeJson(probed);
  EXPECT_EQ(probed["result"]["model"], "probed");
  EXPECT_EQ(probed["result"]["decidedBy"], "reduction");
  EXPECT_GT(probed["result"]["reduction"]["probing"].GetInt(), 0);
  int probing_steps = 0;
  for (const auto& e : probed["result"]["reduction"]["eliminations"].GetArray()) {
    if (e["rule"] == "probing") ++probing_steps;
  }
  EXPECT_EQ(probing_steps, probed["result"]["reduction"]["probing"].GetInt());
  const rapidjson::Document t = testing::handleText(solve + "}");
  EXPECT_EQ(t["result"]["model"], "textbook");
  EXPECT_EQ(t["result"]["decidedBy"], "glpk");
  EXPECT_EQ(t["result"]["stats"]["columns"], rapidjson::Value(729));
  const rapidjson::Document bad =
      testing::handleText(solve + R"(, "options": {"model": "magic"}})");
  EXPECT_EQ(bad["error"]["code"], "bad_request");
  EXPECT_EQ(bad["error"]["where"]["field"], "options.model");
}

}  // namespace
}  // namespace gridmilp::sudoku
