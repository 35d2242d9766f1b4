// The JSON request/response service (cpp/app/protocol.md).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/service.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <set>
#include <sstream>

#include "milp/glpk_backend.h"
#include "test_data.h"

namespace gridmilp::app {
namespace {

using nlohmann::json;

const std::string kGrid01 =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

json call(const json& request) { return json::parse(handleRequest(request.dump())); }

TEST(ServiceTest, Version) {
  const json r = call({{"id", 1}, {"type", "version"}});
  EXPECT_EQ(r["id"], 1);
  EXPECT_EQ(r["result"]["glpk"], "5.0");
  EXPECT_EQ(r["result"]["protocol"], 1);
}

TEST(ServiceTest, SolveReturnsTheSolutionAndStatistics) {
  const json r = call({{"id", "a"}, {"type", "solve"}, {"puzzle", kGrid01}});
  ASSERT_TRUE(r.contains("result")) << r.dump();
  EXPECT_EQ(r["id"], "a");
  const json& result = r["result"];
  EXPECT_EQ(result["status"], "optimal");
  EXPECT_EQ(result["givens"], kGrid01);
  EXPECT_EQ(result["solution"].get<std::string>().substr(0, 3), "483");
  EXPECT_EQ(result["stats"]["columns"], 729);
  EXPECT_EQ(result["stats"]["rows"], 324);
  EXPECT_EQ(result["stats"]["nonzeros"], 2916);
  EXPECT_TRUE(result["stats"]["nodes"].is_number_integer());
  EXPECT_GE(result["stats"]["totalMs"].get<double>(), result["stats"]["solveMs"].get<double>());
  EXPECT_TRUE(result["stats"]["presolvedRows"].is_number_integer());
}

TEST(ServiceTest, PresolveOffReportsNoPresolvedSize) {
  const json r = call({{"id", 2},
                       {"type", "solve"},
                       {"puzzle", kGrid01},
                       {"options", {{"presolve", false}, {"timeLimitMs", 10000}}}});
  ASSERT_TRUE(r.contains("result")) << r.dump();
  EXPECT_EQ(r["result"]["status"], "optimal");
  EXPECT_TRUE(r["result"]["stats"]["presolvedRows"].is_null());
  EXPECT_TRUE(r["result"]["stats"]["rootLpIntegral"].is_boolean());
}

TEST(ServiceTest, NoSolutionIsAResultNotAnError) {
  const std::string puzzle = "12345678." + std::string(63, '.') + "........9";
  const json r = call({{"id", 3}, {"type", "solve"}, {"puzzle", puzzle}});
  ASSERT_TRUE(r.contains("result")) << r.dump();
  EXPECT_EQ(r["result"]["status"], "infeasible");
  EXPECT_FALSE(r["result"].contains("solution"));
}

TEST(ServiceTest, ParseSplitsAFile) {
  const json r =
      call({{"id", 4}, {"type", "parse"}, {"text", testing::readSharedData("p096_sudoku.txt")}});
  ASSERT_TRUE(r.contains("result")) << r.dump().substr(0, 300);
  EXPECT_EQ(r["result"]["format"], "euler96");
  ASSERT_EQ(r["result"]["puzzles"].size(), 50u);
  EXPECT_EQ(r["result"]["puzzles"][0]["name"], "Grid 01");
  EXPECT_EQ(r["result"]["puzzles"][0]["givens"], kGrid01);
  EXPECT_EQ(r["result"]["puzzles"][1]["line"], 11);
}

TEST(ServiceTest, ErrorsSayWhatAndWhere) {
  json r = call({{"id", 5}, {"type", "solve"}, {"puzzle", kGrid01.substr(0, 80)}});
  EXPECT_EQ(r["error"]["code"], "wrong_length");
  r = call({{"id", 6}, {"type", "solve"}, {"puzzle", "12x"}});
  EXPECT_EQ(r["error"]["code"], "parse_error");
  EXPECT_EQ(r["error"]["where"]["column"], 3);
  EXPECT_EQ(r["error"]["where"]["character"], "x");
  std::string clash = kGrid01;
  clash[0] = '3';
  r = call({{"id", 7}, {"type", "solve"}, {"puzzle", clash}});
  EXPECT_EQ(r["error"]["code"], "conflicting_givens");
  EXPECT_EQ(r["error"]["where"]["cells"].size(), 2u);
  r = call({{"id", 8}, {"type", "solve"}});
  EXPECT_EQ(r["error"]["code"], "bad_request");
  EXPECT_EQ(r["error"]["where"]["field"], "puzzle");
  r = call({{"id", 9}, {"type", "fly"}});
  EXPECT_EQ(r["error"]["code"], "bad_request");
  r = call(
      {{"id", 10}, {"type", "solve"}, {"puzzle", kGrid01}, {"options", {{"timeLimitMs", "x"}}}});
  EXPECT_EQ(r["error"]["where"]["field"], "options.timeLimitMs");
  r = call({{"id", 11}, {"type", "parse"}, {"text", ""}});
  EXPECT_EQ(r["error"]["code"], "empty_input");
  r = call({{"id", 12}, {"type", "solve"}, {"puzzle", kGrid01}, {"size", 16}});
  EXPECT_EQ(r["error"]["code"], "wrong_length");
  EXPECT_EQ(r["error"]["message"], "Line 1 has 81 cells; a 16\u00d716 puzzle has 256 cells");
  r = call({{"id", 12}, {"type", "solve"}, {"puzzle", kGrid01}, {"size", 40}});
  EXPECT_EQ(r["error"]["code"], "bad_request");
  const json bad = json::parse(handleRequest("{not json"));
  EXPECT_TRUE(bad["id"].is_null());
  EXPECT_EQ(bad["error"]["code"], "bad_request");
  EXPECT_EQ(json::parse(handleRequest("[1,2]"))["error"]["code"], "bad_request");
}

TEST(ServiceTest, ForcedGlpkErrorThenACorrectSolve) {
  const json broken = call(
      {{"id", 13}, {"type", "solve"}, {"puzzle", kGrid01}, {"debug", {{"forceGlpkError", true}}}});
  ASSERT_TRUE(broken.contains("error")) << broken.dump();
  EXPECT_EQ(broken["error"]["code"], "solver_error");
  EXPECT_NE(broken["error"]["message"].get<std::string>().find("GLPK error"), std::string::npos);
  const json ok = call({{"id", 14}, {"type", "solve"}, {"puzzle", kGrid01}});
  EXPECT_EQ(ok["result"]["status"], "optimal");
}

}  // namespace
}  // namespace gridmilp::app

