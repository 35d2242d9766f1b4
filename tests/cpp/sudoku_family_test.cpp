// The whole Sudoku family: sizes and symbols, uniqueness, enumeration, generation,
// objectives. Known answers come from the data's own solutions, from counts that
// can be derived by hand (an empty 4×4 has 288 solutions) or from brute force.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <set>
#include <sstream>
#include <utility>

#include "puzzles/sudoku/grid.h"
#include "puzzles/sudoku/solver.h"
#include "puzzles/sudoku/text.h"
#include "test_data.h"

namespace gridmilp::sudoku {
namespace {

const milp::SolveOptions kDefault{};

/// janko.at's Sudoku records (PuzzleSolver's sw_Sudoku.*.txt) in the shared data, which
/// have no stand-in: tests of them skip without.
const char kSwPuzzles[] = "puzzles/sudoku/sw_Sudoku.puzzles.txt";
const char kSwSolutions[] = "puzzles/sudoku/sw_Sudoku.solutions.txt";

/// Records of sw_Sudoku.*.txt: "=== id ..." header, a "R C" size line, then rows.
std::vector<std::pair<std::string, std::string>> swRecords(const std::string& file) {
  std::vector<std::pair<std::string, std::string>> out;
  std::istringstream in(testing::readSharedData(file));
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("=== ", 0) == 0) {
      out.emplace_back(line.substr(4, line.find(' ', 4) - 4), "");
      std::getline(in, line);  // "R C"
    } else if (!out.empty()) {
      out.back().second += line + "\n";
    }
  }
  return out;
}

/// Every 4×4 Sudoku grid, by plain backtracking: an independent reference for the
/// MILP's enumeration and objective (test code only; the product solves with GLPK).
std::vector<Grid> allFourByFourGrids() {
  std::vector<Grid> out;
  Grid g(shapeForSize(4));
  std::function<void(int)> fill = [&](int cell) {
    if (cell == 16) {
      out.push_back(g);
      return;
    }
    for (int v = 1; v <= 4; ++v) {
      g.cells[cell] = v;
      if (!findConflict(g)) fill(cell + 1);
    }
    g.cells[cell] = 0;
  };
  fill(0);
  return out;
}

Grid solveChecked(const Grid& givens) {
  SudokuSolver solver(givens);
  const milp::SolveResult r = solver.solve(kDefault);
  EXPECT_EQ(r.status, milp::SolveStatus::kOptimal) << givens.shape.label();
  if (!r.hasSolution) return Grid(givens.shape);
  std::string why;
  EXPECT_TRUE(isValidSolution(givens, solver.solution(), &why))
      << givens.shape.label() << ": " << why;
  return solver.solution();
}

TEST(SudokuSizesTest, DetectsSizeFromRowsAndLines) {
  struct Case {
    std::string text;
    int size;
    TextFormat format;
  };
  const std::vector<Case> cases = {
      {"1...\n..2.\n.3..\n...4\n", 4, TextFormat::kGrid},
      {"1......2..3....4", 4, TextFormat::kGrid},
      {"1......2..3....4\n................\n", 4, TextFormat::kOnePerLine},
      {"1.....\n..2...\n....3.\n.4....\n......\n.....6\n", 6, TextFormat::kGrid},
      {std::string(64, '.'), 8, TextFormat::kGrid},
      {std::string(144, '.') + "\n" + std::string(143, '.') + "C\n", 12, TextFormat::kOnePerLine},
  };
  for (const Case& c : cases) {
    const ParsedText parsed = parseText(c.text);
    EXPECT_EQ(parsed.shape.size(), c.size) << c.text;
    EXPECT_EQ(parsed.format, c.format) << c.text;
  }
  EXPECT_EQ(parseText(std::string(36, '.')).shape.boxHeight, 2);
  EXPECT_EQ(parseText(std::string(36, '.')).shape.boxWidth, 3);
}

