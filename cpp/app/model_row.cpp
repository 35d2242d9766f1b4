// gridmilp — one row of a built model for a reader.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/model_row.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "app/request.h"

namespace gridmilp::app {
namespace {

/// A number as a reader writes it: whole numbers without a decimal point, others in
/// the shortest form that reads back the same (RapidJSON's, already in every module:
/// printf's floating-point formatting would add kilobytes to the page's first solve).
std::string numberText(double x) {
  if (std::fabs(x) < 1e15 && x == std::trunc(x)) {
    return std::to_string(static_cast<long long>(x));
  }
  return writeJson(jsonNumber(x));
}

}  // namespace

std::optional<std::string> rowNameOf(const rapidjson::Value& request) {
  const Value* row = findMember(request, "row");
  if (row == nullptr || row->IsNull()) return std::nullopt;
  if (!row->IsString() || row->GetStringLength() == 0 || row->GetStringLength() > kMaxRowName) {
    throw badRequest("row", "Field 'row' must be a row name such as \"box[5,3]\" (1 to " +
                                std::to_string(kMaxRowName) + " characters)");
  }
  return std::string(row->GetString(), row->GetStringLength());
}

RowText rowText(const milp::Model& model, milp::Constraint row) {
  if (row.model != &model || row.index < 0 || row.index >= model.numConstraints()) {
    throw milp::ModelError("rowText: the row is not a row of this model");
  }
  RowText out;
  out.text = model.name(row) + ":";
  for (int k = model.rowStart(row.index); k < model.rowStart(row.index + 1); ++k) {
    const int j = model.rowVars()[k];
    const double a = model.rowCoefs()[k];
    const bool first = out.vars.empty();
    out.text += a < 0 ? (first ? " -" : " - ") : (first ? " " : " + ");
    if (std::fabs(a) != 1) out.text += numberText(std::fabs(a)) + " ";
    const std::string var = model.name(milp::Var{j, &model});
    out.text += var;
    out.vars.push_back(j);
    if (model.varLower(j) == model.varUpper(j)) {
      out.fixed.push_back(var + " = " + numberText(model.varLower(j)));
    }
  }
  const milp::RowSense sense = model.rowSense(row.index);
  out.text += sense == milp::RowSense::kLessEqual      ? " <= "
              : sense == milp::RowSense::kGreaterEqual ? " >= "
                                                       : " = ";
  out.text += numberText(model.rowRhs(row.index));
  return out;
}

Value rowJson(const milp::Model& model, std::string_view name, const std::vector<int>& cell_of,
              int columns, JsonAllocator& a, const std::vector<std::vector<int>>& row_cells) {
  const std::optional<milp::Constraint> row = model.findConstraint(name);
  if (!row) return Value();
  const RowText text = rowText(model, *row);
  std::vector<int> own;  // the row's cells, when its variables do not say
  if (row->index < static_cast<int>(row_cells.size())) own = row_cells[row->index];
  std::vector<int> of_vars;
  for (const int var : text.vars) {
    of_vars.push_back(var < static_cast<int>(cell_of.size()) ? cell_of[var] : -1);
  }
  std::vector<int> seen;
  Value cells(rapidjson::kArrayType);
  for (const int cell : own.empty() ? of_vars : own) {
    if (cell < 0 || std::find(seen.begin(), seen.end(), cell) != seen.end()) continue;
    seen.push_back(cell);
    Value pair(rapidjson::kArrayType);
    pair.PushBack(cell / columns + 1, a).PushBack(cell % columns + 1, a);
    cells.PushBack(pair, a);
  }
  Value fixed(rapidjson::kArrayType);
  for (const std::string& f : text.fixed) fixed.PushBack(jsonString(f, a), a);
  Value out(rapidjson::kObjectType);
  out.AddMember("name", jsonString(name, a), a)
      .AddMember("text", jsonString(text.text, a), a)
      .AddMember("terms", static_cast<int>(text.vars.size()), a)
      .AddMember("cells", cells, a)
      .AddMember("fixed", fixed, a);
  return out;
}

}  // namespace gridmilp::app
