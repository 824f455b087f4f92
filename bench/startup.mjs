// `north --version` against bare `node -e 0`, interleaved in the same run. Target: within 1.1x.
import { CLI, fmt, median, repeat, requireBuild, timed } from "./lib.mjs";

requireBuild();
const RUNS = Number(process.env.RUNS ?? 20);
const pairs = await repeat(RUNS, async () => ({
  node: (await timed(process.execPath, ["-e", "0"])).ms,
  north: (await timed(process.execPath, [CLI, "--version"])).ms,
}));
const node = median(pairs.map((p) => p.node));
const north = median(pairs.map((p) => p.north));
const ratio = north / node;
console.log(`node -e 0        median ${fmt(node)}  (${RUNS} runs)`);
console.log(`north --version  median ${fmt(north)}  (${RUNS} runs)`);
console.log(`ratio ${ratio.toFixed(3)}x  (target ≤ 1.1x)  ${ratio <= 1.1 ? "OK" : "OVER"}`);
