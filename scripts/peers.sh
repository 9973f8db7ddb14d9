#!/usr/bin/env bash
# Holds real MCP servers to `ctxlake conform`: installs them from the package registries into a
# scratch folder, runs the suite against each (stdio, and Streamable HTTP where the peer has it),
# and writes docs/conformance/peers.md plus one JSON report per run under docs/conformance/peers/.
# Not part of CI (it downloads); its results are committed and reproducible.
#
# usage: scripts/peers.sh [PEERS_DIR]     (default: a fresh temporary folder)
# needs: cargo, node + npm, python3.11, curl
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PEERS="${1:-$(mktemp -d -t ctxlake-peers.XXXXXX)}"
OUT="$ROOT/docs/conformance/peers"
mkdir -p "$PEERS" "$OUT"
log() { printf '\n=== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)" >&2; }

# shellcheck source=scripts/peers/common.sh
source "$ROOT/scripts/peers/common.sh"

# One conform run; a non-conformant verdict (exit 1) is a result, not an error.
conform() {
  local name=$1; shift
  log "conform: $name"
  set +e
  "$CTX" conform "$@" --timeout 30 --settle-ms 200 --jobs 2 --format json > "$OUT/$name.json"
  local code=$?
  set -e
  [ "$code" -le 1 ] || { echo "conform could not run against $name (exit $code)" >&2; rm -f "$OUT/$name.json"; }
}

# Starts an HTTP server, runs conform against it, stops it.
conform_http() {
  local name=$1 port=$2; shift 2
  start_server "$name" "$port" "$@"
  conform "$name" --url "http://127.0.0.1:$port/mcp"
  stop_server "$SERVER_PID"
}

# Every stdio peer: its name and its command line.
STDIO_PEERS=(
  "ctxlake.stdio|$CTX mcp"
  "server-memory.stdio|MEMORY_FILE_PATH=$PEERS/memory.jsonl node $MEMORY"
  "server-everything.stdio|node $EVERYTHING stdio"
  "server-filesystem.stdio|node $FILESYSTEM $PEERS/files"
  "server-sequential-thinking.stdio|node $THINKING"
  "ts-sdk-example.stdio|node $TS_SDK_STDIO"
  "fastmcp-ts.stdio|node $FASTMCP_TS"
  "python-sdk.stdio|$PY"
  "fastmcp-py.stdio|$FASTMCP_PY"
  "server-time.stdio|$TIME"
  "server-git.stdio|$GIT"
  "server-fetch.stdio|$FETCH"
  "rmcp.stdio|$RMCP"
)
for peer in "${STDIO_PEERS[@]}"; do conform "${peer%%|*}" --stdio "${peer#*|}"; done

# Every Streamable HTTP peer: its name, its port and its command line (each serves /mcp).
HTTP_PEERS=(
  "server-everything.http|3901|env PORT=3901 node $EVERYTHING streamableHttp"
  "python-sdk.http|3902|$PY http 3902"
  "fastmcp-py.http|3903|$FASTMCP_PY http 3903"
  "fastmcp-ts.http|3904|node $FASTMCP_TS http 3904"
  "ts-sdk-example.http|3905|env MCP_PORT=3905 node $TS_SDK_HTTP"
  "rmcp.http|3906|$RMCP http 3906"
)
for peer in "${HTTP_PEERS[@]}"; do
  IFS='|' read -r name port command <<< "$peer"
  # shellcheck disable=SC2086 # the command line splits into words
  conform_http "$name" "$port" $command
done

# The same peers' tools/list held to the rules of the clients and model APIs that consume it.
mkdir -p "$OUT/clients"
clients() {
  local name=$1; shift
  log "conform --clients: $name"
  set +e
  "$CTX" conform --clients "$@" --timeout 30 --format json > "$OUT/clients/$name.json"
  local code=$?
  set -e
  [ "$code" -le 1 ] || { echo "conform --clients could not run against $name (exit $code)" >&2; rm -f "$OUT/clients/$name.json"; }
}
for peer in "${STDIO_PEERS[@]}"; do clients "${peer%%|*}" --stdio "${peer#*|}"; done

# The same peers under `ctxlake fuzz` (stdio, then HTTP): seed 1, 20 s each, 500 ms a case, read-only tools only. Each
# peer's summary and findings go to fuzz/<peer>.txt, its reproducers to fuzz/<peer>/.
rm -rf "$OUT/fuzz"
mkdir -p "$OUT/fuzz"
fuzz() {
  local name=$1; shift
  log "fuzz: $name"
  set +e
  (cd "$PEERS" && "$CTX" fuzz "$@" --seed 1 --seconds 20 --timeout-ms 500 --out "$OUT/fuzz/$name" > "$OUT/fuzz/$name.txt")
  local code=$?
  set -e
  [ "$code" -le 1 ] || echo "fuzz could not run against $name (exit $code)" >&2
}
for peer in "${STDIO_PEERS[@]}"; do fuzz "${peer%%|*}" --stdio "${peer#*|}"; done
for peer in "${HTTP_PEERS[@]}"; do
  IFS='|' read -r name port command <<< "$peer"
  # shellcheck disable=SC2086
  start_server "$name" "$port" $command
  fuzz "$name" --url "http://127.0.0.1:$port/mcp"
  stop_server "$SERVER_PID"
done

log "docs/conformance/peers.md"
python3 "$ROOT/scripts/peers/table.py" "$OUT" > "$ROOT/docs/conformance/peers.md"
echo "wrote $ROOT/docs/conformance/peers.md (peers in $PEERS)" >&2
