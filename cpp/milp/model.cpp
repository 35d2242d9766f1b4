// gridmilp — MILP model builder.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "milp/model.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>

#include "milp/glpk_backend.h"

namespace gridmilp::milp {
namespace {

std::string formatNumber(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

void requireFinite(double value, std::string_view what) {
  if (!std::isfinite(value)) {
    throw ModelError("Coefficients must be finite: " + std::string(what) + " is " +
                     formatNumber(value));
  }
}

}  // namespace

std::string_view toString(SolveStatus status) {
  switch (status) {
    case SolveStatus::kOptimal:
      return "optimal";
    case SolveStatus::kFeasible:
      return "feasible";
    case SolveStatus::kInfeasible:
      return "infeasible";
    case SolveStatus::kUnbounded:
      return "unbounded";
    case SolveStatus::kTimeLimit:
      return "time_limit";
    case SolveStatus::kCancelled:
      return "cancelled";
    case SolveStatus::kError:
      return "error";
  }
  return "error";
}

// ---------------------------------------------------------------------------------
// LinExpr

LinExpr::LinExpr(double constant) : constant_(constant) { requireFinite(constant, "a constant"); }

LinExpr::LinExpr(Var var) { addTerm(var, 1.0); }

void LinExpr::adopt(const Model* model) {
  if (model == nullptr) {
    throw ModelError(
        "A variable handle is empty (default-constructed Var); create "
        "variables with Model::addVar or Model::addVars");
  }
  if (model_ != nullptr && model_ != model) {
    throw ModelError("An expression mixes variables of two different models");
  }
  model_ = model;
}

LinExpr& LinExpr::addTerm(Var var, double coef) {
  adopt(var.model);
  if (!std::isfinite(coef)) requireFinite(coef, "the coefficient of " + var.model->name(var));
  terms_.push_back({var.index, coef});
  return *this;
}

LinExpr& LinExpr::operator+=(const LinExpr& other) {
  if (other.model_ != nullptr) adopt(other.model_);
  terms_.insert(terms_.end(), other.terms_.begin(), other.terms_.end());
  constant_ += other.constant_;
  return *this;
}

LinExpr& LinExpr::operator-=(const LinExpr& other) {
  if (other.model_ != nullptr) adopt(other.model_);
  terms_.reserve(terms_.size() + other.terms_.size());
  for (const Term& t : other.terms_) terms_.push_back({t.var, -t.coef});
  constant_ -= other.constant_;
  return *this;
}

LinExpr& LinExpr::operator*=(double factor) {
  requireFinite(factor, "a factor");
  for (Term& t : terms_) t.coef *= factor;
  constant_ *= factor;
  return *this;
}

LinExpr operator+(LinExpr lhs, const LinExpr& rhs) { return lhs += rhs; }
LinExpr operator-(LinExpr lhs, const LinExpr& rhs) { return lhs -= rhs; }
LinExpr operator-(LinExpr expr) { return expr *= -1.0; }
LinExpr operator*(double factor, LinExpr expr) { return expr *= factor; }
LinExpr operator*(LinExpr expr, double factor) { return expr *= factor; }

namespace {
ConstraintSpec makeSpec(const LinExpr& lhs, const LinExpr& rhs, RowSense sense) {
  LinExpr expr = lhs - rhs;
  const double rhs_value = -expr.constant();
  expr += LinExpr(-expr.constant());  // move the constant to the right-hand side
  return {std::move(expr), sense, rhs_value};
}
}  // namespace

ConstraintSpec operator<=(const LinExpr& lhs, const LinExpr& rhs) {
  return makeSpec(lhs, rhs, RowSense::kLessEqual);
}
ConstraintSpec operator>=(const LinExpr& lhs, const LinExpr& rhs) {
  return makeSpec(lhs, rhs, RowSense::kGreaterEqual);
}
ConstraintSpec operator==(const LinExpr& lhs, const LinExpr& rhs) {
  return makeSpec(lhs, rhs, RowSense::kEqual);
}

LinExpr sum(const std::vector<Var>& vars) {
  LinExpr out;
  for (const Var& v : vars) out.addTerm(v, 1.0);
  return out;
}

LinExpr sum(const std::vector<LinExpr>& exprs) {
  LinExpr out;
  for (const LinExpr& e : exprs) out += e;
  return out;
}

// ---------------------------------------------------------------------------------
// VarFamily

Var VarFamily::operator()(std::initializer_list<int> indices) const {
  if (model_ == nullptr) throw ModelError("An empty VarFamily was indexed");
  const auto& family = model_->families_[family_];
  if (indices.size() != family.ranges.size()) {
    throw ModelError("Variable family '" + family.name + "' has " +
                     std::to_string(family.ranges.size()) + " indices, but " +
                     std::to_string(indices.size()) + " were given");
  }
  int offset = 0;
  std::size_t dim = 0;
  for (int index : indices) {
    const IndexRange& range = family.ranges[dim];
    if (index < range.first || index >= range.first + range.count) {
      throw ModelError("Index " + std::to_string(index) + " is out of range for dimension " +
                       std::to_string(dim + 1) + " of variable family '" + family.name +
                       "' (valid: " + std::to_string(range.first) + ".." +
                       std::to_string(range.first + range.count - 1) + ")");
    }
    offset = offset * range.count + (index - range.first);
    ++dim;
  }
  return Var{first_var_ + offset, model_};
}

const std::string& VarFamily::name() const {
  if (model_ == nullptr) throw ModelError("An empty VarFamily has no name");
  return model_->families_[family_].name;
}

const std::vector<IndexRange>& VarFamily::ranges() const {
  if (model_ == nullptr) throw ModelError("An empty VarFamily has no ranges");
  return model_->families_[family_].ranges;
}

std::vector<Var> VarFamily::all() const {
  std::vector<Var> out;
  out.reserve(count_);
  for (int i = 0; i < count_; ++i) out.push_back(Var{first_var_ + i, model_});
  return out;
}

// ---------------------------------------------------------------------------------
// Model

Var Model::addVar(std::string name, VarType type, double lower, double upper) {
  if (type == VarType::kBinary) {
    lower = 0;
    upper = 1;
  }
  if (std::isnan(lower) || std::isnan(upper) || lower > upper) {
    throw ModelError("Variable '" + name + "' has bounds [" + formatNumber(lower) + ", " +
                     formatNumber(upper) + "]; the lower bound must not exceed the upper");
  }
  invalidate();
  const int index = numVars();
  var_type_.push_back(type);
  var_lower_.push_back(lower);
  var_upper_.push_back(upper);
  obj_coef_.push_back(0.0);
  var_family_.push_back(-1);
  lone_names_.resize(index + 1);
  lone_names_[index] = std::move(name);
  return Var{index, this};
}

VarFamily Model::addVars(std::string name, std::vector<IndexRange> ranges, VarType type,
                         double lower, double upper) {
  if (ranges.empty())
    throw ModelError("Variable family '" + name + "' needs at least one index range");
  if (type == VarType::kBinary) {
    lower = 0;
    upper = 1;
  }
  if (std::isnan(lower) || std::isnan(upper) || lower > upper) {
    throw ModelError("Variable family '" + name + "' has bounds [" + formatNumber(lower) + ", " +
                     formatNumber(upper) + "]; the lower bound must not exceed the upper");
  }
  int count = 1;
  for (const IndexRange& r : ranges) {
    if (r.count < 0) throw ModelError("Variable family '" + name + "' has a negative range count");
    count *= r.count;
  }
  invalidate();
  const int family_index = static_cast<int>(families_.size());
  const int first = numVars();
  families_.push_back(Family{std::move(name), std::move(ranges), first});
  const std::size_t total = static_cast<std::size_t>(first) + count;
  var_type_.resize(total, type);
  var_lower_.resize(total, lower);
  var_upper_.resize(total, upper);
  obj_coef_.resize(total, 0.0);
  var_family_.resize(total, family_index);
  VarFamily family;
  family.model_ = this;
  family.family_ = family_index;
  family.first_var_ = first;
  family.count_ = count;
  return family;
}

void Model::check(Var var, std::string_view what) const {
  if (var.model != this) {
    throw ModelError(std::string(what) + ": the variable belongs to another model");
  }
  if (var.index < 0 || var.index >= numVars()) {
    throw ModelError(std::string(what) + ": variable index " + std::to_string(var.index) +
                     " is out of range");
  }
}

void Model::check(const LinExpr& expr, std::string_view what) const {
  if (expr.model() != nullptr && expr.model() != this) {
    throw ModelError(std::string(what) + ": the expression uses variables of another model");
  }
}

Constraint Model::addConstraint(const ConstraintSpec& spec, std::string name) {
  const int row = numConstraints();
  const std::string label = name.empty() ? "c" + std::to_string(row) : name;
  check(spec.expr, "Constraint '" + label + "'");
  requireFinite(spec.rhs, "the right-hand side of constraint '" + label + "'");
  if (merge_slot_.size() < var_type_.size()) merge_slot_.resize(var_type_.size(), -1);
  const std::size_t begin = row_var_.size();
  for (const LinExpr::Term& t : spec.expr.terms()) {
    int& slot = merge_slot_[t.var];
    if (slot >= 0) {
      row_coef_[slot] += t.coef;
    } else {
      slot = static_cast<int>(row_var_.size());
      row_var_.push_back(t.var);
      row_coef_.push_back(t.coef);
    }
  }
  // Reset the scratch slots and drop coefficients that cancelled out.
  std::size_t out = begin;
  for (std::size_t k = begin; k < row_var_.size(); ++k) {
    merge_slot_[row_var_[k]] = -1;
    if (row_coef_[k] != 0.0) {
      row_var_[out] = row_var_[k];
      row_coef_[out] = row_coef_[k];
      ++out;
    }
  }
  row_var_.resize(out);
  row_coef_.resize(out);
  if (out == begin) {
    const bool holds = (spec.sense == RowSense::kLessEqual && 0 <= spec.rhs) ||
                       (spec.sense == RowSense::kGreaterEqual && 0 >= spec.rhs) ||
                       (spec.sense == RowSense::kEqual && spec.rhs == 0);
    if (!holds) {
      throw ModelError("Constraint '" + label + "' has no variables and cannot hold (0 vs " +
                       formatNumber(spec.rhs) + "); check the expression");
    }
  }
  invalidate();
  row_start_.push_back(static_cast<int>(row_var_.size()));
  row_sense_.push_back(spec.sense);
  row_rhs_.push_back(spec.rhs);
  row_name_.push_back(std::move(name));
  return Constraint{row, this};
}

void Model::setObjective(const LinExpr& objective, ObjectiveSense sense) {
  check(objective, "Objective");
  invalidate();
  std::fill(obj_coef_.begin(), obj_coef_.end(), 0.0);
  for (const LinExpr::Term& t : objective.terms()) obj_coef_[t.var] += t.coef;
  obj_constant_ = objective.constant();
  obj_sense_ = sense;
}

void Model::minimize(const LinExpr& objective) {
  setObjective(objective, ObjectiveSense::kMinimize);
}
void Model::maximize(const LinExpr& objective) {
  setObjective(objective, ObjectiveSense::kMaximize);
}

SolveResult Model::solve(const SolveOptions& options) {
  invalidate();
  SolveResult result = solveWithGlpk(*this, options, &solution_);
  has_solution_ = result.hasSolution;
  if (!has_solution_) solution_.clear();
  return result;
}

double Model::value(Var var) const {
  check(var, "Model::value");
  if (!has_solution_) {
    throw ModelError("No solution to read for '" + name(var) +
                     "': solve the model first (and do not change it before reading)");
  }
  return solution_[var.index];
}

double Model::value(const LinExpr& expr) const {
  check(expr, "Model::value");
  double total = expr.constant();
  for (const LinExpr::Term& t : expr.terms()) total += t.coef * value(Var{t.var, this});
  return total;
}

void Model::fix(Var var, double value) { setBounds(var, value, value); }

void Model::setBounds(Var var, double lower, double upper) {
  check(var, "Model::setBounds");
  if (std::isnan(lower) || std::isnan(upper) || lower > upper) {
    throw ModelError("Variable '" + name(var) + "' cannot take bounds [" + formatNumber(lower) +
                     ", " + formatNumber(upper) + "]; the lower bound must not exceed the upper");
  }
  if (var_type_[var.index] == VarType::kBinary && (lower < 0 || upper > 1)) {
    throw ModelError("Binary variable '" + name(var) + "' cannot take bounds [" +
                     formatNumber(lower) + ", " + formatNumber(upper) + "]");
  }
  invalidate();
  var_lower_[var.index] = lower;
  var_upper_[var.index] = upper;
}

std::string Model::name(Var var) const {
  if (var.model != this || var.index < 0 || var.index >= numVars()) return "<invalid variable>";
  const int family_index = var_family_[var.index];
  if (family_index < 0) {
    const std::string& n = lone_names_[var.index];
    return n.empty() ? "v" + std::to_string(var.index) : n;
  }
  const Family& family = families_[family_index];
  int offset = var.index - family.first_var;
  std::vector<int> idx(family.ranges.size());
  for (std::size_t d = family.ranges.size(); d-- > 0;) {
    idx[d] = family.ranges[d].first + offset % family.ranges[d].count;
    offset /= family.ranges[d].count;
  }
  std::string out = family.name + "[";
  for (std::size_t d = 0; d < idx.size(); ++d) {
    if (d > 0) out += ',';
    out += std::to_string(idx[d]);
  }
  return out + "]";
}

std::string Model::name(Constraint row) const {
  if (row.model != this || row.index < 0 || row.index >= numConstraints()) {
    return "<invalid constraint>";
  }
  const std::string& n = row_name_[row.index];
  return n.empty() ? "c" + std::to_string(row.index) : n;
}

}  // namespace gridmilp::milp
