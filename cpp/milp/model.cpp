// gridmilp — MILP model builder.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "milp/model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "milp/glpk_backend.h"
#include "protocol/vocabulary.h"

namespace gridmilp::milp {
namespace {

/// printf's %g (what an ostream prints by default). Not an ostringstream: in the
/// WASM build that one stream pulled libc++'s whole locale machinery (≈120 KB).
std::string formatNumber(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", value);
  return buffer;
}

void requireFinite(double value, std::string_view what) {
  if (!std::isfinite(value)) {
    throw ModelError("Coefficients must be finite: " + std::string(what) + " is " +
                     formatNumber(value));
  }
}

}  // namespace

std::string_view toString(SolveStatus status) {
  // The protocol's words, in the enum's order (protocol/vocabulary.json, "statuses").
  static_assert(vocabulary::kSolveStatuses.size() ==
                static_cast<std::size_t>(SolveStatus::kError) + 1);
  return vocabulary::kSolveStatuses[static_cast<std::size_t>(status)];
}

std::string_view toString(Method method) {
  // protocol/vocabulary.json, "methods", in the enum's order.
  static_assert(vocabulary::kMethods.size() == static_cast<std::size_t>(Method::kSat) + 1);
  return vocabulary::kMethods[static_cast<std::size_t>(method)];
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
  // No reserve of the exact size: `lhs -= x` once per cell would then reallocate and copy
  // every term each time (quadratic; 8% of 1055_40x57's rounds in model stream).
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

std::optional<Var> VarFamily::find(std::initializer_list<int> indices) const {
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
  const int member = varAtOffset(offset);
  if (member < 0) return std::nullopt;
  return Var{member, model_};
}

Var VarFamily::operator()(std::initializer_list<int> indices) const {
  if (const std::optional<Var> v = find(indices)) return *v;
  std::string shown;
  for (int i : indices) shown += (shown.empty() ? "" : ",") + std::to_string(i);
  throw ModelError("The sparse variable family '" + name() + "' has no member [" + shown + "]");
}

int VarFamily::varAtOffset(int offset) const {
  if (model_ == nullptr) throw ModelError("An empty VarFamily was indexed");
  const auto& family = model_->families_[family_];
  if (offset < 0 || offset >= family.dense_count) return -1;
  // A sparse family with no member has empty offsets too: by_offset tells them apart.
  if (family.by_offset.empty()) return first_var_ + offset;
  const int member = family.by_offset[offset];
  return member < 0 ? -1 : first_var_ + member;
}

std::vector<Var> VarFamily::slice(std::initializer_list<int> indices) const {
  if (model_ == nullptr) throw ModelError("An empty VarFamily was sliced");
  const auto& family = model_->families_[family_];
  if (indices.size() != family.ranges.size()) {
    throw ModelError("Variable family '" + family.name + "' has " +
                     std::to_string(family.ranges.size()) + " indices, but the slice gives " +
                     std::to_string(indices.size()));
  }
  // Each dimension's [low, high) in offsets within the range.
  std::vector<int> low, high;
  std::size_t dim = 0;
  for (int index : indices) {
    const IndexRange& range = family.ranges[dim];
    if (index == kAll) {
      low.push_back(0);
      high.push_back(range.count);
    } else if (index < range.first || index >= range.first + range.count) {
      throw ModelError("Index " + std::to_string(index) + " is out of range for dimension " +
                       std::to_string(dim + 1) + " of variable family '" + family.name +
                       "' (valid: " + std::to_string(range.first) + ".." +
                       std::to_string(range.first + range.count - 1) + ")");
    } else {
      low.push_back(index - range.first);
      high.push_back(index - range.first + 1);
    }
    ++dim;
  }
  std::vector<Var> out;
  for (std::size_t d = 0; d < low.size(); ++d) {
    if (low[d] >= high[d]) return out;  // an empty range
  }
  std::vector<int> at = low;  // odometer over the sliced dimensions, last fastest
  for (;;) {
    int offset = 0;
    for (std::size_t d = 0; d < at.size(); ++d) offset = offset * family.ranges[d].count + at[d];
    const int member = varAtOffset(offset);
    if (member >= 0) out.push_back(Var{member, model_});
    std::size_t d = at.size();
    while (d-- > 0) {
      if (++at[d] < high[d]) break;
      at[d] = low[d];
    }
    if (d == static_cast<std::size_t>(-1)) return out;
  }
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
  if (model_ == nullptr) return {};
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
  const int index = numVars();
  const auto taken = [&] {
    return ModelError("Variable '" + name + "': the model already has a variable or family of " +
                      "that name; give each a name of its own");
  };
  // The name is hashed once (as addConstraint does), and nothing below throws.
#ifndef GRIDMILP_NO_NAME_INDEX
  const std::uint32_t hash = NameIndex::hash(name);
  if (!name.empty() && (family_names_.count(name) > 0 || lone_index_.find(name, hash) >= 0)) {
    throw taken();
  }
  lone_names_.push(name);
  if (!name.empty()) lone_index_.insert(index, hash);
#else
  if (!name.empty() && varByName(name) != kNoName) throw taken();
  lone_names_.push(name);
#endif
  invalidate();
  var_type_.push_back(type);
  var_lower_.push_back(lower);
  var_upper_.push_back(upper);
  obj_coef_.push_back(0.0);
  var_family_.push_back(-1);
  return Var{index, this};
}

VarFamily Model::addVars(std::string name, std::vector<IndexRange> ranges, VarType type,
                         double lower, double upper) {
  return addFamily(std::move(name), std::move(ranges), nullptr, type, lower, upper);
}

VarFamily Model::addSparseVars(std::string name, std::vector<IndexRange> ranges,
                               const std::vector<int>& offsets, VarType type, double lower,
                               double upper) {
  return addFamily(std::move(name), std::move(ranges), &offsets, type, lower, upper);
}

VarFamily Model::addFamily(std::string name, std::vector<IndexRange> ranges,
                           const std::vector<int>* offsets, VarType type, double lower,
                           double upper) {
  if (ranges.empty()) {
    throw ModelError("Variable family '" + name + "' needs at least one index range");
  }
  if (type == VarType::kBinary) {
    lower = 0;
    upper = 1;
  }
  if (std::isnan(lower) || std::isnan(upper) || lower > upper) {
    throw ModelError("Variable family '" + name + "' has bounds [" + formatNumber(lower) + ", " +
                     formatNumber(upper) + "]; the lower bound must not exceed the upper");
  }
  int dense = 1;
  for (const IndexRange& r : ranges) {
    if (r.count < 0) throw ModelError("Variable family '" + name + "' has a negative range count");
    dense *= r.count;
  }
  if (varByName(name) != kNoName) {
    throw ModelError("Variable family '" + name + "': the model already has a variable or " +
                     "family of that name; give each a name of its own");
  }
  Family family{std::move(name), std::move(ranges), numVars(), dense, {}, {}};
  int count = dense;
  if (offsets != nullptr) {
    for (std::size_t k = 0; k < offsets->size(); ++k) {
      const int offset = (*offsets)[k];
      if (offset < 0 || offset >= dense || (k > 0 && offset <= (*offsets)[k - 1])) {
        throw ModelError("Sparse variable family '" + family.name +
                         "': member offsets must be increasing and within 0.." +
                         std::to_string(dense - 1));
      }
    }
    count = static_cast<int>(offsets->size());
    family.offsets = *offsets;
    family.by_offset.assign(dense, -1);
    for (int k = 0; k < count; ++k) family.by_offset[family.offsets[k]] = k;
  }
  invalidate();
  const int family_index = static_cast<int>(families_.size());
#ifndef GRIDMILP_NO_NAME_INDEX
  family_names_.emplace(family.name, family_index);
#endif
  lone_names_.pushEmpty(count);
  const int first = family.first_var;
  families_.push_back(std::move(family));
  const std::size_t total = static_cast<std::size_t>(first) + count;
  var_type_.resize(total, type);
  var_lower_.resize(total, lower);
  var_upper_.resize(total, upper);
  obj_coef_.resize(total, 0.0);
  var_family_.resize(total, family_index);
  VarFamily handle;
  handle.model_ = this;
  handle.family_ = family_index;
  handle.first_var_ = first;
  handle.count_ = count;
  return handle;
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
  if (spec.expr.model() != nullptr && spec.expr.model() != this) {
    throw ModelError("Constraint '" +
                     (name.empty() ? "c" + std::to_string(numConstraints()) : name) +
                     "': the expression uses variables of another model");
  }
  if (!std::isfinite(spec.rhs)) {
    requireFinite(spec.rhs, "the right-hand side of constraint '" +
                                (name.empty() ? "c" + std::to_string(numConstraints()) : name) +
                                "'");
  }
  const auto taken = [&] {
    return ModelError("Constraint '" + name +
                      "': the model already has a constraint of that name; give each a name "
                      "of its own");
  };
  // The name is hashed once, and indexed once the row is taken.
  const int row = numConstraints();
#ifndef GRIDMILP_NO_NAME_INDEX
  const std::uint32_t hash = NameIndex::hash(name);
  if (!name.empty() && row_index_.find(name, hash) >= 0) throw taken();
#else
  if (!name.empty() && rowByName(name) != kNoName) throw taken();
#endif
  row_names_.push(name);
  const std::size_t begin = row_var_.size();
  for (const LinExpr::Term& t : spec.expr.terms()) {
    row_var_.push_back(t.var);
    row_coef_.push_back(t.coef);
  }
  Constraint out;
  try {
    out = finishRow(begin, spec.sense, spec.rhs, RowLabel{});
  } catch (...) {
    row_names_.pop();
    throw;
  }
#ifndef GRIDMILP_NO_NAME_INDEX
  if (!name.empty()) row_index_.insert(row, hash);
#endif
  return out;
}

Constraint Model::addRow(const int* vars, const double* coefs, int count, RowSense sense,
                         double rhs, RowLabel label) {
  const std::size_t begin = row_var_.size();
  for (int k = 0; k < count; ++k) {
    if (vars[k] < 0 || vars[k] >= numVars() || !std::isfinite(coefs[k])) {
      row_var_.resize(begin);
      row_coef_.resize(begin);
      if (vars[k] < 0 || vars[k] >= numVars()) {
        throw ModelError("Row " + std::to_string(numConstraints()) + ": variable index " +
                         std::to_string(vars[k]) + " is out of range");
      }
      requireFinite(coefs[k], "a coefficient of row " + std::to_string(numConstraints()));
    }
    row_var_.push_back(vars[k]);
    row_coef_.push_back(coefs[k]);
  }
  if (!std::isfinite(rhs)) requireFinite(rhs, "the right-hand side of a row");
  row_names_.push({});
  try {
    return finishRow(begin, sense, rhs, label);
  } catch (...) {
    row_names_.pop();
    throw;
  }
}

Constraint Model::addNoGood(const std::vector<int>& ones, const std::vector<int>& zeros,
                            RowLabel label) {
  std::vector<int> vars(ones);
  vars.insert(vars.end(), zeros.begin(), zeros.end());
  std::vector<double> coefs(vars.size(), -1.0);
  std::fill_n(coefs.begin(), ones.size(), 1.0);
  return addRow(vars.data(), coefs.data(), static_cast<int>(vars.size()), RowSense::kLessEqual,
                static_cast<double>(ones.size()) - 1, label);
}

Constraint Model::finishRow(std::size_t begin, RowSense sense, double rhs, RowLabel label) {
  const int row = numConstraints();
  if (merge_slot_.size() < var_type_.size()) merge_slot_.resize(var_type_.size(), -1);
  // Merge repeated variables (first occurrence keeps the slot), then drop zeros.
  std::size_t kept = begin;
  for (std::size_t k = begin; k < row_var_.size(); ++k) {
    int& slot = merge_slot_[row_var_[k]];
    if (slot >= 0) {
      row_coef_[slot] += row_coef_[k];
    } else {
      slot = static_cast<int>(kept);
      row_var_[kept] = row_var_[k];
      row_coef_[kept] = row_coef_[k];
      ++kept;
    }
  }
  std::size_t out = begin;
  for (std::size_t k = begin; k < kept; ++k) {
    merge_slot_[row_var_[k]] = -1;
    if (row_coef_[k] != 0.0) {
      row_var_[out] = row_var_[k];
      row_coef_[out] = row_coef_[k];
      ++out;
    }
  }
  row_var_.resize(out);
  row_coef_.resize(out);
  row_label_.push_back(label);
  if (out == begin) {
    const bool holds = (sense == RowSense::kLessEqual && 0 <= rhs) ||
                       (sense == RowSense::kGreaterEqual && 0 >= rhs) ||
                       (sense == RowSense::kEqual && rhs == 0);
    if (!holds) {
      row_start_.push_back(static_cast<int>(row_var_.size()));
      row_sense_.push_back(sense);
      row_rhs_.push_back(rhs);
      const std::string shown = this->name(Constraint{row, this});
      row_start_.pop_back();
      row_sense_.pop_back();
      row_rhs_.pop_back();
      row_label_.pop_back();
      throw ModelError("Constraint '" + shown + "' has no variables and cannot hold (0 vs " +
                       formatNumber(rhs) + "); check the expression");
    }
  }
  invalidate();
  row_start_.push_back(static_cast<int>(row_var_.size()));
  row_sense_.push_back(sense);
  row_rhs_.push_back(rhs);
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

void Model::adoptSolution(std::vector<double> values) {
  if (values.size() != static_cast<std::size_t>(numVars())) {
    throw ModelError("Model::adoptSolution: " + std::to_string(values.size()) +
                     " values for a model of " + std::to_string(numVars()) + " variables");
  }
  solution_ = std::move(values);
  has_solution_ = true;
}

SolveResult Model::solve(const SolveOptions& options) {
  invalidate();
  SolveResult result = solveWithGlpk(*this, options, &solution_);
  has_solution_ = result.hasSolution;
  if (!has_solution_) solution_.clear();
  return result;
}

int Model::violatedRow(int first) const {
  if (!has_solution_) return -1;
  for (int i = std::max(0, first); i < numConstraints(); ++i) {
    double sum = 0;
    for (int k = rowStart(i); k < rowStart(i + 1); ++k)
      sum += row_coef_[k] * solution_[row_var_[k]];
    const double rhs = rowRhs(i);
    const RowSense sense = rowSense(i);
    if ((sense != RowSense::kGreaterEqual && sum > rhs + 1e-9) ||
        (sense != RowSense::kLessEqual && sum < rhs - 1e-9)) {
      return i;
    }
  }
  return -1;
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

void Model::setRhs(Constraint row, double rhs) {
  if (row.model != this || row.index < 0 || row.index >= numConstraints()) {
    throw ModelError("Model::setRhs: the row is not one of this model's");
  }
  requireFinite(rhs, "the right-hand side of row '" + name(row) + "'");
  invalidate();
  row_rhs_[row.index] = rhs;
}

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
    const std::string_view n = lone_names_.at(var.index);
    return n.empty() ? "v" + std::to_string(var.index) : std::string(n);
  }
  const Family& family = families_[family_index];
  int offset = var.index - family.first_var;
  if (!family.offsets.empty()) offset = family.offsets[offset];
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
  if (row.model != this || row.index < 0 || row.index >= row_names_.size()) {
    return "<invalid constraint>";
  }
  const std::string_view n = row_names_.at(row.index);
  if (!n.empty()) return std::string(n);
  const RowLabel& label = row_label_[row.index];
  if (label.family != nullptr) {
    std::string out = std::string(label.family) + "[" + std::to_string(label.a);
    if (label.b >= 0) out += "," + std::to_string(label.b);
    return out + "]";
  }
  return "c" + std::to_string(row.index);
}

std::optional<Var> Model::findVar(std::string_view name) const {
  const std::size_t open = name.find('[');
  const int found = varByName(name.substr(0, open));
  if (found == kNoName) {
    // A lone variable whose name has brackets of its own ("f[3,4]").
    const int lone = open == std::string_view::npos ? kNoName : varByName(name);
    if (lone != kNoName && lone < 0) return Var{-1 - lone, this};
    return std::nullopt;
  }
  if (found < 0) {
    if (open != std::string_view::npos) return std::nullopt;
    return Var{-1 - found, this};
  }
  if (open == std::string_view::npos || name.back() != ']') return std::nullopt;
  const Family& family = families_[found];
  // The indices between the brackets, comma-separated whole numbers.
  const std::string_view inside = name.substr(open + 1, name.size() - open - 2);
  int offset = 0;
  std::size_t dim = 0, pos = 0;
  for (;;) {
    const std::size_t comma = std::min(inside.find(',', pos), inside.size());
    const std::string_view token = inside.substr(pos, comma - pos);
    const bool negative = !token.empty() && token[0] == '-';
    if (token.size() == (negative ? 1U : 0U) || token.size() > 10 || dim >= family.ranges.size()) {
      return std::nullopt;
    }
    long index = 0;
    for (std::size_t k = negative ? 1 : 0; k < token.size(); ++k) {
      if (token[k] < '0' || token[k] > '9') return std::nullopt;
      index = index * 10 + (token[k] - '0');
    }
    if (negative) index = -index;
    const IndexRange& range = family.ranges[dim];
    if (index < range.first || index >= static_cast<long>(range.first) + range.count) {
      return std::nullopt;
    }
    offset = offset * range.count + static_cast<int>(index - range.first);
    ++dim;
    if (comma == inside.size()) break;
    pos = comma + 1;
  }
  if (dim != family.ranges.size()) return std::nullopt;
  VarFamily handle;
  handle.model_ = this;
  handle.family_ = found;
  handle.first_var_ = family.first_var;
  const int member = handle.varAtOffset(offset);
  if (member < 0) return std::nullopt;
  return Var{member, this};
}

std::optional<Constraint> Model::findConstraint(std::string_view name) const {
  const int found = rowByName(name);
  if (found != kNoName) return Constraint{found, this};
  for (int i = 0; i < numConstraints(); ++i) {
    if (row_label_[i].family != nullptr && this->name(Constraint{i, this}) == name) {
      return Constraint{i, this};
    }
  }
  return std::nullopt;
}

#ifndef GRIDMILP_NO_NAME_INDEX
int Model::NameIndex::find(std::string_view name, std::uint32_t h) const {
  if (slots_.empty()) return -1;
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t at = h & mask;; at = (at + 1) & mask) {
    const Slot& slot = slots_[at];
    if (slot.entry < 0) return -1;
    if (slot.hash == h && table_->at(slot.entry) == name) return slot.entry;
  }
}

void Model::NameIndex::insert(int i, std::uint32_t h) {
  if (2 * (count_ + 1) > slots_.size()) {
    std::vector<Slot> old(std::max<std::size_t>(16, 2 * slots_.size()));
    old.swap(slots_);
    const std::size_t mask = slots_.size() - 1;
    for (const Slot& slot : old) {
      if (slot.entry < 0) continue;
      std::size_t at = slot.hash & mask;
      while (slots_[at].entry >= 0) at = (at + 1) & mask;
      slots_[at] = slot;
    }
  }
  const std::size_t mask = slots_.size() - 1;
  std::size_t at = h & mask;
  while (slots_[at].entry >= 0) at = (at + 1) & mask;
  slots_[at] = Slot{h, i};
  ++count_;
}
#endif

int Model::varByName(std::string_view name) const {
#ifndef GRIDMILP_NO_NAME_INDEX
  const auto family = family_names_.find(std::string(name));
  if (family != family_names_.end()) return family->second;
  const int lone = lone_index_.find(name, NameIndex::hash(name));
  return lone < 0 ? kNoName : -1 - lone;
#else
  for (std::size_t f = 0; f < families_.size(); ++f) {
    if (families_[f].name == name) return static_cast<int>(f);
  }
  for (int j = 0; j < lone_names_.size(); ++j) {
    if (var_family_[j] < 0 && lone_names_.at(j) == name) return -1 - j;
  }
  return kNoName;
#endif
}

int Model::rowByName(std::string_view name) const {
#ifndef GRIDMILP_NO_NAME_INDEX
  const int found = row_index_.find(name, NameIndex::hash(name));
  return found < 0 ? kNoName : found;
#else
  for (int i = 0; i < row_names_.size(); ++i) {
    if (row_names_.at(i) == name) return i;
  }
  return kNoName;
#endif
}

bool pastTimeLimit(const SolveOptions& options, std::chrono::steady_clock::time_point start) {
  return options.timeLimitMs > 0 &&
         std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(options.timeLimitMs);
}

SolveOptions withTimeLeft(const SolveOptions& options,
                          std::chrono::steady_clock::time_point start) {
  SolveOptions next = options;
  if (options.timeLimitMs > 0) {
    const double spent =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    next.timeLimitMs = std::max(1, options.timeLimitMs - static_cast<int>(std::ceil(spent)));
  }
  return next;
}

}  // namespace gridmilp::milp
