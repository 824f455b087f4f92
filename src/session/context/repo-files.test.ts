import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../../test/support/temp-tree.js";
import { createWorkspace } from "../../workspace/index.js";
import { listRepoFiles, streamRepoFiles } from "./repo-files.js";

const git = (root: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd: root,
    stdio: "pipe",
  });

const FILES = {
  ".gitignore": "build/\n*.log\n",
  "src/a.ts": "a",
  "src/b.ts": "b",
  "build/out.js": "ignored",
  "debug.log": "ignored",
  "node_modules/x/index.js": "never listed",
};

describe("listRepoFiles", () => {
  let tree: TempTree | undefined;
  afterEach(async () => {
    await tree?.remove();
    tree = undefined;
  });

  it("in a git repository: tracked and untracked files, ignored ones skipped", async () => {
    tree = await makeTempTree(FILES);
    git(tree.root, "init", "-q");
    git(tree.root, "add", ".gitignore", "src/a.ts");
    git(tree.root, "commit", "-qm", "one");
    const ws = await createWorkspace(tree.root);
    const all = await listRepoFiles(ws);
    expect(all.source).toBe("git");
    expect(all.paths.sort()).toEqual([".gitignore", "src/a.ts", "src/b.ts"]);
    expect((await listRepoFiles(ws, { tracked: true })).paths.sort()).toEqual([
      ".gitignore",
      "src/a.ts",
    ]);
    // A file made since is in the next list; a tracked file deleted since is not listed twice.
    writeFileSync(join(tree.root, "src/c.ts"), "c");
    expect((await listRepoFiles(ws)).paths.sort()).toEqual([
      ".gitignore",
      "src/a.ts",
      "src/b.ts",
      "src/c.ts",
    ]);
  });

  it("outside git: the walk, with the same rules and the limit", async () => {
    tree = await makeTempTree(FILES);
    const ws = await createWorkspace(tree.root);
    const all = await listRepoFiles(ws);
    expect(all).toEqual({
      paths: [".gitignore", "src/a.ts", "src/b.ts"],
      complete: true,
      source: "walk",
    });
    const cut = await listRepoFiles(ws, { limit: 2 });
    expect(cut.complete).toBe(false);
    expect(cut.paths).toHaveLength(2);
  });

  it("stops when its signal is aborted", async () => {
    tree = await makeTempTree(FILES);
    git(tree.root, "init", "-q");
    const ws = await createWorkspace(tree.root);
    const abort = new AbortController();
    const listing = listRepoFiles(ws, { signal: abort.signal });
    abort.abort(new Error("stopped"));
    await expect(listing).rejects.toThrow("stopped");
  });
});

describe("streamRepoFiles", () => {
  let tree: TempTree | undefined;
  afterEach(async () => {
    await tree?.remove();
    tree = undefined;
  });

  const stream = async (root: string, limit?: number) => {
    const batches: string[][] = [];
    const ws = await createWorkspace(root);
    const end = await streamRepoFiles(ws, (paths) => batches.push(paths), {
      ...(limit ? { limit } : {}),
    });
    return { batches, end };
  };

  it("in a git repository: tracked and untracked files, ignored ones skipped", async () => {
    tree = await makeTempTree({ ...FILES, "src/c.ts": "c", "z.ts": "z" });
    git(tree.root, "init", "-q");
    git(tree.root, "add", ".gitignore", "src/c.ts", "z.ts");
    git(tree.root, "commit", "-qm", "one");
    const { batches, end } = await stream(tree.root);
    expect(end).toEqual({ complete: true, source: "git" });
    // The tracked ones in git's order; the untracked ones (a listing of their own) beside them.
    const all = batches.flat();
    expect(all.filter((p) => ["src/a.ts", "src/b.ts"].includes(p) === false)).toEqual([
      ".gitignore",
      "src/c.ts",
      "z.ts",
    ]);
    expect(all.sort()).toEqual([".gitignore", "src/a.ts", "src/b.ts", "src/c.ts", "z.ts"]);
    const cut = await stream(tree.root, 2);
    expect(cut.end.complete).toBe(false);
    expect(cut.batches.flat()).toHaveLength(2);
  });

  it("outside git: the walk in batches, with the same rules and the limit", async () => {
    tree = await makeTempTree(FILES);
    const { batches, end } = await stream(tree.root);
    expect(end).toEqual({ complete: true, source: "walk" });
    expect(batches.flat()).toEqual([".gitignore", "src/a.ts", "src/b.ts"]);
    const cut = await stream(tree.root, 2);
    expect(cut.end.complete).toBe(false);
    expect(cut.batches.flat()).toHaveLength(2);
  });
});
