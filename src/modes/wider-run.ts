import { WIDER_RUN_EVENT } from "../code-cache.js";
import type { Session } from "../session/index.js";

/**
 * Tells the code cache, once, that `session` ran a tool: the cache a run without tools made is
 * then made again at exit, with the tools' code compiled (see `WIDER_RUN_EVENT`).
 */
export function noteWiderRun(session: Pick<Session, "subscribe">): void {
  let done = false;
  const off = session.subscribe((event) => {
    if (done || event.type !== "tool_result") return;
    done = true;
    (process as NodeJS.EventEmitter).emit(WIDER_RUN_EVENT);
    // After `subscribe` has returned, even if it called this listener itself.
    queueMicrotask(() => off());
  });
}

/**
 * Tells the code cache that this run uses code a plain answer does not from the start (`north
 * acp`: the protocol's SDK and its schemas), so its compiled code is kept as for a tool run.
 */
export function noteWiderStart(): void {
  (process as NodeJS.EventEmitter).emit(WIDER_RUN_EVENT);
}
