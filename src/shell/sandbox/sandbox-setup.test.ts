import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createShellService } from "../index.js";
import { bwrapArgs } from "./bubblewrap.js";
import { detectSandbox, sandboxCommand } from "./index.js";
import { workspaceMounts } from "./workspace-mounts.js";

const made: string[] = [];
function tempDir(): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), "north-sbx-setup-")));
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], {
    cwd,
    encoding: "utf8",
  });

describe("detectSandbox", () => {
  it("finds bubblewrap here, once", async () => {
    const first = detectSandbox();
    expect(detectSandbox()).toBe(first);
    expect(await first).toEqual({ available: true, name: "bubblewrap" });
  });

  it("says why not and how to fix it, never throwing", async () => {
    expect(await detectSandbox({ platform: "darwin" })).toMatchObject({ available: false });
    const missing = await detectSandbox({ bwrap: "/nonexistent/bwrap" });
    expect(missing).toMatchObject({
      available: false,
      hint: expect.stringMatching(/apt-get install bubblewrap/),
    });
    const refused = await detectSandbox({ bwrap: "/bin/false" });
    expect(refused).toMatchObject({
      available: false,
      hint: expect.stringMatching(/user namespaces/),
    });
  });
});

describe("the bubblewrap command line", () => {
  it("hides /tmp before binding a repository that lives below it, and cuts the network", () => {
    const args = bwrapArgs({
      root: "/tmp/repo",
      writeRepo: true,
      mounts: { writable: ["/tmp/repo", "/tmp/repo/.git"], readOnly: ["/tmp/repo/.north"] },
      privateDirs: ["/tmp/north-shell-x"],
    }).join(" ");
    expect(args).toMatch(/^--ro-bind \/ \/ --dev \/dev --proc \/proc --tmpfs \/tmp /);
    expect(args.indexOf("--tmpfs /tmp")).toBeLessThan(args.indexOf("--bind /tmp/repo /tmp/repo"));
    expect(args.indexOf("--bind /tmp/repo/.git")).toBeLessThan(
      args.indexOf("--ro-bind /tmp/repo/.north"),
    );
    expect(args).toContain("--ro-bind /tmp/north-shell-x /tmp/north-shell-x");
    expect(args).toMatch(
      /--unshare-net --unshare-pid --die-with-parent --cap-drop ALL --chdir \/tmp\/repo$/,
    );
    expect(args).not.toMatch(/--new-session/);
  });

  it("binds a read-only repository read-only, and gives the shell TMPDIR=/tmp", () => {
    const root = tempDir();
    const command = sandboxCommand({
      file: "/bin/bash",
      args: ["-i"],
      env: { HOME: "/home/x" },
      root,
      profile: "read-only",
      privateDirs: [],
      filterDir: root,
    });
    expect(command.args.join(" ")).toContain(`--ro-bind ${root} ${root}`);
    expect(command.args.join(" ")).not.toContain("--bind ");
    expect(command.args.slice(-3)).toEqual(["--", "/bin/bash", "-i"]);
    expect(command.env).toEqual({ HOME: "/home/x", TMPDIR: "/tmp" });
  });
});

describe("workspaceMounts", () => {
  it("creates and protects .north and .git/hooks, and makes .git a mount point", () => {
    const root = tempDir();
    git(root, "init", "-q");
    rmSync(path.join(root, ".git", "hooks"), { recursive: true });
    const mounts = workspaceMounts(root);
    expect(mounts.writable).toEqual([root, path.join(root, ".git")]);
    // Every top-level entry git does not need to record work (git-dir-guard.ts) is read-only.
    expect([...mounts.readOnly].sort()).toEqual(
      [".north", ".git/hooks", ".git/branches", ".git/config", ".git/description", ".git/info"]
        .map((p) => path.join(root, p))
        .filter((p) => existsSync(p))
        .sort(),
    );
    expect(existsSync(path.join(root, ".git", "hooks"))).toBe(true);
    expect(git(root, "status", "--porcelain")).toBe("");
  });

  it("follows a linked worktree to its git directories, and commits there sandboxed", async () => {
    const main = tempDir();
    git(main, "init", "-q");
    git(main, "commit", "-q", "--allow-empty", "-m", "first");
    const root = path.join(tempDir(), "wt");
    git(main, "worktree", "add", "-q", root);
    const mounts = workspaceMounts(root);
    expect(mounts.writable).toEqual([
      root,
      path.join(main, ".git", "worktrees", "wt"),
      path.join(main, ".git"),
    ]);
    expect(mounts.readOnly).toEqual(
      expect.arrayContaining([
        path.join(root, ".git"),
        path.join(main, ".git", "hooks"),
        path.join(main, ".git", "config"),
      ]),
    );
    const shell = createShellService({ root, shell: "/bin/bash", sandbox: "workspace-write" });
    try {
      const result = await shell.run(
        "echo a > a && git add a && git -c user.name=t -c user.email=t@t commit -qm wt && echo x >> $(git rev-parse --git-common-dir)/config",
      );
      expect(result.output).toMatch(/config: Read-only file system/);
      expect(git(root, "log", "--format=%s", "-1").trim()).toBe("wt");
    } finally {
      await shell.dispose();
    }
  });

  it("gives a .git file that does not point back no writable mount outside the root", () => {
    const other = tempDir();
    git(other, "init", "-q");
    const root = tempDir();
    writeFileSync(path.join(root, ".git"), `gitdir: ${path.join(other, ".git")}\n`);
    const mounts = workspaceMounts(root);
    expect(mounts.writable).toEqual([root]);
    expect(mounts.readOnly).toEqual([path.join(root, ".git"), path.join(root, ".north")]);
  });

  it.skipIf(process.platform === "win32")(
    "reads FIFOs planted as a git directory's files as nothing, without waiting on them",
    () => {
      const root = tempDir();
      mkdirSync(path.join(root, "fake"));
      writeFileSync(path.join(root, ".git"), "gitdir: fake\n");
      for (const name of ["gitdir", "commondir", "config"]) {
        execFileSync("mkfifo", [path.join(root, "fake", name)]);
      }
      const mounts = workspaceMounts(root);
      expect(mounts.writable).toEqual([root]);
      expect(mounts.readOnly).toEqual([path.join(root, ".git"), path.join(root, ".north")]);
    },
  );
});
