import { Writable } from "node:stream";
import { stripVTControlCharacters } from "node:util";
import { describe, expect, test } from "vitest";
import { decodeKey } from "../keys/keys.js";
import { createStore } from "../state/store.js";
import { createBrowseScreen } from "./browse-screen.js";
import { ALT_SCREEN_OFF, ALT_SCREEN_ON } from "./frame.js";
import { createOutputGate } from "./output-gate.js";

/** A terminal's output as a stream: what was written, in order, and its size. */
function terminal(columns = 80, rows = 12) {
  const chunks: string[] = [];
  let onWrite: (() => void) | undefined;
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      onWrite?.();
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  Object.assign(out, { columns, rows, isTTY: true });
  /** Resolves at the next write. */
  const nextWrite = () => new Promise<void>((resolve) => (onWrite = resolve));
  return { out, chunks, nextWrite, text: () => chunks.join("") };
}

function setup() {
  const term = terminal();
  const store = createStore(12, 80);
  store.dispatch({ type: "submitted", text: "first question" });
  store.dispatch({ type: "agent", event: { type: "text_delta", text: "First answer." } });
  store.dispatch({ type: "idle" });
  store.dispatch({ type: "submitted", text: "second question" });
  store.dispatch({ type: "agent", event: { type: "text_delta", text: "Second answer." } });
  store.dispatch({ type: "idle" });
  const gate = createOutputGate(term.out);
  const browse = createBrowseScreen({ store, out: term.out, gate });
  return { term, store, gate, browse };
}

describe("the output gate", () => {
  test("holds writes while asked and writes them, in order, on release", async () => {
    const term = terminal();
    const gate = createOutputGate(term.out);
    gate.stream.write("a");
    gate.hold();
    let called = false;
    gate.stream.write("b", () => (called = true));
    gate.stream.write("c");
    expect(term.chunks).toEqual(["a"]);
    await new Promise<void>((resolve) => process.nextTick(resolve));
    expect(called).toBe(true);
    gate.release();
    expect(term.chunks).toEqual(["a", "bc"]);
    gate.stream.write("d");
    expect(term.chunks.at(-1)).toBe("d");
    // Everything else is the real stream's.
    expect(gate.stream.columns).toBe(80);
  });
});

describe("the browse screen", () => {
  test("draws on the alternate screen; Ink's writes wait until the normal screen is back", () => {
    const { term, gate, browse } = setup();
    const seen: boolean[] = [];
    browse.subscribe(() => seen.push(browse.isOpen()));
    browse.open();
    expect(browse.isOpen()).toBe(true);
    expect(term.chunks[0]).toBe(ALT_SCREEN_ON);
    const frame = stripVTControlCharacters(term.text());
    expect(frame).toContain("▶ first question → First answer. (2 lines)");
    expect(frame).toContain("▼ second question");
    expect(frame).toContain("Second answer.");
    expect(frame).toContain("BROWSE");

    gate.stream.write("ink frame");
    expect(term.text()).not.toContain("ink frame");
    browse.onKey(decodeKey("q"));
    expect(browse.isOpen()).toBe(false);
    expect(term.chunks.slice(-2)).toEqual([ALT_SCREEN_OFF, "ink frame"]);
    expect(seen).toEqual([true, false]);
  });

  test("keys move, open and search; the frame is drawn again after each", () => {
    const { term, browse } = setup();
    browse.open();
    browse.onKey(decodeKey("\x1b[A"));
    browse.onKey(decodeKey("\r"));
    let frame = stripVTControlCharacters(term.chunks.at(-1)!);
    expect(frame).toContain("▼ first question");
    expect(frame).toContain("First answer.");
    browse.onKey({ id: "text", text: "/second" });
    frame = stripVTControlCharacters(term.chunks.at(-1)!);
    expect(frame).toContain("/second");
    browse.onKey(decodeKey("\r"));
    frame = stripVTControlCharacters(term.chunks.at(-1)!);
    expect(frame).toContain("“second”: 1 of 2");
    browse.onKey(decodeKey("\x1b"));
    expect(browse.isOpen()).toBe(false);
  });

  test("a review that waits meanwhile is said on the bottom line", () => {
    const { term, store, browse } = setup();
    store.dispatch({ type: "submitted", text: "edit it" });
    store.dispatch({
      type: "agent",
      event: { type: "tool_call", id: "c1", name: "edit_file", kind: "edit", arguments: {} },
    });
    store.dispatch({
      type: "agent",
      event: {
        type: "approval_request",
        id: "c1",
        name: "edit_file",
        review: { type: "command", command: "make", cwd: "/repo" },
      },
    });
    browse.open();
    expect(stripVTControlCharacters(term.text())).toContain("a change waits for your answer");
  });

  test("the cursor on streaming thinking goes to its group once the thinking settles", async () => {
    const { term, store, browse } = setup();
    store.dispatch({ type: "submitted", text: "think" });
    store.dispatch({ type: "agent", event: { type: "thinking_delta", text: "pondering" } });
    browse.open();
    browse.onKey(decodeKey("\x1b[B"));
    expect(stripVTControlCharacters(term.chunks.at(-1)!)).toMatch(/❯ ▼ +✻ Thinking…/);
    const drawn = term.nextWrite();
    store.dispatch({ type: "agent", event: { type: "text_delta", text: "Answer." } });
    await drawn;
    expect(stripVTControlCharacters(term.chunks.at(-1)!)).toContain("❯ ▼ think");
  });

  test("a streaming answer is drawn as it comes", async () => {
    const { term, store, browse } = setup();
    store.dispatch({ type: "submitted", text: "third question" });
    browse.open();
    expect(stripVTControlCharacters(term.text())).toContain("answering…");
    const drawn = term.nextWrite();
    store.dispatch({ type: "agent", event: { type: "text_delta", text: "Third answer, live." } });
    await drawn;
    expect(stripVTControlCharacters(term.chunks.at(-1)!)).toContain("Third answer, live.");
    browse.close();
    expect(term.chunks.at(-1)).toBe(ALT_SCREEN_OFF);
  });
});