TEST(SudokuSizesTest, LettersAboveNineAndHex) {
  const ParsedText lewis = parseText(testing::readSharedData("sudoku16x16/lewis_sample_16x16.txt"));
  EXPECT_EQ(lewis.shape.size(), 16);
  EXPECT_EQ(lewis.symbols, Symbols::kDigits);
  ASSERT_EQ(lewis.puzzles.size(), 10u);
  const ParsedText big = parseText(testing::readSharedData("sudoku25x25/lewis_sample_25x25.txt"));
  EXPECT_EQ(big.shape.size(), 25);
  EXPECT_EQ(big.shape.boxHeight, 5);
  // The same first row of a 16×16 written in 0–F: 0 is a value, G is not a symbol.
  ParseOptions hex;
  hex.size = 16;
  hex.symbols = Symbols::kHex;
  const std::string row = "0123456789ABCDEF";
  std::string text;
  for (int r = 0; r < 16; ++r) text += (r == 0 ? row : std::string(16, '.')) + "\n";
  const Grid g = parseOne(text, hex);
  EXPECT_EQ(g.at(0, 0), 1);
  EXPECT_EQ(g.at(0, 15), 16);
  EXPECT_EQ(g.toLine().substr(0, 16), "123456789ABCDEFG");
  EXPECT_EQ(formatGrid(g, Symbols::kHex).substr(0, 17), "0123456789ABCDEF\n");
  text[5] = 'G';
  try {
    parseOne(text, hex);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.code(), ErrorCode::kParseError);
    EXPECT_EQ(e.where().column, 6);
  }
  // Letters are not symbols of a 9×9.
  try {
    parseOne(std::string(80, '.') + "A");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.code(), ErrorCode::kParseError);
    EXPECT_EQ(e.where().column, 81);
  }
}

TEST(SudokuSizesTest, A16x16WrittenZeroToFIsReadSoWithoutBeingTold) {
  // A '0' beside '.' for empty cells and no 'G': 0-F (a paste read in 1-G lost its 0
  // givens and had every other one a value down).
  std::string text = "0123456789ABCDEF\n";
  for (int r = 1; r < 16; ++r) text += std::string(16, '.') + "\n";
  const ParsedText hex = parseText(text);
  EXPECT_EQ(hex.symbols, Symbols::kHex);
  EXPECT_EQ(hex.shape.size(), 16);
  EXPECT_EQ(hex.puzzles.at(0).grid.toLine().substr(0, 17), "123456789ABCDEFG.");
  // On one line too.
  std::string line = text;
  line.erase(std::remove(line.begin(), line.end(), '\n'), line.end());
  EXPECT_EQ(parseText(line).symbols, Symbols::kHex);
  // A G says 1-G; so does a 0 with no other empty mark (then 0 is the empty cell).
  std::string with_g = text;
  with_g[17] = 'G';
  EXPECT_EQ(parseText(with_g).symbols, Symbols::kDigits);
  std::string zeros = text;
  std::replace(zeros.begin() + 17, zeros.end(), '.', '0');
  const ParsedText digits = parseText(zeros);
  EXPECT_EQ(digits.symbols, Symbols::kDigits);
  EXPECT_EQ(digits.puzzles.at(0).grid.toLine().substr(0, 17), ".123456789ABCDEF.");
  // A full grid written 0-F (a solution: one 0 in each row, nothing empty) is 0-F too;
  // read in 1-G its 0s were sixteen empty cells (a review of the change above).
  std::string full;
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 16; ++c) full += "0123456789ABCDEF"[(r * 4 + r / 4 + c) % 16];
    full += "\n";
  }
  const ParsedText solution = parseText(full);
  EXPECT_EQ(solution.symbols, Symbols::kHex);
  EXPECT_EQ(solution.puzzles.at(0).grid.givenCount(), 256);
  EXPECT_EQ(solution.puzzles.at(0).grid.toLine().substr(0, 16), "123456789ABCDEFG");
  // Other sizes and a text that names its symbols are read as before.
  EXPECT_EQ(parseText("1234567890" + std::string(71, '.')).symbols, Symbols::kDigits);
  ParseOptions digits_asked;
  digits_asked.symbols = Symbols::kDigits;
  EXPECT_EQ(parseText(text, digits_asked).symbols, Symbols::kDigits);
}

