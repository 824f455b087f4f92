/**
 * SIGTERM and SIGHUP end a run as Ctrl+C does (the turn is cancelled, the shell and its jobs are
 * killed when the session is disposed, the session file stays consistent), then North exits with
 * 128 + the signal's number: 143 for SIGTERM, 129 for SIGHUP, as a shell reports a process the
 * signal killed. A second such signal while North winds down exits at once with that code.
 */
const CODES = { SIGTERM: 143, SIGHUP: 129 } as const;

export type EndSignal = keyof typeof CODES;

/**
 * Calls `end(code)` on the first SIGTERM or SIGHUP; on the next one, exits at once. Returns a
 * function that removes the handlers (and so restores the default: the signal kills North).
 */
export function onEndSignals(end: (code: number, signal: EndSignal) => void): () => void {
  let ending = false;
  const handlers = Object.entries(CODES).map(([name, code]) => {
    const signal = name as EndSignal;
    const handler = () => {
      if (ending) process.exit(code);
      ending = true;
      end(code, signal);
    };
    process.on(signal, handler);
    return () => process.off(signal, handler);
  });
  return () => handlers.forEach((off) => off());
}
