import { execFileSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../test/support/temp-tree.js";
import { BackgroundJobs } from "./background-jobs.js";
import { detectSandbox } from "./sandbox/index.js";

let tree: TempTree | undefined;
let jobs: BackgroundJobs | undefined;
afterEach(async () => {
  await jobs?.dispose();
  await tree?.remove();
  jobs = tree = undefined;
});

const sandbox = await detectSandbox();

// A job may run for hours: what it plants in .git is moved aside while it runs (after each
// command of the shell), not only when it ends.
it.skipIf(!sandbox.available)(
  "moves aside what a running sandboxed job planted in .git",
  async () => {
    tree = await makeTempTree({ "a.txt": "a" });
    const root = realpathSync(tree.root);
    execFileSync("git", ["init", "-q"], { cwd: root });
    jobs = new BackgroundJobs({ root, env: process.env, firstOutputMs: 100 });
    await jobs.start(
      "printf 'x\\n' > .git/commondir; echo planted; exec sleep 60",
      root,
      "workspace-write",
    );
    await expect
      .poll(() => existsSync(join(root, ".git", "commondir")), { timeout: 30_000 })
      .toBe(true);
    expect(jobs.running).toBe(1);
    expect(jobs.guardGitDirs()).toEqual([join(root, ".git", "commondir")]);
    expect(existsSync(join(root, ".git", "commondir"))).toBe(false);
    expect(jobs.running).toBe(1);
  },
);
