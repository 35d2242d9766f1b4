// gridmilp — the request/response service.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/service.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>

#ifdef GRIDMILP_WITH_GENRES
#include "app/explain_request.h"
#include "app/genres.h"
#include "app/model_row.h"
#include "puzzles/common/puzzlink.h"
#include "puzzles/common/registry.h"
#include "puzzles/sudoku/formulation.h"
#endif
#include "app/request.h"
#include "app/sudoku_request.h"
#include "milp/glpk_backend.h"
#include "puzzles/sudoku/model.h"

namespace gridmilp::app {
namespace {

using rapidjson::StringRef;

}  // namespace

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

std::string_view withoutByteOrderMark(std::string_view text) {
  constexpr std::string_view kBom = "\xEF\xBB\xBF";  // U+FEFF in UTF-8
  return text.substr(0, kBom.size()) == kBom ? text.substr(kBom.size()) : text;
}

std::string requiredString(const Value& object, const char* name) {
  const Value* value = findMember(object, name);
  if (value == nullptr || !value->IsString()) {
    throw badRequest(name, std::string("Field '") + name + "' is required and must be a string");
  }
  return std::string(withoutByteOrderMark({value->GetString(), value->GetStringLength()}));
}

const Value& optionalObject(const Value& object, const char* name) {
  static const Value kEmpty(rapidjson::kObjectType);
  const Value* value = findMember(object, name);
  if (value == nullptr || value->IsNull()) return kEmpty;
  if (!value->IsObject()) {
    throw badRequest(name, std::string("Field '") + name + "' must be an object");
  }
  return *value;
}

milp::SolveOptions solveOptionsOf(const Value& request) {
  const Value& options_json = optionalObject(request, "options");
  const Value& debug_json = optionalObject(request, "debug");
  milp::SolveOptions options;
  // Any whole number of ms from 0 (no limit) up; a limit past int's range (24.8 days)
  // is that much, which no solve here reaches.
  const double limit_ms =
      optionalField<double>(options_json, "timeLimitMs", 0.0, "a whole number of ms", "options.");
  if (!(limit_ms >= 0) || std::trunc(limit_ms) != limit_ms) {
    throw badRequest("options.timeLimitMs",
                     "Field 'options.timeLimitMs' must be a whole number of ms, 0 (no limit) or "
                     "more");
  }
  options.timeLimitMs = static_cast<int>(std::min(limit_ms, 2147483647.0));
  options.presolve =
      optionalField<bool>(options_json, "presolve", true, "true or false", "options.");
  // Branching and backtracking: GLPK's names. "auto" (the default) is GLPK's own
  // choice for the textbook model and most-fractional branching for the reduced
  // models, which measured faster there (bench/README.md).
  const std::string branching =
      optionalField<std::string>(options_json, "branching", "auto", "a string", "options.");
  const std::string model =
      optionalField<std::string>(options_json, "model", "textbook", "a string", "options.");
  if (branching == "auto") {
    options.branching =
        model == "textbook" ? milp::Branching::kDriebeckTomlin : milp::Branching::kMostFractional;
  } else if (branching == "dth") {
    options.branching = milp::Branching::kDriebeckTomlin;
  } else if (branching == "mfv") {
    options.branching = milp::Branching::kMostFractional;
  } else if (branching == "ffv") {
    options.branching = milp::Branching::kFirstFractional;
  } else if (branching == "lfv") {
    options.branching = milp::Branching::kLastFractional;
  } else if (branching == "pch") {
    options.branching = milp::Branching::kPseudoCost;
  } else {
    throw badRequest("options.branching",
                     "Unknown branching '" + branching + "': one of auto, dth, mfv, ffv, lfv, pch");
  }
  const std::string backtracking =
      optionalField<std::string>(options_json, "backtracking", "blb", "a string", "options.");
  if (backtracking == "blb") {
    options.backtracking = milp::Backtracking::kBestLocalBound;
  } else if (backtracking == "dfs") {
    options.backtracking = milp::Backtracking::kDepthFirst;
  } else if (backtracking == "bfs") {
    options.backtracking = milp::Backtracking::kBreadthFirst;
  } else if (backtracking == "bph") {
    options.backtracking = milp::Backtracking::kBestProjection;
  } else {
    throw badRequest("options.backtracking",
                     "Unknown backtracking '" + backtracking + "': one of blb, dfs, bfs, bph");
  }
  const std::string method = optionalField<std::string>(
      options_json, "method", std::string(milp::toString(milp::Method::kBranchAndBound)),
      "a string", "options.");
  const int method_index = vocabulary::indexOf(vocabulary::kMethods, method);
  if (method_index < 0) {
    throw badRequest("options.method", "Unknown method '" + method + "': one of " +
                                           vocabulary::joined(vocabulary::kMethods));
  }
  options.method = static_cast<milp::Method>(method_index);
  options.recordBranching =
      optionalField<bool>(options_json, "recordBranching", false, "true or false", "options.");
  if (options.recordBranching && options.method == milp::Method::kSat) {
    throw badRequest("options.recordBranching",
                     "The SAT method has no branch-and-bound tree to record: use method "
                     "branch-and-bound");
  }
  // A recorded run backtracks depth-first: GLPK then visits the nodes in an order that
  // follows from the recorded decisions alone (x = 1 child first, then the most recently
  // created node), so a viewer can rebuild the whole tree, leaves included, from the
  // decisions, the node numbers and the incumbent nodes.
  if (options.recordBranching) options.backtracking = milp::Backtracking::kDepthFirst;
  options.forceSolverError =
      optionalField<bool>(debug_json, "forceGlpkError", false, "true or false", "debug.");
  return options;
}

namespace {

Value optionalInt(const std::optional<int>& value) { return value ? Value(*value) : Value(); }
Value optionalDouble(const std::optional<double>& value) {
  return value ? jsonNumber(*value) : Value();
}
Value optionalBool(const std::optional<bool>& value) { return value ? Value(*value) : Value(); }

/// A count as a JSON number (std::size_t is a distinct type on wasm32).
Value countValue(std::size_t count) { return Value(static_cast<std::uint64_t>(count)); }

/// Cells where two grids differ: [{row, column, first, second}], 1-based, symbols.
Value differences(const sudoku::Grid& first, const sudoku::Grid& second, JsonAllocator& a) {
  Value out(rapidjson::kArrayType);
  const int n = first.shape.size();
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (first.at(r, c) != second.at(r, c)) {
        Value cell(rapidjson::kObjectType);
        cell.AddMember("row", r + 1, a)
            .AddMember("column", c + 1, a)
            .AddMember("first", symbolString(first.at(r, c), a), a)
            .AddMember("second", symbolString(second.at(r, c), a), a);
        out.PushBack(cell, a);
      }
    }
  }
  return out;
}

}  // namespace

