// Slitherlink: both models, the rule checker, the loop cuts, and every record.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <chrono>
#include <ctime>
#include <map>

#include "pencil_test.h"
#include "puzzles/slitherlink/edges.h"

namespace gridmilp::puzzles {
namespace {

using testing::parseOne;
using testing::satOptions;

// A 4×4 of our own: the loop encloses (0,0), (0,1), (1,0), (1,1), (1,2), (2,1), (2,2),
// (3,2); these clues keep one answer.
const char* kOwnSlitherlink = "=== own_4x4\n4 4\n2 2 - 0\n- 0 2 -\n2 - - 1\n0 - 3 -\n";
const std::vector<int> kOwnInside = {1, 1, 0, 0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0, 1, 0};

/// An answer from its inside cells: the edges are the loop around them.
Answer fromCells(const RectGrid& grid, const std::vector<int>& cells) {
  return Answer{grid, cells, slitherlink::boundaryOf(slitherlink::EdgeGrid{grid}, cells)};
}

/// The values of every variable of either model for an answer (edges, grid points on the
/// loop, inside cells), by the variables' names.
std::vector<double> slitherlinkValues(const Built& built, const Answer& answer) {
  const milp::Model& m = built.model;
  const slitherlink::EdgeGrid eg{answer.grid};
  const RectGrid& g = answer.grid;
  std::vector<double> values(m.numVars(), 0.0);
  const auto set = [&](const std::string& name, double value) {
    const std::optional<milp::Var> var = m.findVar(name);
    if (var) values[var->index] = value;
  };
  const auto pair = [](int a, int b) {
    return "[" + std::to_string(a) + "," + std::to_string(b) + "]";
  };
  for (int i = 0; i <= g.rows; ++i) {
    for (int j = 0; j < g.columns; ++j) set("h" + pair(i, j + 1), answer.edges[eg.hEdge(i, j)]);
  }
  for (int i = 0; i < g.rows; ++i) {
    for (int j = 0; j <= g.columns; ++j) set("v" + pair(i + 1, j), answer.edges[eg.vEdge(i, j)]);
  }
  for (int q = 0; q < eg.points(); ++q) {
    int degree = 0;
    for (int e : eg.edgesAt(q)) degree += answer.edges[e];
    set("y" + pair(eg.pointRow(q), eg.pointColumn(q)), degree / 2);
  }
  for (int cell = 0; cell < g.cells(); ++cell) {
    set("x" + pair(g.rowOf(cell) + 1, g.columnOf(cell) + 1), answer.cells[cell]);
  }
  return values;
}

/// What solving a set found (SetRun of pencil_test.h, with times).
struct Timed {
  int records = 0;
  int withSolution = 0;
  int notUnique = 0;
  int rounds = 0;
  int cuts = 0;
  int maxRounds = 0;
  double totalMs = 0;  ///< wall clock, building and solving
  double maxMs = 0;
  double cpuMs = 0;  ///< processor time, all records
  double maxCpuMs = 0;
  std::string slowestCpu;
  std::string slowest;
};

/// Solves every record of a sw_*-layout set with `model`, checks each answer with the rule
/// checker, and, for a record with a solution, checks the solution against the checker,
/// the answer and the final model's rows (cut validity). Solutions are matched by name
/// (sw_Slitherlink lacks 14) and read from the first R lines of their record: two records
/// of sw_Slitherlink.solutions.txt carry stray lines after their block ("[solution]" and
/// the block again; "unit 27").
Timed solveSlitherlinkSet(const std::string& puzzles_path, const std::string& solutions_path,
                          const std::string& model) {
  const Genre& g = genreById("slitherlink");
  auto puzzles = g.parse(testing::readFile(puzzles_path), 0);
  // A spread sample unless GRIDMILP_ALL_RECORDS=1 (npm run test:slow), as pencil_test.h.
  if (!testing::allRecords() && puzzles.size() > testing::kSample) {
    std::vector<std::unique_ptr<Puzzle>> sample;
    for (std::size_t k = 0; k < testing::kSample; ++k) {
      sample.push_back(std::move(puzzles[k * puzzles.size() / testing::kSample]));
    }
    puzzles = std::move(sample);
  }
  std::map<std::string, Record> solutions;
  for (Record& record : parseRecords(testing::readFile(solutions_path))) {
    solutions.emplace(record.name, std::move(record));
  }
  Timed run;
  for (const auto& puzzle : puzzles) {
    const Puzzle& p = *puzzle;
    std::optional<Answer> given;
    if (const auto found = solutions.find(p.name); found != solutions.end()) {
      const Record& s = found->second;
      std::vector<int> cells;
      EXPECT_GE(static_cast<int>(s.lines.size()), p.grid.rows) << p.name;
      for (int r = 0; r < p.grid.rows && r < static_cast<int>(s.lines.size()); ++r) {
        EXPECT_EQ(static_cast<int>(s.lines[r].tokens.size()), p.grid.columns) << p.name;
        for (const Token& t : s.lines[r].tokens) cells.push_back(t.text == "x" ? 1 : 0);
      }
      if (static_cast<int>(cells.size()) != p.grid.cells()) continue;
      given = fromCells(p.grid, cells);
      ++run.withSolution;
      const std::optional<std::string> broken = g.verify(p, *given);
      EXPECT_FALSE(broken.has_value()) << p.name << ": the given solution fails: " << *broken;
    }
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    GenreSolver solver(g, p, {model});
    const CutSearch search = solver.solve(satOptions());
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    const double cpu_ms = 1000.0 * static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    run.cpuMs += cpu_ms;
    if (cpu_ms > run.maxCpuMs) {
      run.maxCpuMs = cpu_ms;
      run.slowestCpu = p.name;
    }
    ++run.records;
    run.totalMs += ms;
    if (ms > run.maxMs) {
      run.maxMs = ms;
      run.slowest = p.name;
    }
    run.rounds += search.rounds;
    run.cuts += search.cuts;
    run.maxRounds = std::max(run.maxRounds, search.rounds);
    if (!search.result.hasSolution) {
      ADD_FAILURE() << p.name << ": no answer (" << milp::toString(search.result.status) << ")";
      continue;
    }
    const Answer& mine = solver.answer();
    const std::optional<std::string> broken = g.verify(p, mine);
    EXPECT_FALSE(broken.has_value()) << p.name << ": " << *broken;
    if (!given) continue;
    EXPECT_EQ(
        testing::firstBrokenRow(solver.built().model, slitherlinkValues(solver.built(), *given)),
        "")
        << p.name << ": the known solution breaks this row";
    if (mine.cells != given->cells) {
      ++run.notUnique;
      EXPECT_EQ(checkUniqueness(g, p, {model}, satOptions()).unique, std::optional<bool>(false))
          << p.name << ": a unique puzzle answered otherwise";
    }
  }
  std::printf(
      "[ slitherlink ] %d records of %s (%d with a solution) solved and checked (model %s); %d "
      "not unique; wall %.0f ms in all, max %.0f ms (%s); processor %.0f ms in all, max %.0f ms "
      "(%s); cut rounds %d (max %d), cuts %d\n",
      run.records, puzzles_path.c_str(), run.withSolution, model.c_str(), run.notUnique,
      run.totalMs, run.maxMs, run.slowest.c_str(), run.cpuMs, run.maxCpuMs, run.slowestCpu.c_str(),
      run.rounds, run.maxRounds, run.cuts);
  return run;
}

TEST(SlitherlinkTest, SolvesAndTheCheckerAgrees) {
  const auto p = parseOne("slitherlink", kOwnSlitherlink);
  const Genre& g = genreById("slitherlink");
  for (std::string_view model : g.models()) {
    const GenreUniqueness u = checkUniqueness(g, *p, {std::string(model)}, satOptions());
    ASSERT_TRUE(u.answer.has_value()) << model;
    EXPECT_FALSE(g.verify(*p, *u.answer).has_value()) << *g.verify(*p, *u.answer);
    EXPECT_EQ(u.unique, std::optional<bool>(true)) << model;
    EXPECT_EQ(u.answer->cells, kOwnInside) << model;
    EXPECT_EQ(*u.answer, fromCells(p->grid, kOwnInside)) << model;
    EXPECT_EQ(g.formatAnswer(*p, *u.answer),
              "=== own_4x4\n4 4\nx x - -\nx x x -\n- x x -\n- - x -\n");
  }
  EXPECT_EQ(g.formatPuzzle(*p), kOwnSlitherlink);
  // The board: a dot at each of the 25 grid points, 9 clues, 14 loop edges.
  const Answer answer = fromCells(p->grid, kOwnInside);
  const Board board = g.board(*p, &answer);
  int dots = 0, numbers = 0, lines = 0;
  for (const BoardItem& item : board.items) {
    dots += item.kind == ItemKind::kDot;
    numbers += item.kind == ItemKind::kNumber;
    lines += item.kind == ItemKind::kLine;
  }
  EXPECT_EQ(dots, 25);
  EXPECT_EQ(numbers, 9);
  EXPECT_EQ(lines, 14);
}

TEST(SlitherlinkTest, CheckerNamesTheBrokenRule) {
  const auto p = parseOne("slitherlink", kOwnSlitherlink);
  const Genre& g = genreById("slitherlink");
  const slitherlink::EdgeGrid eg{p->grid};
  const Answer right = fromCells(p->grid, kOwnInside);
  ASSERT_FALSE(g.verify(*p, right).has_value()) << *g.verify(*p, right);
  // The top side of (0,0) left out: the loop ends at both its corners.
  Answer ends = right;
  ends.edges[eg.hEdge(0, 0)] = 0;
  EXPECT_EQ(g.verify(*p, ends).value_or(""),
            "the loop ends at the top-left corner of row 1, column 1");
  // An edge from the loop's corner (0, 2) up to nothing: it branches there first.
  Answer branch = right;
  branch.edges[eg.hEdge(0, 2)] = 1;
  EXPECT_EQ(g.verify(*p, branch).value_or(""),
            "the loop branches at the top-left corner of row 1, column 3");
  // A loop around the 2×2 block at the top left: (1,1) shows 2 sides, not its 0.
  const Answer square = fromCells(p->grid, {1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(g.verify(*p, square).value_or(""),
            "row 2, column 2 has 2 of its sides on the loop, not 0");
  // Without clues: two loops, a crossing, no loop, cells that disagree.
  const auto bare = parseOne("slitherlink", "2 3\n- - -\n- - -\n");
  const Answer two = fromCells(bare->grid, {1, 0, 1, 0, 0, 0});
  EXPECT_EQ(g.verify(*bare, two).value_or(""),
            "the loop falls into 2 separate loops (one through the top-left corner of row 1, "
            "column 3)");
  const Answer crossing = fromCells(bare->grid, {1, 0, 0, 0, 1, 0});
  EXPECT_EQ(g.verify(*bare, crossing).value_or(""),
            "the loop crosses itself at the top-left corner of row 2, column 2");
  const Answer none = fromCells(bare->grid, {0, 0, 0, 0, 0, 0});
  EXPECT_EQ(g.verify(*bare, none).value_or(""), "there is no loop");
  Answer disagree = fromCells(bare->grid, {1, 1, 0, 0, 0, 0});
  disagree.cells[1] = 0;
  EXPECT_EQ(g.verify(*bare, disagree).value_or(""),
            "row 1, column 2 is marked outside but lies inside the loop");
  Answer short_edges = disagree;
  short_edges.edges.pop_back();
  EXPECT_NE(g.verify(*bare, short_edges).value_or("").find("edges"), std::string::npos);
}

TEST(SlitherlinkTest, LoopCutsCutOffTwoLoopsAndKeepTheAnswer) {
  // "- 2 -": one loop around all three cells, or two loops around the outer two obey
  // the clue; the cuts leave only the first.
  const auto p = parseOne("slitherlink", "1 3\n- 2 -\n");
  const Genre& g = genreById("slitherlink");
  const Answer answer = fromCells(p->grid, {1, 1, 1});
  ASSERT_FALSE(g.verify(*p, answer).has_value());
  const Answer two = fromCells(p->grid, {1, 0, 1});
  for (const char* model : {"textbook", "cells"}) {
    const auto built = g.build(*p, {model});
    const std::vector<double> values = slitherlinkValues(*built, two);
    ASSERT_EQ(testing::firstBrokenRow(built->model, values), "") << model;
    for (int j = 0; j < built->model.numVars(); ++j) {
      built->model.fix(milp::Var{j, &built->model}, values[j]);
    }
    ASSERT_TRUE(built->model.solve(satOptions()).hasSolution) << model;
    const std::vector<Cut> cuts = g.separate(*p, *built);
    // One cut per loop (per inside piece, and none for the one outside area).
    ASSERT_EQ(cuts.size(), 2U) << model;
    for (const Cut& cut : cuts) {
      built->model.addConstraint(cut.row, cut.name);
      EXPECT_FALSE(cut.why.empty());
    }
    // The cells the first cut involves: those its loop encloses (textbook), or those
    // around the first inside piece (cells).
    EXPECT_EQ(cuts[0].cells, (std::vector<int>{std::string(model) == "textbook" ? 0 : 1}))
        << model << ": " << cuts[0].why;
    EXPECT_EQ(testing::firstBrokenRow(built->model, slitherlinkValues(*built, answer)), "")
        << model;
    EXPECT_NE(testing::firstBrokenRow(built->model, values), "") << model;
    EXPECT_FALSE(built->model.solve(satOptions()).hasSolution) << model;
  }
  for (const char* model : {"textbook", "cells"}) {
    GenreSolver solver(g, *p, {model});
    ASSERT_TRUE(solver.solve(satOptions()).result.hasSolution) << model;
    EXPECT_EQ(solver.answer(), answer) << model;
  }
}

TEST(SlitherlinkTest, LoopCutsCutOffANestedLoop) {
  // Without clues, a loop around the whole 3×3 with another around its centre obeys
  // every row: the edge model cuts the inner loop only (the outer one encloses it), the
  // cell model the hole and the outside along the border.
  const auto p = parseOne("slitherlink", "3 3\n- - -\n- - -\n- - -\n");
  const Genre& g = genreById("slitherlink");
  const Answer around = fromCells(p->grid, {1, 1, 1, 1, 1, 1, 1, 1, 1});
  const Answer nested = fromCells(p->grid, {1, 1, 1, 1, 0, 1, 1, 1, 1});
  for (const char* model : {"textbook", "cells"}) {
    const auto built = g.build(*p, {model});
    const std::vector<double> values = slitherlinkValues(*built, nested);
    ASSERT_EQ(testing::firstBrokenRow(built->model, values), "") << model;
    for (int j = 0; j < built->model.numVars(); ++j) {
      built->model.fix(milp::Var{j, &built->model}, values[j]);
    }
    ASSERT_TRUE(built->model.solve(satOptions()).hasSolution) << model;
    const std::vector<Cut> cuts = g.separate(*p, *built);
    const bool edges = std::string(model) == "textbook";
    ASSERT_EQ(cuts.size(), edges ? 1U : 2U) << model;
    if (edges) {
      EXPECT_EQ(cuts[0].why,
                "the loop of 4 edges through the top-left corner of row 2, column 2 is closed: "
                "one of the 8 edges leaving it must be on the loop");
      EXPECT_EQ(cuts[0].cells, (std::vector<int>{4}));
    } else {
      EXPECT_EQ(cuts[0].why,
                "the outside cells along the border are cut off from the others: one of the 8 "
                "inside cells around them must be outside");
      EXPECT_EQ(cuts[1].why,
                "the 1 outside cell from row 2, column 2 is walled in: one of the 4 inside "
                "cells around it must be outside");
      EXPECT_EQ(cuts[1].cells, (std::vector<int>{1, 3, 5, 7}));
    }
    for (const Cut& cut : cuts) built->model.addConstraint(cut.row, cut.name);
    EXPECT_EQ(testing::firstBrokenRow(built->model, slitherlinkValues(*built, around)), "")
        << model;
    EXPECT_NE(testing::firstBrokenRow(built->model, values), "") << model;
  }
}

TEST(SlitherlinkTest, RefusesBadText) {
  const Genre& g = genreById("slitherlink");
  const auto message = [&](const char* text) {
    try {
      g.parse(text, 0);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message("2 2\n1 a\n2 -\n").find("line 2, column 3"), std::string::npos)
      << message("2 2\n1 a\n2 -\n");
  EXPECT_NE(message("2 2\n1 2 3\n- -\n").find("line 2"), std::string::npos)
      << message("2 2\n1 2 3\n- -\n");
  EXPECT_NE(message("2 2\n4 -\n- -\n").find("a clue 4 is out of range (0 to 3)"), std::string::npos)
      << message("2 2\n4 -\n- -\n");
  EXPECT_NE(message("2 2 1\n1 -\n- -\n").find("without a third number"), std::string::npos)
      << message("2 2 1\n1 -\n- -\n");
  EXPECT_THROW(g.parse("2 2\n1 2\n", 0), InputError);
}

TEST(SlitherlinkTest, FormulationNamesItsRules) {
  const auto p = parseOne("slitherlink", kOwnSlitherlink);
  const Genre& g = genreById("slitherlink");
  const auto ids = [&](const char* model) {
    const auto built = g.build(*p, {model});
    const Formulation f = g.formulation(*p, *built);
    std::vector<std::string> out;
    for (const ConstraintGroup& group : f.groups) {
      out.push_back(group.id + ":" + std::to_string(group.rows.size()));
    }
    return out;
  };
  // 25 grid points, 9 clues, one row saying there is a loop, no cut yet.
  EXPECT_EQ(ids("textbook"),
            (std::vector<std::string>{"degree:25", "clue:9", "loop_exists:1", "subtour:0"}));
  // 20 horizontal and 20 vertical edges, 4 rows each inside and 1 on the border; the
  // four 2s 8 rows each and the other five clues 1; 9 inner points, 2 rows each.
  EXPECT_EQ(ids("cells"), (std::vector<std::string>{"hside:56", "vside:56", "clue:37",
                                                    "no_cross:18", "loop_exists:1", "connect:0"}));
  EXPECT_THROW(g.build(*p, {"reduced"}), InputError);
  EXPECT_EQ(g.models(), (std::vector<std::string_view>{"cells", "textbook"}));
}

TEST(SlitherlinkTest, RelaxationDrawsEdges) {
  const auto p = parseOne("slitherlink", kOwnSlitherlink);
  const Genre& g = genreById("slitherlink");
  GenreSolver solver(g, *p, {"textbook"});
  std::vector<double> values;
  ASSERT_TRUE(solver.relax({}, &values).hasSolution);
  Board board = g.board(*p, nullptr);
  g.drawRelaxation(*p, solver.built(), values, &board);
  int relaxed = 0;
  for (const BoardItem& item : board.items) {
    if (item.kind == ItemKind::kLine) {
      EXPECT_EQ(item.style, "relaxed");
      EXPECT_GT(item.value, 0);
      EXPECT_LE(item.value, 1);
      ++relaxed;
    }
  }
  EXPECT_GT(relaxed, 0);
}

TEST(SlitherlinkTest, OwnRecords) {
  const std::string base = std::string(GRIDMILP_TEST_DATA_DIR) + "/puzzles/slitherlink";
  for (std::string_view model : genreById("slitherlink").models()) {
    const Timed run =
        solveSlitherlinkSet(base + ".puzzles.txt", base + ".solutions.txt", std::string(model));
    EXPECT_GE(run.records, 10);
    EXPECT_EQ(run.withSolution, run.records);
    EXPECT_EQ(run.notUnique, 0);
  }
}

TEST(SlitherlinkTest, EverySharedRecord) {
  if (!testing::hasSharedSet("slitherlink", "sw_Slitherlink")) {
    GTEST_SKIP() << "shared data not present";
  }
  const std::string base =
      gridmilp::testing::sharedDataDir() + "/puzzles/slitherlink/sw_Slitherlink";
  const Timed run = solveSlitherlinkSet(base + ".puzzles.txt", base + ".solutions.txt",
                                        std::string(genreById("slitherlink").models().front()));
  EXPECT_EQ(run.records, testing::allRecords() ? 588 : static_cast<int>(testing::kSample));
  if (testing::allRecords()) EXPECT_EQ(run.withSolution, 574);
}

}  // namespace
}  // namespace gridmilp::puzzles
