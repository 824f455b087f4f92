import { afterEach, describe, expect, it } from "vitest";
import {
  failure,
  reply,
  startMockModelServer,
  type MockModelServer,
} from "../../test/support/mock-model-server.js";
import { createProvider } from "./provider.js";
import type { AssistantMessage, Message, ModelRequest, Protocol, StreamEvent } from "./types.js";

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const fast = { maxRetries: 3, baseDelayMs: 1, maxDelayMs: 1000 };

function providerFor(protocol: Protocol, baseUrl: string) {
  return createProvider({
    vendor: { name: "test", protocol, baseUrl, apiKeyEnv: "TEST_KEY" },
    model: "test-model",
    env: { TEST_KEY: "sk-test-123456789" },
    retry: fast,
  });
}

const baseUrlOf = (s: MockModelServer, protocol: Protocol) =>
  protocol === "anthropic-messages" ? s.anthropicBaseUrl : s.openaiBaseUrl;

const request = (messages: Message[]): ModelRequest => ({
  model: "test-model",
  system: "You are North.",
  messages,
  tools: [
    {
      name: "search_text",
      description: "Search.",
      parameters: { type: "object", properties: { pattern: { type: "string" } } },
    },
    {
      name: "read_file",
      description: "Read.",
      parameters: { type: "object", properties: { path: { type: "string" } } },
    },
  ],
  maxOutputTokens: 2000,
});

async function collect(stream: AsyncIterable<StreamEvent>) {
  const events: StreamEvent[] = [];
  for await (const e of stream) events.push(e);
  const done = events.at(-1) as Extract<StreamEvent, { type: "done" }>;
  return { events, done, message: done.message };
}

function answerCalls(message: AssistantMessage): Message[] {
  return message.content.flatMap((p) =>
    p.type === "tool_call"
      ? [
          {
            role: "tool" as const,
            toolCallId: p.id,
            toolName: p.name,
            content: `result of ${p.name}`,
            isError: false,
          },
        ]
      : [],
  );
}

const protocols: Protocol[] = ["anthropic-messages", "openai-responses", "openai-chat"];

