// gridmilp — the native command-line interface.
// SPDX-License-Identifier: GPL-3.0-or-later
//
//   gridmilp-cli solve FILE|- [--euler96] [--json] [--unique | --enumerate K]
//                [--objective diagonal|firstRow|FILE] [--size N] [--box HxW]
//                [--symbols auto|digits|hex|numbers] [--time-limit MS] [--no-presolve]
//   gridmilp-cli generate [--size N] [--box HxW] [--seed S] [--givens G]
//                [--symmetry none|rot180|mirror] [--json]
//   gridmilp-cli request FILE|-           (JSON requests, one per line -> responses)
//   gridmilp-cli bench FILE [--repeat N]  (JSON timings, for npm run bench)
//
// The CLI is a formatter over the JSON protocol (cpp/app/protocol.md): it builds the
// same requests the page sends and prints the responses, so a case seen here is a
// case the page and the Node API see too.
//
// Exit codes: 0 every puzzle solved; 1 some puzzle has no solution (or hit the time
// limit without one); 2 bad input (unreadable file, parse error, conflicting givens)
// or a solver error.
#include <unistd.h>
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "app/service.h"
#include "puzzles/sudoku/grid.h"
#include "puzzles/sudoku/text.h"

namespace {

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

/// Whether standard error is a terminal. In the Node build (gridmilp_cli_node,
/// NODERAWFS) isatty() answers 1 for every stream, so ask Node instead.
bool stderrIsTerminal() {
#ifdef __EMSCRIPTEN__
  return EM_ASM_INT({ return process.stderr.isTTY ? 1 : 0; }) != 0;
#else
  return isatty(STDERR_FILENO) != 0;
#endif
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

/// What `solve` is asked to do with each puzzle.
struct SolveCommand {
  std::string path;
  bool euler96 = false;
  bool as_json = false;
  bool unique = false;
  int enumerate = 0;
  std::string objective;  // "", a preset, or a file
  json shape;             // size/boxHeight/boxWidth/symbols fields for requests
  json options;           // the request's "options"
};

/// The objective object of a request from --objective: a preset name, or a file
/// whose first word is maximize/minimize followed by n·n weights.
json objectiveJson(const std::string& spec) {
  if (spec == "diagonal" || spec == "firstRow") return {{"preset", spec}};
  std::istringstream in(readInput(spec));
  std::string sense;
  in >> sense;
  if (sense != "maximize" && sense != "minimize") {
    throw std::runtime_error("objective file '" + spec +
                             "' must start with maximize or minimize, then the weights");
  }
  json weights = json::array();
  for (std::string word; in >> word;) {
    try {
      std::size_t used = 0;
      const double w = std::stod(word, &used);
      if (used != word.size()) throw std::invalid_argument(word);
      weights.push_back(w);
    } catch (const std::exception&) {
      throw std::runtime_error("objective file '" + spec + "': '" + word + "' is not a number");
    }
  }
  return {{"sense", sense}, {"weights", weights}};
}

std::string where(const std::string& path) { return path == "-" ? "standard input" : path; }

int runSolve(const SolveCommand& cmd) {
  std::string text;
  json objective;
  try {
    text = readInput(cmd.path);
    if (!cmd.objective.empty()) objective = objectiveJson(cmd.objective);
  } catch (const std::exception& e) {
    std::cerr << "gridmilp: " << e.what() << "\n";
    return kExitBadInput;
  }
  json parse_request = cmd.shape;
  parse_request["type"] = "parse";
  parse_request["text"] = text;
  const json parsed = app::handle(parse_request);
  if (parsed.contains("error")) {
    if (cmd.as_json) std::cout << parsed.dump() << "\n";
    std::cerr << "gridmilp: " << where(cmd.path) << ": "
              << parsed["error"]["message"].get<std::string>() << "\n";
    return kExitBadInput;
  }
  const json& puzzles = parsed["result"]["puzzles"];
  const char* type = cmd.unique ? "checkUniqueness" : cmd.enumerate > 0 ? "enumerate" : "solve";
  int solved = 0, unsolved = 0, errors = 0, not_unique = 0;
  long euler_sum = 0;
  std::vector<double> times;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const json& puzzle = puzzles[i];
    json request = {{"id", static_cast<int>(i + 1)},
                    {"type", type},
                    {"puzzle", puzzle["givens"]},
                    {"size", parsed["result"]["size"]},
                    {"boxHeight", parsed["result"]["boxHeight"]},
                    {"boxWidth", parsed["result"]["boxWidth"]},
                    {"options", cmd.options}};
    if (cmd.enumerate > 0) request["limit"] = cmd.enumerate;
    if (!objective.is_null()) request["objective"] = objective;
    const json response = app::handle(request);
    if (cmd.as_json) std::cout << response.dump() << "\n";
    const std::string label = puzzle["name"].get<std::string>() + " (line " +
                              std::to_string(puzzle["line"].get<int>()) + ")";
    if (response.contains("error")) {
      ++errors;
      const std::string message = response["error"]["message"];
      if (!cmd.as_json && !cmd.euler96) std::cout << "error: " << message << "\n";
      std::cerr << "gridmilp: " << label << ": " << message << "\n";
      continue;
    }
    const json& result = response["result"];
    if (result.contains("stats") && result["stats"].contains("totalMs")) {
      times.push_back(result["stats"]["totalMs"]);
    } else if (result.contains("totalMs")) {
      times.push_back(result["totalMs"]);
    }
    std::vector<std::string> solutions;
    if (result.contains("solutions")) {
      for (const json& s : result["solutions"]) solutions.push_back(s);
    } else if (result.contains("solution")) {
      solutions.push_back(result["solution"]);
    }
    if (solutions.empty()) {
      ++unsolved;
      if (!cmd.as_json && !cmd.euler96) std::cout << "no solution\n";
      std::cerr << "gridmilp: " << label << ": "
                << (result.value("status", "") == "time_limit" ||
                            result.value("lastStatus", "") == "time_limit"
                        ? "time limit reached without a solution"
                        : "no solution")
                << "\n";
      continue;
    }
    ++solved;
    const std::string& first = solutions.front();
    if (first.size() >= 3) {
      euler_sum += 100 * (first[0] - '0') + 10 * (first[1] - '0') + (first[2] - '0');
    }
    if (cmd.as_json || cmd.euler96) continue;
    if (cmd.unique) {
      const json& u = result["unique"];
      if (u.is_boolean() && !u.get<bool>()) ++not_unique;
      std::cout << first << " "
                << (u.is_null()     ? "unknown"
                    : u.get<bool>() ? "unique"
                                    : "not-unique");
      if (result.contains("secondSolution")) {
        std::cout << " " << result["secondSolution"].get<std::string>();
      }
      std::cout << "\n";
    } else if (cmd.enumerate > 0) {
      for (const std::string& s : solutions) std::cout << s << "\n";
      std::cout << "\n";
      std::cerr << "gridmilp: " << label << ": "
                << (result["complete"].get<bool>() ? "" : "at least ") << solutions.size()
                << " solution" << (solutions.size() == 1 ? "" : "s") << "\n";
    } else {
      std::cout << first << "\n";
      if (result.contains("objective")) {
        const json& o = result["objective"];
        std::cerr << "gridmilp: " << label << ": objective " << o["value"].dump() << " ("
                  << result["status"].get<std::string>() << ", gap " << o["gap"].dump() << ")\n";
      }
    }
  }
  if (cmd.euler96) std::cout << euler_sum << "\n";
  double total = 0;
  for (double t : times) total += t;
  std::cerr << "gridmilp: " << puzzles.size() << " puzzle" << (puzzles.size() == 1 ? "" : "s")
            << " (" << parsed["result"]["size"].get<int>() << "\u00d7"
            << parsed["result"]["size"].get<int>() << ", "
            << parsed["result"]["format"].get<std::string>() << "): " << solved << " solved, "
            << unsolved << " without solution, " << errors << " errors";
  if (cmd.unique) std::cerr << ", " << not_unique << " not unique";
  std::cerr << "; total " << formatMs(total) << ", median " << formatMs(median(times)) << ", max "
            << formatMs(times.empty() ? 0 : *std::max_element(times.begin(), times.end())) << "\n";
  if (errors > 0) return kExitBadInput;
  return unsolved > 0 ? kExitUnsolved : kExitSolved;
}

int runGenerate(json request, bool as_json) {
  request["type"] = "generate";
  // A live progress line only on a terminal; logs get the summary alone.
  const bool live = stderrIsTerminal();
  const json response = app::handle(request, [live](const json& message) {
    if (!live) return;
    const json& p = message["progress"];
    std::cerr << "\rgridmilp: " << p["checked"] << " of " << p["total"] << " cells tried, "
              << p["givens"] << " givens" << std::flush;
  });
  if (live) std::cerr << "\n";
  if (as_json) std::cout << response.dump() << "\n";
  if (response.contains("error")) {
    std::cerr << "gridmilp: " << response["error"]["message"].get<std::string>() << "\n";
    return kExitBadInput;
  }
  const json& r = response["result"];
  if (!as_json) std::cout << r["puzzle"].get<std::string>() << "\n";
  const json& d = r["difficulty"]["stats"];
  std::cerr << "gridmilp: " << r["size"] << "\u00d7" << r["size"] << ", seed " << r["seed"] << ": "
            << r["givens"] << " givens, unique" << (r["minimal"].get<bool>() ? ", minimal" : "")
            << (r["targetGivens"].get<int>() > 0
                    ? (r["targetReached"].get<bool>() ? ", target reached" : ", target not reached")
                    : "")
            << "; " << r["uniquenessChecks"] << " uniqueness checks, " << formatMs(r["totalMs"])
            << ". The MILP on it: root LP "
            << (d["rootLpIntegral"].is_null()     ? "not needed (presolve solved it)"
                : d["rootLpIntegral"].get<bool>() ? "integral"
                                                  : "fractional")
            << ", " << d["nodes"] << " B&B nodes, " << formatMs(d["solveMs"]) << "\n";
  return kExitSolved;
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
    const std::string response = app::handleRequest(
        request, [](const json& message) { std::cout << message.dump() << "\n"; });
    std::cout << response << "\n";
    if (json::parse(response).contains("error")) status = kExitBadInput;
  }
  return status;
}

