// gridmilp — Embind bindings of the WASM module. No puzzle logic here: one function
// that speaks the JSON protocol of cpp/app/protocol.md.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <emscripten/bind.h>

#include <string>

#include "app/service.h"

namespace {

/// handleRequest(requestJson: string): string — the JSON response. Never throws;
/// bad input and GLPK errors come back as error responses.
std::string handleRequest(const std::string& request_json) {
  return gridmilp::app::handleRequest(request_json);
}

}  // namespace

EMSCRIPTEN_BINDINGS(gridmilp) { emscripten::function("handleRequest", &handleRequest); }