Value staticString(std::string_view text) {
  return Value(StringRef(text.data(), static_cast<rapidjson::SizeType>(text.size())));
}

Value symbolString(int value, JsonAllocator& a) {
  const char symbol = sudoku::symbolFor(value);
  return jsonString(std::string_view(&symbol, 1), a);
}

void putShape(Value& out, sudoku::Shape shape, JsonAllocator& a) {
  out.AddMember("size", shape.size(), a)
      .AddMember("boxHeight", shape.boxHeight, a)
      .AddMember("boxWidth", shape.boxWidth, a);
}

/// Sends `{"id": id, "progress": progress}` to `sink`; `progress` is allocated from
/// `message`, which becomes the message.
void sendProgress(const ProgressSink& sink, const Value& id, rapidjson::Document& message,
                  Value& progress) {
  JsonAllocator& a = message.GetAllocator();
  message.SetObject();
  message.AddMember("id", Value(id, a), a).AddMember("progress", progress, a);
  sink(message);
}

void addBranching(const milp::SolveResult& solve, const std::vector<std::string>& names,
                  Value& result, JsonAllocator& a) {
  if (names.empty() && solve.incumbentNodes.empty()) return;
  Value branching(rapidjson::kArrayType);
  for (std::size_t k = 0; k < solve.branching.size(); ++k) {
    const milp::BranchRecord& b = solve.branching[k];
    Value decision(rapidjson::kObjectType);
    decision.AddMember("node", b.node, a)
        .AddMember("parent", b.parent, a)
        .AddMember("depth", b.depth, a)
        .AddMember("variable", jsonString(names[k], a), a)
        .AddMember("lpValue", jsonNumber(b.lpValue), a);
    branching.PushBack(decision, a);
  }
  Value incumbents(rapidjson::kArrayType);
  for (int node : solve.incumbentNodes) incumbents.PushBack(node, a);
  result.AddMember("branching", branching, a).AddMember("incumbentNodes", incumbents, a);
}

Value branchAndBoundProgress(const milp::SolveProgress& p, JsonAllocator& m) {
  Value body(rapidjson::kObjectType);
  body.AddMember("phase", "branch-and-bound", m)
      .AddMember("nodes", p.nodes, m)
      .AddMember("activeNodes", p.activeNodes, m)
      .AddMember("depth", p.depth, m)
      .AddMember("incumbent", p.hasIncumbent ? jsonNumber(p.incumbent) : Value(), m)
      .AddMember("bestBound", p.bestBound ? jsonNumber(*p.bestBound) : Value(), m)
      .AddMember("gap", p.gap ? jsonNumber(*p.gap) : Value(), m)
      .AddMember("elapsedMs", p.elapsedMs, m);
  return body;
}

void requireSolverOk(const milp::SolveResult& result) {
  if (result.status == milp::SolveStatus::kError) {
    throw InputError(ErrorCode::kSolverError, result.message);
  }
}

