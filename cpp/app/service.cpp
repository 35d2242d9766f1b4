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

/// Largest `limit` of an enumerate request.
constexpr int kMaxEnumerate = 100000;

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
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
  if (!ok) throw badRequest(path + name, "Field '" + path + name + "' must be " + type_name);
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
  if (!it->is_object()) {
    throw badRequest(name, std::string("Field '") + name + "' must be an object");
  }
  return *it;
}

/// The parse options of a request: "size" (a number, or absent/"auto" to detect),
/// "boxHeight", "boxWidth", "symbols".
sudoku::ParseOptions parseOptionsOf(const json& request) {
  sudoku::ParseOptions options;
  const auto size = request.find("size");
  if (size != request.end() && !size->is_null() && !(size->is_string() && *size == "auto")) {
    if (!size->is_number_integer()) {
      throw badRequest("size", "Field 'size' must be a whole number (4 to 35) or \"auto\"");
    }
    options.size = size->get<int>();
    if (options.size < 1 || options.size > sudoku::kMaxSize) {
      throw badRequest("size", "Size " + std::to_string(options.size) + " is not supported (1 to " +
                                   std::to_string(sudoku::kMaxSize) + ")");
    }
  }
  options.boxHeight = optionalField<int>(request, "boxHeight", 0, json::value_t::number_integer,
                                         "a whole number", "");
  options.boxWidth = optionalField<int>(request, "boxWidth", 0, json::value_t::number_integer,
                                        "a whole number", "");
  if ((options.boxHeight != 0 || options.boxWidth != 0) && options.size == 0) {
    throw badRequest("boxHeight", "A box shape needs a size: set 'size' too");
  }
  options.symbols = sudoku::symbolsFromString(optionalField<std::string>(
      request, "symbols", "auto", json::value_t::string, "a string", ""));
  return options;
}

/// The shape of a request that names no puzzle (generate, complete without one):
/// size default 9.
sudoku::Shape shapeOfRequest(const json& request) {
  sudoku::ParseOptions options = parseOptionsOf(request);
  return sudoku::shapeFor(options.size == 0 ? 9 : options.size, options.boxHeight,
                          options.boxWidth);
}

milp::SolveOptions solveOptionsOf(const json& request) {
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
  // Branching and backtracking: GLPK's names. "auto" (the default) is GLPK's own
  // choice for the textbook model and most-fractional branching for the reduced
  // models, which measured faster there (bench/README.md).
  const std::string branching = optionalField<std::string>(
      options_json, "branching", "auto", json::value_t::string, "a string", "options.");
  const std::string model = optionalField<std::string>(
      options_json, "model", "textbook", json::value_t::string, "a string", "options.");
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
  const std::string backtracking = optionalField<std::string>(
      options_json, "backtracking", "blb", json::value_t::string, "a string", "options.");
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
  options.recordBranching = optionalField<bool>(
      options_json, "recordBranching", false, json::value_t::boolean, "true or false", "options.");
  // A recorded run backtracks depth-first: GLPK then visits the nodes in an order that
  // follows from the recorded decisions alone (x = 1 child first, then the most recently
  // created node), so a viewer can rebuild the whole tree, leaves included, from the
  // decisions, the node numbers and the incumbent nodes.
  if (options.recordBranching) options.backtracking = milp::Backtracking::kDepthFirst;
  options.forceSolverError = optionalField<bool>(debug_json, "forceGlpkError", false,
                                                 json::value_t::boolean, "true or false", "debug.");
  return options;
}

/// options.model: "textbook" (default, for now), "candidates" or "reduced".
sudoku::ModelKind modelKindOf(const json& request) {
  const json& options_json = optionalObject(request, "options");
  return sudoku::modelKindFromString(optionalField<std::string>(
      options_json, "model", "textbook", json::value_t::string, "a string", "options."));
}

/// options.explain: list every fixing and elimination of the reduction (default: the
/// counts only, which keeps a batch's responses small).
bool explainOf(const json& request) {
  return optionalField<bool>(optionalObject(request, "options"), "explain", false,
                             json::value_t::boolean, "true or false", "options.");
}

