// libFuzzer target: the JSON request handler (app::handleRequest), the one entry point
// of the WASM module, the CLI's `request` and the npm API.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// handleRequest must never throw and must answer every input with one JSON object
// holding `id` and exactly one of `result` or `error`. To keep each run short, a request
// that parses is first bounded (as a patient caller would bound it): options.timeLimitMs
// at most 50 ms, an enumerate limit of at most 5, and generate/complete at most 9×9.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "app/json.h"
#include "app/service.h"
#include "puzzles/input_error.h"

namespace {

/// The request bounded as the file comment says, or the input unchanged when it is not
/// a JSON object.
std::string bounded(std::string_view input) {
  using namespace gridmilp;
  rapidjson::Document doc;
  try {
    doc = app::parseJson(input, "The request");
  } catch (const InputError&) {
    return std::string(input);
  }
  if (!doc.IsObject()) return std::string(input);
  app::JsonAllocator& a = doc.GetAllocator();
  // HasMember and operator[] rather than member iterators, whose comparisons C++20
  // finds ambiguous in RapidJSON 1.1.0 (see app/json.h).
  if (!doc.HasMember("options"))
    doc.AddMember("options", rapidjson::Value(rapidjson::kObjectType), a);
  if (rapidjson::Value& options = doc["options"]; options.IsObject()) {
    if (!options.HasMember("timeLimitMs")) {
      options.AddMember("timeLimitMs", 50, a);
    } else if (rapidjson::Value& limit = options["timeLimitMs"];
               !limit.IsInt() || limit.GetInt() == 0 || limit.GetInt() > 50) {
      limit.SetInt(50);
    }
  }
  if (doc.HasMember("limit") && doc["limit"].IsInt() && doc["limit"].GetInt() > 5) {
    doc["limit"].SetInt(5);
  }
  if (doc.HasMember("size") && doc["size"].IsInt() && doc["size"].GetInt() > 9 &&
      doc.HasMember("type") && doc["type"].IsString()) {
    const std::string type = doc["type"].GetString();
    if (type == "generate" || type == "complete") doc["size"].SetInt(9);
  }
  return app::writeJson(doc);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gridmilp;
  const std::string request = bounded(std::string_view(reinterpret_cast<const char*>(data), size));
  const std::string response = app::handleRequest(request);
  try {
    const rapidjson::Document out = app::parseJson(response, "The response");
    if (!out.IsObject() || !out.HasMember("id") ||
        out.HasMember("result") == out.HasMember("error")) {
      std::abort();  // not one response object
    }
  } catch (const InputError&) {
    std::abort();  // the response is not JSON
  }
  return 0;
}
