// The genre interface: the model builder's slices and names, the re-solve loop, the
// shared uniqueness and enumeration, and the Sudoku variants (killer, jigsaw,
// Sudoku X, hyper, Latin square).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/service.h"
#include "milp/glpk_backend.h"
#include "milp/model.h"
#include "protocol/vocabulary.h"
#include "puzzles/common/digits.h"
#include "puzzles/common/generate.h"
#include "puzzles/common/registry.h"
#include "puzzles/common/search.h"
#include "puzzles/input_error.h"
#include "puzzles/sudoku/model.h"
#include "puzzles/sudoku/solver.h"
#include "puzzles/sudoku/text.h"
#include "test_data.h"
#include "test_json.h"

namespace gridmilp::puzzles {
namespace {

using milp::kAll;

const bool kSatEnabled = (milp::enableSatMethod(), true);

milp::SolveOptions satOptions() {
  milp::SolveOptions options;
  options.method = milp::Method::kSat;
  return options;
}

// --- the model builder ----------------------------------------------------------

TEST(BuilderTest, SliceRunsOverTheIndicesMarkedAll) {
  milp::Model m;
  const milp::VarFamily x = m.addVars("x", {{1, 3}, {1, 3}, {1, 2}}, milp::VarType::kBinary, 0, 1);
  const std::vector<milp::Var> cell = x.slice({2, 3, kAll});
  ASSERT_EQ(cell.size(), 2U);
  EXPECT_EQ(m.name(cell[0]), "x[2,3,1]");
  EXPECT_EQ(m.name(cell[1]), "x[2,3,2]");
  const std::vector<milp::Var> column = x.slice({kAll, 1, 2});
  ASSERT_EQ(column.size(), 3U);
  EXPECT_EQ(m.name(column[2]), "x[3,1,2]");
  EXPECT_EQ(x.slice({kAll, kAll, kAll}).size(), 18U);
  EXPECT_THROW(x.slice({4, kAll, 1}), milp::ModelError);
  EXPECT_THROW(x.slice({1, kAll}), milp::ModelError);
}

TEST(BuilderTest, SliceOfASparseFamilySkipsMissingMembers) {
  milp::Model m;
  const milp::VarFamily y =
      m.addSparseVars("y", {{0, 2}, {0, 3}}, {0, 2, 4}, milp::VarType::kBinary, 0, 1);
  EXPECT_EQ(y.slice({0, kAll}).size(), 2U);  // offsets 0 and 2
  EXPECT_EQ(y.slice({1, kAll}).size(), 1U);  // offset 4
}

// --- the re-solve loop -------------------------------------------------------------

/// Four binaries, maximise 4a + 3b + 2c + d, with "no two neighbours" (x_i + x_{i+1} <=
/// 1) left out of the model and added as cuts when violated.
struct PairModel : Built {
  std::vector<milp::Var> v;
  PairModel() {
    const milp::VarFamily x = model.addVars("x", {{1, 4}}, milp::VarType::kBinary, 0, 1);
    v = x.all();
    answer = v;
    model.maximize(4 * milp::LinExpr(v[0]) + 3 * milp::LinExpr(v[1]) + 2 * milp::LinExpr(v[2]) +
                   milp::LinExpr(v[3]));
  }
  std::vector<Cut> violated(bool first_only) const {
    std::vector<Cut> cuts;
    for (int i = 0; i + 1 < 4; ++i) {
      if (model.value(v[i]) > 0.5 && model.value(v[i + 1]) > 0.5) {
        cuts.push_back({milp::LinExpr(v[i]) + v[i + 1] <= 1,
                        "pair[" + std::to_string(i + 1) + "]",
                        "not both",
                        {i, i + 1}});
        if (first_only) break;
      }
    }
    return cuts;
  }
};

TEST(ResolveTest, AllViolatedCutsAtOnceTakeTwoRounds) {
  PairModel m;
  std::vector<int> cuts_per_round;
  const CutSearch s = solveWithCuts(
      m, [&] { return m.violated(false); }, {},
      [&](const CutRound& round) {
        cuts_per_round.push_back(round.cuts);
        return true;
      });
  EXPECT_EQ(s.result.status, milp::SolveStatus::kOptimal);
  EXPECT_EQ(s.rounds, 2);  // 1111 breaks three pairs; then 1010 (6) is optimal
  EXPECT_EQ(s.cuts, 3);
  EXPECT_EQ(cuts_per_round, (std::vector<int>{3, 0}));
  EXPECT_DOUBLE_EQ(s.result.objective, 6.0);
}

TEST(ResolveTest, OneCutPerRoundTakesThreeRounds) {
  PairModel m;
  const CutSearch s = solveWithCuts(m, [&] { return m.violated(true); }, {});
  EXPECT_EQ(s.rounds, 3);  // 1111 → cut (1,2); 1011 → cut (3,4); 1010
  EXPECT_EQ(s.cuts, 2);
  EXPECT_DOUBLE_EQ(s.result.objective, 6.0);
  EXPECT_GT(m.model.value(m.v[0]), 0.5);
  EXPECT_GT(m.model.value(m.v[2]), 0.5);
}

TEST(ResolveTest, StoppingInARoundCancels) {
  PairModel m;
  const CutSearch s = solveWithCuts(
      m, [&] { return m.violated(true); }, {}, [](const CutRound&) { return false; });
  EXPECT_EQ(s.result.status, milp::SolveStatus::kCancelled);
  EXPECT_FALSE(s.result.hasSolution);
  EXPECT_EQ(s.rounds, 1);
}

TEST(ResolveTest, NoGoodOverBinariesThatAreNotOneHot) {
  // Two of three binaries: C(3,2) = 3 answers, each excluded by the general no-good.
  Built b;
  const milp::VarFamily x = b.model.addVars("x", {{1, 3}}, milp::VarType::kBinary, 0, 1);
  b.answer = x.all();
  b.model.addConstraint(milp::sum(x.all()) == 2, "two");
  int found = 0;
  for (;;) {
    const CutSearch s = solveWithCuts(b, {}, {});
    if (!s.result.hasSolution) {
      EXPECT_EQ(s.result.status, milp::SolveStatus::kInfeasible);
      break;
    }
    excludeCurrentAnswer(b, ++found);
    ASSERT_LE(found, 3);
  }
  EXPECT_EQ(found, 3);
}

// --- the registry ------------------------------------------------------------------

TEST(RegistryTest, ListsTheGenresAndRefusesUnknownOnes) {
  // The Sudoku genres first; the pencil puzzles follow (VocabularyTest checks them all).
  EXPECT_EQ(genreList().rfind("sudoku, killer, jigsaw, sudoku-x, hyper, latin-square, hitori", 0),
            0U)
      << genreList();
  try {
    genreById("masyu");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.code(), ErrorCode::kBadRequest);
    EXPECT_NE(std::string(e.what()).find("Unknown genre 'masyu': one of sudoku, killer"),
              std::string::npos)
        << e.what();
  }
}

// Every genre takes its own models and refuses another name with one message naming
// the genre and all its models (Genre::requireModel, which every build() calls first).
TEST(RegistryTest, EveryGenreNamesItsModelsWhenAskedForAnother) {
  for (const Genre* genre : allGenres()) {
    for (std::string_view model : genre->models()) {
      EXPECT_NO_THROW(genre->requireModel(model)) << genre->id() << " " << model;
    }
    try {
      genre->requireModel("no-such-model");
      ADD_FAILURE() << genre->id() << ": no error";
    } catch (const InputError& e) {
      const std::string message = e.what();
      EXPECT_EQ(e.code(), ErrorCode::kBadRequest);
      EXPECT_EQ(message.rfind(std::string(genre->title()) + " has the model", 0), 0U) << message;
      for (std::string_view model : genre->models()) {
        EXPECT_NE(message.find(model), std::string::npos) << message;
      }
      EXPECT_NE(message.find("not 'no-such-model'"), std::string::npos) << message;
    }
  }
  EXPECT_EQ(genreById("hitori").modelList(), "textbook and whole-no-good");
  EXPECT_EQ(genreById("akari").modelList(), "textbook");
  std::vector<std::unique_ptr<Puzzle>> hitori =
      genreById("hitori").parse("=== h\n2 2\n1 2\n2 1\n", 0);
  BuildOptions cells;
  cells.model = "cells";
  EXPECT_THROW(genreById("hitori").build(*hitori.front(), cells), InputError);
}

// --- the digit genres ----------------------------------------------------------------

std::unique_ptr<Puzzle> parseOne(const char* genre, const std::string& text, int size = 0) {
  std::vector<std::unique_ptr<Puzzle>> all = genreById(genre).parse(text, size);
  EXPECT_EQ(all.size(), 1U);
  return std::move(all.front());
}

/// Solves and checks the answer with the genre's checker.
Answer solveChecked(const char* genre, const Puzzle& puzzle, const milp::SolveOptions& options,
                    const std::string& model = "") {
  const Genre& g = genreById(genre);
  BuildOptions build;
  build.model = model.empty() ? std::string(g.models().front()) : model;
  GenreSolver solver(g, puzzle, build);
  const CutSearch s = solver.solve(options);
  EXPECT_TRUE(s.result.hasSolution) << puzzle.name;
  if (!s.result.hasSolution) return {};
  const std::optional<std::string> broken = g.verify(puzzle, solver.answer());
  EXPECT_FALSE(broken.has_value()) << puzzle.name << ": " << *broken;
  return solver.answer();
}

// A 4×4 killer of our own: the square 1234/3412/2143/4321 cut into eight dominoes.
const char* kOwnKiller =
    "=== own_4x4\n4 4\n3 - 7 -\n7 - 3 -\n3 - 7 -\n7 - 3 -\n"
    "a a b b\nc c d d\ne e f f\ng g h h\n";

TEST(KillerTest, SolvesBothModelsAndTheCheckerAgrees) {
  const std::unique_ptr<Puzzle> p = parseOne("killer", kOwnKiller);
  EXPECT_EQ(p->name, "own_4x4");
  const Answer a = solveChecked("killer", *p, {}, "combinations");
  const Answer b = solveChecked("killer", *p, {}, "textbook");
  const Answer c = solveChecked("killer", *p, satOptions(), "combinations");
  for (int r = 0; r < 4; ++r) {
    EXPECT_EQ(a.cells[r * 4] + a.cells[r * 4 + 1], r % 2 == 0 ? 3 : 7);
  }
  (void)b;
  (void)c;
}

// A cage's combination row (over its choice binaries, which belong to no digit) is
// about the cage's cells: the page outlines them, not the one cell of the sum.
TEST(KillerTest, ACagesCombinationRowNamesTheCagesCells) {
  const std::unique_ptr<Puzzle> p = parseOne("killer", kOwnKiller);
  BuildOptions options;
  options.model = "combinations";
  const std::unique_ptr<Built> built = genreById("killer").build(*p, options);
  const std::optional<milp::Constraint> row = built->model.findConstraint("combination[2]");
  ASSERT_TRUE(row.has_value());
  ASSERT_LT(static_cast<std::size_t>(row->index), built->rowCells.size());
  EXPECT_EQ(built->rowCells[row->index], (std::vector<int>{2, 3}));  // cage b: row 1, columns 3-4
  Formulation f = genreById("killer").formulation(*p, *built);
  collectRows(*built, &f);
  bool found = false;
  for (const ConstraintGroup& group : f.groups) {
    for (const FormulationRow& r : group.rows) {
      if (r.name != "combination[2]") continue;
      found = true;
      EXPECT_EQ(r.cells, (std::vector<int>{2, 3}));
    }
  }
  EXPECT_TRUE(found);
}

TEST(KillerTest, CheckerNamesTheBrokenRule) {
  const std::unique_ptr<Puzzle> p = parseOne("killer", kOwnKiller);
  const Genre& g = genreById("killer");
  Answer a = solveChecked("killer", *p, {});
  std::swap(a.cells[0], a.cells[1]);  // the cage still sums to 3; the columns break
  ASSERT_TRUE(g.verify(*p, a).has_value());
  EXPECT_NE(g.verify(*p, a)->find("column 1 holds"), std::string::npos) << *g.verify(*p, a);
  Answer b = solveChecked("killer", *p, {});
  b.cells[0] = b.cells[0] == 1 ? 2 : 1;
  EXPECT_TRUE(g.verify(*p, b).has_value());
}

/// The message of the InputError that parsing `text` throws ("" when none).
std::string parseError(const char* genre, const std::string& text, int size = 0) {
  try {
    genreById(genre).parse(text, size);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(KillerTest, RefusesBadCages) {
  // A two-cell cage of 18: no two different digits 1..4 make it.
  EXPECT_NE(parseError("killer",
                       "4 4\n3 - 7 -\n7 - 3 -\n3 - 7 -\n18 - 3 -\n"
                       "a a b b\nc c d d\ne e f f\ng g h h\n")
                .find("cage 'g' has 2 cells and sum 18, but 2 different digits add up to 3 to 7"),
            std::string::npos);
  // A cage with two sums, and a cage with none.
  EXPECT_NE(parseError("killer",
                       "4 4\n3 3 7 -\n7 - 3 -\n3 - 7 -\n7 - 3 -\n"
                       "a a b b\nc c d d\ne e f f\ng g h h\n")
                .find("cage 'a' has two sums"),
            std::string::npos);
  EXPECT_NE(parseError("killer",
                       "4 4\n3 - 7 -\n7 - 3 -\n3 - 7 -\n- - 3 -\n"
                       "a a b b\nc c d d\ne e f f\ng g h h\n")
                .find("cage 'g' (at row 4, column 1) has no sum"),
            std::string::npos);
  // A cage longer than n, a cell in no cage, sums that cannot fill the grid.
  EXPECT_NE(parseError("killer",
                       "4 4\n10 - - -\n- - - -\n3 - 7 -\n7 - 3 -\n"
                       "a a a a\na c c c\ne e f f\ng g h h\n")
                .find("cage 'a' has 5 cells, more than the 4 different digits"),
            std::string::npos);
  // A cell in no cage is allowed, with a warning; a sum on it is not.
  {
    const std::unique_ptr<Puzzle> partial = parseOne("killer",
                                                     "4 4\n3 - 7 -\n7 - 3 -\n3 - 7 -\n7 - - -\n"
                                                     "a a b b\nc c d d\ne e f f\ng g - -\n");
    const auto& digits = dynamic_cast<const DigitPuzzle&>(*partial);
    ASSERT_EQ(digits.warnings.size(), 1U);
    EXPECT_EQ(digits.warnings[0], "2 cells are in no cage, from row 4, column 3");
    solveChecked("killer", *partial, {});
  }
  EXPECT_NE(parseError("killer",
                       "4 4\n3 - 7 -\n7 - 3 -\n3 - 7 -\n7 - 3 -\n"
                       "a a b b\nc c d d\ne e f f\ng g - h\n")
                .find("row 4, column 3 (line 5) holds a sum but is in no cage"),
            std::string::npos);
  EXPECT_NE(parseError("killer",
                       "4 4\n3 - 7 -\n7 - 3 -\n3 - 7 -\n7 - 4 -\n"
                       "a a b b\nc c d d\ne e f f\ng g h h\n")
                .find("the cage sums add up to 41, but a filled 4\u00d74 grid adds up to 40"),
            std::string::npos);
  // A token that is no number, with its line and column.
  EXPECT_NE(parseError("killer",
                       "4 4\n3 - 7 -\n7 - x -\n3 - 7 -\n7 - 3 -\n"
                       "a a b b\nc c d d\ne e f f\ng g h h\n")
                .find("line 3, column 5: expected a cage sum or -, found 'x'"),
            std::string::npos);
  EXPECT_NE(parseError("killer", "4 4\n3 - 7 -\n7 - 3 -\n").find("expected 8 lines of 4 cells"),
            std::string::npos);
}

const char* kOwnJigsaw =
    "=== own_4x4\n4 4\n1 - - -\n- - - -\n- - - -\n- - - -\n"
    "1 1 1 2\n3 1 2 2\n3 3 4 2\n3 4 4 4\n";

TEST(JigsawTest, SolvesAndChecksRegions) {
  const std::unique_ptr<Puzzle> p = parseOne("jigsaw", kOwnJigsaw);
  const Answer a = solveChecked("jigsaw", *p, {});
  EXPECT_EQ(a.cells[0], 1);
}

TEST(JigsawTest, RefusesBadRegionsAndWarnsOfDisconnectedOnes) {
  EXPECT_NE(parseError("jigsaw",
                       "4 4\n- - - -\n- - - -\n- - - -\n- - - -\n"
                       "1 1 1 2\n1 3 2 2\n3 3 4 2\n3 4 4 2\n")
                .find("region '2' has 5 cells; each region must have 4"),
            std::string::npos);
  EXPECT_NE(parseError("jigsaw",
                       "4 4\n- - - -\n- - - -\n- - - -\n- - - -\n"
                       "1 1 1 1\n2 2 2 2\n3 3 3 3\n3 3 3 3\n")
                .find("the region map has 3 regions; a 4\u00d74 Jigsaw Sudoku has 4"),
            std::string::npos);
  EXPECT_NE(parseError("jigsaw",
                       "4 4\n- 1 - -\n1 - - -\n- - - -\n- - - -\n"
                       "1 1 1 2\n1 3 2 2\n3 3 4 2\n3 4 4 4\n")
                .find("two 1s in region 1"),
            std::string::npos);
  const std::unique_ptr<Puzzle> p = parseOne(
      "jigsaw", "4 4\n- - - -\n- - - -\n- - - -\n- - - -\n1 1 2 2\n3 1 2 2\n3 3 4 4\n3 1 4 4\n");
  const auto& digits = dynamic_cast<const DigitPuzzle&>(*p);
  ASSERT_EQ(digits.warnings.size(), 1U);
  EXPECT_NE(digits.warnings[0].find("region '1' (at row 1, column 1) is not connected"),
            std::string::npos);
  solveChecked("jigsaw", *p, {});  // solved all the same
}

// What the page's Delete region leaves: `-` where a region id belongs, refused with the
// cells named and listed in `where` (the page outlines them), for every genre with regions.
TEST(RegionMapTest, CellsInNoRegionAreNamed) {
  // A '.' is named as itself (it was said to be a '-').
  try {
    genreById("heyawake").parse("2 2\n- -\n- -\na .\na a\n", 0);
    ADD_FAILURE() << "accepted a '.' in the room map";
  } catch (const InputError& e) {
    EXPECT_NE(
        std::string(e.what()).find("1 cell is in no room: the room map has '.' at line 4, "
                                   "column 3 (row 1, column 2). Give it the id of a room (on the "
                                   "page, select it"),
        std::string::npos)
        << e.what();
  }
  const std::string empty = "- - - -\n- - - -\n- - - -\n- - - -\n";
  const std::string map = "1 1 - -\n1 1 - -\n3 3 2 2\n3 3 2 2\n";
  const std::vector<std::pair<const char*, std::string>> cases = {
      {"jigsaw", "4 4\n" + empty + map},
      {"norinori", "4 4\n" + empty + map},
      {"heyawake", "4 4\n" + empty + map},
      {"star-battle", "4 4 1\n" + map},
  };
  for (const auto& [genre, text] : cases) {
    try {
      genreById(genre).parse(text, 0);
      ADD_FAILURE() << genre << ": accepted cells in no region";
    } catch (const InputError& e) {
      const std::string what = genre == std::string("heyawake") ? "room" : "region";
      // The map's first line: the sixth of the text, or the second for Star Battle's.
      const std::string line = genre == std::string("star-battle") ? "line 2" : "line 6";
      const std::string next = genre == std::string("star-battle") ? "line 3" : "line 7";
      EXPECT_NE(std::string(e.what()).find(
                    "4 cells are in no " + what + ": the " + what + " map has '-' at " + line +
                    ", column 5 (row 1, column 3); '-' at " + line +
                    ", column 7 (row 1, column 4); '-' at " + next +
                    ", column 5 (row 2, column 3); '-' at " + next +
                    ", column 7 (row 2, column 4). Give each the id of a " + what),
                std::string::npos)
          << genre << ": " << e.what();
      EXPECT_EQ(e.code(), ErrorCode::kParseError) << genre;
      ASSERT_EQ(e.where().cells.size(), 4U) << genre;
      EXPECT_EQ(e.where().cells[3].row, 2) << genre;
      EXPECT_EQ(e.where().cells[3].column, 4) << genre;
    }
  }
}

TEST(VariantTest, SizesAVariantCannotHave) {
  EXPECT_NE(parseError("hyper", std::string(36, '.'), 6).find("Hyper Sudoku is 9\u00d79 only"),
            std::string::npos);
  EXPECT_NE(parseError("sudoku-x", "5 5\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n")
                .find("Sudoku X needs boxes"),
            std::string::npos);
}

TEST(VariantTest, SudokuXKeepsItsDiagonals) {
  const std::unique_ptr<Puzzle> p = parseOne("sudoku-x", std::string(81, '.'));
  const Answer a = solveChecked("sudoku-x", *p, satOptions());
  std::vector<int> seen(10, 0);
  for (int i = 0; i < 9; ++i) ++seen[a.cells[i * 9 + i]];
  for (int d = 1; d <= 9; ++d) EXPECT_EQ(seen[d], 1);
  EXPECT_NE(parseError("sudoku-x", "1" + std::string(79, '.') + "1").find("two 1s in diagonal 1"),
            std::string::npos);
}

TEST(VariantTest, HyperKeepsItsWindows) {
  const std::unique_ptr<Puzzle> p = parseOne("hyper", std::string(81, '.'));
  solveChecked("hyper", *p, satOptions());
  // The pattern Sudoku (3r + r/3 + c) mod 9 + 1 keeps rows, columns and boxes, but
  // its first window holds a digit twice.
  Answer a{p->grid, {}, {}};
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) a.cells.push_back((3 * r + r / 3 + c) % 9 + 1);
  }
  EXPECT_FALSE(genreById("sudoku").verify(*parseOne("sudoku", std::string(81, '.')), a));
  const std::optional<std::string> broken = genreById("hyper").verify(*p, a);
  ASSERT_TRUE(broken.has_value());
  EXPECT_NE(broken->find("window"), std::string::npos) << *broken;
}

TEST(VariantTest, FourByFourLatinSquaresNumber576) {
  const std::unique_ptr<Puzzle> p =
      parseOne("latin-square", "4 4\n- - - -\n- - - -\n- - - -\n- - - -\n");
  const GenreEnumeration e =
      enumerateAnswers(genreById("latin-square"), *p, BuildOptions{}, 1000, satOptions());
  EXPECT_TRUE(e.complete);
  EXPECT_EQ(e.answers.size(), 576U);  // OEIS A002860: 576 Latin squares of order 4
  const Genre& g = genreById("latin-square");
  for (const Answer& a : e.answers) EXPECT_FALSE(g.verify(*p, a).has_value());
}

TEST(VariantTest, TheTimeLimitBoundsTheWholeEnumeration) {
  // 9x9 Latin squares number about 5.5e27: only the limit, over all the solves, ends this.
  std::string rows = "9 9\n";
  for (int r = 0; r < 9; ++r) rows += "- - - - - - - - -\n";
  const std::unique_ptr<Puzzle> p = parseOne("latin-square", rows);
  milp::SolveOptions limited = satOptions();
  limited.timeLimitMs = 300;
  const GenreEnumeration e =
      enumerateAnswers(genreById("latin-square"), *p, BuildOptions{}, 100000, limited);
  EXPECT_EQ(e.lastStatus, milp::SolveStatus::kTimeLimit);
  EXPECT_FALSE(e.complete);
  EXPECT_LT(e.answers.size(), 100000U);
}

// Sudoku on the genre interface: each of its four models, by branch-and-bound and by
// CNF-SAT, gives the answer Sudoku's own solver gives, which the genre's checker accepts.
TEST(SudokuGenreTest, EveryModelAndMethodAgreesWithSudokusOwnSolver) {
  const Genre& g = genreById("sudoku");
  EXPECT_EQ(g.models().front(), "reduced");  // the fastest route is the default
  const sudoku::ParsedText hard = sudoku::parseText(testing::readSharedData("top95.txt"));
  for (int i = 0; i < 8; ++i) {
    const std::string line = hard.puzzles[i].grid.toLine();
    const std::unique_ptr<Puzzle> p = parseOne("sudoku", line);
    // Sudoku's own solver, which also proves the answer unique.
    const sudoku::UniquenessResult own_check =
        sudoku::checkUniqueness(hard.puzzles[i].grid, {}, sudoku::ModelKind::kTextbook);
    ASSERT_EQ(own_check.unique, std::optional<bool>(true)) << i;
    const std::optional<sudoku::Grid>& own = own_check.solution;
    for (std::string_view model : g.models()) {
      for (const milp::SolveOptions& options : {milp::SolveOptions{}, satOptions()}) {
        const Answer a = solveChecked("sudoku", *p, options, std::string(model));
        ASSERT_EQ(a.cells.size(), 81U) << i << " " << model;
        for (int cell = 0; cell < 81; ++cell) {
          EXPECT_EQ(a.cells[cell], own->at(cell / 9, cell % 9)) << i << " " << model << " " << cell;
        }
      }
    }
  }
}

// The no-good of the shared search works over a reduced model's sparse binaries: every
// model counts the 288 Sudoku grids of 4×4 (OEIS A107739), each one checked.
TEST(SudokuGenreTest, EveryModelCountsThe288FourByFourGrids) {
  const Genre& g = genreById("sudoku");
  const std::unique_ptr<Puzzle> p = parseOne("sudoku", std::string(16, '.'), 4);
  for (std::string_view model : g.models()) {
    BuildOptions build;
    build.model = std::string(model);
    const GenreEnumeration e = enumerateAnswers(g, *p, build, 1000, satOptions());
    EXPECT_TRUE(e.complete) << model;
    EXPECT_EQ(e.answers.size(), 288U) << model;
    for (const Answer& a : e.answers) EXPECT_FALSE(g.verify(*p, a).has_value()) << model;
  }
  // Two answers of a puzzle with givens, one of them fixed by the reduction.
  const std::unique_ptr<Puzzle> q = parseOne("sudoku", "12..34..........", 4);
  BuildOptions reduced;
  reduced.model = "reduced";
  const GenreUniqueness u = checkUniqueness(g, *q, reduced, satOptions());
  ASSERT_TRUE(u.unique.has_value());
  EXPECT_FALSE(*u.unique);
}

// A reduction that meets a contradiction leaves two rows that cannot both hold: GLPK
// reports no answer, and the formulation says why.
TEST(SudokuGenreTest, AReductionsContradictionIsAnInfeasibleRow) {
  const Genre& g = genreById("sudoku");
  // Row 1 has no place for a 1: boxes 1 and 2 hold theirs in rows 2 and 3, and
  // givens fill row 1's cells of box 3 (no two givens conflict).
  const std::string text =
      "......234"
      "..1......"
      "....1...."
      "........."
      "........."
      "........."
      "........."
      "........."
      ".........";
  const std::unique_ptr<Puzzle> p = parseOne("sudoku", text);
  for (const char* model : {"reduced", "candidates", "textbook"}) {
    for (const milp::SolveOptions& options : {milp::SolveOptions{}, satOptions()}) {
      BuildOptions build;
      build.model = model;
      GenreSolver solver(g, *p, build);
      const CutSearch s = solver.solve(options);
      EXPECT_FALSE(s.result.hasSolution) << model;
      EXPECT_EQ(s.result.status, milp::SolveStatus::kInfeasible) << model;
    }
  }
  BuildOptions reduced;
  reduced.model = "reduced";
  GenreSolver solver(g, *p, reduced);
  const Formulation f = g.formulation(*p, solver.built());
  ASSERT_FALSE(f.groups.empty());
  EXPECT_EQ(f.groups.back().id, "contradiction");
  // The page's formulation (sudoku/formulation.h): the candidate set, and the
  // contradiction in the model's note.
  EXPECT_NE(f.variables.find("\\in C'"), std::string::npos) << f.variables;
  ASSERT_GE(f.notes.size(), 2U);
  EXPECT_EQ(f.notes[1].kind, "model");
  EXPECT_NE(f.notes[1].text.find("it found a contradiction: "), std::string::npos);
}

// A puzzle the reduction decides whole has a model without variables: its answer is
// unique, and enumeration finds exactly one, with either method.
TEST(SudokuGenreTest, APuzzleTheReductionDecidesIsUniqueWithoutBinaries) {
  const Genre& g = genreById("sudoku");
  // A full grid of ours with the first row emptied: naked singles fill it.
  const std::string grid =
      "........."
      "456789123"
      "789123456"
      "214365897"
      "365897214"
      "897214365"
      "531642978"
      "642978531"
      "978531642";
  const std::unique_ptr<Puzzle> p = parseOne("sudoku", grid);
  BuildOptions reduced;
  reduced.model = "reduced";
  for (const milp::SolveOptions& options : {milp::SolveOptions{}, satOptions()}) {
    GenreSolver solver(g, *p, reduced);
    EXPECT_EQ(solver.built().model.numVars(), 0);
    const GenreUniqueness u = checkUniqueness(g, *p, reduced, options);
    ASSERT_TRUE(u.unique.has_value());
    EXPECT_TRUE(*u.unique);
    EXPECT_EQ(u.answer->cells[0], 1);
    const GenreEnumeration e = enumerateAnswers(g, *p, reduced, 10, options);
    EXPECT_TRUE(e.complete);
    EXPECT_EQ(e.answers.size(), 1U);
  }
}

// The LP relaxation of a reduced model is drawn on every empty cell: the reduction's
// fixed cells at 1, the candidates at their LP values.
TEST(SudokuGenreTest, RelaxationOfAReducedModelCoversEveryEmptyCell) {
  const Genre& g = genreById("sudoku");
  const sudoku::ParsedText hard = sudoku::parseText(testing::readSharedData("top95.txt"));
  const std::unique_ptr<Puzzle> p = parseOne("sudoku", hard.puzzles[3].grid.toLine());
  BuildOptions reduced;
  reduced.model = "reduced";
  GenreSolver solver(g, *p, reduced);
  std::vector<double> values;
  ASSERT_TRUE(solver.relax({}, &values).hasSolution);
  Board board = g.board(*p, nullptr);
  const std::size_t before = board.items.size();
  g.drawRelaxation(*p, solver.built(), values, &board);
  std::vector<int> marked(81, 0);
  for (std::size_t i = before; i < board.items.size(); ++i) {
    const BoardItem& item = board.items[i];
    ASSERT_EQ(item.kind, ItemKind::kCandidate);
    marked[(item.at.row / 2) * 9 + item.at.column / 2] = 1;
  }
  for (int cell = 0; cell < 81; ++cell) {
    const bool given = hard.puzzles[3].grid.at(cell / 9, cell % 9) != 0;
    EXPECT_EQ(marked[cell], given ? 0 : 1) << cell;
  }
}

TEST(VariantTest, UniquenessIsSharedByEveryGenre) {
  const std::unique_ptr<Puzzle> p = parseOne("latin-square", "2 2\n1 -\n- -\n");
  const GenreUniqueness u = checkUniqueness(genreById("latin-square"), *p, {}, {});
  ASSERT_TRUE(u.unique.has_value());
  EXPECT_TRUE(*u.unique);
  const std::unique_ptr<Puzzle> q = parseOne("latin-square", "2 2\n- -\n- -\n");
  const GenreUniqueness v = checkUniqueness(genreById("latin-square"), *q, {}, {});
  ASSERT_TRUE(v.unique.has_value());
  EXPECT_FALSE(*v.unique);
  ASSERT_TRUE(v.secondAnswer.has_value());
  EXPECT_NE(v.answer->cells, v.secondAnswer->cells);
}

TEST(VariantTest, FormulationRowsNameTheirCells) {
  const std::unique_ptr<Puzzle> p = parseOne("killer", kOwnKiller);
  const Genre& g = genreById("killer");
  for (const char* model : {"textbook", "combinations"}) {
    BuildOptions build;
    build.model = model;
    const std::unique_ptr<Built> built = g.build(*p, build);
    const Formulation f = g.formulation(*p, *built);
    const ConstraintGroup* cage = nullptr;
    for (const ConstraintGroup& group : f.groups) {
      EXPECT_FALSE(group.rows.empty()) << model << " " << group.id;
      if (group.id == (std::string(model) == "textbook" ? "cage" : "cage_digit")) cage = &group;
    }
    ASSERT_NE(cage, nullptr) << model;
    ASSERT_EQ(cage->rows.size(), std::string(model) == "textbook" ? 8U : 32U);
    EXPECT_EQ(cage->rows[0].cells, (std::vector<int>{0, 1}));
    EXPECT_EQ(f.rows, built->model.numConstraints());
  }
  // The clauses model: every row of the model is in a group, the links as clauses.
  BuildOptions clauses;
  clauses.model = "clauses";
  const std::unique_ptr<Built> built = g.build(*p, clauses);
  const Formulation f = g.formulation(*p, *built);
  std::vector<std::string> ids;
  std::size_t rows = 0;
  for (const ConstraintGroup& group : f.groups) {
    ids.push_back(group.id);
    rows += group.rows.size();
  }
  EXPECT_EQ(ids, (std::vector<std::string>{"cell", "row", "column", "box", "combination",
                                           "cage_digit", "in_set", "placed"}));
  EXPECT_EQ(static_cast<int>(rows), built->model.numConstraints());
  EXPECT_EQ(f.groups[6].rows[0].name, "in_set[1,1,1,1]");
  EXPECT_EQ(f.groups[6].rows[0].cells, (std::vector<int>{0}));
}

// Killer's default model follows the method: clauses for CNF-SAT (no adders), the
// combinations' tighter LP for branch-and-bound; both give an answer the checker passes
// (this small puzzle has several).
TEST(VariantTest, KillerDefaultModelFollowsTheMethod) {
  const std::string head = R"({"type": "solve", "genre": "killer", "puzzle": )" +
                           testing::jsonQuoted(kOwnKiller) + R"(, "options": {)";
  const rapidjson::Document sat = testing::call(head + R"("method": "sat"}})");
  ASSERT_TRUE(sat.HasMember("result")) << app::writeJson(sat);
  EXPECT_EQ(sat["result"]["model"], "clauses");
  EXPECT_TRUE(sat["result"]["answer"]["verified"].GetBool());
  EXPECT_EQ(sat["result"]["stats"]["sat"]["translation"], "direct");  // clauses, no adders
  const rapidjson::Document bnb = testing::call(head + R"("method": "branch-and-bound"}})");
  ASSERT_TRUE(bnb.HasMember("result")) << app::writeJson(bnb);
  EXPECT_EQ(bnb["result"]["model"], "combinations");
  EXPECT_TRUE(bnb["result"]["answer"]["verified"].GetBool());
}

TEST(VariantTest, FormulationDescribesTheRowAsked) {
  const std::string head = R"({"type": "formulation", "genre": "killer", "puzzle": )" +
                           testing::jsonQuoted(kOwnKiller) +
                           R"(, "options": {"model": "textbook"}, )";
  const rapidjson::Document cage = testing::call(head + R"("row": "cage[1]"})");
  ASSERT_TRUE(cage.HasMember("result")) << app::writeJson(cage);
  const rapidjson::Value& row = cage["result"]["row"];
  // Cage a (sum 3) covers (1,1) and (1,2): each digit d weighs d.
  EXPECT_EQ(row["name"], "cage[1]");
  EXPECT_EQ(std::string(row["text"].GetString()).substr(0, 33),
            "cage[1]: x[1,1,1] + 2 x[1,1,2] + ");
  EXPECT_NE(std::string(row["text"].GetString()).find("4 x[1,2,4] = 3"), std::string::npos)
      << row["text"].GetString();
  ASSERT_EQ(row["cells"].Size(), 2U);
  EXPECT_EQ(row["cells"][1][1].GetInt(), 2);
  EXPECT_FALSE(cage["result"].HasMember("formulation"));  // the row alone
  const rapidjson::Document none = testing::call(head + R"("row": "cage[99]"})");
  ASSERT_TRUE(none.HasMember("result")) << app::writeJson(none);
  EXPECT_TRUE(none["result"]["row"].IsNull());
  const rapidjson::Document bad = testing::call(head + R"("row": ["cage[1]"]})");
  EXPECT_EQ(bad["error"]["where"]["field"], "row");
}

TEST(VariantTest, AClueRowSaysWhichClueItIsAbout) {
  // Akari: the 4 in the middle of a 3x3; its row names the four cells beside it.
  const rapidjson::Document r = testing::call(
      R"({"type": "formulation", "genre": "akari", "puzzle": "3 3\n- - -\n- 4 -\n- - -\n"})");
  ASSERT_TRUE(r.HasMember("result")) << app::writeJson(r);
  const rapidjson::Value& clue = r["result"]["formulation"]["groups"][0];
  ASSERT_EQ(clue["id"], "clue");
  const rapidjson::Value& row = clue["rows"][0];
  ASSERT_TRUE(row.HasMember("at")) << app::writeJson(row);
  EXPECT_EQ(row["at"][0].GetInt(), 2);
  EXPECT_EQ(row["at"][1].GetInt(), 2);
  EXPECT_EQ(row["cells"].Size(), 4U);
  // A row about no clue has no "at".
  EXPECT_FALSE(r["result"]["formulation"]["groups"][3]["rows"][0].HasMember("at"));
}

TEST(VariantTest, SlitherlinkTwosRowsSayWhichClueTheyAreAbout) {
  // The cells model writes a 2 as eight rows over its sides (not by addClueRow).
  const rapidjson::Document r = testing::call(
      R"({"type": "formulation", "genre": "slitherlink", "options": {"model": "cells"},)"
      R"( "puzzle": "2 2\n2 -\n- -\n"})");
  ASSERT_TRUE(r.HasMember("result")) << app::writeJson(r);
  int about_the_two = 0;
  for (const rapidjson::Value& group : r["result"]["formulation"]["groups"].GetArray()) {
    for (const rapidjson::Value& row : group["rows"].GetArray()) {
      if (!row.HasMember("at")) continue;
      EXPECT_EQ(row["at"][0].GetInt(), 1) << row["name"].GetString();
      EXPECT_EQ(row["at"][1].GetInt(), 1) << row["name"].GetString();
      ++about_the_two;
    }
  }
  EXPECT_EQ(about_the_two, 8);
}

// --- every killer and jigsaw record: gridmilp's own (tests/data) and the shared sets ---

/// The whole of a file; throws std::runtime_error when it cannot be read.
std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

/// Solves every record of a sw_*-layout file and compares with its solutions file; a
/// record whose answer differs must have a second answer (it is not unique) and the
/// given solution must pass the checker.
void solveDataSet(const char* genre, const std::string& puzzles_path,
                  const std::string& solutions_path) {
  const Genre& g = genreById(genre);
  const std::vector<std::unique_ptr<Puzzle>> puzzles = g.parse(readFile(puzzles_path), 0);
  const std::vector<Record> solutions = parseRecords(readFile(solutions_path));
  ASSERT_EQ(puzzles.size(), solutions.size());
  int differ = 0;
  for (std::size_t k = 0; k < puzzles.size(); ++k) {
    const Puzzle& p = *puzzles[k];
    ASSERT_EQ(solutions[k].name, p.name);
    Answer given{p.grid, {}, {}};
    for (const Token* t : recordBlock(solutions[k], 0, 1))
      given.cells.push_back(std::stoi(t->text));
    EXPECT_FALSE(g.verify(p, given).has_value())
        << p.name << ": the given solution fails the checker";
    const Answer mine = solveChecked(genre, p, satOptions());
    if (mine.cells != given.cells) {
      ++differ;
      const GenreUniqueness u =
          checkUniqueness(g, p, {std::string(g.models().front())}, satOptions());
      EXPECT_EQ(u.unique, std::optional<bool>(false))
          << p.name << ": a unique puzzle answered otherwise";
    }
  }
  std::printf("[ genres   ] %s: %zu records of %s solved and checked, %d not unique\n", genre,
              puzzles.size(), puzzles_path.c_str(), differ);
}

/// The shared set `dir/stem` of the shared data folder (testing::sharedDataDir()), or a
/// skip that says it is absent (the records of tests/data run in every clone).
void solveSharedSet(const char* genre, const std::string& dir, const std::string& stem) {
  const std::string base = testing::sharedDataDir() + "/" + dir + "/" + stem;
  if (!std::filesystem::exists(base + ".puzzles.txt")) {
    GTEST_SKIP() << "shared data not present: " << base << ".puzzles.txt (tests/data runs instead)";
  }
  solveDataSet(genre, base + ".puzzles.txt", base + ".solutions.txt");
}

TEST(DataTest, OwnKillerRecords) {
  const std::string base = std::string(GRIDMILP_TEST_DATA_DIR) + "/variants/killer";
  solveDataSet("killer", base + ".puzzles.txt", base + ".solutions.txt");
}

TEST(DataTest, OwnJigsawRecords) {
  const std::string base = std::string(GRIDMILP_TEST_DATA_DIR) + "/variants/jigsaw";
  solveDataSet("jigsaw", base + ".puzzles.txt", base + ".solutions.txt");
}

TEST(DataTest, EveryKillerRecord) {
  solveSharedSet("killer", "variants/killer_sudoku", "sw_KillerSudoku");
}

TEST(DataTest, EveryJigsawRecord) {
  solveSharedSet("jigsaw", "variants/jigsaw_sudoku", "sw_JigsawSudoku");
}

// --- packing and "why no solution?" for the digit genres -----------------------

/// Whether `fill` (0 = empty) keeps every given of `p` and no row, column, region or
/// extra unit holds a digit twice: read from the puzzle's fields, not from a model.
bool keepsTheRules(const DigitPuzzle& p, const std::vector<int>& fill) {
  for (int cell = 0; cell < p.grid.cells(); ++cell) {
    if (p.givens[cell] != 0 && fill[cell] != p.givens[cell]) return false;
  }
  std::vector<std::vector<int>> units;
  for (int i = 0; i < p.n; ++i) {
    std::vector<int> row, column;
    for (int j = 0; j < p.n; ++j) {
      row.push_back(p.grid.index(i, j));
      column.push_back(p.grid.index(j, i));
    }
    units.push_back(row);
    units.push_back(column);
  }
  for (int k = 0; k < p.n && !p.region.empty(); ++k) {
    std::vector<int> region;
    for (int cell = 0; cell < p.grid.cells(); ++cell) {
      if (p.region[cell] == k) region.push_back(cell);
    }
    units.push_back(region);
  }
  for (const Unit& u : p.extras) units.push_back(u.cells);
  for (const auto& unit : units) {
    std::vector<int> seen(p.n + 1, 0);
    for (int cell : unit) {
      if (fill[cell] != 0 && ++seen[fill[cell]] > 1) return false;
    }
  }
  return true;
}

/// The first record of tests/data/variants/jigsaw.puzzles.txt (unique), and the same
/// puzzle with one wrong digit added in its first empty cell that clashes with no given.
struct Spoiled {
  std::unique_ptr<Puzzle> puzzle, spoiled;
  int cell = -1;
};
Spoiled spoiledJigsaw() {
  std::ifstream in(std::string(GRIDMILP_TEST_DATA_DIR) + "/variants/jigsaw.puzzles.txt");
  std::stringstream text;
  text << in.rdbuf();
  const Genre& g = genreById("jigsaw");
  Spoiled out;
  out.puzzle = std::move(g.parse(text.str(), 0).front());
  const Answer answer = solveChecked("jigsaw", *out.puzzle, {});
  auto spoiled = std::make_unique<DigitPuzzle>(dynamic_cast<const DigitPuzzle&>(*out.puzzle));
  for (int cell = 0; cell < spoiled->grid.cells() && out.cell < 0; ++cell) {
    if (spoiled->givens[cell] != 0) continue;
    for (int d = 1; d <= spoiled->n && out.cell < 0; ++d) {
      if (d == answer.cells[cell]) continue;
      spoiled->givens[cell] = d;
      std::vector<int> fill = spoiled->givens;
      if (keepsTheRules(*spoiled, fill)) {
        out.cell = cell;
      } else {
        spoiled->givens[cell] = 0;
      }
    }
  }
  out.spoiled = std::move(spoiled);
  return out;
}

TEST(DigitPackingTest, FillsASolvablePuzzleAndTheMostOfOneWithoutAnswer) {
  const Spoiled s = spoiledJigsaw();
  ASSERT_GE(s.cell, 0);
  const Genre& g = genreById("jigsaw");
  BuildOptions packing;
  packing.model = "packing";
  // Solvable: the packing optimum fills every cell with the (unique) answer.
  GenreSolver solver(g, *s.puzzle, packing);
  const CutSearch full = solver.solve({});
  ASSERT_TRUE(full.result.hasSolution);
  EXPECT_FALSE(g.verify(*s.puzzle, solver.answer()).has_value());
  EXPECT_EQ(solver.answer().cells, solveChecked("jigsaw", *s.puzzle, satOptions()).cells);
  EXPECT_EQ(checkUniqueness(g, *s.puzzle, packing, {}).unique, std::optional<bool>(true));
  // Without answer: status infeasible, and the largest fill keeps the rules.
  GenreSolver spoiled(g, *s.spoiled, packing);
  const CutSearch partial = spoiled.solve({});
  EXPECT_FALSE(partial.result.hasSolution);
  EXPECT_EQ(partial.result.status, milp::SolveStatus::kInfeasible);
  ASSERT_TRUE(spoiled.partial().has_value());
  const std::vector<int>& fill = spoiled.partial()->cells;
  EXPECT_TRUE(keepsTheRules(dynamic_cast<const DigitPuzzle&>(*s.spoiled), fill));
  const int placed =
      static_cast<int>(std::count_if(fill.begin(), fill.end(), [](int v) { return v > 0; }));
  EXPECT_LT(placed, s.spoiled->grid.cells());
  EXPECT_GT(placed, 0);
  // The packing model maximises: CNF-SAT is refused, by name.
  const rapidjson::Document sat = testing::call(
      R"({"id":1,"type":"solve","genre":"jigsaw","options":{"model":"packing","method":"sat"},"puzzle":)" +
      testing::jsonQuoted(g.formatPuzzle(*s.puzzle)) + "}");
  EXPECT_EQ(std::string(sat["error"]["where"]["field"].GetString()), "options.method");
}

TEST(DigitExplainTest, ListsThePlantedGivenAndEachSetMakesThePuzzleSolvable) {
  const Spoiled s = spoiledJigsaw();
  ASSERT_GE(s.cell, 0);
  const Genre& g = genreById("jigsaw");
  const auto& spoiled = dynamic_cast<const DigitPuzzle&>(*s.spoiled);
  for (const char* method : {"sat", "branch-and-bound"}) {
    const rapidjson::Document response = testing::call(
        std::string(
            R"({"id":1,"type":"explainInfeasible","genre":"jigsaw","limit":100,"options":{"method":")") +
        method + R"("},"puzzle":)" + testing::jsonQuoted(g.formatPuzzle(spoiled)) + "}");
    ASSERT_TRUE(response.HasMember("result")) << app::writeJson(response);
    const auto& r = response["result"];
    EXPECT_EQ(std::string(r["status"].GetString()), "infeasible") << method;
    EXPECT_FALSE(r["solvable"].GetBool());
    const auto& sets = r["removals"]["sets"];
    ASSERT_TRUE(r["removals"]["complete"].GetBool());
    bool planted = false;
    for (const auto& set : sets.GetArray()) {
      ASSERT_EQ(set.Size(), 1U);  // dropping the planted digit is enough
      DigitPuzzle less = spoiled;
      const int cell = less.grid.index(set[0]["row"].GetInt() - 1, set[0]["column"].GetInt() - 1);
      EXPECT_EQ(less.givens[cell], set[0]["digit"].GetInt());
      less.givens[cell] = 0;
      planted = planted || cell == s.cell;
      GenreSolver check(g, less, {});
      EXPECT_TRUE(check.solve(satOptions()).result.hasSolution) << "removing cell " << cell;
    }
    EXPECT_TRUE(planted) << method;
    // The fill: the packing optimum, by the rules.
    const auto& fill = r["partialFill"];
    EXPECT_EQ(std::string(fill["status"].GetString()), "optimal") << method;
    std::vector<int> cells;
    for (const auto& v : fill["cells"].GetArray()) cells.push_back(v.GetInt());
    EXPECT_TRUE(keepsTheRules(spoiled, cells));
    GenreSolver best(g, spoiled, BuildOptions{"packing"});
    best.solve({});
    ASSERT_TRUE(best.partial().has_value());
    const int placed = static_cast<int>(std::count_if(
        best.partial()->cells.begin(), best.partial()->cells.end(), [](int v) { return v > 0; }));
    EXPECT_EQ(fill["placed"].GetInt(), placed) << method;
  }
  // Pencil genres have no givens to drop.
  const rapidjson::Document hitori = testing::call(
      R"({"id":2,"type":"explainInfeasible","genre":"hitori","puzzle":"2 2\n1 1\n1 1\n"})");
  EXPECT_EQ(std::string(hitori["error"]["where"]["field"].GetString()), "genre");
}

