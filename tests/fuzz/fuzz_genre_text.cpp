// libFuzzer target: every genre's text parser as the page, the CLI and the npm API call
// it (parsePuzzles: janko-style records, plain digit grids, puzz.link URLs, Saito's
// layout).
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The first byte picks the genre (its low 7 bits, modulo the number of genres, in the
// registry's order) and whether the caller names a size (its high bit); the rest is the
// text. Bad text must raise InputError and nothing else; a parsed puzzle must write
// back (formatPuzzle) to a text the genre reads again.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "puzzles/common/puzzlink.h"
#include "puzzles/common/registry.h"
#include "puzzles/input_error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  using namespace gridmilp;
  const auto genres = puzzles::allGenres();
  const puzzles::Genre& genre = *genres[(data[0] & 0x7f) % genres.size()];
  const int size_given = (data[0] & 0x80) != 0 ? 9 : 0;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    for (const auto& puzzle : puzzles::parsePuzzles(genre, text, size_given)) {
      const std::string written = genre.formatPuzzle(*puzzle);
      if (genre.parse(written, 0).size() != 1) std::abort();  // does not read back
    }
  } catch (const InputError&) {
    // Bad input, reported with a message.
  }
  return 0;
}
