// A server that speaks only the older HTTP+SSE transport (protocol 2024-11-05), on the v1 SDK:
// `GET /sse` opens the event stream, `POST /messages?sessionId=…` carries the requests. Streamable
// HTTP requests (a POST to /sse) get 405, so a client must fall back.
// `node mcp-sse-server.mjs PORT_FILE`: listens on 127.0.0.1, the port written there.
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";

const transports = new Map();
const listener = createServer(async (req, res) => {
  const url = new URL(req.url, "http://127.0.0.1");
  if (req.method === "GET" && url.pathname === "/sse") {
    const server = new McpServer({ name: "north-sse-test", version: "1.0.0" });
    server.registerTool(
      "ping_old",
      { description: "Answers pong.", inputSchema: {}, annotations: { readOnlyHint: true } },
      async () => ({ content: [{ type: "text", text: "pong over sse" }] }),
    );
    const transport = new SSEServerTransport("/messages", res);
    transports.set(transport.sessionId, transport);
    res.on("close", () => transports.delete(transport.sessionId));
    await server.connect(transport);
    return;
  }
  if (req.method === "POST" && url.pathname === "/messages") {
    const transport = transports.get(url.searchParams.get("sessionId"));
    if (!transport) return res.writeHead(404).end();
    return transport.handlePostMessage(req, res);
  }
  res.writeHead(405, { allow: "GET" }).end();
});
listener.listen(0, "127.0.0.1", () =>
  writeFileSync(process.argv[2], String(listener.address().port)),
);
