// gridmilp — Embind bindings of the WASM module. No puzzle logic here: one function
// that speaks the JSON protocol of cpp/app/protocol.md.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "app/service.h"
#ifdef GRIDMILP_WITH_SAT
#include "milp/glpk_backend.h"
#endif

namespace {

/// handleRequest(requestJson: string, onProgress?: (progressJson: string) => void):
/// string — the JSON response. Never throws; bad input and GLPK errors come back as
/// error responses. onProgress, when a function, receives the progress messages of
/// long requests (enumerate, generate) as JSON text, synchronously, between solves.
std::string handleRequest(const std::string& request_json, emscripten::val on_progress) {
  if (on_progress.typeOf().as<std::string>() != "function") {
    return gridmilp::app::handleRequest(request_json);
  }
  return gridmilp::app::handleRequest(request_json, [&](const rapidjson::Value& message) {
    on_progress(gridmilp::app::writeJson(message));
  });
}

std::string handleRequestNoProgress(const std::string& request_json) {
  return gridmilp::app::handleRequest(request_json);
}

}  // namespace

EMSCRIPTEN_BINDINGS(gridmilp) {
#ifdef GRIDMILP_WITH_SAT
  // The module with the SAT method (gridmilp_wasm_sat): GLPK's CNF-SAT translation and
  // MiniSat add about 16 KB of gzip, so the page's first-solve module (gridmilp_wasm)
  // is built without this line and the worker loads this one when a request asks for
  // the SAT method.
  gridmilp::milp::enableSatMethod();
#endif
  emscripten::function("handleRequest", &handleRequestNoProgress);
  emscripten::function("handleRequestWithProgress", &handleRequest);
}
