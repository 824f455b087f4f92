// Review R14 (issue 25): a sandboxed command moved a folder away and put a symlink to a folder
// outside the repository in its place (`mv d d.real; ln -s OUTSIDE d`); `/undo` refused the
// paths under the link (right) but deleted `d.real/b.txt` as "created" — the only copy of the
// person's file. Now undo removes the command's own links (never what they lead to), restores
// the folder and the file, and deletes a moved original only once its content is back.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, startMockModelServer, type MockModelServer } from "../support/mock-model-server.js";

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const hasBwrap = (() => {
  try {
    execFileSync("bwrap", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

function setUp() {
  const outside = mkdtempSync(join(tmpdir(), "north-outside-"));
  mkdirSync(join(outside, "tdir"));
  writeFileSync(join(outside, "tdir", "b.txt"), "OUTSIDE b\n");
  writeFileSync(join(outside, "target.txt"), "OUTSIDE a\n");
  const repo = makeRepo({ "a.txt": "person's a\n", "d/b.txt": "person's b\n", "d/c.txt": "c\n" });
  const { env } = makeHome();
  return { outside, repo, env };
}

async function north(repo: string, env: Record<string, string>, args: string[]) {
  return runCli(["--model", "claude-sonnet-5-5", ...args], {
    cwd: repo,
    env: { ...env, ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: server!.anthropicBaseUrl },
  });
}

describe.skipIf(!hasBwrap)("/undo after a command swapped a folder for a symlink", () => {
  it("restores the folder and its files, removes only the links, touches nothing outside", async () => {
    const { outside, repo, env } = setUp();
    const command = `rm a.txt; ln -s ${outside}/target.txt a.txt; mv d d.real; ln -s ${outside}/tdir d`;
    server = await startMockModelServer([
      reply().tool("shell_run", { command }),
      reply().text("swapped"),
    ]);
    const first = await north(repo, env, ["-p", "tidy up", "--approve", "all"]);
    expect(first.code).toBe(0);
    expect(lstatSync(join(repo, "d")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(repo, "d.real", "b.txt"), "utf8")).toBe("person's b\n");

    const undo = await north(repo, env, ["-p", "/undo --earlier"]);
    expect(undo.code, undo.stderr).toBe(0);
    // The folder and the files are back; the moved copy went only once they were.
    expect(lstatSync(join(repo, "d")).isDirectory()).toBe(true);
    expect(readFileSync(join(repo, "d", "b.txt"), "utf8")).toBe("person's b\n");
    expect(readFileSync(join(repo, "d", "c.txt"), "utf8")).toBe("c\n");
    expect(lstatSync(join(repo, "a.txt")).isFile()).toBe(true);
    expect(readFileSync(join(repo, "a.txt"), "utf8")).toBe("person's a\n");
    expect(existsSync(join(repo, "d.real"))).toBe(false);
    // Outside: as it was.
    expect(readFileSync(join(outside, "target.txt"), "utf8")).toBe("OUTSIDE a\n");
    expect(readdirSync(join(outside, "tdir"))).toEqual(["b.txt"]);
    expect(readFileSync(join(outside, "tdir", "b.txt"), "utf8")).toBe("OUTSIDE b\n");
  });

  it("keeps the moved original when the link was changed since and the folder cannot come back", async () => {
    const { outside, repo, env } = setUp();
    const command = `mv d d.real; ln -s ${outside}/tdir d`;
    server = await startMockModelServer([
      reply().tool("shell_run", { command }),
      reply().text("swapped"),
    ]);
    expect((await north(repo, env, ["-p", "tidy up", "--approve", "all"])).code).toBe(0);
    // Someone points the link elsewhere: it is no longer the command's own.
    rmSync(join(repo, "d"));
    mkdirSync(join(outside, "other"));
    symlinkSync(join(outside, "other"), join(repo, "d"));

    const undo = await north(repo, env, ["-p", "/undo --earlier"]);
    expect(lstatSync(join(repo, "d")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(repo, "d.real", "b.txt"), "utf8")).toBe("person's b\n");
    expect(undo.stdout + undo.stderr).toContain("only copy of d/b.txt");
    expect(readdirSync(join(outside, "other"))).toEqual([]);
  });
});
