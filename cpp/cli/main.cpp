// gridmilp — the native command-line interface.
// SPDX-License-Identifier: GPL-3.0-or-later
//
//   gridmilp-cli solve FILE|- [--genre G] [--euler96] [--json] [--unique | --enumerate K]
//                [--objective diagonal|firstRow|FILE] [--jobs N] [--size N] [--box HxW]
//                [--symbols auto|digits|hex|numbers] [--time-limit MS] [--no-presolve]
//   gridmilp-cli generate [--size N] [--box HxW] [--seed S] [--givens G]
//                [--symmetry none|rot180|mirror] [--json]
//   gridmilp-cli request FILE|-           (JSON requests, one per line -> responses)
//   gridmilp-cli bench FILE [--repeat N] [--back-to-back] [--warm-up-ms MS]
//                                     (JSON timings, for npm run bench)
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
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "app/json.h"
#include "app/request.h"
#include "app/service.h"
#include "cli/jobs.h"
#include "milp/glpk_backend.h"
#include "protocol/vocabulary.h"
#ifdef GRIDMILP_WITH_GENRES
#include "puzzles/common/puzzlink.h"
#include "puzzles/common/registry.h"
#endif
#include "puzzles/sudoku/grid.h"
#include "puzzles/sudoku/text.h"

namespace {

using gridmilp::app::JsonAllocator;
using rapidjson::StringRef;
using rapidjson::Value;
namespace sudoku = gridmilp::sudoku;
namespace app = gridmilp::app;
#ifdef GRIDMILP_WITH_GENRES
namespace puzzles = gridmilp::puzzles;
#endif

constexpr int kExitSolved = 0;
constexpr int kExitUnsolved = 1;
constexpr int kExitBadInput = 2;

/// What a file that is not text is, from its first bytes: a file format's signature
/// (PNG, JPEG, GIF, PDF, ZIP, gzip: their published magic numbers), UTF-16 by its byte
/// order mark, else "binary data" when a NUL byte is among the first 4,096 bytes. Empty
/// when the file may be text.
std::string binaryKind(std::string_view data) {
  const auto starts = [&](std::string_view magic) { return data.substr(0, magic.size()) == magic; };
  using namespace std::string_view_literals;
  if (starts("\x89PNG\r\n\x1A\n"sv)) return "a PNG image";
  if (starts("\xFF\xD8\xFF"sv)) return "a JPEG image";
  if (starts("GIF87a"sv) || starts("GIF89a"sv)) return "a GIF image";
  if (starts("%PDF-"sv)) return "a PDF document";
  if (starts("PK\x03\x04"sv)) return "a ZIP archive (an .xlsx spreadsheet is one)";
  if (starts("\x1F\x8B"sv)) return "a gzip archive";
  if (starts("\xFF\xFE"sv) || starts("\xFE\xFF"sv)) return "UTF-16 text (save it as UTF-8)";
  if (data.substr(0, 4096).find('\0') != std::string_view::npos) return "binary data";
  return {};
}

/// Reads a whole file, or standard input for "-". Throws std::runtime_error with
/// the path when the file cannot be read, or when it is not text (binaryKind: an image,
/// an archive, UTF-16), which would otherwise be reported as a puzzle's bad character.
std::string readInput(const std::string& path) {
  std::ostringstream out;
  if (path == "-") {
    out << std::cin.rdbuf();
  } else {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
      throw std::runtime_error("'" + path + "' is a directory, not a puzzle file");
    }
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      // Why, as the system says it: no such file, no permission.
      const int why = errno;
      throw std::runtime_error("cannot read '" + path + "'" +
                               (why != 0 ? ": " + std::string(std::strerror(why)) : ""));
    }
    out << in.rdbuf();
  }
  std::string text = out.str();
  if (const std::string kind = binaryKind(text); !kind.empty()) {
    // This CLI reads text only; the npm package's CLI reads spreadsheets (docs/cli.md).
    throw std::runtime_error((path == "-" ? std::string("standard input") : "'" + path + "'") +
                             " is " + kind +
                             ", not a puzzle text: this CLI reads puzzles as UTF-8 text (one "
                             "puzzle a line, grids, records); spreadsheets (.xlsx, .csv) are "
                             "read by `npm run cli` and `npx gridmilp` (docs/cli.md)");
  }
  // A byte-order mark (Windows editors write one) is not part of the puzzles.
  return std::string(app::withoutByteOrderMark(text));
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

/// The string of a JSON value known to be a string (a field of a response).
std::string text(const Value& value) {
  return std::string(value.GetString(), value.GetStringLength());
}

/// An error's message (protocol.md, "Errors") with the cells its `where` names, when the
/// message does not say them itself: "cage 'g' has 2 cells and sum 18, … (row 6, column
/// 1; row 6, column 2)", as the page says it (genre/view.ts, errorMessage).
std::string messageWithCells(const Value& error) {
  std::string message = text(error["message"]);
  if (!error.HasMember("where") || !error["where"].IsObject()) return message;
  const Value& where = error["where"];
  if (!where.HasMember("cells") || !where["cells"].IsArray() || where["cells"].Empty() ||
      message.find("row ") != std::string::npos) {
    return message;
  }
  std::string cells;
  for (const Value& cell : where["cells"].GetArray()) {
    if (!cell.IsObject() || !cell.HasMember("row") || !cell.HasMember("column")) continue;
    cells += (cells.empty() ? "" : "; ") + std::string("row ") +
             std::to_string(cell["row"].GetInt()) + ", column " +
             std::to_string(cell["column"].GetInt());
  }
  return cells.empty() ? message : message + " (" + cells + ")";
}

/// The puzzle fields of a request from --size, --box and --symbols (0 / "" = not given).
struct ShapeArgs {
  int size = 0;
  bool box = false;  ///< --box given: boxHeight and boxWidth are sent
  int boxHeight = 0;
  int boxWidth = 0;
  std::string symbols;
};

/// The MILP options of a request from --time-limit, --no-presolve, --model and --method.
struct OptionArgs {
  int timeLimitMs = 0;
  bool presolve = true;
  std::string model = "textbook";
  std::string method = "branch-and-bound";
};

/// Adds the size/boxHeight/boxWidth/symbols fields that were given to a request.
void addShape(Value& request, const ShapeArgs& shape, JsonAllocator& a) {
  if (shape.size > 0) request.AddMember("size", shape.size, a);
  if (shape.box) {
    request.AddMember("boxHeight", shape.boxHeight, a).AddMember("boxWidth", shape.boxWidth, a);
  }
  if (!shape.symbols.empty()) request.AddMember("symbols", app::jsonString(shape.symbols, a), a);
}

/// The request's "options" object.
Value optionsJson(const OptionArgs& options, JsonAllocator& a) {
  Value out(rapidjson::kObjectType);
  out.AddMember("timeLimitMs", options.timeLimitMs, a)
      .AddMember("presolve", options.presolve, a)
      .AddMember("model", app::jsonString(options.model, a), a)
      .AddMember("method", app::jsonString(options.method, a), a);
  return out;
}

/// What `solve` is asked to do with each puzzle.
struct SolveCommand {
  std::string path;
  bool euler96 = false;
  bool as_json = false;
  bool unique = false;
  int enumerate = 0;
  std::string objective;  // "", a preset, or a file
  ShapeArgs shape;        // size/boxHeight/boxWidth/symbols fields for requests
  OptionArgs options;     // the request's "options"
  std::string genre = "sudoku";
  /// A file of URLs of several genres, without --genre: each puzzle is its URL's genre
  /// (`genre` is the first genre other than Sudoku), `genres` all of them for the summary.
  bool ownGenres = false;
  std::string genres;
  std::optional<std::string> input;  // the file's text, when main has read it already
  bool modelGiven = false;           // --model given (genres: else the genre's default model)
  bool methodGiven = false;          // --method given (genres: else the fastest route)
  bool routeGiven = false;           // Sudoku: --model or --method given (else the fastest route)
  int jobs = 1;                      // worker processes (--jobs; cli/jobs.h)
  bool explainInfeasible = false;    // --explain-infeasible
  std::string results;               // --results FILE: the results table as CSV
};

/// One field of a CSV line (RFC 4180): quoted, with quotes doubled, when it holds a
/// comma, a quote or a line break. A text a spreadsheet program would take for a formula
/// (starting with `=`, `@`, a tab or a carriage return, or with `+` or `-` and more: a
/// genre's record starts `=== name`) gets a leading apostrophe, the mark of a text cell,
/// and is quoted, as the npm CLI's results table (web/src/sheets/write.ts FORMULA_START),
/// whose reader drops the apostrophe again.
std::string csvField(const std::string& field) {
  const bool formula =
      !field.empty() && (std::string_view("=@\t\r").find(field[0]) != std::string_view::npos ||
                         ((field[0] == '+' || field[0] == '-') && field.size() > 1));
  if (!formula && field.find_first_of(",\"\r\n") == std::string::npos) return field;
  std::string out = formula ? "\"'" : "\"";
  for (const char ch : field) {
    if (ch == '"') out += '"';
    out += ch;
  }
  return out + "\"";
}

/// One row of `--results`: the columns of docs/formats.md ("Spreadsheets"), as the
/// page's and the npm API's results tables have them.
struct ResultRow {
  std::string name, status, ms, nodes, conflicts, puzzle, solution;
};

/// A result's MiniSat conflicts (`stats.sat.conflicts`: the CNF-SAT route ran), as the
/// results table's `conflicts` field; empty on branch-and-bound or when no solver ran.
std::string conflictsOf(const Value& stats) {
  if (!stats.IsObject() || !stats.HasMember("sat") || !stats["sat"].IsObject() ||
      !stats["sat"].HasMember("conflicts")) {
    return "";
  }
  return app::writeJson(stats["sat"]["conflicts"]);
}

/// Writes the rows as CSV to `path` (a header line, then one line per puzzle). Throws
/// std::runtime_error when the file cannot be written.
void writeResults(const std::string& path, const std::vector<ResultRow>& rows) {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw std::runtime_error("cannot write '" + path + "'");
  out << "name,status,ms,nodes,conflicts,puzzle,solution\n";
  for (const ResultRow& r : rows) {
    out << csvField(r.name) << ',' << csvField(r.status) << ',' << r.ms << ',' << r.nodes << ','
        << r.conflicts << ',' << csvField(r.puzzle) << ',' << csvField(r.solution) << '\n';
  }
  if (!out) throw std::runtime_error("cannot write '" + path + "'");
}

