// Shared pieces of the TUI benchmarks: the terminal harness of the tests (test/support), bundled
// on the fly like the mock model server, and a started `north` in a pseudo-terminal.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLI, ROOT, loadMock, loadSupport, sandbox } from "./lib.mjs";

export const COMPOSER = "Ask North about this repository";

/** The terminal harness of the tests (node-pty and xterm stay external). */
export const loadHarness = () =>
  loadSupport("terminal-harness.ts", ["@lydell/node-pty", "@xterm/headless"]);

/**
 * Starts bench/mock-process.mjs with `spec` (see there) in a process of its own; resolves with
 * its base URL and a `close`.
 */
export function startMockProcess(spec) {
  const file = join(mkdtempSync(join(tmpdir(), "north-bench-script-")), "script.json");
  writeFileSync(file, JSON.stringify(spec));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, "bench", "mock-process.mjs"), file], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => {
      out += chunk;
      const match = /READY (\S+)/.exec(out);
      if (match) resolve({ baseUrl: match[1], close: () => child.kill("SIGTERM") });
    });
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`mock process ended (${code})`)));
  });
}

/**
 * Types `keys` letters into `term` on a fixed schedule, one every `everyMs` (open loop: the next
 * key never waits for the previous echo), and resolves with each key's echo time: from its write
 * until the composer's line shows it. `prefix` is what the composer holds already.
 */
export function typeOpenLoop(term, { keys, everyMs, prefix = "" }) {
  return new Promise((resolve) => {
    const sent = [];
    const echoed = [];
    const composerLength = (screen) => {
      const line = screen.split("\n").find((l) => l.startsWith("> "));
      return line === undefined ? 0 : line.slice(2).trimEnd().length;
    };
    const check = () => {
      const shown = composerLength(term.screen()) - prefix.length;
      const now = performance.now();
      for (let i = echoed.length; i < Math.min(shown, sent.length); i++) echoed.push(now - sent[i]);
      if (echoed.length === keys) {
        clearInterval(poll);
        resolve(echoed);
      }
    };
    // The screen is read often, not on each key: reading must not pace the typing.
    const poll = setInterval(check, 2);
    let i = 0;
    const typing = setInterval(() => {
      const ch = "abcdefghijklmnopqrstuvwxyz"[i % 26];
      sent.push(performance.now());
      term.type(ch);
      if (++i === keys) clearInterval(typing);
    }, everyMs);
  });
}

/**
 * Starts a mock model server with `script` and `north` against it in a fresh sandbox (in the
 * repository `cwd` when given, else the sandbox's small one).
 */
export async function startNorth(script, { cols = 100, rows = 30, env = {}, baseUrl, cwd } = {}) {
  const [{ startMockModelServer }, { startTerminal }] = await Promise.all([
    loadMock(),
    loadHarness(),
  ]);
  // With `baseUrl` (a mock in its own process, see startMockProcess) no server starts here.
  const server = baseUrl ? undefined : await startMockModelServer(script);
  const box = sandbox();
  const started = performance.now();
  const term = startTerminal({
    cli: CLI,
    cwd: cwd ?? box.repo,
    cols,
    rows,
    env: {
      ...box.env,
      ANTHROPIC_API_KEY: "bench",
      ANTHROPIC_BASE_URL: baseUrl ?? server.anthropicBaseUrl,
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
      await server?.close();
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

/** CPU time (user + system) a process has used, in ms, from /proc (Linux). */
export async function cpuMs(pid) {
  const { readFile } = await import("node:fs/promises");
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second here).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Milliseconds from typing `keys` until the composer shows `typed` (default: `keys`) and a menu
 * row below it names `match` (the `@` picker's benchmarks).
 */
export async function showsMatch(term, keys, match, typed = keys) {
  const started = performance.now();
  term.type(keys);
  await term.waitFor(
    (screen) => {
      const lines = screen.split("\n");
      const at = lines.findIndex((l) => l.startsWith(`> ${typed}`) && l.trimEnd() === `> ${typed}`);
      return at !== -1 && lines.slice(at + 1).some((l) => l.includes(match));
    },
    { timeoutMs: 30_000 },
  );
  return performance.now() - started;
}
