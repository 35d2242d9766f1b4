// gridmilp — errors in user input.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/input_error.h"

namespace gridmilp {

const char* toString(ErrorCode code) {
  switch (code) {
    case ErrorCode::kBadRequest:
      return "bad_request";
    case ErrorCode::kParseError:
      return "parse_error";
    case ErrorCode::kWrongLength:
      return "wrong_length";
    case ErrorCode::kConflictingGivens:
      return "conflicting_givens";
    case ErrorCode::kEmptyInput:
      return "empty_input";
    case ErrorCode::kSolverError:
      return "solver_error";
    case ErrorCode::kInternalError:
      return "internal_error";
    case ErrorCode::kAmbiguousSize:
      return "ambiguous_size";
  }
  return "internal_error";
}

}  // namespace gridmilp