// Clashing givens: a solve refuses them (conflicting_givens, both cells), the parse
// and board requests keep the puzzle with a warning, and explainInfeasible explains them like
// Sudoku's: one of the two to remove, and no fill (partialFill.clash).
TEST(GenreExplainTest, ClashingGivensAreExplainedNotRefused) {
  const std::vector<std::pair<const char*, std::string>> puzzles = {
      {"latin-square", "=== t\n4 4\n1 - - -\n- - - -\n- - - -\n1 - - -\n"},
      {"sudoku-x", "=== x\n4 4\n1 - - -\n- - - -\n- - 1 -\n- - - -\n"},
      {"hyper",
       "=== h\n9 9\n- - - - - - - - -\n- 5 - - - - - - -\n- - - 5 - - - - -\n"
       "- - - - - - - - -\n- - - - - - - - -\n- - - - - - - - -\n"
       "- - - - - - - - -\n- - - - - - - - -\n- - - - - - - - -\n"},
  };
  for (const auto& [genre, text] : puzzles) {
    const std::string quoted = testing::jsonQuoted(text);
    const rapidjson::Document solve =
        testing::call(std::string(R"({"id":1,"type":"solve","genre":")") + genre +
                      R"(","puzzle":)" + quoted + "}");
    ASSERT_TRUE(solve.HasMember("error")) << genre << ": " << app::writeJson(solve);
    EXPECT_EQ(std::string(solve["error"]["code"].GetString()), "conflicting_givens") << genre;
    EXPECT_EQ(solve["error"]["where"]["cells"].Size(), 2U) << genre;
    const rapidjson::Document parse = testing::call(
        std::string(R"({"id":2,"type":"parse","genre":")") + genre + R"(","text":)" + quoted + "}");
    ASSERT_TRUE(parse.HasMember("result")) << genre << ": " << app::writeJson(parse);
    const auto& warnings = parse["result"]["puzzles"][0]["warnings"];
    ASSERT_EQ(warnings.Size(), 1U) << genre;
    EXPECT_NE(std::string(warnings[0].GetString()).find("two "), std::string::npos) << genre;
    const rapidjson::Document board =
        testing::call(std::string(R"({"id":4,"type":"board","genre":")") + genre +
                      R"(","puzzle":)" + quoted + "}");
    ASSERT_TRUE(board.HasMember("result")) << genre << ": " << app::writeJson(board);
    EXPECT_EQ(board["result"]["warnings"].Size(), 1U) << genre;
    // The pair's cells, for the board to mark: the first given is at row 1, column 1.
    ASSERT_TRUE(board["result"].HasMember("clash")) << genre;
    ASSERT_EQ(board["result"]["clash"]["cells"].Size(), 2U) << genre;
    EXPECT_EQ(board["result"]["clash"]["cells"][0][0].GetInt(),
              std::string(genre) == "hyper" ? 2 : 1);
    for (const char* method : {"sat", "branch-and-bound"}) {
      const rapidjson::Document r =
          testing::call(std::string(R"({"id":3,"type":"explainInfeasible","genre":")") + genre +
                        R"(","options":{"method":")" + method + R"("},"puzzle":)" + quoted + "}");
      ASSERT_TRUE(r.HasMember("result")) << genre << ": " << app::writeJson(r);
      const auto& result = r["result"];
      EXPECT_EQ(std::string(result["status"].GetString()), "infeasible") << genre;
      EXPECT_EQ(result["removals"]["count"].GetInt(), 1) << genre << " " << method;
      const auto& clash = result["partialFill"]["clash"];
      EXPECT_EQ(std::string(result["partialFill"]["status"].GetString()), "infeasible");
      EXPECT_EQ(clash["cells"].Size(), 2U) << genre;
      // The two sets are the two clashing givens, one each.
      const auto& sets = result["removals"]["sets"];
      ASSERT_EQ(sets.Size(), 2U) << genre << " " << method;
      for (const auto& set : sets.GetArray()) {
        bool named = false;
        for (const auto& cell : clash["cells"].GetArray()) {
          named = named || (cell[0].GetInt() == set[0]["row"].GetInt() &&
                            cell[1].GetInt() == set[0]["column"].GetInt());
        }
        EXPECT_TRUE(named) << genre << " " << method;
      }
    }
  }
}

