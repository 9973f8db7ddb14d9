#!/usr/bin/env bash
# Builds and runs every cargo-fuzz target for SECONDS each (default 60) on the stable toolchain.
# `--sanitizer none` keeps every flag stable (no nightly, no RUSTC_BOOTSTRAP); safe Rust gains
# little from ASan. New inputs go to fuzz/corpus/<target> (ignored by git); fuzz/seeds/<target>
# is the committed seed corpus. A crash leaves its input in fuzz/artifacts/<target>/ and fails.
# `--codegen-units 16` (cargo-fuzz's default is 1 outside --dev) lets both cores compile each
# crate: the build is most of this script's time in CI. Executions may be slower (cargo-fuzz notes
# one unit once ran several times faster), which CI's short smoke runs accept. `run` takes the
# same flags, or it would build again.
set -euo pipefail
seconds="${1:-60}"
cd "$(dirname "$0")/../fuzz"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --version 0.13.2 --locked
targets=$(cargo fuzz list)
flags=(--sanitizer none --codegen-units 16)
cargo fuzz build "${flags[@]}"
for target in $targets; do
  mkdir -p "corpus/$target" "seeds/$target"
  echo "fuzz: $target for ${seconds}s"
  cargo fuzz run "${flags[@]}" "$target" "corpus/$target" "seeds/$target" -- \
    -max_total_time="$seconds" -rss_limit_mb=2048 -print_final_stats=1 2>&1 | grep -E "stat::number_of_executed_units|stat::peak_rss|Done|ERROR|panicked" || true
  if [ -n "$(ls -A "artifacts/$target" 2>/dev/null)" ]; then
    echo "fuzz: $target found a crash: $(ls "artifacts/$target")" >&2
    exit 1
  fi
done
echo "fuzz: every target ran ${seconds}s without a finding"
