// Rewind in the interactive interface (issue 30): Esc Esc and /rewind take the conversation, the
// files, or both back to before one of the person's messages; the session file keeps the branch.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reply, type MockModelServer } from "../support/mock-model-server.js";
import type { TuiTerminal } from "../support/terminal-harness.js";
import { useTui } from "../support/tui-fixture.js";

const tui = useTui();

/** The roles and texts of the messages of request `index` (Anthropic wire format). */
function sent(server: MockModelServer, index: number): string[] {
  const messages = server.requests[index]!.body.messages as { role: string; content: unknown }[];
  return messages.map((m) => {
    const parts = Array.isArray(m.content) ? (m.content as { text?: string }[]) : [];
    const text =
      typeof m.content === "string" ? m.content : parts.map((p) => p.text ?? "").join("");
    return `${m.role}: ${text.split("\n")[0]}`;
  });
}

/** The one session file of the home. */
function sessionFile(env: Record<string, string>): string {
  const dir = join(env.XDG_DATA_HOME!, "north", "sessions");
  const names = readdirSync(dir).filter((n) => n.endsWith(".jsonl"));
  expect(names).toHaveLength(1);
  return readFileSync(join(dir, names[0]!), "utf8");
}

/** Three exchanges; the second creates src/new.ts (accepted). */
async function threeExchanges(term: TuiTerminal) {
  await tui.send(term, "first");
  await term.waitFor("One.");
  await tui.send(term, "second makes a file");
  await term.waitFor("y accept");
  term.type("y");
  await term.waitFor("Created it.");
  await tui.send(term, "third");
  await term.waitFor("Three.");
}

const script = (after: string) => [
  reply().text("One."),
  reply().tool("edit_create_file", { path: "src/new.ts", content: "export const n = 1;\n" }),
  reply().text("Created it."),
  reply().text("Three."),
  reply().text(after),
];

describe("rewind", () => {
  test("Esc Esc: back to the second message, files and conversation; the file keeps the branch", async () => {
    const { term, server, repo, env } = await tui.open(script("Again."));
    await threeExchanges(term);
    expect(existsSync(join(repo, "src/new.ts"))).toBe(true);
    term.press("escape");
    await term.waitFor("Esc again to rewind");
    term.press("escape");
    // The picker: newest first, with the files changed after each message.
    await term.waitFor((s) => /third[\s\S]*second makes a file[\s\S]*first/.test(s));
    await term.waitFor("files changed after it: src/new.ts");
    term.press("down");
    term.press("enter");
    // The files first, then the actions.
    await term.waitFor("These files changed since and go back with the code:");
    await term.waitFor("Conversation and code");
    term.press("enter");
    await term.waitFor("The conversation is back to before “second makes a file”");
    expect(existsSync(join(repo, "src/new.ts"))).toBe(false);
    await term.waitFor("> second makes a file");
    term.press("enter");
    await term.waitFor("Again.");
    expect(sent(server, server.requests.length - 1)).toEqual([
      "user: first",
      "assistant: One.",
      "user: second makes a file",
    ]);
    const file = sessionFile(env);
    expect(file).toContain('"content":"third"');
    expect(file).toContain('{"type":"rewind","line":3}');
  });

  test("code only puts the files back and keeps the conversation", async () => {
    const { term, server, repo } = await tui.open(script("Still here."));
    await threeExchanges(term);
    await tui.send(term, "/rewind 3 code");
    await term.waitFor("deleted src/new.ts");
    expect(existsSync(join(repo, "src/new.ts"))).toBe(false);
    await tui.send(term, "fourth");
    await term.waitFor("Still here.");
    const last = sent(server, server.requests.length - 1);
    expect(last).toHaveLength(9); // three exchanges (one with a tool call and its result), then this
    expect(last.at(-1)).toBe("user: fourth");
  });

  test("conversation only leaves the files as they are", async () => {
    const { term, server, repo } = await tui.open(script("Back."));
    await threeExchanges(term);
    await tui.send(term, "/rewind 3 conversation");
    await term.waitFor("The conversation is back to before");
    expect(existsSync(join(repo, "src/new.ts"))).toBe(true);
    await term.waitFor("> second makes a file");
    term.press("enter");
    await term.waitFor("Back.");
    expect(sent(server, server.requests.length - 1)).toEqual([
      "user: first",
      "assistant: One.",
      "user: second makes a file",
    ]);
  });

  test("a rewind reaches back before a compaction: the messages it summarised come back", async () => {
    const { term, server } = await tui.open([
      reply().text("One."),
      reply().text("Two."),
      reply().text("Three."),
      reply().text("Four."),
      reply().text("Goal: count. Decisions: none."),
      reply().text("Recounted."),
    ]);
    for (const [n, answer] of [
      ["1", "One."],
      ["2", "Two."],
      ["3", "Three."],
      ["4", "Four."],
    ] as const) {
      await tui.send(term, `count ${n}`);
      await term.waitFor(answer);
    }
    await tui.send(term, "/compact");
    await term.waitFor(/Compacted: [\d.k]+ → [\d.k]+ tokens/);
    term.type("/rewind");
    await term.waitFor("Go back to before one of your messages");
    term.press("enter");
    await term.waitFor(/count 4[\s\S]*count 3[\s\S]*count 2[\s\S]*count 1/);
    term.press("ctrl+u");
    await term.waitFor((s) => !s.includes("Enter run"));
    await tui.send(term, "/rewind 3 conversation");
    await term.waitFor("The conversation is back to before “count 2”");
    await term.waitFor("> count 2");
    term.press("enter");
    await term.waitFor("Recounted.");
    expect(sent(server, server.requests.length - 1)).toEqual([
      "user: count 1",
      "assistant: One.",
      "user: count 2",
    ]);
  });
});

describe("fork and export in the TUI", () => {
  test("/fork goes on in a copy; /export writes a file once and never overwrites it", async () => {
    const { term, server, repo, env } = await tui.open([
      reply().text("One."),
      reply().text("In the fork."),
    ]);
    await tui.send(term, "first");
    await term.waitFor("One.");
    const dir = join(env.XDG_DATA_HOME!, "north", "sessions");
    const [parentName] = readdirSync(dir).filter((n) => n.endsWith(".jsonl"));
    await tui.send(term, "/fork now");
    await term.waitFor("Forked: this is now conversation");
    // Read once the fork is made: /fork waits for the turn to end, so the parent's last lines
    // (written after "One." shows) are in; from here on nothing may change it.
    const parentBytes = readFileSync(join(dir, parentName!));
    await tui.send(term, "second");
    await term.waitFor("In the fork.");
    expect(sent(server, 1)).toEqual(["user: first", "assistant: One.", "user: second"]);
    expect(readFileSync(join(dir, parentName!)).equals(parentBytes)).toBe(true);
    await tui.send(term, "/export talk.md");
    await term.waitFor("Wrote the conversation to");
    const md = readFileSync(join(repo, "talk.md"), "utf8");
    expect(md).toContain("## You\n\nsecond");
    await tui.send(term, "/export talk.md");
    await term.waitFor("exists; it was not overwritten");
    expect(readFileSync(join(repo, "talk.md"), "utf8")).toBe(md);
  });
});
