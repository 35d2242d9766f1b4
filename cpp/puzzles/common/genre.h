// gridmilp — the genre interface: what a kind of puzzle provides to the engine.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// A genre turns text into a typed puzzle (parse), the puzzle into a MILP with the
// model builder (build), finds the cuts an integer solution violates when the model
// leaves a rule out (separate: connectivity, one loop), reads the answer from a
// solution (decode), checks an answer by the rules alone (verify: it never looks at
// the model), and describes the board and the formulation for the page. The shared
// machinery (search.h) solves, re-solves with cuts, checks uniqueness and enumerates
// for every genre alike. See ../shared/DESIGN.md, "A genre".
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "milp/model.h"
#include "puzzles/common/board.h"
#include "puzzles/common/formulation.h"
#include "puzzles/common/grid.h"

namespace gridmilp::puzzles {

/// A clue whose rule a binary switches (BuildOptions::switchClues): keep = 1 states
/// the rule, keep = 0 drops it.
struct ClueSwitch {
  milp::Var keep;
  int cell = -1;     ///< the cell the clue is written in
  std::string text;  ///< the clue as a person reads it: "3", "16 across", "room of 2"
};

/// A parsed puzzle. Genres derive from it and add their clues.
struct Puzzle {
  virtual ~Puzzle() = default;
  RectGrid grid;
  std::string name;    ///< the record's id ("21_9x9") or "Puzzle N"
  std::string header;  ///< the record's whole header line without "=== " (may be empty)
  int line = 0;        ///< 1-based line where the puzzle starts in its text
  /// Things the solver accepts but a person should know ("region 3 is not connected").
  std::vector<std::string> warnings;
};

/// An answer: one value per cell (a digit; 1 for shaded, a star or a lamp; 0 for
/// none), plus, for genres that draw lines, one value per edge in a genre's order.
struct Answer {
  RectGrid grid;
  std::vector<int> cells;
  std::vector<int> edges;
  bool operator==(const Answer&) const = default;
};

/// A built model. Genres derive from it to keep their variable families.
struct Built {
  /// A built model that owns a new, empty MILP.
  Built() : owned_(std::make_unique<milp::Model>()), model(*owned_) {}
  /// A built model over a MILP someone else built and keeps alive at least as long
  /// (a genre that wraps an existing model builder, as Sudoku's reduced models).
  explicit Built(milp::Model& adopted) : model(adopted) {}
  Built(const Built&) = delete;
  Built& operator=(const Built&) = delete;
  virtual ~Built() = default;

 private:
  std::unique_ptr<milp::Model> owned_;  ///< null when the model is adopted

 public:
  milp::Model& model;
  /// The binaries that determine the answer: uniqueness and enumeration exclude an
  /// answer by a no-good cut over them (search.h).
  std::vector<milp::Var> answer;
  /// True when every feasible point sets exactly one answer binary per cell (digit
  /// genres): then the no-good needs only the binaries at 1 (search.h).
  bool oneHotAnswer = false;
  /// The cell each variable belongs to (by variable index; -1 for none), for the
  /// formulation's rows and the cells a cut involves.
  std::vector<int> cellOf;
  /// A packing model (every rule "at most", maximise what is placed): the objective
  /// value of an answer that fills every cell. An optimum below it is a partial fill,
  /// and the puzzle has no answer (GenreSolver::partial).
  std::optional<int> fullValue;
  /// With BuildOptions::switchClues, each clue's rule and the binary that switches it
  /// on (clues.h), in the order the genre added them; empty otherwise.
  std::vector<ClueSwitch> clueSwitches;
  /// The clue cell each row is about (by row index; -1 or past the end for none), set
  /// by addClueRow (clues.h): a clue's row names the cells around it, not the clue's.
  std::vector<int> clueCellOf;
  /// The cells a row is about when its variables do not say (by row index; empty or past
  /// the end: its variables' cells): a Killer cage's combination row, over the cage's
  /// choice binaries, is about the cage's cells.
  std::vector<std::vector<int>> rowCells;
};

/// A linear objective over the digits of an answer (digit genres; protocol.md,
/// "objective"): sense · sum over cells of weights[cell] · digit(cell), the weights row
/// by row (n·n of them).
struct DigitObjective {
  milp::ObjectiveSense sense = milp::ObjectiveSense::kMaximize;
  std::vector<double> weights;
  /// The preset that made the weights (protocol.md: "diagonal", "firstRow"), or kNone
  /// for weights sent as they are: the formulation's words.
  enum class Preset { kNone, kDiagonal, kFirstRow };
  Preset preset = Preset::kNone;
};

/// Options of a build: the model variant ("textbook" for every genre; a genre may
/// offer reductions under other names).
struct BuildOptions {
  std::string model = "textbook";
  /// Each clue's rule holds only when a binary keep says so (clues.h, addClueRow): the
  /// model of "Why no solution?" for the clue genres, which keeps as many as it can.
  bool switchClues = false;
  /// Digit genres: the objective to optimise (branch-and-bound); none: any answer.
  /// Other genres leave it unread (the service refuses it for them).
  std::optional<DigitObjective> objective = std::nullopt;
};

/// A model to solve with instead when the requested one has not found an answer within a
/// budget (Genre::fallback): a portfolio of two models, tried one after the other.
struct Fallback {
  std::string model;             ///< the model built instead
  double afterPropagations = 0;  ///< the first model's budget: MiniSat propagations, every round's
  /// The method the fallback solves with, when not the first's (Akari: branch-and-bound
  /// after CNF-SAT, for grids of long runs and few clues, where MiniSat wanders).
  std::optional<milp::Method> method{};
  /// Branch-and-bound's branching and node preprocessing for the fallback, when not the
  /// request's (Akari: most fractional, the root alone; docs/performance.md).
  std::optional<milp::Branching> branching{};
  std::optional<bool> preprocessEveryNode{};
};

/// A cut found by separation: a row to add, what it says, and the cells it involves.
struct Cut {
  milp::ConstraintSpec row;
  std::string name;  ///< row name in the model, e.g. "connect[3]"
  std::string why;   ///< in words: "one of these 6 shaded cells must be unshaded"
  std::vector<int> cells;
};

/// What a kind of puzzle provides. Implementations are stateless singletons
/// (registry.h); every method may be called from any thread.
class Genre {
 public:
  virtual ~Genre() = default;

