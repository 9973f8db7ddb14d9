#!/usr/bin/env bash
# Builds and runs every cargo-fuzz target for SECONDS each (default 60) on the stable toolchain.
#   scripts/fuzz.sh [SECONDS]          build, then run every target
#   scripts/fuzz.sh --build            build only
#   scripts/fuzz.sh --run [SECONDS]    run only (cargo fuzz run rebuilds if anything changed)
# Targets run as many at once as there are cores (CTXLAKE_FUZZ_JOBS to change it): libFuzzer uses
# one core, and each run's output is printed whole, in `cargo fuzz list`'s order, once all ended.
# `--sanitizer none` keeps every flag stable (no nightly, no RUSTC_BOOTSTRAP); safe Rust gains
# little from ASan. New inputs go to fuzz/corpus/<target> (ignored by git); fuzz/seeds/<target>
# is the committed seed corpus. A crash leaves its input in fuzz/artifacts/<target>/ and fails.
# `--codegen-units 16` (cargo-fuzz's default is 1 outside --dev) lets both cores compile each
# crate: the build is most of this script's time in CI. Executions may be slower (cargo-fuzz notes
# one unit once ran several times faster), which CI's short smoke runs accept. `run` takes the
# same flags, or it would build again.
set -euo pipefail
build=1 run=1
case "${1:-}" in
  --build) run=0; shift ;;
  --run) build=0; shift ;;
esac
seconds="${1:-60}"
jobs="${CTXLAKE_FUZZ_JOBS:-$(nproc)}"
# libFuzzer reads a -max_total_time it cannot parse as 0, which means no limit at all.
for value in "$seconds" "$jobs"; do
  [[ "$value" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: '$value' is not a whole number of seconds or jobs above 0" >&2; exit 2; }
done
cd "$(dirname "$0")/../fuzz"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --version 0.13.2 --locked
flags=(--sanitizer none --codegen-units 16)
if [ "$build" = 1 ]; then
  cargo fuzz build "${flags[@]}"
fi
[ "$run" = 1 ] || exit 0

targets=$(cargo fuzz list)
[ -n "$targets" ] || { echo "fuzz.sh: cargo fuzz list names no target" >&2; exit 1; }
logs=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$logs"' EXIT
# A run fails on a crash file or on cargo's exit status (a build error, a fuzzer killed by a
# signal): only grep's status is excused, for output that has none of its lines.
run_one() {
  local target=$1
  mkdir -p "corpus/$target" "seeds/$target"
  cargo fuzz run "${flags[@]}" "$target" "corpus/$target" "seeds/$target" -- \
    -max_total_time="$seconds" -rss_limit_mb=2048 -print_final_stats=1 2>&1 | { grep -E "stat::number_of_executed_units|stat::peak_rss|Done|ERROR|panicked|error" || true; }
}
for target in $targets; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  echo "fuzz: $target started, ${seconds}s"
  (if run_one "$target" >"$logs/$target" 2>&1; then echo 0; else echo $?; fi) >"$logs/$target.rc" &
done
wait
failed=0
for target in $targets; do
  echo "fuzz: $target"
  cat "$logs/$target"
  status=$(cat "$logs/$target.rc")
  if [ -n "$(ls -A "artifacts/$target" 2>/dev/null)" ]; then
    echo "fuzz: $target found a crash: $(ls "artifacts/$target")" >&2
    failed=1
  elif [ "$status" != 0 ]; then
    echo "fuzz: $target ended with status $status" >&2
    failed=1
  fi
done
[ "$failed" = 0 ] || exit 1
echo "fuzz: every target ran ${seconds}s without a finding"
