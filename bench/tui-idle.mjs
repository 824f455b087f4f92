// CPU the interface uses while nobody types and nothing streams: North in a pseudo-terminal,
// left alone after start-up (its one-time background work done), CPU time from /proc over
// 10 s, several runs. Target (issue 14): about zero.
import { median, requireBuild } from "./lib.mjs";
import { startNorth } from "./tui-lib.mjs";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

requireBuild();
const RUNS = Number(process.env.RUNS ?? 3);
const WINDOW_MS = 10_000;
/** User + system CPU of a process so far, in ms (Linux, 10 ms clock ticks). */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const used = [];
for (let r = 0; r < RUNS; r++) {
  // A cache folder of its own: its developer-tools file appears once the one-time background
  // work (session, highlighter, the probe of dev tools 1.5 s after start) is done.
  const cache = mkdtempSync(join(tmpdir(), "north-bench-idle-"));
  const run = await startNorth([], { env: { XDG_CACHE_HOME: cache } });
  const probed = join(cache, "north", "dev-tools.json");
  for (let waited = 0; !existsSync(probed) && waited < 20_000; waited += 50) await wait(50);
  const before = cpuMs(run.term.pty.pid);
  await wait(WINDOW_MS);
  used.push(cpuMs(run.term.pty.pid) - before);
  await run.close();
}
const m = median(used);
console.log(
  `idle: ${m} ms of CPU in ${WINDOW_MS / 1000} s (${((m / WINDOW_MS) * 100).toFixed(2)} %; ${RUNS} runs: ${used.join(", ")} ms)`,
);
