#!/usr/bin/env bash
# Loopback Streamable HTTP benchmark: `ctxlake serve` against rmcp 3.11 (scripts/peers/rmcp-server,
# TCP_NODELAY on accepted sockets) and the floor (scripts/peers/http-floor: hyper answering a fixed
# body; and that floor with one spawn_blocking per request, the trip every ctxlake call makes to
# the blocking pool, the floor of a server built by our house rules), tools/call requests per second and p50/p99 latency with wrk at
# 2 and 32 connections (keep-alive), 10 s each after a 2 s warm-up, in one run. Prints a Markdown
# table for docs/performance.md and the servers' peak RSS (VmHWM), then one `RATIOS http` line per
# ctxlake binary: requests per second over rmcp's default mode and p99 over the floor's, at 2 and
# 32 connections, this run's (the line to compare across commits); fleet_status, and a
# search_knowledge row over the starter base (the search log's path). Needs wrk (apt-get install wrk).
# Usage: benches/http.sh [SECONDS]
# CTXLAKE_BIN measures a binary built elsewhere; CTXLAKE_BASELINE also measures an older one in the
# same run. CTXLAKE_BENCH_SNAPSHOT=<snapshot.bin> (e.g. one `cargo bench --bench snapshot` keeps
# with CTXLAKE_BENCH_KEEP) adds memory_search rows over that snapshot. CTXLAKE_BENCH_POSTGRES=<URL
# of a role that may create databases> (scripts/postgres-scratch.sh) adds the keyed row with the
# state store on PostgreSQL (a database of its own per binary) and prints its statements per call.
set -euo pipefail
seconds="${1:-10}"
root="$(cd "$(dirname "$0")/.." && pwd)"
command -v wrk >/dev/null || { echo "benches/http.sh: needs wrk (apt-get install wrk)" >&2; exit 2; }
if [ -z "${CTXLAKE_BIN:-}" ]; then (cd "$root" && cargo build --release --bin ctxlake >&2); fi
(cd "$root/scripts/peers/rmcp-server" && cargo build --release >&2)
(cd "$root/scripts/peers/http-floor" && CARGO_TARGET_DIR="$root/scripts/peers/rmcp-server/target" cargo build --release >&2)
ctxlake="${CTXLAKE_BIN:-$root/target/release/ctxlake}"
label="${CTXLAKE_LABEL:-$(git -C "$root" describe --always --dirty 2>/dev/null || echo unknown)}"
binaries=("ctxlake=$ctxlake")
if [ -n "${CTXLAKE_BASELINE:-}" ]; then binaries+=("baseline=$CTXLAKE_BASELINE"); fi
rmcp="$root/scripts/peers/rmcp-server/target/release/rmcp-peer"
floor="$root/scripts/peers/rmcp-server/target/release/http-floor"
work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
cat >"$work/call.lua" <<'LUA'
wrk.method = "POST"
wrk.body = os.getenv("BODY")
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json, text/event-stream"
wrk.headers["MCP-Protocol-Version"] = "2025-11-25"
local auth = os.getenv("AUTH")
if auth and auth ~= "" then wrk.headers["Authorization"] = auth end
local sid = os.getenv("SID")
if sid and sid ~= "" then wrk.headers["Mcp-Session-Id"] = sid end
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT %.0f %.3f %.3f %d %d\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.errors.status, errors))
end
LUA
H=(-H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream')
INIT='{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}'

wait_for() { for _ in $(seq 1 200); do curl -s -o /dev/null "$1" && return 0; sleep 0.05; done; return 1; }

# run NAME URL BODY SID PID
run() {
  local name=$1 url=$2 body=$3 sid=$4 pid=$5
  BODY="$body" SID="$sid" wrk -t1 -c2 -d2s -s "$work/call.lua" "$url" >/dev/null 2>&1 || true
  for c in 2 32; do
    local threads=$(( c < 2 ? 1 : 2 ))
    local line
    line=$(BODY="$body" SID="$sid" wrk -t"$threads" -c"$c" -d"${seconds}s" -s "$work/call.lua" "$url" | grep '^RESULT')
    read -r _ rps p50 p99 non2xx errors <<<"$line"
    local rss
    rss=$(awk '/VmHWM/ {printf "%.1f", $2/1024}' "/proc/$pid/status")
    echo "| $name | $c | $rps | $p50 | $p99 | $non2xx | $errors | $rss |"
    echo "$name|$c|$rps|$p99" >>"$work/rows"
  done
}

echo "| server | connections | req/s | p50 ms | p99 ms | non-2xx | socket errors | VmHWM MiB |"
echo "|---|---|---|---|---|---|---|---|"

# The floor: hyper on tokio answering a fixed SSE body without parsing the request.
port=18764
"$floor" "$port" &
pid=$!
sleep 0.3
run "floor (hyper, fixed SSE answer)" "http://127.0.0.1:$port/mcp" '{"jsonrpc":"2.0","id":1,"method":"ping"}' "" "$pid"
kill "$pid"; wait "$pid" 2>/dev/null || true
# The same floor with the one trip every ctxlake call makes to the blocking pool.
"$floor" "$port" hop &
pid=$!
sleep 0.3
run "hop floor (the floor + one spawn_blocking)" "http://127.0.0.1:$port/mcp" '{"jsonrpc":"2.0","id":1,"method":"ping"}' "" "$pid"
kill "$pid"; wait "$pid" 2>/dev/null || true

port=18765
if [ -n "${CTXLAKE_BENCH_SNAPSHOT:-}" ]; then
  mkdir -p "$work/cache/default" && cp "$CTXLAKE_BENCH_SNAPSHOT" "$work/cache/default/snapshot.bin"
fi
for entry in "${binaries[@]}"; do
  name="${entry%%=*}" bin="${entry#*=}"
  port=$((port + 1))
  HOME="$work" CTXLAKE_CACHE_DIR="$work/cache" CTXLAKE_SPOOL_DIR="$work/spool" \
    "$bin" serve --bind "127.0.0.1:$port" 2>"$work/ctxlake.err" &
  pid=$!
  wait_for "http://127.0.0.1:$port/llms.txt"
  run "$name serve (stateless, SSE), fleet_status" "http://127.0.0.1:$port/mcp" \
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fleet_status","arguments":{}}}' "" "$pid"
  run "$name serve, search_knowledge over the starter base" "http://127.0.0.1:$port/mcp" \
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_knowledge","arguments":{"query":"retry a flaky network call with backoff"}}}' "" "$pid"
  if [ -n "${CTXLAKE_BENCH_SNAPSHOT:-}" ]; then
    run "$name serve, memory_search over $(basename "$CTXLAKE_BENCH_SNAPSHOT")" "http://127.0.0.1:$port/mcp" \
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"memory_search","arguments":{"query":"deploy staging cache timeout"}}}' "" "$pid"
  fi
  kill "$pid"; wait "$pid" 2>/dev/null || true
  # The same call with a bearer key (quota 10^9 a day): the key store's read and charge on every call.
  khome="$work/keys-$name"; mkdir -p "$khome"
  token=$(HOME="$khome" CTXLAKE_KEY_PEPPER="a pepper for the bench, long enough" \
    "$bin" keys create --name bench --fleets default --quota 1000000000)
  port=$((port + 1))
  HOME="$khome" CTXLAKE_KEY_PEPPER="a pepper for the bench, long enough" CTXLAKE_CACHE_DIR="$work/cache" \
    CTXLAKE_SPOOL_DIR="$work/spool" "$bin" serve --bind "127.0.0.1:$port" --keys 2>"$work/ctxlake.err" &
  pid=$!
  wait_for "http://127.0.0.1:$port/llms.txt"
  AUTH="Bearer $token" run "$name serve --keys (SQLite), fleet_status" "http://127.0.0.1:$port/mcp" \
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fleet_status","arguments":{}}}' "" "$pid"
  kill "$pid"; wait "$pid" 2>/dev/null || true
  if [ -n "${CTXLAKE_BENCH_POSTGRES:-}" ]; then
    # The same with the state store on PostgreSQL, in a database of this binary's own.
    db="ctxlake_bench_${name}_$$"
    psql -q "$CTXLAKE_BENCH_POSTGRES" -c "CREATE DATABASE $db"
    state="${CTXLAKE_BENCH_POSTGRES%/*}/$db"
    token=$(HOME="$khome" CTXLAKE_KEY_PEPPER="a pepper for the bench, long enough" \
      "$bin" keys --state "$state" create --name bench --fleets default --quota 1000000000)
    port=$((port + 1))
    HOME="$khome" CTXLAKE_KEY_PEPPER="a pepper for the bench, long enough" CTXLAKE_STATE="$state" \
      CTXLAKE_CACHE_DIR="$work/cache" CTXLAKE_SPOOL_DIR="$work/spool" \
      "$bin" serve --bind "127.0.0.1:$port" --sessions 2>"$work/ctxlake.err" &
    pid=$!
    wait_for "http://127.0.0.1:$port/llms.txt"
    count() { psql -tA "$state" -c "SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()), (SELECT coalesce(sum(calls), 0) FROM ctxlake_usage)"; }
    sleep 1.5; before=$(count)
    AUTH="Bearer $token" run "$name serve --state (PostgreSQL), fleet_status" "http://127.0.0.1:$port/mcp" \
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fleet_status","arguments":{}}}' "" "$pid"
    sleep 1.5; after=$(count)
    # Each statement outside a transaction is one commit; the counts include this count's own two.
    statements() { python3 -c "import sys; (t0, c0), (t1, c1) = (map(int, v.split('|')) for v in sys.argv[1:3]); print(f'STATEMENTS {sys.argv[3]} postgres: {(t1 - t0 - 2) / max(c1 - c0, 1):.2f} per keyed call{sys.argv[4]} ({c1 - c0} calls)')" "$@" >&2; }
    statements "$before" "$after" "$name" ""
    # The same calls in a --sessions session (kept in the store since schema version 3; in
    # memory before): a session's read on every call.
    sid=$(curl -s -D - -o /dev/null "${H[@]}" -H "Authorization: Bearer $token" -H 'MCP-Protocol-Version: 2025-11-25' \
      -d "$INIT" "http://127.0.0.1:$port/mcp" | awk 'tolower($1) == "mcp-session-id:" {print $2}' | tr -d '\r')
    sleep 1.5; before=$(count)
    AUTH="Bearer $token" run "$name serve --state (PostgreSQL), fleet_status in a session" "http://127.0.0.1:$port/mcp" \
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fleet_status","arguments":{}}}' "$sid" "$pid"
    sleep 1.5; after=$(count)
    statements "$before" "$after" "$name" " in a session"
    kill "$pid"; wait "$pid" 2>/dev/null || true
    psql -q "$CTXLAKE_BENCH_POSTGRES" -c "DROP DATABASE $db WITH (FORCE)"
  fi