namespace {

[[gnu::noinline]] Value handleParse(const SudokuRequest& request, JsonAllocator& a) {
  // A text's puzzles that do not read are left out and listed, as the genre route and a
  // text of URLs do (a text of URLs comes here as records, its left-out lines listed).
  // Not in the page's first-solve module (no genres): its 250 KB budget has no room for
  // the 3 KB of gzip this takes, and there a text is refused at its first bad line.
  std::vector<RefusedRecord> left_out;
#ifdef GRIDMILP_WITH_GENRES
  const sudoku::ParsedText parsed =
      request.urlLines.empty()
          ? sudoku::parseTextLeavingOut(*request.puzzle, request.parse, &left_out)
          : sudoku::parseText(*request.puzzle, request.parse);
#else
  const sudoku::ParsedText parsed = sudoku::parseText(*request.puzzle, request.parse);
#endif
  Value puzzles(rapidjson::kArrayType);
  puzzles.Reserve(static_cast<rapidjson::SizeType>(parsed.puzzles.size()), a);
  for (std::size_t k = 0; k < parsed.puzzles.size(); ++k) {
    const sudoku::ParsedPuzzle& p = parsed.puzzles[k];
    Value puzzle(rapidjson::kObjectType);
    // A URL's record: its line is the URL's in the request's text.
    puzzle.AddMember("name", jsonString(p.name, a), a)
        .AddMember("line", k < request.urlLines.size() ? request.urlLines[k] : p.line, a)
        .AddMember("givens", jsonString(p.grid.toLine(), a), a);
    if (!p.header.empty()) puzzle.AddMember("header", jsonString(p.header, a), a);
#ifdef GRIDMILP_WITH_GENRES
    // A records text of many sizes (only the module with the genres reads records): a
    // puzzle not of the text's (first) shape says its own.
    const sudoku::Shape& own = p.grid.shape;
    if (own.size() != parsed.shape.size() || own.boxHeight != parsed.shape.boxHeight) {
      putShape(puzzle, own, a);
    }
#endif
    puzzles.PushBack(puzzle, a);
  }
  Value result(rapidjson::kObjectType);
  // A text of URLs is read as records, but its format is what the user gave.
  const bool urls = !request.urlLines.empty();
  result.AddMember("format", StringRef(urls ? "urls" : sudoku::toString(parsed.format)), a)
      .AddMember("symbols", StringRef(sudoku::toString(parsed.symbols)), a);
  putShape(result, parsed.shape, a);
#ifdef GRIDMILP_WITH_GENRES
  if (parsed.mixedShapes) result.AddMember("mixedShapes", true, a);
#endif
  result.AddMember("puzzles", puzzles, a);
  // A text of URLs: the lines left out, as the genre route lists them (protocol.md, parse).
  if (urls || !left_out.empty()) {
    Value refused(rapidjson::kArrayType);
    for (const RefusedRecord& left : urls ? request.urlRefused : left_out) {
      refused.PushBack(toJson(left, a), a);
    }
    result.AddMember("refused", refused, a);
  }
  return result;
}

/// The request's puzzle, parsed once with its parse options, and its genre answer's
/// header (without "=== "): a record's whole header ("1_9x9 source=…"), a text's header
/// ("Grid 01"), else the request's `name`, else "Puzzle 1". A URL's record ("url-1
/// source=…") takes the request's `name` for its own, as on the genre route.
struct RequestPuzzle {
  sudoku::Grid givens;
  std::string name;
};
RequestPuzzle givensOf(const SudokuRequest& request) {
  sudoku::ParsedPuzzle parsed = sudoku::parseOnePuzzle(*request.puzzle, request.parse);
  std::string header = parsed.header.empty() ? std::move(parsed.name) : std::move(parsed.header);
  if (!request.name.empty()) {
    if (!request.urlLines.empty()) {
      header = request.name + header.substr(std::min(header.find(' '), header.size()));
    } else if (header == "Puzzle 1") {
      header = request.name;
    }
  }
  return {std::move(parsed.grid), std::move(header)};
}

/// Protocol v2: the result of a request that names its genre also carries the genre
/// route's fields (genre, rows, columns, answer, board: addSudokuGenreFields); the
/// first-solve module, without the genres' code, adds only "genre".
void addGenreFields(const SudokuRequest& request, const std::string& name,
                    const sudoku::Grid& givens, const sudoku::Grid* answer, Value& result,
                    JsonAllocator& a,
                    const std::vector<sudoku::SudokuSolver::RelaxedValue>* marks = nullptr) {
  if (!request.genreNamed) return;
#ifdef GRIDMILP_WITH_GENRES
  addSudokuGenreFields(name, givens, answer, request.board, marks, result, a);
#else
  (void)name, (void)givens, (void)answer, (void)marks;
  result.AddMember("genre", "sudoku", a);
#endif
}

[[gnu::noinline]] Value handleSolve(const SudokuRequest& request, const Value& id,
                                    const ProgressSink& progress, Clock::time_point start,
                                    JsonAllocator& a) {
  milp::SolveOptions options = request.solve;
  if (progress) {
    // Branch-and-bound progress, at most every progressIntervalMs (default 50 ms).
    options.onProgress = [&](const milp::SolveProgress& p) {
      rapidjson::Document message;
      Value body = branchAndBoundProgress(p, message.GetAllocator());
      sendProgress(progress, id, message, body);
      return true;
    };
  }
  const auto [givens, name] = givensOf(request);
  SolveOutcome outcome =
      solveSudoku(givens, options, request.objectiveFor(givens.shape), request.model);
  outcome.totalMs = msSince(start);
  Value result = toJson(outcome, a, request.explain, request.reduction);
  addGenreFields(request, name, givens, outcome.solution ? &*outcome.solution : nullptr, result, a);
  return result;
}

[[gnu::noinline]] Value handleRelax(const SudokuRequest& request, Clock::time_point start,
                                    JsonAllocator& a) {
  const auto [givens, name] = givensOf(request);
  const sudoku::SudokuSolver solver(givens, std::nullopt, request.model);
  const sudoku::SudokuSolver::Relaxation relaxation = solver.relax(request.solve);
  requireSolverOk(relaxation.result);
  Value values(rapidjson::kArrayType);
  values.Reserve(static_cast<rapidjson::SizeType>(relaxation.values.size()), a);
  for (const auto& v : relaxation.values) {
    Value entry(rapidjson::kArrayType);
    entry.PushBack(v.row, a)
        .PushBack(v.column, a)
        .PushBack(v.digit, a)
        .PushBack(jsonNumber(v.value), a)
        .PushBack(v.fixed ? 1 : 0, a);
    values.PushBack(entry, a);
  }
  Value result(rapidjson::kObjectType);
  result.AddMember("status", staticString(milp::toString(relaxation.result.status)), a)
      .AddMember("model", StringRef(sudoku::toString(request.model)), a)
      .AddMember("integral", relaxation.integral, a);
  putShape(result, givens.shape, a);
  result.AddMember("givens", jsonString(givens.toLine(), a), a)
      .AddMember("objective",
                 relaxation.result.hasSolution ? jsonNumber(relaxation.result.objective) : Value(),
                 a)
      .AddMember("values", values, a)
      .AddMember("reduction",
                 reductionJson(request.model, solver.built().reduction, a, request.explain), a)
      .AddMember("stats", statsJson(relaxation.result, a, -1, msSince(start)), a);
  addGenreFields(request, name, givens, nullptr, result, a, &relaxation.values);
  return result;
}

#ifndef GRIDMILP_NO_MODEL_WRITER
[[gnu::noinline]] Value handleExport(const SudokuRequest& request, Clock::time_point start,
                                     JsonAllocator& a) {
  const auto [givens, name] = givensOf(request);
  const sudoku::SudokuSolver solver(givens, request.objectiveFor(givens.shape), request.model);
  const milp::Model& model = solver.built().model;
  const bool lp = request.format == milp::ModelFormat::kCplexLp;
  Value result(rapidjson::kObjectType);
  result.AddMember("format", StringRef(lp ? "lp" : "mps"), a)
      .AddMember("model", StringRef(sudoku::toString(request.model)), a)
      .AddMember("rows", model.numConstraints(), a)
      .AddMember("columns", model.numVars(), a)
      .AddMember("nonzeros", model.numNonzeros(), a);
  putShape(result, givens.shape, a);
  result.AddMember("givens", jsonString(givens.toLine(), a), a);
  bool wrote_row = false;
#ifdef GRIDMILP_WITH_GENRES
  // (The first-solve module leaves rows out: its decode refuses a "row".)
  const int n = givens.shape.size();
  const std::vector<int> cell_of =
      request.row || request.formulation ? sudoku::cellOfVars(solver.built()) : std::vector<int>{};
  if (request.row) {
    // One row for a reader (the page's model panel) instead of the whole text.
    result.AddMember("row", rowJson(model, *request.row, cell_of, n, a), a);
    wrote_row = true;
  }
  if (request.formulation) {
    sudoku::FormulationObjective objective;
    if (request.objective) {
      using Kind = ObjectiveRequest::Kind;
      objective.kind = request.objective->kind == Kind::kDiagonal
                           ? sudoku::FormulationObjective::Kind::kDiagonal
                       : request.objective->kind == Kind::kFirstRow
                           ? sudoku::FormulationObjective::Kind::kFirstRow
                           : sudoku::FormulationObjective::Kind::kWeights;
      objective.maximise = request.objective->sense == milp::ObjectiveSense::kMaximize;
    }
    // Each rule's first row with its cells (the panel highlights them when the rule is
    // pointed at), not every row: a 25×25 has 2,500.
    puzzles::Formulation f = sudoku::formulationOf(solver.built(), givens.givenCount(), objective);
    puzzles::collectFirstRows(model, cell_of, &f);
    result.AddMember("formulation", toJson(f, puzzles::RectGrid{n, n}, a), a);
  }
#endif
  if (!wrote_row) {
    result.AddMember("text", jsonString(milp::writeModel(model, request.format), a), a);
  }
  result
      .AddMember("reduction",
                 reductionJson(request.model, solver.built().reduction, a, request.explain), a)
      .AddMember("totalMs", msSince(start), a);
  return result;
}
#endif  // GRIDMILP_NO_MODEL_WRITER

[[gnu::noinline]] Value handleUniqueness(const SudokuRequest& request, Clock::time_point start,
                                         JsonAllocator& a) {
  const auto [givens, name] = givensOf(request);
  const sudoku::UniquenessResult u = sudoku::checkUniqueness(givens, request.solve, request.model);
  requireSolverOk(u.first);
  if (u.second) requireSolverOk(*u.second);
  Value result(rapidjson::kObjectType);
  result.AddMember("status", staticString(milp::toString(u.first.status)), a)
      .AddMember("unique", optionalBool(u.unique), a);
  putShape(result, givens.shape, a);
  result.AddMember("givens", jsonString(givens.toLine(), a), a)
      .AddMember("model", StringRef(sudoku::toString(request.model)), a)
      .AddMember("decidedBy", StringRef(u.decidedByReduction ? "reduction" : "glpk"), a);
  if (u.solution) result.AddMember("solution", jsonString(u.solution->toLine(), a), a);
  if (u.secondSolution) {
    result.AddMember("secondSolution", jsonString(u.secondSolution->toLine(), a), a)
        .AddMember("differences", differences(*u.solution, *u.secondSolution, a), a);
  }
  result.AddMember("stats", statsJson(u.first, a), a);
  if (u.second) {
    result.AddMember("secondStatus", staticString(milp::toString(u.second->status)), a)
        .AddMember("secondStats", statsJson(*u.second, a), a);
  }
  result.AddMember("totalMs", msSince(start), a);
  addGenreFields(request, name, givens, u.solution ? &*u.solution : nullptr, result, a);
#ifdef GRIDMILP_WITH_GENRES
  if (request.genreNamed && u.secondSolution) {
    result.AddMember("secondAnswer", sudokuAnswerJson(name, givens, *u.secondSolution, a), a);
  }
#endif
  return result;
}

[[gnu::noinline]] Value handleEnumerate(const SudokuRequest& request, const Value& id,
                                        const ProgressSink& progress, Clock::time_point start,
                                        JsonAllocator& a) {
  const int limit = request.limit;
  const auto [givens, name] = givensOf(request);
  const sudoku::EnumerationResult e = sudoku::enumerate(
      givens, limit, request.solve,
      [&](const sudoku::Grid& solution, int found) {
        if (progress) {
          rapidjson::Document message;
          JsonAllocator& m = message.GetAllocator();
          Value body(rapidjson::kObjectType);
          body.AddMember("found", found, m)
              .AddMember("limit", limit, m)
              .AddMember("solution", jsonString(solution.toLine(), m), m)
              .AddMember("elapsedMs", msSince(start), m);
          sendProgress(progress, id, message, body);
        }
        return true;
      },
      request.model);
  if (e.lastStatus == milp::SolveStatus::kError) {
    throw InputError(ErrorCode::kSolverError, "GLPK failed during the enumeration");
  }
  Value solutions(rapidjson::kArrayType);
  for (const sudoku::Grid& g : e.solutions) solutions.PushBack(jsonString(g.toLine(), a), a);
  Value stats(rapidjson::kObjectType);
  stats.AddMember("solves", e.solves, a)
      .AddMember("solveMs", e.solveMs, a)
      .AddMember("totalMs", msSince(start), a);
  Value result(rapidjson::kObjectType);
  result.AddMember("count", countValue(e.solutions.size()), a)
      .AddMember("complete", e.complete, a)
      .AddMember("limit", limit, a)
      .AddMember("lastStatus", staticString(milp::toString(e.lastStatus)), a);
  putShape(result, givens.shape, a);
  result.AddMember("givens", jsonString(givens.toLine(), a), a)
      .AddMember("solutions", solutions, a)
      .AddMember("stats", stats, a);
  addGenreFields(request, name, givens, nullptr, result, a);
#ifdef GRIDMILP_WITH_GENRES
  if (request.genreNamed) {
    // As the genre route: each answer, with its board when asked ("boards").
    Value answers(rapidjson::kArrayType);
    for (const sudoku::Grid& g : e.solutions) {
      Value one = sudokuAnswerJson(name, givens, g, a);
      if (request.boards) one.AddMember("board", sudokuBoardJson(givens, &g, a), a);
      answers.PushBack(one, a);
    }
    result.AddMember("answers", answers, a);
  }
#endif
  return result;
}

[[gnu::noinline]] Value handleComplete(const SudokuRequest& request, Clock::time_point start,
                                       JsonAllocator& a) {
  // With the SAT method the seed fills only an empty grid's diagonal boxes (see
  // completeRandomly): MiniSat's first assignment completes the rest.
  const auto [givens, name] =
      request.puzzle ? givensOf(request)
                     : RequestPuzzle{sudoku::Grid(request.shapeWithoutPuzzle()), "Puzzle 1"};
  const sudoku::Completion completion =
      sudoku::completeRandomly(givens, request.seed, request.solve);
  requireSolverOk(completion.result);
  Value result(rapidjson::kObjectType);
  result.AddMember("status", staticString(milp::toString(completion.result.status)), a)
      .AddMember("seed", request.seed, a);
  putShape(result, givens.shape, a);
  result.AddMember("givens", jsonString(givens.toLine(), a), a);
  if (completion.grid) result.AddMember("solution", jsonString(completion.grid->toLine(), a), a);
  result.AddMember("stats", statsJson(completion.result, a, -1, msSince(start)), a);
  addGenreFields(request, name, givens, completion.grid ? &*completion.grid : nullptr, result, a);
  return result;
}

#ifndef GRIDMILP_NO_GENERATOR
[[gnu::noinline]] Value handleGenerate(const SudokuRequest& request, const Value& id,
                                       const ProgressSink& progress, Clock::time_point start,
                                       JsonAllocator& a) {
  sudoku::GenerateOptions options;
  options.shape = request.shapeWithoutPuzzle();
  options.seed = request.seed;
  options.targetGivens = request.targetGivens;
  options.symmetry = request.symmetry;
  options.solveTimeLimitMs = request.solve.timeLimitMs;
  // Generation is a feasibility job (no objective): the SAT method unless asked otherwise.
  options.method = request.methodGiven ? request.solve.method : milp::Method::kSat;
  const sudoku::GenerateResult g =
      sudoku::generate(options, [&](const sudoku::GenerateProgress& p) {
        if (progress) {
          rapidjson::Document message;
          JsonAllocator& m = message.GetAllocator();
          Value body(rapidjson::kObjectType);
          body.AddMember(
                  "phase",
                  StringRef(p.phase == sudoku::GeneratePhase::kRating ? "rating" : "removing"), m)
              .AddMember("checked", p.checked, m)
              .AddMember("total", p.total, m)
              .AddMember("givens", p.givens, m)
              .AddMember("elapsedMs", msSince(start), m);
          if (p.puzzle != nullptr) body.AddMember("puzzle", jsonString(p.puzzle->toLine(), m), m);
          sendProgress(progress, id, message, body);
        }
        return true;
      });
  Value difficulty(rapidjson::kObjectType);
  difficulty.AddMember("status", staticString(milp::toString(g.difficulty.status)), a)
      .AddMember("stats", statsJson(g.difficulty, a), a);
  Value result(rapidjson::kObjectType);
  result.AddMember("seed", options.seed, a)
      .AddMember("symmetry", StringRef(sudoku::toString(options.symmetry)), a)
      .AddMember("targetGivens", options.targetGivens, a);
  putShape(result, options.shape, a);
  result.AddMember("puzzle", jsonString(g.puzzle.toLine(), a), a)
      .AddMember("solution", jsonString(g.solution.toLine(), a), a)
      .AddMember("givens", g.puzzle.givenCount(), a)
      .AddMember("minimal", g.minimal, a)
      .AddMember("targetReached", g.targetReached, a)
      .AddMember("uniquenessChecks", g.uniquenessChecks, a)
      .AddMember("method", staticString(milp::toString(options.method)), a)
      .AddMember("completeMs", g.completeMs, a)
      .AddMember("totalMs", msSince(start), a)
      .AddMember("difficulty", difficulty, a);
  // As the genre route: the board of the puzzle, and its answer.
  // Named as the genre route names what it generates.
  const std::string name = "generated-sudoku-" + std::to_string(options.seed);
  addGenreFields(request, name, g.puzzle, nullptr, result, a);
#ifdef GRIDMILP_WITH_GENRES
  if (request.genreNamed) {
    result.AddMember("answer", sudokuAnswerJson(name, g.puzzle, g.solution, a), a);
  }
#endif
  return result;
}
#endif  // GRIDMILP_NO_GENERATOR

/// `result`, with "genre": "sudoku" when the request named its genre (the types whose
/// results have no one puzzle's answer or board: parse, exportModel, explainInfeasible).
Value withGenre(const SudokuRequest& request, Value result, JsonAllocator& a) {
  if (request.genreNamed && !result.HasMember("genre")) result.AddMember("genre", "sudoku", a);
  return result;
}

// Each handler above is kept out of this switch ([[gnu::noinline]]): the compiler put
// every one (each has this one caller) into it, a 53 KB function that V8 compiled
// anew with its optimising tier (TurboFan) in about 230 ms the first time a batch of
// solves made it hot, on a core the solves wanted (Node 20, 2 cores). Alone, each is
// compiled only when its own requests are many.

/// Answers a decoded Sudoku request (protocol.md).
Value handleSudokuRequest(const SudokuRequest& request, const Value& id,
                          const ProgressSink& progress, Clock::time_point start, JsonAllocator& a) {
  switch (request.type) {
    case SudokuRequestType::kParse:
      return withGenre(request, handleParse(request, a), a);
    case SudokuRequestType::kSolve:
      return handleSolve(request, id, progress, start, a);
    case SudokuRequestType::kRelax:
      return handleRelax(request, start, a);
    case SudokuRequestType::kExportModel:
#ifdef GRIDMILP_NO_MODEL_WRITER
      // The page's worker sends every export (GLPK's writers, single rows and the
      // formulation) to the module with the SAT method.
      throw leftOutToStaySmall(
          "format", "GLPK's model writers (LP and MPS), single rows and the formulation");
#else
      return withGenre(request, handleExport(request, start, a), a);
#endif
    case SudokuRequestType::kCheckUniqueness:
      return handleUniqueness(request, start, a);
    case SudokuRequestType::kEnumerate:
      return handleEnumerate(request, id, progress, start, a);
    case SudokuRequestType::kComplete:
      return handleComplete(request, start, a);
    case SudokuRequestType::kGenerate:
#ifdef GRIDMILP_NO_GENERATOR
      // The page's worker sends generation (whose default, the SAT method, is not in
      // this module either) to the module with the SAT method.
      throw leftOutToStaySmall("type", "the generator");
#else
      return handleGenerate(request, id, progress, start, a);
#endif
    case SudokuRequestType::kExplainInfeasible:
#ifdef GRIDMILP_WITH_GENRES
      return withGenre(request, handleExplainInfeasible(request, id, progress, start, a), a);
#else
      throw leftOutToStaySmall("type", "explainInfeasible");
#endif
  }
  throw std::logic_error("unhandled Sudoku request type");
}

/// The response to a request that is not JSON: {"id": null, "error": {...}}.
rapidjson::Document notJsonResponse(const InputError& error) {
  rapidjson::Document response(rapidjson::kObjectType);
  JsonAllocator& a = response.GetAllocator();
  response.AddMember("id", Value(), a).AddMember("error", toJson(error, a), a);
  return response;
}

/// An internal_error object: "Internal error: <what>".
Value internalError(const char* what, JsonAllocator& a) {
  Value error(rapidjson::kObjectType);
  error.AddMember("code", "internal_error", a)
      .AddMember("message", jsonString(std::string("Internal error: ") + what, a), a);
  return error;
}

}  // namespace

