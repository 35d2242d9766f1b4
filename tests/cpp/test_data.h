// Which Sudoku test sets a native test run uses.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The larger sets of ../shared/data (Project Euler 96, Norvig's top95 and easy50,
// Royle's 17-clue list, Lewis's 16×16 and 25×25 samples) are not ours to ship, so they
// are read only when present: in $GRIDMILP_DATA_DIR when set, else beside the
// repository. Without them each stands in by a set of the same layout that gridmilp
// generated itself from fixed seeds (tests/data/sudoku/, made by
// scripts/make-test-data.mjs; see tests/data/SOURCES.md). Tests of facts only the real
// set has (Project Euler's answer, a named puzzle's solution) call hasSharedData() and
// GTEST_SKIP() without it, so ctest reports them as not run.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

namespace gridmilp::testing {

/// The shared data folder: $GRIDMILP_DATA_DIR when set, else ../shared/data beside the
/// repository (compiled in as GRIDMILP_DATA_DIR). It may not exist.
inline std::string sharedDataDir() {
  const char* env = std::getenv("GRIDMILP_DATA_DIR");
  return env != nullptr && *env != '\0' ? std::string(env) : std::string(GRIDMILP_DATA_DIR);
}

/// True when the shared file `name` (relative to the shared data folder) is present.
inline bool hasSharedData(const std::string& name) {
  return std::ifstream(sharedDataDir() + "/" + name).good();
}

/// The stand-in in tests/data/ for a shared set; throws std::invalid_argument for a
/// name with none.
inline std::string standIn(const std::string& name) {
  static const std::map<std::string, std::string> kStandIns = {
      {"p096_sudoku.txt", "sudoku/grids50.txt"},
      {"top95.txt", "sudoku/hard95.txt"},
      {"easy50.txt", "sudoku/easy50.txt"},
      {"sudoku17_last1000.txt", "sudoku/minimal1000.txt"},
      {"sudoku16x16/lewis_sample_16x16.txt", "sudoku/16x16.txt"},
      {"sudoku25x25/lewis_sample_25x25.txt", "sudoku/25x25.txt"},
  };
  const auto it = kStandIns.find(name);
  if (it == kStandIns.end()) throw std::invalid_argument("no stand-in for shared set " + name);
  return it->second;
}

/// The path of the set to use for the shared set `name`: the shared file when present,
/// else its stand-in. Says once per process, on stdout, which was used.
inline std::string dataPath(const std::string& name) {
  static std::set<std::string> reported;
  const bool shared = hasSharedData(name);
  const std::string path = shared ? sharedDataDir() + "/" + name
                                  : std::string(GRIDMILP_TEST_DATA_DIR) + "/" + standIn(name);
  if (reported.insert(name).second) {
    std::printf(shared ? "[test data] %s: the shared set (%s)\n"
                       : "[test data] %s is absent: using gridmilp's own %s instead\n",
                name.c_str(), shared ? path.c_str() : standIn(name).c_str());
  }
  return path;
}

/// The whole text of the set to use for `name` (see dataPath); throws
/// std::runtime_error when it cannot be read.
inline std::string readSharedData(const std::string& name) {
  const std::string path = dataPath(name);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("test data not found: " + path);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

}  // namespace gridmilp::testing
