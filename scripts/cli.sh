#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# npm run cli -- solve FILE|- [--euler96] [--json] [--time-limit MS] [--no-presolve]
# Runs the native CLI, building it first if it is missing (use `npm run -s cli` to
# keep npm's own banner off standard output).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="$root/build/native-release/gridmilp-cli"
if [[ ! -x "$cli" ]]; then
  (cd "$root" && bash scripts/setup.sh >&2 && { [[ -f build/native-release/CMakeCache.txt ]] ||
    cmake --preset native-release >&2; } && cmake --build --preset native-release >&2)
fi
exec "$cli" "$@"
