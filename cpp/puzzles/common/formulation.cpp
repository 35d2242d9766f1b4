// gridmilp — a model's formulation for the teaching panel.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/common/formulation.h"

#include <algorithm>
#include <unordered_map>

#include "puzzles/common/genre.h"

namespace gridmilp::puzzles {

namespace {

/// Fills the groups' rows: all of them, or the first of each with the count.
void collect(const milp::Model& model, const std::vector<int>& cellOf,
             const std::vector<int>& clueCellOf, const std::vector<std::vector<int>>& rowCells,
             bool firstOnly, Formulation* formulation) {
  std::unordered_map<std::string, ConstraintGroup*> by_id;
  for (ConstraintGroup& group : formulation->groups) {
    by_id[group.id] = &group;
    if (firstOnly) group.rowCount = 0;
  }
  for (int i = 0; i < model.numConstraints(); ++i) {
    std::string name = model.name(milp::Constraint{i, &model});
    const auto found = by_id.find(name.substr(0, name.find('[')));
    if (found == by_id.end()) continue;
    ConstraintGroup& group = *found->second;
    if (firstOnly && group.rowCount++ > 0) continue;
    FormulationRow row;
    row.name = std::move(name);
    if (i < static_cast<int>(rowCells.size()) && !rowCells[i].empty()) {
      row.cells = rowCells[i];
    } else {
      for (int k = model.rowStart(i); k < model.rowStart(i + 1); ++k) {
        const int var = model.rowVars()[k];
        const int cell = var < static_cast<int>(cellOf.size()) ? cellOf[var] : -1;
        if (cell >= 0) row.cells.push_back(cell);
      }
    }
    if (i < static_cast<int>(clueCellOf.size())) row.at = clueCellOf[i];
    std::sort(row.cells.begin(), row.cells.end());
    row.cells.erase(std::unique(row.cells.begin(), row.cells.end()), row.cells.end());
    group.rows.push_back(std::move(row));
  }
  formulation->rows = model.numConstraints();
  formulation->columns = model.numVars();
  formulation->nonzeros = model.numNonzeros();
}

}  // namespace

void collectRows(const Built& built, Formulation* formulation) {
  collect(built.model, built.cellOf, built.clueCellOf, built.rowCells, false, formulation);
}

void collectFirstRows(const milp::Model& model, const std::vector<int>& cellOf,
                      Formulation* formulation) {
  collect(model, cellOf, {}, {}, true, formulation);
}

}  // namespace gridmilp::puzzles
