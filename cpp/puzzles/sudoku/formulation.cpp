// gridmilp — Sudoku's formulation as the model panel typesets it, for each model.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "puzzles/sudoku/formulation.h"

#include <string>
#include <utility>
#include <vector>

#include "puzzles/sudoku/solver.h"

namespace gridmilp::sudoku {
namespace {

/// "1,234" (thousands separated as en-US writes them).
std::string grouped(long long n) {
  std::string digits = std::to_string(n < 0 ? -n : n);
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) digits.insert(at, ",");
  return n < 0 ? "-" + digits : digits;
}

/// "1 given", "3 givens".
std::string count(long long n, const std::string& word) {
  return grouped(n) + " " + word + (n == 1 ? "" : "s");
}

/// TeX inline in a note's words.
std::string tex(const std::string& t) { return "\\(" + t + "\\)"; }

bool fixesCells(ModelKind kind) {
  return kind == ModelKind::kReduced || kind == ModelKind::kProbed;
}

/// The objective: its TeX, and its words (with TeX between \( and \)).
std::pair<std::string, std::string> objectiveOf(const SudokuModel& m,
                                                const FormulationObjective& objective) {
  const int n = m.shape.size();
  const std::string value =
      ", with " + tex("v_{r,c} = \\sum_{d} d\\,x_{r,c,d}") + ", the value of cell (r, c)";
  if (m.kind == ModelKind::kPacking) {
    return {"\\max \\sum_{r,c,d \\in N} x_{r,c,d}", "the digits placed"};
  }
  switch (objective.kind) {
    case FormulationObjective::Kind::kNone:
      return {"\\min\\; 0", "feasibility: every solution is optimal"};
    case FormulationObjective::Kind::kDiagonal:
      return {"\\max \\sum_{i \\in N} v_{i,i}", "the main-diagonal sum" + value};
    case FormulationObjective::Kind::kFirstRow: {
      const int base = firstRowBase(n);
      return {"\\min \\sum_{c \\in N} " + std::to_string(base) + "^{" + std::to_string(n) +
                  "-c}\\, v_{1,c}",
              "the first row read as a number" + value};
    }
    case FormulationObjective::Kind::kWeights:
      break;
  }
  return {std::string(objective.maximise ? "\\max" : "\\min") +
              " \\sum_{r,c \\in N} w_{r,c}\\, v_{r,c}",
          "your weights " + tex("w") + value};
}

/// The model paragraph: what this model keeps, fixes or removes, with the figures.
std::string modelNote(const SudokuModel& m) {
  const Reduction& r = m.reduction;
  const int n = m.shape.size();
  switch (m.kind) {
    case ModelKind::kPacking: {
      const std::string cells = tex(std::to_string(n) + "^2");
      return "Packing model: the textbook's variables and rows, each rule read as \"at most "
             "once\" (" +
             tex("\\le 1") +
             "), each given a lower bound, and the objective to place as many digits as "
             "possible. When the puzzle has a solution both models give it: " +
             cells + " digits in " + cells +
             " cells of at most one digit fill every cell, and a full row of " + std::to_string(n) +
             " digits, none twice, holds each digit once. When it has none, the textbook "
             "model is infeasible and says only that, while the packing model still has an "
             "optimum: the largest fill that keeps every given, whose empty cells show where "
             "the puzzle breaks.";
    }
    case ModelKind::kTextbook:
      return "Textbook model: a binary for every cell and digit, the givens fixed by bounds.";
    case ModelKind::kCandidates:
      return "Candidates model: only the variables a given does not rule out, only the rows "
             "no given satisfies.";
    case ModelKind::kReduced:
    case ModelKind::kProbed:
      break;
  }
  int naked = 0;
  int hidden = 0;
  for (const Fixing& f : r.fixings) (f.rule == FixRule::kNakedSingle ? naked : hidden) += 1;
  int removed_by[static_cast<int>(EliminationRule::kProbing) + 1] = {};
  for (const Elimination& e : r.eliminations) removed_by[static_cast<int>(e.rule)] += e.removed;
  const int eliminated = removed_by[0] + removed_by[1] + removed_by[2] + removed_by[3];
  const bool probing = m.kind == ModelKind::kProbed;
  std::string out =
      probing ? "Reduced model + probing: as the reduced model, and when its rules are stuck, "
                "probing (the MIP presolve technique of Savelsbergh, 1994): each candidate is "
                "tried on a copy, and when naked and hidden singles then meet a contradiction "
                "it is removed"
              : "Reduced model: before GLPK, the reduction fixes cells by naked singles (one "
                "candidate left) and hidden singles (one place left in a unit) and removes "
                "candidates, repeatedly";
  out += ": " + tex("G' = G \\cup F") + ", " + tex("F") + " = " + count(naked, "naked single") +
         " and " + count(hidden, "hidden single") + "; " + tex("E") + ": " +
         count(eliminated, "candidate") + " removed by locked candidates (" +
         grouped(removed_by[0]) + "), naked pairs (" + grouped(removed_by[1]) +
         ") and hidden pairs (" + grouped(removed_by[2]) + ")";
  if (probing) out += " and probing (" + grouped(removed_by[3]) + ")";
  if (r.contradiction) out += "; it found a contradiction: " + *r.contradiction;
  return out + ".";
}

}  // namespace

