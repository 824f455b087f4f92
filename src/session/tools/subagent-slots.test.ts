import { describe, expect, it } from "vitest";
import { getEventListeners } from "node:events";
import { SubagentSlots } from "./subagent-slots.js";

describe("SubagentSlots", () => {
  it("holds at most the limit and serves waiters in order", async () => {
    const slots = new SubagentSlots(2);
    const signal = new AbortController().signal;
    expect(await slots.acquire(signal)).toBe(true);
    expect(await slots.acquire(signal)).toBe(true);
    const order: number[] = [];
    const third = slots.acquire(signal).then((got) => order.push(3) && got);
    const fourth = slots.acquire(signal).then((got) => order.push(4) && got);
    expect(slots.queued).toBe(2);
    slots.release();
    expect(await third).toBe(true);
    slots.release();
    expect(await fourth).toBe(true);
    expect(order).toEqual([3, 4]);
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
  });

  it("drops the waiters of a cancelled turn with one listener, and keeps the others", async () => {
    const slots = new SubagentSlots(1);
    const turn = new AbortController();
    const other = new AbortController();
    expect(await slots.acquire(turn.signal)).toBe(true);
    const waits = Array.from({ length: 30 }, () => slots.acquire(turn.signal));
    const otherWait = slots.acquire(other.signal);
    expect(getEventListeners(turn.signal, "abort")).toHaveLength(1);
    turn.abort();
    expect(await Promise.all(waits)).toEqual(Array(30).fill(false));
    expect(slots.queued).toBe(1);
    slots.release();
    expect(await otherWait).toBe(true);
    expect(await slots.acquire(turn.signal)).toBe(false);
  });
});
