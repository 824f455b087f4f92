import * as fsp from "node:fs/promises";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../test/support/temp-tree.js";
import { writeFilesAtomic, type WriteOps } from "./atomic-write.js";
import { recoverJournals } from "./batch-journal.js";

let tree: TempTree | undefined;
afterEach(async () => {
  await tree?.remove();
  tree = undefined;
});

/** Renames that stop for good (a process frozen, then killed) once `after` renames happened. */
function frozenAfter(after: number, reached: () => void): WriteOps {
  let done = 0;
  return {
    async rename(from, to) {
      if (done === after) {
        reached();
        await new Promise<never>(() => undefined);
      }
      await fsp.rename(from, to);
      done += 1;
    },
  };
}

/** Starts a batch in this process that never finishes: what a killed writer leaves on disk. */
async function interrupted(root: string, journal: string, after: number): Promise<void> {
  const writes = ["a.txt", "b.txt", "new/c.txt"].map((f) => ({
    absolute: path.join(root, "repo", f),
    data: Buffer.from(`new ${f}`),
  }));
  await new Promise<void>((reached) => {
    void writeFilesAtomic(writes, { journal, ops: frozenAfter(after, reached) });
  });
}

const files = { "repo/a.txt": "old a.txt", "repo/b.txt": "old b.txt" };
const listing = async (root: string) =>
  (await readdir(path.join(root, "repo"), { recursive: true })).sort();

describe("recoverJournals", () => {
  it("rolls back a batch that stopped between renames, removing its sidecars and folders", async () => {
    tree = await makeTempTree(files);
    const journal = path.join(tree.root, "journals");
    await interrupted(tree.root, journal, 2);
    expect(await readFile(path.join(tree.root, "repo/a.txt"), "utf8")).toBe("new a.txt");
    // As if left by a killed process: a journal this process is not writing.
    const [name] = await readdir(journal);
    await fsp.rename(path.join(journal, name!), path.join(journal, `left-${name!}`));
    const done = await recoverJournals(journal, () => false);
    expect(done).toEqual([
      {
        outcome: "rolled-back",
        files: ["a.txt", "b.txt", "new/c.txt"].map((f) => path.join(tree!.root, "repo", f)),
      },
    ]);
    expect(await readFile(path.join(tree.root, "repo/a.txt"), "utf8")).toBe("old a.txt");
    expect(await readFile(path.join(tree.root, "repo/b.txt"), "utf8")).toBe("old b.txt");
    expect(await listing(tree.root)).toEqual(["a.txt", "b.txt"]);
    expect(await readdir(journal)).toEqual([]);
  });

  it("leaves the journals of live processes alone, this one's included", async () => {
    tree = await makeTempTree(files);
    const journal = path.join(tree.root, "journals");
    await interrupted(tree.root, journal, 1);
    expect(await recoverJournals(journal, () => true)).toEqual([]);
    expect(await readdir(journal)).toHaveLength(1);
  });

  it("writes a journal with private permissions and removes it when the batch ends", async () => {
    tree = await makeTempTree(files);
    const journal = path.join(tree.root, "journals");
    let mode = 0;
    await writeFilesAtomic(
      [{ absolute: path.join(tree.root, "repo/a.txt"), data: Buffer.from("x") }],
      {
        journal,
        ops: {
          async rename(from, to) {
            const [name] = await readdir(journal);
            mode = (await fsp.stat(path.join(journal, name!))).mode & 0o777;
            await fsp.rename(from, to);
          },
        },
      },
    );
    expect(mode).toBe(0o600);
    expect(((await fsp.stat(journal)).mode & 0o777).toString(8)).toBe("700");
    expect(await readdir(journal)).toEqual([]);
  });
});
