// Start-up against bare `node -e 0`, interleaved in the same run, in a clean environment:
//   --version and --help   answered by the launcher (dist/north.js) without loading North;
//   -p with no prompt      loads the CLI and ends with a usage error (the ESM entry's cost).
// Target: --help ≤ 1.15x node -e 0.
import { CLI, fmt, median, repeat, requireBuild, sandbox, timed } from "./lib.mjs";

requireBuild();
const RUNS = Number(process.env.RUNS ?? 21);
const { repo, env } = sandbox();
const run = (args) =>
  timed(process.execPath, args, { env, cwd: repo, rss: false }).then((r) => r.ms);
const runs = await repeat(RUNS, async () => ({
  node: await run(["-e", "0"]),
  version: await run([CLI, "--version"]),
  help: await run([CLI, "--help"]),
  usage: await run([CLI, "-p"]),
}));
const node = median(runs.map((r) => r.node));
console.log(`node -e 0             median ${fmt(node)}  (${RUNS} interleaved runs)`);
for (const [key, label] of [
  ["version", "north --version"],
  ["help", "north --help"],
  ["usage", "north -p (no prompt)"],
]) {
  const ms = median(runs.map((r) => r[key]));
  const note = key === "help" ? `  (target ≤ 1.15x) ${ms / node <= 1.15 ? "OK" : "OVER"}` : "";
  console.log(`${label.padEnd(21)} median ${fmt(ms)}  ${(ms / node).toFixed(2)}x${note}`);
}