TEST(SudokuSizesTest, LewisSamplesGivens) {
  if (!testing::hasSharedData("sudoku16x16/lewis_sample_16x16.txt")) {
    GTEST_SKIP() << "lewis_sample_16x16.txt absent: its givens not checked";
  }
  const ParsedText lewis = parseText(testing::readSharedData("sudoku16x16/lewis_sample_16x16.txt"));
  ASSERT_EQ(lewis.puzzles.size(), 10u);
  EXPECT_EQ(lewis.puzzles[0].grid.givenCount(), 52);
  EXPECT_EQ(lewis.puzzles[9].grid.givenCount(), 180);
}

TEST(SudokuSizesTest, NumbersFormat) {
  // A 16×16 printed in numbers (1-16, '.' for none) reads back as numbers.
  const ParsedText lewis = parseText(testing::readSharedData("sudoku16x16/lewis_sample_16x16.txt"));
  ASSERT_FALSE(lewis.puzzles.empty());
  const Grid& sixteen = lewis.puzzles[0].grid;
  const ParsedText printed = parseText(formatGrid(sixteen, Symbols::kNumbers));
  EXPECT_EQ(printed.symbols, Symbols::kNumbers);
  EXPECT_EQ(printed.shape.size(), 16);
  ASSERT_EQ(printed.puzzles.size(), 1u);
  EXPECT_EQ(printed.puzzles[0].grid.cells, sixteen.cells);
  // A 10×10 in numbers, boxes 2×5.
  std::string ten;
  for (int r = 0; r < 10; ++r) ten += r == 0 ? "10 . . . . . . . . 1\n" : ". . . . . . . . . .\n";
  const ParsedText p10 = parseText(ten);
  EXPECT_EQ(p10.shape.size(), 10);
  EXPECT_EQ(p10.shape.boxHeight, 2);
  EXPECT_EQ(p10.puzzles[0].grid.at(0, 0), 10);
  try {
    parseOne(". 11 . . . . . . . .\n" + ten.substr(ten.find('\n') + 1));
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.code(), ErrorCode::kParseError);
    EXPECT_EQ(e.where().column, 3);
    EXPECT_NE(std::string(e.what()).find("'11' is not a value of a 10\u00d710 puzzle"),
              std::string::npos)
        << e.what();
  }
}

TEST(SudokuSizesTest, NumbersFormatOfJankoRecords) {
  if (!testing::hasSharedData(kSwPuzzles)) GTEST_SKIP() << kSwPuzzles << " absent: not run";
  const auto records = swRecords(kSwPuzzles);
  ASSERT_EQ(records.size(), 63u);
  const ParsedText parsed = parseText(records[1].second);
  EXPECT_EQ(parsed.symbols, Symbols::kNumbers);
  EXPECT_EQ(parsed.shape.size(), 16);
  EXPECT_EQ(parsed.puzzles[0].grid.at(0, 1), 13);
  // Round trip through the printer.
  const Grid again = parseOne(formatGrid(parsed.puzzles[0].grid, Symbols::kNumbers));
  EXPECT_EQ(again.cells, parsed.puzzles[0].grid.cells);
}

TEST(SudokuSizesTest, AmbiguousTextIsRefusedWithAHint) {
  std::string text;
  for (int r = 0; r < 16; ++r) text += "1234............\n";
  try {
    parseText(text);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.code(), ErrorCode::kAmbiguousSize);
    EXPECT_NE(std::string(e.what()).find("choose the size"), std::string::npos) << e.what();
  }
  ParseOptions four;
  four.size = 4;
  EXPECT_EQ(parseText(text, four).puzzles.size(), 16u);
  ParseOptions sixteen;
  sixteen.size = 16;
  EXPECT_EQ(parseText(text, sixteen).puzzles.size(), 1u);
  text[4] = '5';  // a symbol above 4 settles it: rows of a 16×16
  EXPECT_EQ(parseText(text).shape.size(), 16);
}

TEST(SudokuSizesTest, BoxShapes) {
  EXPECT_EQ(shapeFor(8, 4, 2).boxHeight, 4);
  EXPECT_EQ(shapeFor(8, 0, 0).boxHeight, 2);
  EXPECT_EQ(shapeFor(12, 0, 3).boxHeight, 4);
  EXPECT_THROW(shapeFor(9, 2, 4), InputError);
}

