// The SAT method (GLPK's CNF-SAT translation and MiniSat, cpp/milp/glpk_sat.h) on small
// models with known answers, and on Sudoku through the model, the solver and the
// JSON protocol.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "app/json.h"
#include "app/service.h"
#include "milp/glpk_backend.h"
#include "milp/minisat_pool.h"
#include "milp/model.h"
#include "puzzles/sudoku/solver.h"
#include "puzzles/sudoku/text.h"
#include "test_data.h"

namespace gridmilp {
namespace {

/// Every test here needs the SAT method; the other tests never use it.
const bool kSatEnabled = (milp::enableSatMethod(), true);

/// The SAT method; `direct` false takes GLPK's presolver and translation even for
/// rows gridmilp could write as clauses itself.
milp::SolveOptions satOptions(bool presolve = true, bool direct = true) {
  milp::SolveOptions options;
  options.method = milp::Method::kSat;
  options.presolve = presolve;
  options.satDirectClauses = direct;
  return options;
}

/// The pigeonhole principle for `holes` + 1 pigeons: no assignment exists, and CDCL
/// solvers need exponentially many conflicts to find that out (A. Haken, "The
/// intractability of resolution", Theoretical Computer Science 39, 1985).
void buildPigeonhole(milp::Model* m, int holes) {
  milp::VarFamily x =
      m->addVars("x", {{1, holes + 2}, {1, holes + 1}}, milp::VarType::kBinary, 0, 1);
  for (int p = 1; p <= holes + 1; ++p) {
    milp::LinExpr somewhere;
    for (int h = 1; h <= holes; ++h) somewhere.addTerm(x(p, h), 1.0);
    m->addConstraint(somewhere == 1);
  }
  for (int h = 1; h <= holes; ++h) {
    milp::LinExpr at_most_one;
    for (int p = 1; p <= holes + 1; ++p) at_most_one.addTerm(x(p, h), 1.0);
    m->addConstraint(at_most_one <= 1);
  }
}

/// A row of a random test: lhs (sense: 0 ≤, 1 ≥, 2 =) rhs.
struct RandomRow {
  milp::LinExpr lhs;
  int sense;
  double rhs;
};

/// Adds to `m` a row over about half of `vars` with coefficients +1 (−1 one time in 3;
/// 2 one time in `two_in` when it is not 0, a row GLPK must translate), a right-hand
/// side from −1 to the number of terms − 1 and a random sense, and returns it; nothing
/// when no term was drawn.
std::optional<RandomRow> addRandomRow(milp::Model* m, const std::vector<milp::Var>& vars,
                                      std::mt19937* random, int two_in = 0) {
  milp::LinExpr lhs;
  int terms = 0;
  for (milp::Var v : vars) {
    if ((*random)() % 2 == 0) continue;
    const bool two = two_in > 0 && (*random)() % two_in == 0;
    lhs.addTerm(v, two ? 2.0 : (*random)() % 3 == 0 ? -1.0 : 1.0);
    ++terms;
  }
  if (terms == 0) return std::nullopt;
  const double rhs = static_cast<double>(static_cast<int>((*random)() % (terms + 1)) - 1);
  const int sense = static_cast<int>((*random)() % 3);
  m->addConstraint(sense == 0 ? lhs <= rhs : sense == 1 ? lhs >= rhs : lhs == rhs);
  return RandomRow{lhs, sense, rhs};
}

/// Whether `m`'s solution satisfies `row`.
bool satisfied(const milp::Model& m, const RandomRow& row) {
  const double value = m.value(row.lhs);
  return row.sense == 0 ? value <= row.rhs : row.sense == 1 ? value >= row.rhs : value == row.rhs;
}

TEST(SatMethodTest, FindsAFeasiblePointAndReportsTheCnf) {
  ASSERT_TRUE(kSatEnabled && milp::satMethodEnabled());
  for (bool direct : {true, false}) {
    for (bool presolve : {true, false}) {
      milp::Model m;
      milp::Var x = m.addBinary("x");
      milp::Var y = m.addBinary("y");
      milp::Var z = m.addBinary("z");
      m.addConstraint(x + y + z == 2);
      m.addConstraint(x - y == 0);
      const milp::SolveResult r = m.solve(satOptions(presolve, direct));
      ASSERT_EQ(r.status, milp::SolveStatus::kOptimal) << presolve << " " << r.message;
      EXPECT_DOUBLE_EQ(m.value(x), 1.0);
      EXPECT_DOUBLE_EQ(m.value(y), 1.0);
      EXPECT_DOUBLE_EQ(m.value(z), 0.0);
      ASSERT_TRUE(r.stats.sat.has_value());
      EXPECT_EQ(r.stats.sat->direct, direct);
      EXPECT_EQ(r.stats.nodes, 0);
      EXPECT_EQ(r.stats.simplexIterations, 0);
      // The direct route has no presolver.
      EXPECT_EQ(r.stats.presolvedRows.has_value(), presolve && !direct);
    }
  }
}

TEST(SatMethodTest, TheDirectRouteWritesTheClausesOfGlpksTranslation) {
  // x1 + ... + x7 = 1 (a partitioning row: the clause and the packing split in
  // pieces of at most 4 literals), x1 + x2 − x3 ≥ 0 (Σ t ≥ 1 over x1, x2, 1 − x3:
  // one clause), x4 + x5 + x6 ≤ 2 (the clause of the negations).
  milp::Model m;
  milp::VarFamily x = m.addVars("x", {{1, 7}}, milp::VarType::kBinary, 0, 1);
  milp::LinExpr all;
  for (milp::Var v : x.all()) all.addTerm(v, 1.0);
  m.addConstraint(all == 1);
  m.addConstraint(x(1) + x(2) - x(3) >= 0);
  m.addConstraint(x(4) + x(5) + x(6) <= 2);
  const milp::SolveResult direct = m.solve(satOptions(false, true));
  const milp::SolveResult glpk = m.solve(satOptions(false, false));
  ASSERT_EQ(direct.status, milp::SolveStatus::kOptimal) << direct.message;
  ASSERT_EQ(glpk.status, milp::SolveStatus::kOptimal) << glpk.message;
  EXPECT_TRUE(direct.stats.sat->direct);
  EXPECT_FALSE(glpk.stats.sat->direct);
  // 7 columns and auxiliaries y1, y2: pieces {x1, x2, x3, ¬y1}, {y1, x4, x5, ¬y2} and
  // {y2, x6, x7}, 6 + 6 + 3 pairs, plus the three clauses.
  EXPECT_EQ(direct.stats.sat->variables, 9);
  EXPECT_EQ(direct.stats.sat->clauses, 15 + 3);
  EXPECT_EQ(direct.stats.sat->literals, 15 * 2 + 7 + 3 + 3);
  EXPECT_EQ(glpk.stats.sat->variables, direct.stats.sat->variables);
  EXPECT_EQ(glpk.stats.sat->clauses, direct.stats.sat->clauses);
  EXPECT_EQ(glpk.stats.sat->literals, direct.stats.sat->literals);
}

TEST(SatMethodTest, TheDirectRouteAgreesWithGlpkOnRandomRows) {
  // Random rows with ±1 coefficients over 8 binaries, some fixed: every route (direct
  // clauses, GLPK's translation with and without its presolver, branch-and-bound)
  // must agree on feasibility, and each point found must satisfy every row.
  std::mt19937 random(2026);
  int feasible = 0, infeasible = 0, fallbacks = 0;
  for (int trial = 0; trial < 300; ++trial) {
    milp::Model m;
    milp::VarFamily x = m.addVars("x", {{0, 7}}, milp::VarType::kBinary, 0, 1);
    const std::vector<milp::Var> vars = x.all();
    for (milp::Var v : vars) {
      if (random() % 5 == 0) m.fix(v, static_cast<double>(random() % 2));
    }
    std::vector<RandomRow> rows;
    const int row_count = 2 + static_cast<int>(random() % 5);
    for (int i = 0; i < row_count; ++i) {
      if (std::optional<RandomRow> row = addRandomRow(&m, vars, &random)) rows.push_back(*row);
    }
    const milp::SolveResult bnb = m.solve();
    ASSERT_TRUE(bnb.status == milp::SolveStatus::kOptimal ||
                bnb.status == milp::SolveStatus::kInfeasible)
        << trial << " " << bnb.message;
    const bool has_point = bnb.status == milp::SolveStatus::kOptimal;
    (has_point ? feasible : infeasible) += 1;
    for (const auto& [presolve, direct] : {std::pair{false, true}, {false, false}, {true, false}}) {
      const milp::SolveResult r = m.solve(satOptions(presolve, direct));
      ASSERT_EQ(r.status, has_point ? milp::SolveStatus::kOptimal : milp::SolveStatus::kInfeasible)
          << "trial " << trial << " presolve " << presolve << " direct " << direct << " "
          << r.message;
      if (direct && !r.stats.sat->direct) ++fallbacks;
      if (!has_point) continue;
      for (std::size_t i = 0; i < rows.size(); ++i) {
        EXPECT_TRUE(satisfied(m, rows[i])) << "trial " << trial << " row " << i;
      }
    }
  }
  // Both answers, and rows outside the clause forms (then GLPK's route), occur.
  EXPECT_GT(feasible, 50);
  EXPECT_GT(infeasible, 50);
  EXPECT_GT(fallbacks, 10);
  EXPECT_LT(fallbacks, 250);
}

TEST(SatMethodTest, TheDirectRouteSubstitutesFixedAndForcedColumns) {
  // a = 1 fixed; a + b ≤ 1 forces b = 0, b − a ≥ 0 forces b = 1: infeasible before
  // any clause. Without the second row: b = 0, and c free.
  for (bool contradiction : {true, false}) {
    milp::Model m;
    milp::Var a = m.addBinary("a");
    milp::Var b = m.addBinary("b");
    milp::Var c = m.addBinary("c");
    m.fix(a, 1);
    m.addConstraint(a + b <= 1);
    if (contradiction) m.addConstraint(b - a >= 0);
    m.addConstraint(b + c >= 1);
    const milp::SolveResult r = m.solve(satOptions());
    ASSERT_TRUE(r.stats.sat.has_value());
    EXPECT_TRUE(r.stats.sat->direct);
    if (contradiction) {
      EXPECT_EQ(r.status, milp::SolveStatus::kInfeasible) << r.message;
      continue;
    }
    ASSERT_EQ(r.status, milp::SolveStatus::kOptimal) << r.message;
    EXPECT_EQ(m.value(b), 0.0);
    EXPECT_EQ(m.value(c), 1.0);
    EXPECT_EQ(r.stats.sat->variables, 1);  // c only
  }
}

TEST(SatMethodTest, AnObjectiveIsIgnoredAndTheStatusSaysFeasible) {
  milp::Model m;
  milp::Var x = m.addBinary("x");
  milp::Var y = m.addBinary("y");
  m.addConstraint(x + y == 1);
  m.maximize(x + 2 * y + 3);
  const milp::SolveResult r = m.solve(satOptions());
  ASSERT_EQ(r.status, milp::SolveStatus::kFeasible);
  EXPECT_DOUBLE_EQ(r.objective, m.value(x) + 2 * m.value(y) + 3);
}

TEST(SatMethodTest, InfeasibleModelsWithAndWithoutPresolve) {
  for (bool presolve : {true, false}) {
    milp::Model m;  // 2 x1 + ... + 2 x61 = 61: LP-feasible, no 0-1 point
    milp::VarFamily x = m.addVars("x", {{1, 61}}, milp::VarType::kBinary, 0, 1);
    milp::LinExpr lhs;
    for (milp::Var v : x.all()) lhs.addTerm(v, 2.0);
    m.addConstraint(lhs == 61, "odd");
    const milp::SolveResult r = m.solve(satOptions(presolve));
    EXPECT_EQ(r.status, milp::SolveStatus::kInfeasible) << presolve << " " << r.message;
    EXPECT_FALSE(r.hasSolution);
    ASSERT_TRUE(r.stats.sat.has_value());
    EXPECT_FALSE(r.stats.sat->direct);  // coefficients 2: GLPK's translation

    milp::Model small;
    milp::Var a = small.addBinary("a");
    milp::Var b = small.addBinary("b");
    small.addConstraint(a + b == 1);
    small.addConstraint(a - b == 0);
    EXPECT_EQ(small.solve(satOptions(presolve)).status, milp::SolveStatus::kInfeasible);
  }
}

TEST(SatMethodTest, PigeonholeIsProvedInfeasibleWhenSmallAndStoppedByTheLimitWhenNot) {
  milp::Model small;
  buildPigeonhole(&small, 4);
  const milp::SolveResult proved = small.solve(satOptions());
  EXPECT_EQ(proved.status, milp::SolveStatus::kInfeasible);
  ASSERT_TRUE(proved.stats.sat.has_value());
  EXPECT_GT(proved.stats.sat->conflicts, 0);

  milp::Model large;  // 13 pigeons, 12 holes: far beyond any test's patience
  buildPigeonhole(&large, 12);
  milp::SolveOptions options = satOptions();
  options.timeLimitMs = 100;
  const milp::SolveResult stopped = large.solve(options);
  EXPECT_EQ(stopped.status, milp::SolveStatus::kTimeLimit);
  EXPECT_FALSE(stopped.hasSolution);
  ASSERT_TRUE(stopped.stats.sat.has_value());
  EXPECT_GT(stopped.stats.sat->restarts, 0);

  // The backend works after a stop, with either method.
  EXPECT_EQ(small.solve(satOptions()).status, milp::SolveStatus::kInfeasible);
  EXPECT_EQ(small.solve().status, milp::SolveStatus::kInfeasible);
}

TEST(SatMethodTest, APropagationBudgetStopsTheSearchWithinAFewConflicts) {
  // MiniSat restarts after 100, 150, 225, … conflicts; a stop checked only there would
  // overshoot a budget by up to half the work done. The check also runs as MiniSat
  // allocates (each learnt clause), so the stop comes within a few dozen conflicts.
  milp::Model large;
  buildPigeonhole(&large, 12);
  for (const double budget : {3.0e5, 1.0e6, 3.0e6}) {
    for (const bool direct : {true, false}) {
      milp::SolveOptions options = satOptions(false, direct);
      options.satPropagationLimit = budget;
      const milp::SolveResult stopped = large.solve(options);
      EXPECT_EQ(stopped.status, milp::SolveStatus::kTimeLimit);
      ASSERT_TRUE(stopped.stats.sat.has_value());
      EXPECT_GE(static_cast<double>(stopped.stats.sat->propagations), budget);
      EXPECT_LT(static_cast<double>(stopped.stats.sat->propagations), budget * 1.02)
          << "budget " << budget << (direct ? ", direct" : ", GLPK's translation");
    }
  }
}

TEST(SatMethodTest, NonBinaryModelsAreRefusedWithTheReason) {
  milp::Model m;
  milp::Var x = m.addVar("x", milp::VarType::kInteger, 0, 5);
  milp::Var y = m.addBinary("y");
  m.addConstraint(x + y >= 1);
  milp::SolveResult r = m.solve(satOptions());
  EXPECT_EQ(r.status, milp::SolveStatus::kError);
  EXPECT_NE(r.message.find("variable x is not binary"), std::string::npos) << r.message;

  milp::Model half;
  milp::Var a = half.addBinary("a");
  milp::Var b = half.addBinary("b");
  half.addConstraint(0.5 * a + b <= 1, "halves");
  r = half.solve(satOptions());
  EXPECT_EQ(r.status, milp::SolveStatus::kError);
  EXPECT_NE(r.message.find("constraint halves has a fractional coefficient"), std::string::npos)
      << r.message;
}

TEST(SatMethodTest, ASessionStillRefusesARowThatIsNotZeroOne) {
  // A kept solver's session checks only the rows added since its last solve: a row
  // with a fractional coefficient added then, or a right-hand side made fractional on
  // a row it had, is refused as in a fresh solve, and the model solves once it is mended.
  milp::Model m;
  milp::Var a = m.addBinary("a");
  milp::Var b = m.addBinary("b");
  m.addConstraint(a + b >= 1, "either");
  milp::SolveOptions options = satOptions(false);
  options.satSession = milp::newSatSession();
  ASSERT_EQ(m.solve(options).status, milp::SolveStatus::kOptimal);
  ASSERT_EQ(m.solve(options).status, milp::SolveStatus::kOptimal);
  const milp::Constraint halves = m.addConstraint(0.5 * a + b <= 1, "halves");
  milp::SolveResult r = m.solve(options);
  EXPECT_EQ(r.status, milp::SolveStatus::kError);
  EXPECT_NE(r.message.find("constraint halves has a fractional coefficient"), std::string::npos)
      << r.message;
  m.setRhs(halves, 0);  // still fractional in a
  r = m.solve(options);
  EXPECT_NE(r.message.find("constraint halves has a fractional coefficient"), std::string::npos)
      << r.message;

  milp::Model n;
  milp::Var c = n.addBinary("c");
  milp::Var d = n.addBinary("d");
  const milp::Constraint one = n.addConstraint(c + d >= 1, "one");
  n.addConstraint(c + d <= 2, "two");
  milp::SolveOptions kept = satOptions(false);
  kept.satSession = milp::newSatSession();
  ASSERT_EQ(n.solve(kept).status, milp::SolveStatus::kOptimal);
  n.setRhs(one, 0.5);
  r = n.solve(kept);
  EXPECT_EQ(r.status, milp::SolveStatus::kError);
  EXPECT_NE(r.message.find("constraint one has a fractional right-hand side"), std::string::npos)
      << r.message;
  n.setRhs(one, 2);
  r = n.solve(kept);
  ASSERT_EQ(r.status, milp::SolveStatus::kOptimal);
  EXPECT_EQ(n.value(c) + n.value(d), 2);
}

TEST(SatMethodTest, ASessionAgreesWithAFreshSolverAsRowsAreAdded) {
  // A re-solve loop's pattern: solve, add rows, solve again. With a session the rows
  // go into the kept solver; each answer must agree with branch-and-bound on the same
  // model (which makes no MiniSat solver, so the session's stays alive), and each
  // point found satisfy every row. Now and then a bound changes or a
  // row needs GLPK's translation (coefficient 2): the session then starts over.
  std::mt19937 random(1128);
  int kept = 0, restarted = 0, translated = 0, feasible = 0, infeasible = 0;
  for (int trial = 0; trial < 200; ++trial) {
    milp::Model m;
    milp::VarFamily x = m.addVars("x", {{0, 9}}, milp::VarType::kBinary, 0, 1);
    const std::vector<milp::Var> vars = x.all();
    milp::SolveOptions with_session = satOptions(false);
    with_session.satSession = milp::newSatSession();
    std::vector<RandomRow> added;
    for (int batch = 0; batch < 8; ++batch) {
      const int rows = 1 + static_cast<int>(random() % 2);
      for (int i = 0; i < rows; ++i) {
        if (std::optional<RandomRow> row = addRandomRow(&m, vars, &random, 200)) {
          added.push_back(*row);
        }
      }
      if (random() % 12 == 0)
        m.fix(vars[random() % vars.size()], static_cast<double>(random() % 2));
      const milp::SolveResult fresh = m.solve();
      const milp::SolveResult r = m.solve(with_session);
      ASSERT_EQ(r.status, fresh.status)
          << "trial " << trial << " batch " << batch << " " << r.message;
      ASSERT_TRUE(r.stats.sat.has_value());
      (r.stats.sat->kept ? kept : r.stats.sat->direct ? restarted : translated) += 1;
      if (r.status == milp::SolveStatus::kInfeasible) {
        ++infeasible;
        break;
      }
      ASSERT_EQ(r.status, milp::SolveStatus::kOptimal) << r.message;
      ++feasible;
      // A kept solver's answer is checked against the new rows only; every row holds,
      // as Model::violatedRow (solveWithCuts' check of the answer it accepts) says.
      EXPECT_EQ(m.violatedRow(), -1) << "trial " << trial << " batch " << batch;
      for (std::size_t i = 0; i < added.size(); ++i) {
        EXPECT_TRUE(satisfied(m, added[i]))
            << "trial " << trial << " batch " << batch << " row " << i;
      }
    }
  }
  // The solver kept, a new one (every first solve, a bound changed), and GLPK's
  // translation (a row outside the clause forms, e.g. Σ t ≤ 2 over 5 terms) all occur.
  EXPECT_GT(kept, 100);
  EXPECT_GT(restarted, 100);
  EXPECT_GT(translated, 100);
  EXPECT_GT(feasible, 100);
  EXPECT_GT(infeasible, 50);
}

TEST(SatMethodTest, ASessionStartsOverAfterAnotherSolverAStopOrAnError) {
  // Exactly one of x1..x6; each answer excluded in turn by a row x_k <= 0.
  milp::Model m;
  milp::VarFamily x = m.addVars("x", {{1, 6}}, milp::VarType::kBinary, 0, 1);
  milp::LinExpr one;
  for (milp::Var v : x.all()) one.addTerm(v, 1.0);
  m.addConstraint(one == 1);
  milp::SolveOptions options = satOptions(false);
  options.satSession = milp::newSatSession();
  const auto chosen = [&] {
    for (milp::Var v : x.all()) {
      if (m.value(v) > 0.5) return v;
    }
    ADD_FAILURE() << "no variable at 1";
    return x(1);
  };
  std::vector<bool> seen(7, false);
  const auto exclude = [&] {
    const milp::Var v = chosen();
    EXPECT_FALSE(seen[static_cast<std::size_t>(v.index)]);
    seen[static_cast<std::size_t>(v.index)] = true;
    m.addConstraint(milp::LinExpr(v) <= 0);
  };
  milp::SolveResult r = m.solve(options);
  ASSERT_EQ(r.status, milp::SolveStatus::kOptimal);
  EXPECT_FALSE(r.stats.sat->kept);  // the first solve makes the solver
  exclude();
  r = m.solve(options);
  ASSERT_EQ(r.status, milp::SolveStatus::kOptimal);
  EXPECT_TRUE(r.stats.sat->kept);
  exclude();
  // Another model's SAT solve in between makes its own solver: the session's is gone.
  milp::Model other;
  buildPigeonhole(&other, 3);
  EXPECT_EQ(other.solve(satOptions(false)).status, milp::SolveStatus::kInfeasible);
  r = m.solve(options);
  ASSERT_EQ(r.status, milp::SolveStatus::kOptimal);
  EXPECT_FALSE(r.stats.sat->kept);
  exclude();
  // A stop (the time limit) leaves the session's solver behind.
  milp::Model hard;
  buildPigeonhole(&hard, 11);
  milp::SolveOptions limited = satOptions(false);
  limited.timeLimitMs = 20;
  limited.satSession = options.satSession;
  EXPECT_EQ(hard.solve(limited).status, milp::SolveStatus::kTimeLimit);
  r = m.solve(options);
  ASSERT_EQ(r.status, milp::SolveStatus::kOptimal);
  EXPECT_FALSE(r.stats.sat->kept);
  exclude();
  // So does a GLPK error.
  milp::SolveOptions broken = options;
  broken.forceSolverError = true;
  EXPECT_EQ(m.solve(broken).status, milp::SolveStatus::kError);
  r = m.solve(options);
  ASSERT_EQ(r.status, milp::SolveStatus::kOptimal);
  EXPECT_FALSE(r.stats.sat->kept);
  exclude();
  r = m.solve(options);
  ASSERT_EQ(r.status, milp::SolveStatus::kOptimal);
  EXPECT_TRUE(r.stats.sat->kept);
  exclude();
  // Six answers, each once; then none.
  EXPECT_EQ(m.solve(options).status, milp::SolveStatus::kInfeasible);
}

TEST(SatMethodTest, ForcedGlpkErrorIsRecoveredAndTheNextSolveWorks) {
  milp::Model m;
  milp::Var x = m.addBinary("x");
  milp::Var y = m.addBinary("y");
  m.addConstraint(x + y == 1);
  for (bool direct : {true, false}) {
    milp::SolveOptions broken = satOptions(true, direct);
    broken.forceSolverError = true;
    for (int i = 0; i < 20; ++i) {
      const milp::SolveResult r = m.solve(broken);
      ASSERT_EQ(r.status, milp::SolveStatus::kError);
      EXPECT_NE(r.message.find("column number out of range"), std::string::npos) << r.message;
    }
    EXPECT_EQ(m.solve(satOptions(true, direct)).status, milp::SolveStatus::kOptimal);
  }
}

TEST(MiniSatPoolTest, AResetFreesTheLargeBlocksLeftOut) {
  // A search stopped by longjmp leaves its own vectors behind (solver_search's learnt
  // clause: a block of over 1,024 bytes from 256 literals on). A reset frees them, so
  // that LeakSanitizer (the native-asan build) finds nothing left.
  gridmilp_minisat_pool_reset();
  auto* small = static_cast<unsigned char*>(gridmilp_minisat_malloc(100));
  auto* big = static_cast<unsigned char*>(gridmilp_minisat_malloc(4000));
  auto* grown = static_cast<unsigned char*>(
      gridmilp_minisat_realloc(gridmilp_minisat_malloc(2000), 9000));  // 2,000 freed
  auto* middle = static_cast<unsigned char*>(gridmilp_minisat_malloc(5000));
  auto* last = static_cast<unsigned char*>(gridmilp_minisat_malloc(6000));
  ASSERT_TRUE(small != nullptr && big != nullptr && grown != nullptr && middle != nullptr &&
              last != nullptr);
  std::fill(big, big + 4000, 1);
  std::fill(grown, grown + 9000, 2);
  std::fill(last, last + 6000, 3);
  gridmilp_minisat_free(middle);  // out of the middle of the large blocks
  EXPECT_EQ(big[3999], 1);
  EXPECT_EQ(grown[8999], 2);
  EXPECT_EQ(last[5999], 3);
  gridmilp_minisat_pool_reset();  // small, big, grown and last were never freed
  void* after = gridmilp_minisat_malloc(3000);
  ASSERT_NE(after, nullptr);
  gridmilp_minisat_free(after);
  gridmilp_minisat_pool_reset();
}

TEST(MiniSatPoolTest, BlocksKeepTheirBytesThroughReallocAndFreeListReuse) {
  // Sizes from 1 byte to 2,000 (pooled up to 1,024, larger from the C library), each
  // filled with its own byte; half grown by realloc, every third freed and allocated
  // again (from the free lists): every block must keep its bytes and 8-byte alignment.
  gridmilp_minisat_pool_reset();
  std::mt19937 random(7);
  struct Block {
    unsigned char* bytes;
    std::size_t size;
  };
  std::vector<Block> blocks;
  const auto fill = [](Block& b, std::size_t from, unsigned char value) {
    for (std::size_t i = from; i < b.size; ++i) b.bytes[i] = value;
  };
  for (int i = 0; i < 5000; ++i) {
    const std::size_t size = 1 + random() % 2000;
    Block b{static_cast<unsigned char*>(gridmilp_minisat_malloc(size)), size};
    ASSERT_NE(b.bytes, nullptr);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(b.bytes) % 8, 0u) << size;
    fill(b, 0, static_cast<unsigned char>(i));
    blocks.push_back(b);
  }
  for (std::size_t i = 0; i < blocks.size(); i += 2) {
    Block& b = blocks[i];
    const std::size_t grown = b.size + random() % 1500;
    b.bytes = static_cast<unsigned char*>(gridmilp_minisat_realloc(b.bytes, grown));
    ASSERT_NE(b.bytes, nullptr);
    for (std::size_t k = 0; k < b.size; ++k) ASSERT_EQ(b.bytes[k], static_cast<unsigned char>(i));
    const std::size_t old_size = b.size;
    b.size = grown;
    fill(b, old_size, static_cast<unsigned char>(i));
  }
  for (std::size_t i = 0; i < blocks.size(); i += 3) {
    gridmilp_minisat_free(blocks[i].bytes);
    blocks[i].bytes = static_cast<unsigned char*>(gridmilp_minisat_malloc(blocks[i].size));
    fill(blocks[i], 0, static_cast<unsigned char>(i));
  }
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    for (std::size_t k = 0; k < blocks[i].size; ++k) {
      ASSERT_EQ(blocks[i].bytes[k], static_cast<unsigned char>(i)) << i << " " << k;
    }
  }
  for (const Block& b : blocks) gridmilp_minisat_free(b.bytes);
  gridmilp_minisat_free(nullptr);
  gridmilp_minisat_pool_reset();  // chunks beyond the 16 kept go back
  void* again = gridmilp_minisat_malloc(24);
  ASSERT_NE(again, nullptr);
  gridmilp_minisat_free(again);
  gridmilp_minisat_pool_reset();
}

