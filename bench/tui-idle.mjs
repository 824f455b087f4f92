// CPU the interface uses while nobody types and nothing streams: North in a pseudo-terminal,
// left alone after start-up (its one-time background work done), CPU time from /proc over
// 10 s, several runs. Target (issue 14): about zero.
import { median, requireBuild } from "./lib.mjs";
import { startNorth } from "./tui-lib.mjs";
import { readFileSync } from "node:fs";

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
  const run = await startNorth([]);
  await wait(4000); // the session opens, dev tools are probed, the highlighter loads
  const before = cpuMs(run.term.pty.pid);
  await wait(WINDOW_MS);
  used.push(cpuMs(run.term.pty.pid) - before);
  await run.close();
}
const m = median(used);
console.log(
  `idle: ${m} ms of CPU in ${WINDOW_MS / 1000} s (${((m / WINDOW_MS) * 100).toFixed(2)} %; ${RUNS} runs: ${used.join(", ")} ms)`,
);
