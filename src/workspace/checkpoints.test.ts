import { execFileSync } from "node:child_process";
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../test/support/temp-tree.js";
import { openCheckpoints, type Checkpoints } from "./checkpoints.js";
import { createWorkspace, type Workspace } from "./workspace.js";

const hasGit = (() => {
  try {
    execFileSync("git", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

let tree: TempTree;
let dataDir: string;
let ws: Workspace;
beforeEach(async () => {
  tree = await makeTempTree({ "a.txt": "a0\n", "b.txt": "b0\n", "gone.txt": "g0\n" });
  dataDir = await mkdtemp(path.join(os.tmpdir(), "north-data-"));
  ws = await createWorkspace(tree.root);
});
afterEach(async () => {
  await tree.remove();
  await rm(dataDir, { recursive: true, force: true });
});

const B = (s: string) => Buffer.from(s);
const read = (rel: string) => readFile(path.join(ws.root, rel), "utf8").catch(() => null);
const put = (rel: string, text: string) => writeFile(path.join(ws.root, rel), text);
const open = (git = true) => openCheckpoints({ ws, dataDir, session: "s1", git });

/** Records what an edit tool would: writes the file and a checkpoint of it. */
async function edit(
  cp: Checkpoints,
  rel: string,
  after: string | null,
  tool = "edit_replace_exact",
) {
  const before = await readFile(path.join(ws.root, rel)).catch(() => null);
  if (after === null) await rm(path.join(ws.root, rel));
  else await put(rel, after);
  return cp.record({
    tool,
    files: [{ path: rel, before, after: after === null ? null : B(after) }],
  });
}

describe("checkpoints: record and undo", () => {
  it("restores edited files, deletes created ones, recreates deleted ones", async () => {
    const cp = await open();
    cp.setTurn(1);
    await edit(cp, "a.txt", "a1\n");
    await edit(cp, "new.txt", "n1\n", "edit_create_file");
    await edit(cp, "gone.txt", null, "shell_run");
    await edit(cp, "a.txt", "a2\n");
    expect(cp.list()).toHaveLength(4);
    const result = await cp.undo();
    expect(result.turns).toEqual([{ session: "s1", turn: 1 }]);
    expect(result.complete).toBe(true);
    expect(result.skipped).toEqual([]);
    expect(result.restored).toEqual([
      { path: "a.txt", action: "restored" },
      { path: "new.txt", action: "deleted" },
      { path: "gone.txt", action: "recreated" },
    ]);
    expect([await read("a.txt"), await read("new.txt"), await read("gone.txt")]).toEqual([
      "a0\n",
      null,
      "g0\n",
    ]);
    expect(cp.list()).toHaveLength(0);
    expect((await cp.undo()).turns).toEqual([]);
  });

  it("goes back N turns, most recent first", async () => {
    const cp = await open();
    for (const turn of [1, 2, 3]) {
      cp.setTurn(turn);
      await edit(cp, "a.txt", `a${turn}\n`);
    }
    await cp.undo();
    expect(await read("a.txt")).toBe("a2\n");
    const two = await cp.undo(2);
    expect(two.turns.map((t) => t.turn)).toEqual([1, 2]);
    expect(await read("a.txt")).toBe("a0\n");
  });

  it("does not overwrite a file changed since, until told to", async () => {
    const cp = await open();
    cp.setTurn(1);
    await edit(cp, "a.txt", "a1\n");
    await edit(cp, "b.txt", "b1\n");
    await put("a.txt", "the person's change\n");
    const first = await cp.undo();
    expect(first.complete).toBe(false);
    expect(first.skipped).toEqual([
      {
        path: "a.txt",
        reason: "changed",
        message: "a.txt was changed since (not by North); it was not overwritten",
      },
    ]);
    expect(first.restored).toEqual([{ path: "b.txt", action: "restored" }]);
    expect(await read("a.txt")).toBe("the person's change\n");
    expect(cp.list()).toHaveLength(2); // not marked undone: the turn is not fully undone
    const second = await cp.undo(1, { overwrite: ["a.txt"] });
    expect(second.complete).toBe(true);
    expect(second.restored).toEqual([
      { path: "b.txt", action: "unchanged" },
      { path: "a.txt", action: "restored" },
    ]);
    expect(await read("a.txt")).toBe("a0\n");
  });

  it("survives a restart: entries and blobs are reloaded from the data dir", async () => {
    const cp = await open();
    cp.setTurn(7);
    await edit(cp, "a.txt", "a1\n");
    expect(await edit(cp, "b.txt", "b0\n")).toBeNull(); // unchanged: nothing recorded
    const again = await openCheckpoints({ ws, dataDir, session: "s2" });
    expect(again.dir).toBe(cp.dir);
    expect(again.list().map((e) => [e.session, e.turn, e.tool])).toEqual([
      ["s1", 7, "edit_replace_exact"],
    ]);
    await again.undo();
    expect(await read("a.txt")).toBe("a0\n");
    const third = await openCheckpoints({ ws, dataDir });
    expect(third.list()).toEqual([]);
  });
});

describe.skipIf(!hasGit)("checkpoints: shell snapshots with a shadow git repository", () => {
  it("finds what a command changed, before and after, ignore rules honoured", async () => {
    execFileSync("git", ["init", "-q"], { cwd: ws.root });
    await put(".gitignore", "build/\n");
    const projectGit = async () => (await readdir(path.join(ws.root, ".git", "objects"))).sort();
    const objectsBefore = await projectGit();
    const cp = await open();
    cp.setTurn(3);
    const snap = await cp.snapshot();
    await put("a.txt", "changed by a command\n");
    await put("made.txt", "made\n");
    await rm(path.join(ws.root, "gone.txt"));
    await put(".gitignore", "build/\n*.log\n");
    await put("x.log", "ignored\n");
    await mkdir(path.join(ws.root, "node_modules/p"), { recursive: true });
    await put("node_modules/p/i.js", "skipped\n");
    const changes = await cp.changesSince(snap);
    const shown = changes.map((c) => [
      c.path,
      c.before?.toString() ?? null,
      c.after?.toString() ?? null,
    ]);
    expect(shown).toEqual([
      [".gitignore", "build/\n", "build/\n*.log\n"],
      ["a.txt", "a0\n", "changed by a command\n"],
      ["gone.txt", "g0\n", null],
      ["made.txt", null, "made\n"],
    ]);
    const entry = await cp.recordSince(snap, { tool: "shell_run" });
    expect(entry).toMatchObject({ turn: 3, tool: "shell_run" });
    // The project's own repository was not written to: no index, no new objects.
    expect(await projectGit()).toEqual(objectsBefore);
    await expect(readFile(path.join(ws.root, ".git", "index"))).rejects.toThrow();
    const result = await cp.undo();
    expect(result.complete).toBe(true);
    expect([await read("a.txt"), await read("made.txt"), await read("gone.txt")]).toEqual([
      "a0\n",
      null,
      "g0\n",
    ]);
    expect(await read(".gitignore")).toBe("build/\n");
    expect(await read("x.log")).toBe("ignored\n");
  });

  it.skipIf(process.platform === "win32")(
    "takes a snapshot when the project's info/exclude is a FIFO, without waiting on it",
    async () => {
      execFileSync("git", ["init", "-q"], { cwd: ws.root });
      const exclude = path.join(ws.root, ".git", "info", "exclude");
      await rm(exclude, { force: true });
      execFileSync("mkfifo", [exclude]);
      const cp = await open();
      const snap = await cp.snapshot();
      await put("a.txt", "changed\n");
      const changes = await cp.changesSince(snap);
      expect(changes.map((c) => c.path)).toEqual(["a.txt"]);
    },
  );

  it.skipIf(process.platform !== "linux")(
    "takes a snapshot when git is held by a FIFO planted as .gitignore (a scan serves)",
    async () => {
      execFileSync("git", ["init", "-q"], { cwd: ws.root });
      execFileSync("mkfifo", [path.join(ws.root, ".gitignore")]);
      const cp = await open();
      const snap = await cp.snapshot();
      expect(snap.kind).toBe("scan");
      await put("a.txt", "changed\n");
      expect((await cp.changesSince(snap)).map((c) => c.path)).toEqual(["a.txt"]);
    },
  );

  it("records nothing when a command changed nothing", async () => {
    const cp = await open();
    const snap = await cp.snapshot();
    await put("x.tmp", "made and removed\n");
    await rm(path.join(ws.root, "x.tmp"));
    expect(await cp.recordSince(snap, { tool: "shell_run" })).toBeNull();
  });
});

describe.skipIf(!hasGit)("checkpoints: a command that swapped a folder for a symlink", () => {
  async function swap(outsideLinkTarget: string) {
    await mkdir(path.join(ws.root, "d"));
    await put("d/b.txt", "person's b\n");
    const cp = await open();
    cp.setTurn(1);
    const snap = await cp.snapshot();
    // What `mv d d.real; ln -s OUTSIDE d` does.
    await rename(path.join(ws.root, "d"), path.join(ws.root, "d.real"));
    await symlink(outsideLinkTarget, path.join(ws.root, "d"));
    await cp.recordSince(snap, { tool: "shell_run" });
    return cp;
  }

  it("undo removes the link, brings the folder back, then drops the moved copy", async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), "north-outside-"));
    await writeFile(path.join(outside, "keep.txt"), "outside\n");
    const cp = await swap(outside);
    const result = await cp.undo();
    expect(await read("d/b.txt")).toBe("person's b\n");
    expect(await read("d.real/b.txt")).toBeNull();
    expect(result.skipped).toEqual([]);
    expect(await readdir(outside)).toEqual(["keep.txt"]);
    await rm(outside, { recursive: true, force: true });
  });

  it("keeps the moved copy when the link is no longer the command's", async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), "north-outside-"));
    const cp = await swap(outside);
    await rm(path.join(ws.root, "d"));
    await symlink(os.tmpdir(), path.join(ws.root, "d"));
    const result = await cp.undo();
    expect(await read("d.real/b.txt")).toBe("person's b\n");
    expect(result.skipped.map((s) => s.message).join("\n")).toContain("only copy of d/b.txt");
    await rm(outside, { recursive: true, force: true });
  });
});

describe("checkpoints: shell snapshots without git", () => {
  it("records after-contents and knows created files; the rest is not restorable", async () => {
    const cp = await open(false);
    expect(cp.exact).toBe(false);
    cp.setTurn(1);
    const snap = await cp.snapshot();
    await put("made.txt", "made\n");
    await put("a.txt", "a longer content\n");
    await rm(path.join(ws.root, "gone.txt"));
    const entry = await cp.recordSince(snap, { tool: "shell_run" });
    expect(
      entry?.files.map((f) => [
        f.path,
        f.before === "unknown" ? "unknown" : f.before === null ? null : "blob",
      ]),
    ).toEqual([
      ["a.txt", "unknown"],
      ["gone.txt", "unknown"],
      ["made.txt", null],
    ]);
    const result = await cp.undo();
    expect(result.restored).toEqual([{ path: "made.txt", action: "deleted" }]);
    expect(result.skipped.map((s) => [s.path, s.reason])).toEqual([
      ["a.txt", "unknown"],
      ["gone.txt", "unknown"],
    ]);
    expect(result.complete).toBe(true);
    expect(await read("made.txt")).toBeNull();
    expect(await read("a.txt")).toBe("a longer content\n");
  });
});
