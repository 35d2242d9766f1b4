#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# npm run cli -- solve FILE|- [--euler96] [--json] [--time-limit MS] [--no-presolve]
# npm run cli -- solve BOOK.xlsx|BOOK.csv [--genre G] [--sheet S] [--results OUT.xlsx|OUT.csv]
# Runs the native CLI, building it first if it is missing (use `npm run -s cli` to
# keep npm's own banner off standard output).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="$root/build/native-release/gridmilp-cli"
if [[ ! -x "$cli" ]]; then
  (cd "$root" && bash scripts/setup.sh >&2 && { [[ -f build/native-release/CMakeCache.txt ]] ||
    cmake --preset native-release >&2; } && cmake --build --preset native-release >&2)
fi
# Spreadsheets (.xlsx, .csv, --sheet) go through the Node front end, web/src/lib/sheet-cli.ts,
# compiled into lib/ when missing or older than its sources. Its extensions are read from
# the one list there (SPREADSHEET), in any case: an .ods or an .xls is refused there by name.
sheet_cli="$root/web/src/lib/sheet-cli.ts"
extensions="$(sed -n 's/^const SPREADSHEET = \/\\\.(\([a-z|]*\))\$\/i;$/\1/p' "$sheet_cli")"
if [[ -z "$extensions" ]]; then
  echo "scripts/cli.sh: no line 'const SPREADSHEET = /\\.(…)\$/i;' in $sheet_cli" >&2
  exit 2
fi
shopt -s nocasematch
for arg in "$@"; do
  if [[ "$arg" =~ \.($extensions)$ || "$arg" == --sheet* ]]; then
    front="$root/lib/src/lib/sheet-cli.js"
    if [[ ! -f "$front" || -n "$(find "$root/web/src/lib" "$root/web/src/sheets" "$root/web/src/solver" "$root/web/generated" -newer "$front" -print -quit)" ]]; then
      (cd "$root" && node node_modules/typescript/bin/tsc -p tsconfig.package.json >&2)
    fi
    exec node "$root/scripts/cli-sheets.mjs" "$cli" "$@"
  fi
done
exec "$cli" "$@"
