import { describe, expect, it } from "vitest";
import { toAnthropicBody } from "./anthropic-messages.js";
import { toChatBody } from "./openai-chat.js";
import { toResponsesBody } from "./openai-responses.js";
import type { AssistantMessage, AssistantPart, Message, ModelRequest, Protocol } from "./types.js";
import { emptyUsage } from "./types.js";

type Json = Record<string, unknown>;

const assistant = (protocol: Protocol, content: AssistantPart[]): AssistantMessage => ({
  role: "assistant",
  protocol,
  model: "m",
  stopReason: "tool_use",
  usage: emptyUsage(),
  content,
});
const call = (id: string, name = "read_file"): AssistantPart => ({
  type: "tool_call",
  id,
  name,
  arguments: { path: "a.ts" },
  rawArguments: '{"path":"a.ts"}',
});
const result = (id: string): Message => ({
  role: "tool",
  toolCallId: id,
  toolName: "read_file",
  content: "contents",
  isError: false,
});
const request = (messages: Message[]): ModelRequest => ({
  model: "m",
  system: "s",
  messages,
  tools: [],
  maxOutputTokens: 100,
});

/** An Anthropic step that had only signed and redacted thinking and two tool calls. */
const anthropicThinkingAndCalls: Message[] = [
  { role: "user", content: "look" },
  assistant("anthropic-messages", [
    { type: "thinking", text: "plan", protocol: "anthropic-messages", signature: "SIG" },
    { type: "thinking", text: "", protocol: "anthropic-messages", redacted: "REDACTED" },
    call("toolu_1"),
    call("toolu_2"),
  ]),
  result("toolu_1"),
  result("toolu_2"),
  { role: "user", content: "next" },
];

describe("a history crossing protocols", () => {
  it("goes to Responses as function_call/function_call_output pairs, without thinking", () => {
    const input = toResponsesBody(request(anthropicThinkingAndCalls)).input as Json[];
    expect(input.map((i) => i.type ?? i.role)).toEqual([
      "user",
      "function_call",
      "function_call",
      "function_call_output",
      "function_call_output",
      "user",
    ]);
    expect(input.filter((i) => i.type === "function_call").map((i) => i.call_id)).toEqual([
      "toolu_1",
      "toolu_2",
    ]);
    expect(JSON.stringify(input)).not.toMatch(/SIG|REDACTED|reasoning/);
  });

  it("goes to Chat Completions as one assistant message with tool_calls and no content", () => {
    const messages = toChatBody(request(anthropicThinkingAndCalls)).messages as Json[];
    expect(messages.map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "tool",
      "user",
    ]);
    expect(messages[2]).toMatchObject({ content: null });
    expect((messages[2]!.tool_calls as Json[]).map((c) => c.id)).toEqual(["toolu_1", "toolu_2"]);
    expect(JSON.stringify(messages)).not.toMatch(/SIG|REDACTED|reasoning/);
  });

  it("drops a Responses turn that was only reasoning when going to Anthropic or Chat", () => {
    const reasoning = { type: "reasoning", id: "rs_1", summary: [], encrypted_content: "ENC" };
    const history: Message[] = [
      { role: "user", content: "first" },
      assistant("openai-responses", [
        { type: "thinking", text: "", protocol: "openai-responses", opaque: reasoning },
      ]),
      { role: "user", content: "second" },
    ];
    const anthropic = toAnthropicBody(request(history)).messages as {
      role: string;
      content: Json[];
    }[];
    expect(anthropic).toHaveLength(1);
    expect(anthropic[0]!.content.map((b) => b.text)).toEqual(["first", "second"]);
    const chat = toChatBody(request(history)).messages as Json[];
    expect(chat.map((m) => m.role)).toEqual(["system", "user", "user"]);
    expect(JSON.stringify([anthropic, chat])).not.toContain("ENC");
  });

  it("never sends a Chat server's reasoning text back to any protocol", () => {
    const history: Message[] = [
      { role: "user", content: "q" },
      assistant("openai-chat", [
        { type: "thinking", text: "CHAT-REASONING", protocol: "openai-chat" },
        { type: "text", text: "answer" },
      ]),
      { role: "user", content: "q2" },
    ];
    for (const body of [toAnthropicBody, toResponsesBody, toChatBody]) {
      expect(JSON.stringify(body(request(history)))).not.toContain("CHAT-REASONING");
    }
  });

  it("maps call ids Anthropic would refuse the same way on the call and on its result", () => {
    const id = "functions.read_file:0";
    const history: Message[] = [
      { role: "user", content: "q" },
      assistant("openai-chat", [call(id)]),
      result(id),
    ];
    const messages = toAnthropicBody(request(history)).messages as { content: Json[] }[];
    const use = messages[1]!.content[0]!;
    const answer = messages[2]!.content[0]!;
    expect(use.id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(answer.tool_use_id).toBe(use.id);
  });
});
