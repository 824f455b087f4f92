import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SyncFileReader } from "./read-sync.js";

describe("SyncFileReader", () => {
  it("reads a small file, and refuses a larger one", () => {
    const dir = mkdtempSync(join(tmpdir(), "north-read-sync-"));
    writeFileSync(join(dir, "a.txt"), "hello\n");
    writeFileSync(join(dir, "big.txt"), "x".repeat(100));
    const reader = new SyncFileReader(50);
    expect(reader.read(join(dir, "a.txt"))?.toString()).toBe("hello\n");
    expect(reader.read(join(dir, "big.txt"))).toBeUndefined();
  });

  it.skipIf(process.platform === "win32")(
    "refuses a FIFO (one swapped in after the walk) without waiting for a writer",
    () => {
      const dir = mkdtempSync(join(tmpdir(), "north-read-sync-"));
      execFileSync("mkfifo", [join(dir, "pipe")]);
      expect(new SyncFileReader(1024).read(join(dir, "pipe"))).toBeUndefined();
    },
  );
});