  /// The protocol's id ("killer") and the genre's name for people ("Killer Sudoku").
  virtual std::string_view id() const = 0;
  virtual std::string_view title() const = 0;

  /// The model variants build() takes, the default first (the default is the
  /// fastest GLPK route the genre has; the others are there to teach and compare).
  virtual std::vector<std::string_view> models() const { return {"textbook"}; }

  /// models() for people: "cells, candidates, stream, stream-layers and whole-no-good".
  std::string modelList() const;

  /// Throws InputError (bad_request, field "options.model") when `model` is not one of
  /// models(), naming the genre and its models: "Hitori has the models textbook and
  /// whole-no-good, not 'cells'". Every genre's build() calls it first.
  void requireModel(std::string_view model) const;

  /// The model a request that names none gets, for the method it runs: the first of
  /// models(), unless the fastest model differs by method (killer: clauses for
  /// CNF-SAT, whose rows it writes without adders; combinations, a tighter LP, for
  /// branch-and-bound; docs/performance.md).
  virtual std::string_view defaultModel(milp::Method /*method*/) const { return models().front(); }

  /// Whether `model` has variables that are not 0-1 or an objective of its own, so that
  /// only branch-and-bound solves it (CNF-SAT takes 0-1 feasibility models): "packing"
  /// in every genre that has it, and a genre's own such models (Kuromasu's "big-m",
  /// whose run lengths are integers). A request naming no method gets branch-and-bound
  /// for these; one asking for sat is refused.
  virtual bool needsBranchAndBound(std::string_view model) const { return model == "packing"; }

  /// The simplex that solves the genre's LP relaxation alone (GenreSolver::relax;
  /// SolveOptions::relaxMethod): the dual by default, the primal for the digit genres,
  /// whose Sudoku rows make the dual slow.
  virtual milp::SimplexMethod relaxMethod() const { return milp::SimplexMethod::kDualPrimal; }

  /// The model to switch to when a first solve of `puzzle` with `options` meets its
  /// budget of SAT propagations without an answer (GenreSolver::solve), or nothing (the
  /// default). Asked again of the model switched to, so fallbacks may chain; the puzzle
  /// decides whether a model applies (Nurikabe's stream-layers only to small streams).
  virtual std::optional<Fallback> fallback(const Puzzle& /*puzzle*/,
                                           const BuildOptions& /*options*/,
                                           milp::Method /*method*/) const {
    return std::nullopt;
  }

  /// The puzzles of a text (one or many, in the genre's formats; docs/formats.md).
  /// `size` is a side length the caller knows (0: from the text). Throws InputError
  /// with the line, column and character of the first fault.
  virtual std::vector<std::unique_ptr<Puzzle>> parse(std::string_view text, int size) const = 0;

  /// The puzzles of a text as parse() reads them, but keeping givens that break a rule
  /// on their own (two equal digits in a row, column, box or region) instead of
  /// refusing them: "Why no solution?" (explainInfeasible) explains such a puzzle, and
  /// the parse request draws it with a warning. Default: parse().
  virtual std::vector<std::unique_ptr<Puzzle>> parseAsGiven(std::string_view text, int size) const {
    return parse(text, size);
  }

  /// The MILP. Throws InputError (bad_request) for a model name the genre lacks.
  virtual std::unique_ptr<Built> build(const Puzzle& puzzle, const BuildOptions& options) const = 0;

  /// Cuts that the current integer solution of `built` violates (empty: it obeys every
  /// rule). Genres whose model states every rule keep the default.
  virtual std::vector<Cut> separate(const Puzzle& /*puzzle*/, const Built& /*built*/) const {
    return {};
  }

  /// The answer in the current solution of `built` (values > 0.5 count as 1).
  virtual Answer decode(const Puzzle& puzzle, const Built& built) const = 0;

  /// The first rule `answer` breaks, in words ("row 3 holds 5 twice"), or nothing.
  /// Reads only the puzzle and the answer.
  virtual std::optional<std::string> verify(const Puzzle& puzzle, const Answer& answer) const = 0;

  /// The board of the puzzle, with the answer drawn when there is one.
  virtual Board board(const Puzzle& puzzle, const Answer* answer) const = 0;

  /// Adds the LP relaxation's values (`values`, one per model variable) to a board as
  /// candidate marks or shading depth.
  virtual void drawRelaxation(const Puzzle& puzzle, const Built& built,
                              const std::vector<double>& values, Board* board) const = 0;

  /// The formulation of `built` for the teaching panel (its rows via collectRows).
  virtual Formulation formulation(const Puzzle& puzzle, const Built& built) const = 0;

  /// The puzzle as text in the genre's own record format (parse reads it back to the
  /// same puzzle), ending in a newline.
  virtual std::string formatPuzzle(const Puzzle& puzzle) const = 0;

  /// The answer as text in the genre's solution format (the `sw_*.solutions.txt`
  /// layout: "=== header", "R C", then the rows), ending in a newline.
  virtual std::string formatAnswer(const Puzzle& puzzle, const Answer& answer) const = 0;
};

}  // namespace gridmilp::puzzles
