// gridmilp — re-solving with cuts, uniqueness and enumeration, for every genre.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/common/search.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "milp/glpk_backend.h"

namespace gridmilp::puzzles {
namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/// Adds the search counts of `from` to `into`: solveMs, nodes, simplex iterations and,
/// when both have them, the SAT conflicts, decisions, propagations and restarts. The
/// sizes (rows, SAT variables and clauses…) stay `into`'s.
void addSearchCounts(milp::SolveStats& into, const milp::SolveStats& from) {
  into.solveMs += from.solveMs;
  into.nodes += from.nodes;
  into.simplexIterations += from.simplexIterations;
  if (into.sat && from.sat) {
    into.sat->conflicts += from.sat->conflicts;
    into.sat->decisions += from.sat->decisions;
    into.sat->propagations += from.sat->propagations;
    into.sat->restarts += from.sat->restarts;
  }
}

}  // namespace

CutSearch solveWithCuts(Built& built, const std::function<std::vector<Cut>()>& separate,
                        const milp::SolveOptions& options, const RoundCallback& on_round,
                        int max_rounds) {
  const auto start = Clock::now();
  CutSearch out;
  // The counts of the rounds so far; out.result.stats sums every round's (its sizes are
  // the last round's).
  milp::SolveStats earlier;
  // CNF-SAT: one MiniSat solver for every round, each round's cuts added to it as
  // clauses (it keeps its learnt clauses), unless the caller keeps one already.
  milp::SolveOptions loop_options = options;
  if (options.method == milp::Method::kSat && !options.satSession) {
    loop_options.satSession = milp::newSatSession();
  }
  for (;;) {
    milp::SolveOptions round_options = loop_options;
    if (options.timeLimitMs > 0) {
      const double left = options.timeLimitMs - msSince(start);
      if (left < 1 && out.rounds > 0) {
        out.result.status = milp::SolveStatus::kTimeLimit;
        out.result.hasSolution = false;
        break;
      }
      round_options.timeLimitMs = std::max(1, static_cast<int>(left));
    }
    out.result = built.model.solve(round_options);
    ++out.rounds;
    const double round_ms = out.result.stats.solveMs;
    const std::int64_t round_nodes = out.result.stats.nodes;
    out.lastRoundNodes = round_nodes;
    addSearchCounts(out.result.stats, earlier);
    earlier = out.result.stats;
    if (!out.result.hasSolution) break;
    const std::vector<Cut> cuts = separate ? separate() : std::vector<Cut>{};
    CutRound round;
    round.round = out.rounds;
    round.cuts = static_cast<int>(cuts.size());
    round.totalCuts = out.cuts + round.cuts;
    round.solveMs = round_ms;
    round.nodes = round_nodes;
    for (const Cut& cut : cuts) {
      round.cells.insert(round.cells.end(), cut.cells.begin(), cut.cells.end());
      round.why.push_back(cut.why);
    }
    std::sort(round.cells.begin(), round.cells.end());
    round.cells.erase(std::unique(round.cells.begin(), round.cells.end()), round.cells.end());
    if (cuts.empty()) {
      // The answer: every row holds (a kept MiniSat solver's answers were checked
      // against each round's new rows only; branch-and-bound's hold within GLPK's
      // tolerances, not exactly).
      if (const int row = out.result.stats.sat ? built.model.violatedRow() : -1; row >= 0) {
        out.result.status = milp::SolveStatus::kError;
        out.result.hasSolution = false;
        out.result.message = "The answer violates constraint " +
                             built.model.name(milp::Constraint{row, &built.model}) +
                             " (a gridmilp bug)";
        break;
      }
      if (on_round) on_round(round);
      break;
    }
    // The solution breaks a rule the model left out: it is no answer.
    if (out.result.status != milp::SolveStatus::kOptimal &&
        out.result.status != milp::SolveStatus::kFeasible) {
      out.result.hasSolution = false;  // a limit stopped the solve: no time to re-solve
      break;
    }
    for (const Cut& cut : cuts) built.model.addConstraint(cut.row, cut.name);
    out.cuts += round.cuts;
    if (on_round && !on_round(round)) {
      out.result.status = milp::SolveStatus::kCancelled;
      out.result.hasSolution = false;
      break;
    }
    if (out.rounds >= max_rounds) {
      out.roundLimit = true;
      out.result.hasSolution = false;
      break;
    }
  }
  return out;
}

