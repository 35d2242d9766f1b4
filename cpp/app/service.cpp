// gridmilp — the request/response service.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/service.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <exception>
#include <string>
#include <type_traits>

#ifdef GRIDMILP_WITH_GENRES
#include "app/genres.h"
#include "puzzles/common/registry.h"
#endif
#include "app/request.h"
#include "milp/glpk_backend.h"
#include "puzzles/sudoku/model.h"

namespace gridmilp::app {
namespace {

using rapidjson::StringRef;

/// Largest `limit` of an enumerate request.
constexpr int kMaxEnumerate = 100000;

}  // namespace

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

std::string requiredString(const Value& object, const char* name) {
  const Value* value = findMember(object, name);
  if (value == nullptr || !value->IsString()) {
    throw badRequest(name, std::string("Field '") + name + "' is required and must be a string");
  }
  return std::string(value->GetString(), value->GetStringLength());
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

namespace {

/// The text of a whole JSON number (for messages).
std::string wholeNumberText(const Value& number) {
  return number.IsInt64() ? std::to_string(number.GetInt64()) : std::to_string(number.GetUint64());
}

/// The parse options of a request: "size" (a number, or absent/"auto" to detect),
/// "boxHeight", "boxWidth", "symbols".
sudoku::ParseOptions parseOptionsOf(const Value& request) {
  sudoku::ParseOptions options;
  const Value* size = findMember(request, "size");
  if (size != nullptr && !size->IsNull() && !(size->IsString() && *size == "auto")) {
    if (!size->IsInt64() && !size->IsUint64()) {
      throw badRequest("size", "Field 'size' must be a whole number (4 to 35) or \"auto\"");
    }
    if (!size->IsInt() || size->GetInt() < 1 || size->GetInt() > sudoku::kMaxSize) {
      throw badRequest("size", "Size " + wholeNumberText(*size) + " is not supported (1 to " +
                                   std::to_string(sudoku::kMaxSize) + ")");
    }
    options.size = size->GetInt();
  }
  options.boxHeight = optionalField<int>(request, "boxHeight", 0, "a whole number", "");
  options.boxWidth = optionalField<int>(request, "boxWidth", 0, "a whole number", "");
  if ((options.boxHeight != 0 || options.boxWidth != 0) && options.size == 0) {
    throw badRequest("boxHeight", "A box shape needs a size: set 'size' too");
  }
  options.symbols = sudoku::symbolsFromString(
      optionalField<std::string>(request, "symbols", "auto", "a string", ""));
  return options;
}

/// The shape of a request that names no puzzle (generate, complete without one):
/// size default 9.
sudoku::Shape shapeOfRequest(const Value& request) {
  sudoku::ParseOptions options = parseOptionsOf(request);
  return sudoku::shapeFor(options.size == 0 ? 9 : options.size, options.boxHeight,
                          options.boxWidth);
}

}  // namespace

milp::SolveOptions solveOptionsOf(const Value& request) {
  const Value& options_json = optionalObject(request, "options");
  const Value& debug_json = optionalObject(request, "debug");
  milp::SolveOptions options;
  options.timeLimitMs =
      optionalField<int>(options_json, "timeLimitMs", 0, "a whole number of ms", "options.");
  if (options.timeLimitMs < 0) {
    throw badRequest("options.timeLimitMs", "Field 'options.timeLimitMs' must not be negative");
  }
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
  const std::string method = optionalField<std::string>(options_json, "method", "branch-and-bound",
                                                        "a string", "options.");
  if (method == "sat") {
    options.method = milp::Method::kSat;
  } else if (method != "branch-and-bound") {
    throw badRequest("options.method",
                     "Unknown method '" + method + "': one of branch-and-bound, sat");
  }
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

/// Refuses the SAT method for `what` (an objective to optimise, a random completion):
/// it finds any solution and ignores the objective.
void requireBranchAndBound(const milp::SolveOptions& options, const std::string& what) {
  if (options.method == milp::Method::kSat) {
    throw badRequest("options.method", "The SAT method finds any solution and cannot " + what +
                                           ": use method branch-and-bound");
  }
}

/// options.model: "textbook" (default, for now), "candidates", "reduced" or "probed".
sudoku::ModelKind modelKindOf(const Value& request) {
  const Value& options_json = optionalObject(request, "options");
  return sudoku::modelKindFromString(
      optionalField<std::string>(options_json, "model", "textbook", "a string", "options."));
}

/// options.explain: list every fixing and elimination of the reduction (default: the
/// counts only, which keeps a batch's responses small).
bool explainOf(const Value& request) {
  return optionalField<bool>(optionalObject(request, "options"), "explain", false, "true or false",
                             "options.");
}

std::uint32_t seedOf(const Value& request) {
  const Value* seed = findMember(request, "seed");
  if (seed == nullptr || seed->IsNull()) return 1;
  if (!seed->IsInt64() || seed->GetInt64() < 0 || seed->GetInt64() > 4294967295LL) {
    throw badRequest("seed", "Field 'seed' must be a whole number from 0 to 4294967295");
  }
  return static_cast<std::uint32_t>(seed->GetInt64());
}

/// The objective of a request: {"preset": "diagonal"|"firstRow"} or
/// {"sense": "maximize"|"minimize", "weights": n·n numbers, flat or as n rows}.
std::optional<sudoku::CellObjective> objectiveOf(const Value& request, sudoku::Shape shape) {
  const Value* found = findMember(request, "objective");
  if (found == nullptr || found->IsNull()) return std::nullopt;
  if (!found->IsObject()) throw badRequest("objective", "Field 'objective' must be an object");
  const Value& o = *found;
  if (findMember(o, "preset") != nullptr) {
    const std::string preset =
        optionalField<std::string>(o, "preset", "", "a string", "objective.");
    if (preset == "diagonal") return sudoku::diagonalObjective(shape);
    if (preset == "firstRow") return sudoku::firstRowObjective(shape);
    throw badRequest("objective.preset",
                     "Unknown objective preset '" + preset + "': one of diagonal, firstRow");
  }
  sudoku::CellObjective objective;
  const std::string sense =
      optionalField<std::string>(o, "sense", "maximize", "a string", "objective.");
  if (sense == "maximize") {
    objective.sense = milp::ObjectiveSense::kMaximize;
  } else if (sense == "minimize") {
    objective.sense = milp::ObjectiveSense::kMinimize;
  } else {
    throw badRequest("objective.sense", "Field 'objective.sense' must be maximize or minimize");
  }
  const Value* weights = findMember(o, "weights");
  if (weights == nullptr || !weights->IsArray()) {
    throw badRequest("objective.weights", "Field 'objective.weights' must be an array of " +
                                              std::to_string(shape.cells()) + " numbers");
  }
  for (const Value& w : weights->GetArray()) {
    if (w.IsArray()) {
      for (const Value& v : w.GetArray()) {
        if (!v.IsNumber()) throw badRequest("objective.weights", "Every weight must be a number");
        objective.weights.push_back(v.GetDouble());
      }
    } else if (w.IsNumber()) {
      objective.weights.push_back(w.GetDouble());
    } else {
      throw badRequest("objective.weights", "Every weight must be a number");
    }
  }
  return objective;
}

Value optionalInt(const std::optional<int>& value) { return value ? Value(*value) : Value(); }
Value optionalDouble(const std::optional<double>& value) {
  return value ? jsonNumber(*value) : Value();
}
Value optionalBool(const std::optional<bool>& value) { return value ? Value(*value) : Value(); }

/// A string with static storage (the names of enum values): referenced, not copied.
Value staticString(std::string_view text) {
  return Value(StringRef(text.data(), static_cast<rapidjson::SizeType>(text.size())));
}

/// A count as a JSON number (std::size_t is a distinct type on wasm32).
Value countValue(std::size_t count) { return Value(static_cast<std::uint64_t>(count)); }

/// A one-symbol string ("5", "A") for a cell value.
Value symbolString(int value, JsonAllocator& a) {
  const char symbol = sudoku::symbolFor(value);
  return jsonString(std::string_view(&symbol, 1), a);
}

/// size, boxHeight, boxWidth of a shape, added to `out`.
void putShape(Value& out, sudoku::Shape shape, JsonAllocator& a) {
  out.AddMember("size", shape.size(), a)
      .AddMember("boxHeight", shape.boxHeight, a)
      .AddMember("boxWidth", shape.boxWidth, a);
}

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

Value handleParse(const Value& request, JsonAllocator& a) {
  const std::string text = requiredString(request, "text");
  const sudoku::ParsedText parsed = sudoku::parseText(text, parseOptionsOf(request));
  Value puzzles(rapidjson::kArrayType);
  puzzles.Reserve(static_cast<rapidjson::SizeType>(parsed.puzzles.size()), a);
  for (const sudoku::ParsedPuzzle& p : parsed.puzzles) {
    Value puzzle(rapidjson::kObjectType);
    puzzle.AddMember("name", jsonString(p.name, a), a)
        .AddMember("line", p.line, a)
        .AddMember("givens", jsonString(p.grid.toLine(), a), a);
    puzzles.PushBack(puzzle, a);
  }
  Value result(rapidjson::kObjectType);
  result.AddMember("format", StringRef(sudoku::toString(parsed.format)), a)
      .AddMember("symbols", StringRef(sudoku::toString(parsed.symbols)), a);
  putShape(result, parsed.shape, a);
  result.AddMember("puzzles", puzzles, a);
  return result;
}

Value handleSolve(const Value& request, const Value& id, const ProgressSink& progress,
                  Clock::time_point start, JsonAllocator& a) {
  const std::string text = requiredString(request, "puzzle");
  milp::SolveOptions options = solveOptionsOf(request);
  const Value& options_json = optionalObject(request, "options");
  options.progressIntervalMs =
      optionalField<double>(options_json, "progressIntervalMs", 50.0, "a number of ms", "options.");
  if (progress) {
    // Branch-and-bound progress, at most every progressIntervalMs (default 50 ms).
    options.onProgress = [&](const milp::SolveProgress& p) {
      rapidjson::Document message;
      Value body = branchAndBoundProgress(p, message.GetAllocator());
      sendProgress(progress, id, message, body);
      return true;
    };
  }
  const sudoku::Grid givens = sudoku::parseOne(text, parseOptionsOf(request));
  const std::optional<sudoku::CellObjective> objective = objectiveOf(request, givens.shape);
  if (objective) requireBranchAndBound(options, "optimise an objective");
  SolveOutcome outcome = solveSudoku(givens, options, objective, modelKindOf(request));
  outcome.totalMs = msSince(start);
  return toJson(outcome, a, explainOf(request));
}

Value handleRelax(const Value& request, Clock::time_point start, JsonAllocator& a) {
  const std::string text = requiredString(request, "puzzle");
  const milp::SolveOptions options = solveOptionsOf(request);
  const sudoku::Grid givens = sudoku::parseOne(text, parseOptionsOf(request));
  const sudoku::ModelKind kind = modelKindOf(request);
  const sudoku::SudokuSolver solver(givens, std::nullopt, kind);
  const sudoku::SudokuSolver::Relaxation relaxation = solver.relax(options);
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
      .AddMember("model", StringRef(sudoku::toString(kind)), a)
      .AddMember("integral", relaxation.integral, a);
  putShape(result, givens.shape, a);
  result.AddMember("givens", jsonString(givens.toLine(), a), a)
      .AddMember("objective",
                 relaxation.result.hasSolution ? jsonNumber(relaxation.result.objective) : Value(),
                 a)
      .AddMember("values", values, a)
      .AddMember("reduction", reductionJson(kind, solver.built().reduction, a, explainOf(request)),
                 a)
      .AddMember("stats", statsJson(relaxation.result, a, -1, msSince(start)), a);
  return result;
}

Value handleExport(const Value& request, Clock::time_point start, JsonAllocator& a) {
  const std::string text = requiredString(request, "puzzle");
  const sudoku::Grid givens = sudoku::parseOne(text, parseOptionsOf(request));
  const sudoku::ModelKind kind = modelKindOf(request);
  const std::string format = optionalField<std::string>(request, "format", "lp", "a string", "");
  if (format != "lp" && format != "mps") {
    throw badRequest("format", "Field 'format' must be lp (CPLEX LP) or mps (free MPS)");
  }
  const sudoku::SudokuSolver solver(givens, objectiveOf(request, givens.shape), kind);
  const milp::Model& model = solver.built().model;
  Value result(rapidjson::kObjectType);
  result.AddMember("format", jsonString(format, a), a)
      .AddMember("model", StringRef(sudoku::toString(kind)), a)
      .AddMember("rows", model.numConstraints(), a)
      .AddMember("columns", model.numVars(), a)
      .AddMember("nonzeros", model.numNonzeros(), a);
  putShape(result, givens.shape, a);
  result.AddMember("givens", jsonString(givens.toLine(), a), a)
      .AddMember("text",
                 jsonString(milp::writeModel(model, format == "lp" ? milp::ModelFormat::kCplexLp
                                                                   : milp::ModelFormat::kFreeMps),
                            a),
                 a)
      .AddMember("reduction", reductionJson(kind, solver.built().reduction, a, explainOf(request)),
                 a)
      .AddMember("totalMs", msSince(start), a);
  return result;
}

Value handleUniqueness(const Value& request, Clock::time_point start, JsonAllocator& a) {
  const std::string text = requiredString(request, "puzzle");
  const milp::SolveOptions options = solveOptionsOf(request);
  const sudoku::Grid givens = sudoku::parseOne(text, parseOptionsOf(request));
  const sudoku::ModelKind kind = modelKindOf(request);
  const sudoku::UniquenessResult u = sudoku::checkUniqueness(givens, options, kind);
  requireSolverOk(u.first);
  if (u.second) requireSolverOk(*u.second);
  Value result(rapidjson::kObjectType);
  result.AddMember("status", staticString(milp::toString(u.first.status)), a)
      .AddMember("unique", optionalBool(u.unique), a);
  putShape(result, givens.shape, a);
  result.AddMember("givens", jsonString(givens.toLine(), a), a)
      .AddMember("model", StringRef(sudoku::toString(kind)), a);
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
  return result;
}

Value handleEnumerate(const Value& request, const Value& id, const ProgressSink& progress,
                      Clock::time_point start, JsonAllocator& a) {
  const std::string text = requiredString(request, "puzzle");
  const milp::SolveOptions options = solveOptionsOf(request);
  const int limit = optionalField<int>(request, "limit", 10, "a whole number", "");
  if (limit < 1 || limit > kMaxEnumerate) {
    throw badRequest("limit", "Field 'limit' must be 1 to " + std::to_string(kMaxEnumerate));
  }
  const sudoku::Grid givens = sudoku::parseOne(text, parseOptionsOf(request));
  const sudoku::EnumerationResult e = sudoku::enumerate(
      givens, limit, options,
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
      modelKindOf(request));
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
  return result;
}

Value handleComplete(const Value& request, Clock::time_point start, JsonAllocator& a) {
  // With the SAT method the seed fills only an empty grid's diagonal boxes (see
  // completeRandomly): MiniSat's first assignment completes the rest.
  const milp::SolveOptions options = solveOptionsOf(request);
  const std::uint32_t seed = seedOf(request);
  sudoku::Grid givens;
  const Value* puzzle = findMember(request, "puzzle");
  if (puzzle != nullptr && !puzzle->IsNull()) {
    givens = sudoku::parseOne(requiredString(request, "puzzle"), parseOptionsOf(request));
  } else {
    givens = sudoku::Grid(shapeOfRequest(request));
  }
  const sudoku::Completion completion = sudoku::completeRandomly(givens, seed, options);
  requireSolverOk(completion.result);
  Value result(rapidjson::kObjectType);
  result.AddMember("status", staticString(milp::toString(completion.result.status)), a)
      .AddMember("seed", seed, a);
  putShape(result, givens.shape, a);
  result.AddMember("givens", jsonString(givens.toLine(), a), a);
  if (completion.grid) result.AddMember("solution", jsonString(completion.grid->toLine(), a), a);
  result.AddMember("stats", statsJson(completion.result, a, -1, msSince(start)), a);
  return result;
}

Value handleGenerate(const Value& request, const Value& id, const ProgressSink& progress,
                     Clock::time_point start, JsonAllocator& a) {
  sudoku::GenerateOptions options;
  options.shape = shapeOfRequest(request);
  options.seed = seedOf(request);
  options.targetGivens = optionalField<int>(request, "givens", 0, "a whole number", "");
  options.symmetry = sudoku::symmetryFromString(
      optionalField<std::string>(request, "symmetry", "none", "a string", ""));
  const milp::SolveOptions solve_options = solveOptionsOf(request);
  options.solveTimeLimitMs = solve_options.timeLimitMs;
  // Generation is a feasibility job (no objective): the SAT method unless asked otherwise.
  options.method = optionalObject(request, "options").HasMember("method") ? solve_options.method
                                                                          : milp::Method::kSat;
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
      .AddMember("method",
                 StringRef(options.method == milp::Method::kSat ? "sat" : "branch-and-bound"), a)
      .AddMember("completeMs", g.completeMs, a)
      .AddMember("totalMs", msSince(start), a)
      .AddMember("difficulty", difficulty, a);
  return result;
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
  requireSolverOk(outcome.result);
  if (outcome.result.hasSolution) outcome.solution = solver.solution();
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
    stats.AddMember("method", "sat", a).AddMember("sat", sat, a);
  } else {
    stats.AddMember("method", "branch-and-bound", a);
  }
  if (build_ms >= 0) stats.AddMember("buildMs", build_ms, a);
  if (total_ms >= 0) stats.AddMember("totalMs", total_ms, a);
  return stats;
}

Value toJson(const SolveOutcome& outcome, JsonAllocator& a, bool explain) {
  Value result(rapidjson::kObjectType);
  result.AddMember("status", staticString(milp::toString(outcome.result.status)), a);
  putShape(result, outcome.givens.shape, a);
  result.AddMember("givens", jsonString(outcome.givens.toLine(), a), a);
  if (outcome.solution) result.AddMember("solution", jsonString(outcome.solution->toLine(), a), a);
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
      .AddMember("decidedBy", StringRef(outcome.decidedByReduction ? "reduction" : "glpk"), a)
      .AddMember("reduction", reductionJson(outcome.kind, outcome.reduction, a, explain), a)
      .AddMember("stats", statsJson(outcome.result, a, outcome.buildMs, outcome.totalMs), a);
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
      .AddMember("message", jsonString(error.what(), a), a);
  const Where& w = error.where();
  Value where(rapidjson::kObjectType);
  if (w.puzzle) where.AddMember("puzzle", *w.puzzle, a);
  if (w.line) where.AddMember("line", *w.line, a);
  if (w.column) where.AddMember("column", *w.column, a);
  if (w.character) where.AddMember("character", jsonString(*w.character, a), a);
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

rapidjson::Document handle(const Value& request, const ProgressSink& progress) {
  const auto start = Clock::now();
  rapidjson::Document response(rapidjson::kObjectType);
  JsonAllocator& a = response.GetAllocator();
  Value id;
  Value body;
  const char* outcome = "result";
  static const char* kTypes =
      "one of version, parse, solve, relax, exportModel, checkUniqueness, enumerate, complete, "
      "generate, formulation, board";
  try {
    if (!request.IsObject()) throw badRequest("", "A request must be a JSON object");
    if (const Value* found = findMember(request, "id")) id.CopyFrom(*found, a);
    const Value* type_value = findMember(request, "type");
    if (type_value == nullptr || !type_value->IsString()) {
      throw badRequest("type", std::string("Field 'type' is required: ") + kTypes);
    }
    const std::string type(type_value->GetString(), type_value->GetStringLength());
    const Value* genre = findMember(request, "genre");
    const bool genre_route =
        type == "formulation" || type == "board" ||
        (genre != nullptr && !genre->IsNull() && !(genre->IsString() && *genre == "sudoku"));
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
      methods.PushBack("branch-and-bound", a);
      if (milp::satMethodEnabled()) methods.PushBack("sat", a);
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
    } else if (type == "parse") {
      body = handleParse(request, a);
    } else if (type == "solve") {
      body = handleSolve(request, id, progress, start, a);
    } else if (type == "relax") {
      body = handleRelax(request, start, a);
    } else if (type == "exportModel") {
      body = handleExport(request, start, a);
    } else if (type == "checkUniqueness") {
      body = handleUniqueness(request, start, a);
    } else if (type == "enumerate") {
      body = handleEnumerate(request, id, progress, start, a);
    } else if (type == "complete") {
      body = handleComplete(request, start, a);
    } else if (type == "generate") {
      body = handleGenerate(request, id, progress, start, a);
    } else {
      throw badRequest("type", "Unknown request type '" + type + "': " + kTypes);
    }
  } catch (const InputError& e) {
    outcome = "error";
    body = toJson(e, a);
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
