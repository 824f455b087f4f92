import { describe, expect, it } from "vitest";
import { toAnthropicBody } from "./anthropic-messages.js";
import { ChatAccumulator, toChatBody } from "./openai-chat.js";
import { toResponsesBody } from "./openai-responses.js";
import type { Message, ModelRequest, StreamEvent } from "./types.js";
import { emptyUsage } from "./types.js";

const usage = emptyUsage();
const history: Message[] = [
  { role: "user", content: "Where is the retry policy?" },
  {
    role: "assistant",
    protocol: "anthropic-messages",
    model: "m",
    stopReason: "tool_use",
    usage,
    content: [
      { type: "thinking", text: "hmm", protocol: "anthropic-messages", signature: "sig-1" },
      { type: "text", text: "Searching." },
      {
        type: "tool_call",
        id: "toolu_1",
        name: "search_text",
        arguments: { pattern: "retry" },
        rawArguments: '{"pattern":"retry"}',
      },
      {
        type: "tool_call",
        id: "toolu_2",
        name: "read_file",
        arguments: undefined,
        rawArguments: '{"path":',
      },
    ],
  },
  {
    role: "tool",
    toolCallId: "toolu_1",
    toolName: "search_text",
    content: "src/a.ts:3: retry",
    isError: false,
  },
  {
    role: "tool",
    toolCallId: "toolu_2",
    toolName: "read_file",
    content: "bad JSON",
    isError: true,
  },
];
const request = (messages: Message[]): ModelRequest => ({
  model: "m",
  system: "You are North.",
  messages,
  tools: [
    { name: "read_file", description: "Reads.", parameters: { type: "object", properties: {} } },
  ],
  maxOutputTokens: 1000,
});

describe("Anthropic request", () => {
  it("puts cache breakpoints on the system block and the newest message only", () => {
    const body = toAnthropicBody(request(history));
    expect(body.system).toEqual([
      { type: "text", text: "You are North.", cache_control: { type: "ephemeral" } },
    ]);
    const messages = body.messages as { role: string; content: Record<string, unknown>[] }[];
    const marked = messages.flatMap((m) => m.content).filter((b) => b.cache_control);
    expect(marked).toHaveLength(1);
    expect(messages.at(-1)!.content.at(-1)).toMatchObject({
      tool_use_id: "toolu_2",
      cache_control: { type: "ephemeral" },
    });
  });

  it("replays thinking with its signature and answers calls in one user message, in order", () => {
    const body = toAnthropicBody(request(history));
    const messages = body.messages as { role: string; content: Record<string, unknown>[] }[];
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(messages[1]!.content[0]).toEqual({
      type: "thinking",
      thinking: "hmm",
      signature: "sig-1",
    });
    expect(messages[1]!.content[3]).toEqual({
      type: "tool_use",
      id: "toolu_2",
      name: "read_file",
      input: {},
    });
    expect(messages[2]!.content.map((b) => b.tool_use_id)).toEqual(["toolu_1", "toolu_2"]);
    expect(messages[2]!.content[1]).toMatchObject({ is_error: true });
  });

  it("puts tool results before a following user text in the same message", () => {
    const body = toAnthropicBody(request([...history, { role: "user", content: "and then?" }]));
    const last = (body.messages as { content: Record<string, unknown>[] }[]).at(-1)!;
    expect(last.content.map((b) => b.type)).toEqual(["tool_result", "tool_result", "text"]);
  });
});

