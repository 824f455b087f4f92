import type { TurnResult } from "../../src/agent/loop.js";
import type { Session, SubmitOptions } from "../../src/session/index.js";

/**
 * Submits `text` and waits for its turn's end, as a front end runs one message (through the
 * queue and the event stream; subscribe first to see the events). Throws when it did not run.
 */
export async function submitAndWait(
  session: Session,
  text: string,
  options?: SubmitOptions,
): Promise<TurnResult> {
  const result = await session.submit(text, options).done;
  if (!result) throw new Error(`The message did not run: ${text}`);
  return result;
}
