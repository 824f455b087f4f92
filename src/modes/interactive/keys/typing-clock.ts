/**
 * A clock for judging how far apart keys were typed (the typing burst of `key-handler.ts`).
 *
 * North learns of a key when its event loop reads the terminal, not when the key was typed.
 * Keys typed 15 ms apart while the loop is busy (a React render, a tool finishing, a loaded
 * machine) wait in the terminal; read by the wall clock, the one read after the stall looks
 * hundreds of ms after the one before, and a burst of typing would end in the middle. This
 * clock leaves out the time the loop was stalled: while keys come, a heartbeat every
 * {@link BEAT_MS} counts the lateness of each beat beyond {@link SLACK_MS} as stalled time.
 *
 * A person's pause while the loop was also stalled is counted short by the stall: the burst
 * then lasts longer, which keeps typed text in the composer rather than sending or answering
 * with it. The heartbeat runs only for {@link AWAKE_MS} after the last reading, unref'd.
 */
export const BEAT_MS = 25;
export const SLACK_MS = 30;
export const AWAKE_MS = 2000;

export interface TypingClock {
  /** Milliseconds, like `performance.now()`, less the time the event loop was stalled. */
  now(): number;
  /** Stops the heartbeat (it also stops by itself {@link AWAKE_MS} after the last reading). */
  stop(): void;
}

export function createTypingClock(wall: () => number = () => performance.now()): TypingClock {
  let stalled = 0;
  let lastBeat = 0;
  let lastRead = 0;
  let timer: NodeJS.Timeout | undefined;
  /** Counts the time since the last beat beyond a beat and its slack as stalled. */
  const account = (t: number) => {
    const late = t - lastBeat - BEAT_MS;
    if (late > SLACK_MS) stalled += late;
    lastBeat = t;
  };
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const beat = () => {
    const t = wall();
    account(t);
    if (t - lastRead > AWAKE_MS) stop();
  };
  return {
    now() {
      const t = wall();
      lastRead = t;
      // A key read before a late beat ran: the stall up to it counts already.
      if (timer) account(t);
      else {
        lastBeat = t;
        timer = setInterval(beat, BEAT_MS);
        timer.unref();
      }
      return t - stalled;
    },
    stop,
  };
}
