import { describe, expect, it } from "vitest";
import { emptyUsage, type Message } from "../../ai/types.js";
import { isHeader, isRewrite, readMessage } from "./session-shape.js";
import { repairHistory } from "./storage.js";

const call = (id: string) => ({
  type: "tool_call",
  id,
  name: "read_file",
  arguments: {},
  rawArguments: "{}",
});
const assistant = (content: unknown[]) => ({
  role: "assistant",
  content,
  protocol: "anthropic-messages",
  model: "m",
  stopReason: "tool_use",
  usage: emptyUsage(),
});
const result = (id: string): Message => ({
  role: "tool",
  toolCallId: id,
  toolName: "read_file",
  content: "ok",
  isError: false,
});

describe("readMessage", () => {
  it.each([
    ["null", null],
    ["a string", "hello"],
    ["no role", { content: "x" }],
    ["an unknown role", { role: "martian", content: "x" }],
    ["numeric user content", { role: "user", content: 123 }],
    ["string assistant content", { ...assistant([]), content: "x" }],
    ["a tool call without id", assistant([{ ...call("a"), id: undefined }])],
    ["a tool call with an empty id", assistant([call("")])],
    ["an unknown part", assistant([{ type: "image", data: "x" }])],
    ["a result without call id", { ...result("a"), toolCallId: undefined }],
    ["a result with numeric content", { ...result("a"), content: 5 }],
  ])("refuses %s", (_name, value) => {
    expect(readMessage(value)).toBeUndefined();
  });

  it("accepts what North writes and fills odd token counts with 0", () => {
    expect(readMessage({ role: "user", content: "hi" })).toEqual({ role: "user", content: "hi" });
    expect(readMessage(result("a"))).toEqual(result("a"));
    const odd = { ...assistant([call("a")]), usage: { input_tokens: "9" }, stopReason: 1 };
    expect(readMessage(odd)).toEqual({ ...assistant([call("a")]), stopReason: "end" });
  });
});

describe("header and rewrite lines", () => {
  it("need the fields that listing and replaying use", () => {
    expect(isHeader({ type: "header", id: "x", project: "/p" })).toBe(true);
    expect(isHeader({ type: "header", id: 1, project: "/p" })).toBe(false);
    expect(isRewrite({ type: "compaction", summary: "s", replaced: 2 })).toBe(true);
    expect(isRewrite({ type: "compaction", summary: null, replaced: 2 })).toBe(false);
    expect(isRewrite({ type: "compaction", summary: "s", replaced: -1 })).toBe(false);
    expect(isRewrite({ type: "cleared", ids: ["a"] })).toBe(true);
    expect(isRewrite({ type: "cleared", ids: null })).toBe(false);
  });
});

describe("repairHistory", () => {
  const roles = (ms: Message[]) =>
    ms.map((m) => (m.role === "tool" ? `tool:${m.toolCallId}` : m.role));

  it("starts with the person's message and answers every call exactly once, right after it", () => {
    const a = readMessage(assistant([call("c1"), call("c2")]))!;
    const repaired = repairHistory([
      result("c1"),
      { role: "user", content: "q" },
      a,
      result("c2"),
      result("c2"),
      { role: "user", content: "next" },
      result("c1"),
    ]);
    expect(roles(repaired)).toEqual(["user", "assistant", "tool:c2", "tool:c1", "user"]);
    expect(repaired[3]).toMatchObject({ isError: true });
  });
});