SolveOutcome solveSudoku(const sudoku::Grid& givens, const milp::SolveOptions& options,
                         const std::optional<sudoku::CellObjective>& objective,
                         sudoku::ModelKind kind) {
  const auto start = Clock::now();
  SolveOutcome outcome;
  outcome.givens = givens;
  outcome.objective = objective;
  outcome.kind = kind;
  sudoku::SudokuSolver solver(givens, objective, kind);
  outcome.buildMs = msSince(start);
  // The time limit is the whole solve's: building the model (probing, for the probed
  // model, took up to 0.1 s on 25×25) leaves GLPK the rest, at least 1 ms.
  milp::SolveOptions rest = options;
  if (rest.timeLimitMs > 0) {
    rest.timeLimitMs = std::max(1, rest.timeLimitMs - static_cast<int>(std::ceil(outcome.buildMs)));
  }
  outcome.result = solver.solve(rest);
  outcome.reduction = solver.built().reduction;
  for (const milp::BranchRecord& b : outcome.result.branching) {
    outcome.branchVariables.push_back(solver.built().model.name(b.variable));
  }
  outcome.decidedByReduction = solver.decidedByReduction();
  outcome.method = options.method;
  requireSolverOk(outcome.result);
  if (outcome.result.hasSolution) outcome.solution = solver.solution();
  outcome.partial = solver.partial();
  outcome.totalMs = msSince(start);
  return outcome;
}

