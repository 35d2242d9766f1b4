#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# npm run fuzz [-- --seconds N] [-- --runs N] [-- --jobs J] [-- --only TARGET]: builds the libFuzzer
# targets of tests/fuzz with AddressSanitizer and UndefinedBehaviorSanitizer (CMake
# preset fuzz, clang) and runs each for N seconds (default 60), or, with --runs, until
# it has executed N inputs (no time limit; with --jobs J, J processes share the corpus and
# each executes N/J, so that J cores reach N together), starting from its seed corpus
# (tests/fuzz/corpus/<target>, plus gridmilp's own test data for the text parsers).
# Prints the executions and the coverage each reached; exits 0 only when no target
# crashed, leaked, tripped a sanitizer or timed out. An input that did is kept in
# build/fuzz/artifacts/: once the bug is fixed, copy it into the target's corpus, where
# ctest replays it (FuzzCorpus.<target>).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds=60
runs_wanted=""
only=""
jobs=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --runs) runs_wanted="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    *) echo "fuzz: unknown argument $1 (--seconds N, --runs N, --jobs J, --only TARGET)" >&2; exit 2 ;;
  esac
done
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: --seconds must be a whole number ≥ 1" >&2; exit 2; }
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: --jobs must be a whole number ≥ 1" >&2; exit 2; }
limit=(-max_total_time="$seconds")
if [[ -n "$runs_wanted" ]]; then
  [[ "$runs_wanted" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: --runs must be a whole number ≥ 1" >&2; exit 2; }
  limit=(-runs="$(( (runs_wanted + jobs - 1) / jobs ))")
fi

bash scripts/fetch-glpk.sh >/dev/null
echo "[fuzz] build (preset fuzz: clang, libFuzzer, ASan, UBSan)"
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz

targets=(fuzz_sudoku_text fuzz_genre_text fuzz_request)
mkdir -p build/fuzz/artifacts
failed=0
summary=""
for target in "${targets[@]}"; do
  [[ -n "$only" && "$only" != "$target" ]] && continue
  work="build/fuzz/corpus/$target"
  mkdir -p "$work"
  seeds=("tests/fuzz/corpus/$target")
  if [[ "$target" != fuzz_request ]]; then
    # The text parsers also start from whole test files (the first byte picks options).
    extra="build/fuzz/seeds/$target"
    mkdir -p "$extra"
    for f in tests/data/sudoku/*.txt tests/data/variants/*.txt; do
      { printf '\0'; head -c 4000 "$f"; } > "$extra/$(basename "$f")"
    done
    seeds+=("$extra")
  fi
  if [[ -n "$runs_wanted" ]]; then echo "[fuzz] $target for $runs_wanted executions"; else echo "[fuzz] $target for $seconds s"; fi
  began=$(date +%s)
  # Each job has its own log (build/fuzz/<target>.log, .2.log, …) and its own seed; all
  # write new inputs to the shared corpus, which libFuzzer rereads (-reload) every second.
  logs=()
  pids=()
  set +e
  for (( j = 1; j <= jobs; j++ )); do
    log="build/fuzz/$target.log"
    (( j > 1 )) && log="build/fuzz/$target.$j.log"
    logs+=("$log")
    UBSAN_OPTIONS=print_stacktrace=1 "build/fuzz/$target" "${limit[@]}" -timeout=10 \
      -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
      -artifact_prefix="build/fuzz/artifacts/$target-" "$work" "${seeds[@]}" >"$log" 2>&1 &
    pids+=($!)
  done
  rc=0
  for pid in "${pids[@]}"; do wait "$pid" || rc=$?; done
  set -e
  runs=0
  for log in "${logs[@]}"; do
    r=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1 || true)
    runs=$(( runs + ${r:-0} ))
  done
  log="${logs[0]}"
  cov=$(cat "${logs[@]}" | grep -oE 'cov: [0-9]+ ft: [0-9]+' | sort -t' ' -k2,2n | tail -1 || true)
  line="$target: $runs executions ($jobs job(s)) in $(( $(date +%s) - began )) s, ${cov:-no coverage line}, corpus $(find "$work" -type f | wc -l) inputs"
  if [[ $rc -ne 0 ]]; then
    failed=1
    line="$line — FOUND A PROBLEM (exit $rc), see ${logs[*]}"
    cat "${logs[@]}" | grep -E 'ERROR|SUMMARY|Test unit written' | head -5 || true
  fi
  echo "[fuzz] $line"
  summary+="$line"$'\n'
done
echo "[fuzz] summary:"
printf '%s' "$summary"
exit "$failed"
