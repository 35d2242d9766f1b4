// gridmilp — the digit genres' common model, checker, board and formulation.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/common/digits.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "puzzles/common/clues.h"
#include "puzzles/sudoku/grid.h"
#include "puzzles/sudoku/solver.h"
#include "puzzles/sudoku/text.h"

namespace gridmilp::puzzles {
namespace {

using milp::kAll;
using milp::sum;

const DigitPuzzle& digitsOf(const Puzzle& puzzle) {
  return dynamic_cast<const DigitPuzzle&>(puzzle);
}

/// The cell a cage's sum is drawn and written in: its first in reading order (the
/// board, the record written back, and "Why no solution?" name it there; a record read
/// may hold the sum in another of the cage's cells).
int sumCellOf(const Cage& cage) { return *std::min_element(cage.cells.begin(), cage.cells.end()); }

/// A named unit of the puzzle: "row 3", "box 5", "diagonal 1".
struct NamedUnit {
  std::string name;
  std::vector<int> cells;
};

/// Every unit that must hold each digit once: rows, columns, regions, extras.
std::vector<NamedUnit> unitsOf(const DigitPuzzle& p) {
  std::vector<NamedUnit> out;
  const int n = p.n;
  for (int r = 0; r < n; ++r) {
    NamedUnit u{"row " + std::to_string(r + 1), {}};
    for (int c = 0; c < n; ++c) u.cells.push_back(p.grid.index(r, c));
    out.push_back(std::move(u));
  }
  for (int c = 0; c < n; ++c) {
    NamedUnit u{"column " + std::to_string(c + 1), {}};
    for (int r = 0; r < n; ++r) u.cells.push_back(p.grid.index(r, c));
    out.push_back(std::move(u));
  }
  if (!p.region.empty()) {
    std::vector<NamedUnit> regions(n);
    for (int k = 0; k < n; ++k) regions[k].name = p.regionName + " " + std::to_string(k + 1);
    for (int cell = 0; cell < p.grid.cells(); ++cell) regions[p.region[cell]].cells.push_back(cell);
    for (NamedUnit& u : regions) out.push_back(std::move(u));
  }
  for (std::size_t k = 0; k < p.extras.size(); ++k) {
    out.push_back({p.extraName + " " + std::to_string(k + 1), p.extras[k].cells});
  }
  return out;
}

std::string digitText(int d) { return std::to_string(d); }

}  // namespace

std::vector<unsigned> digitSets(int n, int size, int sum) {
  std::vector<unsigned> out;
  if (n > 20 || size > n) return out;
  for (unsigned mask = 0; mask < (1U << n); ++mask) {
    if (std::popcount(mask) != size) continue;
    int total = 0;
    for (int d = 1; d <= n; ++d) {
      if (mask & (1U << (d - 1))) total += d;
    }
    if (total == sum) out.push_back(mask);
  }
  return out;
}

std::vector<std::string_view> DigitGenre::models() const { return {"textbook", "packing"}; }

std::unique_ptr<Built> DigitGenre::build(const Puzzle& puzzle, const BuildOptions& options) const {
  requireModel(options.model);
  // "clauses" is the combinations model with each link row split into clauses.
  const bool clauses = options.model == "clauses";
  const bool combinations = options.model == "combinations" || clauses;
  // The packing model: every "once" row reads "at most once", the givens stay fixed,
  // and the objective places as many digits as fit (n² exactly when there is an
  // answer); the cages' rows, equalities, are not part of it (models() leaves it out
  // for killer).
  const bool packing = options.model == "packing";
  const DigitPuzzle& p = digitsOf(puzzle);
  const int n = p.n;
  auto built = std::make_unique<DigitBuilt>();
  built->cageClauses = clauses;
  milp::Model& m = built->model;
  const milp::VarFamily x = built->x =
      m.addVars("x", {{1, n}, {1, n}, {1, n}}, milp::VarType::kBinary, 0, 1);
  built->answer = x.all();
  built->oneHotAnswer = !packing;  // a packing point may leave a cell empty
  if (packing) {
    m.maximize(sum(x.all()));
    built->fullValue = n * n;
  }
  const auto once = [packing](milp::LinExpr expr) { return packing ? expr <= 1 : expr == 1; };
  built->cellOf.resize(built->answer.size());
  for (std::size_t j = 0; j < built->answer.size(); ++j) built->cellOf[j] = static_cast<int>(j) / n;
  const auto label = [](const char* family, int a, int b = -1) {
    return std::string(family) + "[" + std::to_string(a) + (b >= 0 ? "," + std::to_string(b) : "") +
           "]";
  };
  // Each cell holds one digit.
  for (int r = 1; r <= n; ++r) {
    for (int c = 1; c <= n; ++c)
      m.addConstraint(once(sum(x.slice({r, c, kAll}))), label("cell", r, c));
  }
  // Each digit once per row, once per column.
  for (int r = 1; r <= n; ++r) {
    for (int d = 1; d <= n; ++d)
      m.addConstraint(once(sum(x.slice({r, kAll, d}))), label("row", r, d));
  }
  for (int c = 1; c <= n; ++c) {
    for (int d = 1; d <= n; ++d) {
      m.addConstraint(once(sum(x.slice({kAll, c, d}))), label("column", c, d));
    }
  }
  // Each digit once per box or region, and per diagonal or window.
  const auto digitOnce = [&](const std::vector<int>& cells, const std::string& family, int k) {
    for (int d = 1; d <= n; ++d) {
      milp::LinExpr in_unit;
      for (int cell : cells) in_unit += x(p.grid.rowOf(cell) + 1, p.grid.columnOf(cell) + 1, d);
      m.addConstraint(once(in_unit), label(family.c_str(), k, d));
    }
  };
  if (!p.region.empty()) {
    std::vector<std::vector<int>> regions(n);
    for (int cell = 0; cell < p.grid.cells(); ++cell) regions[p.region[cell]].push_back(cell);
    for (int k = 0; k < n; ++k) digitOnce(regions[k], p.regionName, k + 1);
  }
  for (std::size_t k = 0; k < p.extras.size(); ++k) {
    digitOnce(p.extras[k].cells, p.extraName, static_cast<int>(k) + 1);
  }
  // Each cage adds up to its sum, and holds no digit twice: by the sum row, or by
  // choosing one of the digit sets that make the sum. With switchClues ("Why no
  // solution?"), each cage's sum holds only when its binary keep_cage[k] is 1 (clues.h):
  // the textbook's sum row by big-M; the combinations choose a set only when kept
  // (Σ y = keep), and a digit's link to the chosen set is relaxed by 1 − keep. A dropped
  // sum leaves the cage's other rule, no digit twice.
  for (std::size_t k = 0; combinations && k < p.cages.size(); ++k) {
    const Cage& cage = p.cages[k];
    const std::vector<unsigned> sets = digitSets(n, static_cast<int>(cage.cells.size()), cage.sum);
    const int id = static_cast<int>(k) + 1;
    const milp::VarFamily y =
        m.addVars("y" + std::to_string(id), {{1, static_cast<int>(sets.size())}},
                  milp::VarType::kBinary, 0, 1);
    built->cellOf.resize(m.numVars(), cage.cells.front());
    milp::LinExpr kept(1.0);  // keep_cage[k], or 1 when the sum is not switched
    if (options.switchClues) {
      const milp::Var keep = m.addBinary(label("keep_cage", id));
      built->cellOf.resize(m.numVars(), sumCellOf(cage));
      built->clueSwitches.push_back(
          {keep, sumCellOf(cage), "cage sum " + std::to_string(cage.sum)});
      kept = milp::LinExpr(keep);
    }
    const milp::Constraint choice =
        m.addConstraint(sum(y.all()) - kept == 0, label("combination", id));
    built->rowCells.resize(static_cast<std::size_t>(choice.index) + 1);
    built->rowCells[static_cast<std::size_t>(choice.index)] = cage.cells;
    for (int d = 1; d <= n; ++d) {
      const unsigned bit = 1U << (d - 1);
      milp::LinExpr uses;
      milp::LinExpr with_d;
      for (int cell : cage.cells) uses += x(p.grid.rowOf(cell) + 1, p.grid.columnOf(cell) + 1, d);
      for (std::size_t j = 0; j < sets.size(); ++j) {
        if (sets[j] & bit) with_d += y(static_cast<int>(j) + 1);
      }
      if (!clauses && !options.switchClues) {
        m.addConstraint(uses - with_d == 0, label("cage_digit", id, d));
        continue;
      }
      if (!clauses) {  // uses = with_d when kept; uses ≤ 1 when not (with_d is then 0)
        m.addConstraint(uses - with_d >= 0, label("cage_digit", id, d));
        m.addConstraint(uses - with_d + kept <= 1, label("cage_digit_most", id, d));
        continue;
      }
      // No digit twice in the cage; a digit in it is in the chosen set; each digit of
      // the chosen set is in it. Each row is a clause or "at most one" (the SAT method
      // writes them as clauses, no adders), and together they say what cage_digit says.
      m.addConstraint(uses <= 1, label("cage_digit", id, d));
      for (int cell : cage.cells) {
        m.addConstraint(
            milp::LinExpr(x(p.grid.rowOf(cell) + 1, p.grid.columnOf(cell) + 1, d)) - with_d +
                    kept <=
                1,
            "in_set[" + std::to_string(id) + "," + std::to_string(p.grid.rowOf(cell) + 1) + "," +
                std::to_string(p.grid.columnOf(cell) + 1) + "," + std::to_string(d) + "]");
      }
      for (std::size_t j = 0; j < sets.size(); ++j) {
        if (sets[j] & bit) {
          m.addConstraint(milp::LinExpr(y(static_cast<int>(j) + 1)) - uses <= 0,
                          "placed[" + std::to_string(id) + "," + std::to_string(j + 1) + "," +
                              std::to_string(d) + "]");
        }
      }
    }
  }
  for (std::size_t k = 0; !combinations && k < p.cages.size(); ++k) {
    const Cage& cage = p.cages[k];
    milp::LinExpr total;
    for (int cell : cage.cells) {
      for (int d = 1; d <= n; ++d)
        total += d * milp::LinExpr(x(p.grid.rowOf(cell) + 1, p.grid.columnOf(cell) + 1, d));
    }
    if (options.switchClues) {
      addClueRow(*built, total, cage.sum, label("cage", static_cast<int>(k) + 1), true,
                 sumCellOf(cage), "cage sum " + std::to_string(cage.sum));
    } else {
      m.addConstraint(total == cage.sum, label("cage", static_cast<int>(k) + 1));
    }
    if (cage.cells.size() < 2) continue;
    for (int d = 1; d <= n; ++d) {
      milp::LinExpr uses;
      for (int cell : cage.cells) uses += x(p.grid.rowOf(cell) + 1, p.grid.columnOf(cell) + 1, d);
      m.addConstraint(uses <= 1, label("cage_digit", static_cast<int>(k) + 1, d));
    }
  }
  // Givens, by bounds.
  for (int cell = 0; cell < p.grid.cells(); ++cell) {
    if (p.givens[cell] != 0)
      m.fix(x(p.grid.rowOf(cell) + 1, p.grid.columnOf(cell) + 1, p.givens[cell]), 1);
  }
  if (options.objective) addDigitObjective(p, *options.objective, built.get());
  return built;
}

void addDigitObjective(const DigitPuzzle& puzzle, const DigitObjective& objective,
                       DigitBuilt* built) {
  const int n = puzzle.n;
  const int cells = puzzle.grid.cells();
  if (static_cast<int>(objective.weights.size()) != cells) {
    throw badRequest("objective.weights", "An objective needs " + std::to_string(cells) +
                                              " weights (one per cell), not " +
                                              std::to_string(objective.weights.size()));
  }
  milp::LinExpr sum;
  for (int cell = 0; cell < cells; ++cell) {
    const double w = objective.weights[cell];
    if (w == 0) continue;
    const int decided = built->decided.empty() ? 0 : built->decided[cell];
    if (decided != 0) {
      sum += w * decided;
      continue;
    }
    for (int d = 1; d <= n; ++d) {
      const int v = built->x.size() > 0 ? built->x.varAtOffset(cell * n + d - 1) : -1;
      if (v >= 0) sum.addTerm(milp::Var{v, &built->model}, w * d);
    }
  }
  if (objective.sense == milp::ObjectiveSense::kMaximize) {
    built->model.maximize(sum);
  } else {
    built->model.minimize(sum);
  }
  built->objective = objective;
}

std::pair<std::string, std::string> digitObjectiveTex(const DigitObjective& objective, int n) {
  const bool maximise = objective.sense == milp::ObjectiveSense::kMaximize;
  const std::string sense = maximise ? "\\max" : "\\min";
  const std::string as = std::string(", as ") + (maximise ? "large" : "small") + " as it can be.";
  const std::string side = std::to_string(n);
  if (objective.preset == DigitObjective::Preset::kDiagonal) {
    return {sense + " \\sum_{i=1}^{" + side + "} \\sum_d d\\,x_{i,i,d}",
            "The objective: the sum of the digits on the main diagonal" + as};
  }
  if (objective.preset == DigitObjective::Preset::kFirstRow) {
    const std::string base = std::to_string(sudoku::firstRowBase(n));
    return {
        sense + " \\sum_{c=1}^{" + side + "} " + base + "^{" + side + "-c} \\sum_d d\\,x_{1,c,d}",
        "The objective: the first row read as a number (base " + base + ")" + as};
  }
  return {sense + " \\sum_{r,c} w_{r,c} \\sum_d d\\,x_{r,c,d}",
          "The objective: each digit times the weight \\(w_{r,c}\\) of its cell, summed" + as};
}

Answer DigitGenre::decode(const Puzzle& puzzle, const Built& built) const {
  const DigitPuzzle& p = digitsOf(puzzle);
  const auto& b = dynamic_cast<const DigitBuilt&>(built);
  Answer out{p.grid, std::vector<int>(p.grid.cells(), 0), {}};
  for (int cell = 0; cell < p.grid.cells(); ++cell) {
    for (int d = 1; d <= p.n; ++d) {
      if (b.model.value(b.x(p.grid.rowOf(cell) + 1, p.grid.columnOf(cell) + 1, d)) > 0.5) {
        out.cells[cell] = d;
      }
    }
  }
  return out;
}

std::optional<std::string> DigitGenre::verify(const Puzzle& puzzle, const Answer& answer) const {
  const DigitPuzzle& p = digitsOf(puzzle);
  if (answer.grid.rows != p.n || answer.grid.columns != p.n ||
      static_cast<int>(answer.cells.size()) != p.n * p.n) {
    return "the answer is not " + p.grid.label();
  }
  for (int cell = 0; cell < p.grid.cells(); ++cell) {
    const int v = answer.cells[cell];
    if (v < 1 || v > p.n) {
      return p.grid.name(cell) + " holds " + std::to_string(v) + ", not a digit 1 to " +
             std::to_string(p.n);
    }
    if (p.givens[cell] != 0 && p.givens[cell] != v) {
      return p.grid.name(cell) + " holds " + std::to_string(v) + " but the given is " +
             std::to_string(p.givens[cell]);
    }
  }
  for (const NamedUnit& unit : unitsOf(p)) {
    std::vector<int> seen(p.n + 1, 0);
    for (int cell : unit.cells) {
      if (++seen[answer.cells[cell]] > 1) {
        return unit.name + " holds " + std::to_string(answer.cells[cell]) + " twice";
      }
    }
  }
  for (std::size_t k = 0; k < p.cages.size(); ++k) {
    const Cage& cage = p.cages[k];
    std::vector<int> seen(p.n + 1, 0);
    int total = 0;
    for (int cell : cage.cells) {
      total += answer.cells[cell];
      if (++seen[answer.cells[cell]] > 1) {
        return "the cage at " + p.grid.name(cage.cells.front()) + " holds " +
               std::to_string(answer.cells[cell]) + " twice";
      }
    }
    if (total != cage.sum) {
      return "the cage at " + p.grid.name(cage.cells.front()) + " adds up to " +
             std::to_string(total) + ", not " + std::to_string(cage.sum);
    }
  }
  return std::nullopt;
}

Board DigitGenre::board(const Puzzle& puzzle, const Answer* answer) const {
  const DigitPuzzle& p = digitsOf(puzzle);
  Board board;
  board.rows = p.grid.rows;
  board.columns = p.grid.columns;
  for (const Unit& unit : p.extras) {
    for (int cell : unit.cells) board.shade(p.grid.centre(cell), p.extraName, 0.7);
  }
  if (!p.region.empty()) addRegionWalls(p.grid, p.region, &board);
  for (const Cage& cage : p.cages) {
    BoardItem item;
    item.kind = ItemKind::kCage;
    item.at = p.grid.centre(sumCellOf(cage));
    item.text = std::to_string(cage.sum);
    for (int cell : cage.cells) item.cells.push_back(p.grid.centre(cell));
    board.items.push_back(std::move(item));
  }
  for (int cell = 0; cell < p.grid.cells(); ++cell) {
    if (p.givens[cell] != 0) {
      board.number(p.grid.centre(cell), digitText(p.givens[cell]), "given");
    } else if (answer != nullptr && answer->cells[cell] != 0) {
      board.number(p.grid.centre(cell), digitText(answer->cells[cell]), "solved");
    }
  }
  return board;
}

void DigitGenre::drawRelaxation(const Puzzle& puzzle, const Built& built,
                                const std::vector<double>& values, Board* board) const {
  const DigitPuzzle& p = digitsOf(puzzle);
  const auto& b = dynamic_cast<const DigitBuilt&>(built);
  drawCandidates(
      p,
      [&](int cell, int d) {
        return values[b.x(p.grid.rowOf(cell) + 1, p.grid.columnOf(cell) + 1, d).index];
      },
      board);
}

void DigitGenre::drawCandidates(const DigitPuzzle& p,
                                const std::function<double(int, int)>& valueOf,
                                Board* board) const {
  for (int cell = 0; cell < p.grid.cells(); ++cell) {
    if (p.givens[cell] != 0) continue;
    for (int d = 1; d <= p.n; ++d) {
      const double v = valueOf(cell, d);
      if (std::fabs(v) <= 1e-9) continue;
      BoardItem item;
      item.kind = ItemKind::kCandidate;
      item.at = p.grid.centre(cell);
      item.text = digitText(d);
      item.value = std::min(1.0, std::max(0.0, v));
      board->items.push_back(std::move(item));
    }
  }
}

Formulation DigitGenre::formulation(const Puzzle& puzzle, const Built& built) const {
  const DigitPuzzle& p = digitsOf(puzzle);
  Formulation f;
  f.genre = std::string(id());
  const std::string n = std::to_string(p.n);
  // A puzzle without givens (a Killer's cages alone) fixes no variable.
  const bool any_given = std::any_of(p.givens.begin(), p.givens.end(), [](int g) { return g > 0; });
  f.variables =
      "x_{r,c,d} \\in \\{0,1\\},\\ x_{r,c,d} = 1 \\iff \\text{cell } (r,c) "
      "\\text{ holds } d, \\quad r,c,d \\in \\{1,\\dots," +
      n + "\\}" + (any_given ? ";\\quad x_{r,c,g} = 1 \\text{ for each given } g" : "");
  f.objective = "\\text{minimise } 0 \\quad (\\text{any feasible point is an answer})";
  if (const auto* digits = dynamic_cast<const DigitBuilt*>(&built); digits && digits->objective) {
    auto [tex, words] = digitObjectiveTex(*digits->objective, p.n);
    f.objective = std::move(tex);
    f.notes.push_back({"objective", std::move(words)});
  }
  const std::string all = "\\quad \\forall d \\in \\{1,\\dots," + n + "\\}";
  f.groups.push_back({"cell",
                      "Each cell holds one digit",
                      "\\sum_{d=1}^{" + n + "} x_{r,c,d} = 1 \\quad \\forall r,c",
                      "",
                      {}});
  f.groups.push_back({"row",
                      "Each digit once per row",
                      "\\sum_{c=1}^{" + n + "} x_{r,c,d} = 1 \\quad \\forall r,d",
                      "",
                      {}});
  f.groups.push_back({"column",
                      "Each digit once per column",
                      "\\sum_{r=1}^{" + n + "} x_{r,c,d} = 1 \\quad \\forall c,d",
                      "",
                      {}});
  if (!p.region.empty()) {
    const bool boxes = p.regionName == "box";
    f.groups.push_back({p.regionName,
                        boxes ? "Each digit once per box" : "Each digit once per region",
                        "\\sum_{(r,c) \\in " + std::string(boxes ? "B_k" : "R_k") +
                            "} x_{r,c,d} = 1 \\quad \\forall k,d",
                        "areas",
                        {}});
  }
  if (!p.extras.empty()) {
    const bool diagonal = p.extraName == "diagonal";
    f.groups.push_back(
        {p.extraName,
         diagonal ? "Each digit once on each main diagonal" : "Each digit once per extra window",
         diagonal
             ? "\\sum_{i=1}^{" + n + "} x_{i,i,d} = 1,\\quad \\sum_{i=1}^{" + n + "} x_{i," +
                   std::to_string(p.n + 1) + "-i,d} = 1" + all
             : "\\sum_{(r,c) \\in W_k} x_{r,c,d} = 1 \\quad \\forall k \\in \\{1,\\dots,4\\}, d",
         "areas",
         {}});
  }
  const bool combinations = built.model.findConstraint("combination[1]").has_value();
  const auto* digits = dynamic_cast<const DigitBuilt*>(&built);
  const bool clauses = digits != nullptr && digits->cageClauses;
  if (!p.cages.empty() && combinations) {
    f.groups.push_back(
        {"combination",
         "Each cage uses one set of different digits that make its sum",
         "\\sum_{j} y_{k,j} = 1 \\quad \\forall k,\\ \\text{over the digit sets } S_{k,j} "
         "\\text{ with } |S_{k,j}| = |C_k|,\\ \\textstyle\\sum S_{k,j} = s_k",
         "candidates",
         {}});
  }
  if (!p.cages.empty() && clauses) {
    f.groups.push_back({"cage_digit",
                        "No digit twice in a cage",
                        "\\sum_{(r,c) \\in C_k} x_{r,c,d} \\le 1 \\quad \\forall k,d",
                        "",
                        {}});
    f.groups.push_back({"in_set",
                        "A digit in a cage is in the chosen set (a clause)",
                        "x_{r,c,d} \\le \\sum_{j : d \\in S_{k,j}} y_{k,j} \\quad \\forall k,\\ "
                        "(r,c) \\in C_k,\\ d",
                        "clauses",
                        {}});
    f.groups.push_back({"placed",
                        "Each digit of the chosen set is in the cage (a clause)",
                        "y_{k,j} \\le \\sum_{(r,c) \\in C_k} x_{r,c,d} \\quad \\forall k,j,\\ "
                        "d \\in S_{k,j}",
                        "clauses",
                        {}});
  } else if (!p.cages.empty() && combinations) {
    f.groups.push_back({"cage_digit",
                        "A digit is in a cage exactly when the chosen set has it",
                        "\\sum_{(r,c) \\in C_k} x_{r,c,d} = \\sum_{j : d \\in S_{k,j}} y_{k,j} "
                        "\\quad \\forall k,d",
                        "",
                        {}});
  } else if (!p.cages.empty()) {
    f.groups.push_back({"cage",
                        "Each cage adds up to its sum",
                        "\\sum_{(r,c) \\in C_k} \\sum_{d=1}^{" + n +
                            "} d\\,x_{r,c,d} = s_k "
                            "\\quad \\forall k",
                        "sums",
                        {}});
    f.groups.push_back({"cage_digit",
                        "No digit twice in a cage",
                        "\\sum_{(r,c) \\in C_k} x_{r,c,d} \\le 1 \\quad \\forall k,d",
                        "",
                        {}});
  }
  if (built.fullValue) {
    // The packing model: each rule "at most once", the digits placed maximised.
    f.objective = "\\text{maximise } \\sum_{r,c,d} x_{r,c,d} \\quad (= " + n +
                  "^2 = " + std::to_string(*built.fullValue) +
                  " \\text{ exactly when the puzzle has an answer})";
    for (ConstraintGroup& g : f.groups) {
      for (std::size_t at = g.tex.find("= 1"); at != std::string::npos;
           at = g.tex.find("= 1", at)) {
        g.tex.replace(at, 3, "\\le 1");
      }
      if (g.title == "Each cell holds one digit") g.title = "Each cell holds at most one digit";
      if (g.title.rfind("Each digit once", 0) == 0)
        g.title.replace(0, 15, "Each digit at most once");
    }
  }
  collectRows(built, &f);
  return f;
}

std::string DigitGenre::formatAnswer(const Puzzle& puzzle, const Answer& answer) const {
  std::string out = "=== " + (puzzle.header.empty() ? puzzle.name : puzzle.header) + "\n";
  out += std::to_string(answer.grid.rows) + " " + std::to_string(answer.grid.columns) + "\n";
  for (int r = 0; r < answer.grid.rows; ++r) {
    for (int c = 0; c < answer.grid.columns; ++c) {
      if (c > 0) out += ' ';
      out += std::to_string(answer.cells[answer.grid.index(r, c)]);
    }
    out += '\n';
  }
  return out;
}

std::string DigitGenre::formatPuzzle(const Puzzle& puzzle) const {
  const DigitPuzzle& p = digitsOf(puzzle);
  std::string out = "=== " + (p.header.empty() ? p.name : p.header) + "\n";
  out += std::to_string(p.n) + " " + std::to_string(p.n);
  if (p.boxHeight > 0 && p.boxHeight != sudoku::shapeForSize(p.n).boxHeight) {
    // Boxes of another shape than the usual ones: "6 6 3x2" (digitPuzzleOf reads it).
    out += " " + std::to_string(p.boxHeight) + "x" + std::to_string(p.boxWidth);
  }
  out += "\n";
  const auto block = [&](const std::vector<int>& values, bool dash_for_zero) {
    for (int r = 0; r < p.n; ++r) {
      for (int c = 0; c < p.n; ++c) {
        const int v = values[p.grid.index(r, c)];
        out +=
            (c > 0 ? " " : "") + (dash_for_zero && v == 0 ? std::string("-") : std::to_string(v));
      }
      out += '\n';
    }
  };
  if (!p.cages.empty()) {
    std::vector<int> sums(p.grid.cells(), 0), ids(p.grid.cells(), 0);
    for (std::size_t k = 0; k < p.cages.size(); ++k) {
      for (int cell : p.cages[k].cells) ids[cell] = static_cast<int>(k) + 1;
      sums[sumCellOf(p.cages[k])] = p.cages[k].sum;
    }
    block(sums, true);
    block(ids, false);
    return out;
  }
  block(p.givens, true);
  if (p.regionName == "region") {
    std::vector<int> ids(p.region);
    for (int& id : ids) ++id;
    block(ids, false);
  }
  return out;
}

void setBoxes(DigitPuzzle& puzzle, std::string_view title, int boxHeight, int boxWidth) {
  if (boxHeight == 0 && boxWidth == 0) {  // the record's shape ("6 6 3x2"), if it gave one
    boxHeight = puzzle.boxHeight;
    boxWidth = puzzle.boxWidth;
  }
  const sudoku::Shape shape = sudoku::shapeFor(puzzle.n, boxHeight, boxWidth);
  if (boxHeight == 0 && boxWidth == 0 && shape.boxHeight == 1 && puzzle.n > 1) {
    throw badRequest("size", std::string(title) + " needs boxes, and " + puzzle.grid.label() +
                                 " has none (its side " + std::to_string(puzzle.n) +
                                 " is prime): choose another size or the Latin square genre");
  }
  puzzle.region.assign(puzzle.grid.cells(), 0);
  for (int cell = 0; cell < puzzle.grid.cells(); ++cell) {
    const int r = puzzle.grid.rowOf(cell), c = puzzle.grid.columnOf(cell);
    puzzle.region[cell] = (r / shape.boxHeight) * (puzzle.n / shape.boxWidth) + c / shape.boxWidth;
  }
  puzzle.regionName = "box";
  puzzle.boxHeight = shape.boxHeight;
  puzzle.boxWidth = shape.boxWidth;
}

std::unique_ptr<DigitPuzzle> digitPuzzleOf(const sudoku::Grid& givens, std::string name, int line) {
  auto p = std::make_unique<DigitPuzzle>();
  const int n = givens.shape.size();
  p->grid = RectGrid{n, n};
  p->n = n;
  p->name = std::move(name);
  p->line = line;
  p->givens = givens.cells;
  return p;
}

std::unique_ptr<DigitPuzzle> digitPuzzleOf(const Record& record, std::string_view title,
                                           bool boxes) {
  auto p = std::make_unique<DigitPuzzle>();
  p->name = record.name;
  p->header = record.header;
  p->line = record.line;
  p->grid = RectGrid{record.rows, record.columns};
  p->n = record.rows;
  p->givens.assign(p->grid.cells(), 0);
  if (!boxes) requireNoParameter(record, title);
  if (record.rows != record.columns) {
    throw recordError(record, *p, ErrorCode::kBadRequest,
                      withArticle(title) + " is square (n\u00d7n), not " + p->grid.label());
  }
  if (boxes) {
    // "6 6 3x2": boxes of 3 rows × 2 columns (setBoxes takes them from the puzzle).
    if (const std::optional<std::pair<int, int>> shape = boxShapeOf(record)) {
      p->boxHeight = shape->first;
      p->boxWidth = shape->second;
    }
  }
  return p;
}

std::vector<int> readGivens(const Record& record, int block, int blocks) {
  const std::vector<const Token*> tokens = recordBlock(record, block, blocks);
  const int n = record.rows;
  std::vector<int> givens(tokens.size());
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    givens[k] = tokenValue(record, *tokens[k], blockLine(record, block, static_cast<int>(k)), 1, n,
                           true, "a digit");
  }
  return givens;
}

