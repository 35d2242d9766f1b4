// gridmilp — the GLPK backend: the only code that includes glpk.h.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

#include "milp/model.h"

namespace gridmilp::milp {

/// Solves `model` with GLPK 5.0 (glp_intopt; glp_simplex first when presolve is off).
/// On return `values` holds one value per variable when result.hasSolution, else it
/// is cleared. Never throws for solver trouble and never lets GLPK abort the process:
/// a GLPK error is caught through glp_error_hook, GLPK's environment is freed and the
/// result is SolveStatus::kError with GLPK's message. Terminal output is captured,
/// never printed. Not reentrant (GLPK's environment is per thread).
SolveResult solveWithGlpk(const Model& model, const SolveOptions& options,
                          std::vector<double>* values);

/// GLPK's version string, e.g. "5.0".
std::string glpkVersion();

}  // namespace gridmilp::milp
