// gridmilp — errors in user input (puzzle text, requests).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gridmilp {

/// A cell position, 1-based as shown to users ("row 3, column 7").
struct CellRef {
  int row = 0;
  int column = 0;
};

/// Where in the input an error is. Every field is optional; lines and columns are
/// 1-based, columns count code points of the line.
struct Where {
  std::optional<int> puzzle;  ///< 1-based index of the puzzle in a multi-puzzle text
  std::optional<int> line;
  std::optional<int> column;
  std::optional<std::string> character;  ///< the offending character, as UTF-8
  std::vector<CellRef> cells;
  std::optional<std::string> field;  ///< request field, for bad_request
};

/// Error codes of the protocol (cpp/app/protocol.md). New codes go at the end.
enum class ErrorCode {
  kBadRequest,
  kParseError,
  kWrongLength,
  kConflictingGivens,
  kEmptyInput,
  kSolverError,
  kInternalError,
  kAmbiguousSize,
  kOutOfMemory,  ///< the engine could not allocate what a request needs (service.h)
};

/// The protocol's name of a code ("parse_error").
const char* toString(ErrorCode code);

/// Thrown for bad user input. The message says what and where in words, so it can
/// be shown as it is ("line 3, column 7: unexpected 'x'"); `where` carries the same
/// location as data.
class InputError : public std::runtime_error {
 public:
  InputError(ErrorCode code, const std::string& message, Where where = {})
      : std::runtime_error(message), code_(code), where_(std::move(where)) {}
  ErrorCode code() const { return code_; }
  const Where& where() const { return where_; }
  Where& where() { return where_; }

 private:
  ErrorCode code_;
  Where where_;
};

/// A record (or a URL's line) of a text of many that could not be read and was left
/// out, the others read: puzzles::parsePuzzlesSkipping and puzzles::sudokuRecordsOfUrls
/// list them, and `parse` answers them as `refused` (protocol.md; app::toJson).
struct RefusedRecord {
  std::string name;  ///< the first word of its header (`url-N` for a text's N-th URL)
  int line = 0;      ///< its header's (or URL's) line, 1-based
  int lines = 0;     ///< the lines up to the next header (or the end); 1 for a URL
  InputError error;  ///< why (its lines and columns are the whole text's)
  /// A URL's genre when its host and genre could be read (a body refused, a genre other
  /// than the one asked for), gridmilp's id; empty otherwise (a record, a line that is
  /// not a URL, a genre gridmilp does not solve).
  std::string genre;
};

/// Length in bytes of the UTF-8 sequence starting with byte `lead` (1 for invalid
/// bytes, so that reading always advances).
inline std::size_t utf8Length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if ((lead >> 5) == 0x6) return 2;
  if ((lead >> 4) == 0xE) return 3;
  if ((lead >> 3) == 0x1E) return 4;
  return 1;
}

/// The characters of a UTF-8 text, each as its bytes (1 to 4; a byte that starts no
/// valid sequence is one character alone), so that rows and columns count characters
/// as a person sees them ("é" is one cell, not two), as records.h's tokens do.
std::vector<std::string> utf8Characters(std::string_view text);

/// The character (its 1 to 4 bytes) that starts at byte `at` of `text`, for
/// Where::character; empty past the end.
std::string utf8CharacterAt(std::string_view text, std::size_t at);

/// `noun` after "a " or, when it starts with a vowel, "an " ("an Akari (Light Up)", "a
/// Kakuro"): for messages that name a genre by its title or id.
inline std::string withArticle(std::string_view noun) {
  const bool vowel =
      !noun.empty() && std::string_view("AEIOUaeiou").find(noun.front()) != std::string_view::npos;
  return (vowel ? "an " : "a ") + std::string(noun);
}

/// A bad_request error naming the request field ("options.timeLimitMs").
inline InputError badRequest(const std::string& field, const std::string& message) {
  Where where;
  where.field = field;
  return InputError(ErrorCode::kBadRequest, message, where);
}

/// The page's first-solve WASM module's refusal of a request for code it leaves out to
/// stay small (`what`: "the generator"), naming the module that has it; `field` is the
/// request field that asked for it. A bad_request error.
inline InputError leftOutToStaySmall(const std::string& field, const std::string& what) {
  return badRequest(field, "This module leaves " + what +
                               " out to stay small: the module with the SAT method, "
                               "gridmilp_wasm_sat, has it");
}

}  // namespace gridmilp