Value statsJson(const milp::SolveResult& result, JsonAllocator& a, double build_ms,
                double total_ms) {
  const milp::SolveStats& s = result.stats;
  Value stats(rapidjson::kObjectType);
  stats.AddMember("rows", s.rows, a)
      .AddMember("columns", s.columns, a)
      .AddMember("nonzeros", s.nonzeros, a)
      .AddMember("presolvedRows", optionalInt(s.presolvedRows), a)
      .AddMember("presolvedColumns", optionalInt(s.presolvedColumns), a)
      .AddMember("presolvedNonzeros", optionalInt(s.presolvedNonzeros), a)
      .AddMember("nodes", s.nodes, a)
      .AddMember("simplexIterations", s.simplexIterations, a)
      .AddMember("rootLpIntegral", optionalBool(s.rootLpIntegral), a)
      .AddMember("bestBound", optionalDouble(s.bestBound), a)
      .AddMember("gap", optionalDouble(s.gap), a)
      .AddMember("solveMs", s.solveMs, a);
  if (s.sat) {
    Value sat(rapidjson::kObjectType);
    sat.AddMember("variables", s.sat->variables, a)
        .AddMember("clauses", s.sat->clauses, a)
        .AddMember("literals", s.sat->literals, a)
        .AddMember("conflicts", s.sat->conflicts, a)
        .AddMember("decisions", s.sat->decisions, a)
        .AddMember("propagations", s.sat->propagations, a)
        .AddMember("restarts", s.sat->restarts, a)
        .AddMember("translation", rapidjson::StringRef(s.sat->direct ? "direct" : "glpk"), a);
    stats.AddMember("method", staticString(milp::toString(milp::Method::kSat)), a)
        .AddMember("sat", sat, a);
  } else {
    stats.AddMember("method", staticString(milp::toString(milp::Method::kBranchAndBound)), a);
  }
  if (build_ms >= 0) stats.AddMember("buildMs", build_ms, a);
  if (total_ms >= 0) stats.AddMember("totalMs", total_ms, a);
  return stats;
}

