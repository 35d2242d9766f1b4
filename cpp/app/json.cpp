// gridmilp — JSON text of the protocol (RapidJSON).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/json.h"

#include <rapidjson/encodedstream.h>
#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "puzzles/input_error.h"

namespace gridmilp::app {
namespace {

/// Strings must be valid UTF-8 (the JSON standard's encoding); the parser keeps its own
/// stack (no recursion, so no stack overflow on deep nesting). Numbers are read by
/// RapidJSON's normal-precision path: a number of at most 15 significant digits with a
/// decimal exponent within ±22 (every number the page, the CLI and the API write, e.g.
/// a weight of 0.1 or a time limit of 2.5e3) is a product or quotient of two exact
/// doubles, so it is the double nearest its text (Clinger's fast path, "How to read
/// floating point numbers accurately", PLDI 1990); a longer one is within a few units in
/// the last place. Not the full-precision path (kParseFullPrecisionFlag): in RapidJSON
/// 1.1.0 it passes zero to __builtin_clzll for "0e40" (undefined: a random value on x86)
/// and misreads "0.000…0" with more than 22 zeros (Tencent/rapidjson#1249, #1441; found
/// here by fuzz_request, docs/fuzzing.md). Not the text to std::strtod either: musl's
/// strtod weighed 4.5 KB of gzip in the page's first-solve module.
constexpr unsigned kParseFlags =
    rapidjson::kParseValidateEncodingFlag | rapidjson::kParseIterativeFlag;

/// Passes the reader's SAX events on to a Document and stops at a string (or key) that
/// is not valid UTF-8. kParseValidateEncodingFlag checks the bytes of the text, but
/// RapidJSON 1.1.0 decodes an escaped lone low surrogate ("\udc00") to bytes no UTF-8
/// text holds (Tencent/rapidjson#1738, fixed after 1.1.0).
struct Utf8CheckingHandler {
  rapidjson::Document& document;

  /// RapidJSON's own UTF-8 validation, over a decoded string.
  static bool valid(const char* text, rapidjson::SizeType length) {
    struct Discard {
      void Put(char) {}
    } discard;
    rapidjson::MemoryStream in(text, length);
    while (in.Tell() < length) {
      if (!rapidjson::UTF8<>::Validate(in, discard)) return false;
    }
    return true;
  }
  bool Null() { return document.Null(); }
  bool Bool(bool b) { return document.Bool(b); }
  bool Int(int i) { return document.Int(i); }
  bool Uint(unsigned u) { return document.Uint(u); }
  bool Int64(std::int64_t i) { return document.Int64(i); }
  bool Uint64(std::uint64_t u) { return document.Uint64(u); }
  /// A number that is not a whole number in int64 or uint64 range. Past the doubles'
  /// range (1.8e308 reads as infinity) it stops the reader (`tooBig`); RapidJSON refuses
  /// an exponent past 308 itself.
  bool Double(double d) {
    if (!std::isfinite(d)) {
      tooBig = true;
      return false;
    }
    return document.Double(d);
  }
  /// Not called: numbers come as numbers (kParseNumbersAsStringsFlag is off).
  bool RawNumber(const char*, rapidjson::SizeType, bool) { return false; }
  bool tooBig = false;  ///< a number past the doubles' range stopped the reader
  bool String(const char* s, rapidjson::SizeType n, bool copy) {
    return valid(s, n) && document.String(s, n, copy);
  }
  bool StartObject() { return document.StartObject(); }
  bool Key(const char* s, rapidjson::SizeType n, bool copy) {
    return valid(s, n) && document.Key(s, n, copy);
  }
  bool EndObject(rapidjson::SizeType members) { return document.EndObject(members); }
  bool StartArray() { return document.StartArray(); }
  bool EndArray(rapidjson::SizeType elements) { return document.EndArray(elements); }
};

/// Throws the bad_request for `text` that is not JSON: RapidJSON's reason `code` at byte
/// `offset`, given as line and column (code points) for people.
[[noreturn]] void throwNotJson(std::string_view text, std::size_t offset,
                               rapidjson::ParseErrorCode code, std::string_view subject) {
  int line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  int column = 1;  // code points: every byte that does not continue a UTF-8 sequence
  for (std::size_t i = line_start; i < offset && i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;
  }
  throw InputError(ErrorCode::kBadRequest, std::string(subject) + " is not valid JSON: line " +
                                               std::to_string(line) + ", column " +
                                               std::to_string(column) + ": " +
                                               rapidjson::GetParseError_En(code));
}

}  // namespace

rapidjson::Document parseJson(std::string_view text, std::string_view subject) {
  rapidjson::Document document;
  rapidjson::Reader reader;
  rapidjson::MemoryStream bytes(text.data(), text.size());
  rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream> in(
      bytes);  // skips a BOM
  bool too_big = false;
  auto parse = [&](rapidjson::Document& target) {
    Utf8CheckingHandler handler{target};
    const bool ok = !reader.Parse<kParseFlags>(in, handler).IsError();
    too_big = handler.tooBig;
    return ok;
  };
  document.Populate(parse);
  if (reader.HasParseError()) {
    // Only the handler stops the reader: at a string that is not UTF-8, or at a number
    // past the doubles' range.
    const rapidjson::ParseErrorCode code = reader.GetParseErrorCode();
    throwNotJson(text, reader.GetErrorOffset(),
                 code != rapidjson::kParseErrorTermination ? code
                 : too_big                                 ? rapidjson::kParseErrorNumberTooBig
                           : rapidjson::kParseErrorStringInvalidEncoding,
                 subject);
  }
  // RapidJSON reads a NUL byte as the end of the text; here it is text after the value.
  if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos) {
    throwNotJson(text, nul, rapidjson::kParseErrorDocumentRootNotSingular, subject);
  }
  return document;
}

