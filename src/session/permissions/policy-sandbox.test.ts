import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import type { ToolCallPart } from "../../ai/types.js";
import { defineTool, type AnyTool, type Review } from "../../agent/tool.js";
import { PermissionStore } from "./permission-store.js";
import { commandProfile, toolsForMode, type Approve, type Profile } from "./permissions.js";
import { createPolicy, type Decision, type PolicyState } from "./policy.js";

const tool = (kind: "read" | "edit" | "shell" | "interactive", name = `${kind}_tool`) =>
  defineTool({
    name,
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
const signal = () => new AbortController().signal;
const edit: Review = {
  type: "edit",
  files: [{ path: "a", diff: "", added: 1, removed: 0, created: true }],
};
const secret: Review = { type: "secret", path: ".env", why: "it may hold keys" };
const cmd = (
  sandbox: Profile,
  extra: { escalate?: string; danger?: string } = {},
  command = "npm test",
): Review => ({
  type: "command",
  command,
  cwd: ".",
  sandbox,
  ...extra,
});

async function policyFor(options: {
  profile: Profile;
  state?: Partial<PolicyState>;
  approve?: Approve;
  answer?: Decision;
}) {
  const root = mkdtempSync(join(tmpdir(), "north-sbx-"));
  const env = { XDG_DATA_HOME: mkdtempSync(join(tmpdir(), "north-sbx-data-")) };
  const store = await PermissionStore.load(root, env);
  const asked: Review[] = [];
  const state: PolicyState = { mode: "agent", planAccepted: false, ...options.state };
  const ask = async (request: { review: Review }) => {
    asked.push(request.review);
    return options.answer ?? { type: "accept" as const };
  };
  const policy = createPolicy({
    state,
    store,
    ask: options.approve ? { approve: options.approve } : ask,
    profile: () => options.profile,
  });
  const decide = (review: Review, kind: "read" | "edit" | "shell" = "shell") =>
    policy(call, tool(kind), review, signal());
  return { decide, asked, store, state };
}

const reason = (v: { allow: boolean; reason?: string }) => (v.allow ? "" : (v.reason ?? ""));

describe("the policy with the sandbox", () => {
  it("runs sandboxed commands without asking, unless they would discard uncommitted work", async () => {
    const { decide, asked } = await policyFor({ profile: "workspace-write" });
    expect(await decide(cmd("workspace-write"))).toEqual({ allow: true });
    expect(asked).toHaveLength(0);
    // A sandboxed command's danger is what it would discard of the person's work: a person.
    const losing = cmd("workspace-write", { danger: "it discards a.txt." });
    expect(await decide(losing)).toEqual({ allow: true });
    expect(asked).toEqual([losing]);
    for (const approve of ["all", "none"] as const) {
      const headless = await policyFor({ profile: "workspace-write", approve });
      expect(reason(await headless.decide(losing))).toMatch(/^Refused: it discards a\.txt\./);
    }
    // The read-only sandbox cannot discard anything.
    const readOnly = await policyFor({ profile: "read-only", approve: "none" });
    expect(await readOnly.decide(cmd("read-only"))).toEqual({ allow: true });
    expect(await readOnly.decide(cmd("read-only", { danger: "x" }))).toEqual({ allow: true });
  });

  it("in ask mode and plan mode before acceptance, runs only read-only sandboxed commands", async () => {
    for (const state of [{ mode: "ask" as const }, { mode: "plan" as const }]) {
      const { decide, asked } = await policyFor({ profile: "read-only", state });
      expect(await decide(cmd("read-only"))).toEqual({ allow: true });
      expect(await decide(cmd("workspace-write"))).toMatchObject({ allow: false });
      const escalated = await decide(cmd("none", { escalate: "needs the network" }));
      expect(reason(escalated)).toMatch(/read-only sandbox, never outside it/);
      expect(await decide(edit, "edit")).toMatchObject({ allow: false });
      expect(asked).toHaveLength(0);
    }
  });

  it("asks the person about a command leaving the sandbox, and 'always' stores no rule", async () => {
    const always: Decision = { type: "always", rule: { prefix: "npm test" } };
    const { decide, asked, store } = await policyFor({
      profile: "workspace-write",
      answer: always,
    });
    const review = cmd("none", { escalate: "it downloads packages" });
    expect(await decide(review)).toEqual({ allow: true });
    expect(asked).toEqual([review]);
    expect(store.allows("npm test")).toBe(false);
    const plan = await policyFor({
      profile: "workspace-write",
      state: { mode: "plan", planAccepted: true },
    });
    expect(await plan.decide(review)).toEqual({ allow: true });
    expect(plan.asked).toHaveLength(1);
    const no = await policyFor({ profile: "workspace-write", answer: { type: "reject" } });
    expect(reason(await no.decide(review))).toMatch(/rejected/);
  });

  it("an escalation is never granted by a standing rule", async () => {
    const { decide, asked, store } = await policyFor({ profile: "workspace-write" });
    await store.allowAlways({ exact: "npm test" });
    await decide(cmd("none", { escalate: "network" }));
    expect(asked).toHaveLength(1);
  });

  it("refuses an escalation headless, even with --approve all, saying it cannot leave the sandbox", async () => {
    for (const approve of ["none", "edits", "all"] as const) {
      const { decide } = await policyFor({ profile: "workspace-write", approve });
      const verdict = await decide(cmd("none", { escalate: "network" }));
      expect(reason(verdict)).toMatch(/cannot leave the sandbox/);
      expect(reason(verdict)).toMatch(/--sandbox off/);
    }
  });

  it("without a sandbox (profile none) behaves as before: asks, rules apply, danger asks", async () => {
    const { decide, asked, store } = await policyFor({ profile: "none" });
    expect(await decide(cmd("none"))).toEqual({ allow: true });
    expect(asked).toHaveLength(1);
    await store.allowAlways({ prefix: "npm test" });
    expect(await decide(cmd("none"))).toEqual({ allow: true });
    expect(asked).toHaveLength(1);
    await decide(cmd("none", { danger: "it deletes." }));
    expect(asked).toHaveLength(2);
    // An escalate argument changes nothing there: the command is asked for like any other.
    await decide(cmd("none", { escalate: "network" }, "curl example.org"));
    expect(asked).toHaveLength(3);
  });

  it("without a sandbox, headless needs --approve all and refuses dangerous commands", async () => {
    const none = await policyFor({ profile: "none", approve: "edits" });
    expect(reason(await none.decide(cmd("none")))).toMatch(/--approve all/);
    const all = await policyFor({ profile: "none", approve: "all" });
    expect(await all.decide(cmd("none"))).toEqual({ allow: true });
    expect(await all.decide(cmd("none", { escalate: "network" }))).toEqual({ allow: true });
    expect(reason(await all.decide(cmd("none", { danger: "it deletes." })))).toMatch(
      /needs a person/,
    );
  });

  it("asks the person before reading a secret, in every mode; no 'always'", async () => {
    for (const mode of ["ask", "agent", "plan"] as const) {
      const { decide, asked } = await policyFor({
        profile: "none",
        state: { mode },
        answer: { type: "always" },
      });
      expect(await decide(secret, "read")).toEqual({ allow: true });
      expect(asked).toEqual([secret]);
      expect(await decide(secret, "read")).toEqual({ allow: true });
      expect(asked).toHaveLength(2);
    }
    const no = await policyFor({ profile: "none", answer: { type: "reject" } });
    expect(await no.decide(secret, "read")).toMatchObject({ allow: false });
  });

  it("headless reads a secret only with --approve all, and says how otherwise", async () => {
    for (const approve of ["none", "edits"] as const) {
      const { decide } = await policyFor({ profile: "read-only", approve });
      const verdict = await decide(secret, "read");
      expect(reason(verdict)).toMatch(/secrets/);
      expect(reason(verdict)).toMatch(/--approve all/);
      expect(reason(verdict)).toMatch(/Ask the person/);
    }
    const all = await policyFor({
      profile: "workspace-write",
      approve: "all",
      state: { mode: "ask" },
    });
    expect(await all.decide(secret, "read")).toEqual({ allow: true });
  });
});

describe("the session's command profile", () => {
  it("is none without the sandbox, read-only in read-only phases and headless without --approve all", () => {
    const p = (
      sandboxed: boolean,
      mode: "ask" | "agent" | "plan",
      approve?: Approve,
      planAccepted = false,
    ) => commandProfile({ sandboxed, mode, planAccepted, approve });
    expect(p(false, "agent")).toBe("none");
    expect(p(false, "ask", "all")).toBe("none");
    expect(p(true, "agent")).toBe("workspace-write");
    expect(p(true, "ask")).toBe("read-only");
    expect(p(true, "plan")).toBe("read-only");
    expect(p(true, "plan", undefined, true)).toBe("workspace-write");
    expect(p(true, "agent", "none")).toBe("read-only");
    expect(p(true, "agent", "edits")).toBe("read-only");
    expect(p(true, "agent", "all")).toBe("workspace-write");
    expect(p(true, "ask", "all")).toBe("read-only");
  });

  it("offers shell_run in ask mode only when commands run in the sandbox", () => {
    const tools: AnyTool[] = [
      tool("read", "read_file"),
      tool("edit", "edit_create_file"),
      tool("shell", "shell_run"),
    ];
    const names = (profile: Profile) => toolsForMode("ask", tools, profile).map((t) => t.name);
    expect(names("none")).toEqual(["read_file"]);
    expect(names("read-only")).toEqual(["read_file", "shell_run"]);
  });
});
