import { describe, expect, it } from "vitest";
import { scriptedProvider, text } from "../../../test/support/scripted-provider.js";
import type { AssistantMessage, Message, ModelRequest } from "../../ai/index.js";
import { emptyUsage } from "../../ai/index.js";
import { sameModel, ThinkingReplay } from "./thinking-replay.js";

const thinking = {
  type: "thinking",
  text: "t",
  protocol: "anthropic-messages",
  signature: "SIG",
} as const;
const answer = (model: string): AssistantMessage => ({
  role: "assistant",
  protocol: "anthropic-messages",
  model,
  stopReason: "end",
  usage: emptyUsage(),
  content: [thinking, text("a")],
});
const request = (messages: Message[]): ModelRequest => ({
  model: "m",
  system: "",
  messages,
  tools: [],
  maxOutputTokens: 10,
});

async function drain(stream: AsyncIterable<unknown>) {
  for await (const _ of stream) void _;
}

describe("ThinkingReplay", () => {
  it("sends a provider its own thinking and nobody else's", async () => {
    const first = scriptedProvider([{ parts: [thinking, text("one")] }, { parts: [text("two")] }]);
    const second = scriptedProvider([{ parts: [text("three")] }]);
    const mine = new ThinkingReplay().wrap(first);
    const theirs = new ThinkingReplay().wrap(second);
    const history: Message[] = [{ role: "user", content: "q" }];
    for await (const e of mine.stream(request(history), new AbortController().signal)) {
      if (e.type === "done") history.push(e.message, { role: "user", content: "q2" });
    }
    await drain(mine.stream(request(history), new AbortController().signal));
    expect(JSON.stringify(first.requests[1]!.messages)).toContain("SIG");
    await drain(theirs.stream(request(history), new AbortController().signal));
    expect(JSON.stringify(second.requests[0]!.messages)).not.toContain("SIG");
    expect(JSON.stringify(second.requests[0]!.messages)).toContain("one");
    expect(JSON.stringify(history)).toContain("SIG");
  });

  it("passes prepare through to the provider it wraps", async () => {
    let prepared = 0;
    const wrapped = new ThinkingReplay().wrap({
      name: "p",
      protocol: "anthropic-messages",
      prepare: async () => void prepared++,
      stream: async function* () {},
    });
    await wrapped.prepare?.();
    expect(prepared).toBe(1);
  });

  it("adopts a resumed conversation's messages from the same model, snapshots included", () => {
    const replay = new ThinkingReplay();
    const history: Message[] = [answer("claude-haiku-4-5-20251001"), answer("claude-opus-5")];
    replay.adopt(history, "claude-haiku-4-5");
    const sent = replay.filter(history) as AssistantMessage[];
    expect(sent[0]!.content).toHaveLength(2);
    expect(sent[1]!.content.map((p) => p.type)).toEqual(["text"]);
  });
});

describe("sameModel", () => {
  it("matches an id and its dated snapshots only", () => {
    expect(sameModel("gpt-5.4-2026-03-05", "gpt-5.4")).toBe(true);
    expect(sameModel("gpt-5.4-mini", "gpt-5.4")).toBe(false);
    expect(sameModel("claude-sonnet-5-5", "claude-sonnet-5")).toBe(false);
  });
});
