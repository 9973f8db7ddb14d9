#!/usr/bin/env bash
# Writes build/stdio.order: the names of the ctxlake functions a stdio session runs (start,
# initialize, tools/list, 300 fleet_status calls and the bad frames benches/stdio.sh sends),
# which build/link.rs hands to the linker to place first in .text. The names carry hashes that
# change with the toolchain and with Cargo.lock, so rerun it after either changes (or when
# benches/stdio.sh or .ci/run says the file is stale), then rebuild. Not run by CI: the file is
# committed, like the goldens.
# usage: scripts/stdio-order.sh        needs: cargo, valgrind, nm, python3
#        scripts/stdio-order.sh --check BIN
# --check (in .ci/run) fails when the functions of the file that BIN (a release build) has are
# not gathered: they span more pages than they weigh, plus a little (the linker did not take
# the file). It only warns when BIN lacks more than a tenth of the names (a stale file costs
# memory, not correctness), and cannot tell when it lacks three quarters.
set -euo pipefail
export LC_ALL=C
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ "${1:-}" = "--check" ]; then
  nm -S --defined-only "${2:?usage: scripts/stdio-order.sh --check BIN}" | python3 -c '
import math, sys
listed = set(open(sys.argv[1]).read().split())
first, last, weight, present = None, None, 0, set()
for line in sys.stdin:
    fields = line.split()
    if len(fields) != 4 or fields[3] not in listed:
        continue
    start, size = int(fields[0], 16), int(fields[1], 16)
    present.add(fields[3])
    weight += size
    first = start if first is None else min(first, start)
    last = max(last or 0, start + size)
need = math.ceil(weight / 4096)
span = 0 if first is None else (last - 1) // 4096 - first // 4096 + 1
print(f"build/stdio.order: {len(present)} of {len(listed)} functions in the binary, over {span} pages (they weigh {need})")
if len(present) < 0.9 * len(listed):
    print("warning: build/stdio.order is stale (new toolchain or Cargo.lock?): run scripts/stdio-order.sh and commit it")
if len(present) < 0.25 * len(listed):
    sys.exit(0)
if span > need + 64:
    sys.exit("the stdio path is not gathered: the linker did not take build/stdio.order (build/link.rs)")
' "$root/build/stdio.order"
  exit
fi
cargo build --release --quiet --manifest-path "$root/Cargo.toml" --bin ctxlake
bin="${CARGO_TARGET_DIR:-$root/target}/release/ctxlake"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work/frames.jsonl" <<'PY'
import json, sys
frames = [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25",
     "capabilities": {}, "clientInfo": {"name": "stdio-order", "version": "1"}}},
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
]
call = lambda i, args: {"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": {"name": "fleet_status", "arguments": args}}
frames += [call(10 + i, {}) for i in range(300)] + [call(400, {"bogus": 1})]
lines = [json.dumps(f) for f in frames] + [
    '{"jsonrpc":"2.0","id":201,"method":', '{"jsonrpc":"2.0","id":202}', '{"id":203,"method":"ping"}',
    '{"jsonrpc":"2.0","id":204,"method":"foo/bar"}',
    json.dumps({"jsonrpc": "2.0", "id": 205, "method": "tools/call", "params": {"name": "no_such_tool", "arguments": {}}}),
    '{"jsonrpc":"2.0","method":"notifications/foo"}',
    '[{"jsonrpc":"2.0","id":207,"method":"ping"},{"jsonrpc":"2.0","id":208,"method":"tools/list"}]',
    '{"jsonrpc":"2.0","id":209,"method":"ping"}',
]
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY

mkdir -p "$work/home"
HOME="$work/home" CTXLAKE_FLEET_ID=empty valgrind --tool=callgrind --demangle=no --dump-instr=no \
  --callgrind-out-file="$work/callgrind.out" "$bin" mcp <"$work/frames.jsonl" >"$work/answers.jsonl" 2>"$work/valgrind.log" ||
  { tail -n 20 "$work/valgrind.log" >&2; exit 1; }
answers=$(wc -l <"$work/answers.jsonl")
[ "$answers" -ge 300 ] || { tail -n 20 "$work/valgrind.log" >&2; echo "the session answered $answers frames, not 300 or more" >&2; exit 1; }

# Every function callgrind saw run, kept when the binary defines it (libc's are not ours to place).
grep -E '^c?fn=\([0-9]+\) ' "$work/callgrind.out" | sed -E 's/^c?fn=\([0-9]+\) //' | sort -u >"$work/ran"
nm --defined-only "$bin" | awk '$2 ~ /^[tTwW]$/ {print $3}' | sort -u >"$work/defined"
comm -12 "$work/ran" "$work/defined" >"$root/build/stdio.order"
echo "build/stdio.order: $(wc -l <"$root/build/stdio.order") functions" >&2