namespace gridmilp::app {
namespace {

using nlohmann::json;

const std::string kEasy =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

std::string top95(int line) {
  std::istringstream in(testing::readSharedData("top95.txt"));
  std::string text;
  for (int i = 0; i < line; ++i) std::getline(in, text);
  return text;
}

TEST(ServiceTeachingTest, RelaxationIsIntegralForAnEasyPuzzleAndFractionalForAHardOne) {
  const json easy = handle({{"type", "relax"}, {"puzzle", kEasy}});
  ASSERT_TRUE(easy.contains("result")) << easy.dump();
  EXPECT_EQ(easy["result"]["status"], "optimal");
  EXPECT_TRUE(easy["result"]["integral"].get<bool>());
  EXPECT_EQ(easy["result"]["values"].size(), 81u);
  const json hard = handle({{"type", "relax"}, {"puzzle", top95(4)}});
  EXPECT_FALSE(hard["result"]["integral"].get<bool>());
  int fractional = 0;
  for (const json& v : hard["result"]["values"]) {
    const double x = v[3];
    EXPECT_GT(x, 0.0);
    EXPECT_LE(x, 1.0 + 1e-9);
    if (x < 1 - 1e-6) ++fractional;
  }
  EXPECT_GT(fractional, 0);
}

TEST(ServiceTeachingTest, ExportedLpReadsBackWithGlpkAndSolvesToTheSameGrid) {
  for (const char* model : {"textbook", "candidates"}) {
    for (const char* format : {"lp", "mps"}) {
      const json r = handle({{"type", "exportModel"},
                             {"puzzle", kEasy},
                             {"format", format},
                             {"options", {{"model", model}}}});
      ASSERT_TRUE(r.contains("result")) << r.dump();
      const std::string text = r["result"]["text"];
      const milp::TextSolve back =
          milp::solveModelText(text, std::string(format) == "lp" ? milp::ModelFormat::kCplexLp
                                                                 : milp::ModelFormat::kFreeMps);
      ASSERT_EQ(back.status, milp::SolveStatus::kOptimal) << back.message;
      // Decode x(r,c,d) / x[r,c,d] = 1 back into the grid.
      std::string grid = kEasy;
      for (const auto& [name, value] : back.values) {
        if (value < 0.5) continue;
        int row = 0, column = 0, digit = 0;
        ASSERT_EQ(std::sscanf(name.c_str() + 2, "%d,%d,%d", &row, &column, &digit), 3) << name;
        grid[(row - 1) * 9 + (column - 1)] = static_cast<char>('0' + digit);
      }
      EXPECT_EQ(grid,
                "483921657967345821251876493548132976729564138136798245372689514814253769695417382")
          << model << " " << format;
    }
  }
  const json bad = handle({{"type", "exportModel"}, {"puzzle", kEasy}, {"format", "xls"}});
  EXPECT_EQ(bad["error"]["where"]["field"], "format");
}

TEST(ServiceTeachingTest, SolveStreamsBranchAndBoundProgress) {
  std::vector<json> messages;
  const json request = {
      {"id", 77}, {"type", "solve"}, {"puzzle", top95(7)}, {"options", {{"presolve", false}}}};
  const std::string response =
      handleRequest(request.dump(), [&](const json& m) { messages.push_back(m); });
  const json r = json::parse(response);
  ASSERT_TRUE(r.contains("result")) << response;
  EXPECT_EQ(r["result"]["status"], "optimal");
  // With no interval every callback reports; top95 line 7 branches.
  EXPECT_GT(r["result"]["stats"]["nodes"].get<int>(), 1);
  ASSERT_FALSE(messages.empty());
  for (const json& m : messages) {
    EXPECT_EQ(m["id"], 77);
    EXPECT_EQ(m["progress"]["phase"], "branch-and-bound");
    EXPECT_GE(m["progress"]["nodes"].get<int>(), 0);
    EXPECT_LE(m["progress"]["nodes"].get<int>(), r["result"]["stats"]["nodes"].get<int>());
  }
}

}  // namespace
}  // namespace gridmilp::app