TEST(SudokuSizesTest, EverySizeSolves) {
  // Generated instances for the sizes without data: a random completion of the
  // empty grid, with every other cell kept as a given, must solve back.
  for (int n : {4, 6, 8, 10, 12}) {
    const Completion full = completeRandomly(Grid(shapeForSize(n)), 5, kDefault);
    ASSERT_TRUE(full.grid) << n;
    Grid puzzle = *full.grid;
    for (std::size_t i = 0; i < puzzle.cells.size(); i += 2) puzzle.cells[i] = 0;
    solveChecked(puzzle);
  }
}

TEST(SudokuSizesTest, Unique16x16PuzzlesMatchTheirPublishedSolutions) {
  if (!testing::hasSharedData(kSwPuzzles) || !testing::hasSharedData(kSwSolutions)) {
    GTEST_SKIP() << kSwPuzzles << " or its solutions absent: not run";
  }
  const auto puzzles = swRecords(kSwPuzzles);
  const auto solutions = swRecords(kSwSolutions);
  ASSERT_EQ(puzzles.size(), solutions.size());
  int checked = 0;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    ASSERT_EQ(puzzles[i].first, solutions[i].first);
    const Grid givens = parseOne(puzzles[i].second);
    const Grid expected = parseOne(solutions[i].second, givens.shape);
    EXPECT_EQ(solveChecked(givens).cells, expected.cells) << puzzles[i].first;
    ++checked;
  }
  EXPECT_EQ(checked, 63);
}

TEST(SudokuSizesTest, Lewis25x25DenseInstancesSolve) {
  // Lewis instances are not unique: verify the grid, not one answer. Lines 7, 9, 10
  // (f = 50% and 70%) solve in well under a second with the textbook model (as do
  // those of gridmilp's own 25×25 set, which stands in without Lewis's).
  const ParsedText big = parseText(testing::readSharedData("sudoku25x25/lewis_sample_25x25.txt"));
  for (int line : {7, 9, 10}) solveChecked(big.puzzles[line - 1].grid);
}

TEST(SudokuSizesTest, TimeLimitCountsTheRootLpToo) {
  // Lewis line 3 (f = 20%, 2,645 columns after the reduction) is not solved within a
  // second; its root LP takes about 0.6 s. GLPK restarted its clock for the tree after
  // the root LP, so a 1 s limit stopped at about root LP + 1 s (1.55 s). Now the limit
  // holds from the start of the solve, up to the node being processed when it expires
  // (1.02-1.23 s seen). The overrun is compared with the root LP's own time, taken from
  // the first progress report (the tree's first callback comes after the root LP), so
  // that a loaded machine, which slows both alike, does not fail the test. (gridmilp's
  // own 25×25 puzzles, with more givens, solve well within the second: not run without
  // Lewis's.)
  if (!testing::hasSharedData("sudoku25x25/lewis_sample_25x25.txt")) {
    GTEST_SKIP() << "lewis_sample_25x25.txt absent: no puzzle that outlasts the limit";
  }
  const ParsedText big = parseText(testing::readSharedData("sudoku25x25/lewis_sample_25x25.txt"));
  SudokuSolver solver(big.puzzles[2].grid);
  // Solves with a limit (0: none), keeping the first progress report's time (the root
  // LP's); `stop` ends the solve there.
  const auto run = [&solver](int limit_ms, std::optional<double>* root_lp_ms, bool stop = false) {
    milp::SolveOptions options;
    options.timeLimitMs = limit_ms;
    options.onProgress = [root_lp_ms, stop](const milp::SolveProgress& progress) {
      if (!*root_lp_ms) *root_lp_ms = progress.elapsedMs;
      return !stop;
    };
    return solver.solve(options);
  };
  int limit = 1000;
  std::optional<double> rootLpMs;
  milp::SolveResult r = run(limit, &rootLpMs);
  if (!rootLpMs) {
    // A loaded machine or a sanitizer build: the root LP alone outlasted 1 s (CI saw it
    // with a fuzzer beside the ASan tests). Time the root LP, then again with a limit
    // of twice that.
    run(0, &rootLpMs, true);
    ASSERT_TRUE(rootLpMs.has_value()) << "no progress report without a limit";
    limit = static_cast<int>(2 * *rootLpMs) + 1;
    rootLpMs.reset();
    r = run(limit, &rootLpMs);
  }
  EXPECT_EQ(r.status, milp::SolveStatus::kTimeLimit);
  EXPECT_GE(r.stats.solveMs, limit);
  ASSERT_TRUE(rootLpMs.has_value()) << "no progress report: the root LP alone hit the limit";
  EXPECT_LT(r.stats.solveMs - limit, 0.75 * *rootLpMs)
      << "limit " << limit << " ms, nodes " << r.stats.nodes << ", root LP " << *rootLpMs << " ms";
}

