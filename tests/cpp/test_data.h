// Reading the shared test data (../shared/data, see its SOURCES.md).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace gridmilp::testing {

/// The whole of ../shared/data/<name>; throws std::runtime_error if missing.
inline std::string readSharedData(const std::string& name) {
  const std::string path = std::string(GRIDMILP_DATA_DIR) + "/" + name;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("test data not found: " + path);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

}  // namespace gridmilp::testing