Value toJson(const SolveOutcome& outcome, JsonAllocator& a, bool explain, bool reduction) {
  Value result(rapidjson::kObjectType);
  result.AddMember("status", staticString(milp::toString(outcome.result.status)), a);
  putShape(result, outcome.givens.shape, a);
  result.AddMember("givens", jsonString(outcome.givens.toLine(), a), a);
  if (outcome.solution) result.AddMember("solution", jsonString(outcome.solution->toLine(), a), a);
  if (outcome.partial) {
    result.AddMember("partialFill", jsonString(outcome.partial->toLine(), a), a)
        .AddMember("placed", outcome.partial->givenCount(), a);
  }
  if (outcome.objective) {
    Value objective(rapidjson::kObjectType);
    objective
        .AddMember(
            "sense",
            StringRef(outcome.objective->sense == milp::ObjectiveSense::kMaximize ? "maximize"
                                                                                  : "minimize"),
            a)
        .AddMember("value",
                   outcome.result.hasSolution ? jsonNumber(outcome.result.objective) : Value(), a)
        .AddMember("bound", optionalDouble(outcome.result.stats.bestBound), a)
        .AddMember("gap", optionalDouble(outcome.result.stats.gap), a);
    result.AddMember("objective", objective, a);
  }
  addBranching(outcome.result, outcome.branchVariables, result, a);
  result.AddMember("model", StringRef(sudoku::toString(outcome.kind)), a)
      .AddMember("decidedBy", StringRef(outcome.decidedByReduction ? "reduction" : "glpk"), a);
  if (reduction) {
    result.AddMember("reduction", reductionJson(outcome.kind, outcome.reduction, a, explain), a);
  }
  result.AddMember("stats", statsJson(outcome.result, a, outcome.buildMs, outcome.totalMs), a);
  // Decided before GLPK ran: the route is the one asked for (the CLI's summary says it).
  if (outcome.decidedByReduction) {
    result["stats"]["method"] = staticString(milp::toString(outcome.method));
  }
  return result;
}

