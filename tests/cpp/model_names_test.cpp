// The model builder's name lookups and duplicate-name check, compiled twice: into the
// main test binary (hash-map index) and into gridmilp_name_scan_tests with
// GRIDMILP_NO_NAME_INDEX (lookups by scanning, as in the page's first-solve module).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "milp/model.h"

namespace gridmilp::milp {
namespace {

TEST(BuilderTest, FindsVariablesAndConstraintsByName) {
  Model m;
  const VarFamily x = m.addVars("x", {{1, 3}, {1, 3}}, VarType::kBinary, 0, 1);
  const Var z = m.addBinary("z");
  ASSERT_TRUE(m.findVar("x[2,3]").has_value());
  EXPECT_EQ(m.findVar("x[2,3]")->index, x(2, 3).index);
  EXPECT_EQ(m.findVar("z")->index, z.index);
  EXPECT_FALSE(m.findVar("x[4,1]").has_value());
  EXPECT_FALSE(m.findVar("x[1]").has_value());
  EXPECT_FALSE(m.findVar("x[1,a]").has_value());
  EXPECT_FALSE(m.findVar("w").has_value());
  const Constraint row = m.addConstraint(x(1, 1) + x(1, 2) <= 1, "pair[1]");
  ASSERT_TRUE(m.findConstraint("pair[1]").has_value());
  EXPECT_EQ(m.findConstraint("pair[1]")->index, row.index);
  EXPECT_FALSE(m.findConstraint("pair[2]").has_value());
}

TEST(BuilderTest, RefusesDuplicateNames) {
  Model m;
  m.addVars("x", {{1, 2}}, VarType::kBinary, 0, 1);
  EXPECT_THROW(m.addVars("x", {{1, 2}}, VarType::kBinary, 0, 1), ModelError);
  EXPECT_THROW(m.addBinary("x"), ModelError);
  const Var z = m.addBinary("z");
  EXPECT_THROW(m.addBinary("z"), ModelError);
  m.addConstraint(LinExpr(z) <= 1, "c");
  EXPECT_THROW(m.addConstraint(LinExpr(z) >= 0, "c"), ModelError);
  EXPECT_EQ(m.findConstraint("c")->index, 0);
}

TEST(BuilderTest, ARefusedRowLeavesItsNameFree) {
  Model m;
  const Var z = m.addBinary("z");
  // A row without variables that cannot hold (0 >= 1) is refused, and its name is not
  // taken: the next row may have it, and no row is found by it before.
  EXPECT_THROW(m.addConstraint(LinExpr(z) - z >= 1, "r"), ModelError);
  EXPECT_FALSE(m.findConstraint("r").has_value());
  const Constraint row = m.addConstraint(LinExpr(z) <= 1, "r");
  ASSERT_TRUE(m.findConstraint("r").has_value());
  EXPECT_EQ(m.findConstraint("r")->index, row.index);
  EXPECT_EQ(m.numConstraints(), 1);
}

TEST(BuilderTest, FindsEveryNameOfALargeModel) {
  // Names kept side by side and indexed by their hash (model.h, NameTable and
  // NameIndex): thousands of them, so that the index grows many times, with unnamed rows
  // and a family between named ones, and names that share a prefix.
  Model m;
  const Var z = m.addBinary("z");
  m.addVars("x", {{1, 50}}, VarType::kBinary, 0, 1);
  constexpr int kRows = 3000;
  for (int i = 0; i < kRows; ++i) {
    m.addConstraint(LinExpr(z) <= 1, "row[" + std::to_string(i) + "]");
    m.addConstraint(LinExpr(z) >= 0);  // unnamed
    if (i % 100 == 0) m.addBinary("lone[" + std::to_string(i) + "]");
  }
  EXPECT_EQ(m.numConstraints(), 2 * kRows);
  for (int i = 0; i < kRows; ++i) {
    const std::string name = "row[" + std::to_string(i) + "]";
    const std::optional<Constraint> row = m.findConstraint(name);
    ASSERT_TRUE(row.has_value()) << name;
    EXPECT_EQ(row->index, 2 * i);
    EXPECT_EQ(m.name(*row), name);
    EXPECT_EQ(m.name(Constraint{2 * i + 1, &m}), "c" + std::to_string(2 * i + 1));
  }
  EXPECT_FALSE(m.findConstraint("row[3000]").has_value());
  EXPECT_FALSE(m.findConstraint("row[").has_value());
  EXPECT_THROW(m.addConstraint(LinExpr(z) <= 1, "row[2999]"), ModelError);
  EXPECT_THROW(m.addBinary("lone[2900]"), ModelError);
  ASSERT_TRUE(m.findVar("lone[2900]").has_value());  // a lone variable, brackets and all
  EXPECT_EQ(m.findVar("lone[2900]")->index, 51 + 29);
  EXPECT_FALSE(m.findVar("lone[2901]").has_value());
  EXPECT_EQ(m.findVar("z")->index, z.index);
  EXPECT_EQ(m.name(Var{1, &m}), "x[1]");
  EXPECT_EQ(m.name(Var{51, &m}), "lone[0]");
  EXPECT_EQ(m.numConstraints(), 2 * kRows);
}

}  // namespace
}  // namespace gridmilp::milp
