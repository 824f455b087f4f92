// scripts/check-commits.mjs, CI's check of the commit-message rule (docs/design.md,
// "Contributing"), run on a throwaway repository.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const SCRIPT = join(import.meta.dirname, "..", "scripts", "check-commits.mjs");
let repo: string | undefined;
afterEach(() => {
  if (repo) rmSync(repo, { recursive: true, force: true });
});

/** A repository with one root commit, then one commit per message; returns the root's hash. */
function history(messages: string[]): string {
  repo = mkdtempSync(join(tmpdir(), "north-commits-"));
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=T", "-c", "user.email=t@t", ...args], {
      cwd: repo,
      encoding: "utf8",
    });
  git("init", "-q");
  git("commit", "-q", "--allow-empty", "-m", "root");
  const base = git("rev-parse", "HEAD").trim();
  for (const message of messages) git("commit", "-q", "--allow-empty", "-m", message);
  return base;
}

function check(base: string) {
  const run = spawnSync(process.execPath, [SCRIPT, base], { cwd: repo, encoding: "utf8" });
  return { code: run.status, out: run.stdout + run.stderr };
}

describe("check-commits", () => {
  it("passes short subjects with a body", () => {
    const base = history(["Short subject\n\nWhy it changed.", `${"x".repeat(72)}\n\nWhy.`]);
    expect(check(base)).toMatchObject({ code: 0 });
  });

  it("names each commit that breaks the rule and why", () => {
    const base = history([
      `${"y".repeat(73)}\n\nWhy.`,
      "No body at all",
      "Trailer only\n\nSigned-off-by: T <t@t>",
      "Good one\n\nWhy.",
    ]);
    const { code, out } = check(base);
    expect(code).toBe(1);
    expect(out).toContain("subject is 73 characters (at most 72)");
    expect(out.match(/no body/g)).toHaveLength(2);
    expect(out).toContain("3 of 4 commits break the rule");
  });
});
