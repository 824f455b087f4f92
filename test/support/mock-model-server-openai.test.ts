/**
 * The mock model server through the real OpenAI SDK: Responses and Chat Completions streams.
 */
import OpenAI, {
  APIError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  RateLimitError,
} from "openai";
import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import type { ResponseStreamEvent } from "openai/resources/responses/responses";
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
  const client = new OpenAI({ baseURL: server.openaiBaseUrl, apiKey: "test", maxRetries: 0 });
  return { server, client };
}

/** The turn every protocol test streams: thinking, text, two tool calls, explicit usage. */
const richTurn = () =>
  reply()
    .thinking("Let me look at the retry code first.", "enc-abc")
    .text("I'll search for the retry logic, then read the file.")
    .tool("search_text", { pattern: "retry", path: "src/ai" })
    .tool(
      "read_file",
      { path: "src/ai/retry.ts", start_line: 1, end_line: 80 },
      { id: "call_fixed" },
    )
    .usage({ input: 120, output: 30, cacheRead: 100, cacheWrite: 0, reasoning: 12 });

const fn = (name: string) => ({
  type: "function" as const,
  name,
  parameters: { type: "object" },
  strict: false,
});
const responsesParams = {
  model: "gpt-5",
  input: "Find the retry logic",
  tools: [fn("search_text"), fn("read_file")],
};
const chatParams = {
  model: "gpt-4.1",
  messages: [{ role: "user" as const, content: "Find the retry logic" }],
  tools: [
    {
      type: "function" as const,
      function: { name: "search_text", parameters: { type: "object" } },
    },
    { type: "function" as const, function: { name: "read_file", parameters: { type: "object" } } },
  ],
};

