#!/usr/bin/env bash
# Writes build/stdio.order: the names of the ctxlake functions a stdio session runs (start,
# initialize, tools/list, 300 fleet_status calls and the bad frames benches/stdio.sh sends),
# which build/link.rs hands to the linker to place first in .text. Run it after a change that
# renames or adds much of the stdio path, then rebuild; benches/stdio.sh says how many of the
# names the binary still has. Not part of CI (the file is committed, like the goldens).
# usage: scripts/stdio-order.sh        needs: cargo, valgrind, nm, python3
#        scripts/stdio-order.sh --check BIN
# --check (in .ci/run) fails when BIN, a release build, lacks more than a tenth of the file's
# names (the file is stale: rewrite it) or when the functions it has are spread over more than
# twice the pages they weigh (the linker did not take the file).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ "${1:-}" = "--check" ]; then
  nm -S --defined-only "${2:?usage: scripts/stdio-order.sh --check BIN}" | python3 -c '
import math, sys
listed = set(open(sys.argv[1]).read().split())
pages, weight, present = set(), 0, set()
for line in sys.stdin:
    fields = line.split()
    if len(fields) != 4 or fields[3] not in listed:
        continue
    start, size = int(fields[0], 16), int(fields[1], 16)
    present.add(fields[3])
    weight += size
    pages.update(range(start // 4096, (start + max(size, 1) - 1) // 4096 + 1))
need = math.ceil(weight / 4096)
print(f"build/stdio.order: {len(present)} of {len(listed)} functions in the binary, on {len(pages)} pages (they weigh {need})")
if len(present) < 0.9 * len(listed):
    sys.exit("build/stdio.order is stale: run scripts/stdio-order.sh and commit the file")
if len(pages) > 2 * need + 16:
    sys.exit("the stdio path is not gathered: the linker did not take build/stdio.order (build/link.rs)")
' "$root/build/stdio.order"
  exit
fi
cargo build --release --quiet --manifest-path "$root/Cargo.toml" --bin ctxlake
bin="$root/target/release/ctxlake"
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
  --callgrind-out-file="$work/callgrind.out" "$bin" mcp <"$work/frames.jsonl" >"$work/answers.jsonl" 2>"$work/valgrind.log"
answers=$(wc -l <"$work/answers.jsonl")
[ "$answers" -ge 300 ] || { echo "the session answered $answers frames; see $work" >&2; exit 1; }

# Every function callgrind saw run, kept when the binary defines it (libc's are not ours to place).
grep -E '^c?fn=\([0-9]+\) ' "$work/callgrind.out" | sed -E 's/^c?fn=\([0-9]+\) //' | sort -u >"$work/ran"
nm --defined-only "$bin" | awk '$2 ~ /^[tTwW]$/ {print $3}' | sort -u >"$work/defined"
comm -12 "$work/ran" "$work/defined" >"$root/build/stdio.order"
echo "build/stdio.order: $(wc -l <"$root/build/stdio.order") functions" >&2