/// Writes the results table (writeResults) to `path`; on failure says why on standard
/// error and returns false.
bool saveResults(const std::string& path, const std::vector<ResultRow>& rows) {
  try {
    writeResults(path, rows);
    return true;
  } catch (const std::exception& e) {
    std::cerr << "gridmilp: " << e.what() << "\n";
    return false;
  }
}

/// The extension of `path` in lower case, without its dot ("xlsx"), or "" when none.
std::string lowerExtension(const std::string& path) {
  const auto dot = path.rfind('.');
  if (dot == std::string::npos) return "";
  std::string ext = path.substr(dot + 1);
  for (char& ch : ext) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return ext;
}

/// Whether `path` names a spreadsheet (read by the npm package's CLI, not this one).
bool isSpreadsheetPath(const std::string& path) {
  const std::string ext = lowerExtension(path);
  return ext == "xlsx" || ext == "xlsm" || ext == "csv" || ext == "tsv" || ext == "ods" ||
         ext == "xls" || ext == "numbers";
}

/// The objective object of a request from --objective: a preset name, or a file
/// whose first word is maximize/minimize followed by n·n weights. Throws
/// std::runtime_error when the file cannot be read or is malformed.
rapidjson::Document objectiveJson(const std::string& spec) {
  rapidjson::Document out(rapidjson::kObjectType);
  JsonAllocator& a = out.GetAllocator();
  if (spec == "diagonal" || spec == "firstRow") {
    out.AddMember("preset", app::jsonString(spec, a), a);
    return out;
  }
  std::string text;
  try {
    text = readInput(spec);
  } catch (const std::runtime_error& e) {
    // Not a preset: a file, which this is not either (a preset mistyped, most likely).
    throw std::runtime_error("--objective " + spec + ": not a preset (diagonal, firstRow) nor " +
                             "an objective file: " + e.what());
  }
  std::istringstream in(text);
  std::string sense;
  in >> sense;
  if (sense != "maximize" && sense != "minimize") {
    throw std::runtime_error("objective file '" + spec +
                             "' must start with maximize or minimize, then the weights");
  }
  Value weights(rapidjson::kArrayType);
  for (std::string word; in >> word;) {
    try {
      std::size_t used = 0;
      const double w = std::stod(word, &used);
      if (used != word.size()) throw std::invalid_argument(word);
      weights.PushBack(app::jsonNumber(w), a);
    } catch (const std::exception&) {
      throw std::runtime_error("objective file '" + spec + "': '" + word + "' is not a number");
    }
  }
  out.AddMember("sense", app::jsonString(sense, a), a).AddMember("weights", weights, a);
  return out;
}

std::string where(const std::string& path) { return path == "-" ? "standard input" : path; }

/// Whether a result (object) has a string member `name` equal to `value`.
bool hasString(const Value& object, const char* name, const char* value) {
  const auto it = object.FindMember(name);
  return it != object.MemberEnd() && it->value.IsString() && it->value == value;
}

/// Sends the parse request of `solve`'s input (Sudoku: with --size, --box and
/// --symbols; another genre: with `genre` and --size) into `parsed`. On an error
/// response, prints it (as JSON too with --json) and returns false.
bool parseInput(const SolveCommand& cmd, const std::string& input, rapidjson::Document* parsed) {
  rapidjson::Document request(rapidjson::kObjectType);
  JsonAllocator& a = request.GetAllocator();
  if (cmd.genre == "sudoku") {
    addShape(request, cmd.shape, a);
#ifdef GRIDMILP_WITH_GENRES
    // Sudoku's route for a text of URLs (one of several genres would take the genres').
    try {
      if (puzzles::urlTextGenre(input)) request.AddMember("genre", "sudoku", a);
    } catch (const gridmilp::InputError&) {  // no line a URL gridmilp reads: the parse says so
    }
#endif
  } else {
    if (cmd.shape.size > 0) request.AddMember("size", cmd.shape.size, a);
    // Without a genre, the engine reads each URL of a text of several as its own genre.
    if (!cmd.ownGenres) request.AddMember("genre", app::jsonString(cmd.genre, a), a);
  }
  request.AddMember("type", "parse", a)
      .AddMember("text", StringRef(input.data(), static_cast<rapidjson::SizeType>(input.size())),
                 a);
  *parsed = app::handle(request);
  if (!parsed->HasMember("error")) return true;
  if (cmd.as_json) std::cout << app::writeJson(*parsed) << "\n";
  std::cerr << "gridmilp: " << where(cmd.path) << ": " << messageWithCells((*parsed)["error"])
            << "\n";
  if (isSpreadsheetPath(cmd.path)) {
    std::cerr << "gridmilp: " << cmd.path
              << " is read as puzzle text here; spreadsheets (.xlsx, .csv) are read by `npm run "
                 "cli` and `npx gridmilp` (docs/cli.md)\n";
  }
  return false;
}

/// Whether the time limit stopped a result: its status, or an enumeration's lastStatus
/// (its last solve's).
bool stoppedByTimeLimit(const Value& result) {
  return hasString(result, "status", "time_limit") || hasString(result, "lastStatus", "time_limit");
}

/// Why a result has no solution, for the log: the time limit, or none exists (with
/// the rounds of cuts when the re-solve loop ran more than one).
std::string noSolutionReason(const Value& result) {
  if (stoppedByTimeLimit(result)) {
    return "time limit reached without a solution";
  }
  const Value* stats = gridmilp::app::findMember(result, "stats");
  const Value* rounds = stats != nullptr ? gridmilp::app::findMember(*stats, "rounds") : nullptr;
  if (rounds != nullptr && rounds->IsInt() && rounds->GetInt() > 1) {
    return "no solution (the MILP became infeasible after " + std::to_string(rounds->GetInt()) +
           " rounds of cuts)";
  }
  return "no solution";
}

/// A genre's cells (digits row by row, 0 for empty) as one line: `.`, 1–9, then A–Z.
std::string cellsLine(const Value& cells) {
  std::string line;
  for (const Value& v : cells.GetArray()) {
    const int d = v.GetInt();
    line += d == 0 ? '.' : d <= 9 ? static_cast<char>('0' + d) : static_cast<char>('A' + d - 10);
  }
  return line;
}

/// "r4c7 = 5, r1c1 = 5": a set of givens ([{row, column, digit}]) of an
/// explainInfeasible result; a clue genre's clues ([{row, column, clue}]) as
/// "r2c3: 16 across".
std::string givensList(const Value& set) {
  std::string out;
  for (const Value& g : set.GetArray()) {
    if (!out.empty()) out += ", ";
    out += "r" + std::to_string(g["row"].GetInt()) + "c" + std::to_string(g["column"].GetInt());
    if (g.HasMember("clue")) {
      out += ": " + text(g["clue"]);
    } else {
      out += " = " + (g["digit"].IsInt() ? std::to_string(g["digit"].GetInt()) : text(g["digit"]));
    }
  }
  return out;
}

/// --explain-infeasible: asks why `puzzle` (the givens of a solve request) has no
/// solution (protocol.md, "explainInfeasible") and writes the answer on standard error,
/// after `label`: the fewest givens to remove (and the other sets of that size), then the
/// largest partial fill that keeps every given. With --json the response is printed too.
void explainInfeasible(const SolveCommand& cmd, const Value& request, const std::string& label) {
  rapidjson::Document explain(rapidjson::kObjectType);
  JsonAllocator& a = explain.GetAllocator();
  explain.CopyFrom(request, a);
  explain["type"].SetString(StringRef("explainInfeasible"));
  rapidjson::Value& options = explain["options"];
  options.RemoveMember("model");
  options.RemoveMember("method");  // the solve's route is not these MILPs': the engine's default
  explain.RemoveMember("limit");   // --enumerate's: the explanation lists its default 3 sets
  const rapidjson::Document response = app::handle(explain);
  if (cmd.as_json) std::cout << app::writeJson(response) << "\n";
  std::ostream& log = std::cerr;
  if (response.HasMember("error")) {
    log << "gridmilp: " << label << ": cannot explain: " << text(response["error"]["message"])
        << "\n";
    return;
  }
  const Value& result = response["result"];
  const Value& removals = result["removals"];
  // A clue genre drops clues; the others remove givens, and a Killer its cage sums too:
  // the engine names them (result.removes).
  const bool clues = result.HasMember("clues");
  const std::string givens = text(result["removes"]["many"]);
  const std::string remove = clues ? "drop" : "remove";
  if (hasString(result, "status", "optimal")) {
    log << "gridmilp: " << label << ": it has a solution after all (no "
        << text(result["removes"]["one"]) << " needs to go)\n";
    return;
  }
  if (removals.HasMember("sets")) {
    const Value& sets = removals["sets"];
    const int count = removals["count"].GetInt();
    const bool proven = hasString(removals, "status", "optimal");
    log << "gridmilp: " << label << ": "
        << (proven ? "the fewest " + givens : "the fewest " + givens + " found") << " to " << remove
        << " for a solution: " << count << " (" << givensList(sets[0]) << ")";
    if (sets.Size() > 1) {
      log << "; other sets of " << count << ":";
      for (rapidjson::SizeType k = 1; k < sets.Size(); ++k) {
        log << (k > 1 ? ";" : "") << " " << givensList(sets[k]);
      }
      if (!removals["complete"].GetBool()) log << "; maybe more";
    } else if (proven && removals["complete"].GetBool()) {
      log << "; the only such set";
    }
    log << "\n";
  } else if (hasString(removals, "status", "infeasible")) {
    log << "gridmilp: " << label << ": " << (clues ? "dropping " : "removing ") << givens
        << " does not help: without any, the puzzle still has no solution\n";
  } else {
    log << "gridmilp: " << label << ": the fewest " << givens << " to " << remove
        << " were not found (" << text(removals["status"]) << ")\n";
  }
  if (!result.HasMember("partialFill")) return;
  const Value& fill = result["partialFill"];
  if (fill.HasMember("clash")) {
    const Value& clash = fill["clash"];
    log << "gridmilp: " << label << ": no fill keeps every given: two " << text(clash["digit"])
        << "s in " << text(clash["unit"]) << "\n";
  } else if (fill.HasMember("grid") || fill.HasMember("cells")) {
    // Sudoku's fill is a canonical line; a genre's is its cells (0 for empty).
    const std::string line = fill.HasMember("grid") ? text(fill["grid"]) : cellsLine(fill["cells"]);
    log << "gridmilp: " << label << ": "
        << (hasString(fill, "status", "optimal") ? "the largest fill" : "the largest fill found")
        << " that keeps every given places " << fill["placed"].GetInt() << " of " << line.size()
        << " digits: " << line << "\n";
  } else if (fill.HasMember("reason")) {
    log << "gridmilp: " << label << ": no largest fill: " << text(fill["reason"]) << "\n";
  }
}

