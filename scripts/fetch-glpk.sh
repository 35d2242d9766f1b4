#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Fetch the GLPK 5.0 sources from Debian's source package into third_party/
# (git-ignored; never commit them).
#
#   third_party/glpk_5.0.orig.tar.gz   upstream tarball, sha256-verified
#   third_party/glpk-5.0/              extracted sources (used by cmake/Glpk.cmake)
#
# Idempotent. When third_party/glpk-5.0 exists and its stamp file records the
# verified checksum, it does nothing (no root, no apt, no network needed).
# Otherwise it needs root and apt-get: it adds a deb-src line in
# /etc/apt/sources.list.d/gridmilp-deb-src.list (if missing), runs
# `apt-get source --download-only glpk` in a temp dir, keeps only the
# .orig.tarball, verifies it and extracts it.
set -euo pipefail

readonly GLPK_VERSION=5.0
readonly GLPK_SHA256=4a1013eebb50f728fc601bdd833b0b2870333c3b3e5a816eeba921d95bec6f15
readonly DEB_SRC_FILE=/etc/apt/sources.list.d/gridmilp-deb-src.list
readonly DEB_SRC_LINE='deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main'

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
readonly THIRD_PARTY="$REPO_ROOT/third_party"
readonly TARBALL_NAME="glpk_${GLPK_VERSION}.orig.tar.gz"
readonly TARBALL="$THIRD_PARTY/$TARBALL_NAME"
readonly SRC_DIR="$THIRD_PARTY/glpk-${GLPK_VERSION}"
readonly STAMP="$SRC_DIR/.gridmilp-glpk-stamp"

log() { echo "[fetch-glpk] $*"; }
die() { echo "[fetch-glpk] ERROR: $*" >&2; exit 1; }

# ---- fast path: already extracted from the verified tarball -----------------
if [[ -f "$STAMP" && -f "$SRC_DIR/src/glpk.h" ]] \
   && [[ "$(cat "$STAMP")" == "sha256=$GLPK_SHA256" ]]; then
  log "GLPK $GLPK_VERSION already in ${SRC_DIR#"$REPO_ROOT"/} (verified); nothing to do"
  exit 0
fi

sha_ok() { [[ "$(sha256sum "$1" | cut -d' ' -f1)" == "$GLPK_SHA256" ]]; }

mkdir -p "$THIRD_PARTY"

# ---- download (only if there is no good tarball yet) -------------------------
if [[ -f "$TARBALL" ]] && sha_ok "$TARBALL"; then
  log "using existing verified ${TARBALL#"$REPO_ROOT"/}"
else
  if [[ -f "$TARBALL" ]]; then
    log "existing ${TARBALL#"$REPO_ROOT"/} fails the sha256 check: deleting it and downloading again"
    rm -f "$TARBALL"
  fi
  [[ "$(id -u)" -eq 0 ]] || die "downloading GLPK needs root (it edits apt sources and may install dpkg-dev); run as root: sudo $0"
  command -v apt-get >/dev/null 2>&1 \
    || die "apt-get not found: this script gets GLPK from Debian's source package and needs a Debian-based system"

  # Wait up to 10 min for another apt/dpkg (e.g. a background install) to finish.
  APT_OPTS=(-o DPkg::Lock::Timeout=600 -o Acquire::Retries=3)

  need_update=0
  if ! grep -qxF "$DEB_SRC_LINE" "$DEB_SRC_FILE" 2>/dev/null; then
    log "adding deb-src line to $DEB_SRC_FILE"
    printf '# Added by gridmilp scripts/fetch-glpk.sh (GLPK sources for the build)\n%s\n' \
      "$DEB_SRC_LINE" > "$DEB_SRC_FILE"
    need_update=1
  fi

  # Update only our deb-src list: fast, and leaves the other lists alone.
  update_src_lists() {
    log "apt-get update (deb-src list only)"
    apt-get "${APT_OPTS[@]}" -qq update \
      -o Dir::Etc::SourceList="$DEB_SRC_FILE" \
      -o Dir::Etc::SourceParts=- \
      -o APT::Get::List-Cleanup=0 \
      || die "apt-get update failed (no network to deb.debian.org?)"
  }
  if [[ $need_update -eq 1 ]]; then update_src_lists; fi

  # `apt-get source` wants dpkg-dev (dpkg-source) around.
  if ! command -v dpkg-source >/dev/null 2>&1; then
    log "installing dpkg-dev (needed by apt-get source)"
    if ! DEBIAN_FRONTEND=noninteractive apt-get "${APT_OPTS[@]}" -qq install -y --no-install-recommends dpkg-dev; then
      apt-get "${APT_OPTS[@]}" -qq update || die "apt-get update failed"
      DEBIAN_FRONTEND=noninteractive apt-get "${APT_OPTS[@]}" -qq install -y --no-install-recommends dpkg-dev \
        || die "could not install dpkg-dev"
    fi
  fi

  tmp="$(mktemp -d "${TMPDIR:-/tmp}/gridmilp-glpk.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  # apt downloads as the unprivileged user _apt: let it write here (avoids the
  # "Download is performed unsandboxed as root" warning).
  if id _apt >/dev/null 2>&1; then chown _apt "$tmp"; fi

  fetch_source() {
    (cd "$tmp" && apt-get "${APT_OPTS[@]}" -q source --download-only glpk) >"$tmp/apt-source.out" 2>&1
  }
  log "apt-get source --download-only glpk"
  if ! fetch_source; then
    if grep -qiE "deb-src|Unable to find a source package|Can not find version" "$tmp/apt-source.out"; then
      # Lists missing or stale: refresh them once and retry.
      update_src_lists
      fetch_source || { cat "$tmp/apt-source.out" >&2; die "apt-get source glpk failed"; }
    else
      cat "$tmp/apt-source.out" >&2
      die "apt-get source glpk failed"
    fi
  fi
  [[ -f "$tmp/$TARBALL_NAME" ]] || { ls -l "$tmp" >&2; die "apt-get source did not produce $TARBALL_NAME"; }
  mv -f "$tmp/$TARBALL_NAME" "$TARBALL"
  rm -rf "$tmp"
  trap - EXIT

  if ! sha_ok "$TARBALL"; then
    got="$(sha256sum "$TARBALL" | cut -d' ' -f1)"
    rm -f "$TARBALL"
    die "SHA-256 MISMATCH for $TARBALL_NAME: expected $GLPK_SHA256, got $got. The file was deleted."
  fi
  log "sha256 verified: $GLPK_SHA256"
fi

# ---- extract -------------------------------------------------------------------
log "extracting to ${SRC_DIR#"$REPO_ROOT"/}"
rm -rf "$SRC_DIR" "$SRC_DIR.partial"
mkdir -p "$SRC_DIR.partial"
tar -xzf "$TARBALL" -C "$SRC_DIR.partial" --strip-components=1 --no-same-owner
[[ -f "$SRC_DIR.partial/src/glpk.h" ]] || { rm -rf "$SRC_DIR.partial"; die "tarball does not contain src/glpk.h"; }
echo "sha256=$GLPK_SHA256" > "$SRC_DIR.partial/.gridmilp-glpk-stamp"
mv "$SRC_DIR.partial" "$SRC_DIR"
log "GLPK $GLPK_VERSION ready in ${SRC_DIR#"$REPO_ROOT"/}"
