// Keystroke echo in the TUI, open loop: a key every 100 ms on a fixed schedule (never waiting for
// the previous echo), each key's time from its write until the composer shows it. The mock model
// server runs in a process of its own, so the load it makes and the measuring do not share an
// event loop. Measured idle, and while a long answer streams at 1 ms per event (about ten times a
// fast model) and as fast as the mock can send it. Target (issue 14's, reported here): p95 ≤ 50 ms.
import { requireBuild } from "./lib.mjs";
import { percentile, startMockProcess, startNorth, typeOpenLoop } from "./tui-lib.mjs";

requireBuild();
const KEYS = Number(process.env.KEYS ?? 60);
const EVERY_MS = 100;
const line =
  "Streaming while you type: the quick brown fox jumps over the lazy dog, again and again.";
const long = Array.from({ length: 30_000 }, (_, i) =>
  i % 12 === 11 ? `${line}\n\n` : `${line} `,
).join("");

const show = (name, t) =>
  console.log(
    `${name.padEnd(34)} p50 ${percentile(t, 50).toFixed(1)} ms  p95 ${percentile(t, 95).toFixed(1)} ms  max ${Math.max(...t).toFixed(1)} ms  (${t.length} keys, one every ${EVERY_MS} ms)`,
  );

for (const slowMs of [1, 0]) {
  const mock = await startMockProcess([{ text: `${long}\n\nEND-OF-STREAM`, slowMs }]);
  const run = await startNorth([], { baseUrl: mock.baseUrl });
  const { term } = run;
  if (slowMs === 1) show("echo idle", await typeOpenLoop(term, { keys: 20, everyMs: EVERY_MS }));
  term.press("ctrl+u");
  await term.waitFor("Ask North about this repository");
  term.type("go");
  await term.waitFor("> go");
  term.press("enter");
  await term.waitFor("Streaming while you type");
  const times = await typeOpenLoop(term, { keys: KEYS, everyMs: EVERY_MS });
  const still = !term.all().includes("END-OF-STREAM");
  show(`echo streaming (${slowMs ? `${slowMs} ms/event` : "full speed"})`, times);
  if (!still) console.log("  note: the answer finished before the last key");
  await run.close();
  mock.close();
}