// A record's janko.at source names its genre: folders in German, Sudoku's variants in
// folders under Sudoku/, a folder matched whole (not as a prefix of another name).
TEST(JankoSourceTest, FoldersNameGenres) {
  const auto of = [](const char* header) { return jankoSource(header); };
  EXPECT_EQ(
      of("753_10x10 source=https://www.janko.at/Raetsel/Nurikabe/0753.a.htm difficulty=-").genre,
      "nurikabe");
  EXPECT_EQ(of("1 source=https://www.janko.at/Raetsel/Nurikabe/0753.a.htm").path,
            "Nurikabe/0753.a.htm");
  EXPECT_EQ(of("s source=https://www.janko.at/Raetsel/Sternenschlacht/001.a.htm").genre,
            "star-battle");
  EXPECT_EQ(of("s source=https://www.janko.at/Raetsel/Sudoku/0001.a.htm").genre, "sudoku");
  EXPECT_EQ(of("k source=https://www.janko.at/Raetsel/Sudoku/Killer/001.a.htm").genre, "killer");
  EXPECT_EQ(of("j source=https://www.janko.at/Raetsel/Sudoku/Chaos/001.a.htm").genre, "jigsaw");
  const JankoSource diagonal = of("d source=https://www.janko.at/Raetsel/Sudoku/Diagonal/1.a.htm");
  EXPECT_TRUE(diagonal.found);
  EXPECT_EQ(diagonal.genre, "");
  EXPECT_TRUE(diagonal.sudokuVariant);
  const JankoSource masyu = of("m source=https://www.janko.at/Raetsel/Masyu/002.a.htm");
  EXPECT_TRUE(masyu.found);
  EXPECT_EQ(masyu.genre, "");
  EXPECT_FALSE(masyu.sudokuVariant);
  EXPECT_EQ(of("n source=https://www.janko.at/Raetsel/Nurikabe2/1.a.htm").genre, "");
  EXPECT_FALSE(of("1_9x9 difficulty=3").found);
}

