// Model builder and GLPK backend on small models with known answers.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "milp/model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "milp/glpk_backend.h"

namespace gridmilp::milp {
namespace {

/// sum 2 x_i = 61 over 61 binaries: the LP relaxation is feasible, no integer point
/// is, and branch-and-bound without presolve needs about 2^30 nodes to prove it.
void buildOddParity(Model* m) {
  VarFamily x = m->addVars("x", {{1, 61}}, VarType::kBinary, 0, 1);
  LinExpr lhs;
  for (Var v : x.all()) lhs.addTerm(v, 2.0);
  m->addConstraint(lhs == 61, "odd");
}

/// The 15 kg knapsack: weights 12 2 1 1 4, values 4 2 1 2 10; optimum 15 taking all
/// but the 12 kg item. Returns the `take` family.
VarFamily buildKnapsack(Model* m) {
  const std::vector<double> weight{12, 2, 1, 1, 4}, value{4, 2, 1, 2, 10};
  VarFamily take = m->addVars("take", {{1, 5}}, VarType::kBinary, 0, 1);
  LinExpr total_weight, total_value;
  for (int i = 1; i <= 5; ++i) {
    total_weight.addTerm(take(i), weight[i - 1]);
    total_value.addTerm(take(i), value[i - 1]);
  }
  m->addConstraint(total_weight <= 15, "capacity");
  m->maximize(total_value);
  return take;
}

TEST(ModelTest, KnapsackFindsTheKnownOptimum) {
  Model m;
  const VarFamily take = buildKnapsack(&m);
  const std::vector<double> value{4, 2, 1, 2, 10};
  LinExpr total_value;
  for (int i = 1; i <= 5; ++i) total_value.addTerm(take(i), value[i - 1]);
  const SolveResult r = m.solve();
  ASSERT_EQ(r.status, SolveStatus::kOptimal);
  EXPECT_TRUE(r.hasSolution);
  EXPECT_DOUBLE_EQ(r.objective, 15.0);
  EXPECT_DOUBLE_EQ(m.value(take(1)), 0.0);
  for (int i = 2; i <= 5; ++i) EXPECT_DOUBLE_EQ(m.value(take(i)), 1.0) << i;
  EXPECT_DOUBLE_EQ(m.value(total_value), 15.0);
}

TEST(ModelTest, NoGoodCutsEnumerateEveryPointOnce) {
  // Full form: 0-1 points of x1 + x2 + x3 <= 2, seven of them, each found once.
  {
    Model m;
    VarFamily x = m.addVars("x", {{1, 3}}, VarType::kBinary, 0, 1);  // x1, x2, x3
    m.addConstraint(x(1) + x(2) + x(3) <= 2, "at_most_two");
    std::set<std::string> seen;
    for (int k = 1; k <= 10 && m.solve().hasSolution; ++k) {
      std::vector<int> ones, zeros;
      std::string point;
      for (Var v : x.all()) {
        (m.value(v) > 0.5 ? ones : zeros).push_back(v.index);
        point += m.value(v) > 0.5 ? '1' : '0';
      }
      EXPECT_TRUE(seen.insert(point).second) << point;
      m.addNoGood(ones, zeros, {"nogood", k});
    }
    EXPECT_EQ(seen.size(), 7u);
  }
  // One-hot form (the S terms alone): the 3×3 permutation matrices, six of them.
  {
    Model m;
    VarFamily x = m.addVars("x", {{0, 3}, {0, 3}}, VarType::kBinary, 0, 1);
    for (int i = 0; i < 3; ++i) {
      m.addConstraint(x(i, 0) + x(i, 1) + x(i, 2) == 1, "row[" + std::to_string(i) + "]");
      m.addConstraint(x(0, i) + x(1, i) + x(2, i) == 1, "column[" + std::to_string(i) + "]");
    }
    int found = 0;
    for (; found < 10 && m.solve().hasSolution; ++found) {
      std::vector<int> ones;
      for (Var v : x.all()) {
        if (m.value(v) > 0.5) ones.push_back(v.index);
      }
      ASSERT_EQ(ones.size(), 3u);
      m.addNoGood(ones, {}, {"nogood", found + 1});
    }
    EXPECT_EQ(found, 6);
    EXPECT_EQ(m.name(Constraint{m.numConstraints() - 1, &m}), "nogood[6]");
  }
}

TEST(ModelTest, AssignmentProblemWithAndWithoutPresolve) {
  const double cost[3][3] = {{4, 1, 3}, {2, 0, 5}, {3, 2, 2}};  // optimum 5
  for (bool presolve : {true, false}) {
    Model m;
    VarFamily x = m.addVars("x", {{0, 3}, {0, 3}}, VarType::kBinary, 0, 1);
    LinExpr objective;
    for (int i = 0; i < 3; ++i) {
      LinExpr row, column;
      for (int j = 0; j < 3; ++j) {
        row += x(i, j);
        column += x(j, i);
        objective.addTerm(x(i, j), cost[i][j]);
      }
      m.addConstraint(row == 1);
      m.addConstraint(column == 1);
    }
    m.minimize(objective);
    SolveOptions options;
    options.presolve = presolve;
    const SolveResult r = m.solve(options);
    ASSERT_EQ(r.status, SolveStatus::kOptimal) << presolve;
    EXPECT_DOUBLE_EQ(r.objective, 5.0);
    EXPECT_DOUBLE_EQ(m.value(x(0, 1)), 1.0);
    EXPECT_DOUBLE_EQ(m.value(x(1, 0)), 1.0);
    EXPECT_DOUBLE_EQ(m.value(x(2, 2)), 1.0);
    EXPECT_EQ(r.stats.rows, 6);
    EXPECT_EQ(r.stats.columns, 9);
    EXPECT_EQ(r.stats.nonzeros, 18);
    EXPECT_EQ(r.stats.presolvedRows.has_value(), presolve);
  }
}

TEST(ModelTest, IntegralityChangesTheOptimum) {
  // min x + y s.t. x + 2y >= 3: LP optimum 1.5, integer optimum 2.
  for (VarType type : {VarType::kContinuous, VarType::kInteger}) {
    Model m;
    Var x = m.addVar("x", type, 0, std::numeric_limits<double>::infinity());
    Var y = m.addVar("y", type, 0, std::numeric_limits<double>::infinity());
    m.addConstraint(x + 2 * y >= 3);
    m.minimize(x + y);
    const SolveResult r = m.solve();
    ASSERT_EQ(r.status, SolveStatus::kOptimal);
    EXPECT_NEAR(r.objective, type == VarType::kContinuous ? 1.5 : 2.0, 1e-9);
  }
}

TEST(ModelTest, InfeasibleModelIsReportedWithAndWithoutPresolve) {
  for (bool presolve : {true, false}) {
    Model m;
    Var x = m.addBinary("x");
    Var y = m.addBinary("y");
    m.addConstraint(x + y >= 3, "too_much");
    SolveOptions options;
    options.presolve = presolve;
    const SolveResult r = m.solve(options);
    EXPECT_EQ(r.status, SolveStatus::kInfeasible) << presolve;
    EXPECT_FALSE(r.hasSolution);
    EXPECT_THROW(m.value(x), ModelError);
  }
}

TEST(ModelTest, IntegerInfeasibleButLpFeasible) {
  // 2x + 2y = 3 has LP solutions but no integer one.
  Model m;
  Var x = m.addVar("x", VarType::kInteger, 0, 5);
  Var y = m.addVar("y", VarType::kInteger, 0, 5);
  m.addConstraint(2 * x + 2 * y == 3);
  SolveOptions options;
  options.presolve = false;
  EXPECT_EQ(m.solve(options).status, SolveStatus::kInfeasible);
  EXPECT_EQ(m.solve().status, SolveStatus::kInfeasible);
}

TEST(ModelTest, UnboundedModelIsReported) {
  for (bool presolve : {true, false}) {
    Model m;
    const double inf = std::numeric_limits<double>::infinity();
    Var x = m.addVar("x", VarType::kInteger, 0, inf);
    Var y = m.addVar("y", VarType::kInteger, 0, inf);
    m.addConstraint(x - y <= 1);
    m.maximize(x + y);
    SolveOptions options;
    options.presolve = presolve;
    EXPECT_EQ(m.solve(options).status, SolveStatus::kUnbounded) << presolve;
  }
}

TEST(ModelTest, TimeLimitStopsALongSearch) {
  Model m;
  buildOddParity(&m);
  SolveOptions options;
  options.presolve = false;
  options.timeLimitMs = 200;
  const SolveResult r = m.solve(options);
  EXPECT_EQ(r.status, SolveStatus::kTimeLimit);
  EXPECT_FALSE(r.hasSolution);
  EXPECT_GT(r.stats.nodes, 1);
}

TEST(ModelTest, ForcedGlpkErrorIsRecoveredAndTheNextSolveWorks) {
  Model m;
  Var x = m.addBinary("x");
  Var y = m.addBinary("y");
  m.addConstraint(x + y == 1);
  m.maximize(x + 2 * y);
  SolveOptions broken;
  broken.forceSolverError = true;
  for (int i = 0; i < 100; ++i) {
    const SolveResult r = m.solve(broken);
    ASSERT_EQ(r.status, SolveStatus::kError);
    EXPECT_NE(r.message.find("column number out of range"), std::string::npos) << r.message;
    EXPECT_FALSE(r.hasSolution);
  }
  const SolveResult ok = m.solve();
  ASSERT_EQ(ok.status, SolveStatus::kOptimal);
  EXPECT_DOUBLE_EQ(m.value(y), 1.0);
}

TEST(ModelTest, NamesArePredictable) {
  Model m;
  VarFamily x = m.addVars("x", {{1, 9}, {1, 9}, {1, 9}}, VarType::kBinary, 0, 1);
  EXPECT_EQ(m.name(x(3, 5, 9)), "x[3,5,9]");
  EXPECT_EQ(m.name(x(1, 1, 1)), "x[1,1,1]");
  Var lone = m.addVar("z", VarType::kContinuous, 0, 1);
  EXPECT_EQ(m.name(lone), "z");
  Constraint c = m.addConstraint(x(1, 1, 1) + lone <= 1, "cap");
  EXPECT_EQ(m.name(c), "cap");
  Constraint unnamed = m.addConstraint(lone >= 0);
  EXPECT_EQ(m.name(unnamed), "c1");
  EXPECT_EQ(m.numVars(), 730);
}

TEST(ModelTest, SparseFamiliesIndexOnlyTheirMembers) {
  Model m;
  VarFamily some = m.addSparseVars("x", {{1, 3}, {1, 3}}, {1, 5}, VarType::kBinary, 0, 1);
  EXPECT_EQ(some.varAtOffset(0), -1);
  EXPECT_EQ(m.name(Var{some.varAtOffset(1), &m}), "x[1,2]");
  EXPECT_EQ(m.name(Var{some.varAtOffset(5), &m}), "x[2,3]");
  EXPECT_EQ(some.varAtOffset(9), -1);
  // No member at all (a Sudoku the reduction decided): every offset is -1.
  VarFamily none = m.addSparseVars("y", {{1, 3}, {1, 3}}, {}, VarType::kBinary, 0, 1);
  for (int offset = 0; offset < 9; ++offset) EXPECT_EQ(none.varAtOffset(offset), -1) << offset;
  EXPECT_EQ(m.numVars(), 2);
}

TEST(ModelTest, MisuseThrowsWithAMessageNamingTheCulprit) {
  Model m, other;
  VarFamily x = m.addVars("x", {{1, 3}}, VarType::kBinary, 0, 1);
  try {
    x(4);
    FAIL() << "expected ModelError";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("'x'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("1..3"), std::string::npos) << e.what();
  }
  EXPECT_THROW(x(1, 2), ModelError);
  Var y = other.addBinary("y");
  EXPECT_THROW(x(1) + y, ModelError);
  EXPECT_THROW(m.addConstraint(LinExpr(y) <= 1), ModelError);
  try {
    m.addVar("bad", VarType::kContinuous, 2, 1);
    FAIL() << "expected ModelError";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("'bad'"), std::string::npos);
  }
  EXPECT_THROW(LinExpr(x(1)) * std::nan(""), ModelError);
  EXPECT_THROW(m.addConstraint(LinExpr(x(1)) - x(1) >= 1, "empty"), ModelError);
  EXPECT_THROW(m.value(x(1)), ModelError);  // not solved yet
}

TEST(ModelTest, ChangingTheModelInvalidatesTheSolution) {
  Model m;
  Var x = m.addBinary("x");
  m.maximize(LinExpr(x));
  ASSERT_EQ(m.solve().status, SolveStatus::kOptimal);
  EXPECT_DOUBLE_EQ(m.value(x), 1.0);
  m.fix(x, 0);
  EXPECT_THROW(m.value(x), ModelError);
  ASSERT_EQ(m.solve().status, SolveStatus::kOptimal);
  EXPECT_DOUBLE_EQ(m.value(x), 0.0);
}

TEST(ModelTest, StatusNames) {
  EXPECT_EQ(toString(SolveStatus::kOptimal), "optimal");
  EXPECT_EQ(toString(SolveStatus::kTimeLimit), "time_limit");
  EXPECT_EQ(toString(SolveStatus::kInfeasible), "infeasible");
}

}  // namespace
}  // namespace gridmilp::milp

