// The `@` picker, this build against another, in turns run by run (issue 32): in the repository
// of 60,000 files that bench/large-repo.mjs makes (run it first), `@mod12` typed → its first
// match, then the narrowing keys `f`, `4`, `2` → their echo with matches. CASE picks when:
//   later  typed a second after the composer shows (WAIT ms), no list kept (default);
//   kept   typed as the composer shows, the list an earlier session kept served;
//   cold   typed as the composer shows, no list kept.
//   npm run build && OTHER=/path/to/other/dist/north.js CASE=kept RUNS=6 node bench/ab-picker.mjs
// The other build must sit in a checkout with node_modules (the highlighter loads from there).
import { existsSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLI, fmt, loadMock, median, requireBuild, sandbox } from "./lib.mjs";
import { COMPOSER, loadHarness, showsMatch as shows } from "./tui-lib.mjs";

requireBuild();
const repo = join(tmpdir(), "north-bench-large-60000");
if (!existsSync(`${repo}.ready`)) {
  console.error(`${repo} is missing: run node bench/large-repo.mjs first.`);
  process.exit(1);
}
if (!process.env.OTHER) {
  console.error("OTHER=/path/to/other/dist/north.js is required.");
  process.exit(1);
}
const builds = { this: CLI, other: process.env.OTHER };
const CASE = process.env.CASE ?? "later";
const RUNS = Number(process.env.RUNS ?? 6);
const WAIT = Number(process.env.WAIT ?? 1000);
const [{ startMockModelServer }, { startTerminal }] = await Promise.all([
  loadMock(),
  loadHarness(),
]);
const server = await startMockModelServer([]);
const box = sandbox();
const lists = join(box.env.XDG_CACHE_HOME, "north", "files");
const keptOne = () => existsSync(lists) && readdirSync(lists).some((f) => f.endsWith(".txt"));
const start = (cli) =>
  startTerminal({
    cli,
    cwd: repo,
    cols: 100,
    rows: 30,
    env: { ...box.env, ANTHROPIC_API_KEY: "bench", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
  });

const out = { this: { first: [], keys: [] }, other: { first: [], keys: [] } };
for (let i = 0; i < RUNS; i++) {
  for (const name of i % 2 ? ["other", "this"] : ["this", "other"]) {
    if (CASE !== "kept") rmSync(lists, { recursive: true, force: true });
    else if (!keptOne()) {
      // A session that lists the files whole and keeps them for the next start.
      const first = start(builds[name]);
      await first.waitFor(COMPOSER, { timeoutMs: 20_000 });
      first.type("@");
      while (!keptOne()) await new Promise((resolve) => setTimeout(resolve, 100));
      first.kill();
    }
    const term = start(builds[name]);
    await term.waitFor(COMPOSER, { timeoutMs: 20_000 });
    // A person's pause before typing, in the `later` case.
    if (CASE === "later") await new Promise((resolve) => setTimeout(resolve, WAIT));
    out[name].first.push(await shows(term, "@mod12", "mod12"));
    for (const [key, typed, match] of [
      ["f", "@mod12f", "mod12/f"],
      ["4", "@mod12f4", "mod12/file4"],
      ["2", "@mod12f42", "mod12/file42"],
    ]) {
      out[name].keys.push(await shows(term, key, match, typed));
    }
    term.kill();
  }
}
console.log(`@ picker, ${CASE}, ${RUNS} runs each, in turns (medians)`);
for (const name of ["this", "other"]) {
  const { first, keys } = out[name];
  console.log(
    `  ${name.padEnd(5)} first match ${fmt(median(first))} (${first.map((t) => t.toFixed(0)).join(" ")})  narrowing key ${fmt(median(keys))} (max ${fmt(Math.max(...keys))})`,
  );
}
await server.close();
process.exit(0);
