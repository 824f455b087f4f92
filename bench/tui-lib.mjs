// Shared pieces of the TUI benchmarks: the terminal harness of the tests (test/support), bundled
// on the fly like the mock model server, and a started `north` in a pseudo-terminal.
import { CLI, loadMock, loadSupport, sandbox } from "./lib.mjs";

export const COMPOSER = "Ask North about this repository";

/** The terminal harness of the tests (node-pty and xterm stay external). */
export const loadHarness = () =>
  loadSupport("terminal-harness.ts", ["@lydell/node-pty", "@xterm/headless"]);

/** Starts a mock model server with `script` and `north` against it in a fresh sandbox. */
export async function startNorth(script, { cols = 100, rows = 30, env = {} } = {}) {
  const [{ startMockModelServer }, { startTerminal }] = await Promise.all([
    loadMock(),
    loadHarness(),
  ]);
  const server = await startMockModelServer(script);
  const box = sandbox();
  const started = performance.now();
  const term = startTerminal({
    cli: CLI,
    cwd: box.repo,
    cols,
    rows,
    env: {
      ...box.env,
      ANTHROPIC_API_KEY: "bench",
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
      ...env,
    },
  });
  await term.waitFor(COMPOSER, { timeoutMs: 20_000 });
  const readyMs = performance.now() - started;
  return {
    server,
    term,
    readyMs,
    async close() {
      term.kill();
      await server.close();
    },
  };
}

/** Milliseconds from typing `ch` until the composer line shows `expected`. */
export async function echo(term, ch, expected) {
  const t = performance.now();
  term.type(ch);
  await term.waitFor((screen) => screen.includes(`> ${expected}`), { timeoutMs: 10_000 });
  return performance.now() - t;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Resident memory of a process in MiB, from /proc (Linux). */
export async function rssMiB(pid) {
  const { readFile } = await import("node:fs/promises");
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