namespace gridmilp::milp {
namespace {

TEST(ModelExportTest, LpAndMpsWrittenByGlpkReadBackToTheSameOptimum) {
  Model m;
  buildKnapsack(&m);
  const std::string lp = writeModel(m, ModelFormat::kCplexLp);
  EXPECT_NE(lp.find("Maximize"), std::string::npos) << lp;
  EXPECT_NE(lp.find("capacity:"), std::string::npos) << lp;
  EXPECT_NE(lp.find("take(3)"), std::string::npos) << lp;
  const std::string mps = writeModel(m, ModelFormat::kFreeMps);
  EXPECT_NE(mps.find("ROWS"), std::string::npos) << mps;
  EXPECT_EQ(mps.rfind("* gridmilp: this model maximizes", 0), 0u) << mps;
  for (const std::string* text : {&lp, &mps}) {
    const TextSolve back =
        solveModelText(*text, text == &lp ? ModelFormat::kCplexLp : ModelFormat::kFreeMps);
    ASSERT_EQ(back.status, SolveStatus::kOptimal) << back.message;
    // MPS minimizes: the maximisation was written negated.
    EXPECT_DOUBLE_EQ(back.objective, text == &lp ? 15.0 : -15.0);
    ASSERT_EQ(back.values.size(), 5u);
    EXPECT_DOUBLE_EQ(back.values[0].second, 0.0);  // take(1), the 12 kg item
    EXPECT_DOUBLE_EQ(back.values[4].second, 1.0);
  }
}

TEST(ModelExportTest, BadModelTextReportsGlpksMessage) {
  const TextSolve bad =
      solveModelText("Maximize\n obj: x +\nSubject To\n c: x <=\nEnd\n", ModelFormat::kCplexLp);
  EXPECT_EQ(bad.status, SolveStatus::kError);
  EXPECT_NE(bad.message.find("could not read"), std::string::npos) << bad.message;
  // And the backend keeps working.
  Model m;
  buildKnapsack(&m);
  EXPECT_EQ(m.solve().status, SolveStatus::kOptimal);
}

TEST(ModelRelaxationTest, KnapsackRelaxationIsFractional) {
  Model m;
  buildKnapsack(&m);
  std::vector<double> values;
  const SolveResult r = solveRelaxation(m, {}, &values);
  ASSERT_EQ(r.status, SolveStatus::kOptimal);
  // Greedy by value/weight: items 5, 4, 2, 3 whole (8 kg, 15), then 7/12 of item 1.
  EXPECT_NEAR(r.objective, 15.0 + 4.0 * 7.0 / 12.0, 1e-9);
  ASSERT_EQ(values.size(), 5u);
  EXPECT_NEAR(values[0], 7.0 / 12.0, 1e-9);
}

// The relaxation runs GLPK's LP presolver, which answers an infeasible or unbounded LP
// by its return code (GLP_ENOPFS, GLP_ENODFS) before any simplex: those are statuses,
// not solver errors.
TEST(ModelRelaxationTest, InfeasibleAndUnboundedAreStatuses) {
  Model infeasible;
  const Var x = infeasible.addBinary("x");
  const Var y = infeasible.addBinary("y");
  infeasible.addConstraint(LinExpr(x) + y >= 3, "too_much");
  std::vector<double> values;
  SolveResult r = solveRelaxation(infeasible, {}, &values);
  EXPECT_EQ(r.status, SolveStatus::kInfeasible) << r.message;
  EXPECT_FALSE(r.hasSolution);
  EXPECT_TRUE(values.empty());

  Model unbounded;
  const Var z =
      unbounded.addVar("z", VarType::kContinuous, 0, std::numeric_limits<double>::infinity());
  const Var w = unbounded.addBinary("w");
  unbounded.addConstraint(LinExpr(z) - w >= 0, "below");
  unbounded.maximize(LinExpr(z));
  r = solveRelaxation(unbounded, {}, &values);
  EXPECT_EQ(r.status, SolveStatus::kUnbounded) << r.message;
  EXPECT_FALSE(r.hasSolution);
}

TEST(ModelProgressTest, ProgressArrivesAndCanStopTheSearch) {
  Model m;
  buildOddParity(&m);
  SolveOptions options;
  options.presolve = false;
  options.progressIntervalMs = 0;
  std::vector<SolveProgress> seen;
  options.onProgress = [&](const SolveProgress& p) {
    seen.push_back(p);
    return seen.size() < 200;  // then stop
  };
  const SolveResult r = m.solve(options);
  EXPECT_EQ(r.status, SolveStatus::kCancelled);
  ASSERT_EQ(seen.size(), 200u);
  EXPECT_GE(seen.back().nodes, seen.front().nodes);
  EXPECT_GT(seen.back().nodes, 1);
  EXPECT_FALSE(seen.back().hasIncumbent);
  EXPECT_GE(seen.back().elapsedMs, seen.front().elapsedMs);
  // Once the root has been branched on (3 nodes), the depth is never 0: between subproblems it is
  // the last one's (GLPK has no current node while it picks the next).
  for (std::size_t k = 0; k < seen.size(); ++k) {
    if (seen[k].nodes > 3 && seen[k].activeNodes > 0) {
      EXPECT_GT(seen[k].depth, 0) << "progress " << k << ": " << seen[k].nodes << " nodes, "
                                  << seen[k].activeNodes << " open";
    }
  }
}

}  // namespace
}  // namespace gridmilp::milp
