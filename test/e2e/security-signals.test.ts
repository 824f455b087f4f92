/**
 * Nothing holds North (security review F8, F9): SIGTERM/SIGHUP end a run like Ctrl+C, killing
 * the shell's background jobs and leaving a session that `--continue` takes up; a glob that would
 * make a backtracking matcher spin for minutes is answered at once.
 */
import { afterEach, describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { type MockModelServer, reply, startMockModelServer } from "../support/mock-model-server.js";
import { pids, until } from "../support/processes.js";

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const anthropic = (s: MockModelServer, env: Record<string, string>) => ({
  ...env,
  ANTHROPIC_API_KEY: "sk-ant-test",
  ANTHROPIC_BASE_URL: s.anthropicBaseUrl,
});

/** The tool results a request carried back (Anthropic). */
const toolResults = (body: { messages: { content: unknown }[] }) =>
  body.messages.flatMap((m) =>
    Array.isArray(m.content)
      ? (m.content as { type: string; content: unknown }[]).filter((b) => b.type === "tool_result")
      : [],
  );

describe.each([
  ["SIGTERM", 143],
  ["SIGHUP", 129],
] as const)("F9: %s during a command", (signal, code) => {
  it("cancels the turn, kills the background jobs, and the session continues", async () => {
    // Unique durations, so that only this run's sleeps are looked for.
    const tag = `${process.pid % 1000}${code}`;
    const bg = `sleep 329.${tag}`;
    const fg = `sleep 331.${tag}`;
    server = await startMockModelServer([
      reply().tool("shell_run", { command: `${bg} & ${fg}` }),
      reply().text("continued"),
    ]);
    const repo = makeRepo();
    const { env } = makeHome();
    let pid = 0;
    const run = runCli(["-p", "x", "--approve", "all", "--sandbox", "off"], {
      cwd: repo,
      env: anthropic(server, env),
      onSpawn: (p) => (pid = p),
    });
    await until(() => pids(fg).length > 0 && pids(bg).length > 0, "the command to run");
    process.kill(pid, signal);
    const result = await run;
    expect(result.code).toBe(code);
    await until(() => pids(bg).length === 0 && pids(fg).length === 0, "the jobs to die");

    const next = await runCli(["-p", "go on", "--continue"], {
      cwd: repo,
      env: anthropic(server, env),
    });
    expect(next.stdout.trim()).toBe("continued");
    expect(next.code).toBe(0);
    // The cancelled call has its one result in the history sent back.
    expect(toolResults(server.requests[1]!.body)).toHaveLength(1);
  });
});

describe("F8: a pathological glob", () => {
  it("is answered at once by find_files", async () => {
    const name = "a".repeat(60);
    const pattern = "*a".repeat(10) + "*c";
    server = await startMockModelServer([
      reply().tool("find_files", { pattern }),
      reply().text("none"),
    ]);
    const repo = makeRepo({ [name]: "", "README.md": "# r\n" });
    const { env } = makeHome();
    const result = await runCli(["-p", "find"], { cwd: repo, env: anthropic(server, env) });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe("none");
    expect(JSON.stringify(toolResults(server.requests[1]!.body))).toContain("No files match");
  });
});
