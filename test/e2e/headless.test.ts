import { beforeAll, describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import {
  failure,
  reply,
  toolResultsOf,
  type MockModelServer,
} from "../support/mock-model-server.js";
import { PROTOCOLS, providerSetup, useE2e, type Protocol } from "../support/e2e-fixture.js";

const e2e = useE2e();

let repo: string;
beforeAll(() => {
  repo = makeRepo();
});

type Json = Record<string, unknown>;

/** How a run reaches each protocol: flags, environment and config, as a person would set them. */
function setup(protocol: Protocol, s: MockModelServer, extraConfig: Json = {}) {
  const provider = providerSetup(protocol, s);
  const { env } = makeHome({ ...extraConfig, ...provider.config });
  return { args: provider.args, env: { ...env, ...provider.env } };
}

const protocols = PROTOCOLS;

describe.each(protocols)("north -p over %s", (protocol) => {
  it("searches and reads two files in one step, then prints the grounded answer", async () => {
    const server = await e2e.server([
      reply()
        .text("I'll search for the retry policy and read the files.")
        .tool("search_text", { pattern: "retry" })
        .tool("read_file", { path: "src/retry.ts" })
        .tool("read_file", { path: "src/client.ts" }),
      reply().text("The retry policy is in `src/retry.ts`: 3 attempts, retrying 429 and 5xx."),
    ]);
    const { args, env } = setup(protocol, server);
    const result = await runCli(["-p", "where is the retry policy defined?", ...args], {
      cwd: repo,
      env,
    });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(
      "The retry policy is in `src/retry.ts`: 3 attempts, retrying 429 and 5xx.",
    );
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]!.protocol).toBe(protocol);
    const results = toolResultsOf(server.requests[1]!);
    expect(results).toHaveLength(3);
    expect(results[0]!.content).toContain("src/retry.ts");
    expect(results[1]!.content).toContain("export const policy = { attempts: 3, backoffMs: 200 };");
    expect(results[2]!.content).toContain('import { policy } from "./retry";');
  });

  it("prints one result object with --output-format json", async () => {
    const server = await e2e.server([
      reply().tool("list_root", {}).usage({ input: 50, output: 10 }),
      reply().text("Two folders.").usage({ input: 80, output: 5 }),
    ]);
    const { args, env } = setup(protocol, server);
    const result = await runCli(["-p", "what is here?", "--output-format", "json", ...args], {
      cwd: repo,
      env,
    });
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout) as Json;
    expect(out).toMatchObject({
      type: "result",
      text: "Two folders.",
      stop_reason: "end",
      steps: 2,
      tool_calls: 1,
    });
    expect(out.model).toBe(args[args.length - 1]);
    expect(typeof out.duration_ms).toBe("number");
    const usage = out.usage as Json;
    expect(Object.keys(usage).sort()).toEqual([
      "cache_read_tokens",
      "cache_write_tokens",
      "input_tokens",
      "output_tokens",
    ]);
    expect(usage.output_tokens).toBe(15);
  });

  it("prints every event as a JSON line with stream-json, ending with the result", async () => {
    const server = await e2e.server([
      reply().text("Reading.").tool("read_file", { path: "README.md" }),
      reply().text("A demo service."),
    ]);
    const { args, env } = setup(protocol, server);
    const result = await runCli(
      ["-p", "what is this?", "--output-format", "stream-json", ...args],
      { cwd: repo, env },
    );
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Json);
    const types = lines.map((l) => l.type);
    expect(types.slice(0, 3)).toEqual(["system", "message_start", "turn_start"]);
    expect(types.at(-2)).toBe("message_end");
    for (const t of [
      "step_start",
      "text_delta",
      "tool_call",
      "tool_result",
      "usage",
      "step_end",
      "turn_end",
    ])
      expect(types).toContain(t);
    expect(lines.at(-1)).toMatchObject({ type: "result", text: "A demo service.", tool_calls: 1 });
    const toolResult = lines.find((l) => l.type === "tool_result")!;
    expect(toolResult).toMatchObject({ name: "read_file", is_error: false });
  });
});

