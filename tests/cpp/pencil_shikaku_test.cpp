// Shikaku: the model, the rule checker, and every record.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <chrono>
#include <functional>
#include <map>
#include <memory>

#include "pencil_test.h"
#include "puzzles/shikaku/shikaku.h"

namespace gridmilp::puzzles {
namespace {

using testing::parseOne;
using testing::satOptions;

/// Reads a sw_Shikaku solutions file as the genre's answers: the file gives each
/// rectangle an id, the genre the 1-based index of its clue (clues counted row by row).
/// The token reader of solveDataSet sees one token at a time, so the ids are mapped
/// beforehand, record by record, in the order solveDataSet reads them (each puzzle's
/// record of the same name); each call checks its token and returns the next value.
struct ShikakuReader {
  testing::SolutionToken token;
  std::function<void(const std::string&)> start;  ///< solveDataSet's on_solution
};
ShikakuReader shikakuTokens(const std::string& puzzles_path, const std::string& solutions_path) {
  struct Cell {
    std::string token;
    int clue;
  };
  auto cells = std::make_shared<std::vector<Cell>>();
  auto offsets = std::make_shared<std::map<std::string, std::size_t>>();
  const std::vector<Record> puzzles = parseRecords(testing::readFile(puzzles_path));
  const std::vector<Record> solutions = parseRecords(testing::readFile(solutions_path));
  std::size_t s = 0;
  for (const Record& puzzle : puzzles) {
    while (s < solutions.size() && solutions[s].name != puzzle.name) ++s;
    if (s == solutions.size()) break;
    offsets->emplace(puzzle.name, cells->size());
    const std::vector<const Token*> clues = recordBlock(puzzle, 0, 1);
    const std::vector<const Token*> ids = recordBlock(solutions[s], 0, 1);
    std::map<std::string, int> clue_of_id;
    int k = 0;
    for (std::size_t cell = 0; cell < clues.size(); ++cell) {
      if (clues[cell]->text != "-") clue_of_id[ids[cell]->text] = ++k;
    }
    for (const Token* id : ids) {
      const auto it = clue_of_id.find(id->text);
      cells->push_back({id->text, it == clue_of_id.end() ? 0 : it->second});
    }
    ++s;
  }
  auto next = std::make_shared<std::size_t>(0);
  ShikakuReader reader;
  reader.start = [offsets, next](const std::string& name) { *next = offsets->at(name); };
  reader.token = [cells, next](const std::string& token) {
    if (*next >= cells->size()) throw std::runtime_error("more solution tokens than mapped");
    const Cell& cell = (*cells)[(*next)++];
    if (cell.token != token) throw std::runtime_error("solution tokens read out of order");
    return cell.clue;
  };
  return reader;
}

/// A copy of a sw_* file (in the temporary folder) in which each record keeps only the
/// R lines after its size line: record 30_20x25 of sw_Shikaku.solutions.txt carries a
/// stray line "unit 27" after its rows, which the record reader rightly refuses.
std::string withoutStrayLines(const std::string& path, const std::string& stem) {
  std::istringstream in(testing::readFile(path));
  std::string out, line;
  int left = -1;  // rows still to keep; -1 before the size line
  while (std::getline(in, line)) {
    if (line.rfind("===", 0) == 0) {
      left = -1;
    } else if (line.find_first_not_of(" \t\r") == std::string::npos) {
      continue;
    } else if (left < 0) {
      left = std::stoi(line);
    } else if (left-- == 0) {
      ++left;
      continue;
    }
    out += line + "\n";
  }
  const std::string copy = (std::filesystem::temp_directory_path() / stem).string();
  std::ofstream(copy, std::ios::binary) << out;
  return copy;
}

// A 5-clue 4×4 of our own. The answer: 1 1 2 2 / 1 1 2 2 / 3 3 3 5 / 4 4 4 5 (clue indices).
const char* kOwnShikaku = "=== own_4x4\n4 4\n- - - -\n- 4 - 4\n- - 3 -\n3 - - 2\n";
const std::vector<int> kOwnAnswer = {1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 3, 5, 4, 4, 4, 5};

TEST(ShikakuTest, SolvesAndTheCheckerAgrees) {
  const auto p = parseOne("shikaku", kOwnShikaku);
  const Genre& g = genreById("shikaku");
  const GenreUniqueness u = checkUniqueness(g, *p, {"textbook"}, satOptions());
  ASSERT_TRUE(u.answer.has_value());
  EXPECT_FALSE(g.verify(*p, *u.answer).has_value()) << *g.verify(*p, *u.answer);
  EXPECT_EQ(u.unique, std::optional<bool>(true));
  EXPECT_EQ(u.answer->cells, kOwnAnswer);
  // Ids numbered as janko numbers them: first appearance, column by column.
  EXPECT_EQ(g.formatAnswer(*p, *u.answer),
            "=== own_4x4\n4 4\n1 1 4 4\n1 1 4 4\n2 2 2 5\n3 3 3 5\n");
  EXPECT_EQ(g.formatPuzzle(*p), kOwnShikaku);
  // The board: five clues, and walls between the rectangles.
  const Board board = g.board(*p, &*u.answer);
  int numbers = 0, walls = 0;
  for (const BoardItem& item : board.items) {
    numbers += item.kind == ItemKind::kNumber;
    walls += item.kind == ItemKind::kWall;
  }
  EXPECT_EQ(numbers, 5);
  EXPECT_EQ(walls, 11);
}

// The LP relaxation on the board: each cell shaded by its largest clue share, and walls
// between settled cells of different clues. The own 4×4's relaxation is integral (each
// cell's share is 1), so its walls are the answer's.
TEST(ShikakuTest, RelaxationDrawsTheRectanglesItHasSettled) {
  const auto p = parseOne("shikaku", kOwnShikaku);
  const Genre& g = genreById("shikaku");
  GenreSolver solver(g, *p, {"textbook"});
  std::vector<double> values;
  ASSERT_TRUE(solver.relax({}, &values).hasSolution);
  Board relaxed = g.board(*p, nullptr);
  g.drawRelaxation(*p, solver.built(), values, &relaxed);
  int shades = 0, settled = 0;
  std::vector<Point> walls;
  for (const BoardItem& item : relaxed.items) {
    shades += item.kind == ItemKind::kShade;
    settled += item.kind == ItemKind::kShade && item.value >= 1 - 1e-6;
    // Each shade names what its depth is, for the page to say: a rectangle's share.
    if (item.kind == ItemKind::kShade) EXPECT_EQ(item.text, "rectangle");
    if (item.kind == ItemKind::kWall) walls.push_back(item.at);
  }
  EXPECT_EQ(shades, 16);
  ASSERT_EQ(settled, 16) << "the relaxation of this 4×4 is integral";
  const Answer answer{p->grid, kOwnAnswer, {}};
  std::vector<Point> answer_walls;
  for (const BoardItem& item : g.board(*p, &answer).items) {
    if (item.kind == ItemKind::kWall) answer_walls.push_back(item.at);
  }
  EXPECT_EQ(walls, answer_walls);
  // A relaxation that has settled nothing draws no wall.
  Board nothing = g.board(*p, nullptr);
  g.drawRelaxation(*p, solver.built(), std::vector<double>(values.size(), 0.0), &nothing);
  for (const BoardItem& item : nothing.items) EXPECT_NE(item.kind, ItemKind::kWall);
}

TEST(ShikakuTest, CheckerNamesTheBrokenRule) {
  const auto p = parseOne("shikaku", kOwnShikaku);
  const Genre& g = genreById("shikaku");
  const auto answer = [&](std::vector<int> cells) { return Answer{p->grid, std::move(cells), {}}; };
  EXPECT_FALSE(g.verify(*p, answer(kOwnAnswer)).has_value());
  std::vector<int> uncovered = kOwnAnswer;
  uncovered[5] = 0;
  EXPECT_EQ(g.verify(*p, answer(uncovered)).value_or(""),
            "row 2, column 2 lies in no clue's rectangle");
  // The rectangle of the 3 at row 3 reaches down over the 3 at row 4.
  std::vector<int> two_clues = {1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 3, 5, 3, 4, 4, 5};
  EXPECT_EQ(g.verify(*p, answer(two_clues)).value_or(""),
            "the rectangle of the 3 at row 3, column 3 holds the 3 at row 4, column 1 too: a "
            "rectangle holds one clue");
  std::vector<int> bent = kOwnAnswer;
  bent[14] = 5;  // the 2's cells bend round row 4, column 4
  EXPECT_EQ(g.verify(*p, answer(bent)).value_or(""),
            "the cells of the 2 at row 4, column 4 do not form a rectangle");
  // Rectangles all, but the 3 at row 3 takes the whole row and the 3 and the 2 below
  // share row 4.
  const std::vector<int> wrong_area = {1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5};
  EXPECT_EQ(g.verify(*p, answer(wrong_area)).value_or(""),
            "the rectangle of the 3 at row 3, column 3 has 4 cells");
  EXPECT_EQ(g.verify(*p, Answer{RectGrid{3, 4}, std::vector<int>(12, 1), {}}).value_or(""),
            "the answer is not 4×4");
}

TEST(ShikakuTest, AClueWithoutARectangleMakesTheModelInfeasible) {
  const Genre& g = genreById("shikaku");
  // No rectangle of area 3 fits a 2×2.
  const auto p = parseOne("shikaku", "2 2\n3 -\n- 1\n");
  GenreSolver solver(g, *p, {"textbook"});
  EXPECT_EQ(solver.solve(satOptions()).result.status, milp::SolveStatus::kInfeasible);
  // Areas that do not add up to the grid's leave a cell in no rectangle.
  const auto short_of_cells = parseOne("shikaku", "2 2\n2 -\n- 1\n");
  GenreSolver solver2(g, *short_of_cells, {"textbook"});
  EXPECT_EQ(solver2.solve(satOptions()).result.status, milp::SolveStatus::kInfeasible);
}

TEST(ShikakuTest, RefusesBadText) {
  const Genre& g = genreById("shikaku");
  const auto message = [&](const std::string& text) {
    try {
      g.parse(text, 0);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message("2 2\n4 a\n- -\n").find("line 2, column 3"), std::string::npos)
      << message("2 2\n4 a\n- -\n");
  EXPECT_NE(message("2 2\n5 -\n- -\n").find("5 is out of range (1 to 4)"), std::string::npos)
      << message("2 2\n5 -\n- -\n");
  EXPECT_NE(message("2 2\n0 -\n- -\n").find("out of range"), std::string::npos);
  try {
    g.parse("2 2\n4 - -\n- -\n", 0);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.code(), ErrorCode::kWrongLength) << e.what();
    EXPECT_NE(std::string(e.what()).find("line 2"), std::string::npos) << e.what();
  }
  EXPECT_NE(message("2 2 1\n4 -\n- -\n").find("without a third number"), std::string::npos)
      << message("2 2 1\n4 -\n- -\n");
}

TEST(ShikakuTest, FormulationNamesItsRules) {
  const auto p = parseOne("shikaku", kOwnShikaku);
  const Genre& g = genreById("shikaku");
  const auto built = g.build(*p, {"textbook"});
  const Formulation f = g.formulation(*p, *built);
  std::vector<std::string> ids;
  for (const ConstraintGroup& group : f.groups) ids.push_back(group.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"choose", "cover"}));
  EXPECT_EQ(f.groups[0].rows.size(), 5U);   // one per clue
  EXPECT_EQ(f.groups[1].rows.size(), 16U);  // one per cell
  EXPECT_THROW(g.build(*p, {"reduced"}), InputError);
  // The known answer obeys every row.
  EXPECT_EQ(
      testing::firstBrokenRow(built->model, shikakuValues(*built, Answer{p->grid, kOwnAnswer, {}})),
      "");
}