describe("OpenAI Responses request", () => {
  it("replays reasoning items unchanged and drops Anthropic thinking", () => {
    const reasoning = { type: "reasoning", id: "rs_1", summary: [], encrypted_content: "enc" };
    const own: Message = {
      role: "assistant",
      protocol: "openai-responses",
      model: "m",
      stopReason: "tool_use",
      usage,
      content: [
        { type: "thinking", text: "", protocol: "openai-responses", opaque: reasoning },
        {
          type: "tool_call",
          id: "call_9",
          name: "read_file",
          arguments: { path: "a" },
          rawArguments: '{"path":"a"}',
          itemId: "fc_9",
        },
      ],
    };
    const body = toResponsesBody(request([...history, own]));
    const input = body.input as Record<string, unknown>[];
    expect(input.filter((i) => i.type === "reasoning")).toEqual([reasoning]);
    expect(body).toMatchObject({
      store: false,
      include: ["reasoning.encrypted_content"],
      instructions: "You are North.",
    });
    expect(input.filter((i) => i.type === "function_call").map((i) => i.arguments)).toEqual([
      '{"pattern":"retry"}',
      "{}",
      '{"path":"a"}',
    ]);
    expect(input.filter((i) => i.type === "function_call_output").map((i) => i.call_id)).toEqual([
      "toolu_1",
      "toolu_2",
    ]);
  });
});

describe("OpenAI Chat Completions", () => {
  it("sends assistant tool calls and tool messages in order", () => {
    const body = toChatBody(request(history));
    const messages = body.messages as Record<string, unknown>[];
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "tool"]);
    expect(messages[2]).toMatchObject({
      content: "Searching.",
      tool_calls: [{ id: "toolu_1" }, { id: "toolu_2" }],
    });
  });

  it("sends the output cap only when the request asks for it (a suggestion)", () => {
    expect(toChatBody(request(history)).max_tokens).toBeUndefined();
    expect(toChatBody({ ...request(history), capOutput: true }).max_tokens).toBe(1000);
  });

  it("assembles interleaved tool-call chunks by index", () => {
    const acc = new ChatAccumulator("m");
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const chunks = [
      chunk({ role: "assistant", content: "" }),
      chunk({
        tool_calls: [
          {
            index: 0,
            id: "call_a",
            type: "function",
            function: { name: "read_file", arguments: "" },
          },
        ],
      }),
      chunk({
        tool_calls: [
          {
            index: 1,
            id: "call_b",
            type: "function",
            function: { name: "search_text", arguments: '{"pat' },
          },
        ],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"path":' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: 'tern":"x"}' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '"a.ts"}' } }] }),
      chunk({}, "tool_calls"),
      {
        choices: [],
        usage: {
          prompt_tokens: 100,
          completion_tokens: 20,
          prompt_tokens_details: { cached_tokens: 60 },
        },
      },
    ];
    const events: StreamEvent[] = [];
    for (const c of chunks) events.push(...acc.push(c));
    events.push(...acc.drain(), acc.finish());
    const done = events.at(-1) as Extract<StreamEvent, { type: "done" }>;
    expect(done.message.stopReason).toBe("tool_use");
    expect(done.message.content).toEqual([
      {
        type: "tool_call",
        id: "call_a",
        name: "read_file",
        arguments: { path: "a.ts" },
        rawArguments: '{"path":"a.ts"}',
      },
      {
        type: "tool_call",
        id: "call_b",
        name: "search_text",
        arguments: { pattern: "x" },
        rawArguments: '{"pattern":"x"}',
      },
    ]);
    expect(done.message.usage).toEqual({
      input_tokens: 40,
      output_tokens: 20,
      cache_read_tokens: 60,
      cache_write_tokens: 0,
    });
  });
});

describe("OpenAI Responses request after a reply that was only reasoning", () => {
  it("leaves out reasoning items that nothing followed", () => {
    const onlyReasoning: Message = {
      role: "assistant",
      protocol: "openai-responses",
      model: "m",
      stopReason: "max_tokens",
      usage,
      content: [
        {
          type: "thinking",
          text: "",
          protocol: "openai-responses",
          opaque: { type: "reasoning", id: "rs_1" },
        },
      ],
    };
    const body = toResponsesBody(
      request([{ role: "user", content: "a" }, onlyReasoning, { role: "user", content: "b" }]),
    );
    expect((body.input as Record<string, unknown>[]).map((i) => i.type ?? i.role)).toEqual([
      "user",
      "user",
    ]);
  });
});
