import { afterEach, describe, expect, test, vi } from "vitest";
import { ReplyFilter } from "./terminal-replies.js";

/** A filter and what came out of it: replies and keys (held input released included). */
function setup() {
  const replies: string[] = [];
  const keys: string[] = [];
  const filter = new ReplyFilter(
    (payload) => replies.push(payload),
    (held) => keys.push(...held),
  );
  /** Pushes Ink's input events in order, collecting the keys. */
  const push = (...events: string[]) => {
    for (const event of events) keys.push(...filter.push(event));
  };
  return { filter, replies, keys, push };
}

afterEach(() => void vi.useRealTimers());

describe("ReplyFilter", () => {
  test("a reply ended by BEL is taken out; keys around it pass", () => {
    const { replies, keys, push } = setup();
    push("a", "\x1b]", "11;rgb:ffff/ffff/ffff\x07", "b");
    expect(replies).toEqual(["11;rgb:ffff/ffff/ffff"]);
    expect(keys).toEqual(["a", "b"]);
  });

  test("a reply ended by ST (ESC \\)", () => {
    const { replies, keys, push } = setup();
    push("\x1b]", "11;rgb:00/00/00", "\x1b\\", "x");
    expect(replies).toEqual(["11;rgb:00/00/00"]);
    expect(keys).toEqual(["x"]);
  });

  test("split across reads anywhere, keys typed right after it in the same read", () => {
    const { replies, keys, push } = setup();
    push("\x1b]", "1", "1;rgb:ff", "ff/ffff/", "ffff\x07hello");
    expect(replies).toEqual(["11;rgb:ffff/ffff/ffff"]);
    expect(keys).toEqual(["hello"]);
  });

  test("ST cut between its ESC and backslash", () => {
    const { replies, keys, push } = setup();
    push("\x1b]", "11;rgb:ffff/ffff/ffff", "\x1b", "\\typed");
    expect(replies).toEqual(["11;rgb:ffff/ffff/ffff"]);
    expect(keys).toEqual(["typed"]);
  });

  test("while a reply is awaited, a lone ESC waits to see whether a reply follows", () => {
    vi.useFakeTimers();
    const { filter, replies, keys, push } = setup();
    filter.expect(150);
    push("\x1b", "]11;rgb:ffff/ffff/ffff\x07");
    expect(replies).toEqual(["11;rgb:ffff/ffff/ffff"]);
    expect(keys).toEqual([]);
    // The Escape key pressed meanwhile: handed on with the next key, or when the wait ends.
    push("\x1b", "a");
    expect(keys).toEqual(["\x1b", "a"]);
    push("\x1b");
    expect(keys).toEqual(["\x1b", "a"]);
    vi.advanceTimersByTime(150);
    expect(keys).toEqual(["\x1b", "a", "\x1b"]);
    // Once the wait is over, Escape is a key at once.
    push("\x1b");
    expect(keys).toEqual(["\x1b", "a", "\x1b", "\x1b"]);
  });

  test("a late reply, after the wait, is still taken out", () => {
    vi.useFakeTimers();
    const { filter, replies, keys, push } = setup();
    filter.expect(150);
    vi.advanceTimersByTime(1000);
    push("\x1b]", "11;rgb:0000/0000/0000\x07");
    expect(replies).toEqual(["11;rgb:0000/0000/0000"]);
    expect(keys).toEqual([]);
  });

  test("Alt+] followed by typing is keys, not a reply", () => {
    const { replies, keys, push } = setup();
    push("\x1b]", "abc");
    expect(replies).toEqual([]);
    expect(keys).toEqual(["\x1b]", "abc"]);
  });

  test("another escape sequence before a terminator ends the would-be reply", () => {
    const { replies, keys, push } = setup();
    push("\x1b]", "11;rgb:ff", "\x1b[A", "z");
    expect(replies).toEqual([]);
    expect(keys).toEqual(["\x1b[A", "z"]);
  });

  test("whole reads with replies inside, as a reader without Ink's splitting would pass them", () => {
    const { replies, keys, push } = setup();
    push("ab\x1b]11;rgb:ffff/ffff/ffff\x1b\\cd\x1b]11;rgb:00/00/00\x07\x1b[A");
    expect(replies).toEqual(["11;rgb:ffff/ffff/ffff", "11;rgb:00/00/00"]);
    expect(keys).toEqual(["ab", "cd", "\x1b[A"]);
    push("\x1b]11;rgb:ff/ff/ff\x1b");
    push("\\x");
    expect(replies.at(-1)).toBe("11;rgb:ff/ff/ff");
    expect(keys.at(-1)).toBe("x");
  });

  test("other OSC replies are taken out too", () => {
    const { replies, keys, push } = setup();
    push("\x1b]", "10;rgb:0000/0000/0000\x07");
    expect(replies).toEqual(["10;rgb:0000/0000/0000"]);
    expect(keys).toEqual([]);
  });
});

describe("focus reports", () => {
  test("CSI I and CSI O are taken out of the keys and told as focus", () => {
    const seen: boolean[] = [];
    const filter = new ReplyFilter(() => undefined);
    filter.onFocus = (focused) => seen.push(focused);
    expect(filter.push("\x1b[O")).toEqual([]);
    expect(filter.push("ab\x1b[Icd")).toEqual(["ab", "cd"]);
    expect(filter.push("\x1b[A")).toEqual(["\x1b[A"]);
    expect(seen).toEqual([false, true]);
  });
});