TEST(ShikakuTest, OwnRecords) {
  const std::string base = std::string(GRIDMILP_TEST_DATA_DIR) + "/puzzles/shikaku";
  const ShikakuReader reader = shikakuTokens(base + ".puzzles.txt", base + ".solutions.txt");
  testing::solveDataSet("shikaku", base + ".puzzles.txt", base + ".solutions.txt", reader.token, "",
                        shikakuValues, reader.start);
}

TEST(ShikakuTest, EverySharedRecord) {
  if (!testing::hasSharedSet("shikaku", "sw_Shikaku")) GTEST_SKIP() << "shared data not present";
  const std::string base = gridmilp::testing::sharedDataDir() + "/puzzles/shikaku/sw_Shikaku";
  const std::string solutions =
      withoutStrayLines(base + ".solutions.txt", "gridmilp_sw_Shikaku.solutions.txt");
  const auto start = std::chrono::steady_clock::now();
  const ShikakuReader reader = shikakuTokens(base + ".puzzles.txt", solutions);
  const testing::SetRun run = testing::solveDataSet("shikaku", base + ".puzzles.txt", solutions,
                                                    reader.token, "", shikakuValues, reader.start);
  std::printf(
      "[ shikaku ] %d records in %.0f ms\n", run.records,
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  EXPECT_EQ(run.records, testing::allRecords() ? 250 : static_cast<int>(testing::kSample));
}

}  // namespace
}  // namespace gridmilp::puzzles
