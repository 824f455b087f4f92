import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runTurn } from "../../agent/loop.js";
import { toolSchema, type AnyTool, type Review } from "../../agent/tool.js";
import type { Message, ToolResultMessage } from "../../ai/types.js";
import { createMcpTools } from "../../mcp/tool-bridge.js";
import { fakeTool, startFakeMcp, type FakeMcp } from "../../../test/support/mcp-fake-server.js";
import { call, scriptedProvider, text } from "../../../test/support/scripted-provider.js";
import { PermissionStore, permissionsFile } from "./permission-store.js";
import { createPolicy, type Ask, type Decision, type PolicyState } from "./policy.js";
import type { Approve } from "./permissions.js";

let fake: FakeMcp | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const ok = (t: string) => async () => ({ content: [{ type: "text" as const, text: t }] });

/** `trust`: the person's config trusts the server's `readOnlyHint` (`trustReadOnlyHint`). */
async function setup(trust = true) {
  fake = await startFakeMcp([
    {
      tool: fakeTool("list_issues", {}, { annotations: { readOnlyHint: true } }),
      call: ok("3 issues"),
    },
    { tool: fakeTool("create_issue", { title: { type: "string" } }), call: ok("created #4") },
    { tool: fakeTool("close_issue", { id: { type: "number" } }), call: ok("closed") },
  ]);
  const tools = createMcpTools(
    {
      server: "tracker",
      connect: async () => fake!.client,
      timeoutMs: 5000,
      trustReadOnlyHint: trust,
    },
    fake.tools,
  );
  const root = mkdtempSync(join(tmpdir(), "north-mcp-policy-"));
  const env = { XDG_DATA_HOME: mkdtempSync(join(tmpdir(), "north-mcp-policy-data-")) };
  return { tools, root, env, fake };
}

/** Runs one turn in which the model calls `calls`, under a policy; returns the tool results. */
async function turn(
  tools: AnyTool[],
  calls: [string, Record<string, unknown>][],
  store: PermissionStore,
  ask: Ask | { approve: Approve },
  state: PolicyState = { mode: "agent", planAccepted: false },
): Promise<ToolResultMessage[]> {
  const provider = scriptedProvider([
    { parts: calls.map(([name, args]) => call(name, args)) },
    { parts: [text("done")] },
  ]);
  const history: Message[] = [];
  await runTurn(
    history,
    "go",
    {
      provider,
      model: "m",
      maxOutputTokens: 1000,
      system: "",
      tools,
      schemas: tools.map(toolSchema),
      maxSteps: 5,
      authorize: createPolicy({ state, store, ask }),
    },
    new AbortController().signal,
    () => {},
  );
  return history.filter((m): m is ToolResultMessage => m.role === "tool");
}

