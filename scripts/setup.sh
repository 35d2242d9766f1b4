#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# One-time (and idempotent) machine setup for gridmilp on Debian bookworm:
#   1. apt packages (only the missing ones; `apt-get update` only if needed)
#   2. `npm ci` when package-lock.json is newer than the last install
#   3. GLPK 5.0 sources into third_party/ (scripts/fetch-glpk.sh)
# A second run with everything in place takes about a second. Run as root.
#
# This script exports nothing. Note for later build steps: Debian's emcc needs
#     export NODE_PATH=/usr/share/nodejs
# (else "Cannot find module 'acorn'"), and `emcmake cmake` needs
# -DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node (its default adds a flag
# Node 20 rejects).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT

log() { echo "[setup] $*"; }
die() { echo "[setup] ERROR: $*" >&2; exit 1; }

# All exist in bookworm (checked with apt-cache policy). googletest = GoogleTest
# and GoogleMock sources; libgtest-dev = the prebuilt libs + CMake config.
# dpkg-dev is for `apt-get source` (fetch-glpk.sh).
readonly APT_PACKAGES=(
  cmake ninja-build g++ libgtest-dev googletest rapidjson-dev libcli11-dev
  emscripten chromium dpkg-dev python3 clang-format
)

[[ "$(id -u)" -eq 0 ]] || die "must run as root (it installs apt packages): sudo $0"
command -v apt-get >/dev/null 2>&1 || die "apt-get not found: this setup needs Debian (bookworm) or a derivative"
command -v dpkg-query >/dev/null 2>&1 || die "dpkg-query not found: this setup needs Debian (bookworm) or a derivative"

# ---- 1. apt packages ------------------------------------------------------------
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  if [[ "$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null)" != "install ok installed" ]]; then
    missing+=("$pkg")
  fi
done
if [[ ${#missing[@]} -eq 0 ]]; then
  log "apt packages: all ${#APT_PACKAGES[@]} installed"
else
  log "apt packages to install: ${missing[*]}"
  # Lock timeout: wait (up to 10 min) for another apt/dpkg run instead of failing.
  APT_OPTS=(-o DPkg::Lock::Timeout=600 -o Acquire::Retries=3)
  log "apt-get update"
  apt-get "${APT_OPTS[@]}" -qq update || die "apt-get update failed"
  log "apt-get install (chromium and emscripten take about a minute)"
  DEBIAN_FRONTEND=noninteractive apt-get "${APT_OPTS[@]}" -qq install -y "${missing[@]}" \
    || die "apt-get install failed for: ${missing[*]}"
fi

# ---- 2. npm ---------------------------------------------------------------------
readonly NPM_STAMP="$REPO_ROOT/node_modules/.gridmilp-ci-stamp"
if [[ ! -f "$REPO_ROOT/package-lock.json" ]]; then
  log "npm: no package-lock.json yet, skipping npm ci"
elif [[ -f "$NPM_STAMP" && ! "$REPO_ROOT/package-lock.json" -nt "$NPM_STAMP" ]]; then
  log "npm: node_modules up to date with package-lock.json"
else
  command -v npm >/dev/null 2>&1 || die "npm not found (Node 20 with npm is expected on this machine)"
  log "npm ci"
  (cd "$REPO_ROOT" && npm ci --no-audit --no-fund) || die "npm ci failed"
  touch "$NPM_STAMP"
fi

# ---- 3. GLPK sources --------------------------------------------------------------
"$REPO_ROOT/scripts/fetch-glpk.sh"

log "done"
