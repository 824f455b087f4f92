// Streaming a long Markdown answer into the TUI in a pseudo-terminal. Targets: a 1 MB answer
// fully rendered in ≤ 4 s and North's resident memory after it ≤ 150 MB (issue 14); twice the
// size takes at most 2.2 times the time; bytes written to the terminal stay within 3 times the
// text shown; no full-screen clear (ESC[2J, ESC[3J) during the run.
import { median, requireBuild } from "./lib.mjs";
import { rssMiB, startMockProcess, startNorth } from "./tui-lib.mjs";

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

const results = [];
for (const bytes of SIZES) {
  const runs = [];
  for (let r = 0; r < RUNS; r++) {
    const marker = `END-OF-ANSWER-${bytes}-${r}`;
    const text = answer(bytes, marker);
    // The mock model server in a process of its own, as fast as it can send.
    const mock = await startMockProcess([{ text }]);
    const run = await startNorth([], { baseUrl: mock.baseUrl });
    const { term } = run;
    const before = term.bytes;
    const rawStart = term.raw.length;
    const rssBefore = await rssMiB(term.pty.pid);
    term.type("stream");
    await term.waitFor("> stream");
    const t0 = performance.now();
    term.press("enter");
    await term.waitFor(marker, { timeoutMs: 300_000 });
    const ms = performance.now() - t0;
    const written = term.bytes - before;
    const raw = term.raw.slice(rawStart);
    await term.waitFor("Ask North about this repository");
    const rss = await rssMiB(term.pty.pid);
    const clears = (raw.match(/\x1b\[2J|\x1b\[3J/g) ?? []).length;
    runs.push({ ms, ratio: written / Buffer.byteLength(text), clears, rss, rssBefore });
    await run.close();
    mock.close();
  }
  const m = {
    bytes,
    ms: median(runs.map((x) => x.ms)),
    ratio: median(runs.map((x) => x.ratio)),
    clears: Math.max(...runs.map((x) => x.clears)),
    rss: median(runs.map((x) => x.rss)),
    rssBefore: median(runs.map((x) => x.rssBefore)),
  };
  results.push(m);
  console.log(
    `${(bytes / 1024).toFixed(0)} KB answer  median ${m.ms.toFixed(0)} ms  terminal bytes / text bytes ${m.ratio.toFixed(2)}  full clears ${m.clears}  RSS ${m.rssBefore.toFixed(0)} → ${m.rss.toFixed(0)} MiB  (${RUNS} runs)`,
  );
}
const mb = results[1];
console.log(
  `1 MB answer rendered in ${(mb.ms / 1000).toFixed(2)} s  (target ≤ 4 s)  ${mb.ms <= 4000 ? "OK" : "OVER"}`,
);
console.log(
  `RSS after the 1 MB answer ${mb.rss.toFixed(0)} MiB  (target ≤ 150 MB)  ${mb.rss * 1.048576 <= 150 ? "OK" : "OVER"}`,
);
const growth = results[1].ms / results[0].ms;
console.log(
  `time for 2× the size: ${growth.toFixed(2)}×  (target ≤ 2.2×)  ${growth <= 2.2 ? "OK" : "OVER"}`,
);
const worst = Math.max(...results.map((r) => r.ratio));
console.log(`bytes ratio ${worst.toFixed(2)}  (target ≤ 3)  ${worst <= 3 ? "OK" : "OVER"}`);
const clears = Math.max(...results.map((r) => r.clears));
console.log(`full-screen clears ${clears}  (target 0)  ${clears === 0 ? "OK" : "OVER"}`);
