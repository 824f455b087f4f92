import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readLines } from "./read-lines.js";

const range = {
  start: 1,
  end: Number.MAX_SAFE_INTEGER,
  maxLines: 100,
  maxBytes: 10_000,
  maxLineBytes: 1_000,
  signal: new AbortController().signal,
};

describe("readLines", () => {
  it("reads the lines asked for", async () => {
    const dir = mkdtempSync(join(tmpdir(), "north-read-lines-"));
    writeFileSync(join(dir, "a.txt"), "one\ntwo\nthree\n");
    const window = await readLines(join(dir, "a.txt"), { ...range, start: 2 });
    expect(window.lines).toEqual(["two", "three"]);
  });

  it.skipIf(process.platform === "win32")(
    "reads a FIFO swapped in for a checked file as empty, without waiting for a writer",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "north-read-lines-"));
      execFileSync("mkfifo", [join(dir, "pipe")]);
      const window = await readLines(join(dir, "pipe"), range);
      expect(window.lines).toEqual([]);
    },
  );
});
