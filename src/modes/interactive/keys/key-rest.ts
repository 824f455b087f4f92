/**
 * Work that waits for the keyboard to rest. Some of the interface's start-up work after the
 * first frame (loading the Markdown renderer, ~30 ms; warming the width measure, ~65 ms) is
 * needed by no key: run at once, it delays the echo of whatever the person types as the
 * composer shows (the `@` picker's first match in a large repository waited behind it:
 * bench/large-repo.mjs). Here such work runs once no key has come for `restMs`. Work that a key
 * may need (the session: slash commands' choices) does not wait, nor does work a key asks for
 * (sending a message loads the renderer). *
 * One keyboard per process, so the time of the last key is the module's: `useKeyboard` notes
 * every input it reads.
 */
let lastKey = Number.NEGATIVE_INFINITY;

/** Notes that keys were read now. */
export function noteKeys(now: number = performance.now()): void {
  lastKey = now;
}

/**
 * Runs `work` in a turn of its own once `restMs` have passed since the last key, or since this
 * call when no key came after it (keys typed during the task that calls this are still unread
 * in the terminal: the first frame of the interface is drawn in the same task). The timer does
 * not keep the process alive.
 */
export function whenKeysRest(restMs: number, work: () => void): void {
  const asked = performance.now();
  const check = () => {
    const wait = Math.max(lastKey, asked) + restMs - performance.now();
    if (wait <= 0) work();
    else setTimeout(check, wait).unref();
  };
  setTimeout(check, restMs).unref();
}
