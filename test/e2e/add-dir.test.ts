// Several folders (issue 30): `--add-dir DIR` lets the tools read and, with approval, edit files
// in DIR under the repository's rules; a path outside every root stays refused, and without the
// flag the same path is refused. A folder that does not exist is a usage error (exit 2).
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply } from "../support/mock-model-server.js";
import { anthropicEnv, useE2e } from "../support/e2e-fixture.js";

const e2e = useE2e();

/** A folder outside the repository holding `notes.md`. */
function extraDir(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "north-extra-")));
  writeFileSync(join(dir, "notes.md"), "limit: 3\n");
  return dir;
}

/** What the model saw back from its tool calls: every request's body, as text. */
const seen = (requests: readonly { body: unknown }[]) =>
  requests.map((r) => JSON.stringify(r.body)).join("\n");

async function readThenEdit(dir: string, args: string[]) {
  const file = join(dir, "notes.md");
  const server = await e2e.server([
    reply().tool("read_file", { path: file }),
    reply().tool("edit_replace_exact", {
      path: file,
      old_string: "limit: 3",
      new_string: "limit: 5",
    }),
    reply().text("Done."),
  ]);
  const { env } = makeHome();
  const result = await runCli(["-p", "raise the limit", "--approve", "edits", ...args], {
    cwd: makeRepo(),
    env: { ...env, ...anthropicEnv(server) },
  });
  return { result, server, file };
}

describe("--add-dir", () => {
  it("reads and edits a file in the added folder (with --approve edits)", async () => {
    const dir = extraDir();
    const { result, file, server } = await readThenEdit(dir, ["--add-dir", dir]);
    expect(result.code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe("limit: 5\n");
    expect(seen(server.requests)).toContain("limit: 3");
    expect(seen(server.requests)).toContain(`Edited ${file}`);
    // The system prompt names the folder.
    expect(seen(server.requests)).toContain(`Added folders (use absolute paths`);
    expect(seen(server.requests)).toContain(dir);
  }, 60_000);

  it("without the flag the same path is refused to the model", async () => {
    const dir = extraDir();
    const { result, file, server } = await readThenEdit(dir, []);
    expect(result.code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe("limit: 3\n");
    expect(seen(server.requests)).toContain("outside the repository root");
  }, 60_000);

  it("refuses a path outside every root, also through a symlink in the added folder", async () => {
    const dir = extraDir();
    const outside = extraDir();
    symlinkSync(join(outside, "notes.md"), join(dir, "link.md"));
    const server = await e2e.server([
      reply().tool("read_file", { path: join(outside, "notes.md") }),
      reply().tool("read_file", { path: join(dir, "link.md") }),
      reply().text("Done."),
    ]);
    const { env } = makeHome();
    const result = await runCli(["-p", "look", "--add-dir", dir], {
      cwd: makeRepo(),
      env: { ...env, ...anthropicEnv(server) },
    });
    expect(result.code).toBe(0);
    const text = seen(server.requests);
    expect(text).toContain(`path ${join(outside, "notes.md")} is outside the repository root`);
    expect(text).toContain(`path ${join(dir, "link.md")} is outside the repository root`);
    expect(text).not.toContain("limit: 3");
  }, 60_000);

  it("a folder that does not exist is a usage error (exit 2)", async () => {
    const { env } = makeHome();
    const result = await runCli(["-p", "hi", "--add-dir", "/no/such/folder-north"], {
      cwd: makeRepo(),
      env,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--add-dir /no/such/folder-north: no such folder");
  }, 30_000);
});

describe("--add-dir and the sandbox", () => {
  it("shell_run (sandboxed, --approve all) can write in the added folder, not beside it", async () => {
    // Under /var/tmp: the sandbox gives commands their own /tmp.
    const dir = realpathSync(mkdtempSync(join("/var/tmp", "north-extra-")));
    const beside = realpathSync(mkdtempSync(join("/var/tmp", "north-beside-")));
    const server = await e2e.server([
      reply().tool("shell_run", { command: `echo hi > ${dir}/made.txt` }),
      reply().tool("shell_run", { command: `echo hi > ${beside}/made.txt` }),
      reply().text("Done."),
    ]);
    const { env } = makeHome();
    const result = await runCli(["-p", "work", "--approve", "all", "--add-dir", dir], {
      cwd: makeRepo(),
      env: { ...env, ...anthropicEnv(server) },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(dir, "made.txt"), "utf8")).toBe("hi\n");
    expect(existsSync(join(beside, "made.txt"))).toBe(false);
    rmSync(dir, { recursive: true, force: true });
    rmSync(beside, { recursive: true, force: true });
  }, 60_000);
});
