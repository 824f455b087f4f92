import { constants, mkdtempSync } from "node:fs";
import * as fsp from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import type { Stats } from "node:fs";
import * as fsAsync from "./fs-async.js";
import { readWhole, type FileHandleLite } from "./fs-async.js";

describe("fs-async", () => {
  it("fails as node:fs/promises does: same code, syscall and path", async () => {
    const missing = join(mkdtempSync(join(tmpdir(), "north-fsa-")), "nope");
    const failure = (error: NodeJS.ErrnoException) => error;
    const ours = await fsAsync.stat(missing).then(() => undefined, failure);
    const theirs = await fsp.stat(missing).then(() => undefined, failure);
    expect(ours).toBeInstanceOf(Error);
    expect(theirs?.code).toBe("ENOENT");
    expect(ours).toMatchObject({
      code: theirs?.code,
      syscall: theirs?.syscall,
      path: theirs?.path,
    });
  });

  it("resolves with the callback's value, options passed through", async () => {
    const dir = mkdtempSync(join(tmpdir(), "north-fsa-"));
    await fsAsync.writeFile(join(dir, "a.txt"), "héllo");
    await fsAsync.mkdir(join(dir, "sub", "deeper"), { recursive: true });
    const entries = await fsAsync.readdir(dir, { withFileTypes: true });
    expect(entries.map((e) => [e.name, e.isDirectory()]).sort()).toEqual([
      ["a.txt", false],
      ["sub", true],
    ]);
    expect(await fsAsync.readFile(join(dir, "a.txt"), "utf8")).toBe("héllo");
    expect(await fsAsync.realpath(dir)).toBe(await fsp.realpath(dir));
  });

  it("gives an open file's reads, writes, mode, sync and close", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "north-fsa-")), "b.bin");
    const out = await fsAsync.open(file, "wx", 0o600);
    await out.writeFile("0123456789");
    await out.chmod(0o640);
    await out.sync();
    await out.close();
    const handle = await fsAsync.open(file);
    const buffer = Buffer.alloc(4);
    expect(await handle.read(buffer, 0, 4, 3)).toEqual({ bytesRead: 4 });
    expect(buffer.toString()).toBe("3456");
    expect(await handle.read(buffer, 0, 4)).toEqual({ bytesRead: 4 });
    expect(buffer.toString()).toBe("0123");
    expect((await handle.stat()).mode & 0o777).toBe(0o640);
    await handle.close();
  });

  it("reads a regular file up to the size it had, and anything else to its end", async () => {
    // A handle whose file never ends, as one a command keeps appending to.
    const endless = (isFile: boolean, size: number, pieces = Infinity): FileHandleLite => ({
      fd: -1,
      stat: async () => ({ isFile: () => isFile, size }) as Stats,
      read: async (buffer, offset, length) => {
        if (pieces-- <= 0) return { bytesRead: 0 };
        buffer.fill(120, offset, offset + length);
        return { bytesRead: length };
      },
      writeFile: async () => {},
      chmod: async () => {},
      sync: async () => {},
      close: async () => {},
    });
    expect((await readWhole(endless(true, 10))).toString()).toBe("x".repeat(10));
    expect((await readWhole(endless(false, 0, 3))).length).toBe(3 * 16 * 1024);
    expect((await readWhole(endless(true, 0, 2))).length).toBe(2 * 16 * 1024);
  });

  // /proc and mkfifo: Linux.
  it.skipIf(process.platform !== "linux")(
    "reads whole files as node:fs/promises does: bytes, text, flags, sizes it was not told",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "north-fsa-"));
      const big = Buffer.from("é".repeat(40_000));
      await fsAsync.writeFile(join(dir, "big"), big);
      await fsAsync.writeFile(join(dir, "empty"), "");
      expect(Buffer.compare(await fsAsync.readFile(join(dir, "big")), big)).toBe(0);
      expect(await fsAsync.readFile(join(dir, "big"), "utf8")).toBe(big.toString());
      expect(await fsAsync.readFile(join(dir, "big"), { encoding: "latin1" })).toBe(
        big.toString("latin1"),
      );
      expect((await fsAsync.readFile(join(dir, "empty"))).length).toBe(0);
      // /proc files say 0 bytes and are not empty.
      expect(await fsAsync.readFile("/proc/self/status", "utf8")).toMatch(/^Name:/);
      const fifo = join(dir, "fifo");
      execFileSync("mkfifo", [fifo]);
      const flag = constants.O_RDONLY | constants.O_NONBLOCK;
      expect((await fsAsync.readFile(fifo, { flag })).length).toBe(0);
      await expect(fsAsync.readFile(join(dir, "nope"))).rejects.toMatchObject({ code: "ENOENT" });
    },
  );
});
