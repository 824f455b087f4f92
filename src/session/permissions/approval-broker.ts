import type { AgentEvent } from "../../agent/events.js";
import type { Ask, Decision } from "./policy.js";

/**
 * Turns the policy's questions into `approval_request` events and the person's answers
 * (`respond`) back into decisions. A pending question resolves as rejected when the turn is
 * cancelled, so a cancel never leaves the loop waiting.
 */
export class ApprovalBroker {
  private pending = new Map<string, (decision: Decision) => void>();
  private emit: (event: AgentEvent) => void = () => {};

  /** The event sink of the turn in progress. */
  attach(emit: (event: AgentEvent) => void): void {
    this.emit = emit;
  }

  readonly ask: Ask = (request, signal) =>
    new Promise<Decision>((resolve) => {
      if (signal.aborted) return resolve({ type: "reject", reason: "cancelled" });
      const done = (decision: Decision) => {
        signal.removeEventListener("abort", onAbort);
        this.pending.delete(request.id);
        resolve(decision);
      };
      const onAbort = () => done({ type: "reject", reason: "cancelled" });
      signal.addEventListener("abort", onAbort, { once: true });
      this.pending.set(request.id, done);
      this.emit({ type: "approval_request", ...request });
    });

  /** Answers a pending request; returns false when none is pending under that id. */
  respond(id: string, decision: Decision): boolean {
    const resolve = this.pending.get(id);
    if (!resolve) return false;
    resolve(decision);
    return true;
  }

  get waiting(): string[] {
    return [...this.pending.keys()];
  }
}
