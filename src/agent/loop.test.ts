import { beforeAll, describe, expect, it } from "vitest";
import { loadZod } from "./zod.js";
import * as z from "zod";
import { call, scriptedProvider, text } from "../../test/support/scripted-provider.js";
import type { ToolResultMessage } from "../ai/types.js";
import type { AgentEvent } from "./events.js";
import { runTurn, type LoopConfig } from "./loop.js";
import { defineTool, toolSchema, type AnyTool } from "./tool.js";

// Tools' schemas are built with zod, which product code loads on demand (src/agent/zod.ts).
beforeAll(() => loadZod());

/** A read tool whose calls finish only when the test releases them, to observe concurrency. */
function gatedReadTool() {
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  let onStart: (() => void) | undefined;
  const tool = defineTool({
    name: "read_thing",
    kind: "read",
    description: "Reads a thing.",
    schema: () => z.object({ name: z.string() }),
    async execute({ name }) {
      started.push(name);
      onStart?.();
      await new Promise<void>((resolve) => gates.set(name, resolve));
      return { content: `contents of ${name}` };
    },
  });
  const whenStarted = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => started.length >= n && resolve();
      onStart = check;
      check();
    });
  return { tool, started, gates, whenStarted };
}

const editTool = defineTool({
  name: "change_thing",
  kind: "edit",
  description: "Changes a thing.",
  schema: () => z.object({ name: z.string() }),
  async execute({ name }) {
    return { content: `changed ${name}` };
  },
});

function config(
  tools: AnyTool[],
  provider: LoopConfig["provider"],
  overrides: Partial<LoopConfig> = {},
): LoopConfig {
  return {
    provider,
    model: "test-model",
    maxOutputTokens: 1000,
    system: "system",
    tools,
    schemas: tools.map(toolSchema),
    maxSteps: 50,
    authorize: async () => ({ allow: true }),
    ...overrides,
  };
}

const results = (history: unknown[]) =>
  history.filter((m): m is ToolResultMessage => (m as { role: string }).role === "tool");

