// gridmilp — Embind bindings of the WASM module. No puzzle logic here: functions that
// speak the JSON protocol of cpp/app/protocol.md (handleRequest is completed in
// JavaScript by handle_request.js).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "app/service.h"
#ifdef GRIDMILP_WITH_SAT
#include "milp/glpk_backend.h"
#endif

namespace {

/// handleRequestWithProgress(requestJson: string, onProgress?: (progressJson: string) =>
/// void): string — the JSON response. Never throws; bad input and GLPK errors come back as
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

#ifdef GRIDMILP_JS_HANDLE_REQUEST
/// The request buffer of handle_request.js, the module's handleRequest in JavaScript:
/// the request's UTF-8 bytes are written into it.
std::string& requestBytes() {
  static std::string bytes;
  return bytes;
}

/// The last response, and where handle_request.js reads it: two 32-bit words, its
/// length in bytes and the address of its UTF-8 bytes.
struct Response {
  std::string text;
  std::uint32_t view[2] = {0, 0};
};
Response& lastResponse() {
  static Response response;
  return response;
}

/// requestBuffer(bytes: number): number — resizes the request buffer to `bytes` and
/// returns its address (valid until the next call of requestBuffer).
std::uintptr_t requestBuffer(std::size_t bytes) {
  requestBytes().resize(bytes);
  return reinterpret_cast<std::uintptr_t>(requestBytes().data());
}

/// handleRequestBytes(length: number): number — answers the request held in the first
/// `length` bytes of the request buffer; returns the address of the response's two
/// words {length, address} (valid until the next call).
std::uintptr_t handleRequestBytes(std::size_t length) {
  const std::string_view request(requestBytes().data(), std::min(length, requestBytes().size()));
  Response& response = lastResponse();
  response.text = gridmilp::app::handleRequest(request);
  response.view[0] = static_cast<std::uint32_t>(response.text.size());
  response.view[1] =
      static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(response.text.data()));
  return reinterpret_cast<std::uintptr_t>(response.view);
}

/// heapInUse(): number — bytes the module's allocator has handed out and not had back
/// (dlmalloc's mallinfo().uordblks). The soak test (tests/wasm/soak.test.ts) watches it:
/// a leak grows it, while the WebAssembly memory only ever grows and hides a small one.
std::size_t heapInUse() { return static_cast<std::size_t>(mallinfo().uordblks); }
#else
/// handleRequest(requestJson: string): string — Embind converts both strings.
std::string handleRequestNoProgress(const std::string& request_json) {
  return gridmilp::app::handleRequest(request_json);
}
#endif

}  // namespace

EMSCRIPTEN_BINDINGS(gridmilp) {
#ifdef GRIDMILP_WITH_SAT
  // The module with the SAT method (gridmilp_wasm_sat): GLPK's CNF-SAT translation and
  // MiniSat add about 16 KB of gzip, so the page's first-solve module (gridmilp_wasm)
  // is built without this line and the worker loads this one when a request asks for
  // the SAT method.
  gridmilp::milp::enableSatMethod();
#endif
#ifdef GRIDMILP_JS_HANDLE_REQUEST
  // handleRequest itself is JavaScript (handle_request.js) around these two.
  emscripten::function("requestBuffer", &requestBuffer);
  emscripten::function("handleRequestBytes", &handleRequestBytes);
  emscripten::function("heapInUse", &heapInUse);
#else
  emscripten::function("handleRequest", &handleRequestNoProgress);
#endif
  emscripten::function("handleRequestWithProgress", &handleRequest);
}
