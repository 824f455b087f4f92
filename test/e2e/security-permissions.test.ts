import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, startMockModelServer, type MockModelServer } from "../support/mock-model-server.js";

// Issue 9, F1 and F4 through the built CLI: standing permissions live in North's data folder;
// nothing a repository (a clone, a symlink, a submodule, the model through a shell) holds in
// `.north/` grants anything. Also the sandbox policy headless: ask mode runs read-only commands,
// leaving the sandbox is refused, secret reads need --approve all.

type Json = Record<string, unknown>;
type Call = [name: string, args: Json];

let server: MockModelServer | undefined;
let out: string;
beforeAll(() => {
  // Outside every repository and outside /tmp (which the sandbox replaces with its own).
  out = mkdtempSync(join("/var/tmp", "north-perm-e2e-"));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

const git = (cwd: string, ...args: string[]) =>
  execFileSync(
    "git",
    ["-c", "user.email=a@b", "-c", "user.name=a", "-c", "protocol.file.allow=always", ...args],
    { cwd, stdio: "pipe" },
  );

const AUTO = '{"edits":true}';
const ALLOW = JSON.stringify({ commands: [{ prefix: "touch" }, { prefix: "python3" }] });

/** One headless run of `calls` (one step), then "Done."; the tool results the model got back. */
async function run(cwd: string, env: Record<string, string>, calls: Call[], flags: string[] = []) {
  let step = reply();
  for (const [name, args] of calls) step = step.tool(name, args);
  server = await startMockModelServer([step, reply().text("Done.")]);
  const result = await runCli(["-p", "work", "--model", "claude-sonnet-5-5", ...flags], {
    cwd,
    env: { ...env, ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
  });
  await server.close();
  const last = server.requests.at(-1)?.body as Json | undefined;
  const results = ((last?.messages as Json[] | undefined) ?? []).flatMap((m) =>
    Array.isArray(m.content)
      ? (m.content as Json[])
          .filter((b) => b.type === "tool_result")
          .map((b) => ({ content: JSON.stringify(b.content), isError: b.is_error === true }))
      : [],
  );
  server = undefined;
  return { ...result, results };
}

/** The attack of F1: a command outside the repository and an edit, both granted by `.north/`. */
const attack = (tag: string): Call[] => [
  ["shell_run", { command: `touch ${out}/${tag}` }],
  ["edit_create_file", { path: `${tag}.txt`, content: "x" }],
];

function expectNothingGranted(repo: string, tag: string, r: { results: { isError: boolean }[] }) {
  expect(existsSync(join(out, tag))).toBe(false);
  expect(existsSync(join(repo, `${tag}.txt`))).toBe(false);
  expect(r.results[1]?.isError).toBe(true);
}

/** A clone of a repository whose `.north` came with it (set up by `make` in the source). */
function cloneOf(make: (src: string) => void): string {
  const src = mkdtempSync(join(tmpdir(), "north-src-"));
  git(src, "init", "-q");
  writeFileSync(join(src, "a.txt"), "hi\n");
  make(src);
  git(src, "add", "-A");
  git(src, "commit", "-qm", "innocent");
  const clone = join(mkdtempSync(join(tmpdir(), "north-clone-")), "clone");
  git(tmpdir(), "clone", "-q", "--recurse-submodules", src, clone);
  return clone;
}

describe("F1: a cloned repository grants itself nothing", () => {
  it("ignores a committed .north symlink to a tracked folder holding both files", async () => {
    const clone = cloneOf((src) => {
      mkdirSync(join(src, "cfg"));
      writeFileSync(join(src, "cfg/autoaccept.json"), AUTO);
      writeFileSync(join(src, "cfg/allowlist.json"), ALLOW);
      symlinkSync("cfg", join(src, ".north"));
    });
    const { env } = makeHome();
    const r = await run(clone, env, attack("f1-symlink"));
    expect(r.code, r.stderr).toBe(0);
    expectNothingGranted(clone, "f1-symlink", r);
    expect(r.stderr).not.toMatch(/\.north/);
    // Without the sandbox the command is asked for, and a headless run without --approve all refuses it.
    const off = await run(clone, env, attack("f1-symlink-off"), ["--sandbox", "off"]);
    expectNothingGranted(clone, "f1-symlink-off", off);
    expect(off.results[0]!.content).toMatch(/--approve all/);
  });

  it("ignores a .north that is a git submodule holding both files", async () => {
    const perms = mkdtempSync(join(tmpdir(), "north-perms-"));
    git(perms, "init", "-q");
    writeFileSync(join(perms, "autoaccept.json"), AUTO);
    writeFileSync(join(perms, "allowlist.json"), ALLOW);
    git(perms, "add", "-A");
    git(perms, "commit", "-qm", "perms");
    const clone = cloneOf((src) => git(src, "submodule", "add", "-q", perms, ".north"));
    expect(existsSync(join(clone, ".north/allowlist.json"))).toBe(true);
    const { env } = makeHome();
    const r = await run(clone, env, attack("f1-submodule"), ["--sandbox", "off"]);
    expect(r.code, r.stderr).toBe(0);
    expectNothingGranted(clone, "f1-submodule", r);
    expect(r.results[0]!.content).toMatch(/--approve all/);
    expect(r.stderr).not.toMatch(/\.north/);
  });
});

describe("F4: permission files the model writes grant nothing", () => {
  const write =
    "mkdir -p .north && cd .north && echo '{\"edits\":true}' > autoaccept.json && " +
    'echo \'{"commands":[{"prefix":"python3"}]}\' > allowlist.json; cd ..';
  const second = (tag: string): Call[] => [
    ["shell_run", { command: `python3 -c "open('${out}/${tag}','w').write('x')"` }],
    ["edit_create_file", { path: `${tag}.txt`, content: "x" }],
  ];

  it("in the sandbox the write fails", async () => {
    const repo = makeRepo();
    const { env } = makeHome();
    await run(repo, env, [["shell_run", { command: write }]], ["--approve", "all"]);
    expect(existsSync(join(repo, ".north/allowlist.json"))).toBe(false);
    expect(existsSync(join(repo, ".north/autoaccept.json"))).toBe(false);
  });

  it("written without the sandbox, a later default run does not read them", async () => {
    const repo = makeRepo();
    const { env } = makeHome();
    const first = await run(
      repo,
      env,
      [["shell_run", { command: write }]],
      ["--sandbox", "off", "--approve", "all"],
    );
    expect(first.results[0]!.isError, first.results[0]!.content).toBe(false);
    expect(existsSync(join(repo, ".north/allowlist.json"))).toBe(true);
    const r = await run(repo, env, second("f4-default"));
    expectNothingGranted(repo, "f4-default", r);
    const off = await run(repo, env, second("f4-off"), ["--sandbox", "off"]);
    expectNothingGranted(repo, "f4-off", off);
    expect(off.results[0]!.content).toMatch(/--approve all/);
    expect(`${r.stderr}${off.stderr}`).not.toMatch(/Imported/);
  });
});

describe("R7: an older North's .north files grant nothing, wherever they come from", () => {
  it("a nested repository a sandboxed command planted gets no permission at the next start", async () => {
    const repo = makeRepo({ "pkg/index.js": "1\n" });
    const { env } = makeHome();
    const plant =
      "cd pkg && git init -q && mkdir -p .north && echo '{\"edits\":true}' > .north/autoaccept.json" +
      ' && echo \'{"commands":[{"prefix":"touch"}]}\' > .north/allowlist.json';
    const first = await run(repo, env, [["shell_run", { command: plant }]], ["--approve", "all"]);
    expect(first.results[0]!.isError, first.results[0]!.content).toBe(false);
    const pkg = join(repo, "pkg");
    expect(existsSync(join(pkg, ".north/allowlist.json"))).toBe(true);
    const r = await run(pkg, env, attack("r7-nested"), ["--sandbox", "off"]);
    expect(r.code, r.stderr).toBe(0);
    expectNothingGranted(pkg, "r7-nested", r);
    expect(r.stderr).not.toMatch(/Imported/);
    expect(existsSync(join(env.XDG_DATA_HOME!, "north", "permissions"))).toBe(false);
  });

  it("untracked files in the repository's own .north are not read either", async () => {
    const repo = makeRepo();
    mkdirSync(join(repo, ".north"));
    writeFileSync(join(repo, ".north/autoaccept.json"), AUTO);
    writeFileSync(join(repo, ".north/allowlist.json"), ALLOW);
    const { env } = makeHome();
    const r = await run(repo, env, attack("r7-own"), ["--sandbox", "off"]);
    expectNothingGranted(repo, "r7-own", r);
    expect(r.stderr).not.toMatch(/Imported/);
  });
});

describe("the sandbox policy, headless", () => {
  it("ask mode offers shell_run and runs it read-only in the sandbox", async () => {
    const repo = makeRepo();
    const { env } = makeHome();
    const r = await run(
      repo,
      env,
      [["shell_run", { command: "ls; touch made-in-ask.txt" }]],
      ["--mode", "ask"],
    );
    expect(r.results[0]!.content).toContain("README.md");
    expect(r.results[0]!.content).not.toMatch(/Unknown tool/);
    expect(existsSync(join(repo, "made-in-ask.txt"))).toBe(false);
  });

  it("refuses to leave the sandbox, saying how the person can allow it", async () => {
    const repo = makeRepo();
    const { env } = makeHome();
    const r = await run(
      repo,
      env,
      [["shell_run", { command: `touch ${out}/escalated`, escalate: "needs to write there" }]],
      ["--approve", "all"],
    );
    expect(r.results[0]!.isError).toBe(true);
    expect(r.results[0]!.content).toMatch(/cannot leave the sandbox/);
    expect(r.results[0]!.content).toMatch(/--sandbox off/);
    expect(existsSync(join(out, "escalated"))).toBe(false);
  });

  it("reads a file that may hold secrets only with --approve all", async () => {
    const repo = makeRepo({ ".env": "API_TOKEN=very-secret-value\n" });
    const { env } = makeHome();
    const read: Call[] = [["read_file", { path: ".env" }]];
    const refused = await run(repo, env, read);
    expect(refused.results[0]!.content).not.toContain("very-secret-value");
    expect(refused.results[0]!.content).toMatch(/--approve all/);
    const allowed = await run(repo, env, read, ["--approve", "all"]);
    expect(allowed.results[0]!.content).toContain("very-secret-value");
  });
});
