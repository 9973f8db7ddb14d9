# What scripts/peers.sh and scripts/compare-official.sh share (sourced, with ROOT, PEERS and log()
# set). It installs the peers into $PEERS and sets the variables that run them: CTX (ctxlake,
# release); from npm MEMORY, EVERYTHING, FILESYSTEM, THINKING (the reference servers 2026.8.31),
# TS_SDK_STDIO and TS_SDK_HTTP (the TypeScript SDK 1.32.2's own example servers) and FASTMCP_TS
# (fastmcp for TypeScript 4.20.16); from PyPI PY (a minimal server on the Python SDK mcp 2.3.0),
# FASTMCP_PY (one on fastmcp 4.2.3), TIME, GIT and FETCH (the Python reference servers
# 2026.10.x); from crates.io RMCP (a minimal server on rmcp 3.11.0, release build). It defines
# start_server and stop_server for the HTTP peers.
log "ctxlake (release)"
(cd "$ROOT" && cargo build --release --quiet)
CTX="$ROOT/target/release/ctxlake"

log "npm: the reference servers 2026.8.31, the TypeScript SDK 1.32.2, fastmcp 4.20.16"
if [ ! -d "$PEERS/node/node_modules/fastmcp" ]; then
  mkdir -p "$PEERS/node"
  (cd "$PEERS/node" && npm init -y >/dev/null && npm install --silent \
    @modelcontextprotocol/server-memory@2026.8.31 @modelcontextprotocol/server-everything@2026.8.31 \
    @modelcontextprotocol/server-filesystem@2026.8.31 @modelcontextprotocol/server-sequential-thinking@2026.8.31 \
    @modelcontextprotocol/sdk@1.32.2 fastmcp@4.20.16 zod@4.6.7)
fi
NODE_MODULES="$PEERS/node/node_modules"
MEMORY="$NODE_MODULES/@modelcontextprotocol/server-memory/dist/index.js"
EVERYTHING="$NODE_MODULES/@modelcontextprotocol/server-everything/dist/index.js"
FILESYSTEM="$NODE_MODULES/@modelcontextprotocol/server-filesystem/dist/index.js"
THINKING="$NODE_MODULES/@modelcontextprotocol/server-sequential-thinking/dist/index.js"
TS_SDK_STDIO="$NODE_MODULES/@modelcontextprotocol/sdk/dist/esm/examples/server/mcpServerOutputSchema.js"
TS_SDK_HTTP="$NODE_MODULES/@modelcontextprotocol/sdk/dist/esm/examples/server/simpleStreamableHttp.js"
# ESM resolves packages from the script's own folder, so the script sits beside node_modules.
cp "$ROOT/scripts/peers/fastmcp_server.mjs" "$PEERS/node/"
FASTMCP_TS="$PEERS/node/fastmcp_server.mjs"
mkdir -p "$PEERS/files" "$PEERS/git"
git -C "$PEERS/git" init -q 2>/dev/null || true

log "PyPI: mcp 2.3.0 (the official Python SDK), fastmcp 4.2.3, the reference time, git and fetch servers"
if [ ! -x "$PEERS/venv/bin/mcp-server-fetch" ]; then
  python3.11 -m venv "$PEERS/venv"
  "$PEERS/venv/bin/pip" install --quiet "mcp[cli]==2.3.0" uvicorn fastmcp==4.2.3 \
    mcp-server-time==2026.10.19 mcp-server-git==2026.10.19 mcp-server-fetch==2026.10.24
fi
PY="$PEERS/venv/bin/python $ROOT/scripts/peers/python_server.py"
FASTMCP_PY="$PEERS/venv/bin/python $ROOT/scripts/peers/fastmcp_server.py"
TIME="$PEERS/venv/bin/mcp-server-time"
GIT="$PEERS/venv/bin/mcp-server-git --repository $PEERS/git"
FETCH="$PEERS/venv/bin/mcp-server-fetch"

log "crates.io: rmcp 3.11.0 (the official Rust SDK), release build"
mkdir -p "$PEERS/rmcp-server"
cp -r "$ROOT/scripts/peers/rmcp-server/." "$PEERS/rmcp-server/"
(cd "$PEERS/rmcp-server" && cargo build --release --quiet)
RMCP="$PEERS/rmcp-server/target/release/rmcp-peer"

# start_server NAME PORT COMMAND...: starts COMMAND in its own process group (output in
# $PEERS/NAME.log), waits for http://127.0.0.1:PORT/mcp to answer, sets SERVER_PID.
start_server() {
  local name=$1 port=$2; shift 2
  setsid "$@" >"$PEERS/$name.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 300); do
    curl -s -o /dev/null "http://127.0.0.1:$port/mcp" && break
    sleep 0.1
  done
}

# stop_server PID: TERM, then KILL, the server's whole process group.
stop_server() {
  kill -TERM -- "-$1" 2>/dev/null || true
  sleep 0.5
  kill -KILL -- "-$1" 2>/dev/null || true
}
