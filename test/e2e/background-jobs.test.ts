import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fault, reply, toolNames, toolResultsOf } from "../support/mock-model-server.js";
import { useE2e } from "../support/e2e-fixture.js";
import { runCli } from "../support/cli-runner.js";
import { pids, until } from "../support/processes.js";

// Issue 30: `shell_run` with `background: true` starts a job in the sandbox and returns at once;
// `shell_output` reads what it printed since the last look; `shell_kill` stops it (TERM first);
// no job outlives North (normal exit, SIGTERM, SIGKILL); at most `shell.maxBackground` run.

const e2e = useE2e();
let tags: string[] = [];
afterEach(() => {
  for (const pid of tags.flatMap(pids)) process.kill(Number(pid), "SIGKILL");
  tags = [];
});

/** A server-like job: prints `ready`, then `later` once `go` exists, and `bye` on SIGTERM. */
function serverJob(tag: string): string {
  return [
    `trap 'echo bye; exit 0' TERM`,
    `echo ready`,
    `while [ ! -e go ]; do sleep 0.05; done`,
    `echo later; touch said-later`,
    `while :; do sleep 0.05; done; : ${tag}`,
  ].join("\n");
}

/** A loop named `tag` in the host's process list. */
const loop = (tag: string) => `echo up; while :; do sleep 0.1; done; : ${tag}`;

describe("background jobs", () => {
  it("starts a job, reads its new output, and kills it with TERM first", async () => {
    const tag = `north-bg-read-${process.pid}`;
    tags.push(tag);
    const { server, run, repo } = await e2e.open([
      reply().tool("shell_run", { command: serverJob(tag), background: true }),
      reply().tool("shell_run", {
        command: "touch go; while [ ! -e said-later ]; do sleep 0.05; done",
      }),
      reply().tool("shell_output", { id: "job1" }),
      reply().tool("shell_kill", { id: "job1" }),
      reply().tool("shell_output", { id: "job9" }),
      reply().text("Done."),
    ]);
    const result = await run(["-p", "start the server", "--approve", "all"]);
    expect(result.code, result.stderr).toBe(0);
    // The job tools cost the first request nothing: offered once a job started.
    expect(toolNames(server.requests[0]!)).not.toContain("shell_output");
    expect(toolNames(server.requests[1]!)).toEqual(
      expect.arrayContaining(["shell_output", "shell_kill"]),
    );
    const started = toolResultsOf(server.requests[1]!).at(-1)!;
    expect(started.content).toContain("Started background job job1");
    expect(started.content).toContain("ready");
    expect(started.content).toContain("Job job1 is running.");
    const read = toolResultsOf(server.requests[3]!).at(-1)!;
    expect(read.content).toContain("later");
    expect(read.content).not.toContain("ready");
    expect(read.content).toContain("Job job1 is running.");
    const killed = toolResultsOf(server.requests[4]!).at(-1)!;
    expect(killed.content).toContain("bye");
    expect(killed.content).toContain("Job job1 was stopped");
    const unknown = toolResultsOf(server.requests[5]!).at(-1)!;
    expect(unknown.content).toContain("No background job job9. Jobs: job1.");
    expect(existsSync(path.join(repo, "said-later"))).toBe(true);
    expect(pids(tag)).toEqual([]);
  });

  it("refuses the job past shell.maxBackground, saying to kill one", async () => {
    const tag = `north-bg-max-${process.pid}`;
    tags.push(tag);
    const { server, run } = await e2e.open(
      [
        reply().tool("shell_run", { command: loop(tag), background: true }),
        reply().tool("shell_run", { command: loop(tag), background: true }),
        reply().text("Done."),
      ],
      { config: { shell: { maxBackground: 1 } } },
    );
    const result = await run(["-p", "start two", "--approve", "all"]);
    expect(result.code, result.stderr).toBe(0);
    const refused = toolResultsOf(server.requests[2]!).at(-1)!;
    expect(refused.isError || refused.content.includes("Error")).toBe(true);
    expect(refused.content).toContain("1 background jobs run already");
    expect(refused.content).toContain("shell_kill");
    await until(() => pids(tag).length === 0, "the job to end with North");
  });

  for (const sandbox of ["on", "off"] as const) {
    it(`stops every job when North exits (sandbox ${sandbox})`, async () => {
      const tag = `north-bg-exit-${sandbox}-${process.pid}`;
      tags.push(tag);
      const { run } = await e2e.open([
        reply().tool("shell_run", { command: loop(tag), background: true }),
        reply().text("Started."),
      ]);
      const result = await run(["-p", "start it", "--approve", "all", "--sandbox", sandbox]);
      expect(result.code, result.stderr).toBe(0);
      await until(() => pids(tag).length === 0, "the job to end with North");
    });
  }

  for (const signal of ["SIGTERM", "SIGKILL"] as const) {
    it(`stops a sandboxed job when North gets ${signal}`, async () => {
      const tag = `north-bg-${signal}-${process.pid}`;
      tags.push(tag);
      const { server, env, repo } = await e2e.open([
        reply().tool("shell_run", { command: loop(tag), background: true }),
        fault("hang_before_headers"),
      ]);
      let pid = 0;
      const done = runCli(["-p", "start it", "--approve", "all"], {
        cwd: repo,
        env,
        onSpawn: (p) => (pid = p),
      });
      await until(() => server.requests.length >= 2 && pids(tag).length > 0, "the job to run");
      process.kill(pid, signal);
      await done;
      await until(() => pids(tag).length === 0, "the job to end with North");
    });
  }
});
