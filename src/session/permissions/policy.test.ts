import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import type { ToolCallPart } from "../../ai/types.js";
import { defineTool, type Review } from "../../agent/tool.js";
import { matchesRule, PermissionStore, permissionsFile, suggestRule } from "./permission-store.js";
import { createPolicy, type Decision, type PolicyState } from "./policy.js";

const tool = (kind: "edit" | "shell" | "interactive") =>
  defineTool({
    name: `${kind}_tool`,
    kind,
    description: "",
    schema: () => z.object({}),
    execute: async () => ({ content: "" }),
  });
const call: ToolCallPart = {
  type: "tool_call",
  id: "c1",
  name: "x",
  arguments: {},
  rawArguments: "{}",
};
const edit: Review = {
  type: "edit",
  files: [{ path: "a.ts", diff: "", added: 1, removed: 0, created: false }],
};
const command = (cmd: string, danger?: string): Review => ({
  type: "command",
  command: cmd,
  cwd: ".",
  ...(danger ? { danger } : {}),
});
const signal = () => new AbortController().signal;

/** A repository and a data dir of its own (standing permissions live there). */
function project() {
  const root = mkdtempSync(join(tmpdir(), "north-policy-"));
  const env = { XDG_DATA_HOME: mkdtempSync(join(tmpdir(), "north-policy-data-")) };
  const stored = () => JSON.parse(readFileSync(permissionsFile(env, root), "utf8")) as unknown;
  return { root, env, stored };
}

async function setup(state: Partial<PolicyState> = {}, answer?: Decision) {
  const { root, env, stored } = project();
  const store = await PermissionStore.load(root, env);
  const asked: Review[] = [];
  const full: PolicyState = { mode: "agent", planAccepted: false, ...state };
  const ask = async (request: { review: Review }) => {
    asked.push(request.review);
    return answer ?? { type: "accept" as const };
  };
  const policy = createPolicy({ state: full, store, ask });
  return { root, env, stored, store, asked, state: full, policy };
}

describe("the permission policy", () => {
  it("asks the person about edits, and 'always' stores auto-accept for the project", async () => {
    const { policy, asked, root, env, stored } = await setup({}, { type: "always" });
    expect(await policy(call, tool("edit"), edit, signal())).toEqual({ allow: true });
    expect(asked).toHaveLength(1);
    expect(stored()).toMatchObject({ edits: true });
    expect(await policy(call, tool("edit"), edit, signal())).toEqual({ allow: true });
    expect(asked).toHaveLength(1);
    expect((await PermissionStore.load(root, env)).editsAutoAccepted).toBe(true);
  });

  it("passes a rejection back to the model as the reason", async () => {
    const { policy } = await setup({}, { type: "reject" });
    const decision = await policy(call, tool("edit"), edit, signal());
    expect(decision).toMatchObject({ allow: false });
    expect((decision as { reason: string }).reason).toMatch(/rejected/);
  });

  it("stores an allow rule for commands and runs matching ones without asking", async () => {
    const { policy, asked, stored } = await setup(
      {},
      { type: "always", rule: { prefix: "npm test" } },
    );
    await policy(call, tool("shell"), command("npm test"), signal());
    expect(
      await policy(call, tool("shell"), command("npm test -- --watch=false"), signal()),
    ).toEqual({ allow: true });
    expect(asked).toHaveLength(1);
    await policy(call, tool("shell"), command("npm test && curl evil"), signal());
    expect(asked).toHaveLength(2);
    expect(stored()).toMatchObject({ commands: [{ prefix: "npm test" }] });
  });

  it("always asks about a dangerous command, even when allowlisted or auto-accepted", async () => {
    const { policy, asked, store } = await setup();
    await store.allowAlways({ prefix: "git reset" });
    await policy(
      call,
      tool("shell"),
      command("git reset --hard", "git reset --hard discards uncommitted work."),
      signal(),
    );
    expect(asked).toHaveLength(1);
  });

  it("refuses changes in plan mode until the plan is accepted", async () => {
    const { policy, state } = await setup({ mode: "plan" });
    const refused = await policy(call, tool("edit"), edit, signal());
    expect((refused as { reason: string }).reason).toMatch(/Plan mode/);
    expect(
      await policy(call, tool("interactive"), { type: "plan", plan: "1. do it" }, signal()),
    ).toEqual({ allow: true });
    expect(state.planAccepted).toBe(true);
    expect(await policy(call, tool("edit"), edit, signal())).toEqual({ allow: true });
  });

  it("decides without a person in headless runs", async () => {
    const { root, env } = project();
    const store = await PermissionStore.load(root, env);
    const state: PolicyState = { mode: "agent", planAccepted: false };
    const none = createPolicy({ state, store, ask: { approve: "none" } });
    const edits = createPolicy({ state, store, ask: { approve: "edits" } });
    const all = createPolicy({ state, store, ask: { approve: "all" } });
    expect(await none(call, tool("edit"), edit, signal())).toMatchObject({ allow: false });
    expect(await edits(call, tool("edit"), edit, signal())).toEqual({ allow: true });
    expect(await edits(call, tool("shell"), command("ls"), signal())).toMatchObject({
      allow: false,
    });
    expect(await all(call, tool("shell"), command("ls"), signal())).toEqual({ allow: true });
    const danger = await all(
      call,
      tool("shell"),
      command("rm -rf /", "it deletes outside the repository."),
      signal(),
    );
    expect((danger as { reason: string }).reason).toMatch(/needs a person/);
  });
});

