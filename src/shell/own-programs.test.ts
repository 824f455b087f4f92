import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gitRedirect, OWN_GIT_OPTIONS, ownProgramEnv } from "./own-programs.js";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.email=a@b", "-c", "user.name=a", ...args], {
    cwd,
    encoding: "utf8",
  });

function repo(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "north-own-")));
  writeFileSync(join(root, "a.txt"), "a\n");
  git(root, "init", "-q");
  git(root, "add", "-A");
  git(root, "commit", "-qm", "first");
  return root;
}

describe("ownProgramEnv", () => {
  it("keeps an allowed list: no keys, no other variables, PATH without relative folders", () => {
    const env = ownProgramEnv(
      { EXTRA: "1" },
      {
        PATH: "/usr/bin:.:node_modules/.bin:/bin",
        HOME: "/h",
        ANTHROPIC_API_KEY: "k",
        MY_GATEWAY_KEY: "g",
        GIT_DIR: "/elsewhere",
        RIPGREP_CONFIG_PATH: "/x",
      },
    );
    expect(env).toMatchObject({ PATH: "/usr/bin:/bin", HOME: "/h", EXTRA: "1", PAGER: "cat" });
    for (const key of ["ANTHROPIC_API_KEY", "MY_GATEWAY_KEY", "GIT_DIR", "RIPGREP_CONFIG_PATH"]) {
      expect(env[key]).toBeUndefined();
    }
  });
});

describe("gitRedirect (git without the sandbox)", () => {
  it("accepts a plain repository and a folder without git", () => {
    expect(gitRedirect(repo())).toBeUndefined();
    expect(gitRedirect(mkdtempSync(join(tmpdir(), "north-own-none-")))).toBeUndefined();
  });

  it("refuses a commondir, a .git file or symlink naming a git dir outside", () => {
    const planted = repo();
    writeFileSync(join(planted, ".git", "commondir"), "x\n");
    expect(gitRedirect(planted)).toMatch(/commondir/);

    const outside = repo();
    const file = mkdtempSync(join(tmpdir(), "north-own-file-"));
    writeFileSync(join(file, ".git"), `gitdir: ${join(outside, ".git")}\n`);
    expect(gitRedirect(file)).toMatch(/outside the repository/);

    const link = mkdtempSync(join(tmpdir(), "north-own-link-"));
    symlinkSync(join(outside, ".git"), join(link, ".git"));
    expect(gitRedirect(link)).toMatch(/outside the repository/);

    // A .git file naming a folder inside the repository is fine (unless that has a commondir).
    const inside = repo();
    execFileSync("mv", [join(inside, ".git"), join(inside, "real-git")]);
    writeFileSync(join(inside, ".git"), "gitdir: real-git\n");
    expect(gitRedirect(inside)).toBeUndefined();
  });
});

describe("OWN_GIT_OPTIONS", () => {
  it("outrank a repository's config: a signature program or fsmonitor never runs", () => {
    const root = repo();
    const mark = join(mkdtempSync(join(tmpdir(), "north-own-mark-")), "PWNED");
    const program = join(root, "payload");
    writeFileSync(program, `#!/bin/sh\necho ran > ${mark}\nexit 1\n`);
    chmodSync(program, 0o755);
    const tree = git(root, "rev-parse", "HEAD^{tree}").trim();
    const parent = git(root, "rev-parse", "HEAD").trim();
    const commit = join(root, "c");
    writeFileSync(
      commit,
      `tree ${tree}\nparent ${parent}\nauthor a <a@b> 1 +0000\ncommitter a <a@b> 1 +0000\n` +
        "gpgsig -----BEGIN PGP SIGNATURE-----\n \n AAAA\n -----END PGP SIGNATURE-----\n\nsig\n",
    );
    const id = git(root, "hash-object", "-t", "commit", "-w", commit).trim();
    git(root, "update-ref", "HEAD", id);
    const config = join(root, ".git", "config");
    mkdirSync(join(root, "inc"));
    writeFileSync(join(root, "inc", "extra"), `[gpg]\n\tprogram = ${program}\n`);
    writeFileSync(
      config,
      `${readFileSync(config, "utf8")}[log]\n\tshowSignature = true\n` +
        `[core]\n\tfsmonitor = ${program}\n[include]\n\tpath = ../inc/extra\n`,
    );
    // The same config does run the program for a git without the options.
    try {
      git(root, "log", "-n1");
    } catch {
      // git may fail on the signature; the program ran all the same.
    }
    expect(existsSync(mark)).toBe(true);
    execFileSync("rm", [mark]);
    const env = { ...ownProgramEnv(), GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };
    for (const args of [["log", "-n2", "--name-only"], ["status"], ["ls-files"]]) {
      execFileSync("git", [...OWN_GIT_OPTIONS, ...args], { cwd: root, env, stdio: "pipe" });
    }
    expect(existsSync(mark)).toBe(false);
  });
});
