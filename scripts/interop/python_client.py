"""ctxlake mcp driven by the official Python SDK client (PyPI `mcp` 2.x), once with the
initialize handshake and once with the SDK's default (probe server/discover, then 2026-07-28).

usage: python_client.py PATH/TO/ctxlake     exit status 0 when every check held
"""
import asyncio
import json
import os
import sys
import tempfile

from mcp import Client
from mcp.client.stdio import StdioServerParameters

TOOLS = {"fleet_status", "fleet_claim", "fleet_release", "fleet_history", "fleet_handoff",
         "memory_search", "memory_propose", "memory_timeline",
         "search_knowledge", "get_guidance", "submit_feedback", "context"}


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print(f"  ok: {what}")


async def session(binary, mode, root):
    env = dict(os.environ, CTXLAKE_FLEET_ID="interop", CTXLAKE_AGENT_ID=f"py-{mode}",
               CTXLAKE_CACHE_DIR=f"{root}/cache", CTXLAKE_SPOOL_DIR=f"{root}/spool")
    params = StdioServerParameters(command=binary, args=["mcp"], env=env)
    async with Client(params, mode=mode, raise_exceptions=True) as client:
        print(f"{mode}: protocol {client.protocol_version}")
        listed = await client.list_tools()
        check({t.name for t in listed.tools} == TOOLS, "tools/list names the twelve tools")
        status = await client.call_tool("fleet_status", {})
        check(not status.is_error and status.structured_content["fleet_id"] == "interop", "fleet_status answers")
        handoff = await client.call_tool("fleet_handoff", {"summary": f"handoff over {mode}", "status": "done"})
        check(handoff.structured_content["queued"] is True, "fleet_handoff is queued")
        bad = await client.call_tool("fleet_history", {"limit": "ten"})
        check(bad.is_error and "/limit" in bad.content[0].text, "a bad argument is an isError result naming /limit")
        search = await client.call_tool("memory_search", {"query": "ssh port"})
        check(not search.is_error and search.structured_content["enabled"] is False, "memory_search without a snapshot")


async def main(binary):
    with tempfile.TemporaryDirectory() as root:
        for mode in ("legacy", "auto"):
            await session(binary, mode, root)
        with open(f"{root}/spool/mcp/interop.ndjson") as spool:
            kinds = [json.loads(line)["kind"] for line in spool]
        check([k for k in kinds if k == "handoff"] == ["handoff", "handoff"], "both sessions' handoffs reached the spool")
        # The SDK may stop the server before it reads EOF, so only the start is certain; a
        # session that never wrote its end ages out of the roster when its process is gone.
        check(kinds.count("presence") >= 2, "each session spooled its presence start")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
