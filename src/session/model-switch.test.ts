import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  reply,
  startMockModelServer,
  type MockModelServer,
} from "../../test/support/mock-model-server.js";
import { createLogger } from "../log/logger.js";
import { loadConfigFile } from "./config/config.js";
import { createSession } from "./session.js";
import { submitAndWait } from "../../test/support/session-turn.js";
import type { Session } from "./session-api.js";

type Json = Record<string, unknown>;

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function sandbox(configText?: string) {
  const home = mkdtempSync(join(tmpdir(), "north-switch-"));
  const root = join(home, "repo");
  mkdirSync(root);
  writeFileSync(join(root, "notes.md"), "# Notes\n\nThe retry policy lives in src/retry.ts.\n");
  const env = {
    XDG_CONFIG_HOME: join(home, "config"),
    XDG_DATA_HOME: join(home, "data"),
    XDG_STATE_HOME: join(home, "state"),
    NORTH_LOCAL_SERVERS: "off",
    ANTHROPIC_API_KEY: "sk-ant-test",
    OPENAI_API_KEY: "sk-test",
    ANTHROPIC_BASE_URL: server!.anthropicBaseUrl,
    OPENAI_BASE_URL: server!.openaiBaseUrl,
  };
  if (configText !== undefined) {
    mkdirSync(join(env.XDG_CONFIG_HOME, "north"), { recursive: true });
    writeFileSync(join(env.XDG_CONFIG_HOME, "north", "config.json"), configText);
  }
  return { root, env, configFile: join(env.XDG_CONFIG_HOME, "north", "config.json") };
}

async function open(box: ReturnType<typeof sandbox>, model: string): Promise<Session> {
  const { config } = await loadConfigFile(box.env);
  return createSession({
    root: box.root,
    env: box.env,
    config,
    model,
    mode: "agent",
    maxSteps: 10,
    approvals: { approve: "none" },
    logger: createLogger(join(box.env.XDG_STATE_HOME, "north.log")),
  });
}

const run = (session: Session, prompt: string) => submitAndWait(session, prompt);

