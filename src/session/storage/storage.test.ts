import { appendFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Message } from "../../ai/types.js";
import { emptyUsage } from "../../ai/types.js";
import { listSessions, loadSession, newSessionId, SessionFile } from "./storage.js";

const user = (content: string): Message => ({ role: "user", content });
const assistantCalling = (...ids: string[]): Message => ({
  role: "assistant",
  protocol: "anthropic-messages",
  model: "m",
  stopReason: "tool_use",
  usage: emptyUsage(),
  content: ids.map((id) => ({
    type: "tool_call" as const,
    id,
    name: "read_file",
    arguments: {},
    rawArguments: "{}",
  })),
});
const result = (id: string): Message => ({
  role: "tool",
  toolCallId: id,
  toolName: "read_file",
  content: "ok",
  isError: false,
});

function newFile(dir: string, project = "/p") {
  const id = newSessionId();
  const file = new SessionFile(join(dir, `${id}.jsonl`), {
    type: "header",
    version: 1,
    id,
    project,
    model: "m",
    started: new Date().toISOString(),
  });
  return { id, file };
}

describe("session files", () => {
  it("round-trips a conversation appended in pieces", () => {
    const dir = mkdtempSync(join(tmpdir(), "north-sessions-"));
    const { file } = newFile(dir);
    file.append([user("hello")], "hello");
    file.append([assistantCalling("t1"), result("t1")], "hello");
    const loaded = loadSession(file.path);
    expect(loaded.header.title).toBe("hello");
    expect(loaded.messages).toEqual([user("hello"), assistantCalling("t1"), result("t1")]);
    expect(loaded.truncated).toBe(false);
  });

  it("restores the last well-formed todo list; a malformed one is skipped", () => {
    const dir = mkdtempSync(join(tmpdir(), "north-sessions-"));
    const { file } = newFile(dir);
    file.append([user("hello")], "hello");
    const first = [{ content: "Read", status: "in_progress" as const }];
    file.record({ type: "todo", items: first }, "hello");
    appendFileSync(file.path, `${JSON.stringify({ type: "todo", items: [{ content: 1 }] })}\n`);
    expect(loadSession(file.path).todos).toEqual(first);
    const second = [{ content: "Read", status: "completed" as const }];
    file.record({ type: "todo", items: second }, "hello");
    expect(loadSession(file.path).todos).toEqual(second);
    expect(loadSession(file.path).messages).toEqual([user("hello")]);
  });

  it("loads a file cut off mid-line up to its last whole line, and says so", () => {
    const dir = mkdtempSync(join(tmpdir(), "north-sessions-"));
    const { file } = newFile(dir);
    file.append([user("one")], "one");
    appendFileSync(file.path, '{"type":"message","message":{"role":"user","con');
    const loaded = loadSession(file.path);
    expect(loaded.truncated).toBe(true);
    expect(loaded.messages).toEqual([user("one")]);
  });

  it("answers tool calls left without results by a crash, after the saved ones", () => {
    const dir = mkdtempSync(join(tmpdir(), "north-sessions-"));
    const { file } = newFile(dir);
    file.append([user("go"), assistantCalling("a", "b"), result("a")], "go");
    const { messages } = loadSession(file.path);
    expect(messages.map((m) => (m.role === "tool" ? `tool:${m.toolCallId}` : m.role))).toEqual([
      "user",
      "assistant",
      "tool:a",
      "tool:b",
    ]);
    expect(messages[3]).toMatchObject({ isError: true });
  });

  it("lists a project's sessions, newest first", () => {
    const dir = mkdtempSync(join(tmpdir(), "north-sessions-"));
    const a = newFile(dir, "/p");
    a.file.append([user("first")], "first");
    const b = newFile(dir, "/other");
    b.file.append([user("elsewhere")], "elsewhere");
    expect(listSessions(dir, "/p").map((s) => s.title)).toEqual(["first"]);
    expect(
      listSessions(dir)
        .map((s) => s.title)
        .sort(),
    ).toEqual(["elsewhere", "first"]);
    expect(readFileSync(a.file.path, "utf8").split("\n")[0]).toContain('"type":"header"');
  });
});

describe("resuming a file cut off by a crash", () => {
  it("cuts the partial line away before appending, so what follows is saved whole", async () => {
    const { openStorage } = await import("./session-storage.js");
    const data = mkdtempSync(join(tmpdir(), "north-data-"));
    const env = { XDG_DATA_HOME: data };
    const first = openStorage({ env }, "/p", "m");
    first.file.append([user("one"), assistantCalling("t1"), result("t1")], "one");
    appendFileSync(first.file.path, '{"type":"message","message":{"role":"user","con');
    first.release();
    const resumed = openStorage({ env, resume: { id: first.id } }, "/p", "m");
    expect(resumed.notices[0]).toMatch(/cut off/);
    resumed.file.append([user("two")], "one");
    const reloaded = loadSession(first.file.path);
    expect(reloaded.truncated).toBe(false);
    expect(reloaded.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "user"]);
  });

  it("drops a result whose call was lost, which the API would refuse", async () => {
    const { repairHistory } = await import("./storage.js");
    const repaired = repairHistory([
      user("a"),
      result("ghost"),
      assistantCalling("t1"),
      result("t1"),
    ]);
    expect(repaired.map((m) => (m.role === "tool" ? `tool:${m.toolCallId}` : m.role))).toEqual([
      "user",
      "assistant",
      "tool:t1",
    ]);
  });
});
