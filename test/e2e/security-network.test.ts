/**
 * A broken or hostile model server, through the built CLI (security review F7, F11, F13, F14 log,
 * F19): stalls end with a clear retryable error, credentials never follow a redirect to another
 * origin, a key echoed by the server is masked everywhere North writes, and an SDK's raw dump of
 * a malformed stream never reaches stderr.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import {
  failure,
  fault,
  type MockFault,
  type MockModelServer,
  redirect,
  reply,
  startMockModelServer,
} from "../support/mock-model-server.js";

type Json = Record<string, unknown>;

const servers: MockModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function serve(...script: Parameters<typeof startMockModelServer>[0][]) {
  const server = await startMockModelServer(script[0] ?? []);
  servers.push(server);
  return server;
}

let repo: string;
beforeAll(() => {
  repo = makeRepo();
});

/** Small limits so that a stall is seen fast; one retry without delay. */
const FAST = {
  timeouts: { connectMs: 1000, idleMs: 600 },
  retry: { maxRetries: 1, baseDelayMs: 0, maxDelayMs: 0 },
};

function setup(protocol: string, s: MockModelServer, extraConfig: Json = FAST) {
  if (protocol === "anthropic-messages") {
    const { env } = makeHome(extraConfig);
    return {
      args: ["--model", "claude-sonnet-5-5"],
      env: { ...env, ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: s.anthropicBaseUrl },
    };
  }
  if (protocol === "openai-responses") {
    const { env } = makeHome(extraConfig);
    return {
      args: ["--model", "gpt-5.6-sol"],
      env: { ...env, OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: s.openaiBaseUrl },
    };
  }
  const { env } = makeHome({
    ...extraConfig,
    providers: {
      local: { protocol: "openai-chat", baseUrl: s.openaiBaseUrl, models: [{ id: "qwen3-coder" }] },
    },
  });
  return { args: ["--provider", "local", "--model", "qwen3-coder"], env };
}

const protocols = ["anthropic-messages", "openai-responses", "openai-chat"];
const stalls: [MockFault, RegExp][] = [
  ["hang_before_headers", /did not start answering within 1 s/],
  ["hang_after_headers", /sent nothing for 600 ms/],
  ["keepalive_forever", /sent nothing for 600 ms/],
  ["ping_forever", /sent nothing for 600 ms/],
];

describe.each(protocols)("F7: a stalled stream over %s", (protocol) => {
  it.each(stalls)(
    "%s is abandoned, retried, and the next answer is used",
    async (name, says) => {
      const server = await serve([fault(name), reply().text("recovered")]);
      const { args, env } = setup(protocol, server);
      const result = await runCli(["-p", "hi", ...args], { cwd: repo, env });
      expect(result.stdout.trim()).toBe("recovered");
      expect(result.code).toBe(0);
      expect(result.stderr).toMatch(says);
      expect(result.stderr).toMatch(/retrying/);
      expect(server.requests).toHaveLength(2);
    },
    20_000,
  );

  it("fails with one clear line once the retries are spent", async () => {
    const server = await serve([fault("ping_forever"), fault("hang_after_headers")]);
    const { args, env } = setup(protocol, server);
    const result = await runCli(["-p", "hi", ...args], { cwd: repo, env });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines.at(-1)).toMatch(/^north: The model sent nothing for 600 ms; .*idleMs/);
    expect(lines.filter((l) => !/retrying/.test(l))).toHaveLength(1);
  });
});

describe("F11: a redirect to another origin", () => {
  it("drops the custom key header and the configured headers", async () => {
    const other = await serve([reply().text("answered elsewhere")]);
    const first = await serve([redirect(`${other.openaiBaseUrl}/chat/completions`)]);
    const { env } = makeHome({
      providers: {
        hdrmock: {
          protocol: "openai-chat",
          baseUrl: first.openaiBaseUrl,
          apiKeyEnv: "HDR_KEY",
          apiKeyHeader: "X-Secret-Token",
          headers: { "X-Org-Secret": "orgsecret123" },
          models: [{ id: "hdr-model" }],
        },
      },
    });
    const result = await runCli(["-p", "hi", "--provider", "hdrmock", "--model", "hdr-model"], {
      cwd: repo,
      env: { ...env, HDR_KEY: "hdr-SECRET-VALUE-1" },
    });
    expect(result.stdout.trim()).toBe("answered elsewhere");
    expect(first.requests[0]!.headers).toMatchObject({
      "x-secret-token": "hdr-SECRET-VALUE-1",
      "x-org-secret": "orgsecret123",
    });
    const sent = other.requests[0]!.headers;
    expect(Object.keys(sent)).not.toContain("x-secret-token");
    expect(Object.keys(sent)).not.toContain("x-org-secret");
    expect(Object.keys(sent)).not.toContain("authorization");
    expect(JSON.stringify(sent)).not.toContain("SECRET-VALUE");
  });
});

describe("F13, F14: a key echoed by the provider", () => {
  it("is masked on stderr, in north.log and in the session; the log is private", async () => {
    const key = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
    const server = await serve([failure(401, { message: `invalid subscription key ${key}` })]);
    const { env } = makeHome({
      providers: {
        chatmock: {
          protocol: "openai-chat",
          baseUrl: server.openaiBaseUrl,
          apiKeyEnv: "CHAT_KEY",
          models: [{ id: "chat-model" }],
        },
      },
    });
    const result = await runCli(["-p", "hi", "--provider", "chatmock", "--model", "chat-model"], {
      cwd: repo,
      env: { ...env, CHAT_KEY: key },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("invalid subscription key [redacted]");
    expect(result.stderr).not.toContain(key);
    const logDir = join(env.XDG_STATE_HOME!, "north");
    const log = readFileSync(join(logDir, "north.log"), "utf8");
    expect(log).toContain("invalid subscription key [redacted]");
    expect(log).not.toContain(key);
    const sessions = join(env.XDG_DATA_HOME!, "north", "sessions");
    for (const name of readdirSync(sessions).filter((n) => n.endsWith(".jsonl"))) {
      expect(readFileSync(join(sessions, name), "utf8")).not.toContain(key);
    }
    expect(statSync(join(logDir, "north.log")).mode & 0o777).toBe(0o600);
    expect(statSync(logDir).mode & 0o777).toBe(0o700);
  });
});

describe.each(protocols)("F19: a malformed stream over %s", (protocol) => {
  it("gives North's lines on stderr, never the SDK's raw dump", async () => {
    const server = await serve([fault("malformed_sse"), fault("malformed_sse")]);
    const { args, env } = setup(protocol, server);
    const result = await runCli(["-p", "hi", ...args], { cwd: repo, env });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(/From chunk/);
    expect(result.stderr).not.toContain("Hel");
    // All North's own lines: one retry and the failure, and over the OpenAI protocols (whose
    // events the SDK reads) one note for the SDK's messages, which go whole to the log.
    const sdkReads = protocol !== "anthropic-messages";
    const lines = result.stderr.trim().split("\n");
    expect(lines.every((l) => l.startsWith("north: "))).toBe(true);
    expect(lines.filter((l) => l.startsWith("north: note:"))).toHaveLength(sdkReads ? 1 : 0);
    expect(lines.at(-1)).toMatch(/^north: The model sent a stream North could not read/);
    expect(lines).toHaveLength(sdkReads ? 3 : 2);
    const log = readFileSync(join(env.XDG_STATE_HOME!, "north", "north.log"), "utf8");
    expect(log).toContain(sdkReads ? "From chunk" : "North could not read");
  });
});
