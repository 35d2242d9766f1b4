// gridmilp — a Sudoku request of the protocol, decoded once into types.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/sudoku_request.h"

#ifdef GRIDMILP_WITH_GENRES
#include "app/model_row.h"
#elif !defined(GRIDMILP_NO_MODEL_WRITER)
#error "A build without the genres leaves the model writers out (GRIDMILP_NO_MODEL_WRITER)"
#endif
#include "app/request.h"
#include "puzzles/input_error.h"

namespace gridmilp::app {
namespace {

/// Largest `limit` of an enumerate request.
constexpr int kMaxEnumerate = 100000;
constexpr int kMaxExplainSets = 100;

/// The text of a whole JSON number (for messages).
std::string wholeNumberText(const Value& number) {
  return number.IsInt64() ? std::to_string(number.GetInt64()) : std::to_string(number.GetUint64());
}

/// "size" (a number, or absent/"auto" to detect), "boxHeight", "boxWidth", "symbols".
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

/// options.model: "textbook" (default), "candidates", "reduced" or "probed".
sudoku::ModelKind modelKindOf(const Value& request) {
  return sudoku::modelKindFromString(optionalField<std::string>(
      optionalObject(request, "options"), "model", "textbook", "a string", "options."));
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

/// solveOptionsOf, plus "options.progressIntervalMs" (ms between progress messages,
/// default 50) for the requests that stream branch-and-bound progress.
milp::SolveOptions solveOptionsWithProgressOf(const Value& request) {
  milp::SolveOptions options = solveOptionsOf(request);
  options.progressIntervalMs = optionalField<double>(
      optionalObject(request, "options"), "progressIntervalMs", 50.0, "a number of ms", "options.");
  return options;
}

/// Refuses the SAT method for `what` (an objective to optimise): it finds any solution
/// and ignores the objective.
void requireBranchAndBound(const milp::SolveOptions& options, const std::string& what) {
  if (options.method == milp::Method::kSat) {
    throw badRequest("options.method", "The SAT method finds any solution and cannot " + what +
                                           ": use method branch-and-bound");
  }
}

SudokuRequestType typeOf(const std::string& type) {
  if (type == "parse") return SudokuRequestType::kParse;
  if (type == "solve") return SudokuRequestType::kSolve;
  if (type == "relax") return SudokuRequestType::kRelax;
  if (type == "exportModel") return SudokuRequestType::kExportModel;
  if (type == "checkUniqueness") return SudokuRequestType::kCheckUniqueness;
  if (type == "enumerate") return SudokuRequestType::kEnumerate;
  if (type == "complete") return SudokuRequestType::kComplete;
  if (type == "generate") return SudokuRequestType::kGenerate;
  if (type == "explainInfeasible") return SudokuRequestType::kExplainInfeasible;
  throw badRequest("type", "Unknown Sudoku request type '" + type + "'");
}

}  // namespace

/// "objective": {"preset": "diagonal"|"firstRow"} or {"sense": "maximize"|"minimize",
/// "weights": numbers, flat or as rows}.
std::optional<ObjectiveRequest> objectiveOf(const Value& request) {
  const Value* found = findMember(request, "objective");
  if (found == nullptr || found->IsNull()) return std::nullopt;
  if (!found->IsObject()) throw badRequest("objective", "Field 'objective' must be an object");
  const Value& o = *found;
  ObjectiveRequest objective;
  if (findMember(o, "preset") != nullptr) {
    const std::string preset =
        optionalField<std::string>(o, "preset", "", "a string", "objective.");
    if (preset == "diagonal") {
      objective.kind = ObjectiveRequest::Kind::kDiagonal;
    } else if (preset == "firstRow") {
      objective.kind = ObjectiveRequest::Kind::kFirstRow;
    } else {
      throw badRequest("objective.preset",
                       "Unknown objective preset '" + preset + "': one of diagonal, firstRow");
    }
    return objective;
  }
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
    throw badRequest("objective.weights",
                     "Field 'objective.weights' must be an array of n·n numbers");
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

sudoku::CellObjective ObjectiveRequest::cellObjective(sudoku::Shape shape) const {
  switch (kind) {
    case Kind::kDiagonal:
      return sudoku::diagonalObjective(shape);
    case Kind::kFirstRow:
      return sudoku::firstRowObjective(shape);
    case Kind::kWeights:
      break;
  }
  return sudoku::CellObjective{sense, weights};
}

std::optional<sudoku::CellObjective> SudokuRequest::objectiveFor(sudoku::Shape shape) const {
  if (!objective) return std::nullopt;
  return objective->cellObjective(shape);
}

sudoku::Shape SudokuRequest::shapeWithoutPuzzle() const {
  return sudoku::shapeFor(parse.size == 0 ? 9 : parse.size, parse.boxHeight, parse.boxWidth);
}

SudokuRequest decodeSudokuRequest(const std::string& type, const Value& request) {
  SudokuRequest r;
  r.type = typeOf(type);
  // Each type reads its fields in the order its answer needs them, so the first field
  // at fault is the one reported.
  switch (r.type) {
    case SudokuRequestType::kParse:
      r.puzzle = requiredString(request, "text");
      r.parse = parseOptionsOf(request);
      break;
    case SudokuRequestType::kSolve:
      r.puzzle = requiredString(request, "puzzle");
      r.solve = solveOptionsWithProgressOf(request);
      r.parse = parseOptionsOf(request);
      r.objective = objectiveOf(request);
      if (r.objective) requireBranchAndBound(r.solve, "optimise an objective");
      r.model = modelKindOf(request);
      r.explain = explainOf(request);
      r.reduction = optionalField<bool>(request, "reduction", true, "true or false", "");
      if (r.explain && !r.reduction) {
        throw badRequest("reduction",
                         "'reduction': false leaves out the steps options.explain asks for");
      }
      break;
    case SudokuRequestType::kRelax:
      r.puzzle = requiredString(request, "puzzle");
      r.solve = solveOptionsOf(request);
      r.parse = parseOptionsOf(request);
      r.model = modelKindOf(request);
      r.explain = explainOf(request);
      break;
    case SudokuRequestType::kExportModel: {
      r.puzzle = requiredString(request, "puzzle");
      r.parse = parseOptionsOf(request);
      r.model = modelKindOf(request);
      const std::string format =
          optionalField<std::string>(request, "format", "lp", "a string", "");
      if (format != "lp" && format != "mps") {
        throw badRequest("format", "Field 'format' must be lp (CPLEX LP) or mps (free MPS)");
      }
#ifndef GRIDMILP_NO_MODEL_WRITER  // (the first-solve module refuses every export: service.cpp)
      r.format = format == "lp" ? milp::ModelFormat::kCplexLp : milp::ModelFormat::kFreeMps;
      r.objective = objectiveOf(request);
      r.row = rowNameOf(request);
      r.formulation = optionalField<bool>(request, "formulation", false, "true or false", "");
      r.explain = explainOf(request);
#endif
      break;
    }
    case SudokuRequestType::kCheckUniqueness:
      r.puzzle = requiredString(request, "puzzle");
      r.solve = solveOptionsOf(request);
      r.parse = parseOptionsOf(request);
      r.model = modelKindOf(request);
      break;
    case SudokuRequestType::kEnumerate:
      r.puzzle = requiredString(request, "puzzle");
      r.solve = solveOptionsOf(request);
      r.limit = wholeNumberIn(request, "limit", 10, 1, kMaxEnumerate, "");
      r.parse = parseOptionsOf(request);
      r.model = modelKindOf(request);
      break;
    case SudokuRequestType::kComplete: {
      r.solve = solveOptionsOf(request);
      r.seed = seedOf(request);
      const Value* puzzle = findMember(request, "puzzle");
      if (puzzle != nullptr && !puzzle->IsNull()) r.puzzle = requiredString(request, "puzzle");
      // An empty grid is completed by CNF-SAT where the module has it, unless asked
      // otherwise: the seed fills its diagonal boxes, so the grid is still the seed's,
      // and branch-and-bound takes minutes on an empty 25x25. Givens keep the random
      // objective, the only way a seed reaches the rest of the grid.
      r.methodGiven = optionalObject(request, "options").HasMember("method");
      if (!r.methodGiven && !r.puzzle && milp::satMethodEnabled())
        r.solve.method = milp::Method::kSat;
      r.parse = parseOptionsOf(request);
      break;
    }
    case SudokuRequestType::kExplainInfeasible:
      r.puzzle = requiredString(request, "puzzle");
      r.solve = solveOptionsWithProgressOf(request);
      // Both steps go fastest as sequences of CNF-SAT feasibility problems
      // (puzzles/sudoku/explain.h) where the module has the SAT method.
      r.methodGiven = optionalObject(request, "options").HasMember("method");
      if (!r.methodGiven && milp::satMethodEnabled()) r.solve.method = milp::Method::kSat;
      r.limit = wholeNumberIn(request, "limit", 3, 1, kMaxExplainSets, "");
      r.parse = parseOptionsOf(request);
      break;
    case SudokuRequestType::kGenerate:
      r.parse = parseOptionsOf(request);
      (void)r.shapeWithoutPuzzle();  // a box shape the size cannot have is reported first
      r.seed = seedOf(request);
      r.targetGivens = optionalField<int>(request, "givens", 0, "a whole number", "");
      r.symmetry = sudoku::symmetryFromString(
          optionalField<std::string>(request, "symmetry", "none", "a string", ""));
      r.solve = solveOptionsOf(request);
      r.methodGiven = optionalObject(request, "options").HasMember("method");
      break;
  }
  // Protocol v2: a request that names its genre ("sudoku": every other genre takes
  // the genre route) is answered with the genre route's fields as well.
  const Value* genre = findMember(request, "genre");
  r.genreNamed = genre != nullptr && !genre->IsNull();
#ifdef GRIDMILP_WITH_GENRES  // (the first-solve module draws no board: it adds only "genre")
  if (r.genreNamed) {
    r.board = optionalField<bool>(request, "board", true, "true or false", "");
    r.boards = optionalField<bool>(request, "boards", false, "true or false", "");
    r.name = optionalField<std::string>(request, "name", "", "a string", "");
  }
#endif
  return r;
}

}  // namespace gridmilp::app
