// What the interface's build (dist/tui.cjs) carries: every start reads the whole file and the
// code cache made from it (src/code-cache.ts), so a package loaded only at first use stays in
// node_modules (scripts/build.mjs).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { expect, it } from "vitest";
import { CLI } from "../support/cli-runner.js";

it("leaves the code highlighter (cli-highlight, highlight.js) in node_modules", () => {
  const tui = readFileSync(join(dirname(CLI), "tui.cjs"), "latin1");
  // Booleans, not the text: a failure would print megabytes of it.
  const has = (text: string) => tui.includes(text);
  expect(has('require("cli-highlight")'), "cli-highlight required").toBe(true);
  expect(has('require("highlight.js")'), "highlight.js required").toBe(true);
  // highlight.js's own message when a language fails to register: its core is not bundled.
  expect(has("Language definition for"), "highlight.js bundled").toBe(false);
});
