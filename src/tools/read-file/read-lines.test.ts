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

  it("keeps a line that spans two reads whole, and counts every line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "north-read-lines-"));
    // The second line starts 44 bytes before the end of the first 256 KB read.
    const middle = Array.from({ length: 30 }, (_, i) => `word${i}`).join(" ");
    const text = `${"x".repeat(256 * 1024 - 45)}\n${middle}\n${"tail\n".repeat(60_000)}`;
    writeFileSync(join(dir, "big.txt"), text);
    const window = await readLines(join(dir, "big.txt"), { ...range, start: 2, end: 3 });
    expect(window.lines).toEqual([middle, "tail"]);
    expect(window.totalLines).toBe(60_002);
  });

  it("stops with the signal's reason when aborted", async () => {
    const dir = mkdtempSync(join(tmpdir(), "north-read-lines-"));
    writeFileSync(join(dir, "a.txt"), "one\n");
    const controller = new AbortController();
    controller.abort(new Error("turn cancelled"));
    await expect(
      readLines(join(dir, "a.txt"), { ...range, signal: controller.signal }),
    ).rejects.toThrow("turn cancelled");
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
