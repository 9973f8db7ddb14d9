"""ctxlake serve driven over Streamable HTTP by the official Python SDK client (PyPI `mcp` 2.x),
once with the initialize handshake and once with the SDK's default (probe server/discover, then
2026-07-28). Starts `ctxlake serve --bind 127.0.0.1:0` itself and reads the address it prints.

usage: python_http_client.py PATH/TO/ctxlake     exit status 0 when every check held
"""
import asyncio
import os
import re
import subprocess
import sys
import tempfile

from mcp import Client

TOOLS = {"fleet_status", "fleet_claim", "fleet_release", "fleet_history", "fleet_handoff",
         "memory_search", "memory_propose", "memory_timeline",
         "search_knowledge", "get_guidance", "submit_feedback", "context"}


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print(f"  ok: {what}")


async def session(url, mode):
    async with Client(url, mode=mode, raise_exceptions=True) as client:
        print(f"{mode}: protocol {client.protocol_version}")
        listed = await client.list_tools()
        check({t.name for t in listed.tools} == TOOLS, "tools/list names the twelve tools")
        status = await client.call_tool("fleet_status", {})
        check(not status.is_error and status.structured_content["fleet_id"] == "interop", "fleet_status answers")
        bad = await client.call_tool("fleet_history", {"limit": "ten"})
        check(bad.is_error and "/limit" in bad.content[0].text, "a bad argument is an isError result naming /limit")


def main(binary):
    with tempfile.TemporaryDirectory() as root:
        env = dict(os.environ, HOME=root, CTXLAKE_FLEET_ID="interop", CTXLAKE_AGENT_ID="py-http",
                   CTXLAKE_CACHE_DIR=f"{root}/cache", CTXLAKE_SPOOL_DIR=f"{root}/spool")
        server = subprocess.Popen([binary, "serve", "--bind", "127.0.0.1:0"], env=env,
                                  stderr=subprocess.PIPE, text=True)
        try:
            line = server.stderr.readline()
            found = re.search(r"http://\S+/mcp", line)
            check(found is not None, f"ctxlake serve printed its address ({line.strip()})")
            for mode in ("legacy", "auto"):
                asyncio.run(session(found.group(0), mode))
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main(sys.argv[1])