TEST(SatMethodTest, SolvesTop95WithEveryModel) {
  const sudoku::ParsedText parsed = sudoku::parseText(testing::readSharedData("top95.txt"));
  ASSERT_EQ(parsed.puzzles.size(), 95u);
  int compared = 0;
  for (sudoku::ModelKind kind : {sudoku::ModelKind::kTextbook, sudoku::ModelKind::kReduced}) {
    for (std::size_t i = 0; i < parsed.puzzles.size(); i += 7) {
      sudoku::SudokuSolver solver(parsed.puzzles[i].grid, {}, kind);
      const milp::SolveResult r = solver.solve(satOptions());
      ASSERT_EQ(r.status, milp::SolveStatus::kOptimal) << i << " " << r.message;
      EXPECT_TRUE(sudoku::isValidSolution(parsed.puzzles[i].grid, solver.solution())) << i;
      // GLPK's own route (its translation, no presolver) writes the same CNF for the
      // reduced model, which has no fixed column; for the textbook model it keeps the
      // givens' columns, which the direct route substitutes.
      const milp::SolveResult glpk = solver.solve(satOptions(false, false));
      ASSERT_EQ(glpk.status, milp::SolveStatus::kOptimal) << i << " " << glpk.message;
      // No CNF at all when the reduction decided the puzzle.
      ASSERT_EQ(r.stats.sat.has_value(), glpk.stats.sat.has_value()) << i;
      if (!r.stats.sat) continue;
      ++compared;
      EXPECT_TRUE(r.stats.sat->direct);
      EXPECT_FALSE(glpk.stats.sat->direct);
      if (kind == sudoku::ModelKind::kReduced) {
        EXPECT_EQ(r.stats.sat->variables, glpk.stats.sat->variables) << i;
        EXPECT_EQ(r.stats.sat->clauses, glpk.stats.sat->clauses) << i;
        EXPECT_EQ(r.stats.sat->literals, glpk.stats.sat->literals) << i;
      } else {
        EXPECT_LT(r.stats.sat->variables, glpk.stats.sat->variables / 4) << i;
        EXPECT_LT(r.stats.sat->clauses, glpk.stats.sat->clauses / 4) << i;
      }
    }
  }
  EXPECT_GT(compared, 20);  // of 28 solves
}