describe("faults, end to end", () => {
  const fastRetry = { retry: { baseDelayMs: 5, maxDelayMs: 50 } };

  it("retries a 429 with retry-after and succeeds", async () => {
    const server = await e2e.server([failure(429, { retryAfter: 1 }), reply().text("Recovered.")]);
    const { args, env } = setup("anthropic-messages", server);
    const result = await runCli(["-p", "hi", ...args], { cwd: repo, env });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe("Recovered.");
    expect(result.stderr).toMatch(/Rate limited \(429\).*retrying in 1\.0s/);
    expect(server.requests).toHaveLength(2);
  });

  it("gives up after 500 four times with exit 1 and one clear line", async () => {
    const server = await e2e.server([failure(500), failure(500), failure(500), failure(500)]);
    const { args, env } = setup("openai-responses", server, fastRetry);
    const result = await runCli(["-p", "hi", ...args], { cwd: repo, env });
    expect(result.code).toBe(1);
    expect(server.requests).toHaveLength(4);
    const lines = result.stderr.trim().split("\n");
    expect(lines.at(-1)).toMatch(/^north: The provider failed \(500\)/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("retries a stream cut mid-answer", async () => {
    const server = await e2e.server([
      reply().text("This answer will be cut off somewhere.").cutAfter(5),
      reply().text("Whole answer."),
    ]);
    const { args, env } = setup("openai-chat", server, fastRetry);
    const result = await runCli(["-p", "hi", ...args], { cwd: repo, env });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe("Whole answer.");
    expect(server.requests).toHaveLength(2);
  });

  it("returns invalid tool-argument JSON to the model as an error and completes", async () => {
    const server = await e2e.server([
      reply().toolRaw("read_file", '{"path": "src/retry.ts"'),
      reply().text("Sorry, retrying was not needed."),
    ]);
    const { args, env } = setup("anthropic-messages", server);
    const result = await runCli(["-p", "read it", ...args], { cwd: repo, env });
    expect(result.code).toBe(0);
    const [answer] = toolResultsOf(server.requests[1]!);
    expect(answer).toMatchObject({ isError: true });
    expect(answer!.content).toContain("not a valid JSON object");
  });

  it("refuses a tool path that escapes the repository root", async () => {
    const server = await e2e.server([
      reply().tool("read_file", { path: "../../../../etc/passwd" }),
      reply().text("I cannot read that."),
    ]);
    const { args, env } = setup("anthropic-messages", server);
    const result = await runCli(["-p", "read /etc/passwd", ...args], { cwd: repo, env });
    expect(result.code).toBe(0);
    const [answer] = toolResultsOf(server.requests[1]!);
    expect(answer).toMatchObject({ isError: true });
    expect(answer!.content).toMatch(/outside the repository/);
    expect(answer!.content).not.toContain("root:");
  });

  it("exits 130 on SIGINT mid-stream", async () => {
    const server = await e2e.server([
      reply().text("a slow answer that keeps going and going and going").slow(200),
    ]);
    const { args, env } = setup("anthropic-messages", server);
    let pid = 0;
    const run = runCli(["-p", "hi", "--output-format", "stream-json", ...args], {
      cwd: repo,
      env,
      onSpawn: (p) => (pid = p),
      onStdout: (out) => {
        if (out.includes('"text_delta"') && pid) {
          process.kill(pid, "SIGINT");
          pid = 0;
        }
      },
    });
    const result = await run;
    expect(result.code).toBe(130);
    const last = JSON.parse(result.stdout.trim().split("\n").at(-1)!) as Json;
    expect(last).toMatchObject({ type: "result", stop_reason: "aborted" });
  });
});

describe("the command line", () => {
  it("without a key, exits 1 with one line naming the variables", async () => {
    const { env } = makeHome();
    const result = await runCli(["-p", "hi"], { cwd: repo, env });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("ANTHROPIC_API_KEY");
    expect(result.stderr).toContain("OPENAI_API_KEY");
  });

  it("exits 2 with the usage line on an unknown flag", async () => {
    const { env } = makeHome();
    const result = await runCli(["-p", "hi", "--frobnicate"], { cwd: repo, env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("usage: north");
  });

  it("exits 2 when no provider can be inferred for an unknown model", async () => {
    const { env } = makeHome();
    const result = await runCli(["-p", "hi", "--model", "mystery-1"], {
      cwd: repo,
      env: { ...env, ANTHROPIC_API_KEY: "k" },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--provider");
  });

  it("passes a model id the catalog does not know to the provider its prefix names", async () => {
    const server = await e2e.server([reply().text("hello from the future")]);
    const { env } = makeHome();
    const result = await runCli(["-p", "hi", "--model", "claude-future-9"], {
      cwd: repo,
      env: { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
    });
    expect(result.code).toBe(0);
    expect((server.requests[0]!.body as Json).model).toBe("claude-future-9");
  });

  it("reads the prompt from standard input", async () => {
    const server = await e2e.server([reply().text("from stdin")]);
    const { env } = makeHome();
    const result = await runCli(["-p"], {
      cwd: repo,
      env: { ...env, OPENAI_API_KEY: "k", OPENAI_BASE_URL: server.openaiBaseUrl },
      stdin: "what is this?\n",
    });
    expect(result.code).toBe(0);
    expect(JSON.stringify(server.requests[0]!.body)).toContain("what is this?");
  });

  it("reports a malformed config file in one line and runs with the defaults", async () => {
    const server = await e2e.server([reply().text("Still here.")]);
    const { env } = makeHome();
    const { mkdirSync, writeFileSync } = await import("node:fs");
    mkdirSync(`${env.XDG_CONFIG_HOME}/north`, { recursive: true });
    writeFileSync(`${env.XDG_CONFIG_HOME}/north/config.json`, "{ not json");
    const result = await runCli(["-p", "hi"], {
      cwd: repo,
      env: { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
    });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe("Still here.");
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/^north: note: .*config\.json is not valid JSON/);
  });

  it("prints its version", async () => {
    const { env } = makeHome();
    const result = await runCli(["--version"], { cwd: repo, env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^north \d+\.\d+\.\d+/);
  });
});

describe("what a run leaves behind", () => {
  it("logs the run as JSON lines without the key or the Authorization header", async () => {
    const server = await e2e.server([
      reply().tool("read_file", { path: "README.md" }),
      reply().text("Done."),
    ]);
    const { env } = makeHome();
    const key = "sk-ant-secret-value-0123456789";
    const result = await runCli(["-p", "hi"], {
      cwd: repo,
      env: { ...env, ANTHROPIC_API_KEY: key, ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
    });
    expect(result.code).toBe(0);
    const { readFileSync } = await import("node:fs");
    const log = readFileSync(`${env.XDG_STATE_HOME}/north/north.log`, "utf8");
    const events = log
      .trim()
      .split("\n")
      .map((l) => (JSON.parse(l) as Json).event);
    for (const e of [
      "app_start",
      "user_prompt",
      "model_request_start",
      "model_request_complete",
      "tool_call_start",
      "tool_call_complete",
      "app_exit",
    ]) {
      expect(events).toContain(e);
    }
    expect(log).not.toContain(key);
    expect(log.toLowerCase()).not.toContain("authorization");
    expect(
      server.requests[0]!.headers.authorization ?? server.requests[0]!.headers["x-api-key"],
    ).toContain(key);
  });

  it("shows an SDK's deprecation notice once as North's own line, never raw", async () => {
    const server = await e2e.server([reply().tool("list_root", {}), reply().text("Done.")]);
    const { env } = makeHome();
    const result = await runCli(["-p", "hi", "--model", "claude-sonnet-4-5"], {
      cwd: repo,
      env: { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
    });
    expect(result.code).toBe(0);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^north: note: The model 'claude-sonnet-4-5' is deprecated/);
  });
});

describe("sessions", () => {
  const strip = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value, (k, v: unknown) => (k === "cache_control" ? undefined : v)));

  it("resumes a conversation with exactly the history that would have been sent", async () => {
    const server = await e2e.server([
      reply().text("Reading.").tool("read_file", { path: "src/retry.ts" }),
      reply().text("It retries three times."),
      reply().text("Yes, 429 too."),
    ]);
    const { env } = makeHome();
    const runEnv = { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl };
    const first = await runCli(
      ["-p", "what does the retry policy do?", "--output-format", "json"],
      { cwd: repo, env: runEnv },
    );
    expect(first.code).toBe(0);
    const id = (JSON.parse(first.stdout) as Json).session_id as string;
    expect(id).toBeTruthy();

    const second = await runCli(["-p", "does it retry 429?", "--resume", id], {
      cwd: repo,
      env: runEnv,
    });
    expect(second.code).toBe(0);
    expect(second.stdout.trim()).toBe("Yes, 429 too.");
    const before = server.requests[1]!.body as Json;
    const after = server.requests[2]!.body as Json;
    expect(after.system).toEqual(before.system);
    expect(after.tools).toEqual(before.tools);
    const expected = [
      ...(strip(before.messages) as Json[]),
      { role: "assistant", content: [{ type: "text", text: "It retries three times." }] },
      { role: "user", content: [{ type: "text", text: "does it retry 429?" }] },
    ];
    expect(strip(after.messages)).toEqual(expected);
  });

  it("continues the newest conversation of the project with --continue", async () => {
    const server = await e2e.server([
      reply().text("First answer."),
      reply().text("Second answer."),
    ]);
    const { env } = makeHome();
    const runEnv = { ...env, OPENAI_API_KEY: "k", OPENAI_BASE_URL: server.openaiBaseUrl };
    expect((await runCli(["-p", "first question"], { cwd: repo, env: runEnv })).code).toBe(0);
    const result = await runCli(["-p", "second question", "--continue"], {
      cwd: repo,
      env: runEnv,
    });
    expect(result.code).toBe(0);
    const input = (server.requests[1]!.body as Json).input as Json[];
    expect(JSON.stringify(input)).toContain("first question");
    expect(JSON.stringify(input)).toContain("First answer.");
  });

  it("says so in one line when there is nothing to continue", async () => {
    const { env } = makeHome();
    const result = await runCli(["-p", "hi", "--continue"], {
      cwd: repo,
      env: { ...env, ANTHROPIC_API_KEY: "k" },
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^north: No saved session for .* to continue\.$/);
  });
});

describe("project rules", () => {
  it("sends AGENTS.md with its path as a heading in every request", async () => {
    const ruled = makeRepo({
      "AGENTS.md": "Always run `make check` before answering.",
      "a.txt": "a",
    });
    const server = await e2e.server([reply().tool("list_root", {}), reply().text("ok")]);
    const { env } = makeHome();
    const result = await runCli(["-p", "hi"], {
      cwd: ruled,
      env: { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
    });
    expect(result.code).toBe(0);
    for (const request of server.requests) {
      const system = JSON.stringify((request.body as Json).system);
      expect(system).toContain("## AGENTS.md\\nAlways run `make check` before answering.");
    }
  });
});

describe("changing files headless", () => {
  const readThenEdit = () => [
    reply().tool("read_file", { path: "src/retry.ts" }),
    reply().tool("edit_replace_exact", {
      path: "src/retry.ts",
      old_string: "attempts: 3",
      new_string: "attempts: 5",
    }),
    reply().text("Raised the attempts to 5."),
  ];

  it("applies an edit with --approve edits, atomically, keeping the file whole", async () => {
    const target = makeRepo();
    const server = await e2e.server(readThenEdit());
    const { env } = makeHome();
    const result = await runCli(
      ["-p", "raise attempts to 5", "--approve", "edits", "--output-format", "stream-json"],
      {
        cwd: target,
        env: { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
      },
    );
    expect(result.code).toBe(0);
    const { readFileSync, readdirSync } = await import("node:fs");
    expect(readFileSync(`${target}/src/retry.ts`, "utf8")).toContain("attempts: 5, backoffMs: 200");
    expect(readdirSync(`${target}/src`).sort()).toEqual(["client.ts", "retry.ts"]);
    const events = result.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Json);
    const proposal = events.find((e) => e.type === "tool_proposal")!;
    expect(JSON.stringify(proposal.review)).toContain("-export const policy = { attempts: 3");
  });

  it("refuses the edit without --approve and tells the model why; the file is unchanged", async () => {
    const target = makeRepo();
    const server = await e2e.server(readThenEdit());
    const { env } = makeHome();
    const result = await runCli(["-p", "raise attempts to 5"], {
      cwd: target,
      env: { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
    });
    expect(result.code).toBe(0);
    const { readFileSync } = await import("node:fs");
    expect(readFileSync(`${target}/src/retry.ts`, "utf8")).toContain("attempts: 3");
    const answers = toolResultsOf(server.requests[2]!);
    expect(answers.at(-1)).toMatchObject({ isError: true });
    expect(answers.at(-1)!.content).toContain("--approve edits");
  });

  it("refuses an edit in plan mode until a plan is accepted, which a headless run cannot do", async () => {
    const target = makeRepo();
    const server = await e2e.server(readThenEdit());
    const { env } = makeHome();
    await runCli(["-p", "raise attempts to 5", "--mode", "plan", "--approve", "edits"], {
      cwd: target,
      env: { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
    });
    const { readFileSync } = await import("node:fs");
    expect(readFileSync(`${target}/src/retry.ts`, "utf8")).toContain("attempts: 3");
    expect(toolResultsOf(server.requests[2]!).at(-1)!.content).toMatch(/Plan mode/);
  });
});

describe("running commands headless", () => {
  it("runs a command in the persistent shell with --approve all; cwd and variables persist", async () => {
    const target = makeRepo();
    const server = await e2e.server([
      reply().tool("shell_run", { command: "cd src && export GREETING=hello" }),
      reply().tool("shell_run", {
        command: 'echo "$GREETING from $(basename "$PWD")" > ../out.txt; cat ../out.txt',
      }),
      reply().text("Done."),
    ]);
    const { env } = makeHome();
    const result = await runCli(["-p", "greet", "--approve", "all"], {
      cwd: target,
      env: { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
    });
    expect(result.code).toBe(0);
    const { readFileSync } = await import("node:fs");
    expect(readFileSync(`${target}/out.txt`, "utf8")).toBe("hello from src\n");
    const answer = toolResultsOf(server.requests[2]!).at(-1)!;
    expect(answer.content).toContain("hello from src");
  });

  it("refuses commands without --approve all, and dangerous ones even with it", async () => {
    const target = makeRepo();
    const server = await e2e.server([
      reply().tool("shell_run", { command: "touch made.txt" }),
      reply().tool("shell_run", { command: "git reset --hard" }),
      reply().text("I could not."),
    ]);
    const { env } = makeHome();
    const runEnv = { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl };
    // Without the sandbox: commands need --approve all (with it they run read-only, see
    // security-permissions.test.ts).
    const result = await runCli(["-p", "go", "--approve", "edits", "--sandbox", "off"], {
      cwd: target,
      env: runEnv,
    });
    expect(result.code).toBe(0);
    const { existsSync } = await import("node:fs");
    expect(existsSync(`${target}/made.txt`)).toBe(false);
    const [first, second] = toolResultsOf(server.requests[2]!);
    expect(first!.content).toContain("--approve all");
    expect(second!.content).toMatch(/git reset --hard/);
    expect(second!.content).toMatch(/needs a person/);
  });
});

describe("@ mentions headless", () => {
  it("attaches the files named with @ as <file> blocks after the prompt", async () => {
    const server = await e2e.server([reply().text("Seen.")]);
    const { env } = makeHome();
    const result = await runCli(
      ["-p", "compare @src/retry.ts and @src/client.ts, not @nothing.ts"],
      {
        cwd: repo,
        env: { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
      },
    );
    expect(result.code).toBe(0);
    const sent = JSON.stringify((server.requests[0]!.body as Json).messages);
    expect(sent).toContain('<file path=\\"src/retry.ts\\">');
    expect(sent).toContain('<file path=\\"src/client.ts\\">');
    expect(sent).toContain("export const policy = { attempts: 3");
    expect(sent).not.toContain('<file path=\\"nothing.ts');
  });
});