std::string validUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  std::size_t k = 0;
  while (k < text.size()) {
    const unsigned char lead = byte(k);
    // The sequence's length and its second byte's range (RFC 3629 §4: no overlong forms,
    // no surrogates, nothing past U+10FFFF).
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;
    if (lead < 0x80) {
      length = 1;
    } else if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;
      if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;
      if (lead == 0xF4) high = 0x8F;
    }
    bool valid = length > 0 && k + length <= text.size();
    for (std::size_t j = 1; valid && j < length; ++j) {
      const unsigned char b = byte(k + j);
      valid = j == 1 ? b >= low && b <= high : b >= 0x80 && b <= 0xBF;
    }
    if (valid) {
      out.append(text.substr(k, length));
      k += length;
    } else {
      out += "\xEF\xBF\xBD";
      ++k;
    }
  }
  return out;
}

std::string writeJson(const rapidjson::Value& value) {
  // Room for a 9×9 solve's response at once (RapidJSON starts at 256 bytes and grows
  // by half: four reallocations for a typical response), and one allocator for the
  // buffer and the writer's stack (without one, each allocates an allocator).
  rapidjson::CrtAllocator allocator;
  rapidjson::StringBuffer buffer(&allocator, 2048);
  rapidjson::Writer<rapidjson::StringBuffer, rapidjson::UTF8<>, rapidjson::UTF8<>,
                    rapidjson::CrtAllocator, rapidjson::kWriteValidateEncodingFlag>
      writer(buffer, &allocator);
  if (!value.Accept(writer)) {
    throw std::runtime_error(
        "Cannot write JSON: a string is not valid UTF-8 or a number is "
        "not finite");
  }
  return std::string(buffer.GetString(), buffer.GetSize());
}

const rapidjson::Value* findMember(const rapidjson::Value& object, std::string_view name) {
  if (!object.IsObject()) return nullptr;
  const rapidjson::Value* found = nullptr;
  for (const auto& member : object.GetObject()) {
    if (std::string_view(member.name.GetString(), member.name.GetStringLength()) == name) {
      found = &member.value;
    }
  }
  return found;
}

rapidjson::Value jsonNumber(double value) {
  return std::isfinite(value) ? rapidjson::Value(value) : rapidjson::Value();
}

}  // namespace gridmilp::app
