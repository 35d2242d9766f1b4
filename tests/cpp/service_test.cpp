// The JSON request/response service (cpp/app/protocol.md).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/service.h"

#include <gtest/gtest.h>

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
