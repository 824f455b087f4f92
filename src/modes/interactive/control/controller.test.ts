import { describe, expect, it, vi } from "vitest";
import type { Session, SessionEvent } from "../../../session/index.js";
import { TurnController } from "./controller.js";

describe("a turn's end", () => {
  it("is told once every text before it is on the screen, not when the session ends it", async () => {
    const listeners = new Set<(event: SessionEvent) => void>();
    const session = {
      busy: false,
      subscribe(listener: (event: SessionEvent) => void) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    } as unknown as Session;
    let shown = 0;
    const ends: number[] = [];
    const controller = new TurnController({
      dispatch: (action) => {
        if (action.type === "agent" && action.event.type === "text_delta")
          shown += action.event.text.length;
      },
      session: async () => session,
      log: () => {},
      answerShown: () => ends.push(shown),
    });
    controller.bind(session);
    // More text than one slice of the pacer: it reaches the screen over several turns.
    const text = "word ".repeat(40_000);
    for (const listener of listeners) {
      listener({ type: "text_delta", text });
      listener({ type: "message_end" });
    }
    expect(ends).toEqual([]);
    await vi.waitFor(() => expect(ends).toEqual([text.length]), { timeout: 5000, interval: 5 });
  });
});
