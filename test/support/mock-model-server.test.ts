/**
 * The mock model server through the real Anthropic SDK, and the server's own contract (script,
 * recording, waiting). The OpenAI protocols are in `mock-model-server-openai.test.ts`.
 */
import Anthropic, {
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  OverloadedError,
  RateLimitError,
} from "@anthropic-ai/sdk";
import type { RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import { afterEach, describe, expect, it } from "vitest";
import {
  type MockModelServer,
  type ScriptEntry,
  failure,
  reply,
  startMockModelServer,
} from "./mock-model-server.js";

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(script: ScriptEntry[]) {
  server = await startMockModelServer(script);
  const client = new Anthropic({ baseURL: server.anthropicBaseUrl, apiKey: "test", maxRetries: 0 });
  return { server, client };
}

const params = {
  model: "claude-opus-4-7",
  max_tokens: 1024,
  messages: [{ role: "user" as const, content: "Find the retry logic" }],
  tools: [
    { name: "search_text", description: "Search", input_schema: { type: "object" as const } },
    { name: "read_file", description: "Read", input_schema: { type: "object" as const } },
  ],
};

/** All raw events of one streamed request. */
async function rawEvents(client: Anthropic): Promise<RawMessageStreamEvent[]> {
  const events: RawMessageStreamEvent[] = [];
  for await (const event of await client.messages.create({ ...params, stream: true }))
    events.push(event);
  return events;
}

describe("mock model server: Anthropic Messages", () => {
  it("streams thinking, text and two tool calls that the SDK accumulates exactly", async () => {
    const { client } = await start([
      reply()
        .thinking("Let me look at the retry code first.", "sig-abc")
        .text("I'll search for the retry logic, then read the file.")
        .tool("search_text", { pattern: "retry", path: "src/ai" })
        .tool(
          "read_file",
          { path: "src/ai/retry.ts", start_line: 1, end_line: 80 },
          { id: "toolu_fixed" },
        )
        .usage({ input: 120, output: 30, cacheRead: 100, cacheWrite: 7 }),
    ]);
    const stream = client.messages.stream(params);
    const deltas: Record<string, number> = {};
    stream.on("streamEvent", (event) => {
      if (event.type === "content_block_delta")
        deltas[event.delta.type] = (deltas[event.delta.type] ?? 0) + 1;
    });
    const message = await stream.finalMessage();

    expect(message.id).toMatch(/^msg_01[0-9A-Za-z]{22}$/);
    expect(message.model).toBe("claude-opus-4-7");
    expect(message.stop_reason).toBe("tool_use");
    expect(message.content).toEqual([
      { type: "thinking", thinking: "Let me look at the retry code first.", signature: "sig-abc" },
      { type: "text", text: "I'll search for the retry logic, then read the file." },
      {
        type: "tool_use",
        id: expect.stringMatching(/^toolu_01[0-9A-Za-z]{22}$/),
        name: "search_text",
        input: { pattern: "retry", path: "src/ai" },
      },
      {
        type: "tool_use",
        id: "toolu_fixed",
        name: "read_file",
        input: { path: "src/ai/retry.ts", start_line: 1, end_line: 80 },
      },
    ]);
    expect(message.usage).toMatchObject({
      input_tokens: 120,
      output_tokens: 30,
      cache_read_input_tokens: 100,
      cache_creation_input_tokens: 7,
    });
    expect(deltas.thinking_delta).toBeGreaterThan(1);
    expect(deltas.text_delta).toBeGreaterThan(1);
    expect(deltas.signature_delta).toBe(1);
    expect(deltas.input_json_delta).toBeGreaterThan(6);
  });

  it("sends the raw event order, ping and usage where the real API puts them", async () => {
    const { client, server } = await start([
      reply().text("Hello there.").usage({ input: 50, output: 4 }),
      reply().text("Hi"),
    ]);
    const events = await rawEvents(client);
    const types = events.map((e) => e.type);
    expect(types.slice(0, 2)).toEqual(["message_start", "content_block_start"]);
    expect(types.slice(-3)).toEqual(["content_block_stop", "message_delta", "message_stop"]);
    const first = events[0];
    expect(first?.type === "message_start" && first.message.usage).toMatchObject({
      input_tokens: 50,
      output_tokens: 1,
    });
    const delta = events.at(-2);
    expect(delta?.type === "message_delta" && delta.usage.output_tokens).toBe(4);

    // The SDK's iterator skips ping, so read the wire itself.
    const body = JSON.stringify({ stream: true });
    const wire = await (await fetch(`${server.url}/v1/messages`, { method: "POST", body })).text();
    expect(wire).toMatch(/^event: message_start\ndata: \{"type":"message_start"/);
    expect(wire).toContain('event: ping\ndata: {"type":"ping"}\n\n');
  });

  it("sends tool arguments verbatim, also when they are not valid JSON", async () => {
    const { client } = await start([reply().toolRaw("read_file", '{"path": "a.ts"')]);
    const events = await rawEvents(client);
    const json = events
      .map((e) =>
        e.type === "content_block_delta" && e.delta.type === "input_json_delta"
          ? e.delta.partial_json
          : "",
      )
      .join("");
    expect(json).toBe('{"path": "a.ts"');
  });

  it("reports stop reasons and answers non-streaming requests", async () => {
    const { client } = await start([
      reply().text("cut short").stop("max_tokens"),
      reply().text("Plain."),
    ]);
    expect((await client.messages.stream(params).finalMessage()).stop_reason).toBe("max_tokens");
    const message = await client.messages.create(params);
    expect(message.content).toEqual([{ type: "text", text: "Plain." }]);
    expect(message.stop_reason).toBe("end_turn");
  });

  it("answers failures with the real status, body, error class and headers", async () => {
    const { client } = await start([
      failure(429, { retryAfter: 1 }),
      failure("overloaded"),
      failure(500),
      failure(401),
      failure("context_overflow"),
    ]);
    const fail = () =>
      client.messages
        .stream(params)
        .finalMessage()
        .catch((e: unknown) => e);

    const limited = await fail();
    expect(limited).toBeInstanceOf(RateLimitError);
    expect(limited).toMatchObject({ status: 429, type: "rate_limit_error" });
    expect((limited as RateLimitError).headers?.get("retry-after")).toBe("1");
    expect((limited as RateLimitError).requestID).toMatch(/^req_011C/);

    expect(await fail()).toBeInstanceOf(OverloadedError);
    expect(await fail()).toBeInstanceOf(InternalServerError);
    expect(await fail()).toBeInstanceOf(AuthenticationError);
    const overflow = await fail();
    expect(overflow).toBeInstanceOf(BadRequestError);
    expect((overflow as BadRequestError).message).toMatch(/prompt is too long/);
  });

  it("fails inside a 200 stream with an error event", async () => {
    const { client } = await start([
      reply().text("Partial answer before").streamError("overloaded"),
    ]);
    const stream = client.messages.stream(params);
    let text = "";
    stream.on("text", (delta) => (text += delta));
    const error = await stream.finalMessage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ status: undefined, type: "overloaded_error" });
    expect(text).toBe("Partial answer before");
  });

  it("drops the connection after N events, and the SDK fails", async () => {
    const { client, server } = await start([
      reply().text("partial answer that gets cut").cutAfter(3),
    ]);
    const error = await client.messages
      .stream(params)
      .finalMessage()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(await server.waitForResponse(0)).toBe("cut");
  });

  it("can end a stream cleanly without message_stop: raw iteration ends silently", async () => {
    const { client, server } = await start([
      reply().text("Half of an answer").endAfter(4),
      reply().text("Half of an answer").endAfter(4),
    ]);
    const types = (await rawEvents(client)).map((e) => e.type);
    expect(types).not.toContain("message_stop"); // no error: the client must notice by itself
    const error = await client.messages
      .stream(params)
      .finalMessage()
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/stream ended without producing a Message/);
    expect(await server.waitForResponse(1)).toBe("complete");
  });

  it("sees the client go away while a slow stream is in flight", async () => {
    const { client, server } = await start([
      reply().text("one two three four five six seven").slow(30),
    ]);
    const stream = client.messages.stream(params);
    stream.on("text", () => stream.abort());
    const error = await stream.finalMessage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(await server.waitForResponse(0)).toBe("client_closed");
  });
});