/// Times every puzzle of a file (each solved `repeat` times, the minimum kept) and
/// prints JSON: {"puzzles", "format", "size", "timesUs", "nodes", "statuses",
/// "firstSolveUs", "verified"}. A puzzle stopped by the time limit is reported with
/// status "time_limit"; "verified" says every solution found passed the checker.
/// Times each puzzle of a file as the page and the WASM module see it: one JSON solve
/// request in, one JSON response out (app::handleRequest: parsing, the model, GLPK,
/// serialising), best of `repeat`; checks every solution independently. Prints one
/// JSON object (timesUs, nodes, statuses, verified).
int runBench(const std::string& path, int repeat, const json& options) {
  const std::string text = readInput(path);
  const sudoku::ParsedText parsed = sudoku::parseText(text);
  json times = json::array(), nodes = json::array(), statuses = json::array();
  double first_us = -1;
  bool verified = true;
  for (const sudoku::ParsedPuzzle& puzzle : parsed.puzzles) {
    const std::string request = json{
        {"id", 1},
        {"type", "solve"},
        {"puzzle", puzzle.grid.toLine()},
        {"size", parsed.shape.size()},
        {"boxHeight", parsed.shape.boxHeight},
        {"boxWidth", parsed.shape.boxWidth},
        {"options", options}}.dump();
    double best = 1e300;
    std::int64_t node_count = 0;
    std::string status;
    for (int k = 0; k < std::max(1, repeat); ++k) {
      const auto start = std::chrono::steady_clock::now();
      const std::string response = app::handleRequest(request);
      const double us =
          std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
              .count();
      if (first_us < 0) first_us = us;
      best = std::min(best, us);
      const json r = json::parse(response);
      if (!r.contains("result")) throw std::runtime_error(r["error"]["message"].get<std::string>());
      const json& result = r["result"];
      node_count = result["stats"]["nodes"].get<std::int64_t>();
      status = result["status"].get<std::string>();
      const bool solved = result.contains("solution");
      if (solved) {
        sudoku::Grid solution =
            sudoku::parseOne(result["solution"].get<std::string>(), parsed.shape);
        if (!sudoku::isValidSolution(puzzle.grid, solution)) verified = false;
      }
      if (!solved) break;  // a time limit: once is enough
    }
    times.push_back(best);
    nodes.push_back(node_count);
    statuses.push_back(status);
  }
  std::cout << json{{"puzzles", parsed.puzzles.size()},
                    {"format", sudoku::toString(parsed.format)},
                    {"size", parsed.shape.size()},
                    {"timesUs", times},
                    {"nodes", nodes},
                    {"statuses", statuses},
                    {"firstSolveUs", first_us},
                    {"verified", verified}}
                   .dump()
            << "\n";
  return verified ? kExitSolved : kExitUnsolved;
}

