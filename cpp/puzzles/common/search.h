// gridmilp — solving a genre's MILP: re-solving with cuts, uniqueness, enumeration.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The loop of Saito's pencil-puzzle notebooks: solve the MILP, check the integer
// solution for rules the model leaves out (Genre::separate), add the violated cuts,
// and solve again, until the solution obeys every rule or the MILP is infeasible.
// Uniqueness and enumeration add the no-good cut of the teaching texts over the
// answer binaries A of the current solution x*: with S = {a in A : x*_a = 1},
//     sum_{a in S} a − sum_{a in A \ S} a <= |S| − 1,
// which every 0-1 point agreeing with x* on A violates and every other satisfies.
// When each cell has exactly one answer binary at 1 in every feasible point
// (Built::oneHotAnswer: digits), sum_{a in S} a <= |S| − 1 says the same with |S|
// terms instead of |A| (the Sudoku texts' form).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "milp/model.h"
#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

/// One round of the re-solve loop, reported as progress.
struct CutRound {
  int round = 0;                 ///< 1-based: round 1 is the first solve
  int cuts = 0;                  ///< cuts this round's solution violated and that were added
  int totalCuts = 0;             ///< cuts added so far
  std::vector<int> cells;        ///< the cells the round's cuts involve
  std::vector<std::string> why;  ///< each cut in words
  double solveMs = 0;            ///< this round's MILP solve, ms
  std::int64_t nodes = 0;
  /// The round's answer, cuts not yet added (GenreSolver decodes it for its callback; a
  /// round with cuts breaks a rule the model left out, which `why` names).
  std::optional<Answer> answer;
};

/// Outcome of the loop.
struct CutSearch {
  /// The last solve's, with its solveMs, nodes, simplex iterations and SAT search
  /// counts (conflicts, decisions, propagations, restarts) summed over the rounds; the
  /// SAT sizes (variables, clauses) are the last round's.
  milp::SolveResult result;
  int rounds = 0;
  int cuts = 0;
  /// The last round's branch-and-bound nodes (result.stats.nodes sums every round's):
  /// the tree of result.branching, which is the last round's. 0 on CNF-SAT.
  std::int64_t lastRoundNodes = 0;
  bool roundLimit = false;  ///< stopped at maxRounds with cuts still violated
  /// The model the solve began with, when it met its budget and the genre's fallback
  /// model went on (GenreSolver::solve); fallbackTo is the model that ran last, and
  /// fallbackThrough the models between them that met their budgets too, in order
  /// (Nurikabe: cells, then stream, then stream-layers). Rounds, cuts and the counts
  /// are every model's. All empty when there was no switch.
  std::string fallbackFrom;
  std::vector<std::string> fallbackThrough;
  std::string fallbackTo;
  /// The method the first model ran with when a fallback went on with another
  /// (Fallback::method), else empty.
  std::string fallbackFromMethod;
  /// After a fallback, the cuts of the model that ran last (fallbackTo), which are the
  /// only cuts among its rows; `cuts` counts every model's. 0 without a fallback.
  int modelCuts = 0;
};

/// Called after each round; return false to stop (the result is then kCancelled).
using RoundCallback = std::function<bool(const CutRound&)>;

/// Solves `built` with `options`, separating with `separate` after every solve
/// that has a solution, until no cut is violated. options.timeLimitMs bounds the
/// whole loop. Never throws for solver trouble (status kError as from Model::solve).
CutSearch solveWithCuts(Built& built, const std::function<std::vector<Cut>()>& separate,
                        const milp::SolveOptions& options, const RoundCallback& on_round = {},
                        int max_rounds = 100000);

/// Adds the no-good cut excluding the current solution's values of `built.answer`
/// (see the file comment; milp::Model::addNoGood), named `nogood[k]`, and returns true; returns
/// false and adds nothing when no answer binary could change (none is at 1 in a one-hot model, or
/// there are none: a reduction decided every cell), so this answer is the only one.
/// Throws milp::ModelError when the model has no solution to read.
bool excludeCurrentAnswer(Built& built, int k);