describe("mock model server: script and recording", () => {
  it("records requests and answers turns chosen by functions", async () => {
    const { client, server } = await start([
      (req) => reply().text(`You said: ${req.body.messages[0].content}`),
    ]);
    const pending = server.waitForRequests(1);
    const message = await client.messages.stream(params).finalMessage();
    expect(message.content).toEqual([{ type: "text", text: "You said: Find the retry logic" }]);
    const [request] = await pending;
    expect(request).toMatchObject({
      index: 0,
      method: "POST",
      path: "/v1/messages",
      protocol: "anthropic-messages",
      turn: 0,
      outcome: "complete",
    });
    expect(request?.headers.authorization).toBe("Bearer test"); // SDK 1.x: not x-api-key
    expect(request?.headers["anthropic-version"]).toBeDefined();
    expect(request?.body.stream).toBe(true);
    expect(request?.body.tools.map((t: { name: string }) => t.name)).toEqual([
      "search_text",
      "read_file",
    ]);
    expect(server.remaining).toBe(0);
  });

  it("answers a clear 400 (not retried) when the script is exhausted, and records it", async () => {
    const { client, server } = await start([]);
    const error = await client.messages
      .stream(params)
      .finalMessage()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as Error).message).toMatch(/mock script exhausted/);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.turn).toBeUndefined();
  });

  it("answers 404 for unknown paths without consuming a turn", async () => {
    const { server } = await start([reply().text("kept")]);
    const res = await fetch(`${server.openaiBaseUrl}/completions`, { method: "POST", body: "{}" });
    expect(res.status).toBe(404);
    expect(server.requests[0]?.protocol).toBe("unknown");
    expect(server.remaining).toBe(1);
  });

  it("turns a throwing turn function into a clear 500", async () => {
    const { client } = await start([
      () => {
        throw new Error("unexpected request shape");
      },
    ]);
    const error = await client.messages
      .stream(params)
      .finalMessage()
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/mock turn function threw: unexpected request shape/);
  });

  it("waitForRequests resolves on arrival and can time out with a useful message", async () => {
    const { client, server } = await start([reply().text("a"), reply().text("b")]);
    const both = server.waitForRequests(2);
    await client.messages.stream(params).finalMessage();
    await client.messages.stream(params).finalMessage();
    expect((await both).map((r) => r.index)).toEqual([0, 1]);
    await expect(server.waitForRequests(3, { timeoutMs: 1 })).rejects.toThrow(/2 arrived/);
  });

  it("makes the same ids for the same request index on every run", async () => {
    const ids: string[] = [];
    for (let run = 0; run < 2; run++) {
      const { client } = await start([reply().tool("read_file", { path: "a.ts" })]);
      const message = await client.messages.stream(params).finalMessage();
      ids.push(message.id, message.content[0]?.type === "tool_use" ? message.content[0].id : "");
      await server?.close();
      server = undefined;
    }
    expect(ids.slice(0, 2)).toEqual(ids.slice(2));
  });
});
