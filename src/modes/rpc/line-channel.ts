import type { Readable, Writable } from "node:stream";

/** A line longer than this is refused (and skipped), so a client cannot make North hold GBs. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/**
 * Newline-delimited messages over a pair of streams: `onLine` gets each line (without `\n`,
 * `\r` trimmed), `onEnd` once at the end of input; `send` writes one line. A line over
 * {@link MAX_LINE_BYTES} is dropped and reported to `onTooLong`.
 */
export function lineChannel(
  input: Readable,
  output: Writable,
  handlers: { onLine(line: string): void; onEnd(): void; onTooLong(): void },
) {
  let buffered = "";
  let skipping = false;
  input.setEncoding("utf8");
  input.on("data", (chunk: string) => {
    let start = 0;
    for (let at = chunk.indexOf("\n"); at !== -1; at = chunk.indexOf("\n", start)) {
      const piece = chunk.slice(start, at);
      start = at + 1;
      if (skipping) {
        skipping = false;
        buffered = "";
        continue;
      }
      const line = (buffered + piece).replace(/\r$/, "");
      buffered = "";
      if (line.trim()) handlers.onLine(line);
    }
    if (skipping) return;
    buffered += chunk.slice(start);
    if (Buffer.byteLength(buffered) > MAX_LINE_BYTES) {
      buffered = "";
      skipping = true;
      handlers.onTooLong();
    }
  });
  input.on("end", () => {
    if (!skipping && buffered.trim()) handlers.onLine(buffered.replace(/\r$/, ""));
    buffered = "";
    handlers.onEnd();
  });
  input.on("error", () => handlers.onEnd());
  return {
    send(message: unknown): void {
      output.write(`${JSON.stringify(message)}\n`);
    },
  };
}
