// gridmilp — a clue's rule that "Why no solution?" may drop (clues.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/common/clues.h"

#include <algorithm>
#include <utility>

namespace gridmilp::puzzles {

void markClueRow(Built& built, milp::Constraint row, int cell) {
  const auto index = static_cast<std::size_t>(row.index);
  if (built.clueCellOf.size() <= index) built.clueCellOf.resize(index + 1, -1);
  built.clueCellOf[index] = cell;
}

void addClueRow(Built& built, const milp::LinExpr& expr, double value, const std::string& name,
                bool switched, int cell, std::string text) {
  milp::Model& m = built.model;
  const auto about = [&](const milp::Constraint row) { markClueRow(built, row, cell); };
  if (!switched) {
    about(m.addConstraint(expr == value, name));
    return;
  }
  // The bounds of expr over its variables' bounds.
  double lo = expr.constant(), hi = expr.constant();
  for (const milp::LinExpr::Term& t : expr.terms()) {
    const double a = t.coef * m.varLower(t.var), b = t.coef * m.varUpper(t.var);
    lo += std::min(a, b);
    hi += std::max(a, b);
  }
  const std::size_t bracket = std::min(name.find('['), name.size());
  const std::string family = name.substr(0, bracket), indices = name.substr(bracket);
  const milp::Var keep = m.addBinary("keep_" + family + indices);
  about(
      m.addConstraint(expr + (hi - value) * milp::LinExpr(keep) <= hi, family + "_most" + indices));
  about(m.addConstraint(expr + (lo - value) * milp::LinExpr(keep) >= lo,
                        family + "_least" + indices));
  built.cellOf.resize(static_cast<std::size_t>(m.numVars()), -1);
  built.cellOf[static_cast<std::size_t>(keep.index)] = cell;
  built.clueSwitches.push_back({keep, cell, std::move(text)});
}

}  // namespace gridmilp::puzzles