Value reductionJson(sudoku::ModelKind kind, const sudoku::Reduction& reduction, JsonAllocator& a,
                    bool explain) {
  int naked = 0, hidden = 0;
  for (const sudoku::Fixing& f : reduction.fixings) {
    (f.rule == sudoku::FixRule::kNakedSingle ? naked : hidden) += 1;
  }
  // Candidates removed, indexed by EliminationRule (kProbing is its last rule).
  int removed_by[static_cast<int>(sudoku::EliminationRule::kProbing) + 1] = {};
  for (const sudoku::Elimination& e : reduction.eliminations) {
    removed_by[static_cast<int>(e.rule)] += e.removed;
  }
  Value out(rapidjson::kObjectType);
  out.AddMember("model", StringRef(sudoku::toString(kind)), a)
      .AddMember("candidatesRemoved", reduction.candidatesRemoved, a)
      .AddMember("rowsRemoved", reduction.rowsRemoved, a)
      .AddMember("nakedSingles", naked, a)
      .AddMember("hiddenSingles", hidden, a)
      .AddMember("lockedCandidates", removed_by[0], a)
      .AddMember("nakedPairs", removed_by[1], a)
      .AddMember("hiddenPairs", removed_by[2], a)
      .AddMember("probing", removed_by[3], a);
  if (explain) {  // the lists only on request: they are most of an easy puzzle's response
    Value fixings(rapidjson::kArrayType);
    for (const sudoku::Fixing& f : reduction.fixings) {
      Value fixing(rapidjson::kObjectType);
      fixing.AddMember("row", f.cell.row, a)
          .AddMember("column", f.cell.column, a)
          .AddMember("value", symbolString(f.value, a), a)
          .AddMember("rule", StringRef(sudoku::toString(f.rule)), a);
      if (f.unit.present()) fixing.AddMember("unit", jsonString(sudoku::toString(f.unit), a), a);
      fixings.PushBack(fixing, a);
    }
    Value eliminations(rapidjson::kArrayType);
    for (const sudoku::Elimination& e : reduction.eliminations) {
      Value elimination(rapidjson::kObjectType);
      elimination.AddMember("rule", StringRef(sudoku::toString(e.rule)), a)
          .AddMember("removed", e.removed, a)
          .AddMember("detail", jsonString(sudoku::describe(e), a), a);
      eliminations.PushBack(elimination, a);
    }
    out.AddMember("fixings", fixings, a).AddMember("eliminations", eliminations, a);
  }
  out.AddMember("contradiction",
                reduction.contradiction ? jsonString(*reduction.contradiction, a) : Value(), a);
  return out;
}

Value toJson(const InputError& error, JsonAllocator& a) {
  Value out(rapidjson::kObjectType);
  out.AddMember("code", StringRef(toString(error.code())), a)
      .AddMember("message", jsonString(validUtf8(error.what()), a), a);
  const Where& w = error.where();
  Value where(rapidjson::kObjectType);
  if (w.puzzle) where.AddMember("puzzle", *w.puzzle, a);
  if (w.line) where.AddMember("line", *w.line, a);
  if (w.column) where.AddMember("column", *w.column, a);
  if (w.character) where.AddMember("character", jsonString(validUtf8(*w.character), a), a);
  if (w.field) where.AddMember("field", jsonString(*w.field, a), a);
  if (!w.cells.empty()) {
    Value cells(rapidjson::kArrayType);
    for (const CellRef& c : w.cells) {
      Value cell(rapidjson::kObjectType);
      cell.AddMember("row", c.row, a).AddMember("column", c.column, a);
      cells.PushBack(cell, a);
    }
    where.AddMember("cells", cells, a);
  }
  if (where.MemberCount() > 0) out.AddMember("where", where, a);
  return out;
}

Value toJson(const RefusedRecord& left, JsonAllocator& a) {
  Value record(rapidjson::kObjectType);
  record.AddMember("name", jsonString(left.name, a), a)
      .AddMember("line", left.line, a)
      .AddMember("lines", left.lines, a)
      .AddMember("error", toJson(left.error, a), a);
  if (!left.genre.empty()) record.AddMember("genre", jsonString(left.genre, a), a);
  return record;
}