/// A puzzle's model kept across solves, so that cuts and no-goods accumulate.
class GenreSolver {
 public:
  /// Builds the model. Throws as Genre::build.
  GenreSolver(const Genre& genre, const Puzzle& puzzle, const BuildOptions& options);

  /// Solves with the cut loop; the answer, when found, is decoded and kept. The first
  /// solve of a genre with a fallback (Genre::fallback) for this model and method runs
  /// within the fallback's budget of SAT propagations; when that ends it without an answer
  /// and time is left, the fallback model is built in its place (built() and model()
  /// say so from then on) and solves in the time left, its rounds numbered on from the
  /// first model's, within its own fallback's budget if it has one, and so on.
  CutSearch solve(const milp::SolveOptions& options, const RoundCallback& on_round = {});
  /// The model built now: the one asked for, or its fallback.
  const std::string& model() const { return options_.model; }
  /// The last answer (throws milp::ModelError when the last solve found none).
  const Answer& answer() const;
  /// A packing model's largest partial fill (Built::fullValue), when the last solve's
  /// optimum fell short of filling every cell: that solve then reports kInfeasible, no
  /// solution, and this holds the fill (0 in the cells left empty).
  const std::optional<Answer>& partial() const { return partial_; }
  /// Excludes the last answer by a no-good cut.
  void excludeAnswer();
  /// Solves the LP relaxation of the current model (integrality dropped); `values`
  /// gets one value per variable when it has a solution.
  milp::SolveResult relax(const milp::SolveOptions& options, std::vector<double>* values) const;
  /// The answer at an integral point `values` (one per variable, as relax gives them),
  /// decoded as a solve's answer would be, for the rule checker to judge: an integral LP
  /// relaxation keeps the model's rows but not the rules the genre leaves to cuts. The
  /// point becomes the model's last solution. Throws milp::ModelError for a wrong count.
  Answer answerAt(const std::vector<double>& values);

  const Built& built() const { return *built_; }
  const Genre& genre() const { return genre_; }
  const Puzzle& puzzle() const { return puzzle_; }

 private:
  const Genre& genre_;
  const Puzzle& puzzle_;
  BuildOptions options_;
  std::unique_ptr<Built> built_;
  std::shared_ptr<milp::SatSession> session_;  ///< CNF-SAT: the solver kept across solves
  std::optional<Answer> answer_;
  std::optional<Answer> partial_;
  int nogoods_ = 0;
  /// Set when excludeAnswer had nothing to cut: every later solve is infeasible.
  bool exhausted_ = false;
  bool solved_ = false;  ///< solve has run: a fallback applies to the first solve only
  /// The method a fallback went on with (Fallback::method): every later solve's too (a
  /// uniqueness check's second solve, an enumeration's next), as the model is.
  std::optional<milp::Method> method_;
};

/// Outcome of a uniqueness check: the first answer, and a second one if it exists.
struct GenreUniqueness {
  CutSearch first;
  std::optional<Answer> answer;
  std::optional<CutSearch> second;
  std::optional<Answer> secondAnswer;
  /// true: unique; false: a second answer exists; empty: none at all, or a limit
  /// stopped a solve before it was known.
  std::optional<bool> unique;
};
GenreUniqueness checkUniqueness(const Genre& genre, const Puzzle& puzzle, const BuildOptions& build,
                                const milp::SolveOptions& options);

/// Outcome of an enumeration.
struct GenreEnumeration {
  std::vector<Answer> answers;
  bool complete = false;  ///< the last solve proved there are no more
  milp::SolveStatus lastStatus = milp::SolveStatus::kOptimal;
  int solves = 0;
  int rounds = 0;      ///< rounds of cuts, all solves (CutSearch::rounds summed)
  double solveMs = 0;  ///< inside GLPK, all solves, ms
};
/// Lists up to `limit` answers (limit >= 1). `on_answer(answer, count)` is called
/// after each; returning false stops.
GenreEnumeration enumerateAnswers(const Genre& genre, const Puzzle& puzzle,
                                  const BuildOptions& build, int limit,
                                  const milp::SolveOptions& options,
                                  const std::function<bool(const Answer&, int)>& on_answer = {});

}  // namespace gridmilp::puzzles
