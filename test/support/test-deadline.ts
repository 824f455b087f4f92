/**
 * How long a helper's wait may last: until just before the running test's own timeout. A wait on
 * an event or a screen has no time of its own to guess (a busy machine makes every step slower,
 * and a guessed limit fails a test that would have passed); it ends with the test, and ends
 * first so that its message (the screen, the events seen) is the one reported rather than
 * vitest's bare "timed out".
 */
import { TestRunner } from "vitest";

/** What is left for the helper's message to be reported before the test's own timeout fires. */
const MARGIN_MS = 1_000;

/**
 * Milliseconds from now until the running test's deadline, less {@link MARGIN_MS}; at least
 * `floorMs`. Outside a test (a hook, a file's set-up) `fallbackMs`, below the hook timeout
 * (vitest.config.ts).
 */
export function untilTestDeadline(fallbackMs = 50_000, floorMs = 1_000): number {
  const test = TestRunner.getCurrentTest();
  const start = test?.result?.startTime;
  if (!test || start === undefined || !(test.timeout > 0)) return fallbackMs;
  return Math.max(floorMs, start + test.timeout - MARGIN_MS - Date.now());
}
