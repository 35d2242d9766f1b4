// What the tests of the pencil-puzzle genres share: reading sw_* solution files,
// solving every record of a set and checking it, and checking that no cut removed the
// known answer.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "milp/glpk_backend.h"
#include "milp/model.h"
#include "puzzles/common/records.h"
#include "puzzles/common/registry.h"
#include "puzzles/common/search.h"
#include "test_data.h"

namespace gridmilp::puzzles::testing {

inline milp::SolveOptions satOptions() {
  static const bool enabled = (milp::enableSatMethod(), true);
  (void)enabled;
  milp::SolveOptions options;
  options.method = milp::Method::kSat;
  return options;
}

/// The whole of a file; throws std::runtime_error when it cannot be read.
inline std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

/// The one puzzle of a text.
inline std::unique_ptr<Puzzle> parseOne(const std::string& genre, const std::string& text) {
  std::vector<std::unique_ptr<Puzzle>> all = genreById(genre).parse(text, 0);
  EXPECT_EQ(all.size(), 1U);
  return std::move(all.front());
}

/// Every row of `built`'s model holds at `values` (one value per variable), within 1e-6;
/// returns the name of the first that does not, or "".
inline std::string firstBrokenRow(const milp::Model& m, const std::vector<double>& values) {
  for (int i = 0; i < m.numConstraints(); ++i) {
    double lhs = 0;
    for (int k = m.rowStart(i); k < m.rowStart(i + 1); ++k) {
      lhs += m.rowCoefs()[k] * values[m.rowVars()[k]];
    }
    const double rhs = m.rowRhs(i);
    const bool holds = m.rowSense(i) == milp::RowSense::kLessEqual ? lhs <= rhs + 1e-6
                       : m.rowSense(i) == milp::RowSense::kGreaterEqual
                           ? lhs >= rhs - 1e-6
                           : std::abs(lhs - rhs) <= 1e-6;
    if (!holds) return m.name(milp::Constraint{i, &m});
  }
  return "";
}

/// How a genre's test reads one token of its sw_* solution file into an answer cell.
using SolutionToken = std::function<int(const std::string& token)>;

/// Whether a test of a shared set solves every record ($GRIDMILP_ALL_RECORDS=1, as
/// `npm run test:slow` sets it) or a spread sample of kSample (the normal `npm test`,
/// which runs the native tests three times: release, debug and with sanitizers).
inline bool allRecords() {
  const char* all = std::getenv("GRIDMILP_ALL_RECORDS");
  return all != nullptr && std::string(all) == "1";
}
inline constexpr std::size_t kSample = 40;

/// What solving a set found.
struct SetRun {
  int records = 0;
  int notUnique = 0;
  int rounds = 0;                     ///< cut rounds, summed
  int cuts = 0;                       ///< cuts, summed
  int maxRounds = 0;                  ///< the most rounds one record took
  std::vector<std::string> timedOut;  ///< records with no answer within the time limit
};

/// Solves every record of a sw_*-layout file with `model` (the genre's default when
/// empty), checks each answer with the genre's rule checker, checks that the given
/// solution passes it too, and compares them: a record answered otherwise must have a
/// second answer. When `values_of` is given (the variables' values for an answer), the
/// known solution must satisfy every row of the final model, cuts included: a cut that
/// removed it would be invalid. `on_solution(name)`, when given, is told which solution
/// record's tokens `token` reads next (a reader that maps a record as a whole). With
/// `time_limit_ms` > 0 a record not answered within it (the whole cut loop) is listed in
/// SetRun::timedOut for the caller to judge, not failed here.
inline SetRun solveDataSet(
    const std::string& genre, const std::string& puzzles_path, const std::string& solutions_path,
    const SolutionToken& token, const std::string& model = "",
    const std::function<std::vector<double>(const Built&, const Answer&)>& values_of = {},
    const std::function<void(const std::string&)>& on_solution = {}, int time_limit_ms = 0) {
  const Genre& g = genreById(genre);
  std::vector<std::unique_ptr<Puzzle>> puzzles = g.parse(readFile(puzzles_path), 0);
  const std::size_t total = puzzles.size();
  if (!allRecords() && total > kSample) {  // a spread sample, in file order
    std::vector<std::unique_ptr<Puzzle>> sample;
    for (std::size_t k = 0; k < kSample; ++k)
      sample.push_back(std::move(puzzles[k * total / kSample]));
    puzzles = std::move(sample);
  }
  const std::vector<Record> solutions = parseRecords(readFile(solutions_path));
  // Solutions by name, each name's records in order (a name may repeat; a few puzzles
  // of the shared sets come without a solution: they are solved and checked only).
  std::map<std::string, std::vector<const Record*>> solution_of;
  for (const Record& r : solutions) solution_of[r.name].push_back(&r);
  std::map<std::string, std::size_t> used;
  SetRun run;
  int without = 0;
  for (const auto& puzzle : puzzles) {
    const Puzzle& p = *puzzle;
    const auto found = solution_of.find(p.name);
    const Record* solution = nullptr;
    if (found != solution_of.end() && used[p.name] < found->second.size()) {
      solution = found->second[used[p.name]++];
    }
    std::optional<Answer> given;
    if (solution != nullptr) {
      given = Answer{p.grid, {}, {}};
      if (on_solution) on_solution(solution->name);  // before its tokens are read
      for (const Token* t : recordBlock(*solution, 0, 1)) given->cells.push_back(token(t->text));
      const std::optional<std::string> given_broken = g.verify(p, *given);
      EXPECT_FALSE(given_broken.has_value())
          << p.name << ": the given solution fails the checker: " << *given_broken;
    } else {
      ++without;
    }
    BuildOptions build;
    build.model = model.empty() ? std::string(g.models().front()) : model;
    GenreSolver solver(g, p, build);
    milp::SolveOptions options = satOptions();
    options.timeLimitMs = time_limit_ms;
    const CutSearch search = solver.solve(options);
    ++run.records;
    run.rounds += search.rounds;
    run.cuts += search.cuts;
    run.maxRounds = std::max(run.maxRounds, search.rounds);
    if (!search.result.hasSolution && time_limit_ms > 0 &&
        search.result.status == milp::SolveStatus::kTimeLimit) {
      run.timedOut.push_back(p.name);
      continue;
    }
    if (!search.result.hasSolution) {
      ADD_FAILURE() << p.name << ": no answer (" << milp::toString(search.result.status) << ")";
      continue;
    }
    const Answer& mine = solver.answer();
    const std::optional<std::string> broken = g.verify(p, mine);
    EXPECT_FALSE(broken.has_value()) << p.name << ": " << *broken;
    if (!given) continue;
    if (values_of) {
      EXPECT_EQ(firstBrokenRow(solver.built().model, values_of(solver.built(), *given)), "")
          << p.name << ": the known solution breaks this row";
    }
    if (mine.cells != given->cells) {
      ++run.notUnique;
      EXPECT_EQ(checkUniqueness(g, p, build, satOptions()).unique, std::optional<bool>(false))
          << p.name << ": a unique puzzle answered otherwise";
    }
  }
  std::printf(
      "[ %s ] %d of the %zu records of %s solved and checked (%s; %d without a "
      "solution to compare); %d not unique; cut rounds %d (max %d), cuts %d%s\n",
      genre.c_str(), run.records, total, puzzles_path.c_str(),
      model.empty() ? "default model" : model.c_str(), without, run.notUnique, run.rounds,
      run.maxRounds, run.cuts,
      run.records < static_cast<int>(total) ? " (a sample: GRIDMILP_ALL_RECORDS=1 for all)" : "");
  return run;
}

/// The shared set `puzzles/<dir>/<stem>` of the shared data folder, or a skip that says
/// it is absent.
inline SetRun solveSharedSet(
    const std::string& genre, const std::string& dir, const std::string& stem,
    const SolutionToken& token, const std::string& model = "",
    const std::function<std::vector<double>(const Built&, const Answer&)>& values_of = {}) {
  const std::string base = gridmilp::testing::sharedDataDir() + "/puzzles/" + dir + "/" + stem;
  if (!std::filesystem::exists(base + ".puzzles.txt")) {
    return SetRun{};
  }
  return solveDataSet(genre, base + ".puzzles.txt", base + ".solutions.txt", token, model,
                      values_of);
}

/// True when the shared set is present (a test skips itself otherwise).
inline bool hasSharedSet(const std::string& dir, const std::string& stem) {
  return std::filesystem::exists(gridmilp::testing::sharedDataDir() + "/puzzles/" + dir + "/" +
                                 stem + ".puzzles.txt");
}

/// The values of one binary per cell, in cell order (the model has no other variable).
inline std::vector<double> cellValues(const Built& built, const Answer& answer) {
  EXPECT_EQ(built.model.numVars(), static_cast<int>(answer.cells.size()));
  return std::vector<double>(answer.cells.begin(), answer.cells.end());
}

}  // namespace gridmilp::puzzles::testing
