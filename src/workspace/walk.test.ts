import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../test/support/temp-tree.js";
import { createWorkspace } from "./workspace.js";

const hasGit = (() => {
  try {
    execFileSync("git", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

async function collect(gen: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const p of gen) out.push(p);
  return out.sort();
}

/** A tree exercising nested `.gitignore` files, anchoring, dir-only rules and negation. */
const RULES_TREE = {
  ".gitignore": "*.log\n/build/\ndocs/generated\n!keep.log\ntmp*/\n",
  "a.ts": "",
  "debug.log": "",
  "keep.log": "",
  "build/out.js": "",
  "src/build/real.ts": "",
  "src/app.ts": "",
  "src/.gitignore": "*.gen.ts\n!important.gen.ts\nlocal/\n/only-here.txt\n",
  "src/x.gen.ts": "",
  "src/important.gen.ts": "",
  "src/local/a.ts": "",
  "src/only-here.txt": "",
  "src/deep/only-here.txt": "",
  "src/deep/keep.log": "",
  "src/deep/trace.log": "",
  "docs/generated/x.md": "",
  "docs/guide.md": "",
  "tmp1/x": "",
  tmpfile: "",
  "lib/.gitignore": "!*.log\n",
  "lib/lib.log": "",
};

describe("walk", () => {
  let tree: TempTree | undefined;
  afterEach(async () => {
    await tree?.remove();
    tree = undefined;
  });

  it("honours nested .gitignore files, anchoring, dir-only rules and negation", async () => {
    tree = await makeTempTree(RULES_TREE);
    const ws = await createWorkspace(tree.root);
    expect(await collect(ws.walk())).toEqual([
      ".gitignore",
      "a.ts",
      "docs/guide.md",
      "keep.log",
      "lib/.gitignore",
      "lib/lib.log",
      "src/.gitignore",
      "src/app.ts",
      "src/build/real.ts",
      "src/deep/keep.log",
      "src/deep/only-here.txt",
      "src/important.gen.ts",
      "tmpfile",
    ]);
  });

  it.skipIf(!hasGit)("agrees with git ls-files --exclude-standard", async () => {
    tree = await makeTempTree({ ...RULES_TREE, ".git/info/exclude": "a.ts\n" });
    execFileSync("git", ["init", "-q"], { cwd: tree.root });
    const ws = await createWorkspace(tree.root);
    const git = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], {
      cwd: tree.root,
      encoding: "utf8",
    });
    const expected = git.split("\n").filter(Boolean).sort();
    expect(expected).not.toContain("a.ts");
    expect(await collect(ws.walk())).toEqual(expected);
  });

  it("always skips VCS folders and node_modules, and does not follow symlinks", async () => {
    tree = await makeTempTree({
      "index.js": "",
      ".git/config": "",
      "node_modules/x/index.js": "",
      "pkg/node_modules/y.js": "",
      ".DS_Store": "",
      "dist/out.js": "",
      "link-dir": { symlink: "/" },
      "link-file": { symlink: "index.js" },
    });
    const ws = await createWorkspace(tree.root);
    expect(await collect(ws.walk())).toEqual(["dist/out.js", "index.js"]);
  });

  it("walks a sub-folder, even an ignored one named explicitly", async () => {
    tree = await makeTempTree(RULES_TREE);
    const ws = await createWorkspace(tree.root);
    expect(await collect(ws.walk({ under: "src/deep" }))).toEqual([
      "src/deep/keep.log",
      "src/deep/only-here.txt",
    ]);
    expect(await collect(ws.walk({ under: "build" }))).toEqual(["build/out.js"]);
    await expect(collect(ws.walk({ under: "a.ts" }))).rejects.toThrow(/not a folder/);
  });

  it("stops when the signal aborts", async () => {
    tree = await makeTempTree({ "a/1": "", "b/2": "", "c/3": "" });
    const ws = await createWorkspace(tree.root);
    const controller = new AbortController();
    const seen: string[] = [];
    const run = async () => {
      for await (const p of ws.walk({ signal: controller.signal })) {
        seen.push(p);
        controller.abort(new Error("stop"));
      }
    };
    await expect(run()).rejects.toThrow("stop");
    expect(seen).toEqual(["a/1"]);
  });
});

describe("isIgnored and listDir", () => {
  let tree: TempTree | undefined;
  afterEach(async () => {
    await tree?.remove();
    tree = undefined;
  });

  it("answers for single paths, ancestors included", async () => {
    tree = await makeTempTree(RULES_TREE);
    const ws = await createWorkspace(tree.root);
    expect(await ws.isIgnored("debug.log", false)).toBe(true);
    expect(await ws.isIgnored("keep.log", false)).toBe(false);
    expect(await ws.isIgnored("build/out.js", false)).toBe(true);
    expect(await ws.isIgnored("src/x.gen.ts", false)).toBe(true);
    expect(await ws.isIgnored("src/important.gen.ts", false)).toBe(false);
    expect(await ws.isIgnored("src/local/a.ts", false)).toBe(true);
    expect(await ws.isIgnored("node_modules/x.js", false)).toBe(true);
    expect(await ws.isIgnored(".", true)).toBe(false);
  });

  it("lists the visible entries of a folder", async () => {
    tree = await makeTempTree({ ...RULES_TREE, "node_modules/x": "", ln: { symlink: "a.ts" } });
    const ws = await createWorkspace(tree.root);
    expect(await ws.listDir()).toEqual([
      { name: ".gitignore", kind: "file" },
      { name: "a.ts", kind: "file" },
      { name: "docs", kind: "dir" },
      { name: "keep.log", kind: "file" },
      { name: "lib", kind: "dir" },
      { name: "ln", kind: "symlink" },
      { name: "src", kind: "dir" },
      { name: "tmpfile", kind: "file" },
    ]);
    expect((await ws.listDir("src")).map((e) => e.name)).toEqual([
      ".gitignore",
      "app.ts",
      "build",
      "deep",
      "important.gen.ts",
    ]);
  });
});
