# What scripts/peers.sh and scripts/compare-official.sh share (sourced, with ROOT, PEERS and log()
# set). It installs the peers into $PEERS and sets CTX, MEMORY, EVERYTHING, PY and RMCP to run
# them: ctxlake (release), server-memory and server-everything 2026.8.31 (npm), a minimal server
# on the Python SDK mcp 2.3.0 (PyPI), a minimal server on rmcp 3.11.0 (crates.io, release build).
# It defines start_server and stop_server for the HTTP peers.
log "ctxlake (release)"
(cd "$ROOT" && cargo build --release --quiet)
CTX="$ROOT/target/release/ctxlake"

log "npm: @modelcontextprotocol/server-memory and server-everything 2026.8.31"
if [ ! -d "$PEERS/node/node_modules/@modelcontextprotocol/server-everything" ]; then
  mkdir -p "$PEERS/node"
  (cd "$PEERS/node" && npm init -y >/dev/null && npm install --silent \
    @modelcontextprotocol/server-memory@2026.8.31 @modelcontextprotocol/server-everything@2026.8.31)
fi
MEMORY="$PEERS/node/node_modules/@modelcontextprotocol/server-memory/dist/index.js"
EVERYTHING="$PEERS/node/node_modules/@modelcontextprotocol/server-everything/dist/index.js"

log "PyPI: mcp 2.3.0 (the official Python SDK)"
if [ ! -x "$PEERS/venv/bin/python" ]; then
  python3.11 -m venv "$PEERS/venv"
  "$PEERS/venv/bin/pip" install --quiet "mcp[cli]==2.3.0" uvicorn
fi
PY="$PEERS/venv/bin/python $ROOT/scripts/peers/python_server.py"

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
