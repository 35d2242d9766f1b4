// The native CLI as a user runs it: output, standard error and exit codes.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "app/json.h"
#include "test_data.h"

namespace {

struct CliRun {
  int exit_code;
  std::string out;  // standard output only
};

/// Runs the CLI through the shell with the given arguments (and optional standard
/// input text), standard error to /dev/null unless `stderr_to_stdout`.
CliRun runCli(const std::string& args, const std::string& input = "",
              bool stderr_to_stdout = false) {
  std::string command;
  std::string input_path;
  if (!input.empty()) {
    // One file per process: ctest -j runs each test in its own process, at once.
    input_path = ::testing::TempDir() + "gridmilp_cli_input." + std::to_string(getpid()) + ".txt";
    std::ofstream(input_path, std::ios::binary) << input;
    command = "'" GRIDMILP_CLI "' " + args + " < '" + input_path + "'";
  } else {
    command = "'" GRIDMILP_CLI "' " + args + " < /dev/null";
  }
  command += stderr_to_stdout ? " 2>&1" : " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  CliRun run{-1, {}};
  if (pipe == nullptr) return run;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe) != nullptr) run.out += buffer.data();
  const int status = pclose(pipe);
  if (!input_path.empty()) std::remove(input_path.c_str());
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

/// The path of the set to use for the shared Sudoku set `name`, quoted for the shell.
std::string dataArg(const std::string& name) {
  return "'" + gridmilp::testing::dataPath(name) + "'";
}

const std::string kGrid01 =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

TEST(CliTest, Euler96SumIs24702) {
  if (!gridmilp::testing::hasSharedData("p096_sudoku.txt")) {
    GTEST_SKIP() << "p096_sudoku.txt absent: Project Euler's answer not checked";
  }
  const CliRun run = runCli("solve " + dataArg("p096_sudoku.txt") + " --euler96");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, "24702\n");
}

TEST(CliTest, BenchTimesEveryPuzzleAfterAWarmUpInEitherOrder) {
  for (const char* warm_up : {"0", "50"}) {
    const CliRun run = runCli("bench " + dataArg("p096_sudoku.txt") + " --repeat 1 --warm-up-ms " +
                              warm_up + " --model reduced --method sat");
    ASSERT_EQ(run.exit_code, 0) << warm_up;
    const rapidjson::Document out = gridmilp::app::parseJson(run.out, "The bench output");
    EXPECT_EQ(out["puzzles"].GetInt(), 50);
    EXPECT_TRUE(out["verified"].GetBool());
    ASSERT_EQ(out["timesUs"].Size(), 50u);
    for (const auto& us : out["timesUs"].GetArray()) EXPECT_GT(us.GetDouble(), 0.0);
    EXPECT_GT(out["firstSolveUs"].GetDouble(), 0.0);
  }
  // Two solves per puzzle, in passes over the file (the default) and back to back.
  for (const char* order : {"", " --back-to-back"}) {
    const CliRun run = runCli("bench " + dataArg("p096_sudoku.txt") + " --repeat 2" + order);
    ASSERT_EQ(run.exit_code, 0) << order;
    const rapidjson::Document out = gridmilp::app::parseJson(run.out, "The bench output");
    EXPECT_TRUE(out["verified"].GetBool()) << order;
    ASSERT_EQ(out["timesUs"].Size(), 50u) << order;
    for (const auto& status : out["statuses"].GetArray())
      EXPECT_STREQ(status.GetString(), "optimal");
  }
  const CliRun bad = runCli("bench " + dataArg("p096_sudoku.txt") + " --warm-up-ms soon");
  EXPECT_EQ(bad.exit_code, 2);
}

TEST(CliTest, OneSolutionLinePerPuzzleInInputOrder) {
  const CliRun run = runCli("solve " + dataArg("top95.txt"));
  EXPECT_EQ(run.exit_code, 0);
  int lines = 0;
  for (char c : run.out) lines += c == '\n';
  EXPECT_EQ(lines, 95);
  EXPECT_EQ(run.out.find('\n'), 81u);
}

TEST(CliTest, JobsGiveTheSameOutputInInputOrder) {
  // Worker processes answer in any order; the CLI prints in input order, the same lines
  // as one process (--json too, but for the times).
  const CliRun one = runCli("solve --jobs 1 " + dataArg("top95.txt"));
  const CliRun three = runCli("solve --jobs 3 " + dataArg("top95.txt"));
  EXPECT_EQ(one.exit_code, 0);
  EXPECT_EQ(three.exit_code, 0);
  EXPECT_EQ(three.out, one.out);
  const std::string pencil =
      "--genre nurikabe '" + std::string(GRIDMILP_TEST_DATA_DIR) + "/puzzles/nurikabe.puzzles.txt'";
  const CliRun genre_one = runCli("solve --jobs 1 " + pencil);
  const CliRun genre_two = runCli("solve --jobs 2 " + pencil);
  EXPECT_EQ(genre_one.exit_code, 0);
  EXPECT_EQ(genre_two.out, genre_one.out);
  const CliRun json = runCli("solve --jobs 2 --json " + pencil);
  std::istringstream lines(json.out);
  std::string line;
  std::vector<std::string> names;
  while (std::getline(lines, line)) {
    const rapidjson::Document d = gridmilp::app::parseJson(line);
    names.push_back(d["result"]["name"].GetString());
    EXPECT_EQ(d["id"].GetInt(), static_cast<int>(names.size()));
  }
  EXPECT_EQ(names.size(), 12U);
  EXPECT_EQ(names.front(), genre_one.out.substr(4, genre_one.out.find('\n') - 4));
  EXPECT_EQ(runCli("solve --jobs 0 " + dataArg("top95.txt")).exit_code, 2);  // CLI11's range
}

