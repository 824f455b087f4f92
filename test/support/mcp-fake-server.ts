// A real SDK server and client over the SDK's in-memory transport, for unit tests of the bridge.
import {
  Client,
  type CallToolResult,
  type GetPromptResult,
  type Prompt,
  type ReadResourceResult,
  type Tool,
} from "@modelcontextprotocol/client";
import { InMemoryTransport, Server } from "@modelcontextprotocol/server";

/** A prompt of the fake server: its listing, and what `prompts/get` answers for arguments. */
export interface FakePrompt {
  prompt: Prompt;
  get(args: Record<string, string>): GetPromptResult;
}

/** Resources of the fake server by URI; an unknown URI is an error. */
export type FakeResources = Record<string, ReadResourceResult["contents"]>;

/** A tool of the fake server: its listing, and what a call answers (may wait on `signal`). */
export interface FakeTool {
  tool: Tool;
  call(args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult>;
}

/** A real SDK server and client over the SDK's in-memory transport, for unit tests. */
export interface FakeMcp {
  client: Client;
  tools: Tool[];
  /** Names of calls the server saw cancelled (the client's `notifications/cancelled`). */
  cancelled: string[];
  /** Every call the server received: tool name and arguments. */
  calls: { name: string; arguments: Record<string, unknown> }[];
  close(): Promise<void>;
}

export async function startFakeMcp(
  tools: FakeTool[],
  extra: { prompts?: FakePrompt[]; resources?: FakeResources } = {},
): Promise<FakeMcp> {
  const server = new Server(
    { name: "fake", version: "1.0.0" },
    { capabilities: { tools: {}, prompts: {}, resources: {} } },
  );
  const prompts = extra.prompts ?? [];
  const resources = extra.resources ?? {};
  server.setRequestHandler("prompts/list", async () => ({
    prompts: prompts.map((p) => p.prompt),
  }));
  server.setRequestHandler("prompts/get", async (request) => {
    const found = prompts.find((p) => p.prompt.name === request.params.name);
    if (!found) throw new Error(`no prompt ${request.params.name}`);
    return found.get(request.params.arguments ?? {});
  });
  server.setRequestHandler("resources/list", async () => ({
    resources: Object.keys(resources).map((uri) => ({ uri, name: uri })),
  }));
  server.setRequestHandler("resources/read", async (request) => {
    const contents = resources[request.params.uri];
    if (!contents) throw new Error(`no resource ${request.params.uri}`);
    return { contents };
  });
  const cancelled: string[] = [];
  const calls: FakeMcp["calls"] = [];
  server.setRequestHandler("tools/list", async () => ({
    tools: tools.map((t) => t.tool),
  }));
  server.setRequestHandler("tools/call", async (request, ctx) => {
    const name = request.params.name;
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    calls.push({ name, arguments: args });
    ctx.mcpReq.signal.addEventListener("abort", () => cancelled.push(name), { once: true });
    const found = tools.find((t) => t.tool.name === name);
    if (!found) return { content: [{ type: "text", text: `no tool ${name}` }], isError: true };
    return found.call(args, ctx.mcpReq.signal);
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "north-test", version: "1.0.0" });
  await client.connect(clientSide);
  const listed = await client.listTools();
  return {
    client,
    tools: listed.tools,
    cancelled,
    calls,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** A tool listing with an object schema of `properties`. */
export function fakeTool(
  name: string,
  properties: Record<string, unknown> = {},
  extra: Partial<Tool> = {},
): Tool {
  return { name, inputSchema: { type: "object", properties }, ...extra } as Tool;
}

/** Resolves when `signal` aborts (a call that never answers on its own). */
export function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
  });
}
