// gridmilp — the request/response service.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/service.h"

#include <chrono>
#include <exception>

#include "milp/glpk_backend.h"
#include "puzzles/sudoku/model.h"

namespace gridmilp::app {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

InputError badRequest(const std::string& field, const std::string& message) {
  Where where;
  where.field = field;
  return InputError(ErrorCode::kBadRequest, message, where);
}

/// Reads an optional field of the given JSON type, or throws bad_request naming it.
template <typename T>
T optionalField(const json& object, const char* name, T fallback, json::value_t type,
                const char* type_name, const std::string& path) {
  const auto it = object.find(name);
  if (it == object.end() || it->is_null()) return fallback;
  const bool ok =
      type == json::value_t::number_integer
          ? it->is_number_integer()
          : (type == json::value_t::number_float ? it->is_number() : it->type() == type);
  if (!ok) {
    throw badRequest(path + name, "Field '" + path + name + "' must be " + type_name);
  }
  return it->get<T>();
}

std::string requiredString(const json& object, const char* name) {
  const auto it = object.find(name);
  if (it == object.end() || !it->is_string()) {
    throw badRequest(name, std::string("Field '") + name + "' is required and must be a string");
  }
  return it->get<std::string>();
}

const json& optionalObject(const json& object, const char* name) {
  static const json kEmpty = json::object();
  const auto it = object.find(name);
  if (it == object.end() || it->is_null()) return kEmpty;
  if (!it->is_object())
    throw badRequest(name, std::string("Field '") + name + "' must be an object");
  return *it;
}

sudoku::Shape shapeOf(const json& request) {
  const int size =
      optionalField<int>(request, "size", 9, json::value_t::number_integer, "an integer", "");
  if (size != 9) {
    throw badRequest("size", "Size " + std::to_string(size) +
                                 " is not supported yet; protocol 1 solves 9\u00d79 puzzles");
  }
  return sudoku::shapeForSize(size);
}

json optionalInt(const std::optional<int>& value) { return value ? json(*value) : json(nullptr); }

json handleParse(const json& request) {
  const std::string text = requiredString(request, "text");
  const sudoku::Shape shape = shapeOf(request);
  const sudoku::ParsedText parsed = sudoku::parseText(text, shape);
  json puzzles = json::array();
  for (const sudoku::ParsedPuzzle& p : parsed.puzzles) {
    puzzles.push_back({{"name", p.name}, {"line", p.line}, {"givens", p.grid.toLine()}});
  }
  return {{"format", sudoku::toString(parsed.format)},
          {"size", shape.size()},
          {"boxHeight", shape.boxHeight},
          {"boxWidth", shape.boxWidth},
          {"puzzles", std::move(puzzles)}};
}

json handleSolve(const json& request, Clock::time_point start) {
  const std::string text = requiredString(request, "puzzle");
  const sudoku::Shape shape = shapeOf(request);
  const json& options_json = optionalObject(request, "options");
  const json& debug_json = optionalObject(request, "debug");
  milp::SolveOptions options;
  options.timeLimitMs =
      optionalField<int>(options_json, "timeLimitMs", 0, json::value_t::number_integer,
                         "a whole number of ms", "options.");
  if (options.timeLimitMs < 0) {
    throw badRequest("options.timeLimitMs", "Field 'options.timeLimitMs' must not be negative");
  }
  options.presolve = optionalField<bool>(options_json, "presolve", true, json::value_t::boolean,
                                         "true or false", "options.");
  options.forceSolverError = optionalField<bool>(debug_json, "forceGlpkError", false,
                                                 json::value_t::boolean, "true or false", "debug.");
  const sudoku::Grid givens = sudoku::parseOne(text, shape);
  SolveOutcome outcome = solveSudoku(givens, options);
  outcome.totalMs = msSince(start);
  return toJson(outcome);
}

json errorResponse(const json& id, const json& error) { return {{"id", id}, {"error", error}}; }

}  // namespace

