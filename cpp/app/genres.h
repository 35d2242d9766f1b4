// gridmilp — the service's requests for any genre (protocol.md, "Genres").
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

#include "app/json.h"
#include "app/request.h"
#include "app/service.h"
#include "puzzles/common/board.h"
#include "puzzles/common/formulation.h"
#include "puzzles/common/genre.h"

namespace gridmilp::app {

/// Answers a parse, solve, checkUniqueness, enumerate, relax, exportModel,
/// formulation or board request of any genre (protocol.md, "Genres"). Throws
/// InputError for bad input; bad_request for a request type the genre route lacks.
Value handleGenreRequest(const std::string& type, const Value& request, const Value& id,
                         const ProgressSink& progress, Clock::time_point start, JsonAllocator& a);

/// A board description as JSON: {rows, columns, items: [{kind, row, column, text?,
/// value?, style?, cells?, to?}]} in doubled coordinates (board.h).
Value toJson(const puzzles::Board& board, JsonAllocator& a);

/// A formulation as JSON: {genre, model?, notes: [{kind, text}], variables, objective,
/// groups: [{id, title, tex, technique, pattern?, rows: [{name, cells: [[row, column],
/// …], at?}]}], rows, columns, nonzeros}; cells 1-based (protocol.md, "formulation").
Value toJson(const puzzles::Formulation& formulation, const puzzles::RectGrid& grid,
             JsonAllocator& a);

}  // namespace gridmilp::app