puzzles::Formulation formulationOf(const SudokuModel& m, int givens,
                                   const FormulationObjective& objective) {
  const int n = m.shape.size();
  const std::string ns = std::to_string(n);
  const long long cubed = static_cast<long long>(n) * n * n;
  puzzles::Formulation f;
  f.genre = "sudoku";
  f.model = toString(m.kind);
  f.notes.push_back({"sets", tex("N = \\{1,\\dots," + ns + "\\}") +
                                 ": rows, columns, digits and boxes; box " + tex("b") + " is the " +
                                 std::to_string(m.shape.boxHeight) + "\u00d7" +
                                 std::to_string(m.shape.boxWidth) + " block " + tex("B_b") + "; " +
                                 tex("G") + ": the " + count(givens, "given") + ", " +
                                 tex("g_{r,c}") + " the digit given in cell (r, c)."});
  const bool full = m.fullModel();
  f.notes.push_back({"model", modelNote(m)});
  struct Family {
    const char* id;
    const char* pattern;
    std::string sum;
    std::string over;
  };
  std::vector<Family> families;
  if (full) {
    f.variables = "x_{r,c,d} \\in \\{0,1\\} \\quad \\forall\\, r,c,d \\in N \\quad (" + ns +
                  "^3 = " + grouped(cubed) + ")\\text{: cell } (r, c) \\text{ holds } d";
    families = {{"cell", "cell[r,c]", "d \\in N", "\\forall\\, r,c \\in N"},
                {"row", "row[r,d]", "c \\in N", "\\forall\\, r,d \\in N"},
                {"column", "column[c,d]", "r \\in N", "\\forall\\, c,d \\in N"},
                {"box", "box[b,d]", "(r,c) \\in B_b", "\\forall\\, b,d \\in N"}};
  } else {
    const bool reduced = fixesCells(m.kind);
    const std::string fixed_set = reduced ? "G'" : "G";
    const std::string c_set = reduced ? "C'" : "C";
    const long long kept = cubed - m.reduction.candidatesRemoved;
    f.notes.push_back(
        {"variables",
         tex("C(S) = \\{(r,c,d) : (r,c) \\notin S,\\ d \\ne g_{r',c'} \\text{ for each } "
             "(r',c') \\in S \\text{ in the row, column or box of } (r,c)\\}") +
             "; " + tex(reduced ? "C' = C(G') \\setminus E" : "C = C(G)") + ", the candidates (" +
             tex("|" + c_set + "| = " + std::to_string(kept)) + "; " +
             count(m.reduction.candidatesRemoved, "variable") + " of " + grouped(cubed) +
             " left out)."});
    f.variables = "x_{r,c,d} \\in \\{0,1\\} \\quad \\forall\\, (r,c,d) \\in " + c_set +
                  "\\text{: cell } (r, c) \\text{ holds } d";
    families = {{"cell", "cell[r,c]", "d : (r,c,d) \\in " + c_set,
                 "\\forall\\, (r,c) \\notin " + fixed_set},
                {"row", "row[r,d]", "c : (r,c,d) \\in " + c_set,
                 "\\forall\\, r,d : d \\notin " + fixed_set + " \\text{ in row } r"},
                {"column", "column[c,d]", "r : (r,c,d) \\in " + c_set,
                 "\\forall\\, c,d : d \\notin " + fixed_set + " \\text{ in column } c"},
                {"box", "box[b,d]", "(r,c) \\in B_b : (r,c,d) \\in " + c_set,
                 "\\forall\\, b,d : d \\notin " + fixed_set + " \\text{ in } B_b"}};
  }
  auto [objective_tex, objective_words] = objectiveOf(m, objective);
  f.objective = std::move(objective_tex);
  f.notes.push_back({"objective", std::move(objective_words)});
  const bool packing = m.kind == ModelKind::kPacking;
  const std::string rel = packing ? "\\le" : "=";
  const char* titles[] = {"Each cell holds one digit", "Each digit once per row",
                          "Each digit once per column", "Each digit once per box"};
  const char* packing_titles[] = {
      "Each cell holds at most one digit", "Each digit at most once per row",
      "Each digit at most once per column", "Each digit at most once per box"};
  for (std::size_t k = 0; k < families.size(); ++k) {
    const Family& family = families[k];
    f.groups.push_back({family.id,
                        packing ? packing_titles[k] : titles[k],
                        "\\sum_{" + family.sum + "} x_{r,c,d} " + rel + " 1 \\quad " + family.over,
                        std::string(family.id) == "box" ? "areas" : "",
                        {},
                        family.pattern});
  }
  if (full) {
    f.groups.push_back(
        {"givens",
         packing ? "Each given stays: a lower bound" : "Each given is fixed by its bounds",
         "x_{r,c,g_{r,c}} " + std::string(packing ? "\\ge" : "=") +
             " 1 \\quad \\forall\\, (r,c) \\in G \\text{ (bounds)}",
         "",
         {},
         "givens"});
  } else {
    const bool reduced = fixesCells(m.kind);
    f.groups.push_back({"givens",
                        reduced ? "The givens and the cells the reduction fixed are constants"
                                : "The givens are constants",
                        "(r,c) \\in " + std::string(reduced ? "G'" : "G") +
                            ": \\text{ no variables; units they complete have no row}",
                        "",
                        {},
                        reduced ? "givens, fixings" : "givens"});
  }
  f.rows = m.model.numConstraints();
  f.columns = m.model.numVars();
  f.nonzeros = static_cast<int>(m.model.numNonzeros());
  return f;
}

}  // namespace gridmilp::sudoku
