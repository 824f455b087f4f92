import { execFileSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { isOpenEnded, matchesRule, wellFormedRule } from "./allow-rules.js";
import { PermissionStore, permissionsFile } from "./permission-store.js";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.email=a@b", "-c", "user.name=a", ...args], {
    cwd,
    stdio: "pipe",
  });

/** A git repository whose `.north` (or `at`) holds both legacy permission files. */
function repo(options: { git?: boolean; at?: string } = {}) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "north-perm-")));
  const env = { XDG_DATA_HOME: mkdtempSync(join(tmpdir(), "north-perm-data-")) };
  if (options.git !== false) git(root, "init", "-q");
  const dir = join(root, options.at ?? ".north");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "autoaccept.json"), '{"edits":true}');
  writeFileSync(
    join(dir, "allowlist.json"),
    JSON.stringify({
      commands: [{ prefix: "npm run" }, { prefix: "python3" }, { exact: "make" }, { bad: 1 }],
    }),
  );
  return { root, env, dir };
}

describe("the standing permissions store", () => {
  it("lives in the data dir, outside the repository, 0600 in a 0700 folder, keyed by the real path", async () => {
    const { root, env } = repo();
    const store = await PermissionStore.load(root, env);
    await store.allowAlways({ prefix: "cargo test" });
    const file = permissionsFile(env, root);
    expect(file.startsWith(env.XDG_DATA_HOME)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(file)).mode & 0o777).toBe(0o700);
    const link = join(mkdtempSync(join(tmpdir(), "north-perm-link-")), "r");
    symlinkSync(root, link);
    expect(permissionsFile(env, link)).toBe(file);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ root, migrated: true });
    expect((await PermissionStore.load(link, env)).allows("cargo test --release")).toBe(true);
  });

  it("imports the person's own files once, with a notice, dropping open-ended and malformed rules", async () => {
    const { root, env, dir } = repo();
    const store = await PermissionStore.load(root, env);
    expect(store.editsAutoAccepted).toBe(true);
    expect(store.allows("npm run build")).toBe(true);
    expect(store.allows("make")).toBe(true);
    expect(store.allows("python3 -c 'x'")).toBe(false);
    expect(store.notices).toHaveLength(1);
    expect(store.notices[0]).toMatch(/Imported/);
    expect(store.notices[0]).toMatch(/2 dropped/);
    // Written later (a model through a shell): never read.
    writeFileSync(
      join(dir, "allowlist.json"),
      JSON.stringify({ commands: [{ prefix: "touch x" }] }),
    );
    const again = await PermissionStore.load(root, env);
    expect(again.allows("touch x y")).toBe(false);
    expect(again.notices).toEqual([]);
  });

  it("marks the migration done on the first load even when nothing was there", async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "north-perm-")));
    const env = { XDG_DATA_HOME: mkdtempSync(join(tmpdir(), "north-perm-data-")) };
    git(root, "init", "-q");
    await PermissionStore.load(root, env);
    mkdirSync(join(root, ".north"));
    writeFileSync(join(root, ".north/autoaccept.json"), '{"edits":true}');
    expect((await PermissionStore.load(root, env)).editsAutoAccepted).toBe(false);
  });

  const refusedCases: [string, () => { root: string; env: Record<string, string> }, RegExp][] = [
    [
      "a symlinked .north",
      () => {
        const r = repo({ at: "cfg" });
        symlinkSync("cfg", join(r.root, ".north"));
        return r;
      },
      /symbolic link/,
    ],
    [
      "committed files",
      () => {
        const r = repo();
        git(r.root, "add", "-A");
        git(r.root, "commit", "-qm", "x");
        return r;
      },
      /committed/,
    ],
    [
      "a .north with a .git of its own",
      () => {
        const r = repo();
        writeFileSync(join(r.dir, ".git"), "gitdir: elsewhere");
        return r;
      },
      /git repository or submodule/,
    ],
    ["a folder without git", () => repo({ git: false }), /not a git work tree/],
    [
      "a repository whose git config is a FIFO (git is stopped, not waited for)",
      () => {
        const r = repo();
        const config = join(r.root, ".git", "config");
        rmSync(config);
        execFileSync("mkfifo", [config]);
        return r;
      },
      /not a git work tree/,
    ],
    [
      "a symlinked file",
      () => {
        const r = repo({ at: "elsewhere" });
        mkdirSync(join(r.root, ".north"));
        symlinkSync(join(r.dir, "allowlist.json"), join(r.root, ".north/allowlist.json"));
        return r;
      },
      /not a regular file/,
    ],
  ];
  for (const [name, make, why] of refusedCases) {
    it(`imports nothing from ${name}, and says why once`, async () => {
      const { root, env } = make();
      const store = await PermissionStore.load(root, env);
      expect(store.editsAutoAccepted).toBe(false);
      expect(store.allows("npm run build")).toBe(false);
      expect(store.notices).toHaveLength(1);
      expect(store.notices[0]).toMatch(why);
      expect(store.notices[0]).toMatch(/"always"/);
      expect((await PermissionStore.load(root, env)).notices).toEqual([]);
    });
  }
});

describe("allow rules and open-ended programs", () => {
  it("never let a prefix rule match an interpreter, wrapper or an option after the program", () => {
    expect(matchesRule("python3 -c 'import os'", { prefix: "python3" })).toBe(false);
    expect(matchesRule("/usr/bin/bash x.sh", { prefix: "/usr/bin/bash" })).toBe(false);
    expect(matchesRule("git -c alias.x=!sh x", { prefix: "git" })).toBe(false);
    expect(matchesRule("FOO=1 make", { prefix: "FOO=1" })).toBe(false);
    expect(matchesRule("python3 -c 'x'", { exact: "python3 -c 'x'" })).toBe(true);
    expect(isOpenEnded("npm run build")).toBe(false);
  });

  it("accept only rules North could have offered", () => {
    expect(wellFormedRule({ prefix: "npm run" })).toEqual({ prefix: "npm run" });
    expect(wellFormedRule({ prefix: "sudo rm" })).toBeUndefined();
    expect(wellFormedRule({ prefix: "a; b" })).toBeUndefined();
    expect(wellFormedRule({ exact: "x", prefix: "y" })).toBeUndefined();
    expect(wellFormedRule({ exact: "" })).toBeUndefined();
    expect(wellFormedRule("npm")).toBeUndefined();
  });
});
