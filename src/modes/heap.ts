import { V8_FLAGS_EVENT } from "../code-cache.js";
import type { Session } from "../session/index.js";

/**
 * Keeps V8's young generation at the size it has from now on. By default it doubles under
 * allocation up to 2 × 16 MB and is never given back: a long answer (tens of megabytes of
 * short-lived parsed events) left the interface ~15 MiB larger for good, and a headless run
 * streaming 200 KB peaked ~12 MiB higher. Short-lived objects still die young; collections are
 * a little more frequent. A V8 that refuses the flag leaves things as they were.
 *
 * When: once start-up is over (at start-up a small young generation costs milliseconds of
 * collections), and not before the modules of the first request are loaded — any changed V8
 * flag makes Node compile each built-in module loaded afterwards from source instead of its
 * embedded code cache (`https` and `tls` ~4 ms more, web streams ~3 ms). So it is called on the
 * model's first output (see `capHeapOnceStreaming`). The change is announced
 * (`V8_FLAGS_EVENT`, with the value a new process starts with, V8's default growth factor of 2)
 * for North's own code cache to be made under the start-up flags (see code-cache.ts).
 */
export function keepYoungGenerationSmall(
  preload: readonly string[] = [],
  load: (id: string) => unknown = loadBuiltin,
): void {
  // Loaded while Node can still use its own compiled code for them (see above).
  for (const id of preload) load(id);
  try {
    // `node:v8` loads here: a run that never streams does not load it.
    process.getBuiltinModule("node:v8").setFlagsFromString("--semi-space-growth-factor=1");
    (process as NodeJS.EventEmitter).emit(V8_FLAGS_EVENT, "--semi-space-growth-factor=2");
  } catch {
    // An unknown flag is ignored by V8; nothing to do if the call itself is refused.
  }
}

let capped = false;

/**
 * The built-in modules the tools load at first use (`crypto`: the read tracker's hashes, temporary
 * names; `child_process`: ripgrep, git). A turn whose first output is a tool call loads them
 * before the flag changes: after it, each would be compiled from source (crypto ~4 ms instead of
 * ~2). A run that only answers loads neither.
 */
export const TOOL_BUILTINS = ["node:crypto", "node:child_process"] as const;

const loadBuiltin = (id: string): unknown => process.getBuiltinModule(id);

/**
 * Calls `keepYoungGenerationSmall` once, when `session`'s model first streams something (with
 * `TOOL_BUILTINS` when that is a tool call).
 */
export function capHeapOnceStreaming(
  session: Pick<Session, "subscribe">,
  load: (id: string) => unknown = loadBuiltin,
): void {
  if (capped) return;
  let done = false;
  const off = session.subscribe((event) => {
    if (done) return;
    const output =
      event.type === "text_delta" || event.type === "thinking_delta" || event.type === "tool_call";
    if (!capped && !output) return;
    if (!capped) {
      capped = true;
      keepYoungGenerationSmall(event.type === "tool_call" ? TOOL_BUILTINS : [], load);
    }
    done = true;
    // After `subscribe` has returned, even if it called this listener itself.
    queueMicrotask(() => off());
  });
}
