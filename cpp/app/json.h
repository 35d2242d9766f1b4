// gridmilp — JSON text of the protocol: RapidJSON's DOM, parsed and written with one
// set of settings.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The one place gridmilp includes RapidJSON: include this header, never
// <rapidjson/...> directly, so that every file sees the same configuration.
//
// Compare a value with a number through its getter (v.GetInt() == 3) or as
// v == rapidjson::Value(3), never as v == 3: in C++20, RapidJSON 1.1.0's symmetric
// operator== calls itself forever (Tencent/rapidjson#1846, fixed after 1.1.0).
// Comparing with a string (v == "optimal") is safe.
#pragma once

#ifndef RAPIDJSON_HAS_STDSTRING
#define RAPIDJSON_HAS_STDSTRING 1  // Value(std::string, allocator), operator==(std::string)
#endif
#include <rapidjson/document.h>

#include <string>
#include <string_view>

namespace gridmilp::app {

/// The allocator of a Document's values (RapidJSON's memory pool).
using JsonAllocator = rapidjson::Document::AllocatorType;

/// Parses one JSON text (UTF-8; strings must be valid UTF-8; nesting depth is limited
/// only by memory). Throws InputError bad_request with the message
/// "<subject> is not valid JSON: line L, column C: <RapidJSON's reason>" (1-based;
/// the column counts code points of the line), e.g. "The request is not valid JSON:
/// line 1, column 2: Missing a name for object member."
rapidjson::Document parseJson(std::string_view text, std::string_view subject = "The text");

/// Writes a value as compact JSON text (no spaces, members in insertion order).
/// Throws std::runtime_error when a string is not valid UTF-8 or a number is not
/// finite (jsonNumber() writes those as null).
std::string writeJson(const rapidjson::Value& value);

/// The member `name` of an object, or nullptr when it has none (or is not an
/// object). With duplicate names the last one counts, as in a parser that keeps the
/// last value of a repeated key.
const rapidjson::Value* findMember(const rapidjson::Value& object, std::string_view name);

/// `text` with each byte that starts no valid UTF-8 sequence replaced by U+FFFD (the
/// replacement character), so that a message quoting one byte of a multibyte character
/// ("found 'é'" cut to its first byte) can still be written as JSON (RFC 8259 §8.1).
std::string validUtf8(std::string_view text);

/// A JSON string holding a copy of `text`.
inline rapidjson::Value jsonString(std::string_view text, JsonAllocator& allocator) {
  return rapidjson::Value(text.data(), static_cast<rapidjson::SizeType>(text.size()), allocator);
}

/// A JSON number for a double; null when it is NaN or infinite (JSON has no such
/// numbers).
rapidjson::Value jsonNumber(double value);

}  // namespace gridmilp::app
