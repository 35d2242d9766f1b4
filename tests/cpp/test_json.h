// JSON in the tests: requests written as text, responses read as RapidJSON documents.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "app/json.h"
#include "app/service.h"

namespace rapidjson {

/// GoogleTest shows a JSON value in a failure message as its JSON text.
inline void PrintTo(const Value& value, std::ostream* os) {
  *os << gridmilp::app::writeJson(value);
}

}  // namespace rapidjson

namespace gridmilp::testing {

/// `text` as a JSON string literal, quotes and escapes included.
inline std::string jsonQuoted(std::string_view text) {
  return app::writeJson(rapidjson::Value(
      rapidjson::StringRef(text.data(), static_cast<rapidjson::SizeType>(text.size()))));
}

/// The response to a request given as JSON text, through the text interface
/// (app::handleRequest), parsed.
inline rapidjson::Document call(std::string_view request) {
  return app::parseJson(app::handleRequest(request), "The response");
}

/// The response to a request given as JSON text, through the DOM interface (app::handle).
inline rapidjson::Document handleText(std::string_view request) {
  return app::handle(app::parseJson(request));
}

}  // namespace gridmilp::testing
