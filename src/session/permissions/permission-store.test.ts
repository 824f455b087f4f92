import { execFileSync } from "node:child_process";
import {
  existsSync,
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
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ root });
    expect((await PermissionStore.load(link, env)).allows("cargo test --release")).toBe(true);
  });

  it("never reads an older North's .north/autoaccept.json or allowlist.json: a command could have written them", async () => {
    const { root, env } = repo();
    const store = await PermissionStore.load(root, env);
    expect(store.editsAutoAccepted).toBe(false);
    expect(store.allows("npm run build")).toBe(false);
    expect(store.allows("make")).toBe(false);
    expect(existsSync(permissionsFile(env, root))).toBe(false);
  });

  it("forgets every standing permission at once when the person deletes the file", async () => {
    const { root, env } = repo();
    const store = await PermissionStore.load(root, env);
    await store.acceptEditsAlways();
    await store.allowAlways({ prefix: "cargo test" });
    await store.allowMcpToolAlways("tracker", "create_issue");
    await store.allowWebDomainAlways("docs.rs");
    expect(store.allowsMcpTool("tracker", "create_issue")).toBe(true);
    rmSync(permissionsFile(env, root));
    expect(store.list()).toEqual({ edits: false, commands: [], mcpTools: [], webDomains: [] });
    expect(store.allowsMcpTool("tracker", "create_issue")).toBe(false);
    expect(store.allowsWebHost("docs.rs")).toBe(false);
  });
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