TEST(SudokuUniquenessTest, EveryProjectEuler96GridIsUnique) {
  const ParsedText parsed = parseText(testing::readSharedData("p096_sudoku.txt"));
  for (const ParsedPuzzle& p : parsed.puzzles) {
    const UniquenessResult u = checkUniqueness(p.grid, kDefault);
    ASSERT_TRUE(u.unique.has_value()) << p.name;
    EXPECT_TRUE(*u.unique) << p.name;
    EXPECT_EQ(u.second->status, milp::SolveStatus::kInfeasible);
  }
}

TEST(SudokuUniquenessTest, RemovingAGivenOfAMinimalPuzzleBreaksUniqueness) {
  // 17-clue puzzles are minimal: without any one given they have several solutions (as
  // are those of gridmilp's own set, which stands in without Royle's).
  const ParsedText royle = parseText(testing::readSharedData("sudoku17_last1000.txt"));
  Grid puzzle = royle.puzzles[0].grid;
  EXPECT_TRUE(*checkUniqueness(puzzle, kDefault).unique);
  const auto first_given =
      std::find_if(puzzle.cells.begin(), puzzle.cells.end(), [](int v) { return v != 0; });
  *first_given = 0;
  const UniquenessResult u = checkUniqueness(puzzle, kDefault);
  ASSERT_TRUE(u.unique.has_value());
  EXPECT_FALSE(*u.unique);
  ASSERT_TRUE(u.secondSolution);
  std::string why;
  EXPECT_TRUE(isValidSolution(puzzle, *u.secondSolution, &why)) << why;
  EXPECT_NE(u.solution->cells, u.secondSolution->cells);
}

TEST(SudokuUniquenessTest, NoSolutionMeansNoVerdict) {
  const Grid g = parseOne("12345678." + std::string(63, '.') + "........9");
  const UniquenessResult u = checkUniqueness(g, kDefault);
  EXPECT_EQ(u.first.status, milp::SolveStatus::kInfeasible);
  EXPECT_FALSE(u.unique.has_value());
}

TEST(SudokuEnumerationTest, EmptyFourByFourHas288Solutions) {
  // 4! · 2 · 2 · 3 · 2 ... = 288, the known count of 4×4 Sudoku grids.
  const EnumerationResult all = enumerate(Grid(shapeForSize(4)), 1000, kDefault);
  EXPECT_EQ(all.solutions.size(), 288u);
  EXPECT_TRUE(all.complete);
  std::set<std::vector<int>> distinct;
  for (const Grid& g : all.solutions) {
    EXPECT_TRUE(isValidSolution(Grid(g.shape), g));
    distinct.insert(g.cells);
  }
  EXPECT_EQ(distinct.size(), 288u);
  std::set<std::vector<int>> reference;
  for (const Grid& g : allFourByFourGrids()) reference.insert(g.cells);
  EXPECT_EQ(distinct, reference);
  const EnumerationResult capped = enumerate(Grid(shapeForSize(4)), 10, kDefault);
  EXPECT_EQ(capped.solutions.size(), 10u);
  EXPECT_FALSE(capped.complete);
}

TEST(SudokuEnumerationTest, TheTimeLimitBoundsTheWholeEnumeration) {
  // An empty 9x9 has about 6.7e21 grids, and each re-solve with more no-good cuts takes
  // longer: with the limit per solve this would run for hours. It bounds them together.
  milp::SolveOptions limited = kDefault;
  limited.timeLimitMs = 300;
  const EnumerationResult e = enumerate(Grid(shapeForSize(9)), 100000, limited);
  EXPECT_EQ(e.lastStatus, milp::SolveStatus::kTimeLimit);
  EXPECT_FALSE(e.complete);
  EXPECT_LT(e.solutions.size(), 100000u);
  for (const Grid& g : e.solutions) EXPECT_TRUE(isValidSolution(Grid(g.shape), g));
}

