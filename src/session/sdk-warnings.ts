import type { Logger } from "../log/logger.js";

/**
 * Routes what SDKs print on their own through `console.warn` (deprecation notices, for one) to
 * the log, and hands each distinct first line once to `notify`, which shows it as North's own
 * message. Returns a function that restores `console.warn`.
 */
export function captureSdkWarnings(logger: Logger, notify: (message: string) => void): () => void {
  const original = console.warn;
  const seen = new Set<string>();
  console.warn = (...args: unknown[]) => {
    const text = args.map((a) => (a instanceof Error ? a.message : String(a))).join(" ");
    logger.log("sdk_warning", { message: text });
    const first = text.split("\n")[0]!.trim();
    if (first && !seen.has(first)) {
      seen.add(first);
      notify(first);
    }
  };
  return () => {
    console.warn = original;
  };
}
