// gridmilp — Sudoku as a genre of the registry.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/sudoku/genre.h"

#include <memory>
#include <string>
#include <utility>

#include "puzzles/common/digits.h"
#include "puzzles/input_error.h"
#include "puzzles/sudoku/formulation.h"
#include "puzzles/sudoku/model.h"

namespace gridmilp::puzzles {
namespace {

/// A model of Sudoku's own builder (sudoku::buildModel: candidates, reduced, probed),
/// adopted as the genre's: the x family is sparse, and the cells the reduction fixed
/// have no variables.
struct SudokuBuilt final : DigitBuilt {
  explicit SudokuBuilt(std::unique_ptr<sudoku::SudokuModel> built)
      : DigitBuilt(built->model), sudoku(std::move(built)) {}
  std::unique_ptr<sudoku::SudokuModel> sudoku;
};

const DigitPuzzle& digitPuzzle(const Puzzle& puzzle) {
  return dynamic_cast<const DigitPuzzle&>(puzzle);
}

/// The givens as sudoku::Grid, with the puzzle's boxes (setBoxes).
sudoku::Grid givensGrid(const DigitPuzzle& p) {
  sudoku::Grid givens(sudoku::shapeFor(p.n, p.boxHeight, p.boxWidth));
  for (int cell = 0; cell < p.grid.cells(); ++cell) {
    givens.at(p.grid.rowOf(cell), p.grid.columnOf(cell)) = p.givens[cell];
  }
  return givens;
}

class SudokuGenre final : public DigitGenre {
 public:
  std::string_view id() const override { return "sudoku"; }
  std::string_view title() const override { return "Sudoku"; }

  /// Sudoku's four models (sudoku/model.h), the reduced one first: with CNF-SAT it is
  /// the fastest GLPK route (docs/performance.md); the others teach and compare.
  std::vector<std::string_view> models() const override {
    return {"reduced", "textbook", "candidates", "probed"};
  }

  std::vector<std::unique_ptr<Puzzle>> parseAsGiven(std::string_view text,
                                                    int size) const override {
    std::vector<std::unique_ptr<Puzzle>> out;
    for (auto& p : parseDigitGrids(text, size, true)) {
      setBoxes(*p, title());
      out.push_back(std::move(p));
    }
    return out;
  }

  /// textbook: the digit genres' model (the same rows as sudoku::buildTextbookModel);
  /// candidates, reduced, probed: sudoku::buildModel's, whose reduction a teacher can
  /// follow step by step. A reduction that meets a contradiction leaves the rows
  /// contradiction[1]: z = 1 and contradiction[2]: z = 0, so GLPK reports the puzzle
  /// infeasible.
  std::unique_ptr<Built> build(const Puzzle& puzzle, const BuildOptions& options) const override {
    requireModel(options.model);
    if (options.model == "textbook") return DigitGenre::build(puzzle, options);
    const DigitPuzzle& p = digitPuzzle(puzzle);
    const int n = p.n;
    auto built = std::make_unique<SudokuBuilt>(
        sudoku::buildModel(givensGrid(p), sudoku::modelKindFromString(options.model)));
    sudoku::SudokuModel& s = *built->sudoku;
    if (s.reduction.contradiction) {
      // The builder refuses a row without variables (0 = 1), and GLPK gives a binary
      // the bounds 0..1: two rows on one binary state what cannot hold.
      const milp::Var z = s.model.addBinary("z");
      s.model.addConstraint(milp::LinExpr(z) == 1, "contradiction[1]");
      s.model.addConstraint(milp::LinExpr(z) == 0, "contradiction[2]");
    }
    built->x = s.x;
    built->answer = s.x.size() > 0 ? s.x.all() : std::vector<milp::Var>{};
    built->oneHotAnswer = true;
    built->cellOf = sudoku::cellOfVars(s);
    built->decided.assign(static_cast<std::size_t>(n * n), 0);
    for (int cell = 0; cell < n * n; ++cell) {
      built->decided[cell] = s.fixed.at(p.grid.rowOf(cell), p.grid.columnOf(cell));
    }
    if (options.objective) addDigitObjective(p, *options.objective, built.get());
    return built;
  }