TEST(SatMethodTest, UniquenessAndEnumerationUseTheNoGoodCut) {
  // Top95's first puzzle is unique; with its first row of givens removed it is not.
  const sudoku::ParsedText parsed = sudoku::parseText(testing::readSharedData("top95.txt"));
  const sudoku::Grid& unique = parsed.puzzles[0].grid;
  const sudoku::UniquenessResult u =
      sudoku::checkUniqueness(unique, satOptions(), sudoku::ModelKind::kTextbook);
  ASSERT_TRUE(u.unique.has_value());
  EXPECT_TRUE(*u.unique);

  sudoku::Grid loose = unique;
  for (int c = 0; c < 9; ++c) loose.at(0, c) = 0;
  const sudoku::EnumerationResult e =
      sudoku::enumerate(loose, 3, satOptions(), {}, sudoku::ModelKind::kReduced);
  ASSERT_EQ(e.solutions.size(), 3u);
  for (const sudoku::Grid& s : e.solutions) EXPECT_TRUE(sudoku::isValidSolution(loose, s));
  EXPECT_NE(e.solutions[0].toLine(), e.solutions[1].toLine());
  EXPECT_NE(e.solutions[1].toLine(), e.solutions[2].toLine());
}

TEST(SatMethodTest, GenerationCompletesAndChecksWithSatAndStaysUniqueAndMinimal) {
  sudoku::GenerateOptions options;
  options.shape = sudoku::shapeForSize(9);
  options.seed = 7;
  options.method = milp::Method::kSat;
  const sudoku::GenerateResult g = sudoku::generate(options);
  EXPECT_TRUE(g.minimal);
  EXPECT_TRUE(sudoku::isValidSolution(g.puzzle, g.solution));
  // Checked by branch-and-bound, independently of the method that generated it.
  const milp::SolveOptions bnb;
  const sudoku::UniquenessResult u = sudoku::checkUniqueness(g.puzzle, bnb);
  ASSERT_TRUE(u.unique.has_value());
  EXPECT_TRUE(*u.unique);
  EXPECT_EQ(u.solution->cells, g.solution.cells);
  for (std::size_t i = 0; i < g.puzzle.cells.size(); ++i) {
    if (g.puzzle.cells[i] == 0) continue;
    sudoku::Grid less = g.puzzle;
    less.cells[i] = 0;
    EXPECT_FALSE(*sudoku::checkUniqueness(less, bnb).unique) << "given " << i << " is not needed";
  }
  EXPECT_EQ(sudoku::generate(options).puzzle.cells, g.puzzle.cells);  // deterministic
  // The complete grid is MiniSat's, not the random objective's: another grid.
  options.method = milp::Method::kBranchAndBound;
  EXPECT_NE(sudoku::generate(options).solution.cells, g.solution.cells);

  // 16×16, where branch-and-bound takes about 1.5 s to complete the grid alone.
  options.shape = sudoku::shapeForSize(16);
  options.method = milp::Method::kSat;
  options.targetGivens = 180;
  options.difficultyTimeLimitMs = 500;
  const sudoku::GenerateResult big = sudoku::generate(options);
  EXPECT_TRUE(big.targetReached);
  EXPECT_EQ(big.puzzle.givenCount(), 180);
  EXPECT_TRUE(sudoku::isValidSolution(sudoku::Grid(options.shape), big.solution));
  EXPECT_TRUE(*sudoku::checkUniqueness(big.puzzle, bnb).unique);
}

