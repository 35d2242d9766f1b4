// gridmilp — the service's requests for any genre.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/genres.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "app/explain_request.h"
#include "app/model_row.h"
#include "app/sudoku_request.h"
#include "milp/glpk_backend.h"
#include "protocol/vocabulary.h"
#include "puzzles/common/digits.h"
#include "puzzles/common/explain.h"
#include "puzzles/common/generate.h"
#include "puzzles/common/puzzlink.h"
#include "puzzles/common/registry.h"
#include "puzzles/common/search.h"
#include "puzzles/sudoku/genre.h"

namespace gridmilp::app {
namespace {

using puzzles::Answer;
using puzzles::Genre;
using puzzles::Puzzle;
using rapidjson::StringRef;

/// Largest `limit` of an enumerate request.
constexpr int kMaxGenreEnumerate = 100000;
/// Largest `limit` of an enumerate request with `boards` (each answer's board drawn).
constexpr int kMaxDrawnAnswers = 1000;

/// A genre request, decoded once: every field the handlers use, checked.
struct GenreRequest {
  const Genre* genre = nullptr;
  /// Whether the request named its genre; without one, a parse of a text of URLs reads
  /// each URL as its own genre's puzzle (a file of URLs of several genres).
  bool genreGiven = false;
  std::string text;
  int size = 0;
  int index = 0;     ///< 1-based puzzle of the text; 0: the text must hold one
  std::string name;  ///< the puzzle's name when the text was cut from a larger one
  puzzles::BuildOptions build;
  milp::SolveOptions solve;
  int limit = 10;  ///< enumerate: answers (default 10); explainInfeasible: sets (default 3)
  std::string format = "lp";
  /// exportModel: solve with the re-solve loop first and export the model with its cuts.
  bool afterCuts = false;
  std::uint32_t seed = 1;
  /// solve: write the board into the result (false: a batch that keeps only the answers).
  bool board = true;
  /// enumerate: draw each answer's board (a page that shows them one by one).
  bool boards = false;
  /// board, digit genres: digits to draw as solved, one per cell row by row (0 empty).
  std::optional<std::vector<int>> answer;
  /// formulation: a row to describe besides the groups (app/model_row.h).
  std::optional<std::string> row;
  /// "boxHeight", "boxWidth": the boxes of a genre with boxes, when not the usual ones
  /// (0: the usual, or the other side's complement).
  int boxHeight = 0;
  int boxWidth = 0;
  /// "objective" (digit genres; solve, relax, exportModel, formulation).
  std::optional<ObjectiveRequest> objective;
};

GenreRequest decode(const std::string& type, const Value& request) {
  GenreRequest out;
  if (type == "generate") {
    out.text = optionalField<std::string>(request, "puzzle", "", "a string", "");
  } else if (type != "parse") {
    out.text = requiredString(request, "puzzle");
  } else {
    out.text = requiredString(request, "text");
  }
  // Without a "genre", a text of puzz.link URLs names its own.
  const Value* genre_field = findMember(request, "genre");
  out.genreGiven = genre_field != nullptr && !genre_field->IsNull();
  const std::optional<std::string> url_genre =
      out.genreGiven ? std::nullopt : puzzles::urlTextGenre(out.text);
  const std::string genre =
      out.genreGiven ? optionalField<std::string>(request, "genre", "sudoku", "a string", "")
                     : url_genre.value_or("sudoku");
  out.genre = &puzzles::genreById(genre);
  const Value* size = findMember(request, "size");
  if (size != nullptr && !size->IsNull() && !(size->IsString() && *size == "auto")) {
    if (!size->IsInt() || size->GetInt() < 1 || size->GetInt() > puzzles::kMaxSide) {
      throw badRequest("size", "Field 'size' must be a whole number from 1 to " +
                                   std::to_string(puzzles::kMaxSide) + " or \"auto\"");
    }
    out.size = size->GetInt();
  }
  out.index = optionalField<int>(request, "index", 0, "a whole number", "");
  out.name = optionalField<std::string>(request, "name", "", "a string", "");
  out.board = optionalField<bool>(request, "board", true, "true or false", "");
  out.boards = optionalField<bool>(request, "boards", false, "true or false", "");
  // board: digits to draw as solved (other request types leave the field alone, as
  // they do any field they do not take).
  const Value* answer = findMember(request, "answer");
  if (answer != nullptr && !answer->IsNull() && type == "board") {
    if (!answer->IsArray()) throw badRequest("answer", "Field 'answer' must be an array of digits");
    std::vector<int> cells;
    for (const Value& cell : answer->GetArray()) {
      const bool whole =
          cell.IsInt() || (cell.IsDouble() && cell.GetDouble() >= -1e6 && cell.GetDouble() <= 1e6 &&
                           cell.GetDouble() == std::floor(cell.GetDouble()));
      if (!whole) throw badRequest("answer", "Field 'answer' must hold whole numbers only");
      cells.push_back(cell.IsInt() ? cell.GetInt() : static_cast<int>(cell.GetDouble()));
    }
    out.answer = std::move(cells);
  }
  if (out.index < 0) throw badRequest("index", "Field 'index' must be 1 or more");
  // Without a "genre", 'index' counts every URL's puzzle of a text of URLs, each of its
  // own genre, as `parse` lists them: the request takes the genre of the one it names.
  if (url_genre && out.index > 0) {
    const puzzles::ParsedPuzzles all =
        puzzles::parsePuzzlesSkipping(*out.genre, out.text, out.size, false, true);
    if (out.index <= static_cast<int>(all.genres.size())) out.genre = all.genres[out.index - 1];
  }
  out.boxHeight = wholeNumberIn(request, "boxHeight", 0, 1, puzzles::kMaxSide, "");
  out.boxWidth = wholeNumberIn(request, "boxWidth", 0, 1, puzzles::kMaxSide, "");
  out.objective = objectiveOf(request);
  if (out.objective && type != "solve" && type != "relax" && type != "exportModel" &&
      type != "formulation") {
    throw badRequest("objective",
                     "Field 'objective' is for solve, relax, exportModel and "
                     "formulation, not " +
                         type);
  }
  const Value& options = optionalObject(request, "options");
  // The model named, or (below, once the method is known) the genre's default for it.
  out.build.model = optionalField<std::string>(options, "model", "", "a string", "options.");
  out.solve = solveOptionsOf(request);
  // Fast by default: GLPK's CNF-SAT route where it is linked in and the request names
  // no method (the genres have no objective to optimise).
  // The packing model maximises the digits placed, Kuromasu's big-m has integer run
  // lengths: branch-and-bound only.
  const bool packing = out.build.model == "packing";
  const bool integer = !out.build.model.empty() && out.genre->needsBranchAndBound(out.build.model);
  if (integer && findMember(options, "method") && out.solve.method == milp::Method::kSat) {
    throw badRequest(
        "options.method",
        packing ? "The packing model maximises the digits placed: it needs the "
                  "branch-and-bound method, not sat (CNF-SAT finds any solution)"
                : "The " + out.build.model + " model of " + std::string(out.genre->title()) +
                      " has integer variables that are not 0-1: it needs the "
                      "branch-and-bound method, not sat (CNF-SAT takes 0-1 models only)");
  }
  if (packing && out.objective) {
    throw badRequest("objective",
                     "The packing model has its own objective (the digits placed): choose "
                     "another model for an objective");
  }
  if (out.objective && findMember(options, "method") && out.solve.method == milp::Method::kSat) {
    throw badRequest("options.method",
                     "An objective needs the branch-and-bound method, not sat (CNF-SAT finds "
                     "any solution and ignores the objective)");
  }
  if (!integer && !out.objective && !findMember(options, "method") && milp::satMethodEnabled() &&
      !out.solve.recordBranching) {
    out.solve.method = milp::Method::kSat;
  }
  if (out.build.model.empty()) out.build.model = out.genre->defaultModel(out.solve.method);
  out.solve.progressIntervalMs =
      optionalField<double>(options, "progressIntervalMs", 50.0, "a number of ms", "options.");
  // enumerate: answers to list (default 10); explainInfeasible: sets of the fewest size.
  out.limit = type == "explainInfeasible"
                  ? wholeNumberIn(request, "limit", 3, 1, 100, "")
                  : wholeNumberIn(request, "limit", 10, 1,
                                  out.boards ? kMaxDrawnAnswers : kMaxGenreEnumerate, "");
  const Value* seed = findMember(request, "seed");
  if (seed != nullptr && !seed->IsNull()) {
    if (!seed->IsInt64() || seed->GetInt64() < 0 || seed->GetInt64() > 4294967295LL) {
      throw badRequest("seed", "Field 'seed' must be a whole number from 0 to 4294967295");
    }
    out.seed = static_cast<std::uint32_t>(seed->GetInt64());
  }
  out.format = optionalField<std::string>(request, "format", "lp", "a string", "");
  if (out.format != "lp" && out.format != "mps") {
    throw badRequest("format", "Field 'format' must be lp (CPLEX LP) or mps (free MPS)");
  }
  out.afterCuts = optionalField<bool>(options, "afterCuts", false, "true or false", "options.");
  if (type == "formulation") out.row = rowNameOf(request);
  return out;
}

/// The request's boxes (boxHeight, boxWidth) on a puzzle of a genre with boxes; the
/// givens checked again for clashes in the new boxes unless `as_given`. Throws
/// InputError (bad_request) for a genre without boxes or sides that do not tile.
void setRequestedBoxes(const GenreRequest& r, Puzzle* puzzle, bool as_given) {
  if (r.boxHeight == 0 && r.boxWidth == 0) return;
  auto* digits = dynamic_cast<puzzles::DigitPuzzle*>(puzzle);
  if (digits == nullptr || digits->boxHeight == 0) {
    throw badRequest(r.boxHeight != 0 ? "boxHeight" : "boxWidth",
                     "Fields 'boxHeight' and 'boxWidth' are for the genres with boxes (" +
                         puzzles::boxGenreTitles() + "), not " + std::string(r.genre->title()));
  }
  puzzles::setBoxes(*digits, r.genre->title(), r.boxHeight, r.boxWidth);
  if (!as_given) puzzles::requireNoConflict(*digits);
}

/// The build options of a request for `puzzle`: the request's, with its objective's
/// weights (a preset's made for the puzzle's side). Throws InputError (bad_request) for
/// an objective on a genre without digits, or a firstRow objective above 12×12.
puzzles::BuildOptions buildOptionsFor(const GenreRequest& r, const Puzzle& puzzle) {
  puzzles::BuildOptions options = r.build;
  if (!r.objective) return options;
  const auto* digits = dynamic_cast<const puzzles::DigitPuzzle*>(&puzzle);
  if (digits == nullptr) {
    throw badRequest("objective",
                     "Field 'objective' is for the digit genres (Sudoku and its "
                     "variants, the Latin square), not " +
                         std::string(r.genre->title()));
  }
  const sudoku::CellObjective cells = r.objective->cellObjective(sudoku::Shape{1, digits->n});
  using Preset = puzzles::DigitObjective::Preset;
  puzzles::DigitObjective objective{cells.sense, cells.weights, Preset::kNone};
  if (r.objective->kind == ObjectiveRequest::Kind::kDiagonal) objective.preset = Preset::kDiagonal;
  if (r.objective->kind == ObjectiveRequest::Kind::kFirstRow) objective.preset = Preset::kFirstRow;
  options.objective = std::move(objective);
  return options;
}

/// The one puzzle a request names: the text's only puzzle, or its puzzle `index` (among
/// the records that parse, as `parse` lists them: parsePuzzlesSkipping). With
/// `as_given`, clashing givens are kept (Genre::parseAsGiven).
std::unique_ptr<Puzzle> onePuzzle(const GenreRequest& r, bool as_given = false) {
  // Without a "genre", a text of URLs is read as `parse` reads it, each URL as its own
  // genre, so that 'index' names the same puzzle (decode took its genre).
  puzzles::ParsedPuzzles parsed =
      puzzles::parsePuzzlesSkipping(*r.genre, r.text, r.size, as_given, !r.genreGiven);
  std::vector<std::unique_ptr<Puzzle>>& all = parsed.puzzles;
  if (!r.name.empty()) {
    for (auto& p : all) {
      if (p->header.empty()) p->name = r.name;  // a record's header names it already
      // A URL sent alone is always "url-1": the caller's name (its place in a longer
      // text) replaces that.
      if (p->header.rfind("url-", 0) == 0) {
        // "url-1 source=…" from a URL; a record the user named "url-1" has no more.
        const std::size_t rest = std::min(p->header.find(' '), p->header.size());
        p->header = r.name + p->header.substr(rest);
        p->name = r.name;
      }
    }
  }
  for (auto& p : all) setRequestedBoxes(r, p.get(), as_given);
  if (r.index > 0) {
    if (r.index > static_cast<int>(all.size())) {
      // Records left out do not count (protocol.md, index): say which, and why.
      std::string left_out;
      for (const auto& k : parsed.refused) {
        left_out +=
            (left_out.empty() ? "; left out, not counted: " : "; ") + std::string(k.error.what());
      }
      throw badRequest("index", "Field 'index' is " + std::to_string(r.index) +
                                    ", but the text holds " + std::to_string(all.size()) +
                                    " puzzle" + (all.size() == 1 ? "" : "s") + " that read" +
                                    left_out);
    }
    if (parsed.genres[r.index - 1] != r.genre) {
      throw badRequest("index", "Field 'index' is " + std::to_string(r.index) +
                                    ": a puzzle of genre '" +
                                    std::string(parsed.genres[r.index - 1]->id()) +
                                    "'; send it alone or with its 'genre'");
    }
    return std::move(all[r.index - 1]);
  }
  if (all.size() != 1) {
    Where where;
    where.line = all[1]->line;
    throw InputError(ErrorCode::kWrongLength,
                     "The text holds " + std::to_string(all.size()) +
                         " puzzles; a request solves one (send 'index', or each puzzle alone)",
                     where);
  }
  return std::move(all.front());
}

Value stringArray(const std::vector<std::string>& items, JsonAllocator& a) {
  Value out(rapidjson::kArrayType);
  for (const std::string& item : items) out.PushBack(jsonString(item, a), a);
  return out;
}

Value intArray(const std::vector<int>& items, JsonAllocator& a) {
  Value out(rapidjson::kArrayType);
  out.Reserve(static_cast<rapidjson::SizeType>(items.size()), a);
  for (int item : items) out.PushBack(item, a);
  return out;
}

Value pointJson(puzzles::Point p, JsonAllocator& a) {
  Value out(rapidjson::kArrayType);
  out.PushBack(p.row, a).PushBack(p.column, a);
  return out;
}

/// Cells (indices) as [[row, column], …], 1-based.
Value cellsJson(const std::vector<int>& cells, const puzzles::RectGrid& grid, JsonAllocator& a) {
  Value out(rapidjson::kArrayType);
  for (int cell : cells) {
    Value pair(rapidjson::kArrayType);
    pair.PushBack(grid.rowOf(cell) + 1, a).PushBack(grid.columnOf(cell) + 1, a);
    out.PushBack(pair, a);
  }
  return out;
}

/// The puzzle's warnings (digit genres say when a region is not connected).
/// A parsed puzzle's warnings, and for a digit puzzle read as given (parse, board) its
/// clashing givens, which a solve refuses.
std::vector<std::string> warningsOf(const Puzzle& puzzle) {
  std::vector<std::string> out = puzzle.warnings;
  const auto* digits = dynamic_cast<const puzzles::DigitPuzzle*>(&puzzle);
  if (digits == nullptr) return out;
  if (const std::optional<puzzles::GivenClash> clash = puzzles::findClash(*digits)) {
    out.push_back("two " + std::to_string(clash->digit) + "s in " + clash->unit + " (" +
                  digits->grid.name(clash->first) + " and " + digits->grid.name(clash->second) +
                  "): no answer keeps both givens");
  }
  return out;
}

/// The fields every genre result starts with.
Value resultHead(const GenreRequest& r, const Puzzle& puzzle, JsonAllocator& a) {
  Value out(rapidjson::kObjectType);
  out.AddMember("genre", jsonString(r.genre->id(), a), a)
      .AddMember("name", jsonString(puzzle.name, a), a)
      .AddMember("rows", puzzle.grid.rows, a)
      .AddMember("columns", puzzle.grid.columns, a)
      .AddMember("model", jsonString(r.build.model, a), a);
  std::vector<std::string> models;
  for (std::string_view m : r.genre->models()) models.emplace_back(m);
  out.AddMember("models", stringArray(models, a), a);
  // The model CNF-SAT's default goes on with when it spends its budget (Genre::fallback).
  puzzles::BuildOptions first;
  if (!models.empty()) first.model = models.front();
  std::vector<std::string> chain;
  for (std::optional<puzzles::Fallback> next = r.genre->fallback(puzzle, first, milp::Method::kSat);
       next && chain.size() < 8; next = r.genre->fallback(puzzle, first, milp::Method::kSat)) {
    if (next->method) break;  // a change of method, not of model (Akari; stats say it)
    chain.push_back(next->model);
    first.model = next->model;
  }
  if (!chain.empty()) {
    out.AddMember("defaultFallback", jsonString(chain.front(), a), a)
        .AddMember("defaultFallbacks", stringArray(chain, a), a);
  }
  out.AddMember("warnings", stringArray(warningsOf(puzzle), a), a);
  return out;
}

/// An answer: {cells: [...] row by row, edges?: [...], text: the solution format,
/// verified: what the rule checker says (null when it holds)}.
Value answerJson(const Genre& genre, const Puzzle& puzzle, const Answer& answer, JsonAllocator& a) {
  Value out(rapidjson::kObjectType);
  out.AddMember("cells", intArray(answer.cells, a), a);
  if (!answer.edges.empty()) out.AddMember("edges", intArray(answer.edges, a), a);
  const std::optional<std::string> broken = genre.verify(puzzle, answer);
  out.AddMember("text", jsonString(genre.formatAnswer(puzzle, answer), a), a)
      .AddMember("verified", !broken.has_value(), a);
  if (broken) out.AddMember("brokenRule", jsonString(*broken, a), a);
  return out;
}

/// The same for the request's genre.
Value answerJson(const GenreRequest& r, const Puzzle& puzzle, const Answer& answer,
                 JsonAllocator& a) {
  return answerJson(*r.genre, puzzle, answer, a);
}

Value searchStats(const puzzles::CutSearch& search, JsonAllocator& a, double total_ms) {
  Value stats = statsJson(search.result, a, -1, total_ms);
  stats.AddMember("rounds", search.rounds, a).AddMember("cuts", search.cuts, a);
  // The recorded tree (branching) is the last round's; nodes counts every round's.
  if (search.rounds > 1 && search.result.stats.nodes > 0) {
    stats.AddMember("lastRoundNodes", static_cast<int64_t>(search.lastRoundNodes), a);
  }
  if (!search.fallbackFrom.empty()) {
    stats.AddMember("fallbackFrom", jsonString(search.fallbackFrom, a), a);
    stats.AddMember("modelCuts", search.modelCuts, a);
    if (!search.fallbackFromMethod.empty()) {
      stats.AddMember("fallbackFromMethod", jsonString(search.fallbackFromMethod, a), a);
    }
    if (!search.fallbackThrough.empty()) {
      stats.AddMember("fallbackThrough", stringArray(search.fallbackThrough, a), a);
    }
  }
  return stats;
}

/// Sets the result's "model" to the fallback model `search` switched to, if it did.
void reportFallbackModel(const puzzles::CutSearch& search, Value& result, JsonAllocator& a) {
  if (!search.fallbackTo.empty()) result["model"] = jsonString(search.fallbackTo, a);
}

/// The B&B and cut-round progress of a solve, sent to `progress`: each round's counts,
/// the cells and words of its cuts, and (with `boards`) the board of its answer (the
/// answer a round with cuts rejects), for a page to show the rounds.
puzzles::RoundCallback roundProgress(const ProgressSink& progress, const Value& id,
                                     const puzzles::Genre& genre, const Puzzle& puzzle,
                                     Clock::time_point start, bool boards) {
  if (!progress) return {};
  // A round's board costs its building, its message and the page's reading and drawing
  // of it: on a large grid many rounds a second spend more on boards than on solving
  // (1055_40x57, 2,280 cells, 614 rounds: 55 of the 67 MB of messages, 0.3 of 1.6 s
  // natively; in the page 0.9 s of its own thread). A board goes with a round while the
  // cells of the boards sent stay within 20,000 plus 50,000 a second of the solve (a
  // 10×10 gets every round of its first seconds, a 40×57 about one round in ten), and
  // always with the last round.
  auto cells_sent = std::make_shared<double>(0.0);
  return
      [&progress, &id, &genre, &puzzle, start, boards, cells_sent](const puzzles::CutRound& round) {
        rapidjson::Document message;
        JsonAllocator& m = message.GetAllocator();
        Value body(rapidjson::kObjectType);
        body.AddMember("phase", "cuts", m)
            .AddMember("round", round.round, m)
            .AddMember("cuts", round.cuts, m)
            .AddMember("totalCuts", round.totalCuts, m)
            .AddMember("cells", cellsJson(round.cells, puzzle.grid, m), m)
            .AddMember("why", stringArray(round.why, m), m)
            .AddMember("nodes", round.nodes, m)
            .AddMember("solveMs", round.solveMs, m)
            .AddMember("elapsedMs", msSince(start), m);
        const double cells = puzzle.grid.cells();
        if (boards && round.answer &&
            (round.cuts == 0 || *cells_sent + cells <= 20000 + 50 * msSince(start))) {
          body.AddMember("board", toJson(genre.board(puzzle, &*round.answer), m), m);
          *cells_sent += cells;
        }
        sendProgress(progress, id, message, body);
        return true;
      };
}

void addBranchAndBoundProgress(GenreRequest& r, const ProgressSink& progress, const Value& id) {
  if (!progress) return;
  r.solve.onProgress = [&progress, &id](const milp::SolveProgress& p) {
    rapidjson::Document message;
    Value body = branchAndBoundProgress(p, message.GetAllocator());
    sendProgress(progress, id, message, body);
    return true;
  };
}

Value handleParse(const GenreRequest& r, JsonAllocator& a) {
  // Clashing givens are drawn with a warning: a solve refuses them, "Why no solution?"
  // explains them. In a text of many records, one that does not parse is left out.
  puzzles::ParsedPuzzles parsed =
      puzzles::parsePuzzlesSkipping(*r.genre, r.text, r.size, true, !r.genreGiven);
  const std::vector<std::unique_ptr<Puzzle>>& all = parsed.puzzles;
  Value puzzles(rapidjson::kArrayType);
  for (std::size_t k = 0; k < all.size(); ++k) {
    const Puzzle& p = *all[k];
    Value puzzle(rapidjson::kObjectType);
    // The lines a puzzle spans: up to the next puzzle's (or left-out record's) first line.
    int next = k + 1 < all.size() ? all[k + 1]->line : -1;
    for (const RefusedRecord& left : parsed.refused) {
      if (left.line > p.line && (next < 0 || left.line < next)) next = left.line;
    }
    puzzle.AddMember("genre", jsonString(parsed.genres[k]->id(), a), a)
        .AddMember("name", jsonString(p.name, a), a)
        .AddMember("header", jsonString(p.header, a), a)
        .AddMember("line", p.line, a)
        .AddMember("lines", next > 0 ? Value(next - p.line) : Value(), a)
        .AddMember("rows", p.grid.rows, a)
        .AddMember("columns", p.grid.columns, a)
        .AddMember("warnings", stringArray(warningsOf(p), a), a);
    puzzles.PushBack(puzzle, a);
  }
  Value refused(rapidjson::kArrayType);
  for (const RefusedRecord& left : parsed.refused) refused.PushBack(toJson(left, a), a);
  Value result(rapidjson::kObjectType);
  result.AddMember("genre", jsonString(r.genre->id(), a), a)
      .AddMember("puzzles", puzzles, a)
      .AddMember("refused", refused, a);
  // A text of URLs: its puzzles as records, for an editor to show in their place.
  if (puzzles::urlTextGenre(r.text)) {
    std::string records;
    for (std::size_t k = 0; k < all.size(); ++k) records += parsed.genres[k]->formatPuzzle(*all[k]);
    result.AddMember("records", jsonString(records, a), a);
  }
  return result;
}

/// A partial fill (0 in the cells left empty): {cells, placed, empty: [[row, column]]}.
Value partialFillJson(const Puzzle& puzzle, const Answer& fill, JsonAllocator& a) {
  std::vector<int> empty;
  for (std::size_t cell = 0; cell < fill.cells.size(); ++cell) {
    if (fill.cells[cell] == 0) empty.push_back(static_cast<int>(cell));
  }
  Value out(rapidjson::kObjectType);
  out.AddMember("cells", intArray(fill.cells, a), a)
      .AddMember("placed", static_cast<int>(fill.cells.size() - empty.size()), a)
      .AddMember("empty", cellsJson(empty, puzzle.grid, a), a);
  return out;
}

Value handleSolve(GenreRequest& r, const Value& id, const ProgressSink& progress,
                  Clock::time_point start, JsonAllocator& a) {
  const std::unique_ptr<Puzzle> puzzle = onePuzzle(r);
  addBranchAndBoundProgress(r, progress, id);
  const auto build_start = Clock::now();
  puzzles::GenreSolver solver(*r.genre, *puzzle, buildOptionsFor(r, *puzzle));
  const double build_ms = msSince(build_start);
  const milp::SolveOptions options = milp::withTimeLeft(r.solve, start);
  const puzzles::CutSearch search =
      solver.solve(options, roundProgress(progress, id, *r.genre, *puzzle, start, r.board));
  requireSolverOk(search.result);
  Value result = resultHead(r, *puzzle, a);
  reportFallbackModel(search, result, a);
  result.AddMember("status", jsonString(milp::toString(search.result.status), a), a);
  if (r.objective) {
    // As the Sudoku route reports it: the sense, the value, B&B's bound and gap.
    const auto number = [](const std::optional<double>& x) { return x ? jsonNumber(*x) : Value(); };
    const bool maximise = solver.built().model.objectiveSense() == milp::ObjectiveSense::kMaximize;
    Value objective(rapidjson::kObjectType);
    objective.AddMember("sense", StringRef(maximise ? "maximize" : "minimize"), a)
        .AddMember("value",
                   search.result.hasSolution ? jsonNumber(search.result.objective) : Value(), a)
        .AddMember("bound", number(search.result.stats.bestBound), a)
        .AddMember("gap", number(search.result.stats.gap), a);
    result.AddMember("objective", objective, a);
  }
  const Answer* answer = search.result.hasSolution ? &solver.answer() : nullptr;
  if (answer != nullptr) result.AddMember("answer", answerJson(r, *puzzle, *answer, a), a);
  if (solver.partial()) {
    // The packing model without an answer: its largest partial fill, drawn on the board.
    result.AddMember("partialFill", partialFillJson(*puzzle, *solver.partial(), a), a);
    answer = &*solver.partial();
  }
  if (r.board) result.AddMember("board", toJson(r.genre->board(*puzzle, answer), a), a);
  std::vector<std::string> names;  // the recorded decisions' variables (recordBranching)
  for (const milp::BranchRecord& b : search.result.branching) {
    names.push_back(solver.built().model.name(b.variable));
  }
  addBranching(search.result, names, result, a);
  Value stats = searchStats(search, a, msSince(start));
  stats.AddMember("buildMs", build_ms, a);
  result.AddMember("stats", stats, a);
  return result;
}

/// [{row, column, first, second}] where two answers' cells differ (1-based).
Value differences(const Answer& first, const Answer& second, JsonAllocator& a) {
  Value out(rapidjson::kArrayType);
  for (int cell = 0; cell < first.grid.cells(); ++cell) {
    if (first.cells[cell] == second.cells[cell]) continue;
    Value d(rapidjson::kObjectType);
    d.AddMember("row", first.grid.rowOf(cell) + 1, a)
        .AddMember("column", first.grid.columnOf(cell) + 1, a)
        .AddMember("first", first.cells[cell], a)
        .AddMember("second", second.cells[cell], a);
    out.PushBack(d, a);
  }
  return out;
}

/// explainInfeasible for a clue genre (Akari, Slitherlink, Kakuro, Heyawake, Kuromasu,
/// Shikaku;
/// protocol.md, "explainInfeasible"): the fewest clues to drop, over the genre's model
/// built with BuildOptions::switchClues (each clue's rule switched by a binary keep,
/// clues.h) by puzzles::fewestToDrop; a genre that re-solves with cuts does so at each
/// solve. No partial fill: these genres have no packing model. Throws
/// InputError(bad_request) for a genre without clues (Star Battle, Norinori, Hitori) or
/// clues the explainer cannot switch (Nurikabe: a clue picks its island among
/// candidates that hold no other clue).
Value handleClueExplain(GenreRequest& r, const Puzzle& puzzle, const Value& id,
                        const ProgressSink& progress, Clock::time_point start, JsonAllocator& a) {
  puzzles::BuildOptions build;
  build.model = std::string(r.genre->models().front());
  build.switchClues = true;
  const std::unique_ptr<puzzles::Built> built = r.genre->build(puzzle, build);
  const std::vector<puzzles::ClueSwitch>& clues = built->clueSwitches;
  if (clues.empty()) {
    std::string explained;  // the genres protocol/vocabulary.json says it explains
    for (const vocabulary::GenreName& g : vocabulary::kGenres) {
      if (g.explains) (explained += explained.empty() ? "" : ", ") += g.id;
    }
    throw badRequest("genre", "explainInfeasible drops clues, and " +
                                  std::string(r.genre->title()) +
                                  " has none it can drop (it explains " + explained + ")");
  }
  std::vector<milp::Var> keep;
  for (const puzzles::ClueSwitch& clue : clues) keep.push_back(clue.keep);
  // A genre that re-solves with cuts (connectivity, one loop) does so at every solve.
  const puzzles::SolveFunction with_cuts = [&](const milp::SolveOptions& options) {
    return puzzles::solveWithCuts(
               *built, [&] { return r.genre->separate(puzzle, *built); }, options)
        .result;
  };
  std::optional<Answer> completion;
  const puzzles::DropSearch found = puzzles::fewestToDrop(
      built->model, keep, r.limit, withProgress(r.solve, progress, id, "removals"),
      boundProgress(progress, id, "removals", start, &kClueWords),
      [&]() { completion = r.genre->decode(puzzle, *built); }, with_cuts);
  requireSolverOk(found.first);
  const auto clue_set = [&](const std::vector<int>& set) {
    Value out(rapidjson::kArrayType);
    for (const int k : set) {
      const puzzles::ClueSwitch& clue = clues[static_cast<std::size_t>(k)];
      Value c(rapidjson::kObjectType);
      c.AddMember("row", puzzle.grid.rowOf(clue.cell) + 1, a)
          .AddMember("column", puzzle.grid.columnOf(clue.cell) + 1, a)
          .AddMember("clue", jsonString(clue.text, a), a);
      out.PushBack(c, a);
    }
    return out;
  };
  Value removals = removalsJson(found, clue_set, a);
  if (!found.sets.empty() && completion) {
    // The answer without the first set's clues: what the other rules allow.
    removals.AddMember("completion", intArray(completion->cells, a), a)
        .AddMember("board", toJson(r.genre->board(puzzle, &*completion), a), a);
  }
  const auto [proven, solvable, status] = verdictOf(found);
  Value result = resultHead(r, puzzle, a);
  result.AddMember("status", staticString(milp::toString(status)), a)
      .AddMember("method", staticString(milp::toString(r.solve.method)), a)
      .AddMember("clues", static_cast<int>(clues.size()), a)
      .AddMember("solvable", proven ? Value(solvable) : Value(), a)
      .AddMember("removes", removesJson(kClueWords, a), a)
      .AddMember("removals", removals, a);
  if (!solvable && found.first.status != milp::SolveStatus::kCancelled) {
    Value partial(rapidjson::kObjectType);
    partial.AddMember("status", Value(), a)
        .AddMember("reason",
                   jsonString("The " + std::string(r.genre->title()) +
                                  " genre has no packing model: its rules say what must hold, "
                                  "not what to place as much of as fits",
                              a),
                   a);
    result.AddMember("partialFill", partial, a);
  }
  result.AddMember("totalMs", msSince(start), a);
  return result;
}

/// explainInfeasible for a digit genre (protocol.md, "explainInfeasible"): (a) the
/// fewest givens to drop, over the genre's default model built without its givens and
/// a binary keep[k] per given k with x[r,c,g_k] − keep[k] ≥ 0, and for Killer each
/// cage's sum switched by its own keep (BuildOptions::switchClues; a set's item is then
/// {row, column, clue: "cage sum 17", cells} at the cage's first cell, where the board
/// draws the sum, `cells` the cage's [[row, column]]); (b) the largest partial
/// fill, by the genre's packing model, when it has one (killer has none: a cage's sum
/// is an equality). Both by puzzles::fewestToDrop and largestFill, by the request's
/// route (CNF-SAT by default). Throws InputError(bad_request) for a genre without
/// givens to drop.
Value handleExplain(GenreRequest& r, const Value& id, const ProgressSink& progress,
                    Clock::time_point start, JsonAllocator& a) {
  const std::unique_ptr<Puzzle> puzzle = onePuzzle(r, true);
  const auto* digits = dynamic_cast<const puzzles::DigitPuzzle*>(puzzle.get());
  if (digits == nullptr) return handleClueExplain(r, *puzzle, id, progress, start, a);
  const int n = digits->n;
  const auto valueCell = [&](int cell) {
    return std::pair{digits->grid.rowOf(cell) + 1, digits->grid.columnOf(cell) + 1};
  };
  // (a) The genre's default model without the givens, and keep[k] per given.
  puzzles::DigitPuzzle open = *digits;
  std::fill(open.givens.begin(), open.givens.end(), 0);
  puzzles::BuildOptions build;
  // The route's own default (a Killer's clauses for CNF-SAT; its combinations, whose LP
  // relaxation is far tighter, for branch-and-bound: 30–60 s → see performance.md).
  build.model = std::string(r.genre->defaultModel(r.solve.method));
  build.switchClues = true;  // a Killer's cage sums may be dropped too
  const std::unique_ptr<puzzles::Built> removal = r.genre->build(open, build);
  const auto& x = dynamic_cast<const puzzles::DigitBuilt&>(*removal).x;
  std::vector<int> given_cells;
  std::vector<milp::Var> keep;
  for (int cell = 0; cell < digits->grid.cells(); ++cell) {
    const int g = digits->givens[static_cast<std::size_t>(cell)];
    if (g == 0) continue;
    const auto [row, column] = valueCell(cell);
    const std::string at = std::to_string(row) + "," + std::to_string(column);
    const milp::Var k = removal->model.addBinary("keep[" + at + "]");
    removal->model.addConstraint(milp::LinExpr(x(row, column, g)) - k >= 0, "given[" + at + "]");
    given_cells.push_back(cell);
    keep.push_back(k);
  }
  // After the givens, each cage's sum (keep_cage[k]), told by the cell it is written in.
  const std::vector<puzzles::ClueSwitch>& cages = removal->clueSwitches;
  for (const puzzles::ClueSwitch& cage : cages) keep.push_back(cage.keep);
  const RemovableWords& removes = cages.empty() ? kGivenWords : kGivenOrCageSumWords;
  std::optional<Answer> completion;
  const puzzles::DropSearch found = puzzles::fewestToDrop(
      removal->model, keep, r.limit, withProgress(r.solve, progress, id, "removals"),
      boundProgress(progress, id, "removals", start, &removes),
      [&]() { completion = r.genre->decode(open, *removal); });
  requireSolverOk(found.first);
  const auto given_set = [&](const std::vector<int>& set) {
    Value out(rapidjson::kArrayType);
    for (const int k : set) {
      const auto at = static_cast<std::size_t>(k);
      const bool given = at < given_cells.size();
      const int cell = given ? given_cells[at] : cages[at - given_cells.size()].cell;
      const auto [row, column] = valueCell(cell);
      Value g(rapidjson::kObjectType);
      g.AddMember("row", row, a).AddMember("column", column, a);
      if (given) {
        g.AddMember("digit", digits->givens[static_cast<std::size_t>(cell)], a);
      } else {
        // The cage's cells, for the board to outline: the build switches the cages' sums
        // in the puzzle's order, one keep each.
        const std::size_t k = at - given_cells.size();
        g.AddMember("clue", jsonString(cages[k].text, a), a)
            .AddMember("cells", cellsJson(digits->cages[k].cells, digits->grid, a), a);
      }
      out.PushBack(g, a);
    }
    return out;
  };
  Value removals = removalsJson(found, given_set, a);
  if (!found.sets.empty() && completion) {
    removals.AddMember("completion", intArray(completion->cells, a), a);
  }
  const auto [proven, solvable, status] = verdictOf(found);
  Value result = resultHead(r, *puzzle, a);
  result["model"] = jsonString(build.model, a);  // the model explained on, not the one asked
  result.AddMember("status", staticString(milp::toString(status)), a)
      .AddMember("method", staticString(milp::toString(r.solve.method)), a)
      .AddMember("size", n, a)
      .AddMember("givens", intArray(digits->givens, a), a)
      .AddMember("solvable", proven ? Value(solvable) : Value(), a)
      .AddMember("removes", removesJson(removes, a), a)
      .AddMember("removals", removals, a);
  // (b) The largest partial fill, in the time left, by the packing model.
  const std::vector<std::string_view> models = r.genre->models();
  const bool has_packing = std::find(models.begin(), models.end(), "packing") != models.end();
  // Clashing givens: no fill keeps every given (Sudoku's partialFill.clash).
  const std::optional<puzzles::GivenClash> clash = puzzles::findClash(*digits);
  if (!solvable && found.first.status != milp::SolveStatus::kCancelled) {
    Value partial(rapidjson::kObjectType);
    if (clash) {
      Value cells(rapidjson::kArrayType);
      for (const int cell : {clash->first, clash->second}) {
        const auto [row, column] = valueCell(cell);
        Value at(rapidjson::kArrayType);
        at.PushBack(row, a).PushBack(column, a);
        cells.PushBack(at, a);
      }
      Value about(rapidjson::kObjectType);
      about.AddMember("digit", jsonString(std::to_string(clash->digit), a), a)
          .AddMember("unit", jsonString(clash->unit, a), a)
          .AddMember("cells", cells, a);
      partial.AddMember("status", staticString("infeasible"), a).AddMember("clash", about, a);
    } else if (!has_packing) {
      partial.AddMember("status", Value(), a)
          .AddMember("reason",
                     jsonString("The " + std::string(r.genre->title()) +
                                    " genre has no packing model: a cage's sum is an equality, "
                                    "not an \"at most\"",
                                a),
                     a);
    } else {
      puzzles::BuildOptions packing;
      packing.model = "packing";
      const std::unique_ptr<puzzles::Built> built = r.genre->build(*puzzle, packing);
      const auto& px = dynamic_cast<const puzzles::DigitBuilt&>(*built).x;
      std::vector<std::vector<milp::Var>> cells;
      for (int cell = 0; cell < digits->grid.cells(); ++cell) {
        const auto [row, column] = valueCell(cell);
        std::vector<milp::Var> ds;
        for (int d = 1; d <= n; ++d) ds.push_back(px(row, column, d));
        cells.push_back(ds);
      }
      std::optional<Answer> fill;
      const puzzles::FillSearch filled = puzzles::largestFill(
          built->model, cells,
          milp::withTimeLeft(withProgress(r.solve, progress, id, "partial fill"), start),
          boundProgress(progress, id, "partial fill", start),
          [&]() { fill = r.genre->decode(*puzzle, *built); });
      requireSolverOk(filled.result);
      partial.AddMember("status", staticString(milp::toString(filled.result.status)), a);
      if (fill) {
        Value fill_json = partialFillJson(*puzzle, *fill, a);
        for (auto& m : fill_json.GetObject()) partial.AddMember(m.name, m.value, a);
        partial.AddMember("board", toJson(r.genre->board(*puzzle, &*fill), a), a);
      }
      partial.AddMember("nodes", static_cast<std::int64_t>(filled.result.stats.nodes), a)
          .AddMember("solveMs", filled.result.stats.solveMs, a);
    }
    result.AddMember("partialFill", partial, a);
  }
  result.AddMember("totalMs", msSince(start), a);
  return result;
}

Value handleUniqueness(const GenreRequest& r, Clock::time_point start, JsonAllocator& a) {
  const std::unique_ptr<Puzzle> puzzle = onePuzzle(r);
  const puzzles::GenreUniqueness u = puzzles::checkUniqueness(*r.genre, *puzzle, r.build, r.solve);
  requireSolverOk(u.first.result);
  if (u.second) requireSolverOk(u.second->result);
  Value result = resultHead(r, *puzzle, a);
  reportFallbackModel(u.first, result, a);
  result.AddMember("status", jsonString(milp::toString(u.first.result.status), a), a)
      .AddMember("unique", u.unique ? Value(*u.unique) : Value(), a);
  if (u.answer) result.AddMember("answer", answerJson(r, *puzzle, *u.answer, a), a);
  if (u.secondAnswer) {
    result.AddMember("secondAnswer", answerJson(r, *puzzle, *u.secondAnswer, a), a)
        .AddMember("differences", differences(*u.answer, *u.secondAnswer, a), a);
    // The second answer drawn too (the page shows both, the differing cells marked).
    if (r.board) {
      result.AddMember("secondBoard", toJson(r.genre->board(*puzzle, &*u.secondAnswer), a), a);
    }
  }
  result.AddMember("board", toJson(r.genre->board(*puzzle, u.answer ? &*u.answer : nullptr), a), a)
      .AddMember("stats", searchStats(u.first, a, -1), a);
  if (u.second) {
    result.AddMember("secondStatus", jsonString(milp::toString(u.second->result.status), a), a)
        .AddMember("secondStats", searchStats(*u.second, a, -1), a);
  }
  result.AddMember("totalMs", msSince(start), a);
  return result;
}

Value handleEnumerate(const GenreRequest& r, const Value& id, const ProgressSink& progress,
                      Clock::time_point start, JsonAllocator& a) {
  const std::unique_ptr<Puzzle> puzzle = onePuzzle(r);
  const puzzles::GenreEnumeration e = puzzles::enumerateAnswers(
      *r.genre, *puzzle, r.build, r.limit, r.solve, [&](const Answer& answer, int found) {
        if (progress) {
          rapidjson::Document message;
          JsonAllocator& m = message.GetAllocator();
          Value body(rapidjson::kObjectType);
          body.AddMember("found", found, m)
              .AddMember("limit", r.limit, m)
              .AddMember("cells", intArray(answer.cells, m), m)
              .AddMember("elapsedMs", msSince(start), m);
          sendProgress(progress, id, message, body);
        }
        return true;
      });
  if (e.lastStatus == milp::SolveStatus::kError) {
    throw InputError(ErrorCode::kSolverError, "GLPK failed during the enumeration");
  }
  Value answers(rapidjson::kArrayType);
  for (const Answer& answer : e.answers) {
    Value one = answerJson(r, *puzzle, answer, a);
    if (r.boards) one.AddMember("board", toJson(r.genre->board(*puzzle, &answer), a), a);
    answers.PushBack(one, a);
  }
  Value stats(rapidjson::kObjectType);
  stats.AddMember("solves", e.solves, a)
      .AddMember("rounds", e.rounds, a)
      .AddMember("solveMs", e.solveMs, a)
      .AddMember("totalMs", msSince(start), a);
  Value result = resultHead(r, *puzzle, a);
  result.AddMember("count", static_cast<int>(e.answers.size()), a)
      .AddMember("complete", e.complete, a)
      .AddMember("limit", r.limit, a)
      .AddMember("lastStatus", jsonString(milp::toString(e.lastStatus), a), a)
      .AddMember("answers", answers, a)
      .AddMember("stats", stats, a);
  return result;
}

Value handleRelax(const GenreRequest& r, Clock::time_point start, JsonAllocator& a) {
  const std::unique_ptr<Puzzle> puzzle = onePuzzle(r);
  puzzles::GenreSolver solver(*r.genre, *puzzle, buildOptionsFor(r, *puzzle));
  std::vector<double> values;
  const milp::SolveResult relaxed = solver.relax(r.solve, &values);
  requireSolverOk(relaxed);
  puzzles::Board board = r.genre->board(*puzzle, nullptr);
  bool integral = relaxed.hasSolution;
  if (relaxed.hasSolution) {
    r.genre->drawRelaxation(*puzzle, solver.built(), values, &board);
    for (const milp::Var& v : solver.built().answer) {
      const double x = values[v.index];
      if (std::abs(x - std::round(x)) > 1e-6) integral = false;
    }
  }
  Value result = resultHead(r, *puzzle, a);
  result.AddMember("status", jsonString(milp::toString(relaxed.status), a), a)
      .AddMember("integral", integral, a)
      .AddMember("objective", relaxed.hasSolution ? jsonNumber(relaxed.objective) : Value(), a)
      .AddMember("board", toJson(board, a), a)
      .AddMember("stats", statsJson(relaxed, a, -1, msSince(start)), a);
  // An integral point keeps the model's rows, not the rules left to cuts (connectivity):
  // the rule checker says whether it is the answer.
  if (integral) {
    result.AddMember("answer", answerJson(*r.genre, *puzzle, solver.answerAt(values), a), a);
  }
  return result;
}

/// The model as GLPK writes it; with `afterCuts`, the model the re-solve loop ends with
/// (every cut of every round added), which a peer solver can be given to solve once.
Value handleExport(const GenreRequest& r, Clock::time_point start, JsonAllocator& a) {
  const std::unique_ptr<Puzzle> puzzle = onePuzzle(r);
  puzzles::GenreSolver solver(*r.genre, *puzzle, buildOptionsFor(r, *puzzle));
  Value result = resultHead(r, *puzzle, a);
  if (r.afterCuts) {
    milp::SolveOptions options = r.solve;
    options.onProgress = nullptr;
    const puzzles::CutSearch search = solver.solve(options);
    requireSolverOk(search.result);
    result.AddMember("status", jsonString(milp::toString(search.result.status), a), a)
        .AddMember("rounds", search.rounds, a)
        .AddMember("cuts", search.cuts, a);
  }
  const milp::Model& model = solver.built().model;
  result.AddMember("format", jsonString(r.format, a), a)
      .AddMember("modelRows", model.numConstraints(), a)
      .AddMember("modelColumns", model.numVars(), a)
      .AddMember("nonzeros", model.numNonzeros(), a)
      .AddMember("text",
                 jsonString(milp::writeModel(model, r.format == "lp" ? milp::ModelFormat::kCplexLp
                                                                     : milp::ModelFormat::kFreeMps),
                            a),
                 a)
      .AddMember("totalMs", msSince(start), a);
  return result;
}

Value handleFormulation(const GenreRequest& r, JsonAllocator& a) {
  const std::unique_ptr<Puzzle> puzzle = onePuzzle(r);
  const std::unique_ptr<puzzles::Built> built =
      r.genre->build(*puzzle, buildOptionsFor(r, *puzzle));
  Value result = resultHead(r, *puzzle, a);
  // With a row, that row alone: a reader stepping through rows needs no whole formulation.
  if (r.row) {
    result.AddMember(
        "row",
        rowJson(built->model, *r.row, built->cellOf, puzzle->grid.columns, a, built->rowCells), a);
  } else {
    result.AddMember("formulation", toJson(r.genre->formulation(*puzzle, *built), puzzle->grid, a),
                     a);
  }
  return result;
}

Value handleGenerate(GenreRequest& r, const Value& id, const ProgressSink& progress,
                     Clock::time_point start, JsonAllocator& a) {
  // The empty puzzle: the request's (a jigsaw's region map), or n×n of empty cells.
  if (r.text.empty()) {
    const int n = r.size > 0 ? r.size : 9;
    r.text = std::to_string(n) + " " + std::to_string(n) + "\n";
    for (int row = 0; row < n; ++row) {
      for (int c = 0; c < n; ++c) r.text += c > 0 ? " -" : "-";
      r.text += '\n';
    }
  }
  const std::unique_ptr<Puzzle> empty = onePuzzle(r);
  const auto* digits = dynamic_cast<const puzzles::DigitPuzzle*>(empty.get());
  if (digits == nullptr) {
    throw badRequest("genre", "Generation is not available for " + std::string(r.genre->title()));
  }
  const puzzles::GeneratedDigits g =
      puzzles::generateDigits(*r.genre, *digits, r.seed, r.solve, [&](int checked, int total) {
        if (progress) {
          rapidjson::Document message;
          JsonAllocator& m = message.GetAllocator();
          Value body(rapidjson::kObjectType);
          body.AddMember("phase", "removing", m)
              .AddMember("checked", checked, m)
              .AddMember("total", total, m)
              .AddMember("elapsedMs", msSince(start), m);
          sendProgress(progress, id, message, body);
        }
        return true;
      });
  g.puzzle->name = "generated-" + std::string(r.genre->id()) + "-" + std::to_string(r.seed);
  g.puzzle->header = g.puzzle->name;
  Value result = resultHead(r, *g.puzzle, a);
  result.AddMember("seed", r.seed, a)
      .AddMember("puzzle", jsonString(r.genre->formatPuzzle(*g.puzzle), a), a)
      .AddMember("givens", g.givens, a)
      .AddMember("minimal", g.minimal, a)
      .AddMember("uniquenessChecks", g.uniquenessChecks, a)
      .AddMember("answer", answerJson(r, *g.puzzle, g.answer, a), a)
      .AddMember("board", toJson(r.genre->board(*g.puzzle, nullptr), a), a)
      .AddMember("totalMs", msSince(start), a);
  return result;
}

/// A board request's `answer` as the digit genre's Answer, checked against the puzzle:
/// one digit 0..n per cell (0 empty), each given's cell its given or 0.
Answer checkedAnswer(const Puzzle& puzzle, const std::vector<int>& cells) {
  const auto* digits = dynamic_cast<const puzzles::DigitPuzzle*>(&puzzle);
  if (digits == nullptr) {
    throw badRequest("answer",
                     "Field 'answer' is for the digit genres (sudoku, killer, jigsaw, "
                     "sudoku-x, hyper, latin-square)");
  }
  const int count = digits->grid.cells();
  if (static_cast<int>(cells.size()) != count) {
    throw badRequest("answer", "Field 'answer' must hold " + std::to_string(count) +
                                   " digits, one per cell, not " + std::to_string(cells.size()));
  }
  for (int cell = 0; cell < count; ++cell) {
    const int d = cells[cell];
    if (d < 0 || d > digits->n) {
      throw badRequest("answer", "Field 'answer' at " + digits->grid.name(cell) + " holds " +
                                     std::to_string(d) + ", not a digit 0.." +
                                     std::to_string(digits->n));
    }
    if (d != 0 && digits->givens[cell] != 0 && d != digits->givens[cell]) {
      throw badRequest("answer", "Field 'answer' at " + digits->grid.name(cell) + " holds " +
                                     std::to_string(d) + ", but the given there is " +
                                     std::to_string(digits->givens[cell]));
    }
  }
  return Answer{digits->grid, cells, {}};
}

/// `board`: the puzzle's board (read as given, so that clashing givens are drawn), with
/// `answer`'s digits drawn as solved when the request has one, and its puzz.link URL.
Value handleBoard(const GenreRequest& r, JsonAllocator& a) {
  const std::unique_ptr<Puzzle> puzzle = onePuzzle(r, true);
  Value result = resultHead(r, *puzzle, a);
  const std::optional<Answer> answer =
      r.answer ? std::optional<Answer>(checkedAnswer(*puzzle, *r.answer)) : std::nullopt;
  result.AddMember("board", toJson(r.genre->board(*puzzle, answer ? &*answer : nullptr), a), a);
  // Two equal givens in a unit (the warning names them): their cells, for the board to mark.
  if (const auto* digits = dynamic_cast<const puzzles::DigitPuzzle*>(puzzle.get())) {
    if (const std::optional<puzzles::GivenClash> clash = puzzles::findClash(*digits)) {
      Value about(rapidjson::kObjectType);
      about.AddMember("cells", cellsJson({clash->first, clash->second}, digits->grid, a), a);
      result.AddMember("clash", about, a);
    }
  }
  // The puzzle's puzz.link URL, when its genre has one and the puzzle fits it.
  try {
    result.AddMember("url", jsonString(puzzles::urlOf(*r.genre, *puzzle), a), a);
  } catch (const InputError& e) {
    // Said, so that the page can tell why it offers no link to copy.
    result.AddMember("url", Value(), a).AddMember("urlUnavailable", jsonString(e.what(), a), a);
  }
  return result;
}

}  // namespace

Value handleGenreRequest(const std::string& type, const Value& request, const Value& id,
                         const ProgressSink& progress, Clock::time_point start, JsonAllocator& a) {
  GenreRequest r = decode(type, request);
  if (type == "parse") return handleParse(r, a);
  if (type == "solve") return handleSolve(r, id, progress, start, a);
  if (type == "checkUniqueness") return handleUniqueness(r, start, a);
  if (type == "enumerate") return handleEnumerate(r, id, progress, start, a);
  if (type == "relax") return handleRelax(r, start, a);
  if (type == "exportModel") return handleExport(r, start, a);
  if (type == "formulation") return handleFormulation(r, a);
  if (type == "board") return handleBoard(r, a);
  if (type == "generate") return handleGenerate(r, id, progress, start, a);
  if (type == "explainInfeasible") return handleExplain(r, id, progress, start, a);
  throw badRequest("type", "Request type '" + type + "' is not available for genre " +
                               std::string(r.genre->id()) +
                               ": one of parse, solve, checkUniqueness, enumerate, relax, "
                               "exportModel, formulation, board, generate");
}

namespace {

/// The Sudoku genre's puzzle of `givens`, in its boxes.
std::unique_ptr<puzzles::DigitPuzzle> sudokuPuzzleOf(const std::string& name,
                                                     const sudoku::Grid& givens) {
  std::unique_ptr<puzzles::DigitPuzzle> p = puzzles::digitPuzzleOf(givens, name);
  puzzles::setBoxes(*p, "Sudoku", givens.shape.boxHeight, givens.shape.boxWidth);
  return p;
}

Answer answerOf(const puzzles::DigitPuzzle& puzzle, const sudoku::Grid& grid) {
  return Answer{puzzle.grid, grid.cells, {}};
}

Value sudokuAnswerJson(const puzzles::DigitPuzzle& puzzle, const sudoku::Grid& grid,
                       JsonAllocator& a) {
  return answerJson(puzzles::sudokuGenre(), puzzle, answerOf(puzzle, grid), a);
}

}  // namespace

Value sudokuAnswerJson(const std::string& name, const sudoku::Grid& givens,
                       const sudoku::Grid& answer, JsonAllocator& a) {
  return sudokuAnswerJson(*sudokuPuzzleOf(name, givens), answer, a);
}

Value sudokuBoardJson(const sudoku::Grid& givens, const sudoku::Grid* answer, JsonAllocator& a) {
  const std::unique_ptr<puzzles::DigitPuzzle> puzzle = sudokuPuzzleOf("Puzzle 1", givens);
  if (answer == nullptr) return toJson(puzzles::sudokuGenre().board(*puzzle, nullptr), a);
  const Answer drawn = answerOf(*puzzle, *answer);
  return toJson(puzzles::sudokuGenre().board(*puzzle, &drawn), a);
}

void addSudokuGenreFields(const std::string& name, const sudoku::Grid& givens,
                          const sudoku::Grid* answer, bool draw,
                          const std::vector<sudoku::SudokuSolver::RelaxedValue>* marks,
                          Value& result, JsonAllocator& a) {
  const std::unique_ptr<puzzles::DigitPuzzle> puzzle = sudokuPuzzleOf(name, givens);
  const int n = puzzle->n;
  result.AddMember("genre", "sudoku", a).AddMember("rows", n, a).AddMember("columns", n, a);
  if (answer != nullptr) result.AddMember("answer", sudokuAnswerJson(*puzzle, *answer, a), a);
  if (!draw) return;
  const auto& genre = dynamic_cast<const puzzles::DigitGenre&>(puzzles::sudokuGenre());
  std::optional<Answer> drawn;
  if (answer != nullptr) drawn = answerOf(*puzzle, *answer);
  puzzles::Board board = genre.board(*puzzle, drawn ? &*drawn : nullptr);
  if (marks != nullptr) {
    std::vector<double> value(static_cast<std::size_t>(n) * n * n, 0.0);
    for (const sudoku::SudokuSolver::RelaxedValue& m : *marks) {
      value[(static_cast<std::size_t>(m.row - 1) * n + (m.column - 1)) * n + (m.digit - 1)] =
          m.value;
    }
    genre.drawCandidates(
        *puzzle,
        [&](int cell, int d) { return value[static_cast<std::size_t>(cell) * n + (d - 1)]; },
        &board);
  }
  result.AddMember("board", toJson(board, a), a);
}

Value toJson(const puzzles::Board& board, JsonAllocator& a) {
  Value items(rapidjson::kArrayType);
  items.Reserve(static_cast<rapidjson::SizeType>(board.items.size()), a);
  for (const puzzles::BoardItem& item : board.items) {
    Value out(rapidjson::kObjectType);
    const std::string_view kind = puzzles::toString(item.kind);
    out.AddMember("kind", StringRef(kind.data(), static_cast<rapidjson::SizeType>(kind.size())), a)
        .AddMember("row", item.at.row, a)
        .AddMember("column", item.at.column, a);
    if (!item.text.empty()) out.AddMember("text", jsonString(item.text, a), a);
    if (item.value != 1.0 || item.kind == puzzles::ItemKind::kCandidate ||
        item.kind == puzzles::ItemKind::kShade) {
      out.AddMember("value", jsonNumber(item.value), a);
    }
    if (!item.style.empty()) out.AddMember("style", jsonString(item.style, a), a);
    if (!item.cells.empty()) {
      Value cells(rapidjson::kArrayType);
      for (puzzles::Point p : item.cells) cells.PushBack(pointJson(p, a), a);
      out.AddMember("cells", cells, a);
    }
    if (item.kind == puzzles::ItemKind::kLine) out.AddMember("to", pointJson(item.to, a), a);
    items.PushBack(out, a);
  }
  Value out(rapidjson::kObjectType);
  out.AddMember("rows", board.rows, a)
      .AddMember("columns", board.columns, a)
      .AddMember("items", items, a);
  return out;
}

Value toJson(const puzzles::Formulation& f, const puzzles::RectGrid& grid, JsonAllocator& a) {
  Value groups(rapidjson::kArrayType);
  for (const puzzles::ConstraintGroup& g : f.groups) {
    Value rows(rapidjson::kArrayType);
    for (const puzzles::FormulationRow& row : g.rows) {
      Value out(rapidjson::kObjectType);
      out.AddMember("name", jsonString(row.name, a), a)
          .AddMember("cells", cellsJson(row.cells, grid, a), a);
      if (row.at >= 0) {
        Value at(rapidjson::kArrayType);
        at.PushBack(grid.rowOf(row.at) + 1, a).PushBack(grid.columnOf(row.at) + 1, a);
        out.AddMember("at", at, a);
      }
      rows.PushBack(out, a);
    }
    Value group(rapidjson::kObjectType);
    group.AddMember("id", jsonString(g.id, a), a)
        .AddMember("title", jsonString(g.title, a), a)
        .AddMember("tex", jsonString(g.tex, a), a)
        .AddMember("technique", jsonString(g.technique, a), a)
        .AddMember("rows", rows, a);
    if (!g.pattern.empty()) group.AddMember("pattern", jsonString(g.pattern, a), a);
    if (g.rowCount >= 0) group.AddMember("rowCount", g.rowCount, a);
    groups.PushBack(group, a);
  }
  Value notes(rapidjson::kArrayType);
  for (const puzzles::FormulationNote& note : f.notes) {
    Value out(rapidjson::kObjectType);
    out.AddMember("kind", jsonString(note.kind, a), a)
        .AddMember("text", jsonString(note.text, a), a);
    notes.PushBack(out, a);
  }
  Value out(rapidjson::kObjectType);
  out.AddMember("genre", jsonString(f.genre, a), a);
  if (!f.model.empty()) out.AddMember("model", jsonString(f.model, a), a);
  out.AddMember("notes", notes, a)
      .AddMember("variables", jsonString(f.variables, a), a)
      .AddMember("objective", jsonString(f.objective, a), a)
      .AddMember("groups", groups, a)
      .AddMember("rows", f.rows, a)
      .AddMember("columns", f.columns, a)
      .AddMember("nonzeros", f.nonzeros, a);
  return out;
}

}  // namespace gridmilp::app