describe.each(protocols)("%s adapter against the mock server", (protocol) => {
  it("prepares without sending anything, and streams as usual after", async () => {
    server = await startMockModelServer([reply().text("Ready.")]);
    const provider = providerFor(protocol, baseUrlOf(server, protocol));
    expect(provider.prepare).toBeTypeOf("function");
    // The SDK loaded, twice asked: nothing was sent.
    await Promise.all([provider.prepare?.(), provider.prepare?.()]);
    expect(server.requests).toHaveLength(0);
    const history: Message[] = [{ role: "user", content: "hi" }];
    const { message } = await collect(
      provider.stream(request(history), new AbortController().signal),
    );
    expect(message.content).toEqual([{ type: "text", text: "Ready." }]);
    expect(server.requests).toHaveLength(1);
  });

  it("streams text and two tool calls, then sends the results back paired by id", async () => {
    server = await startMockModelServer([
      reply()
        .thinking("Let me look.", "sig-abc")
        .text("I'll search and read.")
        .tool("search_text", { pattern: "retry" })
        .tool("read_file", { path: "src/retry.ts" })
        .usage({ input: 120, output: 30, cacheRead: 100 })
        // Events a moment apart, as from a model: each delta reaches the caller as it comes.
        .slow(3),
      reply().text("The policy retries three times."),
    ]);
    const provider = providerFor(protocol, baseUrlOf(server, protocol));
    const history: Message[] = [{ role: "user", content: "where is the retry policy?" }];
    const first = await collect(provider.stream(request(history), new AbortController().signal));
    expect(first.done.error).toBeUndefined();
    expect(first.message.stopReason).toBe("tool_use");
    const text = first.events
      .filter((e) => e.type === "text_delta")
      .map((e) => (e as { text: string }).text);
    expect(text.length).toBeGreaterThan(1);
    expect(text.join("")).toBe("I'll search and read.");
    const calls = first.message.content.filter((p) => p.type === "tool_call");
    expect(calls.map((c) => [c.name, c.arguments])).toEqual([
      ["search_text", { pattern: "retry" }],
      ["read_file", { path: "src/retry.ts" }],
    ]);
    expect(first.message.usage).toMatchObject({
      input_tokens: 120,
      output_tokens: 30,
      cache_read_tokens: 100,
    });

    history.push(first.message, ...answerCalls(first.message));
    const second = await collect(provider.stream(request(history), new AbortController().signal));
    expect(second.message.content).toEqual([
      { type: "text", text: "The policy retries three times." },
    ]);
    expect(second.message.stopReason).toBe("end");

    const sent = server.requests[1]!.body as Record<string, unknown>;
    const ids = calls.map((c) => c.id);
    if (protocol === "anthropic-messages") {
      const messages = sent.messages as { role: string; content: Record<string, unknown>[] }[];
      expect(messages[1]!.content[0]).toMatchObject({ type: "thinking", signature: "sig-abc" });
      const results = messages[2]!.content;
      expect(results.map((r) => r.tool_use_id)).toEqual(ids);
      expect(results.at(-1)).toMatchObject({ cache_control: { type: "ephemeral" } });
      expect((sent.system as Record<string, unknown>[])[0]).toMatchObject({
        cache_control: { type: "ephemeral" },
      });
    } else if (protocol === "openai-responses") {
      const input = sent.input as Record<string, unknown>[];
      const reasoning = input.find((i) => i.type === "reasoning");
      expect(reasoning).toMatchObject({ encrypted_content: expect.any(String) });
      expect(input.filter((i) => i.type === "function_call_output").map((i) => i.call_id)).toEqual(
        ids,
      );
    } else {
      const messages = sent.messages as Record<string, unknown>[];
      expect(messages.filter((m) => m.role === "tool").map((m) => m.tool_call_id)).toEqual(ids);
      expect(sent.stream_options).toEqual({ include_usage: true });
    }
  });

  it("retries a 429 honouring retry-after, then succeeds", async () => {
    server = await startMockModelServer([failure(429, { retryAfterMs: 20 }), reply().text("ok")]);
    const provider = providerFor(protocol, baseUrlOf(server, protocol));
    const { events, message } = await collect(
      provider.stream(request([{ role: "user", content: "hi" }]), new AbortController().signal),
    );
    const retry = events.find((e) => e.type === "retry") as Extract<StreamEvent, { type: "retry" }>;
    expect(retry.error).toMatchObject({ kind: "rate_limit", status: 429, retryAfterMs: 20 });
    expect(retry.delayMs).toBe(20);
    expect(message.content).toEqual([{ type: "text", text: "ok" }]);
  });

  it("retries a stream cut mid-answer", async () => {
    server = await startMockModelServer([
      reply().text("partial answer that is cut").cutAfter(4),
      reply().text("whole answer"),
    ]);
    const provider = providerFor(protocol, baseUrlOf(server, protocol));
    const { events, message, done } = await collect(
      provider.stream(request([{ role: "user", content: "hi" }]), new AbortController().signal),
    );
    expect(done.error).toBeUndefined();
    expect(events.find((e) => e.type === "retry")).toMatchObject({ error: { kind: "network" } });
    expect(message.content).toEqual([{ type: "text", text: "whole answer" }]);
  });

  it("fails at once on a bad key, naming the variable", async () => {
    server = await startMockModelServer([failure("auth")]);
    const provider = providerFor(protocol, baseUrlOf(server, protocol));
    const { done } = await collect(
      provider.stream(request([{ role: "user", content: "hi" }]), new AbortController().signal),
    );
    expect(done.error).toMatchObject({ kind: "auth", retryable: false });
    expect(done.error!.message).toContain("TEST_KEY");
    expect(server.requests).toHaveLength(1);
  });

  it("ends with aborted when cancelled mid-stream", async () => {
    server = await startMockModelServer([
      reply().text("a long slow answer that never finishes").slow(50),
    ]);
    const provider = providerFor(protocol, baseUrlOf(server, protocol));
    const controller = new AbortController();
    const events: StreamEvent[] = [];
    for await (const e of provider.stream(
      request([{ role: "user", content: "hi" }]),
      controller.signal,
    )) {
      events.push(e);
      if (e.type === "text_delta") controller.abort();
    }
    const done = events.at(-1) as Extract<StreamEvent, { type: "done" }>;
    expect(done.message.stopReason).toBe("aborted");
    expect(done.error?.kind).toBe("aborted");
  });
});

describe("anthropic-messages stream reading", () => {
  it("joins the deltas of one block that arrive together, keeping the text whole", async () => {
    const text = Array.from({ length: 300 }, (_, i) => `word${i}`).join(" ");
    server = await startMockModelServer([reply().text(text)]);
    const provider = providerFor("anthropic-messages", server.anthropicBaseUrl);
    const { events, message } = await collect(
      provider.stream(request([{ role: "user", content: "hi" }]), new AbortController().signal),
    );
    const deltas = events.filter((e) => e.type === "text_delta");
    // 300 words are about 300 SSE deltas; sent in one go they reach the caller in a few events.
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.length).toBeLessThan(30);
    expect(deltas.map((e) => (e as { text: string }).text).join("")).toBe(text);
    expect(message.content).toEqual([{ type: "text", text }]);
  });

  it("classifies an `error` event inside a 200 stream, as the SDK does, and retries it", async () => {
    server = await startMockModelServer([
      reply().text("half an answer").streamError("overloaded", { afterEvents: 3 }),
      reply().text("whole answer"),
    ]);
    const provider = providerFor("anthropic-messages", server.anthropicBaseUrl);
    const { events, message } = await collect(
      provider.stream(request([{ role: "user", content: "hi" }]), new AbortController().signal),
    );
    const retry = events.find((e) => e.type === "retry") as Extract<StreamEvent, { type: "retry" }>;
    expect(retry.error).toMatchObject({ kind: "overloaded", retryable: true });
    expect(message.content).toEqual([{ type: "text", text: "whole answer" }]);
  });
});