bool excludeCurrentAnswer(Built& built, int k) {
  std::vector<int> ones;
  std::vector<int> zeros;
  for (const milp::Var& v : built.answer) {
    if (built.model.value(v) > 0.5) {
      ones.push_back(v.index);
    } else if (!built.oneHotAnswer) {
      zeros.push_back(v.index);
    }
  }
  if (ones.empty() && zeros.empty()) return false;
  built.model.addNoGood(ones, zeros, {"nogood", k});
  return true;
}

GenreSolver::GenreSolver(const Genre& genre, const Puzzle& puzzle, const BuildOptions& options)
    : genre_(genre), puzzle_(puzzle), options_(options), built_(genre.build(puzzle, options)) {}

CutSearch GenreSolver::solve(const milp::SolveOptions& requested, const RoundCallback& on_round) {
  milp::SolveOptions options = requested;
  if (method_ && *method_ != options.method) {  // a fallback's method, kept
    options.method = *method_;
    options.satSession.reset();
  }
  answer_.reset();
  if (exhausted_) {  // the excluded answer was the only one: nothing left to solve
    CutSearch none;
    none.result.status = milp::SolveStatus::kInfeasible;
    return none;
  }
  // With a callback, each round's answer is decoded before its cuts change the model.
  std::optional<Answer> round_answer;
  const auto separate = [&] {
    if (on_round) round_answer = genre_.decode(puzzle_, *built_);
    return genre_.separate(puzzle_, *built_);
  };
  CutRound before;  // the first model's rounds and cuts, once its fallback goes on
  RoundCallback with_answer;
  if (on_round) {
    with_answer = [&](const CutRound& round) {
      CutRound told = round;
      told.answer = round_answer;
      told.round += before.round;
      told.totalCuts += before.totalCuts;
      return on_round(told);
    };
  }
  const auto start = std::chrono::steady_clock::now();
  std::optional<Fallback> fallback =
      solved_ ? std::nullopt : genre_.fallback(puzzle_, options_, options.method);
  solved_ = true;
  // One MiniSat solver across this puzzle's solves (uniqueness and enumeration add
  // their no-goods to it as clauses).
  milp::SolveOptions kept = options;
  if (options.method == milp::Method::kSat && !options.satSession) {
    if (!session_) session_ = milp::newSatSession();
    kept.satSession = session_;
  }
  if (fallback) kept.satPropagationLimit = fallback->afterPropagations;
  CutSearch search = solveWithCuts(*built_, separate, kept, with_answer);
  std::string first_model = options_.model;
  int stopped = 0;  // models whose budget ended their search
  // While a budget ended a model's search and time is left, its fallback goes on.
  milp::Method method = options.method;
  while (fallback && search.result.status == milp::SolveStatus::kTimeLimit) {
    const double spent = msSince(start);
    if (options.timeLimitMs > 0 && spent >= options.timeLimitMs - 1) break;
    options_.model = fallback->model;
    built_ = genre_.build(puzzle_, options_);
    session_.reset();
    const milp::Method first_method = method;
    if (fallback->method) method = *fallback->method;
    const std::optional<Fallback> after = genre_.fallback(puzzle_, options_, method);
    milp::SolveOptions rest = options;
    rest.method = method;
    if (fallback->branching) rest.branching = *fallback->branching;
    if (fallback->preprocessEveryNode) rest.preprocessEveryNode = *fallback->preprocessEveryNode;
    if (method != milp::Method::kSat) rest.satSession.reset();
    if (options.timeLimitMs > 0)
      rest.timeLimitMs = std::max(1, options.timeLimitMs - static_cast<int>(spent));
    if (method == milp::Method::kSat && !options.satSession) {
      session_ = milp::newSatSession();
      rest.satSession = session_;
    }
    if (after) rest.satPropagationLimit = after->afterPropagations;
    // Rounds go on from those reported: each model's last solve, stopped, was not.
    before.round = search.rounds - ++stopped;
    before.totalCuts = search.cuts;
    CutSearch next = solveWithCuts(*built_, separate, rest, with_answer);
    next.modelCuts = next.cuts;
    next.rounds += search.rounds;
    next.cuts += search.cuts;
    addSearchCounts(next.result.stats, search.result.stats);
    next.fallbackFrom = first_model;
    next.fallbackThrough = std::move(search.fallbackThrough);
    next.fallbackTo = fallback->model;
    next.fallbackFromMethod = search.fallbackFromMethod;
    if (method != first_method && next.fallbackFromMethod.empty()) {
      next.fallbackFromMethod = milp::toString(first_method);
    }
    if (!search.fallbackTo.empty()) next.fallbackThrough.push_back(search.fallbackTo);
    search = std::move(next);
    fallback = after;
  }
  if (method != options.method) method_ = method;
  partial_.reset();
  if (search.result.hasSolution && built_->fullValue &&
      search.result.objective < *built_->fullValue - 0.5) {
    // A packing model's optimum short of a full grid: the largest partial fill; no
    // answer. (Stopped by a limit, the fill is only the largest found: the status
    // says which.)
    partial_ = genre_.decode(puzzle_, *built_);
    search.result.hasSolution = false;
    if (search.result.status == milp::SolveStatus::kOptimal) {
      search.result.status = milp::SolveStatus::kInfeasible;
    }
    return search;
  }
  if (search.result.hasSolution) answer_ = genre_.decode(puzzle_, *built_);
  return search;
}

