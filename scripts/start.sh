#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# npm start: set up what is missing, build what is stale, serve the built page on
# http://127.0.0.1:<port> (PORT, default 8080; the next free port if taken).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
bash scripts/build.sh
exec node scripts/serve.mjs
