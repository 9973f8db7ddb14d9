#!/usr/bin/env bash
# The fleet on its own, on embedded defaults, in a scratch home so yours is untouched: this
# host's `ctxlake sync` service runs in the background (what `ctxlake install --service` sets
# up); agent cc-01 claims a file, proposes a claim (evidence from two sessions) and leaves a
# handoff; nobody runs anything else. The service drains, decides the lease, folds and mirrors;
# agent cc-02 then finds the claim, attributed, sees the handoff in fleet_history, cc-01 in
# fleet_status, and is told that its own claim on the same file lost to cc-01 and until when.
# Exit status 0 when all of it holds.
# usage: scripts/quickstart.sh [PATH/TO/ctxlake]   (default: builds and uses target/release/ctxlake)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
ctxlake="${1:-}"
if [ -z "$ctxlake" ]; then
  cargo build --release --quiet --manifest-path "$root/Cargo.toml" --bin ctxlake
  ctxlake="$root/target/release/ctxlake"
fi
HOME="$(mktemp -d)"
export HOME
unset CTXLAKE_LAKE CTXLAKE_CACHE_DIR CTXLAKE_SPOOL_DIR CTXLAKE_FLEET_ID

echo "== this host's service starts (ctxlake sync, in the background)"
"$ctxlake" sync 2> "$HOME/service.log" &
service=$!
trap 'kill "$service" 2>/dev/null || true; rm -rf "$HOME"' EXIT

init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"quickstart","version":"1"}}}'
call() { printf '{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"%s","arguments":%s}}' "$1" "$2" "$3"; }

echo "== cc-01 claims src/users.rs, proposes a claim and hands off"
printf '%s\n' "$init" \
  "$(call 2 fleet_claim '{"paths":["src/users.rs"],"reason":"migrating the users table"}')" \
  "$(call 3 memory_propose '{"claim":"cargo test needs RUST_MIN_STACK=8388608 in this repo","type":"environment","subject":"org/app","evidence":[{"session_id":"s-1","message_id":"m-4"},{"session_id":"s-2","message_id":"m-9"}]}')" \
  "$(call 4 fleet_handoff '{"summary":"users table migrated","status":"done","next":"backfill the audit log"}')" \
  | CTXLAKE_AGENT_ID=cc-01 "$ctxlake" mcp > /dev/null

echo "== cc-02 claims the same file, waits a little, and reads (nobody ran sync or maint)"
answers="$( (printf '%s\n' "$init" "$(call 2 fleet_claim '{"paths":["src/users.rs"],"reason":"me too"}')"; sleep 3
  printf '%s\n' "$(call 3 memory_search '{"query":"cargo test stack"}')" "$(call 4 fleet_history '{}')" \
    "$(call 5 fleet_status '{}')") | CTXLAKE_AGENT_ID=cc-02 "$ctxlake" mcp)"
python3 - "$answers" <<'PY'
import json, sys
frames = {f["id"]: f["result"]["structuredContent"] for f in map(json.loads, sys.argv[1].splitlines())
          if f["id"] != 1}
hits, sessions, status = frames[3]["results"], frames[4]["sessions"], frames[5]
print("memory_search:", *hits, sep="\n  ")
print("fleet_history:", *[f'{s["agent_id"]}: {s["summary"]} ({s["outcome"]})' for s in sessions], sep="\n  ")
print("fleet_status: ", ", ".join(a["agent_id"] for a in status["agents"]))
mine = status["requests"]
print("cc-02's claim:", *[f'{r["path"]}: {r["outcome"]}' + (f' (held by {r["holder"]} until {r["expires_at"]})' if r.get("holder") else "") for r in mine], sep="\n  ")
ok = (any("[cc-01," in h and "RUST_MIN_STACK" in h for h in hits)
      and any(s["summary"] == "users table migrated" for s in sessions)
      and any(a["agent_id"] == "cc-01" for a in status["agents"])
      and any(r["outcome"] == "refused" and r.get("holder") == "cc-01" for r in mine))
sys.exit(0 if ok else "the service did not carry cc-01's lease, claim, handoff and presence to cc-02")
PY

echo "== wire Claude Code in the scratch home, start ctxlake from what was written, check"
"$ctxlake" install --client claude-code --agent cc-03
python3 - "$ctxlake" "$HOME" <<'PY'
import json, subprocess, sys
ctxlake, home = sys.argv[1], sys.argv[2]
entry = json.load(open(f"{home}/.claude.json"))["mcpServers"]["ctxlake"]
init = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"claude-code","version":"2"}}}'
search = '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"memory_search","arguments":{"query":"cargo test stack"}}}'
out = subprocess.run([entry["command"], *entry["args"]], input=f"{init}\n{search}\n", capture_output=True, text=True,
                     env={"HOME": home, **entry["env"]}).stdout
hits = json.loads(out.splitlines()[1])["result"]["structuredContent"]["results"]
print("cc-03 (started from ~/.claude.json):", *hits, sep="\n  ")
sys.exit(0 if any("RUST_MIN_STACK" in h for h in hits) else "the installed entry did not reach the fleet's claim")
PY
"$ctxlake" doctor | grep -E "client claude-code|service|snapshot"
