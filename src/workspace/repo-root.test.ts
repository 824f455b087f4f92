import path from "node:path";
import { describe, expect, it } from "vitest";
import { findRepoRoot } from "./repo-root.js";
import { makeTempTree } from "../../test/support/temp-tree.js";

describe("findRepoRoot", () => {
  it("finds the nearest folder holding .git (a folder or a file)", async () => {
    const tree = await makeTempTree({
      ".git/": "",
      "a/b/c/": "",
      "sub/.git": "gitdir: ../.git/modules/sub",
      "sub/x/": "",
    });
    try {
      expect(await findRepoRoot(path.join(tree.root, "a/b/c"))).toBe(tree.root);
      expect(await findRepoRoot(path.join(tree.root, "sub/x"))).toBe(path.join(tree.root, "sub"));
    } finally {
      await tree.remove();
    }
  });

  it("falls back to cwd when no folder above has .git", async () => {
    const tree = await makeTempTree({ "a/": "" });
    try {
      const cwd = path.join(tree.root, "a");
      const found = await findRepoRoot(cwd);
      // No .git inside the tree: the answer is cwd (or a repository above the temp dir).
      expect(found === cwd || !found.startsWith(tree.root)).toBe(true);
    } finally {
      await tree.remove();
    }
  });
});