/// The counts of a `solve` run.
struct Counts {
  int solved = 0;
  int unsolved = 0;  ///< without solution, the time limit's among them
  int errors = 0;
  int notUnique = 0;
  int timedOut = 0;  ///< of the unsolved, those the time limit stopped
};

/// Prints the summary line of a `solve` run on standard error ("gridmilp: 405 puzzles
/// (killer): 405 solved, 0 without solution, 0 errors; total …, median …, max …; reduced
/// model, CNF-SAT"; "…, 2 stopped by the time limit, …" when some were) and returns the
/// exit code. `route` says how GLPK solved (empty: left out).
int printSummary(std::size_t count, const std::string& what, const Counts& c, bool unique,
                 const std::vector<double>& times, const std::string& route) {
  double total = 0;
  for (double t : times) total += t;
  std::cerr << "gridmilp: " << count << " puzzle" << (count == 1 ? "" : "s") << " (" << what
            << "): " << c.solved << " solved, " << c.unsolved - c.timedOut << " without solution, ";
  if (c.timedOut > 0) std::cerr << c.timedOut << " stopped by the time limit, ";
  std::cerr << c.errors << (c.errors == 1 ? " error" : " errors");
  if (unique) std::cerr << ", " << c.notUnique << " not unique";
  std::cerr << "; total " << formatMs(total) << ", median " << formatMs(median(times)) << ", max "
            << formatMs(times.empty() ? 0 : *std::max_element(times.begin(), times.end()));
  if (!route.empty()) std::cerr << "; " << route;
  std::cerr << "\n";
  if (c.errors > 0) return kExitBadInput;
  return c.unsolved > 0 ? kExitUnsolved : kExitSolved;
}

