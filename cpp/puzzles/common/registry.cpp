// gridmilp — the registry of genres.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/common/registry.h"

#include "protocol/vocabulary.h"
#include "puzzles/akari/akari.h"
#include "puzzles/heyawake/heyawake.h"
#include "puzzles/hitori/hitori.h"
#include "puzzles/hyper/hyper.h"
#include "puzzles/jigsaw/jigsaw.h"
#include "puzzles/kakuro/kakuro.h"
#include "puzzles/killer/killer.h"
#include "puzzles/kuromasu/kuromasu.h"
#include "puzzles/latin_square/latin_square.h"
#include "puzzles/norinori/norinori.h"
#include "puzzles/nurikabe/nurikabe.h"
#include "puzzles/shikaku/shikaku.h"
#include "puzzles/slitherlink/slitherlink.h"
#include "puzzles/star_battle/star_battle.h"
#include "puzzles/sudoku/genre.h"
#include "puzzles/sudoku_x/sudoku_x.h"

namespace gridmilp::puzzles {

const std::vector<const Genre*>& allGenres() {
  static const std::vector<const Genre*> genres = {
      &sudokuGenre(),   &killerGenre(),      &jigsawGenre(),   &sudokuXGenre(),
      &hyperGenre(),    &latinSquareGenre(), &hitoriGenre(),   &starBattleGenre(),
      &heyawakeGenre(), &akariGenre(),       &shikakuGenre(),  &slitherlinkGenre(),
      &kakuroGenre(),   &nurikabeGenre(),    &norinoriGenre(), &kuromasuGenre(),
  };
  return genres;
}

const Genre* findGenre(std::string_view id) {
  // puzz.link's ids (pzprjs's pids) where gridmilp's differ (protocol/vocabulary.json).
  for (const vocabulary::GenreName& name : vocabulary::kGenres) {
    if (!name.alias.empty() && id == name.alias) id = name.id;
  }
  for (const Genre* genre : allGenres()) {
    if (genre->id() == id) return genre;
  }
  return nullptr;
}

std::string genreList() {
  std::string out;
  for (const Genre* genre : allGenres()) {
    if (!out.empty()) out += ", ";
    out += genre->id();
  }
  return out;
}

std::string boxGenreTitles() {
  std::string out;
  for (const vocabulary::GenreName& name : vocabulary::kGenres) {
    if (name.boxes) (out += out.empty() ? "" : ", ") += name.title;
  }
  return out;
}

std::string aliasList() {
  std::string out;
  for (const vocabulary::GenreName& name : vocabulary::kGenres) {
    if (name.alias.empty()) continue;
    out += (out.empty() ? "" : ", ") + std::string(name.alias) + " (" + std::string(name.id) + ")";
  }
  return out;
}

const Genre& genreById(std::string_view id) {
  if (const Genre* genre = findGenre(id)) return *genre;
  throw badRequest("genre", "Unknown genre '" + std::string(id) + "': one of " + genreList() +
                                ", or puzz.link's names " + aliasList());
}

}  // namespace gridmilp::puzzles
