import { realpath } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WorkspaceError } from "./errors.js";
import { resolveInRoot } from "./sandbox.js";
import { makeTempTree, type TempTree } from "../../test/support/temp-tree.js";

describe("resolveInRoot", () => {
  let outside: TempTree;
  let tree: TempTree;
  let root: string;

  beforeEach(async () => {
    outside = await makeTempTree({ "secret.txt": "s" });
    tree = await makeTempTree({
      "src/a.ts": "a",
      "inner-link": { symlink: "src" },
      "escape-dir": { symlink: outside.root },
      "escape-file": { symlink: path.join(outside.root, "secret.txt") },
      "dangling-out": { symlink: path.join(outside.root, "new.txt") },
      "loop-a": { symlink: "loop-b" },
      "loop-b": { symlink: "loop-a" },
    });
    root = await realpath(tree.root);
  });
  afterEach(async () => {
    await tree.remove();
    await outside.remove();
  });

  it("accepts relative paths, absolute paths inside, and the root", async () => {
    expect(await resolveInRoot(root, "src/a.ts")).toEqual({
      absolute: path.join(root, "src/a.ts"),
      relative: "src/a.ts",
    });
    expect((await resolveInRoot(root, path.join(root, "src"))).relative).toBe("src");
    expect((await resolveInRoot(root, ".")).relative).toBe(".");
    expect((await resolveInRoot(root, "src/../src/a.ts")).relative).toBe("src/a.ts");
  });

  it("accepts paths that do not exist yet and symlinks that stay inside", async () => {
    expect((await resolveInRoot(root, "new/dir/file.ts")).relative).toBe("new/dir/file.ts");
    expect((await resolveInRoot(root, "inner-link/a.ts")).relative).toBe("inner-link/a.ts");
  });

  it("refuses .. escapes and absolute paths outside with a message for the model", async () => {
    await expect(resolveInRoot(root, "../x")).rejects.toThrow(
      `path ../x is outside the repository root ${root}; use a path relative to the root`,
    );
    await expect(resolveInRoot(root, "/etc/passwd")).rejects.toBeInstanceOf(WorkspaceError);
  });

  it("refuses symlinks whose real target leaves the root, existing or not", async () => {
    await expect(resolveInRoot(root, "escape-dir/secret.txt")).rejects.toThrow(
      /leads through a symlink to .*secret\.txt, outside the repository root/,
    );
    await expect(resolveInRoot(root, "escape-file")).rejects.toBeInstanceOf(WorkspaceError);
    await expect(resolveInRoot(root, "escape-dir/not-yet/new.txt")).rejects.toBeInstanceOf(
      WorkspaceError,
    );
    await expect(resolveInRoot(root, "dangling-out")).rejects.toThrow(/outside the repository/);
  });

  it("refuses symlink loops", async () => {
    await expect(resolveInRoot(root, "loop-a")).rejects.toThrow(/symlink loop/);
  });

  it("accepts an absolute path that reaches the root through a symlinked ancestor", async () => {
    const alias = await makeTempTree({ "to-root": { symlink: root } });
    try {
      const viaLink = path.join(alias.root, "to-root", "src", "a.ts");
      expect(await resolveInRoot(root, viaLink)).toEqual({
        absolute: path.join(root, "src/a.ts"),
        relative: "src/a.ts",
      });
    } finally {
      await alias.remove();
    }
  });
});