const Answer& GenreSolver::answer() const {
  if (!answer_) throw milp::ModelError("No answer to read: the last solve found none");
  return *answer_;
}

void GenreSolver::excludeAnswer() {
  answer();  // throws when there is none
  if (!excludeCurrentAnswer(*built_, ++nogoods_)) exhausted_ = true;
}

milp::SolveResult GenreSolver::relax(const milp::SolveOptions& options,
                                     std::vector<double>* values) const {
  milp::SolveOptions asked = options;
  asked.relaxMethod = genre_.relaxMethod();
  return milp::solveRelaxation(built_->model, asked, values);
}

Answer GenreSolver::answerAt(const std::vector<double>& values) {
  std::vector<double> point(values.size());
  for (std::size_t j = 0; j < values.size(); ++j) point[j] = std::round(values[j]);
  built_->model.adoptSolution(std::move(point));
  return genre_.decode(puzzle_, *built_);
}

GenreUniqueness checkUniqueness(const Genre& genre, const Puzzle& puzzle, const BuildOptions& build,
                                const milp::SolveOptions& options) {
  // options.timeLimitMs bounds both searches together, the model's build included.
  const auto start = std::chrono::steady_clock::now();
  GenreUniqueness out;
  GenreSolver solver(genre, puzzle, build);
  out.first = solver.solve(milp::withTimeLeft(options, start));
  if (!out.first.result.hasSolution) return out;
  out.answer = solver.answer();
  solver.excludeAnswer();
  out.second = solver.solve(milp::withTimeLeft(options, start));
  if (out.second->result.hasSolution) {
    out.secondAnswer = solver.answer();
    out.unique = false;
  } else if (out.second->result.status == milp::SolveStatus::kInfeasible) {
    out.unique = true;
  }
  return out;
}

GenreEnumeration enumerateAnswers(const Genre& genre, const Puzzle& puzzle,
                                  const BuildOptions& build, int limit,
                                  const milp::SolveOptions& options,
                                  const std::function<bool(const Answer&, int)>& on_answer) {
  // options.timeLimitMs bounds the whole enumeration, not each search.
  const auto start = std::chrono::steady_clock::now();
  GenreEnumeration out;
  GenreSolver solver(genre, puzzle, build);
  while (static_cast<int>(out.answers.size()) < limit) {
    // Past the limit, no further search (each backend measures its own 1 ms from its
    // start, and MiniSat looks at the clock only at its restarts).
    if (out.solves > 0 && milp::pastTimeLimit(options, start)) {
      out.lastStatus = milp::SolveStatus::kTimeLimit;
      return out;
    }
    const CutSearch search = solver.solve(milp::withTimeLeft(options, start));
    ++out.solves;
    out.rounds += search.rounds;
    out.solveMs += search.result.stats.solveMs;
    out.lastStatus = search.result.status;
    if (!search.result.hasSolution) {
      out.complete = search.result.status == milp::SolveStatus::kInfeasible;
      return out;
    }
    out.answers.push_back(solver.answer());
    if (on_answer && !on_answer(out.answers.back(), static_cast<int>(out.answers.size()))) {
      return out;
    }
    solver.excludeAnswer();
  }
  return out;
}

}  // namespace gridmilp::puzzles
