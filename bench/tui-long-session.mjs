// A long TUI session with realistic turns: each a tool call (its line and spinner on screen), a
// ~2 KB Markdown answer with a code block, spinners animating throughout. Memory is read after a
// warm start (WARM turns) and at the end; keystroke echo is measured open loop (a key every
// 100 ms, see tui-lib.mjs) while an answer streams, once after the warm start and once at the
// end. The mock model server runs in a process of its own. Targets: ≤ 300 MB resident at the
// end; echo while streaming no slower at the end than at the start.
import { requireBuild } from "./lib.mjs";
import { percentile, rssMiB, startMockProcess, startNorth, typeOpenLoop } from "./tui-lib.mjs";

requireBuild();
const TURNS = Number(process.env.TURNS ?? 300);
const WARM = 5;
const KEYS = 20;

const paragraph =
  "The retry policy waits longer after each failure, up to a cap, and gives up after three attempts. ";
const body = (i) =>
  `## Turn ${i}\n\n${paragraph.repeat(9)}\n\n\`\`\`ts\nexport const attempts = ${i};\n\`\`\`\n\n${paragraph.repeat(9)}`;
const turn = (i) => [
  { text: "Reading.", tool: { name: "read_file", arguments: { path: "src/a.ts" } } },
  { text: `${body(i)}\n\nDone with turn ${i}.` },
];
const streaming = { text: `${paragraph.repeat(1500)}\n\nEND`, slowMs: 1 };
const spec = [];
for (let i = 1; i <= WARM; i++) spec.push(...turn(i));
spec.push(streaming);
for (let i = WARM + 1; i <= WARM + TURNS; i++) spec.push(...turn(i));
spec.push(streaming);

const mock = await startMockProcess(spec);
const run = await startNorth([], { baseUrl: mock.baseUrl });
const { term } = run;
const pid = term.pty.pid;

async function ask(prompt, until) {
  term.type(prompt);
  await term.waitFor(`> ${prompt}`);
  term.press("enter");
  await term.waitFor(until, { timeoutMs: 30_000 });
}
/** Echo while an answer streams: the keys, then Esc cancels the rest of it. */
async function echoWhileStreaming() {
  await ask("stream a long one", "The retry policy waits");
  const times = await typeOpenLoop(term, { keys: KEYS, everyMs: 100 });
  term.press("escape");
  await term.waitFor("[Cancelled]");
  term.press("ctrl+u");
  await term.waitFor("Ask North about this repository");
  return times;
}
async function turns(from, to) {
  for (let i = from; i <= to; i++) {
    await ask(`question ${i}`, `Done with turn ${i}.`);
    await term.waitFor("Ask North about this repository");
  }
}

await turns(1, WARM);
const warmRss = await rssMiB(pid);
const startEcho = await echoWhileStreaming();
const t0 = performance.now();
await turns(WARM + 1, WARM + TURNS);
const seconds = (performance.now() - t0) / 1000;
const endRss = await rssMiB(pid);
const endEcho = await echoWhileStreaming();
await run.close();
mock.close();

const p = (t) => `p50 ${percentile(t, 50).toFixed(1)} ms, p95 ${percentile(t, 95).toFixed(1)} ms`;
console.log(`${TURNS} turns after ${WARM} warm-up turns, in ${seconds.toFixed(1)} s`);
console.log(
  `resident memory: after warm-up ${warmRss.toFixed(0)} MiB, end ${endRss.toFixed(0)} MiB  (target ≤ 300 MB)  ${endRss * 1.048576 <= 300 ? "OK" : "OVER"}`,
);
console.log(`echo while streaming: after warm-up ${p(startEcho)};  at the end ${p(endEcho)}`);
const slower =
  percentile(endEcho, 95) >
  Math.max(percentile(startEcho, 95) * 1.5, percentile(startEcho, 95) + 5);
console.log(`echo no slower at the end  ${slower ? "SLOWER" : "OK"}`);
