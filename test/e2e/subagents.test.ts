// Sub-agents (`task`) end to end, headless: the built CLI against the mock model server, where a
// sub-agent's own requests are recognised by its prompt and follow their own script.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonLines, makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import {
  firstUserText,
  reply,
  systemText,
  toolNames,
  type MockModelServer,
  toolResultsOf,
  type RecordedRequest,
} from "../support/mock-model-server.js";
import { useE2e, anthropicEnv } from "../support/e2e-fixture.js";
import { untilTestDeadline } from "../support/test-deadline.js";

type Json = Record<string, unknown>;
const e2e = useE2e();

const mark = (marker: string) => (r: RecordedRequest) => firstUserText(r).includes(marker);

function env(s: MockModelServer, config?: unknown) {
  return {
    ...makeHome(config).env,
    ...anthropicEnv(s),
  };
}

const events = (stdout: string) => jsonLines(stdout) as Json[];

describe("task: sub-agents, headless", () => {
  it("an explore sub-agent starts from its prompt alone, reads, and its report reaches the parent", async () => {
    const server = await e2e.server([
      reply().text("I'll ask a sub-agent.").tool(
        "task",
        {
          agent: "explore",
          description: "find the retry policy",
          prompt: "SUB-1 where is the retry policy?",
        },
        { id: "toolu_task1" },
      ),
      reply().text("It is in src/retry.ts (3 attempts)."),
    ]);
    server.conversation(
      mark("SUB-1"),
      reply().tool("read_file", { path: "src/retry.ts" }),
      reply().text("src/retry.ts:1 sets attempts: 3."),
    );
    const repo = makeRepo();
    const run = await runCli(
      ["-p", "PARENT-PROMPT where is retry?", "--output-format", "stream-json"],
      { cwd: repo, env: env(server) },
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(server.requests).toHaveLength(4);
    const sub = server.requests.filter(mark("SUB-1"));
    expect(sub).toHaveLength(2);
    // Only its prompt: no parent history, its own system prompt, read tools only.
    const subMessages = (sub[0]!.body as Json).messages as Json[];
    expect(subMessages).toHaveLength(1);
    expect(JSON.stringify(sub[0]!.body)).not.toContain("PARENT-PROMPT");
    expect(systemText(sub[0]!)).toContain("explore sub-agent");
    const offered = toolNames(sub[0]!);
    expect(offered).toContain("read_file");
    expect(offered.some((n) => n.startsWith("edit_") || n === "shell_run" || n === "task")).toBe(
      false,
    );
    expect(toolResultsOf(sub[1]!)[0]!.content).toContain("attempts: 3");
    // The parent's next request carries the sub-agent's report as the task result.
    const parentNext = server.requests[3]!;
    expect(firstUserText(parentNext)).toContain("PARENT-PROMPT");
    expect(toolResultsOf(parentNext)).toEqual([
      { id: "toolu_task1", content: "src/retry.ts:1 sets attempts: 3.", isError: false },
    ]);
    // stream-json: the sub-agent's events, wrapped with the parent call's id, before its result.
    const all = events(run.stdout);
    const nested = all.filter((e) => e.type === "subagent");
    expect(nested.length).toBeGreaterThan(4);
    expect(nested.every((e) => e.parent_id === "toolu_task1" && e.agent === "explore")).toBe(true);
    const inner = nested.map((e) => (e.event as Json).type);
    expect(inner[0]).toBe("turn_start");
    expect(inner).toContain("tool_call");
    expect(inner.at(-1)).toBe("turn_end");
    const resultAt = all.findIndex((e) => e.type === "tool_result" && e.id === "toolu_task1");
    expect(resultAt).toBeGreaterThan(all.lastIndexOf(nested.at(-1)!));
    // Its tokens count in the parent's totals.
    const final = all.at(-1)!;
    const usage = final.usage as Json;
    const subTurn = nested.at(-1)!.event as Json;
    const subInput = (subTurn.usage as Json).input_tokens as number;
    expect(subInput).toBeGreaterThan(0);
    expect(usage.input_tokens as number).toBeGreaterThan(subInput);
  });

  it("two explore sub-agents of one step run concurrently", async () => {
    const server = await e2e.server([
      reply()
        .tool("task", { agent: "explore", description: "a", prompt: "SUB-A look at retry" })
        .tool("task", { agent: "explore", description: "b", prompt: "SUB-B look at client" }),
      reply().text("Both done."),
    ]);
    // Each sub-agent's answer waits until both sub-agents have asked: run one after the other,
    // the first would never be answered and the run would fail.
    const both = async (text: string) => {
      await server!.waitForRequests(3, { timeoutMs: untilTestDeadline() });
      return reply().text(text);
    };
    server.conversation(mark("SUB-A"), () => both("A found it"));
    server.conversation(mark("SUB-B"), () => both("B found it"));
    const run = await runCli(["-p", "look at both"], { cwd: makeRepo(), env: env(server) });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe("Both done.");
    expect(toolResultsOf(server.requests[3]!).map((r) => r.content)).toEqual([
      "A found it",
      "B found it",
    ]);
  });

  for (const approve of ["none", "edits"] as const) {
    it(`a general sub-agent's edit goes through the policy (--approve ${approve})`, async () => {
      const server = await e2e.server([
        reply().tool("task", {
          agent: "general",
          description: "raise attempts",
          prompt: "SUB-G set attempts to 5",
        }),
        reply().text("Done."),
      ]);
      server.conversation(
        mark("SUB-G"),
        reply().tool("read_file", { path: "src/retry.ts" }),
        reply().tool("edit_replace_exact", {
          path: "src/retry.ts",
          old_string: "attempts: 3",
          new_string: "attempts: 5",
        }),
        reply().text("Edited."),
      );
      const repo = makeRepo();
      const run = await runCli(["-p", "raise the attempts", "--approve", approve], {
        cwd: repo,
        env: env(server),
      });
      expect(run.code).toBe(0);
      const file = readFileSync(join(repo, "src/retry.ts"), "utf8");
      const editResult = toolResultsOf(server.requests.filter(mark("SUB-G"))[2]!).at(-1)!;
      if (approve === "none") {
        expect(file).toContain("attempts: 3");
        expect(editResult.isError).toBe(true);
        expect(editResult.content).toMatch(/--approve/);
      } else {
        expect(file).toContain("attempts: 5");
        expect(editResult.isError).toBe(false);
      }
    });
  }

  it("a custom agent from .north/agents gets only its tools, its prompt and its configured model", async () => {
    const server = await e2e.server([
      reply().tool("task", {
        agent: "reviewer",
        description: "review",
        prompt: "SUB-R review retry",
      }),
      reply().text("Reviewed."),
    ]);
    server.conversation(mark("SUB-R"), reply().text("Looks fine."));
    const repo = makeRepo();
    mkdirSync(join(repo, ".north", "agents"), { recursive: true });
    writeFileSync(
      join(repo, ".north", "agents", "reviewer.md"),
      "---\nname: reviewer\ndescription: Reviews code\ntools:\n  - read_file\n  - search_text\n---\nYou are REVIEWER-PROMPT.\n",
    );
    const config = { agents: { reviewer: { model: "haiku" } } };
    const run = await runCli(["-p", "review it"], { cwd: repo, env: env(server, config) });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const sub = server.requests.find(mark("SUB-R"))!;
    expect(toolNames(sub).sort()).toEqual(["read_file", "search_text"]);
    expect(systemText(sub)).toContain("REVIEWER-PROMPT");
    expect((sub.body as Json).model).toBe("claude-haiku-5-5");
    expect((server.requests[0]!.body as Json).model).not.toBe("claude-haiku-5-5");
  });

  it("an unknown agent is an error the model can act on", async () => {
    const server = await e2e.server([
      reply().tool("task", { agent: "wizard", description: "x", prompt: "do magic" }),
      reply().text("Sorry."),
    ]);
    const run = await runCli(["-p", "go"], { cwd: makeRepo(), env: env(server) });
    expect(run.code).toBe(0);
    const [result] = toolResultsOf(server.requests[1]!);
    expect(result!.isError).toBe(true);
    expect(result!.content).toContain('Unknown agent "wizard"');
    expect(result!.content).toContain("explore, plan, general");
  });

  it("Ctrl+C during a sub-agent leaves a history the next run can send", async () => {
    const server = await e2e.server([
      reply().tool("task", { agent: "explore", description: "slow", prompt: "SUB-C slow search" }),
      reply().text("Resumed fine."),
    ]);
    let held: (() => void) | undefined;
    server.conversation(
      mark("SUB-C"),
      () => new Promise((resolve) => (held = () => resolve(reply().text("late")))),
    );
    const repo = makeRepo();
    const home = env(server);
    let pid = 0;
    const first = runCli(["-p", "search slowly"], {
      cwd: repo,
      env: home,
      onSpawn: (p) => (pid = p),
    });
    await server.waitForRequests(2, { timeoutMs: untilTestDeadline() });
    process.kill(pid, "SIGINT");
    const cut = await first;
    held?.();
    expect(cut.code).toBe(130);
    const again = await runCli(["-p", "go on", "--continue"], { cwd: repo, env: home });
    expect(again.stderr).toBe("");
    expect(again.code).toBe(0);
    const sent = server.requests.at(-1)!;
    const messages = (sent.body as Json).messages as Json[];
    const uses = messages.flatMap((m) =>
      Array.isArray(m.content) ? (m.content as Json[]).filter((b) => b.type === "tool_use") : [],
    );
    expect(uses.map((u) => u.name)).toEqual(["task"]);
    expect(toolResultsOf(sent).map((r) => r.id)).toEqual([uses[0]!.id]);
  });
});