describe("allow rules", () => {
  it("match exactly or by whole-word prefix, never a compound command", () => {
    expect(matchesRule("git status", { exact: "git status" })).toBe(true);
    expect(matchesRule("git status -s", { exact: "git status" })).toBe(false);
    expect(matchesRule("git status -s", { prefix: "git status" })).toBe(true);
    expect(matchesRule("git statusx", { prefix: "git status" })).toBe(false);
    expect(matchesRule("git status; rm -rf .", { prefix: "git status" })).toBe(false);
    expect(matchesRule("git status $(rm x)", { prefix: "git status" })).toBe(false);
  });

  it("suggest a two-word prefix for simple commands and the exact text otherwise", () => {
    expect(suggestRule("npm run build --silent")).toEqual({ prefix: "npm run" });
    expect(suggestRule("python3 -c 'print(1)' x")).toEqual({ exact: "python3 -c 'print(1)' x" });
    expect(suggestRule("bash scripts/x.sh --fast")).toEqual({ exact: "bash scripts/x.sh --fast" });
    expect(suggestRule("find . -name x -delete")).toEqual({ exact: "find . -name x -delete" });
    expect(suggestRule("git -c core.pager=x log")).toEqual({ exact: "git -c core.pager=x log" });
    expect(suggestRule("FOO=1 npm test now")).toEqual({ exact: "FOO=1 npm test now" });
    expect(suggestRule("ls -la")).toEqual({ exact: "ls -la" });
    expect(suggestRule("make && make install")).toEqual({ exact: "make && make install" });
  });
});

describe("the policy on web_fetch's hosts", () => {
  const web: Review = { type: "web", url: "https://docs.example.com/a", host: "docs.example.com" };
  const read = defineTool({
    name: "web_fetch",
    kind: "read",
    description: "",
    schema: () => z.object({}),
    execute: async () => ({ content: "" }),
  });

  it("asks the person in every mode (fetching only reads), and 'always' stores the domain", async () => {
    for (const mode of ["ask", "plan", "agent"] as const) {
      const { policy, asked } = await setup({ mode });
      expect(await policy(call, read, web, signal())).toEqual({ allow: true });
      expect(asked).toEqual([web]);
    }
    const { policy, store, stored, asked } = await setup({}, { type: "always" });
    await policy(call, read, web, signal());
    expect(store.allowsWebHost("docs.example.com")).toBe(true);
    expect(store.allowsWebHost("api.docs.example.com")).toBe(true);
    expect(store.allowsWebHost("example.com")).toBe(false);
    expect(stored()).toMatchObject({ webDomains: ["docs.example.com"] });
    await policy(call, read, web, signal());
    expect(asked).toHaveLength(1);
  });

  it("headless: only listed domains, or anything with --approve all", async () => {
    const { root, env } = project();
    const store = await PermissionStore.load(root, env);
    const state: PolicyState = { mode: "agent", planAccepted: false };
    const none = createPolicy({ state, store, ask: { approve: "edits" } });
    const refused = await none(call, read, web, signal());
    expect(refused.allow).toBe(false);
    expect((refused as { reason: string }).reason).toContain("web.allowDomains");
    const listed = createPolicy({
      state,
      store,
      ask: { approve: "none" },
      webDomains: ["example.com"],
    });
    expect(await listed(call, read, web, signal())).toEqual({ allow: true });
    const all = createPolicy({ state, store, ask: { approve: "all" } });
    expect(await all(call, read, web, signal())).toEqual({ allow: true });
  });
});
