// Browse mode over a long conversation, without a terminal: for bench/browse.mjs.
import { Writable } from "node:stream";
import { createBrowseScreen } from "../../src/modes/interactive/browse/browse-screen.js";
import { frameLines } from "../../src/modes/interactive/browse/frame.js";
import { buildGroups } from "../../src/modes/interactive/browse/groups.js";
import { cachedLines } from "../../src/modes/interactive/browse/item-lines.js";
import { createOutputGate } from "../../src/modes/interactive/browse/output-gate.js";
import { initialView, layout } from "../../src/modes/interactive/browse/view-state.js";
import { decodeKey } from "../../src/modes/interactive/keys.js";
import { createStore } from "../../src/modes/interactive/store.js";

/**
 * A store holding `turns` questions, each answered with three paragraphs of prose, and browse
 * mode on a 120×40 screen that writes nowhere. `bytes` counts what browse mode wrote.
 */
export function browseFixture(turns: number) {
  let bytes = 0;
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
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
  const linesOf = cachedLines(116);
  let view: ReturnType<typeof initialView> | undefined;
  return {
    open: () => browse.open(),
    close: () => browse.close(),
    /** Moves the cursor one group up (one frame drawn). */
    up: () => browse.onKey(keys.up),
    /** Opens or folds the group under the cursor. */
    toggle: () => browse.onKey(keys.enter),
    written: () => bytes,
    /**
     * A frame drawn while an answer streams (what the screen's paced redraw does): a new piece
     * of text in the store, then the groups, the rows and the frame's lines made from it.
     */
    streamingFrame: () => {
      const state = store.getState();
      if (!state.busy) store.dispatch({ type: "submitted", text: "and now?" });
      store.dispatch({ type: "agent", event: { type: "text_delta", text: "More words arrive. " } });
      const now = store.getState();
      const groups = buildGroups(now.entries, now);
      view ??= initialView(groups);
      const rows = layout(groups, view, linesOf, 118);
      frameLines(rows, view, { width: 120, height: 40 }, { streaming: true, review: false });
    },
  };
}
