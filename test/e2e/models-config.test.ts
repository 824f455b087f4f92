import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, type MockModelServer } from "../support/mock-model-server.js";
import { useE2e } from "../support/e2e-fixture.js";

type Json = Record<string, unknown>;

const e2e = useE2e();
const extra: Server[] = [];
afterEach(async () => {
  for (const s of extra.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

let repo: string;
beforeAll(() => {
  repo = makeRepo();
});

const lines = (text: string) => text.trim().split("\n").filter(Boolean);

describe("providers from the config file", () => {
  it("reaches an OpenAI-compatible server through its base URL, headers, query and key header", async () => {
    const server = await e2e.server([reply().text("Hello from Azure.")]);
    const { env } = makeHome({
      provider: "azure",
      providers: {
        azure: {
          protocol: "openai-chat",
          baseUrl: server.openaiBaseUrl,
          apiKeyEnv: "AZURE_OPENAI_API_KEY",
          apiKeyHeader: "api-key",
          headers: { "X-Title": "North" },
          query: { "api-version": "2025-04-01-preview" },
          models: [{ id: "my-deployment", contextWindow: 128000, price: { input: 1, output: 4 } }],
        },
      },
    });
    const key = "azure-secret-0123456789";
    const result = await runCli(["-p", "hi", "--output-format", "json"], {
      cwd: repo,
      env: { ...env, AZURE_OPENAI_API_KEY: key },
    });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const sent = server.requests[0]!;
    expect(sent.path).toBe("/v1/chat/completions");
    expect(sent.url).toBe("/v1/chat/completions?api-version=2025-04-01-preview");
    expect(sent.headers["x-title"]).toBe("North");
    expect(sent.headers["api-key"]).toBe(key);
    expect(sent.headers.authorization).toBeUndefined();
    expect((sent.body as Json).model).toBe("my-deployment");
    expect(JSON.parse(result.stdout)).toMatchObject({
      model: "my-deployment",
      text: "Hello from Azure.",
    });
  });
});

describe("a broken config file", () => {
  const cases: [string, string, RegExp][] = [
    ["bad JSON", '{ "model": "opus" ', /config\.json is not valid JSON/],
    [
      "a wrong type",
      '{ "maxSteps": "fifty" }',
      /field "maxSteps": expected a number, got a string/,
    ],
    [
      "an unknown protocol",
      '{ "providers": { "x": { "protocol": "soap" } } }',
      /field "providers\.x\.protocol": expected one of "anthropic"/,
    ],
    [
      "a bad URL",
      '{ "providers": { "x": { "protocol": "openai-chat", "baseUrl": "127.0.0.1:8000" } } }',
      /field "providers\.x\.baseUrl": expected an http:\/\/ or https:\/\/ URL/,
    ],
  ];

  it.each(cases)("with %s gives one note and the run goes on", async (_name, text, expected) => {
    const server = await e2e.server([reply().text("Answered anyway.")]);
    const { env } = makeHome();
    mkdirSync(join(env.XDG_CONFIG_HOME!, "north"), { recursive: true });
    const file = join(env.XDG_CONFIG_HOME!, "north", "config.json");
    writeFileSync(file, text);
    const result = await runCli(["-p", "hi"], {
      cwd: repo,
      env: { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
    });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe("Answered anyway.");
    expect(lines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toMatch(/^north: note: \/.*config\.json/);
    expect(result.stderr).toMatch(expected);
    expect(readFileSync(file, "utf8")).toBe(text);
  });
});

describe("project settings", () => {
  it("choose the model and the mode; a broken one is one note", async () => {
    const server = await e2e.server([reply().text("ok"), reply().text("ok")]);
    const project = makeRepo({
      "a.txt": "a",
      ".north/settings.json": '{ "model": "haiku", "mode": "ask" }',
    });
    const { env } = makeHome({ model: "opus" });
    const runEnv = { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl };
    expect((await runCli(["-p", "hi"], { cwd: project, env: runEnv })).code).toBe(0);
    const body = server.requests[0]!.body as Json;
    expect(body.model).toBe("claude-haiku-5-5");
    const tools = (body.tools as Json[]).map((t) => t.name);
    expect(tools).toContain("read_file");
    expect(tools).not.toContain("edit_create_file");

    writeFileSync(join(project, ".north", "settings.json"), '{ "mode": "turbo" }');
    const broken = await runCli(["-p", "hi"], { cwd: project, env: runEnv });
    expect(broken.code).toBe(0);
    expect(lines(broken.stderr)).toEqual([
      expect.stringMatching(
        /^north: note: .*settings\.json: field "mode": expected one of "ask", "agent", "plan"/,
      ),
    ]);
    expect((server.requests[1]!.body as Json).model).toBe("claude-opus-5-5");
  });
});

describe(".env at the repository root", () => {
  it("supplies a key with its endpoint, never over the environment", async () => {
    const server = await e2e.server([reply().text("one"), reply().text("two")]);
    const project = makeRepo({
      "a.txt": "a",
      ".env": `# local keys\nexport OPENAI_API_KEY="sk-from-dotenv"\nOPENAI_BASE_URL=${server.openaiBaseUrl}\n`,
    });
    const { env } = makeHome();
    expect((await runCli(["-p", "hi"], { cwd: project, env })).code).toBe(0);
    expect(server.requests[0]!.headers.authorization).toBe("Bearer sk-from-dotenv");
    const real = await runCli(["-p", "hi"], {
      cwd: project,
      env: { ...env, OPENAI_API_KEY: "sk-real", OPENAI_BASE_URL: server.openaiBaseUrl },
    });
    expect(real.code).toBe(0);
    expect(server.requests[1]!.headers.authorization).toBe("Bearer sk-real");
    expect(real.stderr).not.toContain("from .env");
  });
});

describe("cost", () => {
  it("is in the json result when the model has a price, and absent otherwise", async () => {
    const server = await e2e.server([
      reply().text("Priced.").usage({ input: 1000, output: 500, cacheRead: 2000, cacheWrite: 100 }),
      reply().text("Unpriced.").usage({ input: 10, output: 5 }),
    ]);
    const { env } = makeHome({
      providers: {
        lab: { protocol: "openai-chat", baseUrl: server.openaiBaseUrl, models: [{ id: "m" }] },
      },
    });
    const runEnv = { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl };
    const priced = await runCli(["-p", "hi", "--output-format", "json", "--model", "sonnet"], {
      cwd: repo,
      env: runEnv,
    });
    // Sonnet 5.5: $2 in, $10 out, $0.10 cache read, $2.50 cache write, per million tokens.
    expect(JSON.parse(priced.stdout).cost_usd).toBeCloseTo(
      (1000 * 2 + 500 * 10 + 2000 * 0.1 + 100 * 2.5) / 1e6,
      9,
    );
    const unpriced = await runCli(["-p", "hi", "--output-format", "json", "--provider", "lab"], {
      cwd: repo,
      env: runEnv,
    });
    expect(JSON.parse(unpriced.stdout)).not.toHaveProperty("cost_usd");
  });
});

describe("switching provider on a continued conversation", () => {
  it("sends an Anthropic history with thinking and tool calls to OpenAI Responses, validly", async () => {
    const server = await e2e.server([
      reply().thinking("read it first", "sig-secret").tool("read_file", { path: "src/retry.ts" }),
      reply().text("Three attempts."),
      reply().text("Yes."),
      reply().text("Still yes."),
    ]);
    const { env } = makeHome();
    const runEnv = {
      ...env,
      ANTHROPIC_API_KEY: "k",
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
      OPENAI_API_KEY: "k",
      OPENAI_BASE_URL: server.openaiBaseUrl,
    };
    expect(
      (await runCli(["-p", "retry policy?", "--model", "sonnet"], { cwd: repo, env: runEnv })).code,
    ).toBe(0);
    const next = await runCli(["-p", "sure?", "--continue", "--model", "gpt-5.6-terra"], {
      cwd: repo,
      env: runEnv,
    });
    expect(next.code).toBe(0);
    expect(next.stdout.trim()).toBe("Yes.");
    const input = (server.requests[2]!.body as Json).input as Json[];
    expect(input.map((i) => i.type ?? i.role)).toEqual([
      "user",
      "function_call",
      "function_call_output",
      "assistant",
      "user",
    ]);
    expect(input[2]!.call_id).toBe(input[1]!.call_id);
    expect(JSON.stringify(input)).not.toMatch(/sig-secret|reasoning/);

    // Back on Anthropic with another model: Sonnet's signed thinking is not replayed to Opus.
    const third = await runCli(["-p", "again?", "--continue", "--model", "opus"], {
      cwd: repo,
      env: runEnv,
    });
    expect(third.code).toBe(0);
    const messages = JSON.stringify((server.requests[3]!.body as Json).messages);
    expect(messages).toContain("tool_use");
    expect(messages).not.toContain("sig-secret");
  });
});

describe("a local model server", () => {
  /** Ollama's face (`/api/tags`, `/v1/models` 404 as old versions do) in front of the mock. */
  async function fakeOllama(target: MockModelServer): Promise<number> {
    const proxy = createServer((req, res) => {
      if (req.method === "GET") {
        const tags = { models: [{ name: "qwen3-coder:30b" }, { name: "llama3.3" }] };
        res.writeHead(req.url === "/api/tags" ? 200 : 404, { "content-type": "application/json" });
        return void res.end(JSON.stringify(req.url === "/api/tags" ? tags : {}));
      }
      const upstream = request(
        {
          host: "127.0.0.1",
          port: target.port,
          path: req.url,
          method: req.method,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    extra.push(proxy);
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    return (proxy.address() as AddressInfo).port;
  }

  it("is used with its first model when no key is set anywhere", async () => {
    const server = await e2e.server([reply().text("Local answer.")]);
    const port = await fakeOllama(server);
    const { env } = makeHome();
    const result = await runCli(["-p", "hi", "--output-format", "json"], {
      cwd: repo,
      env: { ...env, NORTH_LOCAL_SERVERS: `ollama=${port}` },
    });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      text: "Local answer.",
      model: "qwen3-coder:30b",
    });
    expect(server.requests[0]!.path).toBe("/v1/chat/completions");
  });

  it("leaves the one-line 'no key' error when nothing answers", async () => {
    const { env } = makeHome();
    const result = await runCli(["-p", "hi"], {
      cwd: repo,
      env: { ...env, NORTH_LOCAL_SERVERS: "ollama=9,lmstudio=9" },
    });
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toContain("ANTHROPIC_API_KEY");
    expect(result.stderr).toContain("or start Ollama or LM Studio.");
  });
});