  Answer decode(const Puzzle& puzzle, const Built& built) const override {
    const auto* s = dynamic_cast<const SudokuBuilt*>(&built);
    if (s == nullptr) return DigitGenre::decode(puzzle, built);
    const DigitPuzzle& p = digitPuzzle(puzzle);
    const sudoku::Grid solution = sudoku::decodeSolution(*s->sudoku);
    Answer out{p.grid, std::vector<int>(p.grid.cells(), 0), {}};
    for (int cell = 0; cell < p.grid.cells(); ++cell) {
      out.cells[cell] = solution.at(p.grid.rowOf(cell), p.grid.columnOf(cell));
    }
    return out;
  }

  /// The candidates' LP values; a cell the reduction fixed shows its digit at 1.
  void drawRelaxation(const Puzzle& puzzle, const Built& built, const std::vector<double>& values,
                      Board* board) const override {
    const auto* s = dynamic_cast<const SudokuBuilt*>(&built);
    if (s == nullptr) return DigitGenre::drawRelaxation(puzzle, built, values, board);
    const DigitPuzzle& p = digitPuzzle(puzzle);
    const sudoku::SudokuModel& m = *s->sudoku;
    drawCandidates(
        p,
        [&](int cell, int d) {
          const int fixed = m.fixed.at(p.grid.rowOf(cell), p.grid.columnOf(cell));
          if (fixed != 0) return fixed == d ? 1.0 : 0.0;
          const int v = m.x.size() > 0 ? m.x.varAtOffset(cell * p.n + d - 1) : -1;
          return v >= 0 ? values[static_cast<std::size_t>(v)] : 0.0;
        },
        board);
  }

  /// The Sudoku page's formulation (sudoku/formulation.h), the same for each model on
  /// both routes, with the rows of `built`. The textbook model here is the digit
  /// genres' (the same rows): its text comes from sudoku::buildModel's textbook model.
  Formulation formulation(const Puzzle& puzzle, const Built& built) const override {
    const DigitPuzzle& p = digitPuzzle(puzzle);
    const auto* s = dynamic_cast<const SudokuBuilt*>(&built);
    std::unique_ptr<sudoku::SudokuModel> textbook;
    if (s == nullptr) textbook = sudoku::buildModel(givensGrid(p), sudoku::ModelKind::kTextbook);
    const sudoku::SudokuModel& m = s != nullptr ? *s->sudoku : *textbook;
    int givens = 0;
    for (int g : p.givens) givens += g != 0 ? 1 : 0;
    // The objective as the Sudoku page states it (its words and TeX).
    sudoku::FormulationObjective objective;
    const auto* digits = dynamic_cast<const DigitBuilt*>(&built);
    if (digits != nullptr && digits->objective) {
      const DigitObjective& o = *digits->objective;
      using Kind = sudoku::FormulationObjective::Kind;
      using Preset = DigitObjective::Preset;
      objective.kind = o.preset == Preset::kDiagonal   ? Kind::kDiagonal
                       : o.preset == Preset::kFirstRow ? Kind::kFirstRow
                                                       : Kind::kWeights;
      objective.maximise = o.sense == milp::ObjectiveSense::kMaximize;
    }
    Formulation f = sudoku::formulationOf(m, givens, objective);
    if (m.reduction.contradiction) {
      f.groups.push_back({"contradiction",
                          "The reduction met a contradiction: " + *m.reduction.contradiction,
                          "z = 1,\\quad z = 0",
                          "",
                          {},
                          ""});
    }
    collectRows(built, &f);
    return f;
  }
};

}  // namespace

const Genre& sudokuGenre() {
  static const SudokuGenre genre;
  return genre;
}

}  // namespace gridmilp::puzzles
