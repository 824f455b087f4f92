// Time from spawning `north` in a pseudo-terminal to the composer being visible. Target: 200 ms
// (issue 14), with V8's code cache warm as after the first run on a machine.
import { fmt, median, repeat, requireBuild } from "./lib.mjs";
import { startNorth } from "./tui-lib.mjs";

requireBuild();
const RUNS = Number(process.env.RUNS ?? 10);
const times = await repeat(RUNS, async () => {
  const run = await startNorth([]);
  await run.close();
  return run.readyMs;
});
const m = median(times);
console.log(
  `spawn → composer visible  median ${fmt(m)}  (${RUNS} runs, min ${fmt(Math.min(...times))})`,
);
console.log(`target ≤ 200 ms  ${m <= 200 ? "OK" : "OVER"}`);
