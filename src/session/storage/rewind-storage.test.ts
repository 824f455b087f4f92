import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Message } from "../../ai/types.js";
import { emptyUsage } from "../../ai/types.js";
import { forkSessionFile } from "./fork.js";
import { listSessions, loadSession, newSessionId, SessionFile } from "./storage.js";

const user = (content: string): Message => ({ role: "user", content });
const answer = (text: string): Message => ({
  role: "assistant",
  protocol: "anthropic-messages",
  model: "m",
  stopReason: "end",
  usage: emptyUsage(),
  content: [{ type: "text", text }],
});
const texts = (messages: readonly Message[]) =>
  messages.map((m) =>
    m.role === "assistant" ? m.content.map((p) => (p.type === "text" ? p.text : "")).join("") : "",
  );

function threeExchanges() {
  const dir = mkdtempSync(join(tmpdir(), "north-rewind-"));
  const id = newSessionId();
  const path = join(dir, `${id}.jsonl`);
  const header = { type: "header" as const, version: 1 as const, id, project: "/p", model: "m" };
  const file = new SessionFile(path, { ...header, started: new Date().toISOString() });
  file.append([user("one"), answer("first")], "one");
  file.append([user("two"), answer("second")], "one");
  file.append([user("three"), answer("third")], "one");
  return { dir, id, path, file };
}

describe("rewind entries", () => {
  it("numbers the person's messages by their line and keeps when they were sent", () => {
    const { file, path } = threeExchanges();
    expect(file.points.map((p) => [p.line, p.text])).toEqual([
      [1, "one"],
      [3, "two"],
      [5, "three"],
    ]);
    expect(file.points.every((p) => typeof p.time === "string")).toBe(true);
    const loaded = loadSession(path);
    expect(loaded.points).toEqual(file.points);
    expect(loaded.lines).toBe(7);
  });

  it("a rewind takes the message and all after it out of the history, never out of the file", () => {
    const { file, path } = threeExchanges();
    const before = readFileSync(path, "utf8");
    file.record({ type: "rewind", line: 3 }, "one");
    const after = readFileSync(path, "utf8");
    expect(after.startsWith(before)).toBe(true);
    const loaded = loadSession(path);
    expect(loaded.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(texts(loaded.messages)).toEqual(["", "first"]);
    expect(loaded.points.map((p) => p.text)).toEqual(["one"]);
    // The branch goes on from there; a second rewind counts lines of the whole file.
    const reopened = new SessionFile(path, loaded.header, loaded);
    reopened.append([user("two again"), answer("second again")], "one");
    expect(reopened.points.map((p) => [p.line, p.text])).toEqual([
      [1, "one"],
      [8, "two again"],
    ]);
    expect(texts(loadSession(path).messages)).toEqual(["", "first", "", "second again"]);
    reopened.record({ type: "rewind", line: 1 }, "one");
    expect(loadSession(path).messages).toEqual([]);
  });

  it("a rewind to before a compaction brings back the messages the summary replaced", () => {
    const { file, path } = threeExchanges();
    file.record({ type: "compaction", summary: "they said one and two", replaced: 4 }, "one");
    file.append([user("four"), answer("fourth")], "one");
    const compacted = loadSession(path);
    expect(compacted.messages).toHaveLength(5);
    expect(compacted.points.map((p) => p.text)).toEqual(["one", "two", "three", "four"]);
    file.record({ type: "rewind", line: 3 }, "one");
    const loaded = loadSession(path);
    expect(texts(loaded.messages)).toEqual(["", "first"]);
    expect(loaded.rewrittenAt).toBe(0);
  });

  it("a rewind that points at or after its own line is ignored", () => {
    const { file, path } = threeExchanges();
    file.record({ type: "rewind", line: 9 }, "one");
    expect(loadSession(path).messages).toHaveLength(6);
  });
});

describe("forks", () => {
  it("copies the conversation into a new file naming its parent; the parent is only read", () => {
    const { dir, id, path } = threeExchanges();
    const parentBytes = readFileSync(path);
    const fork = forkSessionFile(dir, path);
    expect(readFileSync(path).equals(parentBytes)).toBe(true);
    const loaded = loadSession(join(dir, `${fork}.jsonl`));
    expect(loaded.header).toMatchObject({ id: fork, parent: id, project: "/p" });
    expect(loaded.messages).toEqual(loadSession(path).messages);
    const listed = listSessions(dir).find((s) => s.id === fork);
    expect(listed?.parent).toBe(id);
  });

  it("a fork from a message holds what came before it", () => {
    const { dir, path } = threeExchanges();
    const fork = forkSessionFile(dir, path, 5);
    const loaded = loadSession(join(dir, `${fork}.jsonl`));
    expect(loaded.points.map((p) => p.text)).toEqual(["one", "two"]);
    expect(texts(loaded.messages)).toEqual(["", "first", "", "second"]);
  });
});
