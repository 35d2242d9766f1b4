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

}  // namespace gridmilp
