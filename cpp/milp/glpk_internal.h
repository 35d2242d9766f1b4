// gridmilp — what the GLPK backend's files share (glpk_backend.cpp and
// glpk_sat_method.cpp); not for other code: it includes glpk.h.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <glpk.h>

#include <string>
#include <vector>

#include "milp/model.h"

namespace gridmilp::milp::internal {

/// Converts a 0-based model index to GLPK's 1-based one. GLPK numbers rows and
/// columns from 1; entry 0 of its arrays is unused.
constexpr int toGlpk(int index) { return index + 1; }

/// The model's matrix in GLPK's triplet form, 1-based, entry 0 unused.
struct Triplets {
  std::vector<int> ia, ja;
  std::vector<double> ar;
  explicit Triplets(const Model& model)
      : ia(model.numNonzeros() + 1), ja(model.numNonzeros() + 1), ar(model.numNonzeros() + 1) {
    const std::vector<int>& row_vars = model.rowVars();
    const std::vector<double>& row_coefs = model.rowCoefs();
    for (int i = 0; i < model.numConstraints(); ++i) {
      for (int k = model.rowStart(i); k < model.rowStart(i + 1); ++k) {
        ia[k + 1] = toGlpk(i);
        ja[k + 1] = toGlpk(row_vars[k]);
        ar[k + 1] = row_coefs[k];
      }
    }
  }
  int ne() const { return static_cast<int>(ia.size()) - 1; }
};

/// The model as a GLPK problem without names (integer columns kept unless `relax`).
glp_prob* createGlpkProblem(const Model& model, const Triplets& triplets, bool relax);

/// Runs fn(arg) under gridmilp's GLPK error recovery with the terminal output captured
/// in `log`; false when GLPK raised an error (its environment has been freed then).
/// The frames fn runs in may be skipped by a longjmp: they must hold no object with a
/// destructor (see glpk_backend.cpp).
bool runUnderRecovery(void (*fn)(void*), void* arg, std::string* log);

/// GLPK's error text from a captured log, folded to one line ("GLPK error: ...").
std::string glpkErrorMessage(const std::string& log);

/// The SAT method's entry (glpk_sat_method.cpp), called by solveWithGlpk.
using SatSolver = SolveResult (*)(const Model& model, const SolveOptions& options,
                                  std::vector<double>* values);
/// Sets it (enableSatMethod).
void installSatSolver(SatSolver solver);

}  // namespace gridmilp::milp::internal