// A Killer whose cage sums are wrong (4 and 6 where 3 and 7 fit; their total still that
// of a full grid) has no answer, and no given to remove: "Why no solution?" names the
// cage sums to drop, at the cells they are written in, by either route.
TEST(GenreExplainTest, AKillersWrongCageSumsAreNamed) {
  const std::string text =
      "=== own_4x4\n4 4\n4 - 6 -\n7 - 3 -\n3 - 7 -\n7 - 3 -\n"
      "a a b b\nc c d d\ne e f f\ng g h h\n";
  for (const char* method : {"sat", "branch-and-bound"}) {
    const rapidjson::Document r = testing::call(
        std::string(
            R"({"id":1,"type":"explainInfeasible","genre":"killer","options":{"method":")") +
        method + R"("},"puzzle":)" + testing::jsonQuoted(text) + "}");
    ASSERT_TRUE(r.HasMember("result")) << app::writeJson(r);
    const auto& removals = r["result"]["removals"];
    EXPECT_EQ(std::string(r["result"]["status"].GetString()), "infeasible") << method;
    ASSERT_EQ(removals["count"].GetInt(), 2) << method;
    EXPECT_TRUE(removals["complete"].GetBool()) << method;
    // Dropping both sums of row 1 or both of row 2 lets the cages fit; no single sum does.
    std::set<std::string> sets;
    for (const auto& set : removals["sets"].GetArray()) {
      std::string named;
      for (const auto& item : set.GetArray()) {
        named += std::to_string(item["row"].GetInt()) + "," +
                 std::to_string(item["column"].GetInt()) + " " + item["clue"].GetString() + "; ";
      }
      sets.insert(named);
    }
    EXPECT_EQ(sets, (std::set<std::string>{"1,1 cage sum 4; 1,3 cage sum 6; ",
                                           "2,1 cage sum 7; 2,3 cage sum 3; "}))
        << method;
    // Each names its cage's cells, for the board to outline: a domino from the sum's cell.
    const auto& item = removals["sets"][0][0];
    ASSERT_EQ(item["cells"].Size(), 2U);
    EXPECT_EQ(item["cells"][0][0].GetInt(), item["row"].GetInt());
    EXPECT_EQ(item["cells"][1][1].GetInt(), item["column"].GetInt() + 1);
    // The engine names what it removes, for the CLI and the page to print.
    EXPECT_EQ(std::string(r["result"]["removes"]["many"].GetString()), "givens or cage sums");
    EXPECT_EQ(std::string(r["result"]["removes"]["one"].GetString()), "given or cage sum");
  }
}

}  // namespace
}  // namespace gridmilp::puzzles