// A wrong --model, --method or --time-limit, or a results table named .xlsx (this CLI
// writes CSV), is one error before any puzzle is read, not one per puzzle or a CSV file
// named .xlsx.
TEST(CliTest, BadRouteOptionsAreOneErrorBeforeSolving) {
  const std::string two = kGrid01 + "\n" + kGrid01 + "\n";
  CliRun run = runCli("solve - --model foo", two, true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out,
            "gridmilp: --model foo: not a Sudoku model; one of textbook, candidates, reduced, "
            "probed, packing\n");
  run = runCli("solve - --method foo", two, true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "gridmilp: --method foo: not a method; one of branch-and-bound, sat\n");
  run = runCli("solve - --time-limit abc", two, true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.out.find(
                "'abc' is not a time limit in ms (0: none): a whole number from 0 to 2147483647"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(run.out.find("1797693"), std::string::npos) << run.out;  // no DBL_MAX
  const std::string xlsx = ::testing::TempDir() + "gridmilp_cli_results.xlsx";
  run = runCli("solve - --results '" + xlsx + "'", two, true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.out.find("this CLI writes the results table as CSV only"), std::string::npos)
      << run.out;
  EXPECT_FALSE(std::ifstream(xlsx).good());
  // A type no gridmilp CLI writes is not sent to the npm CLI, which would refuse it too.
  const std::string ods = ::testing::TempDir() + "gridmilp_cli_results.ODS";
  run = runCli("solve - --results '" + ods + "'", two, true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.out.find("writes the results table as .csv (and, through `npm run cli` or `npx "
                         "gridmilp`, .xlsx), not as .ods; name a .csv file"),
            std::string::npos)
      << run.out;
  EXPECT_FALSE(std::ifstream(ods).good());
  // An objective with --unique is one error up front, not one per puzzle.
  run = runCli("solve - --objective diagonal --unique", two, true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out,
            "gridmilp: --objective diagonal with --unique: an objective picks the best answer "
            "of a solve; uniqueness and enumeration look for any answer: leave one of them "
            "out\n");
  // So is an objective with --method sat, which cannot optimise one.
  run = runCli("solve - --objective diagonal --method sat", two, true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out,
            "gridmilp: --objective diagonal --method sat: the SAT method finds any solution and "
            "cannot optimise an objective (leave --method out: an objective goes to "
            "branch-and-bound)\n");
  // A preset mistyped is not taken for a file without saying so.
  run = runCli("solve - --objective diagnal", two, true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out,
            "gridmilp: --objective diagnal: not a preset (diagonal, firstRow) nor an objective "
            "file: cannot read 'diagnal': No such file or directory\n");
  // A file that is not there says why; a command that is not one names the commands.
  run = runCli("solve gridmilp-no-such-file.txt", "", true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out,
            "gridmilp: cannot read 'gridmilp-no-such-file.txt': No such file or directory\n");
  run = runCli("frobnicate", "", true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out,
            "gridmilp: 'frobnicate' is not a command: one of solve, generate, request, bench "
            "(--help describes them)\n");
  // A results table over the puzzle file itself would overwrite its puzzles.
  const std::string file = ::testing::TempDir() + "gridmilp_cli_same." + std::to_string(getpid());
  std::ofstream(file) << two;
  run = runCli("solve '" + file + "' --results '" + file + "'", "", true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.out.find("this is the puzzle file itself"), std::string::npos) << run.out;
  std::ifstream kept(file);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(kept), {}), two);
  std::remove(file.c_str());
  // A genre's own model is the engine's to check (nurikabe has "stream").
  EXPECT_EQ(runCli("solve - --genre nurikabe --model stream", "2 2\n1 -\n- -\n").exit_code, 0);
  // and one it lacks is one error too, not one per puzzle.
  run = runCli("solve - --genre hitori --model foo", "=== a\n2 2\n1 2\n2 1\n=== b\n2 2\n1 2\n2 1\n",
               true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out,
            "gridmilp: --model foo: not a model of Hitori; it has textbook and whole-no-good\n");
}

// A puzzle of a file that does not read is left out, named in its place; the others are
// solved (exit code 2: an error).
TEST(CliTest, APuzzleThatDoesNotReadIsLeftOut) {
  std::string bad = kGrid01;
  bad[0] = 'x';
  const CliRun run = runCli("solve -", kGrid01 + "\n" + bad + "\n" + kGrid01 + "\n");
  EXPECT_EQ(run.exit_code, 2);
  const std::string answer =
      "483921657967345821251876493548132976729564138136798245372689514814253769695417382\n";
  EXPECT_EQ(run.out,
            answer +
                "error: Line 2, column 1: unexpected 'x' (a cell is 1-9, or . 0 - _ for empty)\n" +
                answer);
}

// A puzzle generated in boxes that are not the usual ones is written as a record whose
// size line says them, so that `solve` reads it back as it was made.
TEST(CliTest, AGeneratedPuzzleInOtherBoxesReadsBack) {
  const CliRun made = runCli("generate --size 6 --box 3x2 --seed 2");
  ASSERT_EQ(made.exit_code, 0);
  EXPECT_EQ(made.out.substr(0, made.out.find('\n', made.out.find('\n') + 1) + 1),
            "=== generated-2\n6 6 3x2\n");
  const CliRun solved = runCli("solve --unique -", made.out);
  EXPECT_EQ(solved.exit_code, 0) << solved.out;
  EXPECT_NE(solved.out.find(" unique\n"), std::string::npos) << solved.out;
  // So is a size that 49 cells on a line do not say (a developer's session: a generated
  // 7×7 needed --size 7 to be solved again); its summary counts in English.
  const CliRun seven = runCli("generate --size 7 --seed 1", "", true);
  ASSERT_EQ(seven.exit_code, 0) << seven.out;
  EXPECT_EQ(seven.out.substr(0, seven.out.find('\n', seven.out.find('\n') + 1) + 1),
            "=== generated-1\n7 7\n");
  EXPECT_EQ(runCli("solve --unique -", seven.out.substr(0, seven.out.find("gridmilp:"))).exit_code,
            0);
  const CliRun two = runCli("generate --size 2 --seed 1", "", true);
  EXPECT_NE(two.out.find(": 1 given, unique"), std::string::npos) << two.out;
  EXPECT_EQ(two.out.find("1 givens"), std::string::npos) << two.out;
}

// A number option that is not one says which and what it takes, in the words of
// --time-limit's (CLI11 said "Value abc not in range 1 to 256"); --box without --size
// names the CLI's option, not the protocol's field.
TEST(CliTest, NumberOptionsSayWhatTheyTake) {
  CliRun run = runCli("solve - --jobs abc", kGrid01 + "\n", true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.out.find(
                "--jobs: 'abc' is not a number of worker processes: a whole number from 1 to 256"),
            std::string::npos)
      << run.out;
  run = runCli("generate --size 1", "", true);
  EXPECT_NE(run.out.find("--size: '1' is not a side length: a whole number from 2 to 35"),
            std::string::npos)
      << run.out;
  run = runCli("generate --seed -3", "", true);
  EXPECT_NE(run.out.find("is not a seed: a whole number from 0 to 4294967295"), std::string::npos)
      << run.out;
  run = runCli("solve - --box 3x4", kGrid01 + "\n", true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(
      run.out,
      "gridmilp: --box: a box shape needs a size: give --size too (e.g. --size 12 --box 3x4)\n");
}

// A record without answer keeps its whole header, as an answer would.
TEST(CliTest, ARecordWithoutAnswerKeepsItsHeader) {
  const CliRun run = runCli("solve --genre star-battle -",
                            "=== s1 source=foo difficulty=3\n3 3 1\na a b\na c b\nc c b\n");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "=== s1 source=foo difficulty=3\nno solution\n");
}

