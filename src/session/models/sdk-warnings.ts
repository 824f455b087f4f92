import type { Logger } from "../../log/logger.js";
import { maskSecrets } from "../../log/secrets.js";

const LEVELS = ["warn", "error", "log", "info", "debug"] as const;
type Level = (typeof LEVELS)[number];
const MAX_LINE = 160;

/**
 * Routes what SDKs print on their own through `console.*` to the log (every call, masked), so
 * that nothing raw reaches stderr or is drawn over the interface. What the person sees, through
 * `notify` as North's own message:
 * - `console.warn` (deprecation notices, for one): each distinct first line, once;
 * - `console.error`/`log`/`info`/`debug` (e.g. "Could not parse message into JSON:" followed by
 *   the raw chunk): at most one line for the whole capture — the first call's leading text,
 *   never the data dumped after it — with a pointer to the log.
 * North itself never writes through `console`. Returns a function that restores every method.
 */
export function captureSdkWarnings(logger: Logger, notify: (message: string) => void): () => void {
  const originals = LEVELS.map((level) => [level, console[level]] as const);
  const seen = new Set<string>();
  let otherShown = false;
  const show = (text: string) => {
    const line = maskSecrets(text.length > MAX_LINE ? `${text.slice(0, MAX_LINE - 1)}…` : text);
    if (line && !seen.has(line)) {
      seen.add(line);
      notify(line);
    }
  };
  const capture =
    (level: Level) =>
    (...args: unknown[]) => {
      const text = args.map((a) => (a instanceof Error ? a.message : String(a))).join(" ");
      logger.log(level === "warn" ? "sdk_warning" : "sdk_console", { level, message: text });
      if (level === "warn") return show(text.split("\n")[0]!.trim());
      if (otherShown) return;
      otherShown = true;
      const lead = typeof args[0] === "string" ? args[0] : text;
      const first = lead.split("\n")[0]!.trim().replace(/:$/, "");
      show(`${first} (details in north.log)`);
    };
  for (const level of LEVELS) console[level] = capture(level);
  return () => {
    for (const [level, original] of originals) console[level] = original;
  };
}
