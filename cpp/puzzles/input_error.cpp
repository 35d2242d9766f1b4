// gridmilp — errors in user input.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/input_error.h"

#include <cstddef>

#include "protocol/vocabulary.h"

namespace gridmilp {

const char* toString(ErrorCode code) {
  // The protocol's words, in the enum's order (protocol/vocabulary.json, "errorCodes");
  // each a literal, so data() ends in a NUL.
  static_assert(vocabulary::kErrorCodes.size() ==
                static_cast<std::size_t>(ErrorCode::kOutOfMemory) + 1);
  return vocabulary::kErrorCodes[static_cast<std::size_t>(code)].data();
}

std::string utf8CharacterAt(std::string_view text, std::size_t at) {
  if (at >= text.size()) return {};
  std::size_t n = utf8Length(static_cast<unsigned char>(text[at]));
  if (at + n > text.size()) n = 1;
  for (std::size_t k = 1; k < n; ++k) {
    if ((static_cast<unsigned char>(text[at + k]) & 0xC0) != 0x80) n = 1;
  }
  return std::string(text.substr(at, n));
}

std::vector<std::string> utf8Characters(std::string_view text) {
  std::vector<std::string> out;
  for (std::size_t at = 0; at < text.size();) {
    out.push_back(utf8CharacterAt(text, at));
    at += out.back().size();
  }
  return out;
}

}  // namespace gridmilp
