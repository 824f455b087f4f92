import { afterEach, describe, expect, it, vi } from "vitest";
import { runTool, toolSchema, type AnyTool } from "../agent/tool.js";
import {
  fakeTool,
  startFakeMcp,
  untilAborted,
  type FakeMcp,
} from "../../test/support/mcp-fake-server.js";
import { createMcpTools, mcpToolOrigin } from "./tool-bridge.js";
import { MAX_RESULT_CHARS } from "./tool-result.js";

let fake: FakeMcp | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const run = (tool: AnyTool, args: Record<string, unknown>, signal = new AbortController().signal) =>
  runTool(tool, args, JSON.stringify(args), { signal });

const text = (t: string) => ({ content: [{ type: "text" as const, text: t }] });

describe("createMcpTools", () => {
  it("names tools mcp__<server>__<tool> in the providers' charset, at most 64 characters, unique", async () => {
    fake = await startFakeMcp([
      { tool: fakeTool("get/thing"), call: async () => text("") },
      { tool: fakeTool("a.b"), call: async () => text("") },
      { tool: fakeTool("a_b"), call: async () => text("") },
      { tool: fakeTool("x".repeat(80)), call: async () => text("") },
    ]);
    const tools = createMcpTools(
      { server: "my server", connect: async () => fake!.client, timeoutMs: 5000 },
      fake.tools,
    );
    const names = tools.map((t) => t.name);
    expect(names.slice(0, 3)).toEqual([
      "mcp__my_server__get_thing",
      "mcp__my_server__a_b",
      "mcp__my_server__a_b_2",
    ]);
    expect(names[3]!.length).toBe(64);
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(mcpToolOrigin(tools[0]!)).toEqual({
      server: "my server",
      tool: "get/thing",
      readOnly: false,
      summary: "",
    });
  });

  it("sends the server's input schema as is and checks calls against it", async () => {
    const inputSchema = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: {
        query: { type: "string", description: "what to find" },
        mode: { type: "string", enum: ["fast", "full"] },
        nested: {
          type: "object",
          properties: { deep: { type: "array", items: { type: "number" } } },
        },
      },
      required: ["query"],
    };
    fake = await startFakeMcp([
      {
        tool: { name: "find", description: "Finds things.", inputSchema } as never,
        call: async (a) => text(`got ${JSON.stringify(a)}`),
      },
    ]);
    const [tool] = createMcpTools(
      { server: "s", connect: async () => fake!.client, timeoutMs: 5000 },
      fake.tools,
    );
    const { $schema: _, ...sent } = inputSchema;
    expect(toolSchema(tool!)).toEqual({
      name: "mcp__s__find",
      description: 'Finds things. (MCP server "s")',
      parameters: sent,
    });
    const missing = await run(tool!, { mode: "slow" });
    expect(missing.isError).toBe(true);
    expect(missing.content).toContain('"query": required, but missing');
    expect(missing.content).toContain('"mode": expected one of "fast", "full"');
    const wrongType = await run(tool!, { query: 3 });
    expect(wrongType.content).toContain('"query": expected string, received number');
    expect(fake.calls).toEqual([]);
    const ok = await run(tool!, { query: "q", nested: { deep: [1] } });
    expect(ok).toMatchObject({
      isError: false,
      content: 'got {"query":"q","nested":{"deep":[1]}}',
    });
  });

  it("turns images, resources and structured content into text, and isError into an error result", async () => {
    const png = Buffer.alloc(3000).toString("base64");
    fake = await startFakeMcp([
      {
        tool: fakeTool("mixed"),
        call: async () => ({
          content: [
            { type: "text", text: "Here:" },
            { type: "image", data: png, mimeType: "image/png" },
            {
              type: "resource_link",
              uri: "file:///a.txt",
              name: "a.txt",
              mimeType: "text/plain",
              description: "the file",
            },
            { type: "resource", resource: { uri: "mem://note", text: "note body" } },
            {
              type: "resource",
              resource: { uri: "mem://bin", blob: png, mimeType: "application/zip" },
            },
          ],
        }),
      },
      {
        tool: fakeTool("structured"),
        call: async () => ({ content: [], structuredContent: { count: 2, items: ["a", "b"] } }),
      },
      { tool: fakeTool("broken"), call: async () => ({ ...text("disk full"), isError: true }) },
    ]);
    const [mixed, structured, broken] = createMcpTools(
      { server: "s", connect: async () => fake!.client, timeoutMs: 5000 },
      fake.tools,
    );
    const a = await run(mixed!, {});
    expect(a.isError).toBe(false);
    expect(a.content).toBe(
      [
        "Here:",
        "[image: image/png, 2.9 KB]",
        "[resource: a.txt file:///a.txt (text/plain) — the file]",
        "[resource mem://note]\nnote body",
        "[resource mem://bin: application/zip, 2.9 KB]",
      ].join("\n"),
    );
    expect(a.details).toEqual({ server: "s", tool: "mixed", media: 1 });
    const b = await run(structured!, {});
    expect(JSON.parse(b.content)).toEqual({ count: 2, items: ["a", "b"] });
    const c = await run(broken!, {});
    expect(c).toMatchObject({ isError: true, content: "disk full" });
  });

  it("bounds a 5 MB result and says it was cut", async () => {
    fake = await startFakeMcp([
      { tool: fakeTool("huge"), call: async () => text("x".repeat(5 * 1024 * 1024)) },
    ]);
    const [tool] = createMcpTools(
      { server: "s", connect: async () => fake!.client, timeoutMs: 5000 },
      fake.tools,
    );
    const result = await run(tool!, {});
    expect(result.truncated).toBe(true);
    expect(result.content.length).toBeLessThan(MAX_RESULT_CHARS + 300);
    expect(result.content).toContain(`the result had ${5 * 1024 * 1024} characters`);
  });

  it("cancels a call on the server after timeoutMs, and when the turn is cancelled", async () => {
    fake = await startFakeMcp([
      { tool: fakeTool("slow"), call: (_, signal) => untilAborted(signal) },
    ]);
    const [tool] = createMcpTools(
      { server: "s", connect: async () => fake!.client, timeoutMs: 200 },
      fake.tools,
    );
    const timedOut = await run(tool!, {});
    expect(timedOut.isError).toBe(true);
    expect(timedOut.content).toContain('The MCP server "s" did not answer slow within 0.2 s');
    await vi.waitFor(() => expect(fake!.cancelled).toEqual(["slow"]));

    const [patient] = createMcpTools(
      { server: "s", connect: async () => fake!.client, timeoutMs: 60_000 },
      fake.tools,
    );
    const turn = new AbortController();
    const pending = run(patient!, {}, turn.signal);
    await vi.waitFor(() => expect(fake!.calls).toHaveLength(2));
    turn.abort();
    expect(await pending).toMatchObject({ isError: true, content: "Cancelled by the user." });
    await vi.waitFor(() => expect(fake!.cancelled).toEqual(["slow", "slow"]));
  });

  it("makes readOnlyHint tools read tools for a trusted server and prepares a review for the others", async () => {
    fake = await startFakeMcp([
      {
        tool: fakeTool("look", {}, { annotations: { readOnlyHint: true } }),
        call: async () => text("seen"),
      },
      {
        tool: fakeTool(
          "write",
          { path: { type: "string" } },
          { annotations: { readOnlyHint: false } },
        ),
        call: async () => text("written"),
      },
      { tool: fakeTool("plain"), call: async () => text("done") },
    ]);
    const [look, write, plain] = createMcpTools(
      { server: "s", connect: async () => fake!.client, timeoutMs: 5000, trustReadOnlyHint: true },
      fake.tools,
    );
    expect([look!.kind, write!.kind, plain!.kind]).toEqual(["read", "interactive", "interactive"]);
    // Not trusted (the default): the hint is only the server's word, and the tool is reviewed.
    const [doubted] = createMcpTools(
      { server: "s", connect: async () => fake!.client, timeoutMs: 5000 },
      fake.tools,
    );
    expect(doubted!.kind).toBe("interactive");
    expect((await doubted!.prepare!({}, { signal: new AbortController().signal })).review).toEqual({
      type: "mcp",
      server: "s",
      tool: "look",
      arguments: {},
      readOnlyHint: true,
    });
    expect(look!.prepare).toBeUndefined();
    const signal = new AbortController().signal;
    const proposal = await write!.prepare!({ path: "a" }, { signal });
    expect(proposal.review).toEqual({
      type: "mcp",
      server: "s",
      tool: "write",
      arguments: { path: "a" },
    });
    expect(fake.calls).toEqual([]);
    expect((await proposal.apply({ signal })).content).toBe("written");
    const denied = await runTool(write!, { path: "b" }, "{}", { signal }, async () => ({
      allow: false,
      reason: "no",
    }));
    expect(denied).toMatchObject({ isError: true, content: "no" });
    expect(fake.calls.map((c) => c.arguments)).toEqual([{ path: "a" }]);
  });
});
