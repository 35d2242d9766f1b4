// gridmilp — reading the fields of a request, for the service's handlers.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <cmath>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "app/json.h"
#include "app/service.h"
#include "milp/model.h"
#include "puzzles/input_error.h"
#include "puzzles/sudoku/grid.h"

namespace gridmilp::app {

using Clock = std::chrono::steady_clock;
using rapidjson::Value;

/// Milliseconds since `start`.
double msSince(Clock::time_point start);

/// Reads an optional field of type T (bool, int: a whole number in int's range, also
/// when written as a double such as 1e9; double: any number; std::string): absent or
/// null gives `fallback`; another type or a whole number out of int's range throws
/// bad_request naming the field (`path` + `name`) and what it must be (`type_name`).
template <typename T>
T optionalField(const Value& object, const char* name, T fallback, const char* type_name,
                const std::string& path) {
  const Value* value = findMember(object, name);
  if (value == nullptr || value->IsNull()) return fallback;
  const std::string field = path + name;
  if constexpr (std::is_same_v<T, bool>) {
    if (value->IsBool()) return value->GetBool();
  } else if constexpr (std::is_same_v<T, int>) {
    if (value->IsInt()) return value->GetInt();
    // 1e9 is a whole number too, though JSON writes it as a double.
    const bool whole = value->IsInt64() || value->IsUint64() ||
                       (value->IsDouble() && std::isfinite(value->GetDouble()) &&
                        std::trunc(value->GetDouble()) == value->GetDouble());
    if (whole && value->IsDouble() && std::abs(value->GetDouble()) <= 2147483647.0) {
      return static_cast<int>(value->GetDouble());
    }
    if (whole) {
      throw badRequest(
          field, "Field '" + field + "' must be " + type_name + " from -2147483648 to 2147483647");
    }
  } else if constexpr (std::is_same_v<T, double>) {
    if (value->IsNumber()) return value->GetDouble();
  } else {
    static_assert(std::is_same_v<T, std::string>);
    if (value->IsString()) return std::string(value->GetString(), value->GetStringLength());
  }
  throw badRequest(field, "Field '" + field + "' must be " + type_name);
}

/// Reads an optional whole number from `low` to `high` (also when written as a double,
/// such as 1e9): absent or null gives `fallback`; anything else throws bad_request
/// naming the field (`path` + `name`) and the range.
inline int wholeNumberIn(const Value& object, const char* name, int fallback, int low, int high,
                         const std::string& path) {
  const Value* value = findMember(object, name);
  if (value == nullptr || value->IsNull()) return fallback;
  const double number = value->IsNumber() ? value->GetDouble() : std::nan("");
  if (!(number >= low && number <= high) || std::trunc(number) != number) {
    const std::string field = path + name;
    throw badRequest(field, "Field '" + field + "' must be a whole number from " +
                                std::to_string(low) + " to " + std::to_string(high));
  }
  return static_cast<int>(number);
}

/// `text` without a leading UTF-8 byte-order mark (U+FEFF, which Windows editors write
/// at the start of a file), else `text` itself.
std::string_view withoutByteOrderMark(std::string_view text);

/// A required string field, without a leading byte-order mark (a puzzle's text pasted
/// or read from a file); throws bad_request naming it when absent or not a string.
std::string requiredString(const Value& object, const char* name);

/// An optional object field (an empty object when absent or null); throws
/// bad_request when it is something else.
const Value& optionalObject(const Value& object, const char* name);

/// The MILP options of a request's "options" and "debug" objects (protocol.md):
/// timeLimitMs, presolve, branching, backtracking, method, recordBranching and
/// debug.forceGlpkError. Throws bad_request naming the field at fault.
milp::SolveOptions solveOptionsOf(const Value& request);

/// Sends `{"id": id, "progress": progress}` to `sink`; `progress` is allocated from
/// `message`, which becomes the message.
void sendProgress(const ProgressSink& sink, const Value& id, rapidjson::Document& message,
                  Value& progress);

/// Adds `branching` ([{node, parent, depth, variable, lpValue}], `names[k]` the name of
/// decision k's variable) and `incumbentNodes` to a solve result, when the solve
/// recorded its branching (options.recordBranching; protocol.md, "solve").
void addBranching(const milp::SolveResult& solve, const std::vector<std::string>& names,
                  Value& result, JsonAllocator& a);

/// The body of a branch-and-bound progress message (protocol.md, "solve"): {phase,
/// nodes, activeNodes, depth, incumbent, bestBound, gap, elapsedMs}.
Value branchAndBoundProgress(const milp::SolveProgress& p, JsonAllocator& a);

/// A string with static storage (the names of enum values): referenced, not copied.
Value staticString(std::string_view text);

/// A one-symbol string ("5", "A") for a cell value (sudoku::symbolFor).
Value symbolString(int value, JsonAllocator& a);

/// Adds size, boxHeight and boxWidth of a Sudoku shape to `out`.
void putShape(Value& out, sudoku::Shape shape, JsonAllocator& a);

/// Throws InputError(solver_error) with GLPK's message when the solve failed.
void requireSolverOk(const milp::SolveResult& result);

}  // namespace gridmilp::app
