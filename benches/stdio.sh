#!/usr/bin/env bash
# Stdio load benchmark: cold start to the initialize answer, sequential tools/call round trips,
# pipelined throughput, and peak RSS after 10,000-call bursts, for ctxlake next to the physical
# floor (a line echo that parses nothing), the JSON floor (scripts/peers/json-floor: parses each
# line, answers a fixed result) and rmcp 3.11 with `stdio_pipes()` (scripts/peers/
# rmcp-server, its fastest stdio), all driven by ../shared/tools/mcpdrive in one run. It ends
# with one `RATIOS` line per ctxlake binary (benches/ratios.py): ratios to the floor and to rmcp
# in this run, the line to compare across commits and to record in docs/performance.md.
# usage: benches/stdio.sh [RESULTS_DIR]   (default target/bench-stdio); figures: docs/performance.md
# CTXLAKE_LABEL names this build in the line (default: the checkout's commit).
# With CTXLAKE_BASELINE=/path/to/an/older/ctxlake, every ctxlake measurement is also taken of that
# binary, next to this build in the same run, so a change is judged by ratios of one run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tools="$root/../shared/tools"
out="${1:-$root/target/bench-stdio}"
mkdir -p "$out"
build="$root/target/bench-tools"

# CTXLAKE_BIN measures a binary built elsewhere (e.g. in a worktree) instead of building this one.
if [ -z "${CTXLAKE_BIN:-}" ]; then
  cargo build --release --manifest-path "$root/Cargo.toml" --bin ctxlake
fi
ctxlake_bin="${CTXLAKE_BIN:-$root/target/release/ctxlake}"
cargo build --release --manifest-path "$tools/mcpdrive/Cargo.toml" --target-dir "$build"
cargo build --release --manifest-path "$tools/floor/Cargo.toml" --target-dir "$build"
cargo build --release --manifest-path "$root/scripts/peers/rmcp-server/Cargo.toml"
cargo build --release --manifest-path "$root/scripts/peers/json-floor/Cargo.toml" --target-dir "$build"
drive="$build/release/mcpdrive"
rmcp="$root/scripts/peers/rmcp-server/target/release/rmcp-peer"

# A realistic cache: 20 agents on the roster, 10 leases.
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
mkdir -p "$data/cache/bench"
python3 - "$data/cache/bench" <<'PY'
import json, sys
d = sys.argv[1]
agents = [{"agent_id": f"cc-{i:02}", "runtime": "claude_code", "repo": "org/app", "branch": f"feat/{i}",
           "task": f"task number {i} with some words", "updated_at": "2026-09-09T10:00:00Z"} for i in range(20)]
json.dump({"generated_at": "2026-09-09T10:00:00Z", "source": "roster_build", "agents": agents}, open(f"{d}/roster.json", "w"))
leases = [{"resource": f"org/app:src/mod{i}/**", "holder": f"cc-{i:02}", "expires_at": "2026-09-09T10:05:00Z", "epoch": i} for i in range(10)]
json.dump({"leases": leases}, open(f"{d}/leases.json", "w"))
PY

export CTXLAKE_FLEET_ID=bench CTXLAKE_CACHE_DIR="$data/cache" CTXLAKE_SPOOL_DIR="$data/spool"
binaries=("ctxlake=$ctxlake_bin")
if [ -n "${CTXLAKE_BASELINE:-}" ]; then binaries+=("baseline=$CTXLAKE_BASELINE"); fi
label="${CTXLAKE_LABEL:-$(git -C "$root" describe --always --dirty 2>/dev/null || echo unknown)}"

echo "== floor"
"$drive" --floor --only cold,steady -- "$build/release/floor" | tee "$out/floor.txt"
echo "== json floor (parses each line, fixed answer)"
"$drive" --floor --only cold,steady -- "$build/release/json-floor" | tee "$out/json-floor.txt"
echo "== rmcp 3.11 stdio_pipes(), shout"
"$drive" --tool shout --args '{"text":"hi"}' --bad-args '{"text":1}' --only cold,steady -- "$rmcp" pipes | tee "$out/rmcp.txt"
for entry in "${binaries[@]}"; do
  name="${entry%%=*}" bin="${entry#*=}"
  echo "== $name fleet_status, empty cache"
  CTXLAKE_FLEET_ID=empty "$drive" --tool fleet_status --args '{}' --bad-args '{"bogus":1}' -- "$bin" mcp | tee "$out/$name-empty.txt"
done
for entry in "${binaries[@]}"; do
  name="${entry%%=*}" bin="${entry#*=}"
  echo "== $name fleet_status, 20 agents and 10 leases cached"
  "$drive" --tool fleet_status --args '{}' --bad-args '{"bogus":1}' --only steady -- "$bin" mcp | tee "$out/$name-roster.txt"
done
# Pinned: driver on CPU 0, server on CPU 1. Unpinned, the driver's two threads and the server
# share two cores and the scheduler's migrations dominate the sequential figures.
echo "== pinned: floor"
taskset -c 0 "$drive" --floor --only steady -- taskset -c 1 "$build/release/floor" | tee "$out/floor-pinned.txt"
echo "== pinned: json floor"
taskset -c 0 "$drive" --floor --only steady -- taskset -c 1 "$build/release/json-floor" | tee "$out/json-floor-pinned.txt"
echo "== pinned: rmcp"
taskset -c 0 "$drive" --tool shout --args '{"text":"hi"}' --only steady -- taskset -c 1 "$rmcp" pipes | tee "$out/rmcp-pinned.txt"
for entry in "${binaries[@]}"; do
  name="${entry%%=*}" bin="${entry#*=}"
  echo "== pinned: $name fleet_status, empty cache"
  CTXLAKE_FLEET_ID=empty taskset -c 0 "$drive" --tool fleet_status --args '{}' --only steady -- taskset -c 1 "$bin" mcp | tee "$out/$name-empty-pinned.txt"
done
# Whether each binary has build/stdio.order's functions, gathered (a stale file or a linker
# that did not take it shows in the RSS; an older baseline may not be gathered at all).
for entry in "${binaries[@]}"; do
  name="${entry%%=*}" bin="${entry#*=}"
  echo "== $name: $("$root/scripts/stdio-order.sh" --check "$bin" 2>&1 | tr '\n' ' ')"
done
grep -h '^RESULT' "$out"/*.txt > "$out/results.jsonl"
echo "results: $out/results.jsonl"
labels=("ctxlake=$label")
if [ -n "${CTXLAKE_BASELINE:-}" ]; then labels+=("baseline=${CTXLAKE_BASELINE_LABEL:-baseline}"); fi
python3 "$root/benches/ratios.py" "$out" "${labels[@]}" | tee "$out/ratios.txt"
