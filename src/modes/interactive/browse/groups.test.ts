import { describe, expect, test } from "vitest";
import type { Entry } from "../state/state.js";
import { answerStart, buildGroups, collapsible, openByDefault, type LivePart } from "./groups.js";

const idle: LivePart = { thinking: "", tail: "", tailJoined: false, tools: [], busy: false };

const entries: Entry[] = [
  { id: 1, kind: "header", version: "1", folder: "~/p", model: "m", provider: "p" },
  { id: 2, kind: "user", text: "first question" },
  { id: 3, kind: "thinking", text: "hmm" },
  { id: 4, kind: "markdown", text: "First answer.", label: true, joined: false },
  { id: 5, kind: "command", text: "/cost" },
  { id: 6, kind: "note", text: "$0.01", tone: "info" },
  { id: 7, kind: "user", text: "second question" },
  { id: 8, kind: "tool", title: "Reading a.ts", error: false },
  {
    id: 9,
    kind: "tool",
    title: "Running ls",
    error: false,
    change: { type: "output", lines: ["a"], omitted: 0 },
  },
];

describe("buildGroups", () => {
  test("each message or command starts a group; what came before is the session's start", () => {
    const groups = buildGroups(entries, idle);
    expect(groups.map((g) => [g.key, g.question, g.items.map((i) => i.key)])).toEqual([
      ["g0", "", ["e1"]],
      ["g2", "first question", ["e2", "e3", "e4"]],
      ["g5", "/cost", ["e5", "e6"]],
      ["g7", "second question", ["e7", "e8", "e9"]],
    ]);
    expect(groups.every((g) => !g.streaming)).toBe(true);
  });

  test("the live part joins the last group, which streams while the turn runs", () => {
    const live: LivePart = {
      thinking: "thinking on",
      tail: "partial answer",
      tailJoined: false,
      tools: [{ id: "x", name: "shell", title: "Running make" }],
      busy: true,
    };
    const groups = buildGroups(entries.slice(0, 4), live);
    const last = groups.at(-1)!;
    expect(last.streaming).toBe(true);
    expect(last.items.map((i) => i.key)).toEqual([
      "e2",
      "e3",
      "e4",
      "live-thinking",
      "live-text",
      "tx",
    ]);
  });

  test("no entries and nothing live: no groups", () => {
    expect(buildGroups([], idle)).toEqual([]);
  });
});

describe("answerStart and folding", () => {
  test("the answer starts with its first text, else its first tool line or note", () => {
    const [, first, command, second] = buildGroups(entries, idle);
    expect(answerStart(first!)).toBe("First answer.");
    expect(answerStart(command!)).toBe("$0.01");
    expect(answerStart(second!)).toBe("Reading a.ts");
  });

  test("thinking and tool output fold on their own; text and plain tool lines do not", () => {
    const items = buildGroups(entries, idle).flatMap((g) => g.items);
    const folds = items.filter(collapsible).map((i) => i.key);
    expect(folds).toEqual(["e3", "e9"]);
    const thinking = items.find((i) => i.key === "e3")!;
    expect(openByDefault({ item: thinking })).toBe(false);
    expect(openByDefault({ item: items.find((i) => i.key === "e9")! })).toBe(true);
  });

  test("the last group and a streaming one are open; earlier ones are folded", () => {
    const groups = buildGroups(entries, { ...idle, busy: true });
    expect(openByDefault({ group: groups[1]!, last: false })).toBe(false);
    expect(openByDefault({ group: groups[3]!, last: true })).toBe(true);
    expect(openByDefault({ group: { ...groups[1]!, streaming: true }, last: false })).toBe(true);
  });
});
