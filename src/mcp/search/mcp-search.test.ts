import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadZod } from "../../agent/zod.js";
import { runTurn } from "../../agent/loop.js";
import { toolSchema, type AnyTool } from "../../agent/tool.js";
import { fakeTool, startFakeMcp, type FakeMcp } from "../../../test/support/mcp-fake-server.js";
import { call, scriptedProvider, text } from "../../../test/support/scripted-provider.js";
import { createMcpTools } from "../tool-bridge.js";
import {
  createMcpToolState,
  DEFAULT_MCP_TOOL_BUDGET,
  schemaBytes,
  visibleMcpTools,
} from "./mcp-search.js";

// Tools' schemas are built with zod, which product code loads on demand (src/agent/zod.ts).
beforeAll(() => loadZod());

let fake: FakeMcp | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const TOPICS = [
  "issue",
  "branch",
  "commit",
  "release",
  "weather",
  "ticket",
  "invoice",
  "deploy",
  "metric",
  "alert",
];

/** 50 tools of a realistic size (a few described properties each). */
async function fiftyTools(): Promise<AnyTool[]> {
  fake = await startFakeMcp(
    Array.from({ length: 50 }, (_, i) => {
      const topic = TOPICS[i % TOPICS.length]!;
      return {
        tool: fakeTool(
          `get_${topic}_${i}`,
          {
            id: { type: "string", description: `The ${topic} identifier, as shown in the list` },
            owner: { type: "string", description: "The account or organisation that owns it" },
            limit: { type: "integer", description: "Most entries to return (default 20)" },
            fields: { type: "array", items: { type: "string" }, description: "Fields to include" },
          },
          { description: `Fetches one ${topic} with its fields, owner and history.` },
        ),
        call: async () => ({ content: [{ type: "text" as const, text: `${topic} ${i} ok` }] }),
      };
    }),
  );
  return createMcpTools(
    { server: "srv", connect: async () => fake!.client, timeoutMs: 5000 },
    fake.tools,
  );
}

describe("mcp_search", () => {
  it("sends all MCP tools while they fit in the budget", async () => {
    const all = await fiftyTools();
    const few = all.slice(0, 3);
    expect(visibleMcpTools(few, createMcpToolState())).toEqual(few);
    expect(visibleMcpTools([], createMcpToolState())).toEqual([]);
  });

  it("with 50 tools over the budget, sends mcp_search only, and the tool it finds in the next step", async () => {
    const all = await fiftyTools();
    expect(schemaBytes(all)).toBeGreaterThan(DEFAULT_MCP_TOOL_BUDGET);
    const state = createMcpToolState();
    const provider = scriptedProvider([
      { parts: [call("mcp_search", { query: "weather", limit: 1 })] },
      { parts: [call("mcp__srv__get_weather_4", { id: "berlin" })] },
      { parts: [text("Sunny.")] },
    ]);
    const history: Parameters<typeof runTurn>[0] = [];
    const stepTools = () => {
      const tools = visibleMcpTools(all, state);
      return { tools, schemas: tools.map(toolSchema) };
    };
    const result = await runTurn(
      history,
      "weather?",
      {
        provider,
        model: "m",
        maxOutputTokens: 1000,
        system: "",
        tools: [],
        schemas: [],
        maxSteps: 5,
        authorize: async () => ({ allow: true }),
        toolsForStep: stepTools,
      },
      new AbortController().signal,
      () => {},
    );
    expect(result.stopReason).toBe("end");
    const [first, second] = provider.requests;
    const sizeOf = (tools: unknown) => Buffer.byteLength(JSON.stringify(tools));
    expect(sizeOf(first!.tools)).toBeLessThan(1024);
    expect(first!.tools.map((t) => t.name)).toEqual(["mcp_search"]);
    expect(second!.tools.map((t) => t.name)).toEqual(["mcp_search", "mcp__srv__get_weather_4"]);
    expect(sizeOf(second!.tools)).toBeLessThan(DEFAULT_MCP_TOOL_BUDGET);
    const results = history.filter((m) => m.role === "tool");
    expect(results[0]!.content).toContain("mcp__srv__get_weather_4: Fetches one weather");
    expect(results[0]!.content).toContain("available from your next step");
    expect(results[1]).toMatchObject({ isError: false, content: "weather 4 ok" });
  });

  it("names every tool when nothing matches", async () => {
    const all = await fiftyTools();
    const state = createMcpToolState();
    visibleMcpTools(all, state);
    const out = await state.search.execute(
      { query: "spaceship" },
      { signal: new AbortController().signal },
    );
    expect(out.content).toContain('No MCP tool matches "spaceship"');
    expect(out.content).toContain("mcp__srv__get_alert_49");
    expect(state.chosen.size).toBe(0);
  });
});
