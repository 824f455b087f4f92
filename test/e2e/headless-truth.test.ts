// Headless tells the truth (issue 31): a JSON result on every failure, commands the sandbox
// stopped reported like refused calls, usage errors of slash commands exit 2.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonLines, makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply } from "../support/mock-model-server.js";
import { anthropicEnv, useE2e } from "../support/e2e-fixture.js";
import { MCP_TEST_SERVER } from "../support/mcp-server-bundle.js";

const e2e = useE2e();
const TEST_SERVER = MCP_TEST_SERVER;
type Json = Record<string, unknown>;

/** Standard output holds exactly one line, a result object; it is returned. */
function onlyResult(stdout: string): Json {
  const lines = jsonLines(stdout) as Json[];
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ type: "result", stop_reason: "error", is_error: true });
  return lines[0]!;
}

describe("--output-format json prints one result object on every failure", () => {
  it("no key: kind setup, exit 1, the same line on stderr", async () => {
    const { env } = makeHome();
    for (const format of ["json", "stream-json"]) {
      const result = await runCli(["-p", "hi", "--output-format", format], {
        cwd: makeRepo(),
        env,
      });
      expect(result.code).toBe(1);
      const out = onlyResult(result.stdout);
      expect(out.error).toEqual({
        kind: "setup",
        message: expect.stringContaining("ANTHROPIC_API_KEY") as unknown,
      });
      expect(out.subtype).toBe("error_during_execution");
      expect(result.stderr).toContain("ANTHROPIC_API_KEY");
    }
  });

  it("a model North cannot place: kind usage, exit 2", async () => {
    const { env } = makeHome();
    const result = await runCli(["-p", "hi", "--model", "mystery-1", "--output-format", "json"], {
      cwd: makeRepo(),
      env: { ...env, ANTHROPIC_API_KEY: "k" },
    });
    expect(result.code).toBe(2);
    const out = onlyResult(result.stdout);
    expect(out.error).toMatchObject({ kind: "usage" });
    expect((out.error as Json).message).toContain("--provider");
  });

  it("a bad flag value of a -p run: kind usage, exit 2", async () => {
    const { env } = makeHome();
    const result = await runCli(["-p", "hi", "--max-steps", "0", "--output-format", "json"], {
      cwd: makeRepo(),
      env,
    });
    expect(result.code).toBe(2);
    expect(onlyResult(result.stdout).error).toMatchObject({ kind: "usage" });
  });

  it("an unreachable host: kind network, exit 1", async () => {
    const { env } = makeHome({ retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 2 } });
    const result = await runCli(["-p", "hello", "--output-format", "json"], {
      cwd: makeRepo(),
      env: { ...env, ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: "http://127.0.0.1:9" },
    });
    expect(result.code).toBe(1);
    const out = onlyResult(result.stdout);
    expect(out.error).toMatchObject({ kind: "network" });
    expect(out.result).toMatch(/Cannot reach 127\.0\.0\.1:9/);
  });
});

describe("a command the sandbox stopped", () => {
  it("is in refused_calls with the reason, and named on stderr with the flag", async () => {
    const script = () => [
      reply().tool("shell_run", { command: "echo hi > out.txt" }),
      reply().text("Command step finished."),
    ];
    const server = await e2e.server(script());
    const { env } = makeHome();
    const repo = makeRepo();
    const runEnv = { ...env, ...anthropicEnv(server) };
    const text = await runCli(["-p", "write it"], { cwd: repo, env: runEnv });
    expect(text.code).toBe(0);
    expect(existsSync(join(repo, "out.txt"))).toBe(false);
    expect(text.stderr).toContain(
      "north: 1 command was blocked by the read-only sandbox (shell_run “echo hi > out.txt”): --approve all would allow it.",
    );
    server.enqueue(...script());
    const json = await runCli(["-p", "write it", "--output-format", "json"], {
      cwd: repo,
      env: runEnv,
    });
    expect(jsonLines(json.stdout).at(-1)).toMatchObject({
      refused_calls: [
        {
          tool: "shell_run",
          target: "echo hi > out.txt",
          reason: "sandbox",
          blocked: "write",
          profile: "read-only",
          allow_with: "--approve all",
        },
      ],
    });
  });
});

describe("slash commands headless", () => {
  it("an MCP prompt missing a required argument exits 2 without calling the model", async () => {
    const server = await e2e.server([]);
    const { env } = makeHome({
      mcpServers: { t: { command: process.execPath, args: [TEST_SERVER] } },
    });
    const result = await runCli(["-p", "/mcp__t__review focus=speed", "--output-format", "json"], {
      cwd: makeRepo(),
      env: { ...env, ...anthropicEnv(server) },
    });
    expect(result.code).toBe(2);
    expect(server.requests).toHaveLength(0);
    expect(onlyResult(result.stdout).error).toMatchObject({ kind: "refused" });
    expect(result.stderr).toMatch(/file/);
  });
});