/// Adds --size, --box and --symbols to a subcommand.
void addShapeOptions(CLI::App* sub, int* size, std::string* box, std::string* symbols) {
  sub->add_option("--size", *size, "Side length n (default: detect)")
      ->check(CLI::Range(1, sudoku::kMaxSize));
  sub->add_option("--box", *box, "Box shape HxW, e.g. 2x3 (default: the usual one for the size)");
  sub->add_option("--symbols", *symbols, "auto, digits (1-9 A-Z), hex (0-F) or numbers");
}

/// The size/boxHeight/boxWidth/symbols fields of a request. Throws
/// std::runtime_error for a malformed --box.
json shapeJson(int size, const std::string& box, const std::string& symbols) {
  json out = json::object();
  if (size > 0) out["size"] = size;
  if (!box.empty()) {
    const auto x = box.find('x');
    try {
      if (x == std::string::npos) throw std::invalid_argument(box);
      out["boxHeight"] = std::stoi(box.substr(0, x));
      out["boxWidth"] = std::stoi(box.substr(x + 1));
    } catch (const std::exception&) {
      throw std::runtime_error("--box must be HxW, e.g. 2x3 (got '" + box + "')");
    }
  }
  if (!symbols.empty()) out["symbols"] = symbols;
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"gridmilp: Sudoku solved as a MILP by GLPK"};
  cli.require_subcommand(1);

  SolveCommand solve_cmd;
  int time_limit = 0;
  bool no_presolve = false;
  int size = 0;
  std::string box, symbols;
  CLI::App* solve = cli.add_subcommand("solve", "Solve every puzzle of a file (or - for stdin)");
  solve->add_option("file", solve_cmd.path, "Puzzle file: one or many puzzles, or - for stdin")
      ->required();
  solve->add_flag("--euler96", solve_cmd.euler96,
                  "Print only the Project Euler 96 sum of the top-left numbers");
  solve->add_flag("--json", solve_cmd.as_json, "Print the full response objects, one per line");
  auto* unique = solve->add_flag("--unique", solve_cmd.unique,
                                 "Check uniqueness: print 'SOLUTION unique' or 'SOLUTION "
                                 "not-unique SECOND'");
  solve
      ->add_option("--enumerate", solve_cmd.enumerate,
                   "List up to K solutions per puzzle (a blank line after each puzzle)")
      ->check(CLI::Range(1, 100000))
      ->excludes(unique);
  solve->add_option("--objective", solve_cmd.objective,
                    "diagonal, firstRow, or a file: maximize|minimize then n*n weights");
  solve->add_option("--time-limit", time_limit, "Time limit per solve in ms (0 = none)")
      ->check(CLI::NonNegativeNumber);
  solve->add_flag("--no-presolve", no_presolve, "Turn GLPK's MIP presolver off");
  std::string model = "textbook";
  solve->add_option("--model", model,
                    "textbook (729 variables for 9x9), candidates, or reduced (singles fixed)");
  addShapeOptions(solve, &size, &box, &symbols);

  int gen_size = 9, givens = 0;
  std::int64_t seed = 1;
  std::string gen_box, symmetry = "none";
  bool gen_json = false;
  CLI::App* generate = cli.add_subcommand("generate", "Generate a puzzle with a unique solution");
  generate->add_option("--size", gen_size, "Side length n (default 9)")
      ->check(CLI::Range(1, sudoku::kMaxSize));
  generate->add_option("--box", gen_box, "Box shape HxW (default: the usual one)");
  generate->add_option("--seed", seed, "Random seed (the same seed gives the same puzzle)")
      ->check(CLI::Range(static_cast<std::int64_t>(0), static_cast<std::int64_t>(4294967295LL)));
  generate->add_option("--givens", givens, "Target number of givens (default: as few as possible)")
      ->check(CLI::NonNegativeNumber);
  generate->add_option("--symmetry", symmetry, "none, rot180 or mirror");
  generate->add_option("--time-limit", time_limit, "Time limit per solve in ms (0 = none)")
      ->check(CLI::NonNegativeNumber);
  generate->add_flag("--json", gen_json, "Print the full response object");

  std::string request_path;
  CLI::App* request = cli.add_subcommand("request", "Answer JSON protocol requests (one per line)");
  request->add_option("file", request_path, "File of JSON requests, or - for standard input")
      ->required();

  std::string bench_path;
  int repeat = 3;
  CLI::App* bench = cli.add_subcommand("bench", "Time each puzzle of a file; prints JSON");
  bench->add_option("file", bench_path, "Puzzle file")->required();
  bench->add_option("--repeat", repeat, "Solves per puzzle (the minimum is kept)");
  std::string bench_model = "reduced";
  bench->add_option("--model", bench_model, "textbook, candidates or reduced (default)");
  bench->add_flag("--no-presolve", no_presolve, "Turn GLPK's MIP presolver off");
  bench->add_option("--time-limit", time_limit, "Time limit per solve in ms (0 = none)");

  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = cli.exit(e);
    return code == 0 ? 0 : kExitBadInput;
  }
  try {
    const json options = {
        {"timeLimitMs", time_limit}, {"presolve", !no_presolve}, {"model", model}};
    if (*solve) {
      solve_cmd.shape = shapeJson(size, box, symbols);
      solve_cmd.options = options;
      return runSolve(solve_cmd);
    }
    if (*generate) {
      json req = shapeJson(gen_size, gen_box, "");
      req["seed"] = seed;
      req["givens"] = givens;
      req["symmetry"] = symmetry;
      req["options"] = options;
      return runGenerate(req, gen_json);
    }
    if (*request) return runRequests(request_path);
    if (*bench) {
      return runBench(
          bench_path, repeat,
          {{"timeLimitMs", time_limit}, {"presolve", !no_presolve}, {"model", bench_model}});
    }
  } catch (const std::exception& e) {
    std::cerr << "gridmilp: " << e.what() << "\n";
    return kExitBadInput;
  }
  return kExitBadInput;
}
