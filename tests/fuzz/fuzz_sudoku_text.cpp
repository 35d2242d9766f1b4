// libFuzzer target: the Sudoku text parser (sudoku::parseText), the reader of every
// pasted, typed or loaded Sudoku text.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The first byte picks the parse options a caller may give (size, box shape, symbol
// set); the rest is the text. Bad text must raise InputError and nothing else; a parsed
// puzzle must print back to a line the parser reads to the same givens.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "puzzles/input_error.h"
#include "puzzles/sudoku/text.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  using namespace gridmilp;
  sudoku::ParseOptions options;
  const std::uint8_t pick = data[0];
  static constexpr int kSizes[] = {0, 0, 4, 6, 9, 12, 16, 25};
  options.size = kSizes[pick & 7];
  options.symbols = static_cast<sudoku::Symbols>((pick >> 3) & 3);
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    const sudoku::ParsedText parsed = sudoku::parseText(text, options);
    for (const sudoku::ParsedPuzzle& p : parsed.puzzles) {
      const sudoku::ParsedText again = sudoku::parseText(p.grid.toLine(), parsed.shape);
      if (again.puzzles.size() != 1 || again.puzzles[0].grid.toLine() != p.grid.toLine()) {
        std::abort();  // a parsed puzzle that does not read back
      }
    }
  } catch (const InputError&) {
    // Bad input, reported with a message: what the parser must do.
  }
  return 0;
}
