import { chmod, readdir, readFile, stat, symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeTempTree, type TempTree } from "../../test/support/temp-tree.js";
import {
  replaceCacheFileSync,
  writeFileAtomic,
  writeFilesAtomic,
  type WriteOps,
} from "./atomic-write.js";
import * as fsp from "node:fs/promises";

let tree: TempTree | undefined;
afterEach(async () => {
  await tree?.remove();
  tree = undefined;
});

/** Every entry below the root (folders end in /). */
async function listing(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  return entries
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)) + (e.isDirectory() ? "/" : ""))
    .sort();
}

const text = (root: string, rel: string) => readFile(path.join(root, rel), "utf8");

/** Rename that fails with `code` on the `n`-th call (1-based). */
function failingRename(n: number, code: string): WriteOps {
  let calls = 0;
  return {
    async rename(from, to) {
      if (++calls === n) throw Object.assign(new Error(`${code}: injected`), { code });
      await fsp.rename(from, to);
    },
  };
}

describe("replaceCacheFileSync", () => {
  it("replaces a file whole, and leaves no sidecar when the rename fails", async () => {
    tree = await makeTempTree({ "cache/card.json": "old", "cache/dir/x": "" });
    const { root } = tree;
    replaceCacheFileSync(path.join(root, "cache/card.json"), "new");
    expect(await text(root, "cache/card.json")).toBe("new");
    expect(() => replaceCacheFileSync(path.join(root, "cache/dir"), "x")).toThrow();
    expect(await listing(root)).toEqual(["cache/", "cache/card.json", "cache/dir/", "cache/dir/x"]);
  });

  it("never writes through a symlink planted at its sidecar's name", async () => {
    tree = await makeTempTree({ "cache/card.json": "old", "outside.txt": "keep" });
    const { root } = tree;
    // The sidecar's name made known, as a repository that guessed it would know it.
    const random = vi.spyOn(Math, "random").mockReturnValue(0.5);
    try {
      const tag = Math.floor(0.5 * 2 ** 48).toString(16);
      await symlink(
        path.join(root, "outside.txt"),
        path.join(root, `cache/.card.json.north-${tag}.tmp`),
      );
      expect(() => replaceCacheFileSync(path.join(root, "cache/card.json"), "new")).toThrow(
        /EEXIST/,
      );
    } finally {
      random.mockRestore();
    }
    expect(await text(root, "outside.txt")).toBe("keep");
    expect(await text(root, "cache/card.json")).toBe("old");
  });
});

describe("writeFileAtomic", () => {
  it("creates a file and its folders, leaving no sidecar files", async () => {
    tree = await makeTempTree({});
    await writeFileAtomic(path.join(tree.root, "a/b/c.txt"), Buffer.from("hello"));
    expect(await text(tree.root, "a/b/c.txt")).toBe("hello");
    expect(await listing(tree.root)).toEqual(["a/", "a/b/", "a/b/c.txt"]);
  });

  it("writes a cache (durable: false) the same way, without sidecar files", async () => {
    tree = await makeTempTree({ "cache/card.json": "old" });
    const target = path.join(tree.root, "cache/card.json");
    await writeFileAtomic(target, Buffer.from("new"), { durable: false });
    await writeFileAtomic(path.join(tree.root, "cache/.gitignore"), Buffer.from("*\n"), {
      durable: false,
    });
    expect(await text(tree.root, "cache/card.json")).toBe("new");
    expect(await listing(tree.root)).toEqual(["cache/", "cache/.gitignore", "cache/card.json"]);
  });

  it("replaces a file, keeping its mode", async () => {
    tree = await makeTempTree({ "run.sh": "old", "secret.txt": "old" });
    await chmod(path.join(tree.root, "run.sh"), 0o755);
    await chmod(path.join(tree.root, "secret.txt"), 0o600);
    await writeFileAtomic(path.join(tree.root, "run.sh"), Buffer.from("new"));
    await writeFileAtomic(path.join(tree.root, "secret.txt"), Buffer.from("new"));
    expect((await stat(path.join(tree.root, "run.sh"))).mode & 0o777).toBe(0o755);
    expect((await stat(path.join(tree.root, "secret.txt"))).mode & 0o777).toBe(0o600);
    expect(await text(tree.root, "run.sh")).toBe("new");
    expect(await listing(tree.root)).toEqual(["run.sh", "secret.txt"]);
  });
});

describe("writeFilesAtomic", () => {
  const files = { "a.txt": "A0", "b.txt": "B0", "c.txt": "C0" };
  const writes = (root: string) => [
    { absolute: path.join(root, "a.txt"), data: Buffer.from("A1") },
    { absolute: path.join(root, "new/d.txt"), data: Buffer.from("D1") },
    { absolute: path.join(root, "b.txt"), data: Buffer.from("B1") },
    { absolute: path.join(root, "c.txt"), data: Buffer.from("C1") },
  ];

  it("writes all the files", async () => {
    tree = await makeTempTree(files);
    await writeFilesAtomic(writes(tree.root));
    expect(
      await Promise.all(["a.txt", "new/d.txt", "b.txt", "c.txt"].map((f) => text(tree!.root, f))),
    ).toEqual(["A1", "D1", "B1", "C1"]);
    expect(await listing(tree.root)).toEqual(["a.txt", "b.txt", "c.txt", "new/", "new/d.txt"]);
  });

  it("puts everything back when a rename fails midway", async () => {
    for (const failAt of [1, 2, 3, 4]) {
      tree = await makeTempTree(files);
      await expect(
        writeFilesAtomic(writes(tree.root), { ops: failingRename(failAt, "EIO") }),
      ).rejects.toThrow("EIO: injected");
      expect(await listing(tree.root), `failing rename ${failAt}`).toEqual([
        "a.txt",
        "b.txt",
        "c.txt",
      ]);
      expect(
        await Promise.all(["a.txt", "b.txt", "c.txt"].map((f) => text(tree!.root, f))),
      ).toEqual(["A0", "B0", "C0"]);
      await tree.remove();
    }
    tree = undefined;
  });

  it("writes nothing when a file cannot be staged", async () => {
    tree = await makeTempTree({ ...files, blocker: "a file, not a folder" });
    const bad = [
      ...writes(tree.root),
      { absolute: path.join(tree.root, "blocker/x.txt"), data: Buffer.from("x") },
    ];
    await expect(writeFilesAtomic(bad)).rejects.toThrow();
    expect(await listing(tree.root)).toEqual(["a.txt", "b.txt", "blocker", "c.txt"]);
    expect(await text(tree.root, "a.txt")).toBe("A0");
  });

  it("falls back to copying when a rename crosses filesystems", async () => {
    tree = await makeTempTree(files);
    const exdev: WriteOps = {
      async rename() {
        throw Object.assign(new Error("EXDEV: cross-device link"), { code: "EXDEV" });
      },
    };
    await writeFilesAtomic(writes(tree.root), { ops: exdev });
    expect(await text(tree.root, "b.txt")).toBe("B1");
    expect(await text(tree.root, "new/d.txt")).toBe("D1");
    expect(await listing(tree.root)).toEqual(["a.txt", "b.txt", "c.txt", "new/", "new/d.txt"]);
  });
});
