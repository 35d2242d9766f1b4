// gridmilp — a model's formulation for the teaching panel, from the engine.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The page typesets `variables`, `objective` and each constraint group's `tex` with
// KaTeX, and highlights the cells of a row when it is pointed at: the rows and their
// cells come from the built model itself (each row's variables, mapped to cells by
// Built::cellOf), not from reading GLPK's LP text back.
#pragma once

#include <string>
#include <vector>

namespace gridmilp::milp {
class Model;
}

namespace gridmilp::puzzles {

struct Built;

/// One row of a constraint group: its name in the model (`cage[3]`) and the cells
/// (0-based indices) its variables belong to.
struct FormulationRow {
  std::string name;
  std::vector<int> cells;
  int at = -1;  ///< the clue cell the row is about (Built::clueCellOf), or -1
};

/// A named set of rows, one per rule of the puzzle.
struct ConstraintGroup {
  std::string id;         ///< the rows' family name in the model ("cage", "row")
  std::string title;      ///< the rule in words ("Each cage adds up to its sum")
  std::string tex;        ///< the rows as TeX, e.g. \sum_{(r,c) \in C} \sum_d d\,x_{r,c,d} = s_C
  std::string technique;  ///< the modelling technique ("sums", "areas", "IF by big-M")
  std::vector<FormulationRow> rows;
  /// The rows' names with their indices as letters ("box[b,d]"), or empty.
  std::string pattern = {};
  /// -1 when `rows` holds every row of the group; else `rows` holds only the first
  /// row and this is how many the model has (collectFirstRows).
  int rowCount = -1;
};

/// A paragraph about the model: words with TeX between `\(` and `\)`.
struct FormulationNote {
  /// "sets" (the index sets and data), "model" (how this model differs from the
  /// others), "variables" (a set of variables and its size) or "objective" (what the
  /// objective means).
  std::string kind;
  std::string text;
};

struct Formulation {
  std::string genre;
  std::string variables;  ///< TeX: what the variables mean
  std::string objective;  ///< TeX, e.g. \text{minimise } 0
  std::vector<ConstraintGroup> groups;
  /// The model stated ("reduced"), or empty for a genre's only one.
  std::string model;
  /// Paragraphs before the variables (Sudoku's sets, its model, its candidate sets).
  std::vector<FormulationNote> notes;
  int rows = 0;
  int columns = 0;  ///< MILP columns (variables)
  int nonzeros = 0;
};

/// Fills the rows of each group of `formulation` from `built`: every model row
/// whose name is `<group id>[...]` goes to that group, with the cells of its
/// variables (Built::cellOf), in model order. Rows of no group are left out.
void collectRows(const Built& built, Formulation* formulation);

/// As collectRows, but each group keeps only its first row (none when the model has
/// none), and ConstraintGroup::rowCount says how many rows it has: for a reader that
/// points at one row of a rule (the Sudoku page's model panel; a 25×25 Sudoku has
/// 2,500 rows of 25 cells). `cellOf[var]` is the 0-based cell of column `var`, or -1.
void collectFirstRows(const milp::Model& model, const std::vector<int>& cellOf,
                      Formulation* formulation);

}  // namespace gridmilp::puzzles
