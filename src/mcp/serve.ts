/**
 * North's own tools served over MCP (stdio) for other clients: editors, desktop apps, other
 * agents. The tools and their runner come from the session layer (the same tools, arguments and
 * path rules as in a North session); this file only speaks the protocol, on the official server
 * SDK (`@modelcontextprotocol/server`, loaded here only).
 */
import type { Readable, Writable } from "node:stream";

/** One tool as served: its name, prose, JSON schema, and whether it only reads. */
export interface ServedTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  readOnly: boolean;
}

export type ServedCall = (
  name: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
) => Promise<{ content: string; isError: boolean }>;

declare const __NORTH_VERSION__: string;
const VERSION = typeof __NORTH_VERSION__ === "string" ? __NORTH_VERSION__ : "0.0.0-dev";

/**
 * Serves `tools` on `input`/`output` until the client closes the connection (end of input).
 * A call of an unknown tool is the JSON-RPC error -32602 (Invalid params), as the MCP
 * specification says; a tool's own failure is an error result. Never a crash.
 */
export async function serveTools(
  tools: readonly ServedTool[],
  call: ServedCall,
  io: { input: Readable; output: Writable; onError?: (error: Error) => void },
): Promise<void> {
  const { Server, ProtocolError, ProtocolErrorCode } = await import("@modelcontextprotocol/server");
  const { StdioServerTransport } = await import("@modelcontextprotocol/server/stdio");
  const server = new Server({ name: "north", version: VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/list", async () => ({
    tools: tools.map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: { type: "object" as const, ...t.inputSchema },
      annotations: { readOnlyHint: t.readOnly, destructiveHint: !t.readOnly, openWorldHint: false },
    })),
  }));
  server.setRequestHandler("tools/call", async (request, ctx) => {
    const { name } = request.params;
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    if (!tools.some((t) => t.name === name)) {
      // The MCP specification's answer to an unknown tool: a protocol error, Invalid params.
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
    }
    const result = await call(name, args, ctx.mcpReq.signal);
    return { content: [{ type: "text" as const, text: result.content }], isError: result.isError };
  });
  const transport = new StdioServerTransport(io.input, io.output);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    io.input.once("end", () => resolve());
  });
  server.onerror = (error) => io.onError?.(error);
  await server.connect(transport);
  await closed;
  await server.close().catch(() => {});
}
