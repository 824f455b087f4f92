import type { Readable, Writable } from "node:stream";
import { LineSplitter, MAX_LINE_BYTES, TOO_LONG } from "../line-splitter.js";

export { MAX_LINE_BYTES };

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
  const lines = new LineSplitter();
  input.setEncoding("utf8");
  input.on("data", (chunk: string) => {
    for (const line of lines.push(chunk)) {
      if (line === TOO_LONG) handlers.onTooLong();
      else if (line.trim()) handlers.onLine(line);
    }
  });
  input.on("end", () => {
    const last = lines.end();
    if (last?.trim()) handlers.onLine(last);
    handlers.onEnd();
  });
  input.on("error", () => handlers.onEnd());
  return {
    send(message: unknown): void {
      output.write(`${JSON.stringify(message)}\n`);
    },
  };
}
