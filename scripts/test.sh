#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# npm test: the same set-up and build as npm start, then every test:
#   native (ctest, release and debug builds), WASM in Node (Vitest), and the built
#   page in headless Chromium (playwright-core + Vitest).
# Test data is read from ../shared/data (see its SOURCES.md).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
GRIDMILP_DEBUG_BUILD=1 bash scripts/build.sh

echo "[test] C++ formatting (clang-format, .clang-format)"
clang-format --dry-run --Werror cpp/*/*.cpp cpp/*/*.h cpp/puzzles/*/*.cpp cpp/puzzles/*/*.h \
  tests/cpp/*.cpp tests/cpp/*.h
echo "[test] native (ctest, release)"
ctest --preset native-release
echo "[test] native (ctest, debug)"
ctest --preset native-debug
echo "[test] WASM in Node (vitest)"
node node_modules/vitest/vitest.mjs run --config vitest.wasm.config.ts
echo "[test] page in headless Chromium (vitest + playwright-core)"
node node_modules/vitest/vitest.mjs run --config vitest.page.config.ts
echo "[test] all passed"