namespace gridmilp::puzzles {
namespace {

/// Generates from `seed` and checks: a unique answer that the checker accepts, the
/// givens part of it, and every given needed.
void generateAndCheck(const char* genre, const std::string& empty_text, std::uint32_t seed) {
  const Genre& g = genreById(genre);
  const std::unique_ptr<Puzzle> empty = parseOne(genre, empty_text);
  const GeneratedDigits out =
      generateDigits(g, dynamic_cast<const DigitPuzzle&>(*empty), seed, satOptions());
  EXPECT_TRUE(out.minimal);
  EXPECT_FALSE(g.verify(*out.puzzle, out.answer).has_value()) << *g.verify(*out.puzzle, out.answer);
  const GenreUniqueness u =
      checkUniqueness(g, *out.puzzle, {std::string(g.models().front())}, satOptions());
  ASSERT_EQ(u.unique, std::optional<bool>(true)) << genre << " seed " << seed;
  EXPECT_EQ(u.answer->cells, out.answer.cells);
  // Minimal: without any one given, a second answer appears (checked on three givens).
  int tried = 0;
  for (int cell = 0; cell < out.puzzle->grid.cells() && tried < 3; ++cell) {
    if (out.puzzle->givens[cell] == 0) continue;
    DigitPuzzle fewer = *out.puzzle;
    fewer.givens[cell] = 0;
    EXPECT_EQ(checkUniqueness(g, fewer, {std::string(g.models().front())}, satOptions()).unique,
              std::optional<bool>(false));
    ++tried;
  }
  // The same seed, the same puzzle.
  const GeneratedDigits again =
      generateDigits(g, dynamic_cast<const DigitPuzzle&>(*empty), seed, satOptions());
  EXPECT_EQ(again.puzzle->givens, out.puzzle->givens);
}

TEST(GenerateTest, SudokuXFromSeeds) {
  for (std::uint32_t seed : {1U, 2U, 3U}) generateAndCheck("sudoku-x", std::string(81, '.'), seed);
}

TEST(GenerateTest, HyperFromSeeds) {
  for (std::uint32_t seed : {1U, 2U, 3U}) generateAndCheck("hyper", std::string(81, '.'), seed);
}

TEST(GenerateTest, LatinSquaresFromSeeds) {
  const std::string empty5 = "5 5\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n";
  for (std::uint32_t seed : {1U, 2U, 3U}) generateAndCheck("latin-square", empty5, seed);
}

TEST(GenerateTest, JigsawOnAGivenRegionMap) {
  generateAndCheck("jigsaw",
                   std::string("4 4\n- - - -\n- - - -\n- - - -\n- - - -\n") +
                       "1 1 1 2\n3 1 2 2\n3 3 4 2\n3 4 4 4\n",
                   7);
}

}  // namespace
}  // namespace gridmilp::puzzles