namespace gridmilp::app {
namespace {

TEST(ServiceTeachingTest, BranchingDecisionsAreRecordedInOrder) {
  std::istringstream in(testing::readSharedData("top95.txt"));
  std::string puzzle;
  for (int i = 0; i < 7; ++i) std::getline(in, puzzle);
  const nlohmann::json r =
      handle({{"type", "solve"}, {"puzzle", puzzle}, {"options", {{"recordBranching", true}}}});
  ASSERT_TRUE(r.contains("result")) << r.dump();
  const nlohmann::json& result = r["result"];
  EXPECT_EQ(result["status"], "optimal");
  const nlohmann::json& branching = result["branching"];
  ASSERT_GE(branching.size(), 1u);
  EXPECT_EQ(branching[0]["depth"], 0);
  EXPECT_EQ(branching[0]["parent"], 0);
  std::set<int> branched;  // nodes that branched so far
  for (const nlohmann::json& b : branching) {
    const std::string name = b["variable"];
    EXPECT_EQ(name.rfind("x[", 0), 0u) << name;
    const double value = b["lpValue"];
    EXPECT_GT(value, 0.0);  // a fractional value: that is why it branched
    EXPECT_LT(value, 1.0);
    // A node branches only after its parent did. (Best-bound selection visits nodes
    // out of number order, and GLPK reuses the number of a discarded node.)
    const int node = b["node"], parent = b["parent"];
    if (parent != 0) EXPECT_EQ(branched.count(parent), 1u) << node << " before " << parent;
    branched.insert(node);
  }
  EXPECT_GE(result["stats"]["nodes"].get<std::size_t>(), branching.size() + 1);
  ASSERT_GE(result["incumbentNodes"].size(), 1u);
  EXPECT_TRUE(result["stats"]["presolvedRows"].is_null());  // recording needs presolve off
}

TEST(ServiceTeachingTest, RecordingBacktracksDepthFirstWhateverWasAsked) {
  // The page rebuilds the tree from the decisions assuming depth-first backtracking,
  // so a recorded run must use it even when the request asks for another technique.
  std::istringstream in(testing::readSharedData("top95.txt"));
  std::string puzzle;
  for (int i = 0; i < 13; ++i) std::getline(in, puzzle);
  auto run = [&](const char* backtracking) {
    const nlohmann::json r =
        handle({{"type", "solve"},
                {"puzzle", puzzle},
                {"options", {{"recordBranching", true}, {"backtracking", backtracking}}}});
    EXPECT_TRUE(r.contains("result")) << r.dump();
    return r["result"];
  };
  const nlohmann::json dfs = run("dfs");
  ASSERT_GE(dfs["branching"].size(), 10u);  // top95 line 13 branches for a while
  for (const char* other : {"blb", "bfs", "bph"}) {
    const nlohmann::json r = run(other);
    EXPECT_EQ(r["branching"], dfs["branching"]) << other;
    EXPECT_EQ(r["incumbentNodes"], dfs["incumbentNodes"]) << other;
    EXPECT_EQ(r["stats"]["nodes"], dfs["stats"]["nodes"]) << other;
  }
}

}  // namespace
}  // namespace gridmilp::app