SolveOutcome solveSudoku(const sudoku::Grid& givens, const milp::SolveOptions& options) {
  const auto start = Clock::now();
  sudoku::requireNoConflict(givens);
  SolveOutcome outcome;
  outcome.givens = givens;
  auto built = sudoku::buildTextbookModel(givens);
  outcome.buildMs = msSince(start);
  outcome.result = built->model.solve(options);
  if (outcome.result.status == milp::SolveStatus::kError) {
    throw InputError(ErrorCode::kSolverError, outcome.result.message);
  }
  if (outcome.result.hasSolution) outcome.solution = sudoku::decodeSolution(*built);
  outcome.totalMs = msSince(start);
  return outcome;
}

json toJson(const SolveOutcome& outcome) {
  const milp::SolveStats& s = outcome.result.stats;
  const sudoku::Shape& shape = outcome.givens.shape;
  json stats = {{"rows", s.rows},
                {"columns", s.columns},
                {"nonzeros", s.nonzeros},
                {"presolvedRows", optionalInt(s.presolvedRows)},
                {"presolvedColumns", optionalInt(s.presolvedColumns)},
                {"presolvedNonzeros", optionalInt(s.presolvedNonzeros)},
                {"nodes", s.nodes},
                {"simplexIterations", s.simplexIterations},
                {"rootLpIntegral", s.rootLpIntegral ? json(*s.rootLpIntegral) : json(nullptr)},
                {"buildMs", outcome.buildMs},
                {"solveMs", s.solveMs},
                {"totalMs", outcome.totalMs}};
  json result = {{"status", milp::toString(outcome.result.status)},
                 {"size", shape.size()},
                 {"boxHeight", shape.boxHeight},
                 {"boxWidth", shape.boxWidth},
                 {"givens", outcome.givens.toLine()}};
  if (outcome.solution) result["solution"] = outcome.solution->toLine();
  result["stats"] = std::move(stats);
  return result;
}

json toJson(const InputError& error) {
  json out = {{"code", toString(error.code())}, {"message", error.what()}};
  const Where& w = error.where();
  json where = json::object();
  if (w.puzzle) where["puzzle"] = *w.puzzle;
  if (w.line) where["line"] = *w.line;
  if (w.column) where["column"] = *w.column;
  if (w.character) where["character"] = *w.character;
  if (w.field) where["field"] = *w.field;
  if (!w.cells.empty()) {
    json cells = json::array();
    for (const CellRef& c : w.cells) cells.push_back({{"row", c.row}, {"column", c.column}});
    where["cells"] = std::move(cells);
  }
  if (!where.empty()) out["where"] = std::move(where);
  return out;
}

json handle(const json& request) {
  const auto start = Clock::now();
  json id = nullptr;
  try {
    if (!request.is_object()) throw badRequest("", "A request must be a JSON object");
    if (const auto it = request.find("id"); it != request.end()) id = *it;
    const auto type_it = request.find("type");
    if (type_it == request.end() || !type_it->is_string()) {
      throw badRequest("type", "Field 'type' is required: one of version, parse, solve");
    }
    const std::string type = type_it->get<std::string>();
    json result;
    if (type == "version") {
      result = {
          {"gridmilp", kVersion}, {"glpk", milp::glpkVersion()}, {"protocol", kProtocolVersion}};
    } else if (type == "parse") {
      result = handleParse(request);
    } else if (type == "solve") {
      result = handleSolve(request, start);
    } else {
      throw badRequest("type", "Unknown request type '" + type + "': one of version, parse, solve");
    }
    return {{"id", id}, {"result", std::move(result)}};
  } catch (const InputError& e) {
    return errorResponse(id, toJson(e));
  } catch (const std::exception& e) {
    return errorResponse(
        id, {{"code", "internal_error"}, {"message", std::string("Internal error: ") + e.what()}});
  }
}

std::string handleRequest(std::string_view request_json) {
  json request;
  try {
    request = json::parse(request_json);
  } catch (const json::parse_error& e) {
    return errorResponse(nullptr,
                         {{"code", "bad_request"},
                          {"message", std::string("The request is not valid JSON: ") + e.what()}})
        .dump();
  }
  // Invalid UTF-8 in strings is replaced rather than thrown on.
  return handle(request).dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace gridmilp::app