std::vector<std::unique_ptr<Puzzle>> DigitGenre::parse(std::string_view text, int size) const {
  std::vector<std::unique_ptr<Puzzle>> out = parseAsGiven(text, size);
  for (const std::unique_ptr<Puzzle>& p : out) {
    requireNoConflict(dynamic_cast<const DigitPuzzle&>(*p));
  }
  return out;
}

std::optional<GivenClash> findClash(const DigitPuzzle& puzzle) {
  for (const NamedUnit& unit : unitsOf(puzzle)) {
    std::vector<int> at(puzzle.n + 1, -1);
    for (int cell : unit.cells) {
      const int g = puzzle.givens[cell];
      if (g == 0) continue;
      if (at[g] >= 0) return GivenClash{g, unit.name, at[g], cell};
      at[g] = cell;
    }
  }
  return std::nullopt;
}

void requireNoConflict(const DigitPuzzle& puzzle) {
  if (const std::optional<GivenClash> clash = findClash(puzzle)) {
    Where where;
    where.cells = {puzzle.grid.ref(clash->first), puzzle.grid.ref(clash->second)};
    throw InputError(ErrorCode::kConflictingGivens,
                     puzzle.name + ": two " + std::to_string(clash->digit) + "s in " + clash->unit +
                         ": " + puzzle.grid.name(clash->first) + " and " +
                         puzzle.grid.name(clash->second),
                     where);
  }
}

