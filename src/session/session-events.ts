import type { SessionEvent } from "./session-api.js";

type Listener = (event: SessionEvent) => void;

/**
 * The session's one event stream. A notice said before anyone listens (an MCP server failing at
 * once) is kept and given to each listener that subscribes before events flow — a front end may
 * subscribe more than one (its display and a helper), and each must see it; once an event has
 * gone out to listeners, the kept notices are dropped.
 */
export class SessionEvents {
  private readonly listeners = new Set<Listener>();
  private readonly early: SessionEvent[] = [];

  /** Sends `event` to every listener, in the order they subscribed. */
  readonly broadcast = (event: SessionEvent): void => {
    if (this.listeners.size > 0) this.early.length = 0;
    for (const listener of this.listeners) listener(event);
  };

  /** A warning for the person: sent now, or kept until someone listens. */
  notice(text: string): void {
    const event: SessionEvent = { type: "notice", tone: "warn", text };
    if (this.listeners.size > 0) this.broadcast(event);
    else this.early.push(event);
  }

  /**
   * Adds `listener`: it first gets `opening` (the state it starts from), then the kept notices,
   * then every event. Returns the function that removes it.
   */
  subscribe(listener: Listener, opening: readonly SessionEvent[]): () => void {
    for (const event of opening) listener(event);
    for (const event of this.early) listener(event);
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}
