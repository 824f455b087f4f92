import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { AWAKE_MS, createTypingClock } from "./typing-clock.js";

// Fake timers: `advanceTimersByTime` is time in which the event loop ran its timers (a person
// pausing), `setSystemTime` moves the clock with no timer run (the loop stalled).
describe("the typing clock", () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());
  const stall = (ms: number) => vi.setSystemTime(Date.now() + ms);

  test("a pause with the loop free counts whole", () => {
    const clock = createTypingClock(() => Date.now());
    const first = clock.now();
    vi.advanceTimersByTime(600);
    expect(clock.now() - first).toBe(600);
    clock.stop();
  });

  test("a stall between two keys is left out, whether a beat ran after it or not", () => {
    const clock = createTypingClock(() => Date.now());
    const first = clock.now();
    vi.advanceTimersByTime(15);
    stall(700);
    // Read before any beat saw the stall.
    expect(clock.now() - first).toBeLessThan(60);
    vi.advanceTimersByTime(15);
    stall(900);
    vi.advanceTimersByTime(25); // a late beat runs first
    const third = clock.now();
    expect(third - first).toBeLessThan(120);
    vi.advanceTimersByTime(300);
    expect(clock.now() - third).toBe(300);
    clock.stop();
  });

  test("the heartbeat stops once keys stop, and starts again with the next", () => {
    const clock = createTypingClock(() => Date.now());
    clock.now();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(AWAKE_MS + 100);
    expect(vi.getTimerCount()).toBe(0);
    const before = clock.now();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(40);
    expect(clock.now() - before).toBe(40);
    clock.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
