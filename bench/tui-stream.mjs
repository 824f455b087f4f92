// Streaming a long Markdown answer into the TUI in a pseudo-terminal. Targets: twice the size
// takes at most 2.2 times the time; bytes written to the terminal stay within 3 times the text
// shown; no full-screen clear (ESC[2J, ESC[3J) during the run.
import { loadMock, median, requireBuild } from "./lib.mjs";
import { startNorth } from "./tui-lib.mjs";

requireBuild();
const RUNS = Number(process.env.RUNS ?? 3);
const SIZES = [512 * 1024, 1024 * 1024];
const WORDS =
  "the retry policy backs off exponentially when the server answers with a rate limit or an overload".split(
    " ",
  );

/** Markdown of about `bytes`: paragraphs, a list now and then, a code block every tenth block. */
function answer(bytes, marker) {
  const blocks = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    let block;
    if (i % 10 === 9)
      block =
        "```ts\n" +
        Array.from({ length: 8 }, (_, j) => `const value${j} = compute(${i}, ${j});`).join("\n") +
        "\n```";
    else if (i % 10 === 4)
      block = Array.from(
        { length: 4 },
        (_, j) => `- item ${j} of block ${i} with **bold** text`,
      ).join("\n");
    else
      block =
        Array.from({ length: 60 }, (_, j) => WORDS[(i * 7 + j) % WORDS.length]).join(" ") + ".";
    blocks.push(block);
    size += block.length + 2;
  }
  return `${blocks.join("\n\n")}\n\n${marker}`;
}

const { reply } = await loadMock();
const results = [];
for (const bytes of SIZES) {
  const runs = [];
  for (let r = 0; r < RUNS; r++) {
    const marker = `END-OF-ANSWER-${bytes}-${r}`;
    const text = answer(bytes, marker);
    const run = await startNorth([reply().text(text)]);
    const { term } = run;
    const before = term.bytes;
    const rawStart = term.raw.length;
    term.type("stream");
    await term.waitFor("> stream");
    const t0 = performance.now();
    term.press("enter");
    await term.waitFor(marker, { timeoutMs: 300_000 });
    const ms = performance.now() - t0;
    const written = term.bytes - before;
    const raw = term.raw.slice(rawStart);
    const clears = (raw.match(/\x1b\[2J|\x1b\[3J/g) ?? []).length;
    runs.push({ ms, ratio: written / Buffer.byteLength(text), clears });
    await run.close();
  }
  const m = {
    bytes,
    ms: median(runs.map((x) => x.ms)),
    ratio: median(runs.map((x) => x.ratio)),
    clears: Math.max(...runs.map((x) => x.clears)),
  };
  results.push(m);
  console.log(
    `${(bytes / 1024).toFixed(0)} KB answer  median ${m.ms.toFixed(0)} ms  terminal bytes / text bytes ${m.ratio.toFixed(2)}  full clears ${m.clears}  (${RUNS} runs)`,
  );
}
const growth = results[1].ms / results[0].ms;
console.log(
  `time for 2× the size: ${growth.toFixed(2)}×  (target ≤ 2.2×)  ${growth <= 2.2 ? "OK" : "OVER"}`,
);
const worst = Math.max(...results.map((r) => r.ratio));
console.log(`bytes ratio ${worst.toFixed(2)}  (target ≤ 3)  ${worst <= 3 ? "OK" : "OVER"}`);
const clears = Math.max(...results.map((r) => r.clears));
console.log(`full-screen clears ${clears}  (target 0)  ${clears === 0 ? "OK" : "OVER"}`);
