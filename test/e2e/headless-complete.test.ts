// What a headless run does beyond one prompt: slash commands, saying which calls were refused,
// listing saved conversations for a script, an unreachable provider.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonLines, makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { firstUserText, reply, type MockModelServer } from "../support/mock-model-server.js";
import { useE2e, anthropicEnv } from "../support/e2e-fixture.js";

const e2e = useE2e();

type Json = Record<string, unknown>;
const keys = (s: MockModelServer) => anthropicEnv(s);

describe("north -p with a slash command", () => {
  it("runs /cost and /context without calling the model", async () => {
    const server = await e2e.server([]);
    const { env } = makeHome();
    const cost = await runCli(["-p", "/cost"], {
      cwd: makeRepo(),
      env: { ...env, ...keys(server) },
    });
    expect(cost.code).toBe(0);
    expect(cost.stdout).toMatch(/nothing spent|tokens/i);
    const context = await runCli(["-p", "/context", "--output-format", "json"], {
      cwd: makeRepo(),
      env: { ...env, ...keys(server) },
    });
    expect(context.code).toBe(0);
    const result = jsonLines(context.stdout).at(-1) as Json;
    expect(result).toMatchObject({ type: "result", steps: 0 });
    expect(JSON.stringify(result.command_output)).toMatch(/system|tools/i);
    expect(server.requests).toHaveLength(0);
  });

  it("expands a custom command into the prompt the model gets", async () => {
    const server = await e2e.server([reply().text("Reviewed.")]);
    const repo = makeRepo();
    mkdirSync(join(repo, ".north", "commands"), { recursive: true });
    writeFileSync(join(repo, ".north", "commands", "audit.md"), "Review $ARGUMENTS for bugs.\n");
    const { env } = makeHome();
    const result = await runCli(["-p", "/audit src/retry.ts"], {
      cwd: repo,
      env: { ...env, ...keys(server) },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Reviewed.");
    expect(firstUserText(server.requests[0]!)).toContain("Review src/retry.ts for bugs.");
  });

  it("refuses a command that needs the screen, with one line and exit 2", async () => {
    const server = await e2e.server([]);
    const { env } = makeHome();
    const result = await runCli(["-p", "/model opus"], {
      cwd: makeRepo(),
      env: { ...env, ...keys(server) },
    });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("/model needs the interactive interface");
    expect(server.requests).toHaveLength(0);
  });
});

describe("a headless run whose calls were refused", () => {
  it("names them on stderr with the flag that allows them, and in the result object", async () => {
    const script = () => [
      reply().tool("edit_create_file", { path: "notes.txt", content: "hi\n" }),
      reply().text("I could not write it."),
    ];
    const server = await e2e.server(script());
    const { env } = makeHome();
    const repo = makeRepo();
    const text = await runCli(["-p", "write notes"], {
      cwd: repo,
      env: { ...env, ...keys(server) },
    });
    expect(text.code).toBe(0);
    expect(text.stderr).toContain(
      "refused 1 call (edit_create_file “notes.txt”): --approve edits would allow it.",
    );
    server.enqueue(...script());
    const json = await runCli(["-p", "write notes", "--output-format", "json"], {
      cwd: repo,
      env: { ...env, ...keys(server) },
    });
    expect(jsonLines(json.stdout).at(-1)).toMatchObject({
      refused_calls: [
        { tool: "edit_create_file", target: "notes.txt", allow_with: "--approve edits" },
      ],
    });
  });
});

describe("north --resume without a terminal", () => {
  it("lists the saved conversations as lines, or as JSON", async () => {
    const server = await e2e.server([reply().text("Noted.")]);
    const { env } = makeHome();
    const repo = makeRepo();
    const run = await runCli(["-p", "remember the retry policy", "--output-format", "json"], {
      cwd: repo,
      env: { ...env, ...keys(server) },
    });
    const id = (jsonLines(run.stdout).at(-1) as Json).session_id as string;
    const listed = await runCli(["--resume"], { cwd: repo, env });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(id);
    expect(listed.stdout).toContain("remember the retry policy");
    const json = await runCli(["--resume", "--output-format", "json"], { cwd: repo, env });
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({ id, title: "remember the retry policy" }),
    ]);
  });
});

describe("an unreachable provider", () => {
  it("says it cannot reach the host after its retries", async () => {
    const { env } = makeHome({ retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 2 } });
    const result = await runCli(["-p", "hello"], {
      cwd: makeRepo(),
      env: { ...env, ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: "http://127.0.0.1:9" },
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n").at(-1)).toMatch(/^north: Cannot reach 127\.0\.0\.1:9/);
  });
});
