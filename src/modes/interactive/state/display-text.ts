import { cleanDisplayText } from "../../../session/index.js";

/** Keys whose strings are identifiers North sends back (a call's id), not text to show. */
const IDENTIFIERS = new Set(["id", "parent_id", "toolCallId"]);

/**
 * `value` with every string in it — however deep in objects and arrays — passed through
 * `cleanDisplayText` (session/, from shell/terminal-text.ts), except identifiers. This is how
 * text from outside North enters the interface: the turn controller cleans each session event
 * before it reaches the store, and `add` (transcript.ts) each entry before it is written to
 * scrollback, so no component has to remember to. Returns `value` itself (the same objects)
 * when nothing needed cleaning: caches keyed by those objects keep working.
 */
export function cleanForDisplay<T>(value: T): T {
  return clean(value) as T;
}

function clean(value: unknown): unknown {
  if (typeof value === "string") return cleanDisplayText(value);
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const next = clean(item);
      if (next !== item) (out ??= value.slice())[i] = next;
    }
    return out ?? value;
  }
  // Only plain objects: a class instance (an Error, a Date) is left as it is.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  let out: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    if (IDENTIFIERS.has(key)) continue;
    const next = clean(item);
    if (next !== item) (out ??= { ...(value as Record<string, unknown>) })[key] = next;
  }
  return out ?? value;
}
