// gridmilp — the GLPK backend: the only code that includes glpk.h.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

#include "milp/model.h"

namespace gridmilp::milp {

/// Solves `model` with GLPK 5.0 (glp_intopt; glp_simplex first when presolve is off;
/// for Method::kSat GLPK's CNF-SAT route, see glpk_sat.h, which needs every variable
/// binary or fixed to 0 or 1 and integer coefficients and right-hand sides, else the
/// result is kError naming what is not).
/// On return `values` holds one value per variable when result.hasSolution, else it
/// is cleared. Never throws for solver trouble and never lets GLPK abort the process:
/// a GLPK error is caught through glp_error_hook, GLPK's environment is freed and the
/// result is SolveStatus::kError with GLPK's message. Terminal output is captured,
/// never printed. Not reentrant (GLPK's environment is per thread).
SolveResult solveWithGlpk(const Model& model, const SolveOptions& options,
                          std::vector<double>* values);

/// Makes Method::kSat available: links GLPK's CNF-SAT translation and MiniSat into
/// the program (about 16 KB of gzip in the WASM module, which is why the page's
/// first-solve module leaves them out; cpp/milp/glpk_sat.h). Call once, before
/// solving; calling it again does nothing.
void enableSatMethod();
/// Whether enableSatMethod() was called. Without it a Method::kSat solve returns
/// kError saying so.
bool satMethodEnabled();

/// Text formats GLPK reads and writes.
enum class ModelFormat { kCplexLp, kFreeMps };

/// The model as text written by GLPK itself (glp_write_lp, or glp_write_mps in free
/// MPS format), with the model's names (GLPK turns `x[3,5,9]` into `x(3,5,9)` in LP
/// files, which do not allow brackets). MPS has no objective sense: a maximisation
/// is written as the minimisation of the negated objective, with a comment saying
/// so. Throws ModelError when GLPK fails. Not in a build with GRIDMILP_NO_MODEL_WRITER
/// (the page's first-solve WASM module, which leaves glp_write_lp and glp_write_mps out
/// and refuses every export: cpp/app/service.cpp).
#ifndef GRIDMILP_NO_MODEL_WRITER
std::string writeModel(const Model& model, ModelFormat format);
#endif

/// Result of reading a model text with GLPK and solving it (for round trips).
struct TextSolve {
  SolveStatus status = SolveStatus::kError;
  double objective = 0;
  std::vector<std::pair<std::string, double>> values;  ///< column name (as in the text), value
  std::string message;  ///< for kError: GLPK's message (e.g. a syntax error and its line)
};
/// Reads `text` with glp_read_lp / glp_read_mps and solves it with glp_intopt
/// (presolve on). Never throws for bad text: status kError with GLPK's message.
TextSolve solveModelText(const std::string& text, ModelFormat format);

/// Solves the LP relaxation (every variable continuous, bounds kept) with
/// glp_simplex: GLPK's LP presolver, then the dual simplex (primal where the dual
/// fails, GLP_DUALP). `values` gets one value per variable when the LP is optimal: one
/// optimal vertex; which one, and so whether it is integral, depends on the method.
/// Status: kOptimal, kInfeasible, kUnbounded, kTimeLimit or kError.
SolveResult solveRelaxation(const Model& model, const SolveOptions& options,
                            std::vector<double>* values);

/// GLPK's version string, e.g. "5.0".
std::string glpkVersion();

}  // namespace gridmilp::milp