TEST(SatMethodTest, TheProtocolTakesMethodSatAndSaysWhatItCannotDo) {
  const std::string puzzle =
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  rapidjson::Document r = app::parseJson(app::handleRequest(
      R"({"id":1,"type":"solve","puzzle":")" + puzzle + R"(","options":{"method":"sat"}})"));
  ASSERT_TRUE(r.HasMember("result")) << app::writeJson(r);
  EXPECT_STREQ(r["result"]["status"].GetString(), "optimal");
  EXPECT_STREQ(r["result"]["stats"]["method"].GetString(), "sat");
  EXPECT_GT(r["result"]["stats"]["sat"]["clauses"].GetInt(), 0);
  EXPECT_STREQ(r["result"]["stats"]["sat"]["translation"].GetString(), "direct");

  r = app::parseJson(app::handleRequest(R"({"id":2,"type":"solve","puzzle":")" + puzzle + R"("})"));
  EXPECT_STREQ(r["result"]["stats"]["method"].GetString(), "branch-and-bound");
  EXPECT_FALSE(r["result"]["stats"].HasMember("sat"));

  const auto error_field = [&](const std::string& json) {
    const rapidjson::Document e = app::parseJson(app::handleRequest(json));
    if (!e.HasMember("error")) return std::string("no error: ") + app::writeJson(e);
    return std::string(e["error"]["where"]["field"].GetString()) + ": " +
           e["error"]["message"].GetString();
  };
  EXPECT_EQ(
      error_field(R"({"type":"solve","puzzle":")" + puzzle + R"(","options":{"method":"dpll"}})"),
      "options.method: Unknown method 'dpll': one of branch-and-bound, sat");
  EXPECT_NE(error_field(R"({"type":"solve","puzzle":")" + puzzle +
                        R"(","objective":{"preset":"diagonal"},"options":{"method":"sat"}})")
                .find("options.method: The SAT method finds any solution and cannot optimise"),
            std::string::npos);
  EXPECT_NE(error_field(R"({"type":"solve","puzzle":")" + puzzle +
                        R"(","options":{"method":"sat","recordBranching":true}})")
                .find("options.recordBranching: The SAT method has no branch-and-bound tree"),
            std::string::npos);

  // complete: the seed fills an empty grid's diagonal boxes, MiniSat the rest; with
  // givens, MiniSat's first completion.
  for (const std::string size : {"9", "25"}) {
    const std::string request =
        R"({"type":"complete","size":)" + size + R"(,"seed":4,"options":{"method":"sat"}})";
    r = app::parseJson(app::handleRequest(request));
    ASSERT_TRUE(r.HasMember("result")) << app::writeJson(r);
    EXPECT_STREQ(r["result"]["stats"]["method"].GetString(), "sat");
    const sudoku::Grid empty(sudoku::shapeForSize(std::stoi(size)));
    const sudoku::Grid grid = sudoku::parseOne(r["result"]["solution"].GetString(), empty.shape);
    EXPECT_TRUE(sudoku::isValidSolution(empty, grid)) << size;
    EXPECT_EQ(app::parseJson(app::handleRequest(request))["result"]["solution"].GetString(),
              std::string(r["result"]["solution"].GetString()));  // the same seed, the same grid
  }
  r = app::parseJson(app::handleRequest(R"({"type":"complete","puzzle":")" + puzzle +
                                        R"(","options":{"method":"sat"}})"));
  ASSERT_TRUE(r.HasMember("result")) << app::writeJson(r);
  const sudoku::Grid givens = sudoku::parseOne(puzzle);
  EXPECT_TRUE(
      sudoku::isValidSolution(givens, sudoku::parseOne(r["result"]["solution"].GetString())));

  std::vector<std::string> phases;
  std::string rated_puzzle;
  r = app::parseJson(app::handleRequest(
      R"({"id":3,"type":"generate","size":4,"seed":5,"options":{"method":"sat"}})",
      [&](const rapidjson::Value& message) {
        const rapidjson::Value& p = message["progress"];
        phases.emplace_back(p["phase"].GetString());
        // Every report has the puzzle as it stands (what a stop keeps), its givens counted.
        ASSERT_TRUE(p.HasMember("puzzle"));
        const std::string now = p["puzzle"].GetString();
        EXPECT_EQ(static_cast<int>(now.size() - std::count(now.begin(), now.end(), '.')),
                  p["givens"].GetInt());
        rated_puzzle = now;
      }));
  ASSERT_TRUE(r.HasMember("result")) << app::writeJson(r);
  EXPECT_STREQ(r["result"]["method"].GetString(), "sat");
  EXPECT_TRUE(r["result"]["minimal"].GetBool());
  ASSERT_EQ(phases.size(), 17u);  // 16 cells tried, then the rating solve
  EXPECT_EQ(phases.front(), "removing");
  EXPECT_EQ(phases.back(), "rating");
  EXPECT_EQ(rated_puzzle, r["result"]["puzzle"].GetString());  // Stop then keeps it

  r = app::parseJson(app::handleRequest(R"({"type":"version"})"));
  ASSERT_TRUE(r["result"]["methods"].IsArray());
  EXPECT_EQ(r["result"]["methods"].Size(), 2u);
  EXPECT_STREQ(r["result"]["methods"][1].GetString(), "sat");
}

}  // namespace
}  // namespace gridmilp
