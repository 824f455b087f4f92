import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createWorkspace } from "../../workspace/index.js";
import { makeTempTree, type TempTree } from "../../../test/support/temp-tree.js";
import { callTool as call } from "../../../test/support/call-tool.js";
import { changeCounts } from "./git-history.js";
import { createHotfilesTool } from "./hotfiles.js";

const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@example.com",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@example.com",
};
const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, env: GIT_ENV, stdio: "pipe" });
const hasGit = (() => {
  try {
    execFileSync("git", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

/** A temp dir inside some repository would have history; the fallback tests need none above. */
const tmpInRepo =
  hasGit &&
  (() => {
    try {
      git(os.tmpdir(), "rev-parse", "--git-dir");
      return true;
    } catch {
      return false;
    }
  })();

describe("hotfiles", () => {
  let tree: TempTree | undefined;
  afterEach(async () => {
    await tree?.remove();
    tree = undefined;
  });

  it.skipIf(!hasGit)(
    "ranks files by commits that touched them, skipping gone and ignored ones",
    async () => {
      tree = await makeTempTree({ "a.ts": "0", "b.ts": "0", "gone.ts": "0", "gen.js": "0" });
      const root = tree.root;
      git(root, "init", "-q");
      git(root, "add", ".");
      git(root, "commit", "-qm", "one");
      for (let i = 1; i <= 3; i++) {
        await writeFile(path.join(root, "a.ts"), String(i));
        await writeFile(path.join(root, "gone.ts"), String(i));
        await writeFile(path.join(root, "gen.js"), String(i));
        if (i > 1) await writeFile(path.join(root, "b.ts"), String(i));
        git(root, "commit", "-qam", `change ${i}`);
      }
      git(root, "rm", "-q", "gone.ts");
      git(root, "commit", "-qm", "remove");
      await writeFile(path.join(root, ".gitignore"), "gen.js\n");
      const result = await call(createHotfilesTool(await createWorkspace(root)), { limit: 5 });
      expect(result.content).toBe(
        [
          "Most-changed files in the last 5 commits (git log; changes, path):",
          "4  a.ts",
          "3  b.ts",
        ].join("\n"),
      );
      expect(result.details).toEqual({
        method: "git",
        commits: 5,
        files: [
          { path: "a.ts", changes: 4 },
          { path: "b.ts", changes: 3 },
        ],
      });
    },
  );

  it.skipIf(tmpInRepo)("falls back to modification times without git, and says so", async () => {
    tree = await makeTempTree({ "old.txt": "", "new.txt": "", "mid/x.txt": "", ".gitignore": "" });
    const at = (iso: string) => new Date(iso);
    await utimes(path.join(tree.root, "old.txt"), at("2020-01-01T00:00Z"), at("2020-01-01T00:00Z"));
    await utimes(path.join(tree.root, "new.txt"), at("2024-05-01T12:30Z"), at("2024-05-01T12:30Z"));
    await utimes(
      path.join(tree.root, "mid/x.txt"),
      at("2022-03-04T05:06Z"),
      at("2022-03-04T05:06Z"),
    );
    await utimes(
      path.join(tree.root, ".gitignore"),
      at("2019-01-01T00:00Z"),
      at("2019-01-01T00:00Z"),
    );
    const ws = await createWorkspace(tree.root);
    const result = await call(createHotfilesTool(ws), { limit: 3 });
    expect(result.content).toBe(
      [
        "Most recently modified files (no git history, so by modification time, UTC):",
        "2024-05-01 12:30  new.txt",
        "2022-03-04 05:06  mid/x.txt",
        "2020-01-01 00:00  old.txt",
      ].join("\n"),
    );
    expect(result.details).toMatchObject({ method: "mtime" });
  });

  it.skipIf(!hasGit || tmpInRepo)("falls back in a repository without commits", async () => {
    tree = await makeTempTree({ "a.txt": "" });
    git(tree.root, "init", "-q");
    const result = await call(createHotfilesTool(await createWorkspace(tree.root)), {});
    expect(result.content).toMatch(
      /^Most recently modified files \(no git history, .*\n.* {2}a\.txt$/,
    );
    expect(result.details).toMatchObject({ method: "mtime", files: [{ path: "a.txt" }] });
  });
});

describe.skipIf(!hasGit || process.platform !== "linux")("git history and a planted FIFO", () => {
  it("gives up on history when git is held opening a FIFO planted as its config", async () => {
    const tree = await makeTempTree({ "a.txt": "a\n" });
    try {
      git(tree.root, "init", "-q");
      git(tree.root, "add", "a.txt");
      git(tree.root, "commit", "-q", "-m", "first");
      const config = path.join(tree.root, ".git", "config");
      rmSync(config);
      execFileSync("mkfifo", [config]);
      expect(await changeCounts(tree.root, 10, new AbortController().signal)).toBeUndefined();
    } finally {
      await tree.remove();
    }
  });
});
