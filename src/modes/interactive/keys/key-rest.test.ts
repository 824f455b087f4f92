import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createKeyRest, type KeyRest } from "./key-rest.js";

let rest: KeyRest;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "setImmediate", "performance"] });
  rest = createKeyRest();
});
afterEach(() => vi.useRealTimers());

describe("start-up work that waits for the keyboard to rest", () => {
  it("runs a rest after it was asked for when no key comes", () => {
    let ran = 0;
    rest.whenKeysRest(250, () => ran++);
    vi.advanceTimersByTime(249);
    expect(ran).toBe(0);
    vi.advanceTimersByTime(1);
    expect(ran).toBe(1);
  });

  it("waits while keys come, and runs a rest after the last", () => {
    let ran = 0;
    rest.whenKeysRest(250, () => ran++);
    // A word typed 100 ms a key: 1 s of typing.
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(100);
      rest.noteKeys();
    }
    expect(ran).toBe(0);
    vi.advanceTimersByTime(249);
    expect(ran).toBe(0);
    vi.advanceTimersByTime(1);
    expect(ran).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(ran).toBe(1);
  });
});

describe("background work", () => {
  it("waits while an answer streams, then for the keyboard to rest", () => {
    let ran = 0;
    let streaming = true;
    rest.whenKeysRest(
      250,
      () => ran++,
      () => streaming,
    );
    vi.advanceTimersByTime(5000);
    expect(ran).toBe(0);
    streaming = false;
    rest.noteKeys();
    vi.advanceTimersByTime(249);
    expect(ran).toBe(0);
    vi.advanceTimersByTime(1);
    expect(ran).toBe(1);
  });
});