namespace gridmilp::puzzles {
namespace {

TEST(FormatTest, PuzzleTextRoundTrips) {
  for (const auto& [genre, text] :
       std::vector<std::pair<const char*, std::string>>{{"killer", kOwnKiller},
                                                        {"jigsaw", kOwnJigsaw},
                                                        {"sudoku-x", "1" + std::string(80, '.')}}) {
    const Genre& g = genreById(genre);
    const std::unique_ptr<Puzzle> p = parseOne(genre, text);
    const std::string written = g.formatPuzzle(*p);
    const std::unique_ptr<Puzzle> q = parseOne(genre, written);
    EXPECT_EQ(g.formatPuzzle(*q), written) << genre;
    const auto& a = dynamic_cast<const DigitPuzzle&>(*p);
    const auto& b = dynamic_cast<const DigitPuzzle&>(*q);
    EXPECT_EQ(a.givens, b.givens) << genre;
    EXPECT_EQ(a.region, b.region) << genre;
    ASSERT_EQ(a.cages.size(), b.cages.size()) << genre;
    for (std::size_t k = 0; k < a.cages.size(); ++k) {
      EXPECT_EQ(a.cages[k].cells, b.cages[k].cells);
      EXPECT_EQ(a.cages[k].sum, b.cages[k].sum);
    }
  }
}

TEST(ServiceGenreTest, GeneratesThroughTheProtocol) {
  const rapidjson::Document r = testing::call(
      R"({"id": 1, "type": "generate", "genre": "hyper", "seed": 5, "options": {"method": "sat"}})");
  ASSERT_TRUE(r.HasMember("result")) << app::writeJson(r);
  const rapidjson::Value& result = r["result"];
  EXPECT_TRUE(result["minimal"].GetBool());
  EXPECT_TRUE(result["answer"]["verified"].GetBool());
  const std::string puzzle = result["puzzle"].GetString();
  EXPECT_EQ(puzzle.rfind("=== generated-hyper-5\n9 9\n", 0), 0U) << puzzle;
  const rapidjson::Document u =
      testing::call(R"({"id": 2, "type": "checkUniqueness", "genre": "hyper", "puzzle": )" +
                    testing::jsonQuoted(puzzle) + "}");
  EXPECT_TRUE(u["result"]["unique"].GetBool()) << app::writeJson(u);
}

TEST(ServiceGenreTest, EnumerateDrawsEachAnswersBoardWhenAsked) {
  // A 2×2 Latin square with no givens has exactly two answers.
  const std::string head =
      R"({"id": 1, "type": "enumerate", "genre": "latin-square", "puzzle": "=== t\n2 2\n- -\n- -\n")";
  const rapidjson::Document plain = testing::call(head + "}");
  const rapidjson::Document drawn = testing::call(head + R"(, "boards": true})");
  ASSERT_TRUE(drawn.HasMember("result")) << app::writeJson(drawn);
  EXPECT_FALSE(plain["result"]["answers"][0].HasMember("board"));
  // Drawn answers are capped: a response of 100,000 boards would not fit the WASM heap.
  const rapidjson::Document many = testing::call(head + R"(, "boards": true, "limit": 1001})");
  ASSERT_TRUE(many.HasMember("error")) << app::writeJson(many);
  EXPECT_STREQ(many["error"]["where"]["field"].GetString(), "limit");
  EXPECT_TRUE(testing::call(head + R"(, "limit": 1001})").HasMember("result"));
  const rapidjson::Value& answers = drawn["result"]["answers"];
  ASSERT_EQ(answers.Size(), 2U);
  EXPECT_TRUE(drawn["result"]["complete"].GetBool());
  for (const rapidjson::Value& answer : answers.GetArray()) {
    // The board shows this answer's digits: the number items' texts are its cells.
    std::vector<int> shown;
    for (const rapidjson::Value& item : answer["board"]["items"].GetArray()) {
      if (std::string(item["kind"].GetString()) == "number") {
        shown.push_back(std::stoi(item["text"].GetString()));
      }
    }
    std::vector<int> cells;
    for (const rapidjson::Value& c : answer["cells"].GetArray()) cells.push_back(c.GetInt());
    EXPECT_EQ(shown, cells) << app::writeJson(answer["board"]);
  }
}

TEST(ServiceGenreTest, ABoardDrawsTheDigitsOfAnAnswerGivenWithIt) {
  const std::string head =
      R"({"id": 1, "type": "board", "genre": "sudoku", "puzzle": "1...........4...")";
  const rapidjson::Document r =
      testing::call(head + R"(, "answer": [1,2,3,4, 3,4,0,0, 0,0,0,0, 0,0,0,0]})");
  ASSERT_TRUE(r.HasMember("result")) << app::writeJson(r);
  std::vector<std::string> drawn;
  for (const rapidjson::Value& item : r["result"]["board"]["items"].GetArray()) {
    if (std::string(item["kind"].GetString()) != "number") continue;
    drawn.push_back(std::string(item["text"].GetString()) + ":" + item["style"].GetString());
  }
  EXPECT_EQ(drawn, (std::vector<std::string>{"1:given", "2:solved", "3:solved", "4:solved",
                                             "3:solved", "4:solved", "4:given"}));
  // null is no answer; a whole number written as 3.0 is 3.
  EXPECT_TRUE(testing::call(head + R"(, "answer": null})").HasMember("result"));
  EXPECT_TRUE(testing::call(head + R"(, "answer": [1.0,2,3,4, 3,4,0,0, 0,0,0,0, 0,0,0,0]})")
                  .HasMember("result"));
  for (const char* bad : {R"([1,2,3])", R"([1.5,2,3,4, 3,4,0,0, 0,0,0,0, 0,0,0,0])",
                          R"([1,2,3,4, 3,4,0,0, 0,0,0,0, 0,0,0,5])",
                          R"([2,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0])", R"("1234")"}) {
    const rapidjson::Document e = testing::call(head + R"(, "answer": )" + bad + "}");
    ASSERT_TRUE(e.HasMember("error")) << bad;
    EXPECT_STREQ(e["error"]["where"]["field"].GetString(), "answer") << bad;
  }
  const rapidjson::Document pencil = testing::call(
      R"({"id": 1, "type": "board", "genre": "akari", "puzzle": "=== a\n2 2\n- -\n- -\n", "answer": [0,0,0,0]})");
  ASSERT_TRUE(pencil.HasMember("error"));
  EXPECT_NE(std::string(pencil["error"]["message"].GetString()).find("digit genres"),
            std::string::npos);
}

TEST(ServiceGenreTest, ASolveWithoutBoardKeepsTheAnswer) {
  const std::string puzzle = testing::jsonQuoted("=== t\n3 3\n1 - -\n- - -\n- - 3\n");
  const std::string head =
      R"({"id": 1, "type": "solve", "genre": "latin-square", "puzzle": )" + puzzle;
  const rapidjson::Document with = testing::call(head + "}");
  const rapidjson::Document without = testing::call(head + R"(, "board": false})");
  ASSERT_TRUE(with.HasMember("result") && without.HasMember("result")) << app::writeJson(without);
  EXPECT_TRUE(with["result"].HasMember("board"));
  EXPECT_FALSE(without["result"].HasMember("board"));
  EXPECT_EQ(std::string(with["result"]["answer"]["text"].GetString()),
            without["result"]["answer"]["text"].GetString());
  EXPECT_TRUE(without["result"]["answer"]["verified"].GetBool());
  const rapidjson::Document bad = testing::call(head + R"(, "board": 0})");
  ASSERT_TRUE(bad.HasMember("error")) << app::writeJson(bad);
  EXPECT_STREQ(bad["error"]["where"]["field"].GetString(), "board");
}

/// The field an error response names (`where.field`), or the whole response when the
/// request was answered.
std::string fieldRefused(const std::string& request) {
  const rapidjson::Document d = testing::call(request);
  return d.HasMember("error") ? std::string(d["error"]["where"]["field"].GetString())
                              : app::writeJson(d);
}

// The digit genres optimise an objective on the genre route (branch-and-bound), reported
// as the Sudoku route reports it; the answer is checked against the value by hand.
TEST(ServiceGenreTest, DigitGenresOptimiseAnObjective) {
  // A 4×4 Latin square can hold 4 all along its diagonal: the diagonal's largest sum is 16.
  const rapidjson::Document diagonal = testing::call(
      R"({"id": 1, "type": "solve", "genre": "latin-square", "size": 4, "puzzle": "4 4\n- - - -\n- - - -\n- - - -\n- - - -\n", "objective": {"preset": "diagonal"}})");
  ASSERT_TRUE(diagonal.HasMember("result")) << app::writeJson(diagonal);
  const rapidjson::Value& r = diagonal["result"];
  EXPECT_EQ(r["stats"]["method"], "branch-and-bound");  // not CNF-SAT, which ignores it
  EXPECT_EQ(r["objective"]["sense"], "maximize");
  EXPECT_DOUBLE_EQ(r["objective"]["value"].GetDouble(), 16.0);
  EXPECT_TRUE(r["answer"]["verified"].GetBool());
  int sum = 0;
  for (int i = 0; i < 4; ++i) sum += r["answer"]["cells"][i * 4 + i].GetInt();
  EXPECT_EQ(sum, 16);
  // The first row as a number, smallest first: 123456789 in Sudoku X.
  const std::string empty_x = testing::jsonQuoted(std::string(81, '.'));
  const rapidjson::Document first_row =
      testing::call(R"({"id": 2, "type": "solve", "genre": "sudoku-x", "puzzle": )" + empty_x +
                    R"(, "objective": {"preset": "firstRow"}})");
  ASSERT_TRUE(first_row.HasMember("result")) << app::writeJson(first_row);
  EXPECT_DOUBLE_EQ(first_row["result"]["objective"]["value"].GetDouble(), 123456789.0);
  EXPECT_EQ(first_row["result"]["objective"]["sense"], "minimize");
  for (int c = 0; c < 9; ++c) EXPECT_EQ(first_row["result"]["answer"]["cells"][c].GetInt(), c + 1);
  // Weights, minimised: the cell of weight 1 holds 1.
  const rapidjson::Document weights = testing::call(
      R"({"id": 3, "type": "solve", "genre": "latin-square", "puzzle": "3 3\n- - -\n- - -\n- - -\n", "objective": {"sense": "minimize", "weights": [[0, 0, 0], [0, 1, 0], [0, 0, 0]]}})");
  ASSERT_TRUE(weights.HasMember("result")) << app::writeJson(weights);
  EXPECT_DOUBLE_EQ(weights["result"]["objective"]["value"].GetDouble(), 1.0);
  EXPECT_EQ(weights["result"]["answer"]["cells"][4].GetInt(), 1);
  // The formulation states it.
  const rapidjson::Document f =
      testing::call(R"({"id": 4, "type": "formulation", "genre": "sudoku-x", "puzzle": )" +
                    empty_x + R"(, "objective": {"preset": "diagonal"}})");
  ASSERT_TRUE(f.HasMember("result")) << app::writeJson(f);
  EXPECT_EQ(std::string(f["result"]["formulation"]["objective"].GetString()),
            "\\max \\sum_{i=1}^{9} \\sum_d d\\,x_{i,i,d}");
  // Refused: a genre without digits, CNF-SAT, the packing model, a request without a use
  // for it, a wrong number of weights.
  EXPECT_EQ(
      fieldRefused(
          R"({"type": "solve", "genre": "nurikabe", "puzzle": "2 2\n1 -\n- -\n", "objective": {"preset": "diagonal"}})"),
      "objective");
  EXPECT_EQ(fieldRefused(R"({"type": "solve", "genre": "sudoku-x", "puzzle": )" + empty_x +
                         R"(, "objective": {"preset": "diagonal"}, "options": {"method": "sat"}})"),
            "options.method");
  EXPECT_EQ(
      fieldRefused(R"({"type": "solve", "genre": "sudoku-x", "puzzle": )" + empty_x +
                   R"(, "objective": {"preset": "diagonal"}, "options": {"model": "packing"}})"),
      "objective");
  EXPECT_EQ(fieldRefused(R"({"type": "checkUniqueness", "genre": "sudoku-x", "puzzle": )" +
                         empty_x + R"(, "objective": {"preset": "diagonal"}})"),
            "objective");
  EXPECT_EQ(
      fieldRefused(
          R"({"type": "solve", "genre": "latin-square", "puzzle": "2 2\n- -\n- -\n", "objective": {"weights": [1, 2, 3]}})"),
      "objective.weights");
}

// Sudoku's reduced models decide cells before the MILP: those cells count in the
// objective as constants, so every model finds the same optimum.
TEST(SudokuGenreTest, EveryModelFindsTheSameOptimum) {
  // Grid 01 of Project Euler 96 without its last three rows: many answers.
  const std::string line =
      "003020600900305001001806400008102900700000008006708200" + std::string(27, '.');
  const std::unique_ptr<Puzzle> p = parseOne("sudoku", line);
  const Genre& g = genreById("sudoku");
  std::optional<double> first;
  for (std::string_view model : g.models()) {
    DigitObjective objective{milp::ObjectiveSense::kMaximize, std::vector<double>(81, 0.0),
                             DigitObjective::Preset::kNone};
    for (int c = 0; c < 9; ++c) objective.weights[72 + c] = c + 1;  // the last row, weighted
    GenreSolver solver(g, *p, BuildOptions{std::string(model), false, objective});
    const CutSearch search = solver.solve({});
    ASSERT_EQ(search.result.status, milp::SolveStatus::kOptimal) << model;
    EXPECT_FALSE(g.verify(*p, solver.answer()).has_value()) << model;
    double value = 0;
    for (int c = 0; c < 9; ++c) value += (c + 1) * solver.answer().cells[72 + c];
    EXPECT_NEAR(search.result.objective, value, 1e-6) << model;
    if (!first) first = value;
    EXPECT_NEAR(value, *first, 1e-6) << model;
  }
}

// Boxes other than the usual ones, for the genres with boxes: 6×6 in boxes of 3 rows ×
// 2 columns instead of 2 × 3.
TEST(ServiceGenreTest, BoxesOfAnotherShape) {
  const std::string empty6 = testing::jsonQuoted(
      "6 6\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n");
  const rapidjson::Document tall = testing::call(
      R"({"id": 1, "type": "solve", "genre": "sudoku-x", "boxHeight": 3, "puzzle": )" + empty6 +
      "}");
  ASSERT_TRUE(tall.HasMember("result")) << app::writeJson(tall);
  const rapidjson::Value& cells = tall["result"]["answer"]["cells"];
  for (int box = 0; box < 6; ++box) {
    std::set<int> seen;
    for (int k = 0; k < 6; ++k) {
      const int r = (box / 3) * 3 + k / 2, c = (box % 3) * 2 + k % 2;
      seen.insert(cells[r * 6 + c].GetInt());
    }
    EXPECT_EQ(seen.size(), 6U) << "box " << box;
  }
  // Two 1s in one tall box (rows 1 and 3 of column 1) clash only in those boxes.
  const std::string clash = testing::jsonQuoted(
      "6 6\n1 - - - - -\n- - - - - -\n- 1 - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n");
  const rapidjson::Document usual =
      testing::call(R"({"id": 2, "type": "solve", "genre": "sudoku-x", "puzzle": )" + clash + "}");
  ASSERT_TRUE(usual.HasMember("result")) << app::writeJson(usual);
  const rapidjson::Document tall_clash = testing::call(
      R"({"id": 3, "type": "solve", "genre": "sudoku-x", "boxWidth": 2, "puzzle": )" + clash + "}");
  ASSERT_TRUE(tall_clash.HasMember("error")) << app::writeJson(tall_clash);
  EXPECT_EQ(tall_clash["error"]["code"], "conflicting_givens");
  // A board draws the clash as a warning, in the tall boxes.
  const rapidjson::Document board = testing::call(
      R"({"id": 4, "type": "board", "genre": "sudoku", "boxWidth": 2, "puzzle": )" + clash + "}");
  ASSERT_TRUE(board.HasMember("result")) << app::writeJson(board);
  EXPECT_EQ(std::string(board["result"]["warnings"][0].GetString()).rfind("two 1s in box 1", 0),
            0U);
  // Generation fills the grid in those boxes too, and the record it returns says their
  // shape on its size line ("6 6 3x2"), so that it solves in them without the fields.
  const rapidjson::Document generated = testing::call(
      R"({"id": 5, "type": "generate", "genre": "sudoku-x", "size": 6, "boxHeight": 3, "seed": 3})");
  ASSERT_TRUE(generated.HasMember("result")) << app::writeJson(generated);
  EXPECT_TRUE(generated["result"]["answer"]["verified"].GetBool());
  const rapidjson::Value& filled = generated["result"]["answer"]["cells"];
  for (int box = 0; box < 6; ++box) {
    std::set<int> seen;
    for (int k = 0; k < 6; ++k) {
      seen.insert(filled[((box / 3) * 3 + k / 2) * 6 + (box % 3) * 2 + k % 2].GetInt());
    }
    EXPECT_EQ(seen.size(), 6U) << "box " << box;
  }
  const std::string record = generated["result"]["puzzle"].GetString();
  EXPECT_EQ(record.substr(0, record.find('\n', record.find('\n') + 1)),
            "=== generated-sudoku-x-3\n6 6 3x2");
  rapidjson::Document again(rapidjson::kObjectType);
  again.AddMember("type", "solve", again.GetAllocator())
      .AddMember("genre", "sudoku-x", again.GetAllocator())
      .AddMember("puzzle", rapidjson::Value(record.c_str(), again.GetAllocator()),
                 again.GetAllocator());
  const rapidjson::Document solved = testing::call(app::writeJson(again));
  ASSERT_TRUE(solved.HasMember("result")) << app::writeJson(solved);
  EXPECT_TRUE(solved["result"]["answer"]["verified"].GetBool());
  EXPECT_EQ(solved["result"]["answer"]["cells"], filled);  // unique, in the same boxes
  // The shape is read only where there are boxes, and must tile the grid.
  const auto error_of = [](const std::string& genre, const std::string& size_line) {
    const rapidjson::Document d =
        testing::call(R"({"type": "solve", "genre": ")" + genre + R"(", "puzzle": ")" + size_line +
                      R"(\n- - - - - -\n- - - - - -\n- - - - - -)" +
                      R"(\n- - - - - -\n- - - - - -\n- - - - - -\n"})");
    return d.HasMember("error") ? std::string(d["error"]["message"].GetString()) : "answered";
  };
  EXPECT_EQ(error_of("sudoku-x", "6 6 3x3"),
            "line 1, column 5: the size line's third item is the boxes' shape ROWSxCOLUMNS, "
            "whose product is the side 6 (\"6 6 3x2\"), not \"3x3\"");
  EXPECT_EQ(error_of("sudoku-x", "6 6 2x3"), "answered");
  EXPECT_EQ(error_of("latin-square", "6 6 2x3"),
            "line 1, column 5: a puzzle of this genre has the size line \"ROWS COLUMNS\", "
            "without a third number");
  EXPECT_EQ(
      fieldRefused(
          R"({"type": "solve", "genre": "latin-square", "boxHeight": 2, "puzzle": "2 2\n- -\n- -\n"})"),
      "boxHeight");
  EXPECT_EQ(fieldRefused(R"({"type": "solve", "genre": "sudoku-x", "boxHeight": 0, "puzzle": )" +
                         empty6 + "}"),
            "boxHeight");
  const rapidjson::Document untiled = testing::call(
      R"({"type": "solve", "genre": "sudoku-x", "boxHeight": 4, "puzzle": )" + empty6 + "}");
  ASSERT_TRUE(untiled.HasMember("error")) << app::writeJson(untiled);
  EXPECT_NE(std::string(untiled["error"]["message"].GetString()).find("do not tile"),
            std::string::npos);
}

}  // namespace
}  // namespace gridmilp::puzzles

