import { lstat, readdir, realpath } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../test/support/temp-tree.js";
import { repoOwnDir } from "./repo-dir.js";

let outside: TempTree;
beforeAll(async () => {
  outside = await makeTempTree({ "northlink/": "" });
});
afterAll(() => outside.remove());

describe("repoOwnDir", () => {
  it("creates missing folders inside the repository", async () => {
    const tree = await makeTempTree({ "a.txt": "x" });
    const root = await realpath(tree.root);
    expect(await repoOwnDir(root, ".north/cache")).toBe(path.join(root, ".north", "cache"));
    expect((await lstat(path.join(root, ".north", "cache"))).isDirectory()).toBe(true);
    await tree.remove();
  });

  it("refuses a symlinked .north and writes nothing through it", async () => {
    const tree = await makeTempTree({
      ".north": { symlink: path.join(outside.root, "northlink") },
    });
    const root = await realpath(tree.root);
    expect(await repoOwnDir(root, ".north/cache")).toBeUndefined();
    expect(await readdir(path.join(outside.root, "northlink"))).toEqual([]);
    await tree.remove();
  });

  it("refuses a file in the way and a path that climbs out", async () => {
    const tree = await makeTempTree({ ".north": "not a folder" });
    const root = await realpath(tree.root);
    expect(await repoOwnDir(root, ".north/cache")).toBeUndefined();
    expect(await repoOwnDir(root, "../elsewhere")).toBeUndefined();
    await tree.remove();
  });
});
