#!/usr/bin/env bash
# Builds and runs every cargo-fuzz target for SECONDS each (default 60) on the stable toolchain.
#   scripts/fuzz.sh [SECONDS]          build, then run every target
#   scripts/fuzz.sh --build            build only (CI builds while the release build runs)
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
cd "$(dirname "$0")/../fuzz"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --version 0.13.2 --locked
flags=(--sanitizer none --codegen-units 16)
if [ "$build" = 1 ]; then
  cargo fuzz build "${flags[@]}"
fi
[ "$run" = 1 ] || exit 0

targets=$(cargo fuzz list)
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
run_one() {
  local target=$1
  mkdir -p "corpus/$target" "seeds/$target"
  echo "fuzz: $target for ${seconds}s"
  cargo fuzz run "${flags[@]}" "$target" "corpus/$target" "seeds/$target" -- \
    -max_total_time="$seconds" -rss_limit_mb=2048 -print_final_stats=1 2>&1 | grep -E "stat::number_of_executed_units|stat::peak_rss|Done|ERROR|panicked" || true
}
for target in $targets; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  run_one "$target" >"$logs/$target" 2>&1 &
done
wait
found=0
for target in $targets; do
  cat "$logs/$target"
  if [ -n "$(ls -A "artifacts/$target" 2>/dev/null)" ]; then
    echo "fuzz: $target found a crash: $(ls "artifacts/$target")" >&2
    found=1
  fi
done
[ "$found" = 0 ] || exit 1
echo "fuzz: every target ran ${seconds}s without a finding"
