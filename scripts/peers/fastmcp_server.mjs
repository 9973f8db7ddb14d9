// A minimal server on fastmcp for TypeScript (npm `fastmcp`), for scripts/peers.sh, which copies
// it beside its node_modules (ESM resolves packages from the script's folder).
//
// usage: node fastmcp_server.mjs              serve stdio
//        node fastmcp_server.mjs http PORT    serve Streamable HTTP on 127.0.0.1:PORT/mcp
import { FastMCP } from "fastmcp";
import { z } from "zod";

const server = new FastMCP({ name: "fastmcp-ts-peer", version: "1.0.0" });
server.addTool({
  name: "shout",
  description: "Returns the text in upper case",
  parameters: z.object({ text: z.string() }),
  execute: async ({ text }) => text.toUpperCase(),
});

if (process.argv[2] === "http") {
  server.start({ transportType: "httpStream", httpStream: { port: Number(process.argv[3]), host: "127.0.0.1", endpoint: "/mcp" } });
} else {
  server.start({ transportType: "stdio" });
}