describe("runTurn", () => {
  it("runs the read calls of a step concurrently and returns results in the model's order", async () => {
    const gated = gatedReadTool();
    const calls = [call("read_thing", { name: "a" }), call("read_thing", { name: "b" })];
    const provider = scriptedProvider([
      { parts: [text("Looking."), ...calls] },
      { parts: [text("Done.")] },
    ]);
    const history: never[] = [];
    const turn = runTurn(
      history,
      "go",
      config([gated.tool], provider),
      new AbortController().signal,
      () => {},
    );
    await gated.whenStarted(2);
    expect(gated.started).toEqual(["a", "b"]);
    gated.gates.get("b")!();
    gated.gates.get("a")!();
    const result = await turn;
    expect(result).toMatchObject({ stopReason: "end", text: "Done.", steps: 2, toolCalls: 2 });
    expect(results(history).map((r) => r.content)).toEqual(["contents of a", "contents of b"]);
    const second = provider.requests[1]!.messages;
    expect(second.map((m) => m.role)).toEqual(["user", "assistant", "tool", "tool"]);
  });

  it("answers unknown tools, invalid JSON and schema failures with error results and goes on", async () => {
    const gated = gatedReadTool();
    const provider = scriptedProvider([
      {
        parts: [
          call("no_such_tool", {}),
          call("change_thing", '{"name": "x"'),
          call("change_thing", { name: 3 }),
        ],
      },
      { parts: [text("Recovered.")] },
    ]);
    const history: never[] = [];
    const result = await runTurn(
      history,
      "go",
      config([gated.tool, editTool], provider),
      new AbortController().signal,
      () => {},
    );
    expect(result.stopReason).toBe("end");
    const [unknown, badJson, badSchema] = results(history);
    expect(unknown).toMatchObject({ isError: true });
    expect(unknown!.content).toContain('Unknown tool "no_such_tool"');
    expect(unknown!.content).toContain("read_thing, change_thing");
    expect(badJson!.content).toContain("not a valid JSON object");
    expect(badSchema!.content).toContain('"name"');
  });

  it("sends a refusal from the permission policy back to the model as an error result", async () => {
    const provider = scriptedProvider([
      { parts: [call("change_thing", { name: "x" })] },
      { parts: [text("OK")] },
    ]);
    const history: never[] = [];
    const deny = async () => ({ allow: false as const, reason: "Refused: not allowed here." });
    await runTurn(
      history,
      "go",
      config([editTool], provider, { authorize: deny }),
      new AbortController().signal,
      () => {},
    );
    expect(results(history)).toEqual([
      expect.objectContaining({ content: "Refused: not allowed here.", isError: true }),
    ]);
  });

  it("gives a read tool a confirm that shows its review as the call's proposal and asks the policy", async () => {
    // A read tool that must not act silently (a file that may hold secrets) asks first.
    const secretRead = defineTool({
      name: "read_secret",
      kind: "read",
      description: "Reads a file.",
      schema: () => z.object({ path: z.string() }),
      async execute({ path }, ctx) {
        const answer = (await ctx.confirm?.({ type: "secret", path, why: "keys" })) ?? {
          allow: false as const,
          reason: "no policy",
        };
        return { content: answer.allow ? `secret of ${path}` : `not read: ${answer.reason}` };
      },
    });
    const provider = scriptedProvider([
      { parts: [call("read_secret", { path: ".env" }), call("read_secret", { path: "id_rsa" })] },
      { parts: [text("OK")] },
    ]);
    const history: never[] = [];
    const events: AgentEvent[] = [];
    const asked: unknown[] = [];
    const authorize: LoopConfig["authorize"] = async (c, _tool, review) => {
      asked.push({ id: c.id, review });
      const path = review?.type === "secret" ? review.path : "";
      return path === ".env" ? { allow: true } : { allow: false, reason: "Refused: secret." };
    };
    await runTurn(
      history,
      "go",
      config([secretRead], provider, { authorize }),
      new AbortController().signal,
      (event) => events.push(event),
    );
    const proposals = events.filter((e) => e.type === "tool_proposal");
    expect(proposals.map((e) => (e.type === "tool_proposal" ? e.review : undefined))).toEqual([
      { type: "secret", path: ".env", why: "keys" },
      { type: "secret", path: "id_rsa", why: "keys" },
    ]);
    expect(asked).toHaveLength(2);
    expect(results(history).map((r) => r.content)).toEqual([
      "secret of .env",
      "not read: Refused: secret.",
    ]);
  });

  it("stops at the step cap with every call answered", async () => {
    const provider = scriptedProvider([
      { parts: [call("change_thing", { name: "1" })] },
      { parts: [call("change_thing", { name: "2" })] },
    ]);
    const history: never[] = [];
    const result = await runTurn(
      history,
      "go",
      config([editTool], provider, { maxSteps: 2 }),
      new AbortController().signal,
      () => {},
    );
    expect(result).toMatchObject({ stopReason: "max_steps", steps: 2, toolCalls: 2 });
    expect(results(history)).toHaveLength(2);
  });

  it("on cancel during tools, answers the remaining calls and keeps the history valid", async () => {
    const gated = gatedReadTool();
    const controller = new AbortController();
    const provider = scriptedProvider([
      { parts: [call("read_thing", { name: "a" }), call("change_thing", { name: "later" })] },
    ]);
    const history: never[] = [];
    const turn = runTurn(
      history,
      "go",
      config([gated.tool, editTool], provider),
      controller.signal,
      () => {},
    );
    await gated.whenStarted(1);
    controller.abort();
    gated.gates.get("a")!();
    const result = await turn;
    expect(result.stopReason).toBe("aborted");
    const answered = results(history);
    expect(answered).toHaveLength(2);
    expect(answered[1]!.content).toMatch(/Cancelled/);
  });

  it("ends with the classified error and keeps only the text of a failed step", async () => {
    const events: AgentEvent[] = [];
    const provider = scriptedProvider([
      {
        error: {
          kind: "server",
          message: "The provider failed (500)",
          retryable: true,
          status: 500,
        },
        parts: [text("partial"), call("change_thing", { name: "x" })],
      },
    ]);
    const history: never[] = [];
    const result = await runTurn(
      history,
      "go",
      config([editTool], provider),
      new AbortController().signal,
      (e) => events.push(e),
    );
    expect(result.stopReason).toBe("error");
    expect(events.map((e) => e.type)).toContain("error");
    expect(events.at(-1)).toMatchObject({ type: "turn_end", stop_reason: "error" });
    const assistant = history.find(
      (m) => (m as { role: string }).role === "assistant",
    ) as unknown as { content: unknown[] };
    expect(assistant.content).toEqual([{ type: "text", text: "partial" }]);
  });
});