/// "1 given", "2 givens": a count and its noun, plural by English's -s.
std::string counted(std::int64_t count, const std::string& noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

/// A grid line (n·n symbols: 1–9, then A, B, … for 10, 11, …; `.` for an empty cell) in
/// the layout of janko.at's sw_*.solutions.txt records: "=== header" (the record's,
/// "1_9x9 source=…"), "n n" (with `boxes`, "6 6 3x2": docs/formats.md), n rows of numbers
/// (`-` for an empty cell).
std::string solutionRecord(const std::string& header, const std::string& line, int n,
                           const std::string& boxes = "") {
  std::string out = "=== " + header + "\n" + std::to_string(n) + " " + std::to_string(n) +
                    (boxes.empty() ? "" : " " + boxes) + "\n";
  for (int cell = 0; cell < static_cast<int>(line.size()); ++cell) {
    const char c = line[static_cast<std::size_t>(cell)];
    out += c == '.' ? "-" : std::to_string(c <= '9' ? c - '0' : c - 'A' + 10);
    out += (cell + 1) % n == 0 ? '\n' : ' ';
  }
  return out;
}

/// A text cut into its lines, to give a record its own lines (parse's `line` and `lines`).
class TextLines {
 public:
  explicit TextLines(const std::string& text) : text_(text) {
    for (std::size_t k = 0; k < text.size(); ++k) {
      if (text[k] == '\n') start_.push_back(k + 1);
    }
  }
  /// Lines `line` (1-based) to line + lines − 1, with their line ends; `lines` null: to
  /// the end of the text.
  std::string slice(int line, const Value& lines) const {
    const std::size_t begin = start_[std::min<std::size_t>(line - 1, start_.size() - 1)];
    if (lines.IsNull()) return text_.substr(begin);
    const std::size_t end_line = static_cast<std::size_t>(line - 1 + lines.GetInt());
    const std::size_t end = end_line < start_.size() ? start_[end_line] : text_.size();
    return text_.substr(begin, end - begin);
  }

 private:
  const std::string& text_;
  std::vector<std::size_t> start_{0};
};

/// A record's text for --results' puzzle column: without Windows line ends ('\r') and
/// without the line end after its last line (a URL's cell is the URL alone).
std::string withoutLineEnds(std::string text) {
  std::erase(text, '\r');
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

/// The `=== …` header of a left-out entry, as its answer would have had it: a record's
/// whole header line (`1_9x9 source=…`), a URL's line as `url-N source=URL`, else `name`.
/// `own` is the record's text (withoutLineEnds).
std::string headerOf(const std::string& name, const std::string& own) {
  const std::size_t from = own.find_first_not_of("= \t");
  if (own.rfind("===", 0) == 0 && from != std::string::npos) {
    return own.substr(from, own.find('\n') - from);
  }
  const std::size_t begin = own.find_first_not_of(" \t");
  if (begin == std::string::npos || own.find('\n') != std::string::npos ||
      own.find("://") == std::string::npos) {
    return name;
  }
  return name + " source=" + own.substr(begin, own.find_last_not_of(" \t") + 1 - begin);
}

/// The records (or URL lines) a batch's parse left out (its `refused`, protocol.md
/// "parse"): each said on standard error when made, and printed on standard output in
/// its place among the answers, so that the output lines up with the input: its
/// `=== name` line and `error: …`, or with --json an error response of the protocol.
class LeftOut {
 public:
  /// `refused` is the parse result's array (or null: none); `slice(line, lines)` gives a
  /// record's own text for the --results table; `named`: the entry starts with its
  /// `=== name` line (answers printed as records), else it is the `error: …` line alone.
  LeftOut(const Value& refused, bool as_json,
          const std::function<std::string(int, const Value&)>& slice, bool named = true)
      : as_json_(as_json) {
    if (!refused.IsArray()) return;
    for (const Value& left : refused.GetArray()) {
      const int line = left["line"].GetInt();
      const std::string message = messageWithCells(left["error"]);
      const std::string label = text(left["name"]) + " (line " + std::to_string(line) + ")";
      // Most messages name the record already ("b (line 5): expected 3 lines …"), a URL's
      // its line ("line 3: …").
      const std::string at_line = "line " + std::to_string(line) + ": ";
      // A Sudoku text's line: its message starts with it ("Line 3, column 1: …").
      const bool says_line = message.rfind("Line " + std::to_string(line), 0) == 0;
      std::cerr << "gridmilp: left out "
                << (message.rfind(label, 0) == 0 || says_line ? message
                    : message.rfind(at_line, 0) == 0 ? label + ": " + message.substr(at_line.size())
                                                     : label + ": " + message)
                << "\n";
      ResultRow row;
      row.name = text(left["name"]);
      row.status = "error: " + message;
      row.puzzle = withoutLineEnds(slice(line, left["lines"]));
      std::string entry =
          (named ? "=== " + headerOf(row.name, row.puzzle) + "\n" : "") + row.status + "\n";
      // With --json, the error response is written when printed: its id is its place in
      // the text, known then (printBefore).
      if (as_json) entry = app::writeJson(left["error"]);
      entries_.push_back({line, std::move(entry), std::move(row)});
    }
    std::stable_sort(entries_.begin(), entries_.end(),
                     [](const Entry& x, const Entry& y) { return x.line < y.line; });
  }

  /// How many were left out (each an error of the batch).
  int count() const { return static_cast<int>(entries_.size()); }

  /// How many were left out before `line`: a puzzle's place in the text is its index
  /// among those read plus this (its --json id, as a left-out record's is its own).
  int before(int line) const {
    return static_cast<int>(std::count_if(entries_.begin(), entries_.end(),
                                          [&](const Entry& e) { return e.line < line; }));
  }

  /// Prints the entries of the records before `line` not printed yet; `answered` puzzles
  /// were printed before them (with --json, each entry's id is its place in the text:
  /// those answered and those left out before it, plus one).
  void printBefore(int line, std::size_t answered) {
    for (; printed_ < entries_.size() && entries_[printed_].line < line; ++printed_) {
      if (as_json_) {
        std::cout << "{\"id\":" << answered + printed_ + 1
                  << ",\"error\":" << entries_[printed_].text << "}\n";
      } else {
        std::cout << entries_[printed_].text;
      }
    }
  }

  /// Prints the entries not printed yet (after the last of the `answered` puzzles).
  void printRest(std::size_t answered) { printBefore(std::numeric_limits<int>::max(), answered); }

  /// Puts the left-out records' rows among `rows` (one per puzzle of `puzzles`, the
  /// parse result's array, in its order), in input order.
  void addRows(const Value& puzzles, std::vector<ResultRow>* rows) {
    if (entries_.empty()) return;
    std::vector<std::pair<int, ResultRow>> all;
    for (Entry& e : entries_) all.emplace_back(e.line, std::move(e.row));
    for (rapidjson::SizeType i = 0; i < puzzles.Size(); ++i) {
      all.emplace_back(puzzles[i]["line"].GetInt(), std::move((*rows)[i]));
    }
    std::stable_sort(all.begin(), all.end(),
                     [](const auto& x, const auto& y) { return x.first < y.first; });
    rows->clear();
    for (auto& [line, row] : all) rows->push_back(std::move(row));
  }

 private:
  struct Entry {
    int line;
    std::string text;  ///< what standard output prints in its place
    ResultRow row;     ///< its row of the --results table
  };
  std::vector<Entry> entries_;
  std::size_t printed_ = 0;
  bool as_json_ = false;
};

int runSolve(const SolveCommand& cmd) {
  std::string input;
  rapidjson::Document objective;  // null: no objective
  try {
    input = cmd.input ? *cmd.input : readInput(cmd.path);
    if (!cmd.objective.empty()) objective = objectiveJson(cmd.objective);
  } catch (const std::exception& e) {
    std::cerr << "gridmilp: " << e.what() << "\n";
    return kExitBadInput;
  }
  rapidjson::Document parsed;
  if (!parseInput(cmd, input, &parsed)) return kExitBadInput;
  const Value& parse_result = parsed["result"];
  const Value& puzzles = parse_result["puzzles"];
  const char* type = cmd.unique ? "checkUniqueness" : cmd.enumerate > 0 ? "enumerate" : "solve";
  int solved = 0, unsolved = 0, errors = 0, not_unique = 0, timed_out = 0;
  // A text of URLs: the lines that could not be read, errors, the others still solved.
  const TextLines text_lines(input);
  // Records in give records out (below), each left-out entry then under its name.
  const bool urls = hasString(parse_result, "format", "urls");  // read as records
  const bool records = (urls || hasString(parse_result, "format", "records")) && !cmd.unique &&
                       cmd.enumerate == 0;  // (those print lines of their own)
  LeftOut left_out(
      parse_result.HasMember("refused") ? parse_result["refused"] : Value().Move(), cmd.as_json,
      [&](int line, const Value& lines) { return text_lines.slice(line, lines); }, records);
  errors += left_out.count();
  long euler_sum = 0;
  std::vector<ResultRow> rows(puzzles.Size());
  std::vector<double> times;
  std::vector<std::string> requests;
  // A record of another size than the text's first says its own (protocol.md, parse).
  auto shapeOf = [&](const Value& puzzle) -> const Value& {
    return puzzle.HasMember("size") ? puzzle : parse_result;
  };
  std::set<int> sizes;
  for (rapidjson::SizeType i = 0; i < puzzles.Size(); ++i) {
    const Value& puzzle = puzzles[i];
    const Value& shape = shapeOf(puzzle);
    sizes.insert(shape["size"].GetInt());
    rapidjson::Document request(rapidjson::kObjectType);
    JsonAllocator& a = request.GetAllocator();
    request.AddMember("id", static_cast<int>(i + 1) + left_out.before(puzzle["line"].GetInt()), a)
        .AddMember("type", StringRef(type), a)
        .AddMember("puzzle", Value(puzzle["givens"], a), a)
        .AddMember("size", Value(shape["size"], a), a)
        .AddMember("boxHeight", Value(shape["boxHeight"], a), a)
        .AddMember("boxWidth", Value(shape["boxWidth"], a), a)
        .AddMember("options", optionsJson(cmd.options, a), a);
    if (cmd.enumerate > 0) request.AddMember("limit", cmd.enumerate, a);
    if (!objective.IsNull()) request.AddMember("objective", Value(objective, a), a);
    requests.push_back(app::writeJson(request));
  }
  gridmilp::cli::answerAll(requests, cmd.jobs, [&](std::size_t i, const std::string& answered) {
    const Value& puzzle = puzzles[static_cast<rapidjson::SizeType>(i)];
    const rapidjson::Document response = app::parseJson(answered, "The response");
    if (!cmd.euler96) left_out.printBefore(puzzle["line"].GetInt(), i);
    if (cmd.as_json) std::cout << answered << "\n";
    const std::string label =
        text(puzzle["name"]) + " (line " + std::to_string(puzzle["line"].GetInt()) + ")";
    ResultRow& row = rows[i];
    row.name = text(puzzle["name"]);
    row.puzzle = text(puzzle["givens"]);
    // Records in (janko.at's layout) give records out, as sw_*.solutions.txt has them:
    // each entry under its record's whole header, so that the output lines up with it.
    const std::string header = puzzle.HasMember("header") ? text(puzzle["header"]) : row.name;
    const auto printHead = [&] {
      if (records) std::cout << "=== " << header << "\n";
    };
    if (response.HasMember("error")) {
      ++errors;
      const std::string message = text(response["error"]["message"]);
      row.status = "error: " + message;
      if (!cmd.as_json && !cmd.euler96) {
        printHead();
        std::cout << "error: " << message << "\n";
      }
      std::cerr << "gridmilp: " << label << ": " << message << "\n";
      if (cmd.explainInfeasible && hasString(response["error"], "code", "conflicting_givens")) {
        explainInfeasible(cmd, app::parseJson(requests[i], "The request"), label);
      }
      return;
    }
    const Value& result = response["result"];
    if (result.HasMember("stats") && result["stats"].HasMember("totalMs")) {
      times.push_back(result["stats"]["totalMs"].GetDouble());
    } else if (result.HasMember("totalMs")) {
      times.push_back(result["totalMs"].GetDouble());
    }
    if (!times.empty()) row.ms = app::writeJson(Value(times.back()));
    if (result.HasMember("stats") && result["stats"].HasMember("nodes")) {
      row.nodes = app::writeJson(result["stats"]["nodes"]);
    }
    if (result.HasMember("stats")) row.conflicts = conflictsOf(result["stats"]);
    const bool time_limit = stoppedByTimeLimit(result);
    std::vector<std::string> solutions;
    if (result.HasMember("solutions")) {
      for (const Value& s : result["solutions"].GetArray()) solutions.push_back(text(s));
    } else if (result.HasMember("solution")) {
      solutions.push_back(text(result["solution"]));
    }
    if (solutions.empty()) {
      ++unsolved;
      timed_out += time_limit ? 1 : 0;
      row.status = time_limit ? "time limit" : "no solution";
      if (!cmd.as_json && !cmd.euler96) {
        printHead();
        std::cout << row.status << "\n";
      }
      std::cerr << "gridmilp: " << label << ": " << noSolutionReason(result) << "\n";
      if (cmd.explainInfeasible && hasString(result, "status", "infeasible")) {
        explainInfeasible(cmd, app::parseJson(requests[i], "The request"), label);
      }
      return;
    }
    ++solved;
    const std::string& first = solutions.front();
    row.status = time_limit ? "solved (time limit)" : "solved";
    row.solution = first;
    if (first.size() >= 3) {
      euler_sum += 100 * (first[0] - '0') + 10 * (first[1] - '0') + (first[2] - '0');
    }
    if (cmd.unique && result["unique"].IsBool() && !result["unique"].GetBool()) ++not_unique;
    if (cmd.as_json || cmd.euler96) return;
    if (cmd.unique) {
      const Value& u = result["unique"];
      std::cout << first << " " << (u.IsNull() ? "unknown" : u.GetBool() ? "unique" : "not-unique");
      if (result.HasMember("secondSolution")) {
        std::cout << " " << text(result["secondSolution"]);
      }
      std::cout << "\n";
    } else if (cmd.enumerate > 0) {
      for (const std::string& s : solutions) std::cout << s << "\n";
      std::cout << "\n";
      std::cerr << "gridmilp: " << label << ": "
                << (result["complete"].GetBool() ? "" : "at least ") << solutions.size()
                << " solution" << (solutions.size() == 1 ? "" : "s") << "\n";
    } else {
      if (records) {
        std::cout << solutionRecord(header, first, shapeOf(puzzle)["size"].GetInt());
      } else {
        std::cout << first << "\n";
      }
      if (result.HasMember("objective")) {
        const Value& o = result["objective"];
        std::cerr << "gridmilp: " << label << ": objective " << app::writeJson(o["value"]) << " ("
                  << text(result["status"]) << ", gap " << app::writeJson(o["gap"]) << ")\n";
      }
    }
  });
  if (cmd.euler96) std::cout << euler_sum << "\n";
  if (!cmd.euler96) left_out.printRest(puzzles.Size());
  left_out.addRows(puzzles, &rows);
  if (!cmd.results.empty() && !saveResults(cmd.results, rows)) return kExitBadInput;
  std::string size_words;  // "9×9", or "9×9 and 16×16" for records of many sizes
  for (const int size : sizes) {
    if (!size_words.empty()) size_words += size == *sizes.rbegin() ? " and " : ", ";
    size_words += std::to_string(size) + "\u00d7" + std::to_string(size);
  }
  return printSummary(
      rows.size(), size_words + ", " + (urls ? "puzz.link URLs" : text(parse_result["format"])),
      {solved, unsolved, errors, not_unique, timed_out}, cmd.unique, times,
      cmd.options.model + " model, " +
          (cmd.options.method == "sat" ? "CNF-SAT" : "branch-and-bound") +
          (cmd.routeGiven ? "" : " (the default: the fastest GLPK route for the request)"));
}

/// `solve --genre G` for a genre other than Sudoku: parses the file with the genre,
/// then solves (or checks, or enumerates) each puzzle in its own request and prints
/// each answer in the genre's solution format (the sw_*.solutions.txt layout: the
/// "=== header" line, "R C", the rows), in input order; with --results, also a table
/// of name, status, ms, nodes, conflicts, the puzzle's record and its answer's text. Exit codes as
/// runSolve.
int runGenreSolve(const SolveCommand& cmd) {
  std::string input;
  rapidjson::Document objective;  // null: no objective (digit genres take one, as Sudoku)
  try {
    input = cmd.input ? *cmd.input : readInput(cmd.path);
    if (!cmd.objective.empty()) objective = objectiveJson(cmd.objective);
  } catch (const std::exception& e) {
    std::cerr << "gridmilp: " << e.what() << "\n";
    return kExitBadInput;
  }
  rapidjson::Document parsed;
  if (!parseInput(cmd, input, &parsed)) return kExitBadInput;
  // Each puzzle's own lines of the text: from its first line up to the next puzzle's.
  const TextLines text_lines(input);
  const auto slice = [&](int line, const Value& lines) { return text_lines.slice(line, lines); };
  const Value& puzzles = parsed["result"]["puzzles"];
  const char* type = cmd.unique ? "checkUniqueness" : cmd.enumerate > 0 ? "enumerate" : "solve";
  int solved = 0, unsolved = 0, errors = 0, not_unique = 0, timed_out = 0;
  // Records of a text of many that did not parse: errors, the others still solved.
  LeftOut left_out(parsed["result"]["refused"], cmd.as_json, slice);
  errors += left_out.count();
  const auto noAnswerEntry = [](const std::string& name, const std::string& why) {
    return "=== " + name + "\n" + why + "\n";
  };
  std::vector<double> times;
  std::set<std::string> routes;  // "stream model, CNF-SAT": each route the answers name
  std::vector<std::string> requests;
  std::vector<ResultRow> rows(puzzles.Size());  // --results: the record and the answer as text
  // Under its record's whole header (or `url-N source=URL`), as an answer would be.
  const auto printNoAnswer = [&](std::size_t i, const std::string& why) {
    if (!cmd.as_json) std::cout << noAnswerEntry(headerOf(rows[i].name, rows[i].puzzle), why);
  };
  for (rapidjson::SizeType i = 0; i < puzzles.Size(); ++i) {
    const Value& puzzle = puzzles[i];
    std::string own = slice(puzzle["line"].GetInt(), puzzle["lines"]);
    std::erase(own, '\r');  // Windows line ends: not in --results' puzzle column
    rows[i].name = text(puzzle["name"]);
    rows[i].puzzle = withoutLineEnds(own);
    rapidjson::Document request(rapidjson::kObjectType);
    JsonAllocator& a = request.GetAllocator();
    Value options(rapidjson::kObjectType);
    options.AddMember("timeLimitMs", cmd.options.timeLimitMs, a)
        .AddMember("presolve", cmd.options.presolve, a);
    // The puzzle's genre: its URL's in a file of several genres.
    const std::string genre = puzzle.HasMember("genre") ? text(puzzle["genre"]) : cmd.genre;
    if (cmd.modelGiven) {
      options.AddMember("model", app::jsonString(cmd.options.model, a), a);
    } else if (genre == "sudoku") {  // Sudoku's fastest route, as `solve` takes it alone
      options.AddMember("model", "reduced", a);
    }
    if (cmd.methodGiven) {
      options.AddMember("method", app::jsonString(cmd.options.method, a), a);
    } else if (genre == "sudoku" && objective.IsNull()) {
      options.AddMember("method", "sat", a);
    }
    request.AddMember("id", static_cast<int>(i + 1) + left_out.before(puzzle["line"].GetInt()), a)
        .AddMember("type", StringRef(type), a)
        .AddMember("genre", app::jsonString(genre, a), a)
        .AddMember("puzzle", app::jsonString(own, a), a)
        .AddMember("name", Value(puzzle["name"], a), a)
        .AddMember("options", options, a);
    if (cmd.shape.size > 0) request.AddMember("size", cmd.shape.size, a);
    if (cmd.shape.box) {  // the genres with boxes; the engine refuses it for the others
      request.AddMember("boxHeight", cmd.shape.boxHeight, a)
          .AddMember("boxWidth", cmd.shape.boxWidth, a);
    }
    if (!objective.IsNull()) request.AddMember("objective", Value(objective, a), a);
    if (cmd.enumerate > 0) request.AddMember("limit", cmd.enumerate, a);
    // Only --json prints the board; drawing it costs as much as a fast solve.
    if (!cmd.as_json && !cmd.unique && cmd.enumerate == 0) request.AddMember("board", false, a);
    requests.push_back(app::writeJson(request));
  }
  gridmilp::cli::answerAll(requests, cmd.jobs, [&](std::size_t i, const std::string& answered) {
    const Value& puzzle = puzzles[static_cast<rapidjson::SizeType>(i)];
    const rapidjson::Document response = app::parseJson(answered, "The response");
    left_out.printBefore(puzzle["line"].GetInt(), i);
    if (cmd.as_json) std::cout << answered << "\n";
    const std::string label =
        text(puzzle["name"]) + " (line " + std::to_string(puzzle["line"].GetInt()) + ")";
    ResultRow& row = rows[i];
    if (response.HasMember("error")) {
      ++errors;
      row.status = "error: " + messageWithCells(response["error"]);
      printNoAnswer(i, row.status);
      std::cerr << "gridmilp: " << label << ": " << messageWithCells(response["error"]) << "\n";
      // Clashing givens are still an input error, and explained (as for Sudoku).
      if (cmd.explainInfeasible && hasString(response["error"], "code", "conflicting_givens")) {
        explainInfeasible(cmd, app::parseJson(requests[i], "The request"), label);
      }
      return;
    }
    const Value& result = response["result"];
    if (result.HasMember(
            "warnings")) {  // (Sudoku's answers, in a file of several genres, have none)
      for (const Value& warning : result["warnings"].GetArray()) {
        std::cerr << "gridmilp: " << label << ": warning: " << text(warning) << "\n";
      }
    }
    const Value& stats = result["stats"];
    times.push_back(stats.HasMember("totalMs") ? stats["totalMs"].GetDouble()
                                               : result["totalMs"].GetDouble());
    if (result.HasMember("model") && result["model"].IsString() && stats.HasMember("method") &&
        stats["method"].IsString()) {
      routes.insert(text(result["model"]) + " model, " +
                    (text(stats["method"]) == "sat" ? "CNF-SAT" : "branch-and-bound"));
    }
    row.ms = app::writeJson(Value(times.back()));
    if (stats.HasMember("nodes")) row.nodes = app::writeJson(stats["nodes"]);
    row.conflicts = conflictsOf(stats);
    const bool time_limit = stoppedByTimeLimit(result);
    std::vector<const Value*> answers;
    if (result.HasMember("answers")) {
      for (const Value& answer : result["answers"].GetArray()) answers.push_back(&answer);
    } else if (result.HasMember("answer")) {
      answers.push_back(&result["answer"]);
    }
    if (answers.empty()) {
      ++unsolved;
      timed_out += time_limit ? 1 : 0;
      row.status = time_limit ? "time limit" : "no solution";
      printNoAnswer(i, row.status);
      std::cerr << "gridmilp: " << label << ": " << noSolutionReason(result) << "\n";
      if (result.HasMember("partialFill")) {  // the packing model's largest fill
        const std::string line = cellsLine(result["partialFill"]["cells"]);
        std::cerr << "gridmilp: " << label << ": the packing model places at most "
                  << result["partialFill"]["placed"].GetInt() << " of " << line.size()
                  << " digits: " << line << "\n";
      }
      if (cmd.explainInfeasible && hasString(result, "status", "infeasible")) {
        explainInfeasible(cmd, app::parseJson(requests[i], "The request"), label);
      }
      return;
    }
    ++solved;
    row.status = time_limit ? "solved (time limit)" : "solved";
    row.solution = withoutLineEnds(text((*answers.front())["text"]));
    for (const Value* answer : answers) {
      if (!(*answer)["verified"].GetBool()) {  // never expected: the model states every rule
        std::cerr << "gridmilp: " << label
                  << ": the answer breaks a rule: " << text((*answer)["brokenRule"]) << "\n";
        ++errors;
      }
    }
    if (cmd.unique && result["unique"].IsBool() && !result["unique"].GetBool()) ++not_unique;
    if (cmd.as_json) return;
    if (cmd.unique) {
      const Value& u = result["unique"];
      std::cout << text((*answers.front())["text"])
                << (u.IsNull()    ? "unknown"
                    : u.GetBool() ? "unique"
                                  : "not-unique")
                << "\n";
      if (result.HasMember("secondAnswer")) std::cout << text(result["secondAnswer"]["text"]);
      // Where the two answers differ, on standard error (standard output keeps the
      // solutions' layout): at most 10 cells named.
      if (result.HasMember("differences") && result["differences"].IsArray() &&
          !result["differences"].Empty()) {
        const Value& d = result["differences"];
        std::string cells;
        for (rapidjson::SizeType k = 0; k < d.Size() && k < 10; ++k) {
          cells += (k == 0 ? "" : "; ") + std::string("row ") +
                   std::to_string(d[k]["row"].GetInt()) + ", column " +
                   std::to_string(d[k]["column"].GetInt());
        }
        std::cerr << "gridmilp: " << label << ": the two answers differ in " << d.Size()
                  << (d.Size() == 1 ? " cell: " : " cells: ") << cells
                  << (d.Size() > 10 ? "; …" : "") << "\n";
      }
    } else {
      for (const Value* answer : answers) std::cout << text((*answer)["text"]);
      if (cmd.enumerate > 0) std::cout << "\n";  // a blank line after each puzzle's answers
      if (result.HasMember("objective")) {
        const Value& o = result["objective"];
        std::cerr << "gridmilp: " << label << ": objective " << app::writeJson(o["value"]) << " ("
                  << text(result["status"]) << ", gap " << app::writeJson(o["gap"]) << ")\n";
      }
      if (cmd.enumerate > 0) {
        std::cerr << "gridmilp: " << label << ": "
                  << (result["complete"].GetBool() ? "" : "at least ") << answers.size()
                  << " solution" << (answers.size() == 1 ? "" : "s") << "\n";
      }
    }
  });
  left_out.printRest(puzzles.Size());
  left_out.addRows(puzzles, &rows);
  if (!cmd.results.empty() && !saveResults(cmd.results, rows)) return kExitBadInput;
  // The routes that ran, as Sudoku's line names its own (docs/api.md: the native CLI
  // names the route in its summary line); a genre's default may go on to another model.
  std::string route;
  for (const std::string& r : routes) route += (route.empty() ? "" : "; ") + r;
  return printSummary(rows.size(), cmd.ownGenres ? cmd.genres : cmd.genre,
                      {solved, unsolved, errors, not_unique, timed_out}, cmd.unique, times, route);
}

/// What `generate` is asked for.
struct GenerateCommand {
  ShapeArgs shape;
  std::int64_t seed = 1;
  int givens = 0;
  std::string symmetry = "none";
  OptionArgs options;
  bool as_json = false;
};

int runGenerate(const GenerateCommand& cmd) {
  rapidjson::Document request(rapidjson::kObjectType);
  JsonAllocator& a = request.GetAllocator();
  addShape(request, cmd.shape, a);
  request.AddMember("seed", cmd.seed, a)
      .AddMember("givens", cmd.givens, a)
      .AddMember("symmetry", app::jsonString(cmd.symmetry, a), a)
      .AddMember("options", optionsJson(cmd.options, a), a)
      .AddMember("type", "generate", a);
  // A live progress line only on a terminal; logs get the summary alone.
  const bool live = stderrIsTerminal();
  const rapidjson::Document response = app::handle(request, [live](const Value& message) {
    if (!live) return;
    const Value& p = message["progress"];
    if (text(p["phase"]) == "rating") {
      std::cerr << "\rgridmilp: rating the puzzle with the textbook MILP\x1b[K" << std::flush;
      return;
    }
    std::cerr << "\rgridmilp: " << p["checked"].GetInt() << " of " << p["total"].GetInt()
              << " cells tried, " << p["givens"].GetInt() << " givens" << std::flush;
  });
  if (live) std::cerr << "\n";
  if (cmd.as_json) std::cout << app::writeJson(response) << "\n";
  if (response.HasMember("error")) {
    std::cerr << "gridmilp: " << text(response["error"]["message"]) << "\n";
    return kExitBadInput;
  }
  const Value& r = response["result"];
  if (!cmd.as_json) {
    // Boxes that are not the usual ones for the size go into a record's size line
    // ("6 6 3x2", docs/formats.md), which `solve` reads back; one line cannot say them.
    // So does a size that a line of n² cells does not say (7×7: 49 cells are not read as
    // 7×7 unless --size says so), so that `solve` reads it back as it is.
    const int n = r["size"].GetInt();
    const int box_height = r.HasMember("boxHeight") ? r["boxHeight"].GetInt() : 0;
    const int box_width = r.HasMember("boxWidth") ? r["boxWidth"].GetInt() : 0;
    const sudoku::Shape usual = sudoku::shapeForSize(n);
    const std::string line = text(r["puzzle"]);
    const bool unusual_boxes =
        box_height > 0 && (box_height != usual.boxHeight || box_width != usual.boxWidth);
    if ((unusual_boxes || !sudoku::isAutoSize(n)) && static_cast<int>(line.size()) == n * n) {
      std::cout << solutionRecord(
          "generated-" + std::to_string(r["seed"].GetUint()), line, n,
          unusual_boxes ? std::to_string(box_height) + "x" + std::to_string(box_width) : "");
    } else {
      std::cout << line << "\n";
    }
  }
  const Value& d = r["difficulty"]["stats"];
  const Value& root = d["rootLpIntegral"];
  std::cerr << "gridmilp: " << r["size"].GetInt() << "\u00d7" << r["size"].GetInt() << ", seed "
            << r["seed"].GetUint() << ": " << counted(r["givens"].GetInt(), "given") << ", unique"
            << (r["minimal"].GetBool() ? ", minimal" : "")
            << (r["targetGivens"].GetInt() > 0
                    ? (r["targetReached"].GetBool() ? ", target reached" : ", target not reached")
                    : "")
            << "; " << counted(r["uniquenessChecks"].GetInt(), "uniqueness check") << " ("
            << (text(r["method"]) == "sat" ? "CNF-SAT" : "branch-and-bound") << "), "
            << formatMs(r["totalMs"].GetDouble()) << ". The textbook MILP on it: "
            << (text(r["difficulty"]["status"]) == "time_limit" ? "not solved within the limit, "
                                                                : "")
            << "root LP "
            << (root.IsNull()    ? "not needed (presolve solved it)"
                : root.GetBool() ? "integral"
                                 : "fractional")
            << ", " << counted(d["nodes"].GetInt64(), "B&B node") << ", "
            << formatMs(d["solveMs"].GetDouble()) << "\n";
  return kExitSolved;
}

/// Whether a text is one JSON value.
bool isJson(const std::string& text) {
  try {
    app::parseJson(text);
    return true;
  } catch (const gridmilp::InputError&) {
    return false;
  }
}

int runRequests(const std::string& path) {
  std::string input;
  try {
    input = readInput(path);
  } catch (const std::exception& e) {
    std::cerr << "gridmilp: " << e.what() << "\n";
    return kExitBadInput;
  }
  // One request per line, or one request spread over the whole text.
  std::vector<std::string> requests;
  if (isJson(input)) {
    requests.push_back(input);
  } else {
    std::istringstream lines(input);
    for (std::string line; std::getline(lines, line);) {
      if (line.find_first_not_of(" \t\r") != std::string::npos) requests.push_back(line);
    }
  }
  int status = kExitSolved;
  for (const std::string& request : requests) {
    const std::string response = app::handleRequest(
        request, [](const Value& message) { std::cout << app::writeJson(message) << "\n"; });
    std::cout << response << "\n";
    if (app::parseJson(response).HasMember("error")) status = kExitBadInput;
  }
  return status;
}

/// Times each puzzle of a file as the page and the WASM module see it: one JSON solve
/// request in, one JSON response out (app::handleRequest: parsing, the model, GLPK,
/// serialising); checks every solution independently. Prints one JSON object:
/// {"puzzles", "format", "size", "timesUs", "nodes", "statuses", "firstSolveUs",
/// "verified"}; timesUs[i] is puzzle i's best of `repeat` solves, in µs. By default
/// the solves come in `repeat` passes over the file, each solving every puzzle once
/// in file order, as a batch does; with `back_to_back`, a puzzle's solves follow one
/// another, which lets the processor's branch predictor learn that puzzle's exact path
/// (an easy 9×9 then takes half the time natively, see docs/performance.md). A puzzle
/// stopped by the time limit is reported with status "time_limit" and not solved again;
/// "verified" says every solution found passed the checker. With warm_up_ms > 0, the
/// whole file is first solved untimed, over and over until that many ms have passed (at
/// least once), as scripts/bench.mjs warms up the WASM module: the timed solves then
/// find the processor's clock up, the caches and the allocator's free lists filled.
/// firstSolveUs is the first solve of all, warm-up or not. Throws std::runtime_error
/// for an unreadable file or an error response.
int runBench(const std::string& path, int repeat, bool back_to_back, int warm_up_ms,
             const OptionArgs& options) {
  const std::string input = readInput(path);
  const sudoku::ParsedText parsed = sudoku::parseText(input);
  rapidjson::Document out(rapidjson::kObjectType);
  JsonAllocator& oa = out.GetAllocator();
  Value times(rapidjson::kArrayType), nodes(rapidjson::kArrayType), statuses(rapidjson::kArrayType);
  double first_us = -1;
  bool verified = true;
  std::vector<std::string> requests;
  for (const sudoku::ParsedPuzzle& puzzle : parsed.puzzles) {
    rapidjson::Document request_json(rapidjson::kObjectType);
    JsonAllocator& a = request_json.GetAllocator();
    request_json.AddMember("id", 1, a)
        .AddMember("type", "solve", a)
        .AddMember("puzzle", app::jsonString(puzzle.grid.toLine(), a), a)
        .AddMember("size", puzzle.grid.shape.size(), a)  // each record its own shape
        .AddMember("boxHeight", puzzle.grid.shape.boxHeight, a)
        .AddMember("boxWidth", puzzle.grid.shape.boxWidth, a)
        .AddMember("options", optionsJson(options, a), a);
    requests.push_back(app::writeJson(request_json));
  }
  if (warm_up_ms > 0) {
    const auto warm_up_start = std::chrono::steady_clock::now();
    do {
      for (const std::string& request : requests) {
        const auto start = std::chrono::steady_clock::now();
        app::handleRequest(request);
        if (first_us < 0) {
          first_us =
              std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
                  .count();
        }
      }
    } while (std::chrono::steady_clock::now() - warm_up_start <
             std::chrono::milliseconds(warm_up_ms));
  }
  const std::size_t count = parsed.puzzles.size();
  std::vector<double> best(count, 1e300);
  std::vector<std::int64_t> node_counts(count, 0);
  std::vector<std::string> status_of(count);
  std::vector<bool> stopped(count, false);
  // One timed solve of puzzle p, checked; a puzzle without a solution (a time limit)
  // is not solved again.
  auto solveOnce = [&](std::size_t p) {
    if (stopped[p]) return;
    const auto start = std::chrono::steady_clock::now();
    const std::string response = app::handleRequest(requests[p]);
    const double us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    if (first_us < 0) first_us = us;
    best[p] = std::min(best[p], us);
    const rapidjson::Document r = app::parseJson(response);
    if (!r.HasMember("result")) throw std::runtime_error(text(r["error"]["message"]));
    const Value& result = r["result"];
    node_counts[p] = result["stats"]["nodes"].GetInt64();
    status_of[p] = text(result["status"]);
    if (!result.HasMember("solution")) {
      stopped[p] = true;  // a time limit: once is enough
      return;
    }
    const sudoku::Grid solution =
        sudoku::parseOne(text(result["solution"]), parsed.puzzles[p].grid.shape);
    if (!sudoku::isValidSolution(parsed.puzzles[p].grid, solution)) verified = false;
  };
  const int solves = std::max(1, repeat);
  if (back_to_back) {
    for (std::size_t p = 0; p < count; ++p) {
      for (int k = 0; k < solves; ++k) solveOnce(p);
    }
  } else {
    for (int k = 0; k < solves; ++k) {
      for (std::size_t p = 0; p < count; ++p) solveOnce(p);
    }
  }
  for (std::size_t p = 0; p < count; ++p) {
    times.PushBack(best[p], oa);
    nodes.PushBack(node_counts[p], oa);
    statuses.PushBack(app::jsonString(status_of[p], oa), oa);
  }
  out.AddMember("puzzles", static_cast<std::uint64_t>(parsed.puzzles.size()), oa)
      .AddMember("format", StringRef(sudoku::toString(parsed.format)), oa)
      .AddMember("size", parsed.shape.size(), oa)
      .AddMember("timesUs", times, oa)
      .AddMember("nodes", nodes, oa)
      .AddMember("statuses", statuses, oa)
      .AddMember("firstSolveUs", first_us, oa)
      .AddMember("verified", verified, oa);
  std::cout << app::writeJson(out) << "\n";
  return verified ? kExitSolved : kExitUnsolved;
}

/// A whole-number option's check, worded as --time-limit's: "'abc' is not a number of
/// worker processes: a whole number from 1 to 256" (CLI11's Range said "Value abc not in
/// range 1 to 256", a developer's session).
CLI::Validator wholeNumberIn(std::int64_t low, std::int64_t high, const std::string& what) {
  return CLI::Validator(
      [=](const std::string& value) -> std::string {
        const bool digits = !value.empty() && value.size() <= 18 &&
                            std::all_of(value.begin(), value.end(), [](char ch) {
                              return std::isdigit(static_cast<unsigned char>(ch)) != 0;
                            });
        if (digits) {
          const std::int64_t n = std::stoll(value);
          if (n >= low && n <= high) return "";
        }
        return "'" + value + "' is not " + what + ": a whole number from " + std::to_string(low) +
               " to " + std::to_string(high);
      },
      std::to_string(low) + " to " + std::to_string(high), "whole number");
}

/// Adds --size, --box and --symbols to a subcommand.
void addShapeOptions(CLI::App* sub, int* size, std::string* box, std::string* symbols) {
  sub->add_option("--size", *size, "Side length n (default: detect)")
      ->check(wholeNumberIn(1, sudoku::kMaxSize, "a side length"));
  sub->add_option("--box", *box,
                  "Box shape HxW, e.g. 2x3 (default: the usual one for the size); for the "
                  "genres with boxes (sudoku, sudoku-x, killer, hyper)");
  sub->add_option("--symbols", *symbols, "auto, digits (1-9 A-Z), hex (0-F) or numbers");
}

/// The size/boxHeight/boxWidth/symbols fields of a request. Throws
/// std::runtime_error for a malformed --box.
ShapeArgs shapeArgs(int size, const std::string& box, const std::string& symbols) {
  ShapeArgs out;
  out.size = size;
  if (!box.empty()) {
    const auto x = box.find('x');
    try {
      if (x == std::string::npos) throw std::invalid_argument(box);
      out.boxHeight = std::stoi(box.substr(0, x));
      out.boxWidth = std::stoi(box.substr(x + 1));
      out.box = true;
    } catch (const std::exception&) {
      throw std::runtime_error("--box must be HxW, e.g. 2x3 (got '" + box + "')");
    }
  }
  out.symbols = symbols;
  return out;
}

}  // namespace

/// --time-limit's check: a whole number of ms, 0 (none) up to the npm API's most,
/// 2,147,483,647 (CLI11's NonNegativeNumber printed its range up to DBL_MAX, 300 digits,
/// in its message).
const CLI::Validator kMsLimit = wholeNumberIn(0, 2147483647, "a time limit in ms (0: none)");

/// Checks --model and --method of `solve` for Sudoku before any puzzle is read, so that
/// a wrong word is one error, not one per puzzle (a genre's models are its own: the
/// engine names them). Returns the message, or "" when both are known.
std::string routeError(const SolveCommand& cmd) {
  namespace vocabulary = gridmilp::vocabulary;
  if (cmd.methodGiven && vocabulary::indexOf(vocabulary::kMethods, cmd.options.method) < 0) {
    return "--method " + cmd.options.method + ": not a method; one of " +
           vocabulary::joined(vocabulary::kMethods);
  }
  // The engine would name its field ('size'); the CLI's is --size. (A variant's record
  // gives its size itself.)
  if (cmd.genre == "sudoku" && cmd.shape.box && cmd.shape.size == 0) {
    return "--box: a box shape needs a size: give --size too (e.g. --size 12 --box 3x4)";
  }
  if (cmd.genre == "sudoku" && cmd.modelGiven &&
      vocabulary::indexOf(vocabulary::kSudokuModels, cmd.options.model) < 0) {
    return "--model " + cmd.options.model + ": not a Sudoku model; one of " +
           vocabulary::joined(vocabulary::kSudokuModels);
  }
#ifdef GRIDMILP_WITH_GENRES
  // A genre's models are the genre's own: one error, not one per puzzle.
  if (cmd.genre != "sudoku" && !cmd.ownGenres && cmd.modelGiven) {
    if (const puzzles::Genre* genre = puzzles::findGenre(cmd.genre)) {
      const std::vector<std::string_view> models = genre->models();
      if (std::find(models.begin(), models.end(), cmd.options.model) == models.end()) {
        return "--model " + cmd.options.model + ": not a model of " + std::string(genre->title()) +
               "; it has " + genre->modelList();
      }
    }
  }
#endif
#ifdef GRIDMILP_WITH_GENRES
  // What the engine would refuse for every puzzle of the file, said once (a genre read
  // from a file of URLs of several genres is checked puzzle by puzzle, as before).
  if (cmd.genre != "sudoku" && !cmd.ownGenres) {
    const puzzles::Genre* genre = puzzles::findGenre(cmd.genre);
    const std::string title = genre != nullptr ? std::string(genre->title()) : cmd.genre;
    if (genre != nullptr && cmd.modelGiven && cmd.methodGiven && cmd.options.method == "sat" &&
        genre->needsBranchAndBound(cmd.options.model)) {
      return "--model " + cmd.options.model + " --method sat: the " + cmd.options.model +
             " model of " + title +
             " needs branch-and-bound (leave --method out, or choose another model)";
    }
    bool digits = false, boxes = false;
    for (const vocabulary::GenreName& g : vocabulary::kGenres) {
      if (g.id == cmd.genre) digits = g.digits, boxes = g.boxes;
    }
    if (!cmd.objective.empty() && !digits) {
      return "--objective: an objective is for the digit genres (Sudoku and its variants, "
             "the Latin square), not " +
             title;
    }
    if (cmd.shape.box && !boxes) {
      return "--box: boxes are for the genres with boxes (" + puzzles::boxGenreTitles() +
             "), not " + title;
    }
    if (cmd.shape.size > 0 && !digits) {
      return "--size: " + gridmilp::withArticle(title) +
             " record gives its size in its size line, and a URL in its path; leave --size out";
    }
  }
#endif
  // Project Euler 96's sum reads Sudoku answers only (said, not ignored).
  if (cmd.euler96 && (cmd.genre != "sudoku" || cmd.ownGenres)) {
    return "--euler96: Project Euler 96's sum is over the answers of a file of Sudoku puzzles, "
           "not of " +
           (cmd.ownGenres ? "a file of URLs of several genres (" + cmd.genres + ")"
                          : gridmilp::withArticle(cmd.genre) + " file");
  }
  // An objective needs branch-and-bound: one error, not one per puzzle.
  if (!cmd.objective.empty() && cmd.methodGiven && cmd.options.method == "sat") {
    return "--objective " + cmd.objective +
           " --method sat: the SAT method finds any solution and cannot optimise an "
           "objective (leave --method out: an objective goes to branch-and-bound)";
  }
  // An objective ranks the answers of one solve; uniqueness and enumeration ask for any.
  if (!cmd.objective.empty() && (cmd.unique || cmd.enumerate > 0)) {
    return std::string("--objective ") + cmd.objective + " with " +
           (cmd.unique ? "--unique" : "--enumerate") +
           ": an objective picks the best answer of a solve; uniqueness and enumeration look "
           "for any answer: leave one of them out";
  }
  // The results table over the puzzle file would overwrite its puzzles.
  if (!cmd.results.empty() && cmd.path != "-") {
    std::error_code error;
    if (std::filesystem::equivalent(cmd.results, cmd.path, error) && !error) {
      return "--results " + cmd.results +
             ": this is the puzzle file itself, whose puzzles would be overwritten; name "
             "another file";
    }
  }
  // A results table that cannot be written is said before the puzzles are solved.
  if (!cmd.results.empty()) {
    std::error_code error;
    const std::filesystem::path folder = std::filesystem::path(cmd.results).parent_path().empty()
                                             ? std::filesystem::path(".")
                                             : std::filesystem::path(cmd.results).parent_path();
    if (!std::filesystem::is_directory(folder, error)) {
      return "--results " + cmd.results + ": its folder " + folder.string() +
             " does not exist; name a file in a folder that does";
    }
  }
  // The native CLI writes its results table as CSV only (no spreadsheet library); the
  // npm package's CLI also writes .xlsx, and no gridmilp CLI writes .ods, .xls, .tsv or
  // .numbers (`npm run cli` hands those names here when it reads a text).
  if (!cmd.results.empty() && isSpreadsheetPath(cmd.results)) {
    const std::string ext = lowerExtension(cmd.results);
    if (ext == "xlsx" || ext == "xlsm") {
      return "--results " + cmd.results +
             ": this CLI writes the results table as CSV only; name a .csv file, or use `npm "
             "run cli` or `npx gridmilp`, which also write .xlsx";
    }
    if (ext != "csv") {
      return "--results " + cmd.results +
             ": gridmilp writes the results table as .csv (and, through `npm run cli` or `npx "
             "gridmilp`, .xlsx), not as ." +
             ext + "; name a .csv file";
    }
  }
  return "";
}

int main(int argc, char** argv) {
  gridmilp::milp::enableSatMethod();  // the CLI has no page weight to save: --method sat is always
                                      // there
  CLI::App cli{
      "gridmilp: grid puzzles (Sudoku, its variants, pencil puzzles) solved as MILPs by GLPK"};
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
  solve->add_option("--genre", solve_cmd.genre,
                    "The genre: sudoku by default (a file of puzz.link URLs names its own), "
                    "or one of "
#ifdef GRIDMILP_WITH_GENRES
                        + puzzles::genreList().substr(puzzles::genreList().find(", ") + 2) +
                        ", or puzz.link's names " + puzzles::aliasList()
#else
                    "another genre"
#endif
  );
  auto* unique = solve->add_flag("--unique", solve_cmd.unique,
                                 "Check uniqueness: print 'SOLUTION unique' or 'SOLUTION "
                                 "not-unique SECOND'");
  solve
      ->add_option("--enumerate", solve_cmd.enumerate,
                   "List up to K solutions per puzzle (a blank line after each puzzle)")
      ->check(wholeNumberIn(1, 100000, "a number of solutions"))
      ->excludes(unique);
  solve->add_option("--objective", solve_cmd.objective,
                    "diagonal, firstRow, or a file: maximize|minimize then n*n weights "
                    "(Sudoku and the digit genres: killer, jigsaw, sudoku-x, hyper, "
                    "latin-square)");
  solve
      ->add_option("--time-limit", time_limit,
                   "Time limit per puzzle in ms, its solves together (--unique, --enumerate, "
                   "--explain-infeasible; 0 = none)")
      ->check(kMsLimit);
  solve->add_flag("--no-presolve", no_presolve, "Turn GLPK's MIP presolver off");
  solve_cmd.jobs = gridmilp::cli::availableCores();
  solve
      ->add_option("--jobs", solve_cmd.jobs,
#ifdef __EMSCRIPTEN__
                   "Taken and left unused here: this CLI solves on one thread in Node; the "
                   "native gridmilp-cli runs N worker processes (default: every core)")
#else
                   "Worker processes solving the file's puzzles at once (default: every core); "
                   "answers print in input order")
#endif
      ->check(wholeNumberIn(1, 256, "a number of worker processes"));
#ifdef __EMSCRIPTEN__
  // Read by the npm CLI's front end (web/src/lib/sheet-cli.ts), which runs this CLI on
  // the sheet's puzzles: listed here so that --help names it.
  std::string sheet;
  solve->add_option("--sheet", sheet,
                    "A spreadsheet's sheet to read (.xlsx, .csv): its name or number (default: "
                    "every sheet)");
#endif
  solve->add_flag(
      "--explain-infeasible", solve_cmd.explainInfeasible,
      "Sudoku and its variants: for a puzzle without solution, print the fewest "
      "givens to remove and the largest fill that keeps every given (two MILPs, "
      "by CNF-SAT); akari, slitherlink, kakuro, heyawake, kuromasu, shikaku, nurikabe: the fewest "
      "clues to drop");
  solve->add_option(
      "--results", solve_cmd.results,
      "Also write a results table as CSV to this file (name, status, ms, nodes, "
      "conflicts, puzzle, solution; a genre's puzzle and answer as their record text; npm "
      "run cli and npx gridmilp also write .xlsx)");
  std::string model = "textbook";
  solve->add_option("--model", model,
                    "Sudoku: reduced (singles fixed; default), textbook (729 variables for "
                    "9x9), candidates, probed (reduced, then probing), or packing (maximise "
                    "the digits placed, each rule at most once); genres: their models");
  std::string method = "branch-and-bound";
  const std::string method_help =
      "sat (GLPK's translation to CNF-SAT, solved by MiniSat; finds any solution; the default "
      "without --objective) or branch-and-bound (GLPK's glp_intopt; the default with one)";
  solve->add_option("--method", method, method_help);
  addShapeOptions(solve, &size, &box, &symbols);

  int gen_size = 9, givens = 0;
  std::int64_t seed = 1;
  std::string gen_box, symmetry = "none";
  bool gen_json = false;
  CLI::App* generate = cli.add_subcommand("generate", "Generate a puzzle with a unique solution");
  // From 2: a 1×1 has nothing to leave out, and its record does not read back.
  generate->add_option("--size", gen_size, "Side length n, 2 to 35 (default 9)")
      ->check(wholeNumberIn(2, sudoku::kMaxSize, "a side length"));
  generate->add_option("--box", gen_box, "Box shape HxW (default: the usual one)");
  generate->add_option("--seed", seed, "Random seed (the same seed gives the same puzzle)")
      ->check(wholeNumberIn(0, 4294967295LL, "a seed"));
  generate->add_option("--givens", givens, "Target number of givens (default: as few as possible)")
      ->check(wholeNumberIn(0, static_cast<std::int64_t>(sudoku::kMaxSize) * sudoku::kMaxSize,
                            "a number of givens"));
  generate->add_option("--symmetry", symmetry, "none, rot180 or mirror");
  generate->add_option("--time-limit", time_limit, "Time limit per solve in ms (0 = none)")
      ->check(kMsLimit);
  std::string gen_method = "sat";
  generate->add_option("--method", gen_method,
                       "How GLPK completes the grid and decides each uniqueness check: sat "
                       "(default: seeded boxes, then any solution) or branch-and-bound (a random "
                       "objective; minutes for a minimal 16x16); each gives its own puzzle");
  generate->add_flag("--json", gen_json, "Print the full response object");

  std::string request_path;
  CLI::App* request = cli.add_subcommand("request", "Answer JSON protocol requests (one per line)");
  request->add_option("file", request_path, "File of JSON requests, or - for standard input")
      ->required();

  std::string bench_path;
  int repeat = 3;
  CLI::App* bench = cli.add_subcommand("bench", "Time each puzzle of a file; prints JSON");
  bench->add_option("file", bench_path, "Puzzle file")->required();
  bench->add_option("--repeat", repeat,
                    "Solves per puzzle, in as many passes over the file (the minimum is kept)");
  bool back_to_back = false;
  bench->add_flag("--back-to-back", back_to_back,
                  "Solve each puzzle --repeat times in a row instead of in passes");
  int warm_up_ms = 0;
  bench->add_option("--warm-up-ms", warm_up_ms,
                    "First solve the whole file untimed for this many ms (default 0)");
  std::string bench_model = "reduced";
  bench->add_option("--model", bench_model, "textbook, candidates, reduced (default) or probed");
  bench->add_flag("--no-presolve", no_presolve, "Turn GLPK's MIP presolver off");
  bench->add_option("--time-limit", time_limit, "Time limit per solve in ms (0 = none)")
      ->check(kMsLimit);
  bench->add_option("--method", method, method_help);

  // A word where the command goes that is none of them: named, with the commands (CLI11
  // would only say that one is required).
  const auto is_command = [&cli](const char* word) {
    const std::vector<CLI::App*> commands = cli.get_subcommands([](CLI::App*) { return true; });
    return std::any_of(commands.begin(), commands.end(),
                       [word](CLI::App* c) { return c->check_name(word); });
  };
  if (argc >= 2 && argv[1][0] != '-' && !is_command(argv[1])) {
    std::cerr << "gridmilp: '" << argv[1]
              << "' is not a command: one of solve, generate, request, bench (--help "
                 "describes them)\n";
    return kExitBadInput;
  }
  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = cli.exit(e);
    return code == 0 ? 0 : kExitBadInput;
  }
  try {
    const OptionArgs options{time_limit, !no_presolve, model, method};
    if (*solve) {
      solve_cmd.shape = shapeArgs(size, box, symbols);
      solve_cmd.options = options;
      solve_cmd.modelGiven = solve->count("--model") > 0;
      solve_cmd.methodGiven = solve->count("--method") > 0;
      // Sudoku's packing model maximises the digits placed: the SAT method has no
      // objective. Said before the file is read (to find its genre); with --genre,
      // routeError says it of the genres that have the model, and names those without.
      if (solve_cmd.options.model == "packing" && solve_cmd.methodGiven &&
          solve_cmd.options.method == "sat" && solve->count("--genre") == 0) {
        std::cerr << "gridmilp: --model packing --method sat: the packing model needs "
                     "branch-and-bound (leave --method out, or choose another model)\n";
        return kExitBadInput;
      }
#ifdef GRIDMILP_WITH_GENRES
      // Without --genre, a file of puzz.link URLs names its genre.
      if (solve->count("--genre") == 0) {
        try {
          solve_cmd.input = readInput(solve_cmd.path);
        } catch (const std::exception& e) {
          std::cerr << "gridmilp: " << e.what() << "\n";
          return kExitBadInput;
        }
        try {
          // A file of URLs of several genres: each puzzle its own (Sudoku's on its route).
          const std::vector<std::string> genres = puzzles::urlTextGenres(*solve_cmd.input);
          if (!genres.empty()) solve_cmd.genre = genres.front();
          if (genres.size() > 1) {
            solve_cmd.ownGenres = true;
            for (const std::string& g : genres) {
              solve_cmd.genres += (solve_cmd.genres.empty() ? "" : ", ") + g;
              if (solve_cmd.genre == "sudoku") solve_cmd.genre = g;
            }
          }
        } catch (const gridmilp::InputError& e) {
          std::cerr << "gridmilp: " << where(solve_cmd.path) << ": " << e.what() << "\n";
          return kExitBadInput;
        }
      }
      // The genre's own id for an alias (starbattle, lightup, kurodoko, slither); an
      // unknown one is an option error, not the file's.
      if (const puzzles::Genre* genre = puzzles::findGenre(solve_cmd.genre)) {
        solve_cmd.genre = std::string(genre->id());
      } else {
        std::cerr << "gridmilp: --genre: Unknown genre '" << solve_cmd.genre << "': one of "
                  << puzzles::genreList() << ", or puzz.link's names " << puzzles::aliasList()
                  << "\n";
        return kExitBadInput;
      }
#endif
      // (After the genre is known: a file of URLs names it.)
      if (const std::string error = routeError(solve_cmd); !error.empty()) {
        std::cerr << "gridmilp: " << error << "\n";
        return kExitBadInput;
      }
      if (solve_cmd.genre != "sudoku") return runGenreSolve(solve_cmd);
      // Sudoku's defaults are the fastest GLPK route (docs/performance.md): the reduced
      // model, and CNF-SAT unless an objective needs branch-and-bound.
      solve_cmd.routeGiven = solve_cmd.modelGiven || solve_cmd.methodGiven;
      if (!solve_cmd.modelGiven) solve_cmd.options.model = "reduced";
      if (!solve_cmd.methodGiven) {
        // The packing model maximises the digits placed: an objective too.
        solve_cmd.options.method =
            solve_cmd.objective.empty() && solve_cmd.options.model != "packing"
                ? "sat"
                : "branch-and-bound";
      }
      return runSolve(solve_cmd);
    }
    if (*generate) {
      GenerateCommand cmd;
      cmd.shape = shapeArgs(gen_size, gen_box, "");
      cmd.seed = seed;
      cmd.givens = givens;
      cmd.symmetry = symmetry;
      cmd.options = options;
      cmd.options.method = gen_method;
      cmd.as_json = gen_json;
      return runGenerate(cmd);
    }
    if (*request) return runRequests(request_path);
    if (*bench)
      return runBench(bench_path, repeat, back_to_back, warm_up_ms,
                      {time_limit, !no_presolve, bench_model, method});
  } catch (const std::exception& e) {
    std::cerr << "gridmilp: " << e.what() << "\n";
    return kExitBadInput;
  }
  return kExitBadInput;
}
