// gridmilp — the native command-line interface.
// SPDX-License-Identifier: GPL-3.0-or-later
//
//   gridmilp-cli solve FILE|- [--euler96] [--json] [--time-limit MS] [--no-presolve]
//   gridmilp-cli request FILE|-       (JSON requests, one per line → responses)
//   gridmilp-cli bench FILE [--repeat N]   (JSON timings, for npm run bench)
//
// Exit codes: 0 all puzzles solved; 1 some puzzle has no solution (or hit the time
// limit without one); 2 bad input (unreadable file, parse error, conflicting givens)
// or a solver error.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "app/service.h"
#include "puzzles/sudoku/grid.h"

namespace {

using gridmilp::InputError;
using nlohmann::json;
namespace sudoku = gridmilp::sudoku;
namespace app = gridmilp::app;

constexpr int kExitSolved = 0;
constexpr int kExitUnsolved = 1;
constexpr int kExitBadInput = 2;

/// Reads a whole file, or standard input for "-". Throws std::runtime_error with
/// the path when the file cannot be read.
std::string readInput(const std::string& path) {
  std::ostringstream out;
  if (path == "-") {
    out << std::cin.rdbuf();
    return out.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read '" + path + "'");
  out << in.rdbuf();
  return out.str();
}

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

std::string formatMs(double ms) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f ms", ms);
  return buffer;
}

int runSolve(const std::string& path, bool euler96, bool as_json,
             const gridmilp::milp::SolveOptions& options) {
  std::string text;
  try {
    text = readInput(path);
  } catch (const std::exception& e) {
    std::cerr << "gridmilp: " << e.what() << "\n";
    return kExitBadInput;
  }
  sudoku::ParsedText parsed;
  try {
    parsed = sudoku::parseText(text, sudoku::shapeForSize(9));
  } catch (const InputError& e) {
    if (as_json) std::cout << json{{"id", nullptr}, {"error", app::toJson(e)}}.dump() << "\n";
    std::cerr << "gridmilp: " << (path == "-" ? "standard input" : path) << ": " << e.what()
              << "\n";
    return kExitBadInput;
  }
  int solved = 0, unsolved = 0, errors = 0;
  long euler_sum = 0;
  std::vector<double> times;
  for (std::size_t i = 0; i < parsed.puzzles.size(); ++i) {
    const sudoku::ParsedPuzzle& puzzle = parsed.puzzles[i];
    const json id = static_cast<int>(i + 1);
    try {
      const app::SolveOutcome outcome = app::solveSudoku(puzzle.grid, options);
      times.push_back(outcome.totalMs);
      if (as_json) {
        std::cout << json{{"id", id}, {"result", app::toJson(outcome)}}.dump() << "\n";
      }
      if (outcome.solution) {
        ++solved;
        const auto& c = outcome.solution->cells;
        euler_sum += 100 * c[0] + 10 * c[1] + c[2];
        if (!as_json && !euler96) std::cout << outcome.solution->toLine() << "\n";
      } else {
        ++unsolved;
        if (!as_json && !euler96) std::cout << "no solution\n";
        std::cerr << "gridmilp: " << puzzle.name << " (line " << puzzle.line << "): "
                  << (outcome.result.status == gridmilp::milp::SolveStatus::kTimeLimit
                          ? "time limit reached without a solution"
                          : "no solution")
                  << "\n";
      }
    } catch (const InputError& e) {
      ++errors;
      if (as_json) std::cout << json{{"id", id}, {"error", app::toJson(e)}}.dump() << "\n";
      if (!as_json && !euler96) std::cout << "error: " << e.what() << "\n";
      std::cerr << "gridmilp: " << puzzle.name << " (line " << puzzle.line << "): " << e.what()
                << "\n";
    }
  }
  if (euler96) std::cout << euler_sum << "\n";
  double total = 0;
  for (double t : times) total += t;
  std::cerr << "gridmilp: " << parsed.puzzles.size() << " puzzle"
            << (parsed.puzzles.size() == 1 ? "" : "s") << " (" << sudoku::toString(parsed.format)
            << "): " << solved << " solved, " << unsolved << " without solution, " << errors
            << " errors; total " << formatMs(total) << ", median " << formatMs(median(times))
            << ", max "
            << formatMs(times.empty() ? 0 : *std::max_element(times.begin(), times.end())) << "\n";
  if (errors > 0) return kExitBadInput;
  return unsolved > 0 ? kExitUnsolved : kExitSolved;
}

int runRequests(const std::string& path) {
  std::string text;
  try {
    text = readInput(path);
  } catch (const std::exception& e) {
    std::cerr << "gridmilp: " << e.what() << "\n";
    return kExitBadInput;
  }
  // One request per line, or one request spread over the whole text.
  std::vector<std::string> requests;
  if (json::accept(text)) {
    requests.push_back(text);
  } else {
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
      if (line.find_first_not_of(" \t\r") != std::string::npos) requests.push_back(line);
    }
  }
  int status = kExitSolved;
  for (const std::string& request : requests) {
    const std::string response = app::handleRequest(request);
    std::cout << response << "\n";
    if (json::parse(response).contains("error")) status = kExitBadInput;
  }
  return status;
}