describe("switching model mid-conversation", () => {
  it("continues an Anthropic conversation with tool calls on OpenAI Responses", async () => {
    server = await startMockModelServer([
      // A step with only thinking and tool calls, then the answer.
      reply()
        .thinking("I should read the notes", "sig-anthropic-1")
        .tool("read_file", { path: "notes.md" }, { id: "toolu_01" })
        .tool("list_root", {}, { id: "toolu_02" }),
      reply().thinking("Now I know", "sig-anthropic-2").text("It is in src/retry.ts."),
      reply().text("Yes, three attempts."),
    ]);
    const box = sandbox();
    const session = await open(box, "claude-sonnet-5-5");
    expect((await run(session, "where is the retry policy?")).stopReason).toBe("end");
    // Within the turn the signed thinking goes back to Anthropic with the tool results.
    expect(JSON.stringify(server.requests[1]!.body)).toContain("sig-anthropic-1");

    const result = await session.setModel("gpt-5.6-sol");
    expect(session.model).toMatchObject({ id: "gpt-5.6-sol", protocol: "openai-responses" });
    expect(result).toMatchObject({ saved: true });
    expect(result.message).toContain("GPT-5.6 Sol");
    expect(JSON.parse(readFileSync(box.configFile, "utf8"))).toEqual({
      model: "gpt-5.6-sol",
      provider: "openai",
    });

    expect((await run(session, "how many attempts?")).stopReason).toBe("end");
    const sent = server.requests[2]!;
    expect(sent.path).toBe("/v1/responses");
    const input = (sent.body as Json).input as Json[];
    expect(input.map((i) => i.type ?? i.role)).toEqual([
      "user",
      "function_call",
      "function_call",
      "function_call_output",
      "function_call_output",
      "assistant",
      "user",
    ]);
    expect(input[1]).toMatchObject({ call_id: "toolu_01", name: "read_file" });
    expect(JSON.parse(String(input[1]!.arguments))).toEqual({ path: "notes.md" });
    expect(input[3]).toMatchObject({ call_id: "toolu_01" });
    expect(String(input[3]!.output)).toContain("The retry policy lives in src/retry.ts.");
    expect(input[4]).toMatchObject({ call_id: "toolu_02" });
    expect(JSON.stringify(input)).not.toMatch(/sig-anthropic|reasoning|thinking/);
  });

  it("continues an OpenAI Responses conversation on Anthropic without reasoning items", async () => {
    server = await startMockModelServer([
      reply()
        .thinking("look first", "enc-openai-1")
        .tool("read_file", { path: "notes.md" }, { id: "call_a1b2" }),
      reply().text("src/retry.ts."),
      reply().text("Three."),
    ]);
    const box = sandbox();
    const session = await open(box, "gpt-5.6-sol");
    await run(session, "where is the retry policy?");
    const own = (server.requests[1]!.body as Json).input as Json[];
    expect(own.some((i) => i.type === "reasoning")).toBe(true);

    await session.setModel("sonnet");
    expect(session.model.id).toBe("claude-sonnet-5-5");
    await run(session, "how many attempts?");
    const sent = server.requests[2]!;
    expect(sent.path).toBe("/v1/messages");
    const messages = (sent.body as Json).messages as { role: string; content: Json[] }[];
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user"]);
    expect(messages[1]!.content).toEqual([
      { type: "tool_use", id: "call_a1b2", name: "read_file", input: { path: "notes.md" } },
    ]);
    expect(messages[2]!.content[0]).toMatchObject({
      type: "tool_result",
      tool_use_id: "call_a1b2",
    });
    expect(JSON.stringify(messages)).not.toMatch(/enc-openai|reasoning|thinking/);
  });

  it("drops signed thinking when the model changes within Anthropic", async () => {
    server = await startMockModelServer([
      reply().thinking("hmm", "sig-opus").text("First."),
      reply().text("Second."),
    ]);
    const box = sandbox();
    const session = await open(box, "claude-opus-5-5");
    await run(session, "one");
    await session.setModel("claude-haiku-5-5");
    await run(session, "two");
    const body = server.requests[1]!.body as Json;
    expect(body.model).toBe("claude-haiku-5-5");
    expect(JSON.stringify(body.messages)).not.toContain("sig-opus");
    expect(JSON.stringify(body.messages)).toContain("First.");
    // The history itself keeps everything.
    expect(JSON.stringify(session.history)).toContain("sig-opus");
  });

  it("switches for this session only when the config file cannot be read, leaving it as it was", async () => {
    server = await startMockModelServer([reply().text("Hello from GPT.")]);
    const box = sandbox('{ "model": "claude-opus-5-5", ');
    const session = await open(box, "claude-sonnet-5-5");
    const result = await session.setModel("gpt-5.6-terra");
    expect(result.saved).toBe(false);
    expect(result.message).toMatch(
      /For this session only: not saved to .*config\.json: it is not valid JSON/,
    );
    expect(readFileSync(box.configFile, "utf8")).toBe('{ "model": "claude-opus-5-5", ');
    await run(session, "hi");
    expect((server.requests[0]!.body as Json).model).toBe("gpt-5.6-terra");
  });

  it("keeps the other fields of the config when it remembers the choice", async () => {
    server = await startMockModelServer([]);
    const config = {
      maxSteps: 7,
      providers: { lab: { protocol: "openai-chat", models: [{ id: "m1" }] } },
    };
    const box = sandbox(JSON.stringify(config));
    const session = await open(box, "claude-sonnet-5-5");
    await session.setModel("m1", "lab");
    expect(session.model).toMatchObject({ id: "m1", provider: "lab", protocol: "openai-chat" });
    expect(JSON.parse(readFileSync(box.configFile, "utf8"))).toEqual({
      ...config,
      model: "m1",
      provider: "lab",
    });
    expect(session.listModels().map((m) => `${m.provider}/${m.id}`)).toContain("lab/m1");
  });

  it("refuses an unknown provider without switching", async () => {
    server = await startMockModelServer([]);
    const box = sandbox();
    const session = await open(box, "claude-sonnet-5-5");
    await expect(session.setModel("x", "nowhere")).rejects.toThrow(/Unknown provider "nowhere"/);
    expect(session.model.id).toBe("claude-sonnet-5-5");
  });
});

describe("notices said before anyone listens", () => {
  it("reach every listener subscribed before events flow (a front end's display and its helpers)", async () => {
    server = await startMockModelServer([reply().text("Fine.")]);
    const box = sandbox(
      JSON.stringify({ mcpServers: { gone: { command: "/nonexistent/mcp-server" } } }),
    );
    const session = await open(box, "claude-sonnet-5-5");
    try {
      await session.mcp.settled();
      const seen = (into: string[]) => (event: { type: string; text?: string }) =>
        void (event.type === "notice" && into.push(event.text ?? ""));
      const first: string[] = [];
      const second: string[] = [];
      session.subscribe(seen(first));
      session.subscribe(seen(second));
      expect(first).toEqual([expect.stringMatching(/"gone" failed/)]);
      expect(second).toEqual(first);
      await run(session, "hello");
      const late: string[] = [];
      session.subscribe(seen(late));
      expect(late).toEqual([]);
    } finally {
      await session.dispose();
    }
  });
});
