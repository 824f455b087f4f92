import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { replaceText } from "./editor.js";
import { GhostText, SUGGEST_DELAY_MS, wantsSuggestion } from "./ghost-text.js";

describe("wantsSuggestion", () => {
  it("takes normal text of 3 characters or more, the cursor at its end", () => {
    expect(wantsSuggestion(replaceText("fix"), false)).toBe(true);
    expect(wantsSuggestion(replaceText("fi"), false)).toBe(false);
    expect(wantsSuggestion({ text: "fix the bug", cursor: 3 }, false)).toBe(false);
    expect(wantsSuggestion(replaceText("first line\nsecond"), false)).toBe(true);
    expect(wantsSuggestion(replaceText("first line\n"), false)).toBe(false);
  });

  it("never for a command, a shell command, an @ mention being typed, or history", () => {
    expect(wantsSuggestion(replaceText("/help"), false)).toBe(false);
    expect(wantsSuggestion(replaceText("!ls -la"), false)).toBe(false);
    expect(wantsSuggestion(replaceText("look at @src/re"), false)).toBe(false);
    expect(wantsSuggestion(replaceText("@REA"), false)).toBe(false);
    expect(wantsSuggestion(replaceText("look at @src/retry.ts and"), false)).toBe(true);
    expect(wantsSuggestion(replaceText("an older message"), true)).toBe(false);
  });
});

describe("GhostText", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function ghost(answer: (text: string, signal: AbortSignal) => Promise<string | undefined>) {
    const asked: string[] = [];
    const signals: AbortSignal[] = [];
    const shown: (string | undefined)[] = [];
    const control = new GhostText({
      suggest: (text, signal) => {
        asked.push(text);
        signals.push(signal);
        return answer(text, signal);
      },
      show: (g) => shown.push(g),
    });
    return { control, asked, signals, shown };
  }

  it("asks 400 ms after the last edit, shows the answer, and hands it over to the next key", async () => {
    const { control, asked, shown } = ghost(async () => " world");
    control.edited("hel", true);
    await vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS - 1);
    control.edited("hello", true);
    await vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS - 1);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toEqual(["hello"]);
    expect(shown).toEqual([" world"]);
    expect(control.current).toBe(" world");
    expect(control.take()).toBe(" world");
    expect(shown).toEqual([" world", undefined]);
    expect(control.take()).toBeUndefined();
  });

  it("asks nothing for text that is not eligible, however long the pause", async () => {
    const { control, asked } = ghost(async () => "x");
    control.edited("/help", false);
    await vi.advanceTimersByTimeAsync(10 * SUGGEST_DELAY_MS);
    expect(asked).toEqual([]);
  });

  it("an edit or a key while a request runs aborts it and nothing shows", async () => {
    let finish: (value: string) => void = () => undefined;
    const { control, signals, shown } = ghost(
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    control.edited("hello", true);
    await vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS);
    expect(signals).toHaveLength(1);
    expect(control.take()).toBeUndefined();
    expect(signals[0]!.aborted).toBe(true);
    finish(" late");
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual([]);
    expect(control.current).toBeUndefined();
  });

  it("a key during the pause cancels the request that was due", async () => {
    const { control, asked } = ghost(async () => "x");
    control.edited("hello", true);
    await vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS / 2);
    control.take();
    await vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS);
    expect(asked).toEqual([]);
  });
});
