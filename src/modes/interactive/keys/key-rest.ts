/**
 * Work that waits for the keyboard to rest. Some of the interface's work is needed by no key:
 * after the first frame, loading the Markdown renderer (~30 ms) and warming the width measure
 * (~65 ms); in the background, the session's project card build and developer tools discovery
 * (processes started and files parsed: 30-120 ms tasks in a profile of an answer streaming).
 * Run at once, each delays the echo of whatever the person types meanwhile (the `@` picker's
 * first match in a large repository waited behind the first: bench/large-repo.mjs; a key typed
 * while an answer streams, behind the second: bench/tui-keys.mjs). Here such work runs once no
 * key has come for a while (and, for the background, no answer streams). Work that a key may
 * need (the session: slash commands' choices) does not wait, nor does work a key asks for
 * (sending a message loads the renderer).
 *
 * One keyboard per process: `keyRest` is the interface's, which `useKeyboard` tells of every
 * input it reads; tests make their own with `createKeyRest`.
 */
/**
 * How long the keyboard rests before work no key needs runs (after the first frame, the
 * session's background work, the `@` picker's listing): longer than the gap between keys of a
 * word typed, shorter than a person's pause to read.
 */
export const KEYS_REST_MS = 250;

export interface KeyRest {
  /** Notes that keys were read now. */
  noteKeys(now?: number): void;
  /**
   * Runs `work` in a turn of its own once `restMs` have passed since the last key, or since
   * this call when no key came after it (keys typed during the task that calls this are still
   * unread in the terminal: the interface's first frame is drawn in the same task), and `busy`
   * (an answer streaming) is false; looked at again every `restMs` while it is true. The
   * timers do not keep the process alive.
   */
  whenKeysRest(restMs: number, work: () => void, busy?: () => boolean): void;
}

export function createKeyRest(): KeyRest {
  let lastKey = Number.NEGATIVE_INFINITY;
  return {
    noteKeys(now = performance.now()) {
      lastKey = now;
    },
    whenKeysRest(restMs, work, busy) {
      const asked = performance.now();
      const check = () => {
        const wait = Math.max(lastKey, asked) + restMs - performance.now();
        if (wait > 0) setTimeout(check, wait).unref();
        else if (busy?.()) setTimeout(check, restMs).unref();
        else work();
      };
      setTimeout(check, restMs).unref();
    },
  };
}

/** The interface's keyboard. */
export const keyRest: KeyRest = createKeyRest();