describe("mock model server: OpenAI Responses", () => {
  it("streams reasoning, text and two function calls that the SDK accumulates exactly", async () => {
    const { client } = await start([richTurn()]);
    const stream = client.responses.stream({
      ...responsesParams,
      reasoning: { effort: "medium", summary: "auto" },
      include: ["reasoning.encrypted_content"],
    });
    const events: ResponseStreamEvent[] = [];
    stream.on("event", (event) => events.push(event));
    const response = await stream.finalResponse();

    expect(response.id).toMatch(/^resp_[0-9a-f]{48}$/);
    expect(response.status).toBe("completed");
    expect(response.output_text).toBe("I'll search for the retry logic, then read the file.");
    expect(response.output).toMatchObject([
      {
        id: expect.stringMatching(/^rs_[0-9a-f]{48}$/),
        type: "reasoning",
        summary: [{ type: "summary_text", text: "Let me look at the retry code first." }],
        encrypted_content: "enc-abc",
      },
      {
        id: expect.stringMatching(/^msg_[0-9a-f]{48}$/),
        type: "message",
        role: "assistant",
        status: "completed",
        content: [
          { type: "output_text", text: "I'll search for the retry logic, then read the file." },
        ],
      },
      {
        id: expect.stringMatching(/^fc_[0-9a-f]{48}$/),
        type: "function_call",
        call_id: expect.stringMatching(/^call_[0-9A-Za-z]{24}$/),
        name: "search_text",
        arguments: '{"pattern":"retry","path":"src/ai"}',
        status: "completed",
      },
      { type: "function_call", call_id: "call_fixed", name: "read_file" },
    ]);
    const call = response.output[3];
    expect(call?.type === "function_call" && JSON.parse(call.arguments)).toEqual({
      path: "src/ai/retry.ts",
      start_line: 1,
      end_line: 80,
    });
    expect(response.usage).toEqual({
      input_tokens: 220,
      input_tokens_details: { cached_tokens: 100, cache_write_tokens: 0 },
      output_tokens: 30,
      output_tokens_details: { reasoning_tokens: 12 },
      total_tokens: 250,
    });

    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    const count = (type: string) => events.filter((e) => e.type === type).length;
    expect(count("response.reasoning_summary_text.delta")).toBeGreaterThan(1);
    expect(count("response.output_text.delta")).toBeGreaterThan(1);
    expect(count("response.function_call_arguments.delta")).toBeGreaterThan(4);
    expect(events.at(-1)?.type).toBe("response.completed");
    // Usage arrives only with response.completed.
    expect(events[0]?.type === "response.created" && events[0].response.usage).toBeNull();
  });

  it("sends no summary and no encrypted content unless the request asks", async () => {
    const { client } = await start([richTurn()]);
    const response = await client.responses.stream(responsesParams).finalResponse();
    expect(response.output[0]).toEqual({ id: expect.any(String), type: "reasoning", summary: [] });
  });

  it("answers non-streaming requests and incomplete stops", async () => {
    const { client } = await start([
      reply().text("Plain."),
      reply().text("cut").stop("max_tokens"),
    ]);
    const plain = await client.responses.create(responsesParams);
    expect(plain.output_text).toBe("Plain.");
    const cut = await client.responses.stream(responsesParams).finalResponse();
    expect(cut.status).toBe("incomplete");
    expect(cut.incomplete_details).toEqual({ reason: "max_output_tokens" });
  });

  it("answers failures with the real status, body, error class and headers", async () => {
    const { client } = await start([
      failure(429, { retryAfter: 1 }),
      failure(500),
      failure(401),
      failure("context_overflow"),
      failure("overloaded"),
    ]);
    const fail = () =>
      client.responses
        .stream(responsesParams)
        .finalResponse()
        .catch((e: unknown) => e);
    const limited = await fail();
    expect(limited).toBeInstanceOf(RateLimitError);
    expect(limited).toMatchObject({ status: 429, code: "rate_limit_exceeded" });
    expect((limited as RateLimitError).headers.get("retry-after")).toBe("1");
    expect((limited as RateLimitError).headers.get("x-ratelimit-remaining-tokens")).toBe("0");
    expect((limited as RateLimitError).requestID).toMatch(/^req_[0-9a-f]{32}$/);
    expect(await fail()).toBeInstanceOf(InternalServerError);
    expect(await fail()).toBeInstanceOf(AuthenticationError);
    const overflow = await fail();
    expect(overflow).toBeInstanceOf(BadRequestError);
    expect(overflow).toMatchObject({
      status: 400,
      code: "context_length_exceeded",
      param: "input",
    });
    expect(await fail()).toMatchObject({ status: 503 });
  });

  it("reports an in-stream failure as response.failed, which the SDK does not throw", async () => {
    const { client } = await start([reply().text("Partial").streamError("server")]);
    const response = await client.responses.stream(responsesParams).finalResponse();
    expect(response.status).toBe("failed");
    expect(response.error).toMatchObject({ code: "server_error" });
    expect(response.output_text).toBe("Partial");
  });

  it("can end a stream without response.completed, which the SDK does not notice", async () => {
    const { client } = await start([reply().text("Half of an answer").endAfter(5)]);
    const response = await client.responses.stream(responsesParams).finalResponse();
    expect(response.status).toBe("in_progress");
    expect(response.usage).toBeNull();
  });

  it("drops the connection after N events, and the SDK fails", async () => {
    const { client, server } = await start([
      reply().text("partial answer that gets cut").cutAfter(4),
    ]);
    const error = await client.responses
      .stream(responsesParams)
      .finalResponse()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(await server.waitForResponse(0)).toBe("cut");
  });
});

