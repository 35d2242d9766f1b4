#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# npm run bench: builds what is stale, then runs scripts/bench.mjs (figures, not tests).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh >/dev/null
bash scripts/build.sh >/dev/null
exec node scripts/bench.mjs "$@"