std::uint32_t seedOf(const json& request) {
  const auto it = request.find("seed");
  if (it == request.end() || it->is_null()) return 1;
  if (!it->is_number_integer() || it->get<std::int64_t>() < 0 ||
      it->get<std::int64_t>() > 4294967295LL) {
    throw badRequest("seed", "Field 'seed' must be a whole number from 0 to 4294967295");
  }
  return static_cast<std::uint32_t>(it->get<std::int64_t>());
}

/// The objective of a request: {"preset": "diagonal"|"firstRow"} or
/// {"sense": "maximize"|"minimize", "weights": n·n numbers, flat or as n rows}.
std::optional<sudoku::CellObjective> objectiveOf(const json& request, sudoku::Shape shape) {
  const auto it = request.find("objective");
  if (it == request.end() || it->is_null()) return std::nullopt;
  if (!it->is_object()) throw badRequest("objective", "Field 'objective' must be an object");
  const json& o = *it;
  if (o.contains("preset")) {
    const std::string preset = optionalField<std::string>(o, "preset", "", json::value_t::string,
                                                          "a string", "objective.");
    if (preset == "diagonal") return sudoku::diagonalObjective(shape);
    if (preset == "firstRow") return sudoku::firstRowObjective(shape);
    throw badRequest("objective.preset",
                     "Unknown objective preset '" + preset + "': one of diagonal, firstRow");
  }
  sudoku::CellObjective objective;
  const std::string sense = optionalField<std::string>(
      o, "sense", "maximize", json::value_t::string, "a string", "objective.");
  if (sense == "maximize") {
    objective.sense = milp::ObjectiveSense::kMaximize;
  } else if (sense == "minimize") {
    objective.sense = milp::ObjectiveSense::kMinimize;
  } else {
    throw badRequest("objective.sense", "Field 'objective.sense' must be maximize or minimize");
  }
  const auto weights = o.find("weights");
  if (weights == o.end() || !weights->is_array()) {
    throw badRequest("objective.weights", "Field 'objective.weights' must be an array of " +
                                              std::to_string(shape.cells()) + " numbers");
  }
  for (const json& w : *weights) {
    if (w.is_array()) {
      for (const json& v : w) {
        if (!v.is_number()) throw badRequest("objective.weights", "Every weight must be a number");
        objective.weights.push_back(v.get<double>());
      }
    } else if (w.is_number()) {
      objective.weights.push_back(w.get<double>());
    } else {
      throw badRequest("objective.weights", "Every weight must be a number");
    }
  }
  return objective;
}

json optionalInt(const std::optional<int>& value) { return value ? json(*value) : json(nullptr); }
json optionalDouble(const std::optional<double>& value) {
  return value ? json(*value) : json(nullptr);
}

/// size, boxHeight, boxWidth of a shape, merged into `out`.
void putShape(json* out, sudoku::Shape shape) {
  (*out)["size"] = shape.size();
  (*out)["boxHeight"] = shape.boxHeight;
  (*out)["boxWidth"] = shape.boxWidth;
}

/// Cells where two grids differ: [{row, column, first, second}], 1-based, symbols.
json differences(const sudoku::Grid& a, const sudoku::Grid& b) {
  json out = json::array();
  const int n = a.shape.size();
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (a.at(r, c) != b.at(r, c)) {
        out.push_back({{"row", r + 1},
                       {"column", c + 1},
                       {"first", std::string(1, sudoku::symbolFor(a.at(r, c)))},
                       {"second", std::string(1, sudoku::symbolFor(b.at(r, c)))}});
      }
    }
  }
  return out;
}

void requireSolverOk(const milp::SolveResult& result) {
  if (result.status == milp::SolveStatus::kError) {
    throw InputError(ErrorCode::kSolverError, result.message);
  }
}

json handleParse(const json& request) {
  const std::string text = requiredString(request, "text");
  const sudoku::ParsedText parsed = sudoku::parseText(text, parseOptionsOf(request));
  json puzzles = json::array();
  for (const sudoku::ParsedPuzzle& p : parsed.puzzles) {
    puzzles.push_back({{"name", p.name}, {"line", p.line}, {"givens", p.grid.toLine()}});
  }
  json result = {{"format", sudoku::toString(parsed.format)},
                 {"symbols", sudoku::toString(parsed.symbols)}};
  putShape(&result, parsed.shape);
  result["puzzles"] = std::move(puzzles);
  return result;
}

