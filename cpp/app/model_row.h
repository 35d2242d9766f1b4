// gridmilp — one row of a built model for a reader: the `row` of the Sudoku route's
// exportModel and of the genres' formulation (protocol.md).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/json.h"
#include "milp/model.h"

namespace gridmilp::app {

/// The longest row name a request may ask for, in bytes.
inline constexpr std::size_t kMaxRowName = 200;

/// The request's "row" field: a row name such as `box[5,3]`, or nothing when absent or
/// null. Throws InputError bad_request naming `row` for a value that is not a string, an
/// empty one, or one longer than kMaxRowName bytes.
std::optional<std::string> rowNameOf(const rapidjson::Value& request);

/// One row as the model hands it to GLPK, for a reader: `text` is
/// `name: term + term … relation rhs`, each term `coefficient variable` with a
/// coefficient of 1 left out and -1 written as a minus sign (`box[5,3]: x[4,4,3] +
/// x[4,5,3] … = 1`, `cage[2]: x[1,2,1] + 2 x[1,2,2] … = 14`), whole numbers without a
/// decimal point and others in the shortest form that reads back the same; `vars` its
/// variables in row order; `fixed` those of them whose bounds fix them (lower = upper),
/// written `x[1,1,4] = 1`, as the givens of the textbook Sudoku model are. Throws
/// milp::ModelError for a row of another model or out of range.
struct RowText {
  std::string text;
  std::vector<int> vars;
  std::vector<std::string> fixed;
};
RowText rowText(const milp::Model& model, milp::Constraint row);

/// Row `name` of `model` as JSON: `{name, text, terms, cells: [[row, column], …], fixed:
/// […]}` with `text` and `fixed` as rowText writes them, `terms` the number of its
/// variables, and `cells` the 1-based cells of the row's variables (each once, in the
/// order the row first names them; variables of no cell are left out); null when the
/// model has no row of that name (e.g. the reduced Sudoku model has no row for a unit
/// the givens complete).
///
/// @param cell_of the 0-based cell (row · columns + column) of each variable index, or
///   -1; variables past its end have no cell
/// @param columns the grid's columns, to turn a cell into [row, column]
/// @param row_cells the cells of rows whose variables do not say (by row index; empty or
///   past the end: from cell_of), e.g. a Killer cage's combination row (Built::rowCells)
rapidjson::Value rowJson(const milp::Model& model, std::string_view name,
                         const std::vector<int>& cell_of, int columns, JsonAllocator& allocator,
                         const std::vector<std::vector<int>>& row_cells = {});

}  // namespace gridmilp::app
