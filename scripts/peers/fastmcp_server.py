"""A minimal server on fastmcp (PyPI `fastmcp` 4.x), for scripts/peers.sh.

usage: fastmcp_server.py              serve stdio
       fastmcp_server.py http PORT    serve Streamable HTTP on 127.0.0.1:PORT/mcp
"""
import sys

from fastmcp import FastMCP

server = FastMCP("fastmcp-peer")


@server.tool
def shout(text: str) -> str:
    """Returns the text in upper case"""
    return text.upper()


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "http":
        server.run(transport="http", host="127.0.0.1", port=int(sys.argv[2]), path="/mcp", show_banner=False)
    else:
        server.run(show_banner=False)
