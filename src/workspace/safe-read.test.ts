import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../test/support/temp-tree.js";
import { readBoundedFileSync, readRepoFileSync, repoFileProblem } from "./safe-read.js";

let tree: TempTree;
let outside: TempTree;
beforeAll(async () => {
  outside = await makeTempTree({ credentials: "[default]\naws_secret=dummy\n" });
  tree = await makeTempTree({
    "AGENTS.md": "Use pnpm.\n",
    "big.md": "é".repeat(3000),
    "docs/inner.md": "inner\n",
    "inside-link.md": { symlink: "docs/inner.md" },
    "out.md": { symlink: path.join(outside.root, "credentials") },
    "environ.md": { symlink: "/proc/self/environ" },
    "zero.json": { symlink: "/dev/zero" },
    "loop.md": { symlink: "loop.md" },
    "dir/": "",
  });
  execFileSync("mkfifo", [path.join(tree.root, "pipe.md")]);
});
afterAll(async () => {
  await tree.remove();
  await outside.remove();
});

const read = async (rel: string, max = 1024) => readRepoFileSync(tree.root, rel, { maxBytes: max });

describe("readRepoFileSync", () => {
  it("reads a regular file and a symlink that stays inside", async () => {
    expect(await read("AGENTS.md")).toMatchObject({
      ok: true,
      text: "Use pnpm.\n",
      truncated: false,
    });
    expect(await read("inside-link.md")).toMatchObject({ ok: true, text: "inner\n" });
  });

  it("refuses links out of the repository, /proc/self/environ included", async () => {
    for (const rel of [
      "out.md",
      "environ.md",
      "../" + path.basename(outside.root) + "/credentials",
    ]) {
      const result = await read(rel);
      expect(result, rel).toMatchObject({ ok: false, missing: false });
      expect(!result.ok && result.reason, rel).toMatch(/^it leads outside the repository/);
    }
  });

  it("refuses a FIFO at once instead of waiting for a writer", async () => {
    expect(await read("pipe.md")).toEqual({
      ok: false,
      reason: "it is a named pipe (FIFO), not a regular file",
      missing: false,
    });
  });

  it("refuses folders, loops and devices; says when nothing is there", async () => {
    expect(await read("dir")).toMatchObject({
      ok: false,
      reason: "it is a folder, not a regular file",
    });
    expect(await read("loop.md")).toMatchObject({ ok: false, reason: "it is a symlink loop" });
    expect(await read("zero.json")).toMatchObject({ ok: false, missing: false });
    expect(await read("absent.md")).toMatchObject({ ok: false, missing: true });
  });

  it("caps the bytes read and drops a character the cap cut", async () => {
    const result = await read("big.md", 1001);
    expect(result).toMatchObject({ ok: true, truncated: true, size: 6000 });
    if (result.ok) {
      expect(result.bytes.length).toBe(1001);
      expect(result.text).toBe("é".repeat(500));
    }
  });
});

describe("readBoundedFileSync", () => {
  it("follows links anywhere but still refuses FIFOs and devices", async () => {
    const out = path.join(tree.root, "out.md");
    expect(readBoundedFileSync(out, { maxBytes: 100 })).toMatchObject({ ok: true });
    expect(readBoundedFileSync(path.join(tree.root, "pipe.md"), { maxBytes: 100 })).toMatchObject({
      ok: false,
    });
    const zero = readBoundedFileSync("/dev/zero", { maxBytes: 100 });
    expect(zero).toEqual({
      ok: false,
      reason: "it is a device, not a regular file",
      missing: false,
    });
  });
});

describe("repoFileProblem", () => {
  it("says why a file could not be read, without reading it; nothing for usable or absent files", () => {
    expect(repoFileProblem(tree.root, "AGENTS.md")).toBeUndefined();
    expect(repoFileProblem(tree.root, "absent.md")).toBeUndefined();
    expect(repoFileProblem(tree.root, "pipe.md")).toMatch(/named pipe/);
    expect(repoFileProblem(tree.root, "out.md")).toMatch(/outside the repository/);
  });
});