TEST(CliTest, StandardInputAndSummary) {
  const CliRun run = runCli("solve -", kGrid01 + "\n", true);
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_NE(run.out.find("483921657967345821"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("1 puzzle (9\u00d79, grid): 1 solved"), std::string::npos) << run.out;
}

// janko.at's records in, records out: the layout of sw_Sudoku.solutions.txt, in order.
TEST(CliTest, SudokuRecordsPrintAsRecords) {
  const std::string rows = "1 - - -\n- - - -\n- - - 1\n- - 4 -\n";
  const CliRun run =
      runCli("solve -", "=== one source=x\n4 4\n" + rows + "=== two\n4 4\n" + rows, true);
  EXPECT_EQ(run.exit_code, 0) << run.out;
  EXPECT_EQ(run.out.rfind("=== one source=x\n4 4\n1 ", 0), 0U) << run.out;  // the whole header
  EXPECT_NE(run.out.find("\n=== two\n4 4\n1 "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("(4\u00d74, records)"), std::string::npos) << run.out;

  // Records of many sizes, as sw_Sudoku.puzzles.txt (9×9 and 16×16): each its own.
  const std::string six =
      "1 - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - 6\n";
  const CliRun mixed = runCli(
      "solve -", "=== four\n4 4\n" + rows + "=== six\n6 6 3x2\n" + six + "=== again\n4 4\n" + rows,
      true);
  EXPECT_EQ(mixed.exit_code, 0) << mixed.out;
  EXPECT_EQ(mixed.out.rfind("=== four\n4 4\n1 ", 0), 0U) << mixed.out;
  const std::size_t at = mixed.out.find("\n=== six\n6 6\n1 ");
  ASSERT_NE(at, std::string::npos) << mixed.out;
  // Its boxes are 3 rows × 2 columns, as its size line says: the top-left box (rows
  // 1–3, columns 1–2) holds six different digits.
  std::istringstream six_rows(mixed.out.substr(at + std::string("\n=== six\n6 6\n").size()));
  std::vector<std::vector<int>> grid(6, std::vector<int>(6));
  for (auto& row : grid) {
    for (int& v : row) six_rows >> v;
  }
  std::set<int> box;
  for (int r = 0; r < 3; ++r) box.insert({grid[r][0], grid[r][1]});
  EXPECT_EQ(box.size(), 6U) << mixed.out;
  EXPECT_NE(mixed.out.find("\n=== again\n4 4\n1 "), std::string::npos) << mixed.out;
  EXPECT_NE(mixed.out.find("3 puzzles (4\u00d74 and 6\u00d76, records): 3 solved"),
            std::string::npos)
      << mixed.out;
}

// A digit genre takes --objective and --box as Sudoku does: Sudoku X on 6×6 in boxes of
// 3 rows × 2 columns, its first row smallest as a number.

TEST(CliTest, GenresTakeAnObjectiveAndBoxes) {
  const std::string empty =
      "6 6\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n";
  CliRun run = runCli("solve - --genre sudoku-x --box 3x2 --objective firstRow", empty, true);
  EXPECT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find("6 6\n1 2 3 4 5 6\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("objective 123456.0 (optimal"), std::string::npos) << run.out;
  // A genre without digits refuses an objective; one without boxes refuses --box; a
  // pencil genre refuses --size: each once, before any puzzle (it was one error a puzzle).
  const std::string two = "=== a\n2 2\n1 -\n- -\n=== b\n2 2\n1 -\n- -\n";
  run = runCli("solve - --genre nurikabe --objective diagonal", two, true);
  EXPECT_EQ(run.exit_code, 2) << run.out;
  EXPECT_EQ(run.out,
            "gridmilp: --objective: an objective is for the digit genres (Sudoku and its "
            "variants, the Latin square), not Nurikabe\n");
  run = runCli("solve - --genre latin-square --box 1x2", "2 2\n- -\n- -\n", true);
  EXPECT_EQ(run.exit_code, 2) << run.out;
  EXPECT_NE(run.out.find("for the genres with boxes (Sudoku, Killer Sudoku, Sudoku X, Hyper "
                         "Sudoku), not Latin square"),
            std::string::npos)
      << run.out;
  // Hyper Sudoku has boxes (protocol/vocabulary.json): --box is the engine's to check.
  std::string hyper = "9 9\n";
  for (int r = 0; r < 9; ++r) hyper += "- - - - - - - - -\n";
  run = runCli("solve - --genre hyper --box 3x3", hyper, true);
  EXPECT_EQ(run.exit_code, 0) << run.out;
  run = runCli("solve - --genre akari --size 2", two, true);
  EXPECT_EQ(run.exit_code, 2) << run.out;
  EXPECT_EQ(run.out,
            "gridmilp: --size: an Akari (Light Up) record gives its size in its size line, and "
            "a URL in its path; leave --size out\n");
  run = runCli("solve - --genre kuromasu --model big-m --method sat", two, true);
  EXPECT_EQ(run.exit_code, 2) << run.out;
  EXPECT_NE(run.out.find("the big-m model of Kuromasu needs branch-and-bound"), std::string::npos)
      << run.out;
  run = runCli("solve - --results /nonexistent-folder/x.csv", kGrid01 + "\n", true);
  EXPECT_EQ(run.exit_code, 2) << run.out;
  EXPECT_NE(run.out.find("its folder /nonexistent-folder does not exist"), std::string::npos)
      << run.out;
  // A record's text in the results table starts "===", which a spreadsheet program would
  // take for a formula: it is written as text, with a leading apostrophe, quoted.
  const std::string csv = ::testing::TempDir() + "gridmilp_cli_formula.csv";
  run = runCli("solve - --genre akari --results '" + csv + "'", two, true);
  EXPECT_EQ(run.exit_code, 1) << run.out;  // a 1 in a corner of 2×2: no lamp fits
  std::ifstream written(csv);
  const std::string table((std::istreambuf_iterator<char>(written)),
                          std::istreambuf_iterator<char>());
  EXPECT_NE(table.find(",\"'=== a\n2 2\n1 -\n- -\","), std::string::npos) << table;
  EXPECT_EQ(table.find(",==="), std::string::npos) << table;
}

TEST(CliTest, NoSolutionExitsWithOne) {
  const std::string puzzle = "12345678." + std::string(63, '.') + "........9";
  const CliRun run = runCli("solve -", kGrid01 + "\n" + puzzle + "\n");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.out.find("\nno solution\n"), std::string::npos) << run.out;
}

TEST(CliTest, ExplainInfeasibleSaysWhichGivensToRemoveAndTheLargestFill) {
  // Row 1 needs its 9 in column 9, which has a 9 in row 9.
  const std::string puzzle = "12345678." + std::string(63, '.') + "........9";
  CliRun run = runCli("solve - --explain-infeasible", kGrid01 + "\n" + puzzle + "\n", true);
  EXPECT_EQ(run.exit_code, 1);
  // Nine givens qualify (any of row 1, or the 9): three sets are listed (the default
  // limit), in the order GLPK finds them.
  const std::regex sets(
      "Puzzle 2 \\(line 2\\): the fewest givens to remove for a solution: 1 \\(r[19]c[1-9] = "
      "[1-9]\\); other sets of 1: r[19]c[1-9] = [1-9]; r[19]c[1-9] = [1-9]; maybe more\n");
  EXPECT_TRUE(std::regex_search(run.out, sets)) << run.out;
  EXPECT_NE(run.out.find("that keeps every given places 79 of 81 digits: 12345678."),
            std::string::npos)
      << run.out;
  EXPECT_EQ(run.out.find("Puzzle 1 (line 1): the fewest"), std::string::npos) << run.out;
  // Clashing givens: explained too, and still an input error.
  std::string clash = kGrid01;
  clash[0] = '3';
  run = runCli("solve - --explain-infeasible", clash, true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.out.find("no fill keeps every given: two 3s in row 1"), std::string::npos)
      << run.out;
  // A Latin square: rows 1 and 4 need their 2 in column 2 or 3, blocked by the 1 and 2.
  run = runCli("solve - --explain-infeasible --genre latin-square",
               "=== t\n4 4\n1 2 - -\n- - 1 -\n- - - 2\n2 - - -\n", true);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_TRUE(std::regex_search(
      run.out,
      std::regex("t \\(line 1\\): the fewest givens to remove for a solution: 1 \\(r[1-4]c[1-4] "
                 "= [12]\\); other sets of 1: ")))
      << run.out;
  EXPECT_NE(run.out.find("t (line 1): the largest fill that keeps every given places 14 of 16 "
                         "digits: "),
            std::string::npos)
      << run.out;
  // Clashing givens in a genre file: that puzzle is an input error, explained, and the
  // file's other puzzle is still solved.
  run = runCli("solve - --explain-infeasible --genre latin-square",
               "=== c\n4 4\n1 - - -\n- - - -\n- - - -\n1 - - -\n"
               "=== ok\n2 2\n1 -\n- -\n",
               true);
  EXPECT_EQ(run.exit_code, 2) << run.out;
  EXPECT_NE(run.out.find("c (line 1): the fewest givens to remove for a solution: 1 (r"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("c (line 1): no fill keeps every given: two 1s in column 1"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("=== ok\n2 2\n1 2\n2 1\n"), std::string::npos) << run.out;
  // A record that does not parse is left out, named; the others are answered.
  run = runCli("solve - --genre latin-square",
               "=== a\n2 2\n1 -\n- -\n=== b\n3 3\n1 -\n- -\n=== c\n2 2\n- 1\n- -\n", true);
  EXPECT_EQ(run.exit_code, 2) << run.out;
  EXPECT_NE(run.out.find("gridmilp: left out b (line 5): expected 3 lines of 3 cells after its "
                         "size line, found 2"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("=== a\n2 2\n1 2\n2 1\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("=== c\n2 2\n2 1\n1 2\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("3 puzzles (latin-square): 2 solved, 0 without solution, 1 error;"),
            std::string::npos)
      << run.out;
  // The summary line names the route that ran, as Sudoku's does (docs/api.md said so, and
  // a genre's line stopped at its times).
  EXPECT_NE(run.out.find(" ms; textbook model, CNF-SAT\n"), std::string::npos) << run.out;
  // The packing model says the same fill on a solve.
  run = runCli("solve - --genre latin-square --model packing",
               "=== t\n4 4\n1 2 - -\n- - 1 -\n- - - 2\n2 - - -\n", true);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.out.find("t (line 1): the packing model places at most 14 of 16 digits: "),
            std::string::npos)
      << run.out;
  // A killer without givens: its cage sums are named (box 1 holds the 1 of both cage a
  // and cage c: one of the two must change, and with it the other sum of its row). Its
  // cages are equalities: no packing model, so no fill, and it says why.
  run = runCli(
      "solve - --explain-infeasible --genre killer",
      "=== k\n4 4\n3 - 7 -\n4 - 6 -\n5 - 5 -\n5 - 5 -\na a b b\nc c d d\ne e f f\ng g h h\n", true);
  EXPECT_EQ(run.exit_code, 1) << run.out;
  EXPECT_NE(run.out.find("k (line 1): the fewest givens or cage sums to remove for a solution: 2 "
                         "(r2c1: cage sum 4, r2c3: cage sum 6); other sets of 2: r1c1: cage sum "
                         "3, r1c3: cage sum 7\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("k (line 1): no largest fill: The Killer Sudoku genre has no packing "
                         "model"),
            std::string::npos)
      << run.out;
  // An Akari: the 1 asks for one lamp where both white cells need their own.
  run = runCli("solve - --explain-infeasible --genre akari", "=== a\n2 2\n1 -\n- 2\n", true);
  EXPECT_EQ(run.exit_code, 1) << run.out;
  EXPECT_NE(run.out.find("a (line 1): the fewest clues to drop for a solution: 1 (r1c1: 1); the "
                         "only such set"),
            std::string::npos)
      << run.out;
}

TEST(CliTest, ResultsWritesOneCsvRowPerPuzzleInInputOrder) {
  const std::string table =
      ::testing::TempDir() + "gridmilp_results." + std::to_string(getpid()) + ".csv";
  std::string clash = kGrid01;
  clash[0] = '3';  // two 3s in row 1: an error row, its message quoted (it has commas)
  const std::string infeasible = "12345678." + std::string(63, '.') + "........9";
  const CliRun run = runCli("solve - --jobs 2 --results '" + table + "'",
                            kGrid01 + "\n" + clash + "\n" + infeasible + "\n");
  EXPECT_EQ(run.exit_code, 2);
  std::ifstream in(table);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::remove(table.c_str());
  ASSERT_EQ(lines.size(), 4U);
  EXPECT_EQ(lines[0], "name,status,ms,nodes,conflicts,puzzle,solution");
  EXPECT_TRUE(std::regex_match(
      lines[1], std::regex("Puzzle 1,solved,[0-9.e-]+,[0-9]+,[0-9]*," + kGrid01 +
                           ",483921657967345821251876493548132976729564138136798245372689514814253"
                           "769695417382")))
      << lines[1];
  EXPECT_EQ(
      lines[2],
      "Puzzle 2,\"error: Two 3s in row 1: row 1, column 1 and row 1, column 3\",,,," + clash + ",");
  EXPECT_TRUE(std::regex_match(
      lines[3], std::regex("Puzzle 3,no solution,[0-9.e-]+,[0-9]+,[0-9]*,12345678\\..*,")))
      << lines[3];
  // A genre's table holds each puzzle's record and its answer as text (quoted: they
  // have newlines; an apostrophe first, as they start with "=", a formula's mark); a
  // spreadsheet given here is named as one.
  EXPECT_EQ(runCli("solve - --genre hitori --results '" + table + "'",
                   "=== one\n1 1\n1\n=== two\n2 2\n1 1\n1 1\n")
                .exit_code,
            1);  // "two" has no answer: its shaded cells would touch or cut the grid
  std::ifstream genre_in(table);
  const std::string genre_table{std::istreambuf_iterator<char>(genre_in), {}};
  std::remove(table.c_str());
  EXPECT_TRUE(std::regex_search(
      genre_table,
      std::regex("^name,status,ms,nodes,conflicts,puzzle,solution\n"
                 "one,solved,[0-9.e-]+,[0-9]*,[0-9]*,\"'=== one\n1 1\n1\",\"'=== one\n1 "
                 "1\n1\"\n"
                 "two,no solution,[0-9.e-]+,[0-9]*,[0-9]*,\"'=== two\n2 2\n1 1\n1 1\",\n$")))
      << genre_table;
  const std::string sheet =
      ::testing::TempDir() + "gridmilp_sheet." + std::to_string(getpid()) + ".csv";
  std::ofstream(sheet) << "5,3,,,7,,,,\n";
  const CliRun csv = runCli("solve '" + sheet + "'", "", true);
  std::remove(sheet.c_str());
  EXPECT_EQ(csv.exit_code, 2);
  EXPECT_NE(
      csv.out.find(
          "is read as puzzle text here; spreadsheets (.xlsx, .csv) are read by `npm run cli`"),
      std::string::npos)
      << csv.out;
}

TEST(CliTest, BadInputExitsWithTwoAndSaysWhere) {
  CliRun run = runCli("solve -", "..3.2.6..\n9..3x5..1\n", true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.out.find("Line 2, column 5: unexpected 'x'"), std::string::npos) << run.out;
  run = runCli("solve /nonexistent/file.txt", "", true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.out.find("cannot read '/nonexistent/file.txt'"), std::string::npos) << run.out;
  std::string clash = kGrid01;
  clash[0] = '3';
  run = runCli("solve -", clash);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.out.find("error: Two 3s in row 1"), std::string::npos) << run.out;
  run = runCli("solve -", "\n\n");
  EXPECT_EQ(run.exit_code, 2);
  // A file that is not text is named as what it is, not as a puzzle's bad character.
  const std::string base = ::testing::TempDir() + "gridmilp_cli_binary." + std::to_string(getpid());
  for (const auto& [bytes, kind] : std::vector<std::pair<std::string, std::string>>{
           {std::string("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16), "is a PNG image, not a puzzle text"},
           {std::string("PK\x03\x04\x14\0", 6), "is a ZIP archive"},
           {std::string("\xFF\xFE"
                        "5\0.\0",
                        6),
            "is UTF-16 text (save it as UTF-8)"},
           {std::string("..3.2.6..\0", 10), "is binary data, not a puzzle text"}}) {
    {
      std::ofstream file(base, std::ios::binary);
      file << bytes;
    }
    run = runCli("solve " + base, "", true);
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.out.find("'" + base + "' " + kind), std::string::npos) << run.out;
  }
  std::remove(base.c_str());
  run = runCli("solve -", std::string("GIF89a\x01\0\x01\0", 10), true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.out.find("standard input is a GIF image, not a puzzle text"), std::string::npos)
      << run.out;
  // A genre's error names its cells when its message does not (the response's where.cells).
  run = runCli("solve - --genre killer",
               "=== bad18\n4 4\n3 - 7 -\n7 - 3 -\n3 - 7 -\n18 - 3 -\n"
               "a a b b\nc c d d\ne e f f\ng g h h\n",
               true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.out.find("cage 'g' has 2 cells and sum 18, but 2 different digits add up to 3 to 7 "
                         "(row 4, column 1; row 4, column 2)"),
            std::string::npos)
      << run.out;
}

TEST(CliTest, JsonOutputIsTheProtocol) {
  const CliRun run = runCli("solve - --json", kGrid01 + "\n");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out.rfind("{\"id\":1,\"result\":{", 0), 0u) << run.out;
  EXPECT_NE(run.out.find("\"status\":\"optimal\""), std::string::npos);
}

// A puzzle left out has its place in the file as its --json id, as the answers do, on
// Sudoku's route too (its parse error had no place, so its id was null).
TEST(CliTest, JsonIdsAreThePuzzlesPlacesInTheFile) {
  const std::string bad = "x" + kGrid01.substr(1);
  const CliRun run = runCli("solve - --json", kGrid01 + "\n" + bad + "\n" + kGrid01 + "\n", true);
  EXPECT_EQ(run.exit_code, 2) << run.out;
  EXPECT_NE(run.out.find("{\"id\":1,\"result\""), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("{\"id\":2,\"error\":{\"code\":\"parse_error\""), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("{\"id\":3,\"result\""), std::string::npos) << run.out;
  // A record of another genre's janko.at pages is left out alone, first or not.
  std::string sudoku = "=== s source=https://www.janko.at/Raetsel/Sudoku/0001.a.htm\n9 9\n";
  for (int r = 0; r < 9; ++r) sudoku += kGrid01.substr(r * 9, 9) + "\n";
  const std::string kuromasu =
      "=== k source=https://www.janko.at/Raetsel/Kuromasu/049.a.htm\n3 3\n- 2 -\n- - -\n- 3 -\n";
  for (const std::string& text : {kuromasu + sudoku, sudoku + kuromasu}) {
    const CliRun mixed = runCli("solve -", text, true);
    EXPECT_EQ(mixed.exit_code, 2) << mixed.out;
    EXPECT_NE(mixed.out.find("1 solved, 0 without solution, 1 error"), std::string::npos)
        << mixed.out;
    EXPECT_NE(mixed.out.find("this record is a Kuromasu"), std::string::npos) << mixed.out;
  }
}

TEST(CliTest, TheSummaryCountsPuzzlesThatAreNotUniqueWithJsonToo) {
  // An empty 9×9 Sudoku and an empty Latin square have many answers, Grid 01 one.
  for (const char* json : {"", " --json"}) {
    CliRun run = runCli(std::string("solve - --unique") + json,
                        kGrid01 + "\n" + std::string(81, '.') + "\n", true);
    EXPECT_NE(run.out.find("2 solved, 0 without solution, 0 errors, 1 not unique"),
              std::string::npos)
        << json << run.out;
    run = runCli(std::string("solve - --genre latin-square --unique") + json,
                 "=== a\n3 3\n1 2 3\n2 3 1\n3 1 2\n=== b\n3 3\n- - -\n- - -\n- - -\n", true);
    EXPECT_NE(run.out.find("1 not unique"), std::string::npos) << json << run.out;
  }
  // Without --json: the first answer, `not-unique`, the second, and where they differ.
  const CliRun run =
      runCli("solve - --genre latin-square --unique", "=== open\n2 2\n- -\n- -\n", true);
  EXPECT_NE(run.out.find("not-unique\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("open (line 1): the two answers differ in 4 cells: row 1, column 1; row "
                         "1, column 2; row 2, column 1; row 2, column 2\n"),
            std::string::npos)
      << run.out;
}

TEST(CliTest, UniqueEnumerateObjectiveAndGenerate) {
  CliRun run = runCli("solve - --unique", kGrid01 + "\n");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out,
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
            " unique\n");
  run = runCli("solve - --enumerate 5", "....\n....\n....\n....\n", true);
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_NE(run.out.find("at least 5 solutions"), std::string::npos) << run.out;
  // A genre's answers too end with a blank line after each puzzle's (as the help says).
  run = runCli("solve - --genre nurikabe --enumerate 3", "=== a\n2 2\n2 -\n- -\n=== b\n1 1\n1\n");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, "=== a\n2 2\n- -\nx x\n=== a\n2 2\n- x\n- x\n\n=== b\n1 1\n-\n\n");
  // An enumeration the time limit stops before any answer is "time limit", not "no
  // solution" (an empty 25×25's root LP relaxation alone takes branch-and-bound seconds).
  run = runCli("solve - --enumerate 2 --time-limit 1 --model textbook --method branch-and-bound",
               std::string(625, '.') + "\n", true);
  EXPECT_EQ(run.exit_code, 1) << run.out;
  EXPECT_NE(run.out.find("time limit\n"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("no solution"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("1 stopped by the time limit"), std::string::npos) << run.out;
  // Sudoku's packing model maximises: --method sat is refused before any puzzle is read.
  run = runCli("solve no-such-file.txt --model packing --method sat", "", true);
  EXPECT_EQ(run.exit_code, 2) << run.out;
  EXPECT_EQ(run.out,
            "gridmilp: --model packing --method sat: the packing model needs branch-and-bound "
            "(leave --method out, or choose another model)\n");
  run = runCli("solve - --objective firstRow", std::string(81, '.') + "\n");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out.substr(0, 9), "123456789");
  run = runCli("generate --size 4 --seed 3");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out.size(), 17u) << run.out;
  const CliRun again = runCli("generate --size 4 --seed 3");
  EXPECT_EQ(again.out, run.out);
  run = runCli("solve - --objective /nonexistent", kGrid01 + "\n", true);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.out.find("cannot read '/nonexistent'"), std::string::npos) << run.out;
}

TEST(CliTest, RequestReplaysProtocolRequests) {
  const CliRun run = runCli(
      "request -", "{\"id\":5,\"type\":\"version\"}\n{\"id\":6,\"type\":\"solve\",\"puzzle\":\"" +
                       kGrid01 + "\"}\n");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_NE(run.out.find("\"id\":5"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"protocol\":2"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"solution\":\"483921657"), std::string::npos) << run.out;
}

}  // namespace

namespace gridmilp {
namespace {

TEST(CliGenreTest, PrintsEachAnswerInTheSolutionLayoutInInputOrder) {
  // Two killer records of our own (the second a 4×4 with its cells in four 2×2 cages).
  const std::string text =
      "=== own_a\n4 4\n3 - 7 -\n7 - 3 -\n3 - 7 -\n7 - 3 -\na a b b\nc c d d\ne e f f\ng g h h\n"
      "=== own_b\n4 4\n10 - 10 -\n- - - -\n10 - 10 -\n- - - -\n1 1 2 2\n1 1 2 2\n3 3 4 4\n"
      "3 3 4 4\n";
  const CliRun run = runCli("solve --genre killer -", text);
  EXPECT_EQ(run.exit_code, 0) << run.out;
  EXPECT_EQ(run.out.rfind("=== own_a\n4 4\n", 0), 0U) << run.out;
  EXPECT_NE(run.out.find("\n=== own_b\n4 4\n"), std::string::npos) << run.out;
  EXPECT_EQ(std::count(run.out.begin(), run.out.end(), '\n'), 12) << run.out;
}

TEST(CliGenreTest, NamesPuzzlesOfOneLineFormatsInOrderAndExitsOneWithoutAnswer) {
  // Two 4×4 Latin squares of one line each: the second is named "Puzzle 2", though the
  // CLI sends each puzzle's own line alone. Then a 2×2 with no answer, and a bad genre.
  const CliRun ok =
      runCli("solve --genre latin-square --size 4 -", "1...............\n.2..............\n");
  EXPECT_EQ(ok.exit_code, 0) << ok.out;
  EXPECT_NE(ok.out.find("=== Puzzle 1\n"), std::string::npos) << ok.out;
  EXPECT_NE(ok.out.find("=== Puzzle 2\n"), std::string::npos) << ok.out;
  // Without answer, it still has its entry on standard output, so that the output lines
  // up with the input; and the summary says why.
  const CliRun none = runCli("solve --genre latin-square -", "2 2\n1 -\n- 2\n");
  EXPECT_EQ(none.exit_code, 1) << none.out;
  EXPECT_EQ(none.out, "=== Puzzle 1\nno solution\n");
  // A re-solve genre says after how many rounds of cuts, whether solved or enumerated.
  for (const char* how : {"", " --enumerate 3"}) {
    const CliRun rounds =
        runCli(std::string("solve --genre hitori -") + how, "=== a\n2 2\n1 1\n1 1\n", true);
    EXPECT_EQ(rounds.exit_code, 1) << rounds.out;
    EXPECT_NE(rounds.out.find("a (line 1): no solution (the MILP became infeasible after 3 rounds "
                              "of cuts)"),
              std::string::npos)
        << how << rounds.out;
  }
  const CliRun bad = runCli("solve --genre masyu -", "2 2\n1 -\n- 2\n", true);
  EXPECT_EQ(bad.exit_code, 2) << bad.out;
  EXPECT_NE(bad.out.find("--genre: Unknown genre 'masyu'"), std::string::npos) << bad.out;
  // puzz.link's names, which --genre takes too, are listed.
  EXPECT_NE(bad.out.find("or puzz.link's names starbattle (star-battle), lightup (akari), "
                         "slither (slitherlink), kurodoko (kuromasu)"),
            std::string::npos)
      << bad.out;
  EXPECT_EQ(bad.out.find("-:"), std::string::npos) << bad.out;  // not the input's fault
}

TEST(CliGenreTest, TakesPuzzLinksIdsAsGenresAndPrintsEachPuzzleInItsPlace) {
  // puzz.link's ids are aliases (issue #23): kurodoko is Kuromasu.
  const CliRun alias =
      runCli("solve --genre kurodoko -", "https://puzz.link/p?kurodoko/6/6/i3j7h56p4k5g4j\n", true);
  EXPECT_EQ(alias.exit_code, 0) << alias.out;
  EXPECT_NE(alias.out.find("(kuromasu)"), std::string::npos) << alias.out;
  // A record that does not parse, one without answer and one solved, in input order on
  // standard output; the time limit counted apart in the summary.
  const CliRun mixed = runCli("solve --genre nurikabe -",
                              "=== bad\n2 2\n1 q\n- -\n=== none\n2 2\n1 -\n- 1\n=== one\n1 1\n1\n");
  EXPECT_EQ(mixed.exit_code, 2) << mixed.out;
  EXPECT_EQ(mixed.out.rfind("=== bad\nerror: ", 0), 0U) << mixed.out;
  EXPECT_NE(mixed.out.find("\n=== none\nno solution\n=== one"), std::string::npos) << mixed.out;
}

TEST(CliGenreTest, ReadsAFileWithAByteOrderMarkAndWindowsLineEnds) {
  // As Notepad saves it: U+FEFF first, CRLF line ends; --results keeps no CR.
  const std::string results =
      ::testing::TempDir() + "gridmilp_cli_bom." + std::to_string(getpid()) + ".csv";
  const CliRun run = runCli("solve --genre nurikabe - --results '" + results + "'",
                            "\xEF\xBB\xBF=== one\r\n1 1\r\n1\r\n");
  EXPECT_EQ(run.exit_code, 0) << run.out;
  EXPECT_EQ(run.out.rfind("=== one", 0), 0U) << run.out;
  std::ifstream in(results, std::ios::binary);
  const std::string table((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove(results.c_str());
  EXPECT_EQ(table.find('\r'), std::string::npos) << table;
  EXPECT_NE(table.find("one,solved"), std::string::npos) << table;
  // A URL after a byte-order mark still names its genre.
  const CliRun url =
      runCli("solve -", "\xEF\xBB\xBFhttps://puzz.link/p?hitori/4/4/1114142333214213\n");
  EXPECT_EQ(url.exit_code, 0) << url.out;
  EXPECT_EQ(url.out.rfind("=== url-1 ", 0), 0U) << url.out;
}

}  // namespace
TEST(CliGenreTest, AFileOfUrlsNamesItsGenre) {
  // Two Hitori URLs (pzprjs's test puzzle and a 3×3 of ours), no --genre: the URLs say it.
  const std::string path = ::testing::TempDir() + "gridmilp_cli_urls." + std::to_string(getpid());
  std::ofstream(path) << "https://puzz.link/p?hitori/4/4/1114142333214213\n"
                         "http://pzv.jp/p.html?hitori/3/3/112123231\n";
  const CliRun run = runCli("solve '" + path + "'");
  std::remove(path.c_str());
  EXPECT_EQ(run.exit_code, 0) << run.out;
  EXPECT_EQ(
      run.out.rfind("=== url-1 source=https://puzz.link/p?hitori/4/4/1114142333214213\n4 4\n", 0),
      0U)
      << run.out;
  EXPECT_NE(run.out.find("=== url-2 source=http://pzv.jp/p.html?hitori/3/3/112123231\n3 3\n"),
            std::string::npos)
      << run.out;
  const CliRun cut = runCli("solve -", "https://puzz.link/p?hitori/4/4/11\n", true);
  EXPECT_EQ(cut.exit_code, 2) << cut.out;
  EXPECT_NE(cut.out.find("URL body: it ends after 2 of 16 cells"), std::string::npos) << cut.out;
}

TEST(CliGenreTest, AFileOfUrlsOfSeveralGenresSolvesEachAsItsOwn) {
  // A Sudoku first (its route), Hitori, a URL cut short (left out in its place), Akari.
  const CliRun run = runCli("solve -",
                            "https://puzz.link/p?sudoku/4/4/g1k23k3g\n"
                            "https://puzz.link/p?hitori/4/4/1114142333214213\n"
                            "https://puzz.link/p?hitori/4/4/11\n"
                            "https://puzz.link/p?akari/6/6/nekcakbl\n",
                            true);
  EXPECT_EQ(run.exit_code, 2) << run.out;  // the line cut short is an error
  const std::size_t sudoku =
      run.out.find("=== url-1 source=https://puzz.link/p?sudoku/4/4/g1k23k3g\n4 4\n2 1 4 3\n");
  const std::size_t hitori = run.out.find("=== url-2 source=https://puzz.link/p?hitori/");
  const std::size_t cut = run.out.find(
      "=== url-3 source=https://puzz.link/p?hitori/4/4/11\nerror: line 3: URL body: it ends after "
      "2");
  const std::size_t akari = run.out.find("=== url-4 source=https://puzz.link/p?akari/");
  EXPECT_NE(sudoku, std::string::npos) << run.out;
  EXPECT_LT(sudoku, hitori) << run.out;
  EXPECT_LT(hitori, cut) << run.out;
  EXPECT_LT(cut, akari) << run.out;
  EXPECT_NE(run.out.find("left out url-3 (line 3): URL body: it ends after 2"), std::string::npos)
      << run.out;
  EXPECT_NE(akari, std::string::npos) << run.out;
  EXPECT_NE(
      run.out.find("4 puzzles (sudoku, hitori, akari): 3 solved, 0 without solution, 1 error;"),
      std::string::npos)
      << run.out;
  // With --genre, a URL of another genre is left out, the others solved.
  const CliRun given = runCli("solve - --genre hitori",
                              "https://puzz.link/p?hitori/4/4/1114142333214213\n"
                              "https://puzz.link/p?akari/6/6/nekcakbl\n",
                              true);
  EXPECT_EQ(given.exit_code, 2) << given.out;
  EXPECT_NE(
      given.out.find("=== url-2 source=https://puzz.link/p?akari/6/6/nekcakbl\nerror: line 2: "
                     "this URL is a puzzle of genre 'akari', not "
                     "'hitori'"),
      std::string::npos)
      << given.out;
  // A comment line first; a Star Battle's stars out of range said without the record's
  // place; with --json, the line left out is an error response in its place, each id the
  // puzzle's place in the file (the answers' ids skipped the left-out ones).
  const CliRun json = runCli("solve - --json",
                             "# my puzzles\n"
                             "https://puzz.link/p?starbattle/6/6/0/4ilbhgdnmhou\n"
                             "https://puzz.link/p?hitori/4/4/1114142333214213\n");
  EXPECT_EQ(json.exit_code, 2) << json.out;
  EXPECT_EQ(
      json.out.rfind("{\"id\":1,\"error\":{\"code\":\"parse_error\",\"message\":\"line 2: the "
                     "stars per row, column and region 0 is out of range (1 to 3)\"",
                     0),
      0U)
      << json.out;
  EXPECT_NE(json.out.find("\n{\"id\":2,\"result\":{\"genre\":\"hitori\""), std::string::npos)
      << json.out;
  // --genre sudoku: Sudoku's route, which names the URL of another genre.
  const CliRun sudoku_route = runCli("solve - --genre sudoku",
                                     "https://puzz.link/p?sudoku/4/4/g1k23k3g\n"
                                     "https://puzz.link/p?hitori/4/4/1114142333214213\n",
                                     true);
  EXPECT_EQ(sudoku_route.exit_code, 2) << sudoku_route.out;
  EXPECT_NE(sudoku_route.out.find("line 2: this URL is a puzzle of genre 'hitori', not a Sudoku"),
            std::string::npos)
      << sudoku_route.out;
  // Project Euler 96's sum is Sudoku's: asked of a file of several genres, it is refused.
  const CliRun euler = runCli("solve - --euler96",
                              "https://puzz.link/p?sudoku/4/4/g1k23k3g\n"
                              "https://puzz.link/p?hitori/4/4/1114142333214213\n",
                              true);
  EXPECT_EQ(euler.exit_code, 2) << euler.out;
  EXPECT_NE(euler.out.find("--euler96: Project Euler 96's sum is over the answers of a file of "
                           "Sudoku puzzles, not of a file of URLs of several genres (sudoku, "
                           "hitori)"),
            std::string::npos)
      << euler.out;
}

TEST(CliGenreTest, AFileOfSudokuUrlsIsReadAsRecordsOfTheirOwnSizes) {
  // A 4×4 (pzprjs's test puzzle), a comment, a 9×9 (gridmilp's own): records out, each
  // header with its URL, as the other genres' answers have them.
  const std::string nine =
      "https://puzz.link/p?sudoku/9/9/i27i4h8h4j7i9g5g7h8l2h6g3l5g6g9j254j43i6h39k2";
  // A line that cannot be read is left out in its place, the others solved.
  const CliRun run = runCli("solve -",
                            "https://puzz.link/p?sudoku/4/4/g1k23k3g\n# own, 1\n" + nine +
                                "\nhttps://puzz.link/p?sudoku/4/4/g5!h3g4n\n",
                            true);
  EXPECT_EQ(run.exit_code, 2) << run.out;
  EXPECT_NE(run.out.find("=== url-1 source=https://puzz.link/p?sudoku/4/4/g1k23k3g\n4 4\n"
                         "2 1 4 3\n4 3 1 2\n3 4 2 1\n1 2 3 4\n=== url-2 source=" +
                         nine + "\n9 9\n5 6 3 2 7 8 1 9 4\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(
      run.out.find("\n=== url-3 source=https://puzz.link/p?sudoku/4/4/g5!h3g4n\nerror: line 4: "
                   "URL body, character 3 ('!'): not a "
                   "number code of puzz.link (Number16)\n"),
      std::string::npos)
      << run.out;
  // --results: a URL's puzzle cell is the URL alone, a left-out one's too.
  const std::string table =
      ::testing::TempDir() + "gridmilp_urls." + std::to_string(getpid()) + ".csv";
  EXPECT_EQ(runCli("solve - --results '" + table + "'",
                   "https://puzz.link/p?sudoku/4/4/g5!h3g4n\n"
                   "https://puzz.link/p?hitori/4/4/1114142333214213\n")
                .exit_code,
            2);
  std::ifstream in(table);
  const std::string rows{std::istreambuf_iterator<char>(in), {}};
  std::remove(table.c_str());
  EXPECT_TRUE(std::regex_search(
      rows, std::regex("\nurl-1,\"error: line 1: URL body, character 3 \\('!'\\): [^\"]*\",,,,"
                       "https://puzz\\.link/p\\?sudoku/4/4/g5!h3g4n,\n"
                       // Solved on CNF-SAT (Hitori's default route): its conflicts are said.
                       "url-2,solved,[0-9.e-]+,[0-9]+,[0-9]+,https://puzz\\.link/p\\?hitori/4/4/"
                       "1114142333214213,\"'=== url-2 source=[^\"]*\n4 4\n[^\"]*[^\n]\"\n$")))
      << rows;
  EXPECT_NE(run.out.find("3 puzzles (4×4 and 9×9, puzz.link URLs): 2 solved, 0 without solution, 1 "
                         "error"),
            std::string::npos)
      << run.out;
  // --unique prints a line per puzzle, a left-out line's `error: …` alone among them.
  const CliRun unique = runCli("solve - --unique",
                               "https://puzz.link/p?sudoku/4/4/g1k23k3g\n"
                               "https://puzz.link/p?sudoku/4/4/g5!h3g4n\n");
  EXPECT_EQ(unique.out,
            "2143431234211234 unique\nerror: line 2: URL body, character 3 ('!'): not a number "
            "code of puzz.link (Number16)\n");
}

}  // namespace gridmilp
