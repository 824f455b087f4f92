// A 300-turn scripted session in the TUI (each turn a tool call and a 2 KB answer). Targets:
// resident memory at the end within 300 MB; keystroke echo no slower than at the start.
import { setTimeout as pause } from "node:timers/promises";
import { loadMock, requireBuild } from "./lib.mjs";
import { echo, percentile, rssMiB, startNorth } from "./tui-lib.mjs";

requireBuild();
const TURNS = Number(process.env.TURNS ?? 300);
const KEYS = 30;
const { reply } = await loadMock();

const paragraph =
  "The retry policy waits longer after each failure, up to a cap, and gives up after three attempts. ";
const body = (i) =>
  `## Turn ${i}\n\n${paragraph.repeat(9)}\n\n\`\`\`ts\nexport const attempts = ${i};\n\`\`\`\n\n${paragraph.repeat(9)}`;
const script = [];
for (let i = 1; i <= TURNS; i++) {
  script.push(reply().text("Reading.").tool("read_file", { path: "src/a.ts" }));
  script.push(reply().text(`${body(i)}\n\nDone with turn ${i}.`));
}

async function echoes(term) {
  const times = [];
  let typed = "";
  for (let i = 0; i < KEYS; i++) {
    typed += "x";
    times.push(await echo(term, "x", typed));
    await pause(20);
  }
  term.press("ctrl+u");
  await term.waitFor("Ask North about this repository");
  return times;
}

const run = await startNorth(script);
const { term } = run;
const pid = term.pty.pid;
const startEcho = await echoes(term);
const startRss = await rssMiB(pid);
const t0 = performance.now();
for (let i = 1; i <= TURNS; i++) {
  const prompt = `question ${i}`;
  term.type(prompt);
  await term.waitFor(`> ${prompt}`);
  term.press("enter");
  await term.waitFor(`Done with turn ${i}.`, { timeoutMs: 30_000 });
  await term.waitFor("Ask North about this repository");
}
const seconds = (performance.now() - t0) / 1000;
const endRss = await rssMiB(pid);
const endEcho = await echoes(term);
await run.close();

const p = (t) => `p50 ${percentile(t, 50).toFixed(1)} ms, p95 ${percentile(t, 95).toFixed(1)} ms`;
console.log(`${TURNS} turns in ${seconds.toFixed(1)} s`);
console.log(
  `resident memory: start ${startRss.toFixed(0)} MiB, end ${endRss.toFixed(0)} MiB  (target ≤ 300 MB)  ${endRss * 1.048576 <= 300 ? "OK" : "OVER"}`,
);
console.log(`echo at start: ${p(startEcho)};  at end: ${p(endEcho)}`);
const slower =
  percentile(endEcho, 95) >
  Math.max(percentile(startEcho, 95) * 1.5, percentile(startEcho, 95) + 5);
console.log(`echo no slower at the end  ${slower ? "SLOWER" : "OK"}`);
