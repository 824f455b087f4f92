// Issue 25: a sandboxed command that would discard work the person has not committed is
// reviewed even in the sandbox (headless: refused, even with --approve all), saying what it
// would lose; one that loses nothing (a clean tree, an untracked folder) still runs unasked.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, startMockModelServer, type MockModelServer } from "../support/mock-model-server.js";
import { toolResultsOf } from "../support/mock-script.js";

const hasBwrap = (process.env.PATH ?? "")
  .split(":")
  .some((dir) => dir && existsSync(join(dir, "bwrap")));

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A committed repository, then `edits` written over it (uncommitted). */
function repoWith(edits: Record<string, string>): string {
  const repo = makeRepo({ "a.txt": "one\n", "src/b.txt": "two\n", "src/c.txt": "three\n" });
  execFileSync("git", ["add", "-A"], { cwd: repo });
  const who = ["-c", "user.email=t@t", "-c", "user.name=t"];
  execFileSync("git", [...who, "commit", "-qm", "init"], { cwd: repo });
  for (const [path, text] of Object.entries(edits)) writeFileSync(join(repo, path), text);
  return repo;
}

async function run(repo: string, commands: string[]) {
  server = await startMockModelServer([
    ...commands.map((command) => reply().tool("shell_run", { command })),
    reply().text("Done."),
  ]);
  const { env } = makeHome();
  const result = await runCli(["-p", "tidy up", "--approve", "all"], {
    cwd: repo,
    env: { ...env, ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
  });
  expect(result.code, result.stderr).toBe(0);
  return commands.map((_, i) => toolResultsOf(server!.requests[i + 1]!).at(-1)!);
}

describe.runIf(hasBwrap)("work the person has not committed, in the sandbox", () => {
  it("git reset --hard, checkout -- ., restore ., clean -fd, rm -r of a tracked folder: refused headless, naming what they would discard", async () => {
    const repo = repoWith({
      "a.txt": "my edit\n",
      "src/b.txt": "mine too\n",
      "new.txt": "fresh\n",
    });
    const results = await run(repo, [
      "git reset --hard",
      "git checkout -- .",
      "git restore src",
      "git clean -fd",
      "rm -rf src",
      "git stash drop",
    ]);
    for (const r of results) {
      expect(r.isError, r.content).toBe(true);
      expect(r.content).toMatch(/^Refused: /);
    }
    expect(results[0]!.content).toContain(
      "Uncommitted changes it would discard: a.txt, src/b.txt.",
    );
    expect(results[2]!.content).toContain("discard: src/b.txt.");
    expect(results[3]!.content).toContain("Untracked files deleted: new.txt.");
    expect(results[4]!.content).toMatch(
      /Files git tracks there: 2\. Uncommitted changes lost: src\/b\.txt/,
    );
    expect(readFileSync(join(repo, "a.txt"), "utf8")).toBe("my edit\n");
    expect(readFileSync(join(repo, "src/b.txt"), "utf8")).toBe("mine too\n");
    expect(existsSync(join(repo, "new.txt"))).toBe(true);
  }, 90_000);

  it("runs unasked what discards nothing uncommitted: a clean tree, an untracked folder", async () => {
    const repo = repoWith({});
    execFileSync("mkdir", ["-p", join(repo, "build/out")]);
    writeFileSync(join(repo, "build/out/x.js"), "built\n");
    const results = await run(repo, [
      "git reset --hard && echo reset-ok",
      "rm -rf build && echo rm-ok",
    ]);
    expect(results.map((r) => r.isError)).toEqual([false, false]);
    expect(results[0]!.content).toContain("reset-ok");
    expect(existsSync(join(repo, "build"))).toBe(false);
  }, 90_000);
});
