"""A minimal MCP server on the official Python SDK (PyPI `mcp` 2.x), for scripts/peers.sh.

usage: python_server.py              serve stdio
       python_server.py http PORT    serve Streamable HTTP on 127.0.0.1:PORT/mcp
"""
import sys

from mcp.server.mcpserver import MCPServer

server = MCPServer("python-peer")


@server.tool()
def shout(text: str) -> str:
    """Returns the text in upper case"""
    return text.upper()


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "http":
        import uvicorn

        uvicorn.run(server.streamable_http_app(), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
    else:
        server.run()
