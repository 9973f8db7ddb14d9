#!/usr/bin/env bash
# Load on one fleet's spool: WRITERS `ctxlake mcp` processes (default 8), each queuing CALLS
# fleet_handoff writes (default 10000) at once, then checks that every line parses, none is
# lost, none is interleaved, and `ctxlake spool inspect` (the drain's reader) accepts every line.
# Figures: docs/reliability.md.
set -euo pipefail
writers="${1:-8}"
calls="${2:-10000}"
root="$(cd "$(dirname "$0")/.." && pwd)"
cargo build --release --quiet --manifest-path "$root/Cargo.toml" --bin ctxlake
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CTXLAKE_SPOOL_DIR="$work/spool" CTXLAKE_CACHE_DIR="$work/cache" CTXLAKE_FLEET_ID=load
for w in $(seq 1 "$writers"); do
  python3 -c "
import json, sys
for i in range($calls):
    print(json.dumps({'jsonrpc': '2.0', 'id': i, 'method': 'tools/call', 'params': {'name': 'fleet_handoff',
        'arguments': {'summary': 'writer $w call %d ' % i + 'x' * 400, 'status': 'done'}}}))
" > "$work/in-$w.jsonl"
done
start=$(date +%s.%N)
for w in $(seq 1 "$writers"); do
  "$root/target/release/ctxlake" mcp < "$work/in-$w.jsonl" > "$work/out-$w.jsonl" &
done
wait
end=$(date +%s.%N)
python3 - "$work" "$writers" "$calls" "$start" "$end" <<'PY'
import json, sys, glob
work, writers, calls, start, end = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
answers = sum(1 for f in glob.glob(f"{work}/out-*.jsonl") for line in open(f) if '"isError":false' in line)
files = sorted(glob.glob(f"{work}/spool/mcp/load.ndjson*"))  # the live file and its rotations
texts = [open(f).read() for f in files]
text = "".join(texts)
lines = text.splitlines()
keys = set()
for line in lines:
    record = json.loads(line)  # raises on a torn or interleaved line
    keys.add(record["summary"].split(" x")[0])
expected = writers * calls
print(f"writers={writers} calls_each={calls} queued_answers={answers} spool_lines={len(lines)} distinct={len(keys)} "
      f"lost={expected - len(keys)} ends_with_newline={text.endswith(chr(10))} seconds={end - start:.1f} "
      f"writes_per_second={expected / (end - start):.0f}")
print(f"files={len(files)} (rotated at 32 MiB)")
assert answers == expected and len(lines) == expected and len(keys) == expected and all(t.endswith("\n") for t in texts)
PY
# The drain's own reader must agree: every line a valid record, nothing skipped, nothing torn.
for f in "$work"/spool/mcp/load.ndjson*; do
  "$root/target/release/ctxlake" spool inspect "$f"
done
