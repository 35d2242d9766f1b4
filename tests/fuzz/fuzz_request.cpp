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
  // Every member of a name is bounded, not only the first: a request may repeat a name,
  // and the service reads the last (app::findMember, as JavaScript's JSON.parse does).
  // Bounding only the first let {"options": {…}, …, "options": {no limit}} run a
  // packing-model solve without a time limit for 7.6 s (two timeouts, 2026-11-27).
  bool has_options = false;
  std::string type;
  for (auto& member : doc.GetObject()) {
    const std::string_view name(member.name.GetString(), member.name.GetStringLength());
    if (name == "options") has_options = true;
    if (name == "type" && member.value.IsString()) type = member.value.GetString();
  }
  if (!has_options) doc.AddMember("options", rapidjson::Value(rapidjson::kObjectType), a);
  for (auto& member : doc.GetObject()) {
    const std::string_view name(member.name.GetString(), member.name.GetStringLength());
    rapidjson::Value& value = member.value;
    if (name == "options" && value.IsObject()) {
      bool limited = false;
      for (auto& option : value.GetObject()) {
        if (std::string_view(option.name.GetString(), option.name.GetStringLength()) !=
            "timeLimitMs") {
          continue;
        }
        limited = true;
        rapidjson::Value& limit = option.value;
        if (!limit.IsInt() || limit.GetInt() == 0 || limit.GetInt() > 50) limit.SetInt(50);
      }
      if (!limited) value.AddMember("timeLimitMs", 50, a);
    } else if (name == "limit" && value.IsNumber() && value.GetDouble() > 5) {
      value.SetInt(5);  // also 1e9, a whole number written as a double
    } else if (name == "size" && value.IsNumber() && value.GetDouble() > 9 &&
               (type == "generate" || type == "complete")) {
      value.SetInt(9);
    }
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