done

# Memory under 10,000 open connections (the fd limit must allow them: ulimit -n >= 12000).
port=$((port + 1))
HOME="$work" CTXLAKE_CACHE_DIR="$work/cache" CTXLAKE_SPOOL_DIR="$work/spool" \
  "$ctxlake" serve --bind "127.0.0.1:$port" --max-connections 12000 2>"$work/ctxlake.err" &
pid=$!
wait_for "http://127.0.0.1:$port/llms.txt"
line=$(BODY='{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fleet_status","arguments":{}}}' SID="" \
  wrk -t2 -c10000 -d"${seconds}s" --timeout 10s -s "$work/call.lua" "http://127.0.0.1:$port/mcp" | grep '^RESULT')
read -r _ rps p50 p99 non2xx errors <<<"$line"
rss=$(awk '/VmHWM/ {printf "%.1f", $2/1024}' "/proc/$pid/status")
echo "| ctxlake serve (stateless, SSE), fleet_status; non-2xx are 503 past --max-inflight 64 | 10000 | $rps | $p50 | $p99 | $non2xx | $errors | $rss |"
kill "$pid"; wait "$pid" 2>/dev/null || true

for mode in "sessions" "stateless json"; do
  port=$((port + 1))
  # shellcheck disable=SC2086
  "$rmcp" http "$port" $mode 2>"$work/rmcp.err" &
  pid=$!
  sleep 0.3
  url="http://127.0.0.1:$port/mcp"
  sid=""
  if [ "$mode" = "sessions" ]; then
    sid=$(curl -s -D - -o /dev/null "${H[@]}" -d "$INIT" "$url" | awk 'tolower($1) == "mcp-session-id:" {print $2}' | tr -d '\r')
    curl -s -o /dev/null "${H[@]}" -H "Mcp-Session-Id: $sid" -H 'MCP-Protocol-Version: 2025-11-25' \
      -d '{"jsonrpc":"2.0","method":"notifications/initialized"}' "$url"
  fi
  run "rmcp 3.11 ($mode, TCP_NODELAY), shout" "$url" \
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"shout","arguments":{"text":"hi"}}}' "$sid" "$pid"
  kill "$pid"; wait "$pid" 2>/dev/null || true
done

# One line per ctxlake binary: ratios within this run (goals: >= 4x rmcp's default mode at 2 and
# 32 connections, p99 <= 2x the floor's).
python3 - "$work/rows" "${binaries[@]%%=*}" "$label" <<'PY'
import sys
rows = [line.strip().split("|") for line in open(sys.argv[1]) if line.strip()]
names, label = sys.argv[2:-1], sys.argv[-1]
def row(prefix, c):
    return next(((float(r[2]), float(r[3])) for r in rows if r[0].startswith(prefix) and r[1] == str(c)), None)
for name in names:
    fields = []
    for c in (2, 32):
        ours, rmcp, floor = row(f"{name} serve (stateless, SSE), fleet_status", c), row("rmcp 3.11 (sessions", c), row("floor", c)
        hop = row("hop floor", c)
        if ours and rmcp and floor:
            field = f"{c} conns: {ours[0]/rmcp[0]:.2f}x rmcp (>=4), p99 {ours[1]/floor[1]:.2f}x floor (<=2)"
            if hop:
                field += f", hop floor {hop[0]/rmcp[0]:.2f}x rmcp"
            fields.append(field)
    print(f"RATIOS http {label if name == 'ctxlake' else name} | " + " | ".join(fields))
PY