json handleSolve(const json& request, const json& id, const ProgressSink& progress,
                 Clock::time_point start) {
  const std::string text = requiredString(request, "puzzle");
  milp::SolveOptions options = solveOptionsOf(request);
  const json& options_json = optionalObject(request, "options");
  options.progressIntervalMs =
      optionalField<double>(options_json, "progressIntervalMs", 50.0, json::value_t::number_float,
                            "a number of ms", "options.");
  if (progress) {
    // Branch-and-bound progress, at most every progressIntervalMs (default 50 ms).
    options.onProgress = [&](const milp::SolveProgress& p) {
      progress({{"id", id},
                {"progress",
                 {{"phase", "branch-and-bound"},
                  {"nodes", p.nodes},
                  {"activeNodes", p.activeNodes},
                  {"depth", p.depth},
                  {"incumbent", p.hasIncumbent ? json(p.incumbent) : json(nullptr)},
                  {"bestBound", optionalDouble(p.bestBound)},
                  {"gap", optionalDouble(p.gap)},
                  {"elapsedMs", p.elapsedMs}}}});
      return true;
    };
  }
  const sudoku::Grid givens = sudoku::parseOne(text, parseOptionsOf(request));
  SolveOutcome outcome =
      solveSudoku(givens, options, objectiveOf(request, givens.shape), modelKindOf(request));
  outcome.totalMs = msSince(start);
  return toJson(outcome, explainOf(request));
}

json handleRelax(const json& request, Clock::time_point start) {
  const std::string text = requiredString(request, "puzzle");
  const milp::SolveOptions options = solveOptionsOf(request);
  const sudoku::Grid givens = sudoku::parseOne(text, parseOptionsOf(request));
  const sudoku::ModelKind kind = modelKindOf(request);
  const sudoku::SudokuSolver solver(givens, std::nullopt, kind);
  const sudoku::SudokuSolver::Relaxation relaxation = solver.relax(options);
  requireSolverOk(relaxation.result);
  json values = json::array();
  for (const auto& v : relaxation.values) {
    values.push_back({v.row, v.column, v.digit, v.value, v.fixed ? 1 : 0});
  }
  json result = {{"status", milp::toString(relaxation.result.status)},
                 {"model", sudoku::toString(kind)},
                 {"integral", relaxation.integral}};
  putShape(&result, givens.shape);
  result["givens"] = givens.toLine();
  result["objective"] =
      relaxation.result.hasSolution ? json(relaxation.result.objective) : json(nullptr);
  result["values"] = std::move(values);
  result["reduction"] = reductionJson(kind, solver.built().reduction, explainOf(request));
  result["stats"] = statsJson(relaxation.result, -1, msSince(start));
  return result;
}

json handleExport(const json& request, Clock::time_point start) {
  const std::string text = requiredString(request, "puzzle");
  const sudoku::Grid givens = sudoku::parseOne(text, parseOptionsOf(request));
  const sudoku::ModelKind kind = modelKindOf(request);
  const std::string format =
      optionalField<std::string>(request, "format", "lp", json::value_t::string, "a string", "");
  if (format != "lp" && format != "mps") {
    throw badRequest("format", "Field 'format' must be lp (CPLEX LP) or mps (free MPS)");
  }
  const sudoku::SudokuSolver solver(givens, objectiveOf(request, givens.shape), kind);
  const milp::Model& model = solver.built().model;
  json result = {{"format", format},
                 {"model", sudoku::toString(kind)},
                 {"rows", model.numConstraints()},
                 {"columns", model.numVars()},
                 {"nonzeros", model.numNonzeros()}};
  putShape(&result, givens.shape);
  result["givens"] = givens.toLine();
  result["text"] = milp::writeModel(
      model, format == "lp" ? milp::ModelFormat::kCplexLp : milp::ModelFormat::kFreeMps);
  result["reduction"] = reductionJson(kind, solver.built().reduction, explainOf(request));
  result["totalMs"] = msSince(start);
  return result;
}

