// Browse mode (Shift+↑ / Ctrl+O) over a long conversation: opening it, a key that moves the
// cursor, a key that folds or opens a group, opening it again, and a frame while an answer
// streams — North's own code, in this process (no terminal: the frames go to a stream that
// discards them). Medians of RUNS.
import { fmt, loadSupport, median } from "./lib.mjs";

const RUNS = Number(process.env.RUNS ?? 5);
const TURNS = Number(process.env.TURNS ?? 600);
const KEYS = 100;
const FRAMES = 30;
const { browseFixture } = await loadSupport("browse-fixture.ts", [
  "zod",
  "ink",
  "react",
  "yoga-layout",
]);

const time = (fn) => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};
const results = { open: [], move: [], toggle: [], reopen: [], stream: [] };
for (let r = 0; r < RUNS; r++) {
  const browse = browseFixture(TURNS);
  results.open.push(time(browse.open));
  results.move.push(
    time(() => {
      for (let i = 0; i < KEYS; i++) browse.up();
    }) / KEYS,
  );
  results.toggle.push(
    time(() => {
      for (let i = 0; i < KEYS; i++) browse.toggle();
    }) / KEYS,
  );
  browse.close();
  results.reopen.push(time(browse.open));
  browse.close();
  // Frames while an answer streams, browse mode open: the store's update to the frame written
  // (the screen's own timer included, as a person waits for it too).
  browse.open();
  await browse.streamingFrame();
  const frames = [];
  for (let i = 0; i < FRAMES; i++) frames.push(await browse.streamingFrame());
  results.stream.push(median(frames));
  browse.close();
}
console.log(`browse mode, ${TURNS} questions with 3-paragraph answers (${RUNS} runs, medians):`);
console.log(`  open the first time   ${fmt(median(results.open))}`);
console.log(`  a key moving the cursor ${fmt(median(results.move))}`);
console.log(`  a key folding a group   ${fmt(median(results.toggle))}`);
console.log(`  open again             ${fmt(median(results.reopen))}`);
console.log(`  a frame while an answer streams ${fmt(median(results.stream))}`);