TEST(SudokuEnumerationTest, DeadlyRectangleGivesExactlyTwoSolutions) {
  // In a solved grid, four cells in two rows of one band and two columns of two
  // stacks holding a b / b a can be swapped: emptying just them leaves exactly two
  // solutions.
  const ParsedText parsed = parseText(testing::readSharedData("p096_sudoku.txt"));
  SudokuSolver solver(parsed.puzzles[0].grid);
  ASSERT_TRUE(solver.solve(kDefault).hasSolution);
  const Grid full = solver.solution();
  Grid puzzle = full;
  bool found = false;
  for (int r1 = 0; r1 < 9 && !found; ++r1) {
    for (int r2 = r1 + 1; r2 < 9 && r2 / 3 == r1 / 3 && !found; ++r2) {
      for (int c1 = 0; c1 < 9 && !found; ++c1) {
        for (int c2 = c1 + 1; c2 < 9 && !found; ++c2) {
          if (c1 / 3 == c2 / 3) continue;
          if (full.at(r1, c1) == full.at(r2, c2) && full.at(r1, c2) == full.at(r2, c1)) {
            puzzle.at(r1, c1) = puzzle.at(r1, c2) = puzzle.at(r2, c1) = puzzle.at(r2, c2) = 0;
            found = true;
          }
        }
      }
    }
  }
  ASSERT_TRUE(found);
  const EnumerationResult e = enumerate(puzzle, 10, kDefault);
  EXPECT_EQ(e.solutions.size(), 2u);
  EXPECT_TRUE(e.complete);
}

TEST(SudokuGenerateTest, SameSeedSameGrid) {
  const Completion a = completeRandomly(Grid(shapeForSize(9)), 42, kDefault);
  const Completion b = completeRandomly(Grid(shapeForSize(9)), 42, kDefault);
  const Completion c = completeRandomly(Grid(shapeForSize(9)), 43, kDefault);
  ASSERT_TRUE(a.grid && b.grid && c.grid);
  EXPECT_EQ(a.grid->cells, b.grid->cells);
  EXPECT_NE(a.grid->cells, c.grid->cells);
  EXPECT_TRUE(isValidSolution(Grid(shapeForSize(9)), *a.grid));
}

TEST(SudokuGenerateTest, MinimalPuzzleIsUniqueAndMinimal) {
  GenerateOptions options;
  options.shape = shapeForSize(9);
  options.seed = 7;
  int calls = 0, rating_calls = 0;
  const GenerateResult g = generate(options, [&](const GenerateProgress& p) {
    EXPECT_EQ(p.total, 81);
    if (p.phase == GeneratePhase::kRating) {
      ++rating_calls;
      EXPECT_EQ(p.checked, 81);  // after the last removal candidate
    } else {
      EXPECT_EQ(rating_calls, 0);
      ++calls;
    }
    return true;
  });
  EXPECT_EQ(calls, 81);
  EXPECT_EQ(rating_calls, 1);
  EXPECT_EQ(g.difficulty.status, milp::SolveStatus::kOptimal);
  EXPECT_TRUE(g.minimal);
  EXPECT_TRUE(isValidSolution(g.puzzle, g.solution));
  const UniquenessResult u = checkUniqueness(g.puzzle, kDefault);
  ASSERT_TRUE(u.unique.has_value());
  EXPECT_TRUE(*u.unique);
  EXPECT_EQ(u.solution->cells, g.solution.cells);
  // Minimal: without any one of its givens the puzzle is no longer unique.
  for (std::size_t i = 0; i < g.puzzle.cells.size(); ++i) {
    if (g.puzzle.cells[i] == 0) continue;
    Grid less = g.puzzle;
    less.cells[i] = 0;
    EXPECT_FALSE(*checkUniqueness(less, kDefault).unique) << "given " << i << " is not needed";
  }
  EXPECT_LT(g.puzzle.givenCount(), 36);
  EXPECT_EQ(generate(options).puzzle.cells, g.puzzle.cells);  // deterministic
}