json handleUniqueness(const json& request, Clock::time_point start) {
  const std::string text = requiredString(request, "puzzle");
  const milp::SolveOptions options = solveOptionsOf(request);
  const sudoku::Grid givens = sudoku::parseOne(text, parseOptionsOf(request));
  const sudoku::ModelKind kind = modelKindOf(request);
  const sudoku::UniquenessResult u = sudoku::checkUniqueness(givens, options, kind);
  requireSolverOk(u.first);
  if (u.second) requireSolverOk(*u.second);
  json result = {{"status", milp::toString(u.first.status)},
                 {"unique", u.unique ? json(*u.unique) : json(nullptr)}};
  putShape(&result, givens.shape);
  result["givens"] = givens.toLine();
  result["model"] = sudoku::toString(kind);
  if (u.solution) result["solution"] = u.solution->toLine();
  if (u.secondSolution) {
    result["secondSolution"] = u.secondSolution->toLine();
    result["differences"] = differences(*u.solution, *u.secondSolution);
  }
  result["stats"] = statsJson(u.first);
  if (u.second) {
    result["secondStatus"] = milp::toString(u.second->status);
    result["secondStats"] = statsJson(*u.second);
  }
  result["totalMs"] = msSince(start);
  return result;
}

json handleEnumerate(const json& request, const json& id, const ProgressSink& progress,
                     Clock::time_point start) {
  const std::string text = requiredString(request, "puzzle");
  const milp::SolveOptions options = solveOptionsOf(request);
  const int limit =
      optionalField<int>(request, "limit", 10, json::value_t::number_integer, "a whole number", "");
  if (limit < 1 || limit > kMaxEnumerate) {
    throw badRequest("limit", "Field 'limit' must be 1 to " + std::to_string(kMaxEnumerate));
  }
  const sudoku::Grid givens = sudoku::parseOne(text, parseOptionsOf(request));
  const sudoku::EnumerationResult e = sudoku::enumerate(
      givens, limit, options,
      [&](const sudoku::Grid& solution, int found) {
        if (progress) {
          progress({{"id", id},
                    {"progress",
                     {{"found", found},
                      {"limit", limit},
                      {"solution", solution.toLine()},
                      {"elapsedMs", msSince(start)}}}});
        }
        return true;
      },
      modelKindOf(request));
  if (e.lastStatus == milp::SolveStatus::kError) {
    throw InputError(ErrorCode::kSolverError, "GLPK failed during the enumeration");
  }
  json solutions = json::array();
  for (const sudoku::Grid& g : e.solutions) solutions.push_back(g.toLine());
  json result = {{"count", e.solutions.size()},
                 {"complete", e.complete},
                 {"limit", limit},
                 {"lastStatus", milp::toString(e.lastStatus)}};
  putShape(&result, givens.shape);
  result["givens"] = givens.toLine();
  result["solutions"] = std::move(solutions);
  result["stats"] = {{"solves", e.solves}, {"solveMs", e.solveMs}, {"totalMs", msSince(start)}};
  return result;
}

json handleComplete(const json& request, Clock::time_point start) {
  const milp::SolveOptions options = solveOptionsOf(request);
  const std::uint32_t seed = seedOf(request);
  sudoku::Grid givens;
  const auto puzzle = request.find("puzzle");
  if (puzzle != request.end() && !puzzle->is_null()) {
    givens = sudoku::parseOne(requiredString(request, "puzzle"), parseOptionsOf(request));
  } else {
    givens = sudoku::Grid(shapeOfRequest(request));
  }
  const sudoku::Completion completion = sudoku::completeRandomly(givens, seed, options);
  requireSolverOk(completion.result);
  json result = {{"status", milp::toString(completion.result.status)}, {"seed", seed}};
  putShape(&result, givens.shape);
  result["givens"] = givens.toLine();
  if (completion.grid) result["solution"] = completion.grid->toLine();
  result["stats"] = statsJson(completion.result, -1, msSince(start));
  return result;
}

