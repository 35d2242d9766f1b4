// gridmilp — answering a batch of protocol requests in several processes (jobs.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/jobs.h"

#include <unistd.h>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <thread>

#include "app/service.h"

#ifndef __EMSCRIPTEN__
#include <poll.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#endif

namespace gridmilp::cli {

int availableCores() { return std::max(1U, std::thread::hardware_concurrency()); }

namespace {

void answerInOrder(const std::vector<std::string>& requests, const ResponseSink& sink) {
  for (std::size_t i = 0; i < requests.size(); ++i) sink(i, app::handleRequest(requests[i]));
}

}  // namespace

#ifdef __EMSCRIPTEN__

void answerAll(const std::vector<std::string>& requests, int /*jobs*/, const ResponseSink& sink) {
  answerInOrder(requests, sink);
}

#else

namespace {

/// Writes all of `data` to `fd`; false when the pipe is gone.
bool writeAll(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

/// A worker's frames are written when this many bytes are waiting…
constexpr std::size_t kFlushBytes = 64 * 1024;
/// …or when the last write is this long ago (ms): a request that took longer is
/// written at once, so slow requests still stream their answers one by one.
constexpr double kFlushMs = 20;

/// A worker process: takes request indices from `next` until none is left and writes
/// each response to `fd` as a frame "<index> <length>\n<response>". Frames are
/// gathered and written kFlushBytes or kFlushMs at a time: one write per response
/// woke the parent once per puzzle, and on 2 cores its wake-ups took the workers'
/// time (sudoku17_last1000 repeated 10 times: --jobs 2 took 0.68 of --jobs 1's time).
/// Never returns.
[[noreturn]] void work(const std::vector<std::string>& requests, std::atomic<std::size_t>* next,
                       int fd) {
  using Clock = std::chrono::steady_clock;
  std::string out;
  Clock::time_point written = Clock::now();
  for (;;) {
    const std::size_t i = next->fetch_add(1);
    if (i >= requests.size()) break;
    const std::string response = app::handleRequest(requests[i]);
    out += std::to_string(i);
    out += ' ';
    out += std::to_string(response.size());
    out += '\n';
    out += response;
    const Clock::time_point now = Clock::now();
    if (out.size() >= kFlushBytes ||
        std::chrono::duration<double, std::milli>(now - written).count() >= kFlushMs) {
      if (!writeAll(fd, out.data(), out.size())) break;
      out.clear();
      written = now;
    }
  }
  if (!out.empty()) writeAll(fd, out.data(), out.size());
  ::close(fd);
  ::_exit(0);  // no atexit handlers, no stdio flush: the parent owns the output
}

/// What the parent has read from one worker's pipe and not yet cut into frames.
struct Reader {
  int fd = -1;
  pid_t pid = 0;
  std::string buffer;
};

/// Cuts the complete frames off the front of `buffer` into `done`.
void takeFrames(std::string* buffer, std::map<std::size_t, std::string>* done) {
  std::size_t at = 0;
  for (;;) {
    const std::size_t eol = buffer->find('\n', at);
    if (eol == std::string::npos) break;
    std::size_t index = 0, length = 0;
    if (std::sscanf(buffer->c_str() + at, "%zu %zu", &index, &length) != 2) {
      throw std::runtime_error("a worker process sent a frame that cannot be read");
    }
    if (buffer->size() - (eol + 1) < length) break;
    (*done)[index] = buffer->substr(eol + 1, length);
    at = eol + 1 + length;
  }
  buffer->erase(0, at);
}

std::string workerEnded(int status) {
  const std::string how = WIFSIGNALED(status)
                              ? "was killed by signal " + std::to_string(WTERMSIG(status))
                              : "ended with exit code " + std::to_string(WEXITSTATUS(status));
  return "{\"id\":null,\"error\":{\"code\":\"internal_error\",\"message\":\"Internal error: "
         "the worker process answering this request " +
         how + " before it answered (--jobs)\"}}";
}

}  // namespace

void answerAll(const std::vector<std::string>& requests, int jobs, const ResponseSink& sink) {
  const int workers = static_cast<int>(std::min<std::size_t>(std::max(jobs, 1), requests.size()));
  if (workers <= 1) return answerInOrder(requests, sink);
  // The counter the workers share: a page of anonymous shared memory.
  void* shared = ::mmap(nullptr, sizeof(std::atomic<std::size_t>), PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) throw std::runtime_error("cannot share memory with worker processes");
  auto* next = new (shared) std::atomic<std::size_t>(0);
  std::vector<Reader> readers;
  std::fflush(nullptr);  // nothing buffered is written twice by a worker
  for (int w = 0; w < workers; ++w) {
    int fds[2];
    if (::pipe(fds) != 0) throw std::runtime_error("cannot open a pipe to a worker process");
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error("cannot start a worker process");
    if (pid == 0) {
      ::close(fds[0]);
      for (const Reader& r : readers) ::close(r.fd);
      work(requests, next, fds[1]);
    }
    ::close(fds[1]);
    readers.push_back({fds[0], pid, {}});
  }
  std::map<std::size_t, std::string> done;  // answered, not yet handed on
  std::size_t handed = 0;
  std::vector<char> chunk(1 << 16);
  std::vector<Reader*> open;
  for (Reader& r : readers) open.push_back(&r);
  while (!open.empty()) {
    std::vector<pollfd> fds;
    for (const Reader* r : open) fds.push_back({r->fd, POLLIN, 0});
    if (::poll(fds.data(), fds.size(), -1) < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(std::string("poll: ") + std::strerror(errno));
    }
    std::vector<Reader*> still;
    for (std::size_t k = 0; k < open.size(); ++k) {
      Reader* r = open[k];
      if ((fds[k].revents & (POLLIN | POLLHUP | POLLERR)) == 0) {
        still.push_back(r);
        continue;
      }
      const ssize_t n = ::read(r->fd, chunk.data(), chunk.size());
      if (n < 0 && errno == EINTR) {
        still.push_back(r);
        continue;
      }
      if (n <= 0) {  // the worker closed its pipe: it is done (or gone)
        ::close(r->fd);
        continue;
      }
      r->buffer.append(chunk.data(), static_cast<std::size_t>(n));
      takeFrames(&r->buffer, &done);
      still.push_back(r);
    }
    open = std::move(still);
    for (auto it = done.find(handed); it != done.end(); it = done.find(handed)) {
      sink(handed++, it->second);
      done.erase(it);
    }
  }
  // Every worker has closed its pipe; a request taken by one that died has no answer.
  std::string lost;
  for (const Reader& r : readers) {
    int status = 0;
    while (::waitpid(r.pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0)) lost = workerEnded(status);
  }
  ::munmap(shared, sizeof(std::atomic<std::size_t>));
  for (; handed < requests.size(); ++handed) {
    const auto it = done.find(handed);
    sink(handed, it != done.end() ? it->second : lost.empty() ? workerEnded(0) : lost);
  }
}

#endif

}  // namespace gridmilp::cli
