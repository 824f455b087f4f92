import { execFileSync } from "node:child_process";
import { appendFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { firstUserText, reply, toolNames } from "../support/mock-model-server.js";
import { useE2e } from "../support/e2e-fixture.js";

// Issue 30: `/review [target]` sends the diff North gathered with its own git in one message in
// ask mode: the model is offered only read tools (and the read-only sandboxed shell).

const e2e = useE2e();

function git(repo: string, ...args: string[]): string {
  return execFileSync(
    "git",
    ["-c", "user.name=T", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", ...args],
    { cwd: repo, encoding: "utf8" },
  );
}

const EDIT_TOOLS = [
  "edit_replace_exact",
  "edit_insert_at_line",
  "edit_create_file",
  "edit_apply_batch",
];

describe("/review", () => {
  it("reviews the uncommitted changes in ask mode, read tools only", async () => {
    const { server, run, repo } = await e2e.open([
      reply().text("src/retry.ts:1 — medium — attempts lowered without a test."),
    ]);
    git(repo, "add", "-A");
    git(repo, "commit", "-qm", "start");
    writeFileSync(
      path.join(repo, "src/retry.ts"),
      "export const policy = { attempts: 1, backoffMs: 200 };\n",
    );
    writeFileSync(path.join(repo, "src/new-file.ts"), "export const x = 1;\n");
    const result = await run(["-p", "/review", "--approve", "all"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("src/retry.ts:1 — medium");
    const request = server.requests[0]!;
    const text = firstUserText(request);
    expect(text).toContain("Review the changes below (uncommitted changes)");
    expect(text).toContain("+export const policy = { attempts: 1, backoffMs: 200 };");
    expect(text).toContain("-export const policy = { attempts: 3, backoffMs: 200 };");
    expect(text).toContain("- src/new-file.ts");
    const offered = toolNames(request);
    expect(offered).toContain("read_file");
    for (const name of EDIT_TOOLS) expect(offered).not.toContain(name);
  });

  it("reviews the branch against a base, and one commit", async () => {
    const { server, run, repo } = await e2e.open([reply().text("none"), reply().text("none")]);
    git(repo, "add", "-A");
    git(repo, "commit", "-qm", "start");
    git(repo, "branch", "-M", "main");
    git(repo, "checkout", "-qb", "feature");
    appendFileSync(path.join(repo, "src/client.ts"), "export const added = true;\n");
    git(repo, "commit", "-qam", "add a flag");
    const branch = await run(["-p", "/review main"]);
    expect(branch.code, branch.stderr).toBe(0);
    expect(firstUserText(server.requests[0]!)).toContain("(main...HEAD)");
    expect(firstUserText(server.requests[0]!)).toContain("+export const added = true;");
    const sha = git(repo, "rev-parse", "HEAD").trim();
    const commit = await run(["-p", `/review ${sha.slice(0, 8)}`]);
    expect(commit.code, commit.stderr).toBe(0);
    const text = firstUserText(server.requests[1]!);
    expect(text).toContain(`(commit ${sha.slice(0, 12)})`);
    expect(text).toContain("add a flag");
    expect(text).toContain("+export const added = true;");
  });

  it("refuses what is not a branch or commit, and an empty review, before any request", async () => {
    const { server, run, repo } = await e2e.open([reply().text("never")]);
    git(repo, "add", "-A");
    git(repo, "commit", "-qm", "start");
    const option = await run(["-p", "/review --output=/tmp/x"]);
    expect(option.code).toBe(2);
    const unknown = await run(["-p", "/review no-such-branch"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("git knows no branch or commit named no-such-branch.");
    const clean = await run(["-p", "/review"]);
    expect(clean.code).toBe(2);
    expect(clean.stderr).toContain("No uncommitted changes to review.");
    expect(server.requests).toHaveLength(0);
  });
});