json handleGenerate(const json& request, const json& id, const ProgressSink& progress,
                    Clock::time_point start) {
  sudoku::GenerateOptions options;
  options.shape = shapeOfRequest(request);
  options.seed = seedOf(request);
  options.targetGivens =
      optionalField<int>(request, "givens", 0, json::value_t::number_integer, "a whole number", "");
  options.symmetry = sudoku::symmetryFromString(optionalField<std::string>(
      request, "symmetry", "none", json::value_t::string, "a string", ""));
  options.solveTimeLimitMs = solveOptionsOf(request).timeLimitMs;
  const sudoku::GenerateResult g =
      sudoku::generate(options, [&](const sudoku::GenerateProgress& p) {
        if (progress) {
          progress({{"id", id},
                    {"progress",
                     {{"phase", "removing"},
                      {"checked", p.checked},
                      {"total", p.total},
                      {"givens", p.givens},
                      {"elapsedMs", msSince(start)}}}});
        }
        return true;
      });
  json result = {{"seed", options.seed},
                 {"symmetry", sudoku::toString(options.symmetry)},
                 {"targetGivens", options.targetGivens}};
  putShape(&result, options.shape);
  result["puzzle"] = g.puzzle.toLine();
  result["solution"] = g.solution.toLine();
  result["givens"] = g.puzzle.givenCount();
  result["minimal"] = g.minimal;
  result["targetReached"] = g.targetReached;
  result["uniquenessChecks"] = g.uniquenessChecks;
  result["completeMs"] = g.completeMs;
  result["totalMs"] = msSince(start);
  result["difficulty"] = {{"status", milp::toString(g.difficulty.status)},
                          {"stats", statsJson(g.difficulty)}};
  return result;
}

json errorResponse(const json& id, const json& error) { return {{"id", id}, {"error", error}}; }

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
  outcome.result = solver.solve(options);
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

json statsJson(const milp::SolveResult& result, double build_ms, double total_ms) {
  const milp::SolveStats& s = result.stats;
  json stats = {{"rows", s.rows},
                {"columns", s.columns},
                {"nonzeros", s.nonzeros},
                {"presolvedRows", optionalInt(s.presolvedRows)},
                {"presolvedColumns", optionalInt(s.presolvedColumns)},
                {"presolvedNonzeros", optionalInt(s.presolvedNonzeros)},
                {"nodes", s.nodes},
                {"simplexIterations", s.simplexIterations},
                {"rootLpIntegral", s.rootLpIntegral ? json(*s.rootLpIntegral) : json(nullptr)},
                {"bestBound", optionalDouble(s.bestBound)},
                {"gap", optionalDouble(s.gap)},
                {"solveMs", s.solveMs}};
  if (build_ms >= 0) stats["buildMs"] = build_ms;
  if (total_ms >= 0) stats["totalMs"] = total_ms;
  return stats;
}

json toJson(const SolveOutcome& outcome, bool explain) {
  json result = {{"status", milp::toString(outcome.result.status)}};
  putShape(&result, outcome.givens.shape);
  result["givens"] = outcome.givens.toLine();
  if (outcome.solution) result["solution"] = outcome.solution->toLine();
  if (outcome.objective) {
    json objective = {{"sense", outcome.objective->sense == milp::ObjectiveSense::kMaximize
                                    ? "maximize"
                                    : "minimize"}};
    objective["value"] =
        outcome.result.hasSolution ? json(outcome.result.objective) : json(nullptr);
    objective["bound"] = optionalDouble(outcome.result.stats.bestBound);
    objective["gap"] = optionalDouble(outcome.result.stats.gap);
    result["objective"] = std::move(objective);
  }
  if (!outcome.branchVariables.empty() || !outcome.result.incumbentNodes.empty()) {
    json branching = json::array();
    for (std::size_t k = 0; k < outcome.result.branching.size(); ++k) {
      const milp::BranchRecord& b = outcome.result.branching[k];
      branching.push_back({{"node", b.node},
                           {"parent", b.parent},
                           {"depth", b.depth},
                           {"variable", outcome.branchVariables[k]},
                           {"lpValue", b.lpValue}});
    }
    result["branching"] = std::move(branching);
    result["incumbentNodes"] = outcome.result.incumbentNodes;
  }
  result["model"] = sudoku::toString(outcome.kind);
  result["decidedBy"] = outcome.decidedByReduction ? "reduction" : "glpk";
  result["reduction"] = reductionJson(outcome.kind, outcome.reduction, explain);
  result["stats"] = statsJson(outcome.result, outcome.buildMs, outcome.totalMs);
  return result;
}