namespace gridmilp {
namespace {

// The registry and protocol/vocabulary.json, the one list the page and the npm API read
// too, name the same genres in the same order.
// Protocol v2 on the Sudoku route: a request that names "genre": "sudoku" keeps every
// field of the Sudoku route and gains the genre route's: the answer (checked by the
// rule checker, in the solutions' format) and the board drawn from the genre's
// description; a request without the genre gets neither.
TEST(ServiceGenreTest, SudokuRequestsThatNameTheirGenreCarryItsAnswerAndBoard) {
  const std::string puzzle =
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  const auto count = [](const rapidjson::Value& board, const char* kind) {
    int n = 0;
    for (const rapidjson::Value& item : board["items"].GetArray()) n += item["kind"] == kind;
    return n;
  };
  const rapidjson::Document old =
      testing::call(R"({"type": "solve", "puzzle": ")" + puzzle + R"("})");
  ASSERT_TRUE(old.HasMember("result")) << app::writeJson(old);
  EXPECT_FALSE(old["result"].HasMember("genre"));
  EXPECT_FALSE(old["result"].HasMember("board"));
  EXPECT_FALSE(old["result"].HasMember("answer"));

  const rapidjson::Document named =
      testing::call(R"({"type": "solve", "genre": "sudoku", "puzzle": ")" + puzzle + R"("})");
  ASSERT_TRUE(named.HasMember("result")) << app::writeJson(named);
  const rapidjson::Value& r = named["result"];
  EXPECT_EQ(r["solution"], old["result"]["solution"]);  // the Sudoku route's fields stay
  EXPECT_EQ(r["reduction"], old["result"]["reduction"]);
  EXPECT_EQ(r["genre"], "sudoku");
  EXPECT_EQ(r["rows"].GetInt(), 9);
  EXPECT_TRUE(r["answer"]["verified"].GetBool());
  std::string line;
  for (const rapidjson::Value& d : r["answer"]["cells"].GetArray()) line += char('0' + d.GetInt());
  EXPECT_EQ(line, r["solution"].GetString());
  EXPECT_EQ(std::string(r["answer"]["text"].GetString()).substr(0, 45),
            "=== Puzzle 1\n9 9\n4 1 7 3 6 9 8 2 5\n6 3 2 1 5 ");
  EXPECT_EQ(count(r["board"], "number"), 81);  // 17 givens and 64 solved digits
  EXPECT_EQ(count(r["board"], "wall"), 36);    // the boxes' inner walls: 2 lines of 9 twice

  // A janko.at record's answer is headed by the record's header, as sw_*.solutions.txt.
  const rapidjson::Document record = testing::call(
      R"({"type": "solve", "genre": "sudoku", "puzzle": "=== own_4 src\n4 4\n1 - - -\n- - - -\n- - - 1\n- - 4 -\n"})");
  ASSERT_TRUE(record.HasMember("result")) << app::writeJson(record);
  EXPECT_EQ(std::string(record["result"]["answer"]["text"].GetString()),
            "=== own_4 src\n4 4\n1 2 3 4\n4 3 1 2\n3 4 2 1\n2 1 4 3\n");

  const rapidjson::Document bare = testing::call(
      R"({"type": "solve", "genre": "sudoku", "board": false, "puzzle": ")" + puzzle + R"("})");
  EXPECT_TRUE(bare["result"].HasMember("answer"));
  EXPECT_FALSE(bare["result"].HasMember("board"));

  // The LP relaxation on the board: candidates shaded by value, none in a given's cell.
  const rapidjson::Document relax =
      testing::call(R"({"type": "relax", "genre": "sudoku", "puzzle": ")" + puzzle + R"("})");
  ASSERT_TRUE(relax.HasMember("result")) << app::writeJson(relax);
  EXPECT_EQ(count(relax["result"]["board"], "number"), 17);
  EXPECT_GE(count(relax["result"]["board"], "candidate"), 64);
  for (const rapidjson::Value& item : relax["result"]["board"]["items"].GetArray()) {
    if (item["kind"] != "candidate") continue;
    EXPECT_GT(item["value"].GetDouble(), 0.0);
    EXPECT_LE(item["value"].GetDouble(), 1.0);
  }

  // Not unique: both answers as the genre route gives them, each passing the checker.
  const rapidjson::Document twice = testing::call(
      R"({"type": "checkUniqueness", "genre": "sudoku", "size": 4, "puzzle": "1..............."})");
  ASSERT_TRUE(twice.HasMember("result")) << app::writeJson(twice);
  EXPECT_FALSE(twice["result"]["unique"].GetBool());
  EXPECT_TRUE(twice["result"]["answer"]["verified"].GetBool());
  EXPECT_TRUE(twice["result"]["secondAnswer"]["verified"].GetBool());
  EXPECT_NE(twice["result"]["answer"]["cells"], twice["result"]["secondAnswer"]["cells"]);

  // Enumeration: each answer, with its board when asked.
  const rapidjson::Document all = testing::call(
      R"({"type": "enumerate", "genre": "sudoku", "size": 4, "limit": 3, "boards": true, "puzzle": "1..............."})");
  ASSERT_TRUE(all.HasMember("result")) << app::writeJson(all);
  ASSERT_EQ(all["result"]["answers"].Size(), 3u);
  for (rapidjson::SizeType i = 0; i < 3; ++i) {
    const rapidjson::Value& one = all["result"]["answers"][i];
    EXPECT_TRUE(one["verified"].GetBool());
    EXPECT_EQ(count(one["board"], "number"), 16);
    std::string cells;
    for (const rapidjson::Value& d : one["cells"].GetArray()) cells += char('0' + d.GetInt());
    EXPECT_EQ(cells, all["result"]["solutions"][i].GetString());
  }

  // Generation in boxes of 3 rows × 2 columns: the board's walls follow them.
  const rapidjson::Document made = testing::call(
      R"({"type": "generate", "genre": "sudoku", "size": 6, "boxHeight": 3, "seed": 3})");
  ASSERT_TRUE(made.HasMember("result")) << app::writeJson(made);
  EXPECT_TRUE(made["result"]["answer"]["verified"].GetBool());
  std::set<int> wall_columns;
  for (const rapidjson::Value& item : made["result"]["board"]["items"].GetArray()) {
    if (item["kind"] == "wall" && item["row"].GetInt() % 2 == 1) {
      wall_columns.insert(item["column"].GetInt());
    }
  }
  EXPECT_EQ(wall_columns, (std::set<int>{4, 8}));  // after columns 2 and 4
  EXPECT_EQ(testing::call(R"({"type": "parse", "genre": "sudoku", "text": ")" + puzzle +
                          R"("})")["result"]["genre"],
            "sudoku");
  EXPECT_EQ(
      puzzles::fieldRefused(R"({"type": "solve", "genre": "sudoku", "board": 1, "puzzle": ")" +
                            puzzle + R"("})"),
      "board");
}

