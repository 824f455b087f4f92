// Issue 31: narrowing the terminal while a code block streams in the live frame leaves none of
// the frame's rows behind in the scrollback (a code block's header was left twice).
import { expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { splitText } from "../support/mock-wire.js";
import { COMPOSER, send, useTui } from "../support/tui-fixture.js";

const tui = useTui();

const BLOCKS = 12;
const line = (i: number, j: number) =>
  `const value${String(i).padStart(2, "0")}_${j} = "a string long enough to wrap at fifty columns";`;
const block = (i: number) =>
  `Block ${i}:\n\n\`\`\`ts\n${[1, 2, 3].map((j) => line(i, j)).join("\n")}\n\`\`\``;

test("a resize to 50 columns and back while a code block streams: each header once", async () => {
  // The stream stops inside block 7 (open: its header at the top of the live frame) until the
  // terminal has narrowed and widened again.
  const first = [...Array.from({ length: 6 }, (_, i) => block(i + 1)), "Block 7:\n\n```ts"]
    .concat([line(7, 1), line(7, 2)])
    .join("\n");
  const rest = [
    `\n${line(7, 3)}\n\`\`\``,
    ...Array.from({ length: BLOCKS - 7 }, (_, i) => block(i + 8)),
    "The end.",
  ].join("\n\n");
  const text = first + rest;
  // The stream's events: message_start, content_block_start, ping, then the text's deltas; the
  // hold comes once the deltas cover `first`.
  let pieces = 0;
  for (let sent = 0; sent < first.length; pieces++) sent += splitText(text)[pieces]!.length;
  const script = [
    reply()
      .text(text)
      .hold("resize", 3 + pieces),
  ];
  const { term, server } = await tui.open(script, [], {
    cols: 120,
    rows: 40,
  });
  await send(term, "show me twelve blocks");
  await term.waitFor(line(7, 2));
  await term.resizeWhenQuiet(50, 40);
  // Ink has drawn the frame again at the new width: the open block's line wraps.
  await term.waitFor(/│ +wrap at fifty columns";/);
  await term.resizeWhenQuiet(120, 40);
  // …and at 120 columns again: the status line has room for the folder's name.
  await term.waitFor(/north-repo-\S+ \[AGENT\]/);
  server.release("resize");
  await term.waitFor("The end.");
  await term.waitFor(COMPOSER);

  const all = term.all();
  expect(all.split("\n").filter((l) => l.includes("╭ ts"))).toHaveLength(BLOCKS);
  const seen = [...all.matchAll(/value(\d{2})_1 /g)].map((m) => Number(m[1]));
  expect(seen).toEqual(Array.from({ length: BLOCKS }, (_, i) => i + 1));
});