rapidjson::Document handle(const Value& request, const ProgressSink& progress) {
  const auto start = Clock::now();
  rapidjson::Document response(rapidjson::kObjectType);
  JsonAllocator& a = response.GetAllocator();
  Value id;
  Value body;
  const char* outcome = "result";
  std::string request_type = "unknown";  // for an out-of-memory message
  static const char* kTypes =
      "one of version, parse, solve, relax, exportModel, checkUniqueness, enumerate, complete, "
      "generate, explainInfeasible, formulation, board";
  try {
    if (!request.IsObject()) throw badRequest("", "A request must be a JSON object");
    if (const Value* found = findMember(request, "id")) {
      // Only a number, a string or null is echoed: copying and writing a value is
      // recursive, and an id nested 100,000 deep would exhaust the stack.
      if (!found->IsNull() && !found->IsNumber() && !found->IsString()) {
        throw badRequest("id", "Field 'id' must be a number, a string or null");
      }
      id.CopyFrom(*found, a);
    }
    const Value* type_value = findMember(request, "type");
    if (type_value == nullptr || !type_value->IsString()) {
      throw badRequest("type", std::string("Field 'type' is required: ") + kTypes);
    }
    const std::string type(type_value->GetString(), type_value->GetStringLength());
    if (type.size() <= 20 && std::all_of(type.begin(), type.end(), [](char c) {
          return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        })) {
      request_type = type;
    }
    const Value* genre = findMember(request, "genre");
    bool genre_route =
        type == "formulation" || type == "board" ||
        (genre != nullptr && !genre->IsNull() && !(genre->IsString() && *genre == "sudoku"));
#ifdef GRIDMILP_WITH_GENRES
    // A puzz.link URL names its genre: without a "genre" field, it decides the route
    // (a text of URLs of several genres, Sudoku among them, takes the genres' route).
    if (!genre_route && (genre == nullptr || genre->IsNull())) {
      const Value* text = findMember(request, type == "parse" ? "text" : "puzzle");
      if (text != nullptr && text->IsString()) {
        const std::vector<std::string> of_urls = puzzles::urlTextGenres(
            withoutByteOrderMark(std::string_view(text->GetString(), text->GetStringLength())));
        genre_route = std::any_of(of_urls.begin(), of_urls.end(),
                                  [](const std::string& g) { return g != "sudoku"; });
      }
    }
#endif
    if (type != "version" && genre_route) {
#ifdef GRIDMILP_WITH_GENRES
      body = handleGenreRequest(type, request, id, progress, start, a);
#else
      throw badRequest("genre",
                       "This module solves Sudoku only: the other genres (and the "
                       "formulation and board requests) are in the module with the SAT "
                       "method, gridmilp_wasm_sat");
#endif
    } else if (type == "version") {
      body.SetObject();
      body.AddMember("gridmilp", StringRef(kVersion), a)
          .AddMember("glpk", jsonString(milp::glpkVersion(), a), a)
          .AddMember("protocol", kProtocolVersion, a);
      Value methods(rapidjson::kArrayType);
      methods.PushBack(staticString(milp::toString(milp::Method::kBranchAndBound)), a);
      if (milp::satMethodEnabled()) {
        methods.PushBack(staticString(milp::toString(milp::Method::kSat)), a);
      }
      body.AddMember("methods", methods, a);
      Value genres(rapidjson::kArrayType);
#ifdef GRIDMILP_WITH_GENRES
      for (const puzzles::Genre* genre : puzzles::allGenres()) {
        Value entry(rapidjson::kObjectType);
        entry.AddMember("id", jsonString(genre->id(), a), a)
            .AddMember("title", jsonString(genre->title(), a), a);
        genres.PushBack(entry, a);
      }
#else
      Value sudoku(rapidjson::kObjectType);
      sudoku.AddMember("id", "sudoku", a).AddMember("title", "Sudoku", a);
      genres.PushBack(sudoku, a);
#endif
      body.AddMember("genres", genres, a);
    } else if (type == "parse" || type == "solve" || type == "relax" || type == "exportModel" ||
               type == "checkUniqueness" || type == "enumerate" || type == "complete" ||
               type == "generate" || type == "explainInfeasible") {
      SudokuRequest sudoku_request = decodeSudokuRequest(type, request);
#ifdef GRIDMILP_WITH_GENRES
      if (sudoku_request.puzzle && puzzles::urlTextGenre(*sudoku_request.puzzle)) {
        // A batch's parse leaves out the lines it cannot read and lists them, as the genre
        // route's does; a request for one puzzle is refused at its text's first bad line.
        puzzles::SudokuUrlRecords records = puzzles::sudokuRecordsOfUrls(
            *sudoku_request.puzzle, type == "parse", sudoku_request.parse.size);
        if (type != "parse" && records.lines.size() > 1) {  // said at the user's line
          Where where;
          where.puzzle = 2;
          where.line = records.lines[1];
          throw InputError(ErrorCode::kWrongLength,
                           "The text holds " + std::to_string(records.lines.size()) +
                               " puzzles; expected one (the second is the URL on line " +
                               std::to_string(records.lines[1]) + ")",
                           where);
        }
        // The records' size lines are each URL's (checked against the request's size),
        // and their rows are written in 1–9 then A–Z whatever the request's symbols.
        sudoku_request.parse.size = 0;
        sudoku_request.parse.symbols = sudoku::Symbols::kDigits;
        sudoku_request.puzzle = std::move(records.text);
        sudoku_request.urlLines = std::move(records.lines);
        sudoku_request.urlRefused = std::move(records.refused);
      }
#endif
      body = handleSudokuRequest(sudoku_request, id, progress, start, a);
    } else {
      throw badRequest("type", "Unknown request type '" + type + "': " + kTypes);
    }
  } catch (const InputError& e) {
    outcome = "error";
    body = toJson(e, a);
  } catch (const std::bad_alloc&) {
    // Everything the request allocated is freed by now; the caller may want a fresh
    // engine anyway (a WebAssembly module's memory never shrinks).
    outcome = "error";
    body = toJson(InputError(ErrorCode::kOutOfMemory,
                             "The solver ran out of memory answering this " + request_type +
                                 " request: the input or its model is too large for it"),
                  a);
  } catch (const std::exception& e) {
    outcome = "error";
    body = internalError(e.what(), a);
  }
  response.AddMember("id", id, a).AddMember(StringRef(outcome), body, a);
  return response;
}

std::string handleRequest(std::string_view request_json, const ProgressSink& progress) {
  rapidjson::Document response;
  try {
    response = handle(parseJson(request_json, "The request"), progress);
  } catch (const InputError& e) {  // not JSON
    response = notJsonResponse(e);
  }
  try {
    return writeJson(response);
  } catch (const std::exception& e) {  // a string that is not UTF-8: a bug of ours
    rapidjson::Document fallback(rapidjson::kObjectType);
    JsonAllocator& a = fallback.GetAllocator();
    fallback.AddMember("id", Value(), a).AddMember("error", internalError(e.what(), a), a);
    return writeJson(fallback);
  }
}

}  // namespace gridmilp::app
