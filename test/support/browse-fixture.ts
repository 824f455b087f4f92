// Browse mode over a long conversation, without a terminal: for bench/browse.mjs.
import { Writable } from "node:stream";
import { createBrowseScreen, FRAME_MS } from "../../src/modes/interactive/browse/browse-screen.js";
import { setTimeout as sleep } from "node:timers/promises";
import { createOutputGate } from "../../src/modes/interactive/browse/output-gate.js";
import { decodeKey } from "../../src/modes/interactive/keys/keys.js";
import { createStore } from "../../src/modes/interactive/state/store.js";

/**
 * A store holding `turns` questions, each answered with three paragraphs of prose, and browse
 * mode on a 120×40 screen whose output goes nowhere.
 */
export function browseFixture(turns: number) {
  let written: (() => void) | undefined;
  const out = new Writable({
    write(_chunk: Buffer, _encoding, done) {
      written?.();
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  Object.assign(out, { columns: 120, rows: 40, isTTY: true });
  const store = createStore(40, 120);
  const paragraph = "The retry policy backs off exponentially and is capped at thirty seconds. ";
  const answer = Array.from({ length: 3 }, () => paragraph.repeat(6)).join("\n\n");
  for (let i = 0; i < turns; i++) {
    store.dispatch({ type: "submitted", text: `question ${i}: where does the retry policy live?` });
    store.dispatch({ type: "agent", event: { type: "text_delta", text: answer } });
    store.dispatch({ type: "idle" });
  }
  const browse = createBrowseScreen({ store, out, gate: createOutputGate(out) });
  const keys = { up: decodeKey("\x1b[A"), enter: decodeKey("\r") };
  return {
    open: () => browse.open(),
    close: () => browse.close(),
    /** Moves the cursor one group up (one frame drawn). */
    up: () => browse.onKey(keys.up),
    /** Opens or folds the group under the cursor. */
    toggle: () => browse.onKey(keys.enter),
    /**
     * One frame while an answer streams, with browse mode open: a piece of text reaches the
     * store and the screen draws it (after its pacing has passed). Resolves with the time from
     * the store's update to the frame written, in ms.
     */
    streamingFrame: async (): Promise<number> => {
      if (!store.getState().busy) store.dispatch({ type: "submitted", text: "and now?" });
      await sleep(FRAME_MS + 2);
      const drawn = new Promise<void>((resolve) => (written = resolve));
      const start = performance.now();
      store.dispatch({ type: "agent", event: { type: "text_delta", text: "More words arrive. " } });
      await drawn;
      written = undefined;
      return performance.now() - start;
    },
  };
}