std::vector<std::unique_ptr<DigitPuzzle>> parseDigitGrids(std::string_view text, int size,
                                                          bool boxes) {
  std::vector<std::unique_ptr<DigitPuzzle>> out;
  // The record layout: a header line, or a first line of two equal numbers "N N".
  std::size_t first = text.find_first_not_of(" \t\r\n");
  const bool records = first != std::string_view::npos && [&] {
    const std::string_view line = text.substr(first, text.find('\n', first) - first);
    // A header "=== id", not a separator line of '=' alone (Sudoku's easy50 files).
    if (line.substr(0, 3) == "===") {
      const std::size_t after = line.find_first_not_of('=');
      return after != std::string_view::npos &&
             line.find_first_not_of(" \t\r", after) != std::string_view::npos;
    }
    int a = 0, b = 0, h = 0, w = 0;
    char extra = 0;
    const std::string first_line(line);
    // "N N", or "N N HxW" (not a row of digits such as "0 0 3 0 2 …"): a genre without
    // boxes then says that it takes no third item (digitPuzzleOf).
    return (std::sscanf(first_line.c_str(), "%d %d %c", &a, &b, &extra) == 2 ||
            std::sscanf(first_line.c_str(), "%d %d %dx%d %c", &a, &b, &h, &w, &extra) == 4) &&
           a == b;
  }();
  if (records) {
    for (const Record& record : parseRecords(text)) {
      std::unique_ptr<DigitPuzzle> p = digitPuzzleOf(record, "puzzle of this genre", boxes);
      p->givens = readGivens(record, 0, 1);
      out.push_back(std::move(p));
    }
    return out;
  }
  sudoku::ParseOptions options;
  options.size = size;
  const sudoku::ParsedText parsed = sudoku::parseText(text, options);
  for (const sudoku::ParsedPuzzle& puzzle : parsed.puzzles) {
    out.push_back(digitPuzzleOf(puzzle.grid, puzzle.name, puzzle.line));
  }
  return out;
}

}  // namespace gridmilp::puzzles