/// Times every puzzle of a file (warm: each puzzle solved `repeat` times, the
/// minimum kept) and prints JSON: {"puzzles", "format", "timesUs", "nodes",
/// "firstSolveUs", "verified"}.
int runBench(const std::string& path, int repeat, const gridmilp::milp::SolveOptions& options) {
  const std::string text = readInput(path);
  const sudoku::ParsedText parsed = sudoku::parseText(text, sudoku::shapeForSize(9));
  json times = json::array(), nodes = json::array();
  double first_us = -1;
  bool verified = true;
  for (const sudoku::ParsedPuzzle& puzzle : parsed.puzzles) {
    double best = 1e300;
    std::int64_t node_count = 0;
    for (int k = 0; k < std::max(1, repeat); ++k) {
      const auto start = std::chrono::steady_clock::now();
      const app::SolveOutcome outcome = app::solveSudoku(puzzle.grid, options);
      const double us =
          std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
              .count();
      if (first_us < 0) first_us = us;
      best = std::min(best, us);
      node_count = outcome.result.stats.nodes;
      if (!outcome.solution || !sudoku::isValidSolution(puzzle.grid, *outcome.solution)) {
        verified = false;
      }
    }
    times.push_back(best);
    nodes.push_back(node_count);
  }
  std::cout << json{{"puzzles", parsed.puzzles.size()},
                    {"format", sudoku::toString(parsed.format)},
                    {"timesUs", times},
                    {"nodes", nodes},
                    {"firstSolveUs", first_us},
                    {"verified", verified}}
                   .dump()
            << "\n";
  return verified ? kExitSolved : kExitUnsolved;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"gridmilp: Sudoku solved as a MILP by GLPK"};
  cli.require_subcommand(1);
  gridmilp::milp::SolveOptions options;
  bool no_presolve = false;

  std::string solve_path;
  bool euler96 = false, as_json = false;
  CLI::App* solve = cli.add_subcommand("solve", "Solve every puzzle of a file (or - for stdin)");
  solve->add_option("file", solve_path, "Puzzle file: one or many puzzles, or - for standard input")
      ->required();
  solve->add_flag("--euler96", euler96,
                  "Print only the Project Euler 96 sum of the top-left numbers");
  solve->add_flag("--json", as_json, "Print the full response objects, one JSON per line");
  solve->add_option("--time-limit", options.timeLimitMs, "Time limit per puzzle in ms (0 = none)")
      ->check(CLI::NonNegativeNumber);
  solve->add_flag("--no-presolve", no_presolve, "Turn GLPK's MIP presolver off");

  std::string request_path;
  CLI::App* request = cli.add_subcommand("request", "Answer JSON protocol requests (one per line)");
  request->add_option("file", request_path, "File of JSON requests, or - for standard input")
      ->required();

  std::string bench_path;
  int repeat = 3;
  CLI::App* bench = cli.add_subcommand("bench", "Time each puzzle of a file; prints JSON");
  bench->add_option("file", bench_path, "Puzzle file")->required();
  bench->add_option("--repeat", repeat, "Solves per puzzle (the minimum is kept)");

  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = cli.exit(e);
    return code == 0 ? 0 : kExitBadInput;
  }
  options.presolve = !no_presolve;
  try {
    if (*solve) return runSolve(solve_path, euler96, as_json, options);
    if (*request) return runRequests(request_path);
    if (*bench) return runBench(bench_path, repeat, options);
  } catch (const std::exception& e) {
    std::cerr << "gridmilp: " << e.what() << "\n";
    return kExitBadInput;
  }
  return kExitBadInput;
}
