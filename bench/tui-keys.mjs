// Keystroke echo in the TUI: from writing a key to the pseudo-terminal until the composer shows
// it, while idle and while a long answer streams. Target: 95th percentile within 50 ms.
import { setTimeout as pause } from "node:timers/promises";
import { loadMock, requireBuild } from "./lib.mjs";
import { echo, percentile, startNorth } from "./tui-lib.mjs";

requireBuild();
const KEYS = Number(process.env.KEYS ?? 80);
const { reply } = await loadMock();

/** Types KEYS letters one by one (about 25 a second, like fast typing); returns echo times. */
async function typeAndTime(term, prefix = "") {
  const times = [];
  let typed = prefix;
  for (let i = 0; i < KEYS; i++) {
    const ch = "abcdefghijklmnopqrstuvwxyz"[i % 26];
    typed += ch;
    times.push(await echo(term, ch, typed));
    await pause(40);
  }
  return times;
}

const line =
  "Streaming while you type: the quick brown fox jumps over the lazy dog, again and again.";
const long = Array.from({ length: 30_000 }, (_, i) =>
  i % 12 === 11 ? `${line}\n\n` : `${line} `,
).join("");
// DELAY_MS: pause before each streamed event (word-sized deltas); 0 streams as fast as the
// machine can, 1 is about 5 KB/s — still ten times a fast model.
const DELAY_MS = Number(process.env.DELAY_MS ?? 1);
const run = await startNorth([reply().text(`${long}\n\nEND-OF-STREAM`).slow(DELAY_MS)]);
const { term } = run;

const idle = await typeAndTime(term);
term.press("ctrl+u");
await term.waitFor("Ask North about this repository");
term.type("go");
await term.waitFor("> go");
term.press("enter");
await term.waitFor("Streaming while you type");
const streaming = await typeAndTime(term);
const stillStreaming = !term.all().includes("END-OF-STREAM");
await run.close();

const show = (name, t) =>
  console.log(
    `${name.padEnd(30)} p50 ${percentile(t, 50).toFixed(1)} ms  p95 ${percentile(t, 95).toFixed(1)} ms  max ${Math.max(...t).toFixed(1)} ms  (${t.length} keys)`,
  );
show("echo idle", idle);
show(`echo streaming (${DELAY_MS} ms/event)`, streaming);
if (!stillStreaming) console.log("note: the answer finished before the last key; raise its length");
const p95 = percentile(streaming, 95);
console.log(`target p95 ≤ 50 ms while streaming  ${p95 <= 50 ? "OK" : "OVER"}`);