describe("MCP tools under the permission policy", () => {
  it("runs read-only tools at once, asks about others, and keeps 'always' per server and tool in the data dir", async () => {
    const { tools, root, env } = await setup();
    const store = await PermissionStore.load(root, env);
    const asked: Review[] = [];
    const person =
      (answer: Decision): Ask =>
      async ({ review }) => {
        asked.push(review);
        return answer;
      };
    const first = await turn(
      tools,
      [
        ["mcp__tracker__list_issues", {}],
        ["mcp__tracker__create_issue", { title: "Bug" }],
      ],
      store,
      person({ type: "always" }),
    );
    expect(first.map((r) => [r.content, r.isError])).toEqual([
      ["3 issues", false],
      ["created #4", false],
    ]);
    expect(asked).toEqual([
      { type: "mcp", server: "tracker", tool: "create_issue", arguments: { title: "Bug" } },
    ]);
    const file = permissionsFile(env, root);
    expect(file.startsWith(env.XDG_DATA_HOME)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({
      mcpTools: [{ server: "tracker", tool: "create_issue" }],
    });

    // A later run: the stored tool runs unasked; another tool of the same server is still asked.
    const later = await PermissionStore.load(root, env);
    const second = await turn(
      tools,
      [
        ["mcp__tracker__create_issue", { title: "Again" }],
        ["mcp__tracker__close_issue", { id: 4 }],
      ],
      later,
      person({ type: "reject" }),
    );
    expect(second.map((r) => r.isError)).toEqual([false, true]);
    expect(asked.map((r) => (r as { tool: string }).tool)).toEqual(["create_issue", "close_issue"]);
    expect(fake!.calls.map((c) => c.name)).toEqual(["list_issues", "create_issue", "create_issue"]);
  });

  it("headless: only --approve all calls a tool that is not read-only", async () => {
    const { tools, root, env } = await setup();
    const store = await PermissionStore.load(root, env);
    for (const approve of ["none", "edits"] as const) {
      const [read, write] = await turn(
        tools,
        [
          ["mcp__tracker__list_issues", {}],
          ["mcp__tracker__create_issue", { title: "x" }],
        ],
        store,
        { approve },
      );
      expect(read).toMatchObject({ isError: false, content: "3 issues" });
      expect(write!.isError).toBe(true);
      expect(write!.content).toContain("--approve all");
    }
    expect(fake!.calls.map((c) => c.name)).toEqual(["list_issues", "list_issues"]);
    const [write] = await turn(tools, [["mcp__tracker__create_issue", { title: "x" }]], store, {
      approve: "all",
    });
    expect(write).toMatchObject({ isError: false, content: "created #4" });
  });

  it("refuses tools that are not read-only in ask mode and in plan mode before a plan is accepted", async () => {
    const { tools, root, env } = await setup();
    const store = await PermissionStore.load(root, env);
    const never: Ask = async () => {
      throw new Error("the person must not be asked");
    };
    for (const mode of ["ask", "plan"] as const) {
      const [read, write] = await turn(
        tools,
        [
          ["mcp__tracker__list_issues", {}],
          ["mcp__tracker__create_issue", { title: "x" }],
        ],
        store,
        never,
        { mode, planAccepted: false },
      );
      expect(read!.isError).toBe(false);
      expect(write!.isError).toBe(true);
      expect(write!.content).toMatch(mode === "ask" ? /Ask mode/ : /Plan mode/);
    }
    expect(fake!.calls.map((c) => c.name)).toEqual(["list_issues", "list_issues"]);
  });

  // A server's "read-only" is its own word: without the person's trust it is reviewed.
  it("reviews a tool the server calls read-only unless the person trusts that server's word", async () => {
    const { tools, root, env } = await setup(false);
    expect(tools.map((t) => t.kind)).toEqual(["interactive", "interactive", "interactive"]);
    const store = await PermissionStore.load(root, env);
    // Headless without --approve all: refused, saying how to allow it.
    const [refused] = await turn(tools, [["mcp__tracker__list_issues", {}]], store, {
      approve: "none",
    });
    expect(refused!.isError).toBe(true);
    expect(refused!.content).toContain('"trustReadOnlyHint": true');
    expect(refused!.content).toContain("--approve all");
    expect(fake!.calls).toEqual([]);
    // In ask mode too the person is asked (not refused: it claims to change nothing); "always"
    // keeps it for that tool.
    const asked: Review[] = [];
    const always: Ask = async ({ review }) => {
      asked.push(review);
      return { type: "always" };
    };
    const first = await turn(tools, [["mcp__tracker__list_issues", {}]], store, always, {
      mode: "ask",
      planAccepted: false,
    });
    expect(first.map((r) => r.content)).toEqual(["3 issues"]);
    expect(asked).toEqual([
      { type: "mcp", server: "tracker", tool: "list_issues", arguments: {}, readOnlyHint: true },
    ]);
    const again = await turn(tools, [["mcp__tracker__list_issues", {}]], store, always);
    expect(again.map((r) => r.content)).toEqual(["3 issues"]);
    expect(asked).toHaveLength(1);
  });
});
