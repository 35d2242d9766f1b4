// gridmilp — answering a batch of protocol requests in several processes (--jobs).
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Processes, not threads: GLPK keeps its environment (memory, error hook) per process,
// and MiniSat's pool (cpp/milp/minisat_pool.h) is per process too, so a fork of the CLI
// is the one way to run two GLPK solves at once that GLPK itself guarantees. Each worker
// process takes the next unanswered request from a counter in shared memory (so a slow
// puzzle holds up one worker, not a share of the batch) and sends each response back
// through its own pipe; the parent hands the responses on in input order.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace gridmilp::cli {

/// Called with each request's index (0-based) and its response (JSON text, as
/// app::handleRequest writes it), in input order.
using ResponseSink = std::function<void(std::size_t index, const std::string& response)>;

/// Answers every request of `requests` (JSON texts) with app::handleRequest and calls
/// `sink` for each in input order, as soon as it and every one before it are answered.
/// With `jobs` <= 1, or one request, or where processes cannot be forked (WebAssembly),
/// it answers them one after another in this process. Otherwise min(jobs, requests)
/// worker processes answer them. A worker that ends before answering a request it took
/// (killed, out of memory) leaves that request an `internal_error` response saying so;
/// the other requests are still answered. Throws std::runtime_error when a pipe or a
/// process cannot be created.
void answerAll(const std::vector<std::string>& requests, int jobs, const ResponseSink& sink);

/// The number of cores this process may use (at least 1): --jobs's default.
int availableCores();

}  // namespace gridmilp::cli
