// gridmilp — the module's handleRequest(requestJson: string): string, in JavaScript
// around the Embind functions of bindings.cpp (linked with --post-js, inside the
// module's factory, where HEAPU8 and HEAPU32 are the current views of its memory).
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Embind's std::string conversions copy a string one UTF-16 code unit at a time in
// JavaScript and scan the response byte by byte for NULs before decoding it: about
// 4 µs of a 25 µs request (Node 20, Project Euler 96, reduced model). Here the
// request is written into the module's request buffer by TextEncoder.encodeInto and
// the response read by one TextDecoder.decode, both native code.
(function () {
  var encoder = new TextEncoder();
  var decoder = new TextDecoder();
  var capacity = 0; // bytes of the request buffer
  var buffer = 0; // its address in the module's memory
  /**
   * Answers one request of protocol.md (see web/src/solver/wasm.ts).
   * @param {string} requestJson one JSON request object
   * @returns {string} the JSON response
   */
  Module['handleRequest'] = function (requestJson) {
    if (typeof requestJson !== 'string') {
      throw new TypeError('handleRequest: the request must be a string of JSON');
    }
    // UTF-8 takes at most 3 bytes per UTF-16 code unit (4 for a surrogate pair).
    var most = requestJson.length * 3;
    if (most > capacity) {
      capacity = Math.max(most, 4096);
      buffer = Module['requestBuffer'](capacity);
    }
    var written = encoder.encodeInto(requestJson, HEAPU8.subarray(buffer, buffer + capacity)).written;
    // The response: two 32-bit words, its length and the address of its UTF-8 bytes.
    // The memory may have grown during the call: HEAPU8 and HEAPU32 are read after it.
    var view = Module['handleRequestBytes'](written) >> 2;
    var length = HEAPU32[view];
    var text = HEAPU32[view + 1];
    return decoder.decode(HEAPU8.subarray(text, text + length));
  };
})();
