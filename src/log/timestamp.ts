const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * `date.toISOString()`'s text (`2026-11-26T18:05:09.042Z`), built from the UTC fields. The text
 * is the same; the cost is not: the first `toISOString` of a process pages ~0.9 MiB of Node's
 * own code into memory (V8's date formatting), and every run stamps its log and session file.
 */
export function isoTime(date: Date = new Date()): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}` +
    `.${pad(date.getUTCMilliseconds(), 3)}Z`
  );
}

/** The person's calendar date (`2026-11-26`), in the machine's time zone. */
export function localDate(date: Date = new Date()): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
