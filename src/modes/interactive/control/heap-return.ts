import type { Session as InspectorSession } from "node:inspector";
import { getHeapStatistics } from "node:v8";
import { inspector } from "../../../platform/lazy-builtins.js";

/**
 * Gives back to the system the heap that one burst of work grew (issue 32). Streaming a 1 MB
 * Markdown answer grows V8's heap from ~22 to ~80 MiB committed while ~31 MiB stays live: the
 * young generation ends at its ceiling (2 × 16 MiB semi-spaces, ~1 MiB used once the answer is
 * done) and the old one keeps ~16 MiB of pages freed by the answer's garbage (measured with
 * v8.getHeapSpaceStatistics after the answer: RSS 152 MiB, then 105 MiB after the collection
 * below). V8 shrinks them only during a collection that finds allocation slow or is asked to
 * reduce memory, and an idle interface allocates nothing, so no collection ever comes: without
 * this, the process keeps the burst's size for as long as it stays open.
 *
 * `answerEnded` is called when an answer is on screen; the check waits for `rest` (the
 * keyboard resting and no answer streaming, key-rest.ts): the collection blocks the thread
 * (140-310 ms after a 1 MB answer on a loaded 2-core machine), so it never runs while keys are
 * typed or an answer streams. It runs only when the committed heap grew by at least `growth`
 * since it was last given back (or since the interface started), so that a short answer costs
 * nothing. One check waits at a time, one collection runs at a time, and what a collection
 * leaves is the new starting point.
 */
export interface HeapReturn {
  answerEnded(): void;
}

/** Growth of the committed heap (bytes) that makes a collection worth its pause. */
export const RETURN_GROWTH = 24 * 1024 * 1024;

export interface HeapReturnDeps {
  /** Runs `check` once the keyboard rests and no answer streams. */
  rest: (check: () => void) => void;
  /** Bytes of heap committed now; V8's `total_heap_size` unless a test gives its own. */
  committed?: () => number;
  /** Runs the memory-reducing collection, then calls `done`; {@link collectAll} by default. */
  collect?: (done: () => void) => void;
  growth?: number;
}

export function createHeapReturn(deps: HeapReturnDeps): HeapReturn {
  const committed = deps.committed ?? (() => getHeapStatistics().total_heap_size);
  const collect = deps.collect ?? collectAll;
  const growth = deps.growth ?? RETURN_GROWTH;
  let base = committed();
  let waiting = false;
  let running = false;
  const check = () => {
    waiting = false;
    if (running || committed() - base < growth) return;
    running = true;
    collect(() => {
      running = false;
      base = committed();
    });
  };
  return {
    answerEnded() {
      if (waiting) return;
      waiting = true;
      deps.rest(check);
    },
  };
}

/**
 * V8's "all available garbage" collection — the one an embedder's low-memory notification
 * makes: it compacts the old generation, releases its empty pages and shrinks the young one
 * to its floor. Node reaches it only through the in-process inspector protocol
 * (`HeapProfiler.collectGarbage`; no port is opened, nothing else is enabled). Where Node was
 * built without the inspector nothing is collected. `done` is called in a later turn: a
 * session disconnected inside its own callback never returns (Node 20).
 */
export function collectAll(done: () => void): void {
  let session: InspectorSession;
  try {
    session = new (inspector().Session)();
    session.connect();
  } catch {
    return done();
  }
  session.post("HeapProfiler.collectGarbage", () => {
    setImmediate(() => {
      session.disconnect();
      done();
    });
  });
}
