import { describe, expect, it } from "vitest";
import { V8_FLAGS_EVENT } from "../code-cache.js";
import type { SessionEvent } from "../session/index.js";
import { capHeapOnceStreaming } from "./heap.js";

/** A session that only has subscribers, and sends them what the test says. */
function fakeSession() {
  const listeners = new Set<(event: SessionEvent) => void>();
  return {
    listeners,
    subscribe(listener: (event: SessionEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send(event: SessionEvent) {
      for (const listener of [...listeners]) listener(event);
    },
  };
}

describe("capHeapOnceStreaming", () => {
  it("changes the flag once, on the model's first output, and announces how to undo it", async () => {
    const announced: unknown[] = [];
    const note = (undo: unknown) => announced.push(undo);
    process.on(V8_FLAGS_EVENT, note);
    try {
      const session = fakeSession();
      const loaded: string[] = [];
      capHeapOnceStreaming(session, (id) => loaded.push(id));
      session.send({ type: "turn_start", prompt: "hi" });
      session.send({ type: "step_start", step: 1 });
      expect(announced).toEqual([]);
      session.send({ type: "text_delta", text: "Hi" });
      expect(announced).toEqual(["--semi-space-growth-factor=2"]);
      // An answer in text needs none of the tools' built-in modules.
      expect(loaded).toEqual([]);
      await Promise.resolve();
      expect(session.listeners.size).toBe(0);
      const next = fakeSession();
      capHeapOnceStreaming(next);
      expect(next.listeners.size).toBe(0);
      next.send({ type: "text_delta", text: "again" });
      expect(announced).toHaveLength(1);
    } finally {
      process.off(V8_FLAGS_EVENT, note);
    }
  });
});