describe("mock model server: OpenAI Chat Completions", () => {
  it("streams reasoning, text and two tool calls that the SDK accumulates exactly", async () => {
    const { client, server } = await start([richTurn()]);
    const stream = client.chat.completions.stream({
      ...chatParams,
      stream_options: { include_usage: true },
    });
    const chunks: ChatCompletionChunk[] = [];
    stream.on("chunk", (chunk) => chunks.push(chunk));
    const completion = await stream.finalChatCompletion();

    expect(completion.id).toMatch(/^chatcmpl-[0-9A-Za-z]{29}$/);
    expect(completion.model).toBe("gpt-4.1");
    const choice = completion.choices[0];
    expect(choice?.finish_reason).toBe("tool_calls");
    expect(choice?.message.content).toBe("I'll search for the retry logic, then read the file.");
    expect(choice?.message.tool_calls).toMatchObject([
      {
        id: expect.stringMatching(/^call_[0-9A-Za-z]{24}$/),
        type: "function",
        function: { name: "search_text", arguments: '{"pattern":"retry","path":"src/ai"}' },
      },
      { id: "call_fixed", type: "function", function: { name: "read_file" } },
    ]);
    expect(completion.usage).toEqual({
      prompt_tokens: 220,
      completion_tokens: 30,
      total_tokens: 250,
      prompt_tokens_details: { cached_tokens: 100, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 12,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    });

    // Reasoning text must be accumulated by hand: the SDK keeps only the last fragment.
    const reasoning = chunks
      .map(
        (c) =>
          (c.choices[0]?.delta as { reasoning_content?: string } | undefined)?.reasoning_content ??
          "",
      )
      .join("");
    expect(reasoning).toBe("Let me look at the retry code first.");
    expect(chunks.at(-1)?.choices).toEqual([]);
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
    expect(server.requests[0]?.protocol).toBe("openai-chat");
    expect(server.requests[0]?.headers.authorization).toBe("Bearer test");
  });

  it("interleaves tool-call fragments by index when asked, and the SDK still accumulates them", async () => {
    const { client } = await start([
      reply()
        .tool("search_text", { pattern: "retry", path: "src" })
        .tool("read_file", { path: "a.ts" })
        .interleaveToolCalls(),
      reply()
        .tool("search_text", { pattern: "retry", path: "src" })
        .tool("read_file", { path: "a.ts" })
        .interleaveToolCalls(),
    ]);
    const indexes: number[] = [];
    for await (const chunk of await client.chat.completions.create({
      ...chatParams,
      stream: true,
    })) {
      for (const call of chunk.choices[0]?.delta.tool_calls ?? []) {
        if (!call.id) indexes.push(call.index);
      }
    }
    expect(indexes.slice(0, 4)).toEqual([0, 1, 0, 1]);
    const completion = await client.chat.completions.stream(chatParams).finalChatCompletion();
    const calls = completion.choices[0]?.message.tool_calls ?? [];
    expect(
      calls.map((c) => (c.type === "function" ? JSON.parse(c.function.arguments) : null)),
    ).toEqual([{ pattern: "retry", path: "src" }, { path: "a.ts" }]);
    expect(completion.choices[0]?.message.content).toBeNull();
    expect(completion.usage).toBeUndefined(); // no stream_options.include_usage, no usage
  });

  it("can end a stream without finish_reason and [DONE]; the SDK's helper then throws", async () => {
    const { client } = await start([reply().text("Half of an answer").endAfter(3)]);
    const error = await client.chat.completions
      .stream(chatParams)
      .finalChatCompletion()
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/missing finish_reason/);
  });

  it("answers non-streaming requests and length stops", async () => {
    const { client } = await start([
      reply().text("Plain."),
      reply().text("cut").stop("max_tokens"),
    ]);
    const plain = await client.chat.completions.create(chatParams);
    expect(plain.choices[0]?.message.content).toBe("Plain.");
    const cut = await client.chat.completions.stream(chatParams).finalChatCompletion();
    expect(cut.choices[0]?.finish_reason).toBe("length");
  });

  it("answers failures and in-stream errors as OpenAI sends them", async () => {
    const { client } = await start([
      failure(429, { retryAfter: 2 }),
      failure("context_overflow"),
      failure("quota"),
      reply().text("Partial").streamError("server"),
    ]);
    const fail = () =>
      client.chat.completions
        .stream(chatParams)
        .finalChatCompletion()
        .catch((e: unknown) => e);
    const limited = await fail();
    expect(limited).toBeInstanceOf(RateLimitError);
    expect((limited as RateLimitError).headers.get("retry-after")).toBe("2");
    expect(await fail()).toMatchObject({
      status: 400,
      code: "context_length_exceeded",
      param: "messages",
    });
    expect(await fail()).toMatchObject({ status: 429, code: "insufficient_quota" });
    const inStream = await fail();
    expect(inStream).toBeInstanceOf(APIError);
    expect(inStream).toMatchObject({ status: undefined, type: "server_error" });
  });

  it("drops the connection after N events, and the SDK fails", async () => {
    const { client, server } = await start([
      reply().text("partial answer that gets cut").cutAfter(2),
    ]);
    const error = await client.chat.completions
      .stream(chatParams)
      .finalChatCompletion()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(await server.waitForResponse(0)).toBe("cut");
  });
});