TEST(VocabularyTest, RegistryMatchesTheVocabularysGenres) {
  const auto genres = puzzles::allGenres();
  ASSERT_EQ(genres.size(), vocabulary::kGenres.size());
  for (std::size_t i = 0; i < genres.size(); ++i) {
    EXPECT_EQ(genres[i]->id(), vocabulary::kGenres[i].id) << i;
    EXPECT_EQ(genres[i]->title(), vocabulary::kGenres[i].title) << i;
  }
}

// Every status, method, Sudoku model and error code the engine writes is the
// vocabulary's word for it, and the vocabulary has no word the engine lacks.
TEST(VocabularyTest, EngineWordsAreTheVocabularys) {
  EXPECT_EQ(milp::toString(milp::SolveStatus::kTimeLimit), "time_limit");
  EXPECT_EQ(milp::toString(milp::Method::kBranchAndBound), "branch-and-bound");
  EXPECT_EQ(std::string(toString(ErrorCode::kAmbiguousSize)), "ambiguous_size");
  EXPECT_EQ(std::string(sudoku::toString(sudoku::ModelKind::kProbed)), "probed");
  for (std::string_view model : vocabulary::kSudokuModels) {
    EXPECT_EQ(sudoku::toString(sudoku::modelKindFromString(std::string(model))), model);
  }
  EXPECT_EQ(app::kProtocolVersion, vocabulary::kProtocolVersion);
}

}  // namespace
}  // namespace gridmilp

namespace gridmilp::puzzles {
namespace {

// An integral LP relaxation keeps the model's rows, not the rules left to cuts: the page's
// own Heyawake example relaxes to an integral point whose unshaded cells are in two
// pieces, and says so through the rule checker instead of calling it the answer.
TEST(GenreRelaxTest, AnIntegralPointIsJudgedByTheRuleChecker) {
  const std::string heyawake =
      "=== own_6x6_seed12\\n6 6\\n- - 2 - - -\\n- - - - - -\\n- - - 0 - -\\n- - - - - -\\n"
      "2 - - - - -\\n- - - - - 1\\na a a b b c\\na a a d d c\\na a a e e c\\nf f g h h c\\n"
      "i i i h h c\\nj j j h h c\\n";
  const rapidjson::Document r =
      testing::call(R"({"type": "relax", "genre": "heyawake", "puzzle": ")" + heyawake + R"("})");
  ASSERT_TRUE(r.HasMember("result")) << app::writeJson(r);
  ASSERT_TRUE(r["result"]["integral"].GetBool()) << app::writeJson(r);
  ASSERT_TRUE(r["result"].HasMember("answer"));
  EXPECT_FALSE(r["result"]["answer"]["verified"].GetBool());
  EXPECT_NE(std::string(r["result"]["answer"]["brokenRule"].GetString()).find("unshaded cells"),
            std::string::npos);

  // A fractional point has no answer to judge.
  const rapidjson::Document star = testing::call(
      R"({"type": "relax", "genre": "star-battle", "puzzle": "4 4 1\n1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 4\n"})");
  ASSERT_TRUE(star.HasMember("result")) << app::writeJson(star);
  EXPECT_EQ(std::string(star["result"]["status"].GetString()), "optimal");
  EXPECT_FALSE(star["result"]["integral"].GetBool());
  EXPECT_FALSE(star["result"].HasMember("answer"));

  // Each relaxed shade names its variable, for the page to say: a star, a shaded cell.
  const auto relaxedTexts = [](const rapidjson::Value& board) {
    std::set<std::string> texts;
    for (const rapidjson::Value& item : board["items"].GetArray()) {
      if (item.HasMember("style") && std::string(item["style"].GetString()) == "relaxed") {
        texts.insert(item.HasMember("text") ? item["text"].GetString() : "");
      }
    }
    return texts;
  };
  EXPECT_EQ(relaxedTexts(star["result"]["board"]), std::set<std::string>{"star"});
  EXPECT_EQ(relaxedTexts(r["result"]["board"]), std::set<std::string>{"shaded"});
}

}  // namespace
}  // namespace gridmilp::puzzles
