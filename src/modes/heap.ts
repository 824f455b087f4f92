import { setFlagsFromString } from "node:v8";
import { V8_FLAGS_EVENT } from "../code-cache.js";

/**
 * Keeps V8's young generation at the size it has from now on. By default it doubles under
 * allocation up to 2 × 16 MB and is never given back: a long answer (tens of megabytes of
 * short-lived parsed events) left the interface ~15 MiB larger for good, and a headless run
 * streaming 200 KB peaked ~14 MiB higher. Called once start-up is over (the session open): at
 * start-up a small young generation costs milliseconds of collections. A changed flag changes
 * what V8 accepts as a code cache, so the change is announced (`V8_FLAGS_EVENT`, with the
 * setting a new process starts with, V8's default growth factor of 2) for North's cache to be
 * made under the start-up flags (see code-cache.ts).
 * Short-lived objects still die young; collections are a little more frequent. A V8 that
 * refuses the flag leaves things as they were.
 */
export function keepYoungGenerationSmall(): void {
  try {
    setFlagsFromString("--semi-space-growth-factor=1");
    (process as NodeJS.EventEmitter).emit(V8_FLAGS_EVENT, "--semi-space-growth-factor=2");
  } catch {
    // An unknown flag is ignored by V8; nothing to do if the call itself is refused.
  }
}
