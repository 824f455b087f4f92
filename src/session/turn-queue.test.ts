import { describe, expect, test } from "vitest";
import type { TurnResult } from "../agent/loop.js";
import { emptyUsage } from "../ai/types.js";
import type { SessionEvent } from "./session-api.js";
import { TurnQueue } from "./turn-queue.js";

/**
 * A queue whose turns the test drives: each run waits until the test ends it, and `boundary`
 * takes the steering as the loop would at a step boundary (`ending`: the model asked for no
 * tool). The texts each turn ran with, and what it took as steering, are recorded.
 */
function drivenQueue() {
  const events: SessionEvent[] = [];
  const ran: string[] = [];
  const steered: string[] = [];
  let current:
    | { end: (stop?: TurnResult["stopReason"]) => void; steering: (e: boolean) => string[] }
    | undefined;
  const queue = new TurnQueue({
    emit: (event) => events.push(event),
    log: () => undefined,
    run: (text, _options, signal, steering) =>
      new Promise<TurnResult>((resolve) => {
        ran.push(text);
        const end = (stopReason: TurnResult["stopReason"] = "end") => {
          current = undefined;
          resolve({ stopReason, text: "", steps: 1, toolCalls: 0, usage: emptyUsage() });
        };
        signal.addEventListener("abort", () => end("aborted"));
        current = { end, steering };
      }),
  });
  const settled = () => new Promise((resolve) => setImmediate(resolve));
  return {
    queue,
    events,
    ran,
    steered,
    /** The loop at a step boundary of the running turn. */
    boundary(ending: boolean) {
      steered.push(...current!.steering(ending));
    },
    async end(stop?: TurnResult["stopReason"]) {
      current!.end(stop);
      await settled();
    },
    lastQueue: () => events.filter((e) => e.type === "queue").at(-1),
    notices: () => events.flatMap((e) => (e.type === "notice" ? [e.text] : [])),
  };
}

describe("TurnQueue", () => {
  test("steering waits in the queue event until the turn takes it", () => {
    const q = drivenQueue();
    q.queue.submit("first");
    expect(q.queue.steer("shorter")).toBe("steered");
    expect(q.lastQueue()).toEqual({ type: "queue", messages: [], steering: ["shorter"] });
    q.boundary(false);
    expect(q.steered).toEqual(["shorter"]);
    expect(q.lastQueue()).toEqual({ type: "queue", messages: [], steering: [] });
  });

  test("after tool results every steering message joins the turn", () => {
    const q = drivenQueue();
    q.queue.submit("first");
    q.queue.submit("later");
    q.queue.steer("now");
    q.boundary(false);
    expect(q.steered).toEqual(["now"]);
    expect(q.queue.queued).toEqual(["later"]);
  });

  test("when the model ends the turn, steering never overtakes a message sent before it", async () => {
    const q = drivenQueue();
    q.queue.submit("first");
    q.queue.steer("early steer");
    q.queue.submit("queued");
    q.queue.steer("late steer");
    q.boundary(true);
    expect(q.steered).toEqual(["early steer"]);
    await q.end();
    expect(q.notices()).toEqual([
      "The turn ended before it could take your steering message: it goes as a message, after any queued before it.",
    ]);
    expect(q.ran).toEqual(["first", "queued"]);
    expect(q.queue.queued).toEqual(["late steer"]);
    await q.end();
    expect(q.ran).toEqual(["first", "queued", "late steer"]);
  });

  test("cancel returns messages and steering in the order sent", () => {
    const q = drivenQueue();
    q.queue.submit("first");
    q.queue.submit("one");
    q.queue.steer("two");
    q.queue.submit("three");
    expect(q.queue.cancel()).toEqual(["one", "two", "three"]);
    expect(q.lastQueue()).toEqual({ type: "queue", messages: [], steering: [] });
  });
});