json reductionJson(sudoku::ModelKind kind, const sudoku::Reduction& reduction, bool explain) {
  int naked = 0, hidden = 0;
  for (const sudoku::Fixing& f : reduction.fixings) {
    (f.rule == sudoku::FixRule::kNakedSingle ? naked : hidden) += 1;
  }
  int removed_by[3] = {0, 0, 0};  // EliminationRule order
  for (const sudoku::Elimination& e : reduction.eliminations) {
    removed_by[static_cast<int>(e.rule)] += e.removed;
  }
  json out = {
      {"model", sudoku::toString(kind)},
      {"candidatesRemoved", reduction.candidatesRemoved},
      {"rowsRemoved", reduction.rowsRemoved},
      {"nakedSingles", naked},
      {"hiddenSingles", hidden},
      {"lockedCandidates", removed_by[0]},
      {"nakedPairs", removed_by[1]},
      {"hiddenPairs", removed_by[2]},
  };
  if (explain) {  // the lists only on request: they are most of an easy puzzle's response
    json fixings = json::array();
    for (const sudoku::Fixing& f : reduction.fixings) {
      json fixing = {{"row", f.cell.row},
                     {"column", f.cell.column},
                     {"value", std::string(1, sudoku::symbolFor(f.value))},
                     {"rule", sudoku::toString(f.rule)}};
      if (!f.unit.empty()) fixing["unit"] = f.unit;
      fixings.push_back(std::move(fixing));
    }
    json eliminations = json::array();
    for (const sudoku::Elimination& e : reduction.eliminations) {
      eliminations.push_back(
          {{"rule", sudoku::toString(e.rule)}, {"removed", e.removed}, {"detail", e.detail}});
    }
    out["fixings"] = std::move(fixings);
    out["eliminations"] = std::move(eliminations);
  }
  out["contradiction"] = reduction.contradiction ? json(*reduction.contradiction) : json(nullptr);
  return out;
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

json handle(const json& request, const ProgressSink& progress) {
  const auto start = Clock::now();
  json id = nullptr;
  static const char* kTypes =
      "one of version, parse, solve, relax, exportModel, checkUniqueness, enumerate, complete, "
      "generate";
  try {
    if (!request.is_object()) throw badRequest("", "A request must be a JSON object");
    if (const auto it = request.find("id"); it != request.end()) id = *it;
    const auto type_it = request.find("type");
    if (type_it == request.end() || !type_it->is_string()) {
      throw badRequest("type", std::string("Field 'type' is required: ") + kTypes);
    }
    const std::string type = type_it->get<std::string>();
    json result;
    if (type == "version") {
      result = {
          {"gridmilp", kVersion}, {"glpk", milp::glpkVersion()}, {"protocol", kProtocolVersion}};
    } else if (type == "parse") {
      result = handleParse(request);
    } else if (type == "solve") {
      result = handleSolve(request, id, progress, start);
    } else if (type == "relax") {
      result = handleRelax(request, start);
    } else if (type == "exportModel") {
      result = handleExport(request, start);
    } else if (type == "checkUniqueness") {
      result = handleUniqueness(request, start);
    } else if (type == "enumerate") {
      result = handleEnumerate(request, id, progress, start);
    } else if (type == "complete") {
      result = handleComplete(request, start);
    } else if (type == "generate") {
      result = handleGenerate(request, id, progress, start);
    } else {
      throw badRequest("type", "Unknown request type '" + type + "': " + kTypes);
    }
    return {{"id", id}, {"result", std::move(result)}};
  } catch (const InputError& e) {
    return errorResponse(id, toJson(e));
  } catch (const std::exception& e) {
    return errorResponse(
        id, {{"code", "internal_error"}, {"message", std::string("Internal error: ") + e.what()}});
  }
}

std::string handleRequest(std::string_view request_json, const ProgressSink& progress) {
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
  return handle(request, progress).dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace gridmilp::app