TEST(SudokuGenerateTest, SymmetryAndTarget) {
  GenerateOptions options;
  options.shape = shapeForSize(9);
  options.seed = 3;
  options.symmetry = Symmetry::kRotational180;
  options.targetGivens = 36;
  const GenerateResult g = generate(options);
  EXPECT_TRUE(g.targetReached);
  EXPECT_EQ(g.puzzle.givenCount(), 36);
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      EXPECT_EQ(g.puzzle.at(r, c) != 0, g.puzzle.at(8 - r, 8 - c) != 0) << r << "," << c;
    }
  }
  EXPECT_TRUE(*checkUniqueness(g.puzzle, kDefault).unique);
  options.symmetry = Symmetry::kMirror;
  options.targetGivens = 0;
  const GenerateResult m = generate(options);
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) EXPECT_EQ(m.puzzle.at(r, c) != 0, m.puzzle.at(r, 8 - c) != 0);
  }
  EXPECT_TRUE(*checkUniqueness(m.puzzle, kDefault).unique);
  options.shape = shapeForSize(4);
  options.symmetry = Symmetry::kNone;
  const GenerateResult small = generate(options);
  EXPECT_TRUE(*checkUniqueness(small.puzzle, kDefault).unique);
}

TEST(SudokuObjectiveTest, DiagonalMaximumMatchesBruteForceOn4x4) {
  const Shape four = shapeForSize(4);
  const std::vector<Grid> all = allFourByFourGrids();
  ASSERT_EQ(all.size(), 288u);
  int best = 0;
  for (const Grid& g : all) {
    int sum = 0;
    for (int i = 0; i < 4; ++i) sum += g.at(i, i);
    best = std::max(best, sum);
  }
  SudokuSolver solver(Grid(four), diagonalObjective(four));
  const milp::SolveResult r = solver.solve(kDefault);
  ASSERT_EQ(r.status, milp::SolveStatus::kOptimal);
  EXPECT_DOUBLE_EQ(r.objective, best);
  EXPECT_DOUBLE_EQ(*r.stats.gap, 0.0);
}

/// The optimum of the first-row objective for the first grid of Project Euler 96 (or of
/// its stand-in), with the first row of its solution without objective as a number.
std::pair<double, double> firstRowOfGrid01() {
  const ParsedText parsed = parseText(testing::readSharedData("p096_sudoku.txt"));
  const Grid& givens = parsed.puzzles[0].grid;
  SudokuSolver grid01(givens, firstRowObjective(shapeForSize(9)));
  EXPECT_EQ(grid01.solve(kDefault).status, milp::SolveStatus::kOptimal);
  const Grid solution = solveChecked(givens);
  double row = 0;
  for (int c = 0; c < 9; ++c) row = 10 * row + solution.at(0, c);
  return {grid01.objectiveValue(), row};
}

TEST(SudokuObjectiveTest, FirstRowAsANumberIsMinimal) {
  SudokuSolver empty(Grid(shapeForSize(9)), firstRowObjective(shapeForSize(9)));
  ASSERT_EQ(empty.solve(kDefault).status, milp::SolveStatus::kOptimal);
  EXPECT_DOUBLE_EQ(empty.objectiveValue(), 123456789.0);
  // With givens, the optimum is the smallest first row the puzzle allows; Grid 01 is
  // unique, so it is its solution's first row.
  const auto [optimum, row] = firstRowOfGrid01();
  EXPECT_DOUBLE_EQ(optimum, row);
  EXPECT_THROW(firstRowObjective(shapeForSize(16)), InputError);
}

TEST(SudokuObjectiveTest, FirstRowOfProjectEuler96Grid01) {
  if (!testing::hasSharedData("p096_sudoku.txt")) {
    GTEST_SKIP() << "p096_sudoku.txt absent: its Grid 01 not checked";
  }
  EXPECT_DOUBLE_EQ(firstRowOfGrid01().first, 483921657.0);
}

TEST(SudokuObjectiveTest, WrongNumberOfWeightsIsABadRequest) {
  CellObjective bad{milp::ObjectiveSense::kMaximize, std::vector<double>(80, 1.0)};
  try {
    SudokuSolver solver(Grid(shapeForSize(9)), bad);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.code(), ErrorCode::kBadRequest);
    EXPECT_NE(std::string(e.what()).find("81 weights"), std::string::npos);
  }
}

}  // namespace
}  // namespace gridmilp::sudoku
