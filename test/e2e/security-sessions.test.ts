// Issue 9, "losing nothing" and local data: F14, F15, F16, F18 and F20 of the security review,
// each through the built CLI (F17 is in security-batch-crash.test.ts). Every test here fails on
// the code before the fix.
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli, type CliResult } from "../support/cli-runner.js";
import { reply, startMockModelServer, type MockModelServer } from "../support/mock-model-server.js";

type Json = Record<string, unknown>;

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A home (XDG folders) whose runs reach the mock server over the Anthropic protocol. */
function anthropicHome(s: MockModelServer, env = makeHome().env) {
  return { ...env, ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: s.anthropicBaseUrl };
}

const sessionsDir = (env: Json) => join(String(env.XDG_DATA_HOME), "north", "sessions");
const sessionFile = (env: Json, id: string) => join(sessionsDir(env), `${id}.jsonl`);
const mode = (path: string) => statSync(path).mode & 0o777;

/** Runs one saved conversation and returns its id. */
async function firstRun(repo: string, env: Record<string, string>): Promise<string> {
  const first = await runCli(["-p", "first question", "--output-format", "json"], {
    cwd: repo,
    env,
  });
  expect(first.code).toBe(0);
  return (JSON.parse(first.stdout) as Json).session_id as string;
}

/** Anthropic messages: every tool_use answered in the next message, no result without its call. */
function expectWellFormed(messages: Json[]): void {
  expect(messages[0]!.role).toBe("user");
  messages.forEach((m, i) => {
    const blocks = Array.isArray(m.content) ? (m.content as Json[]) : [];
    const results = blocks.filter((b) => b.type === "tool_result").map((b) => b.tool_use_id);
    const previous = i > 0 ? messages[i - 1]! : undefined;
    const calls = Array.isArray(previous?.content)
      ? (previous.content as Json[]).filter((b) => b.type === "tool_use").map((b) => b.id)
      : [];
    expect(results.every((id) => calls.includes(id))).toBe(true);
    if (calls.length > 0) expect(results.sort()).toEqual([...calls].sort());
  });
}

describe("F15: wrong-shaped session lines", () => {
  it("are skipped with one notice; the session resumes and the request is one the API accepts", async () => {
    server = await startMockModelServer([
      reply().text("Reading.").tool("read_file", { path: "src/retry.ts" }),
      reply().text("It retries three times."),
      reply().text("Resumed fine."),
    ]);
    const repo = makeRepo();
    const env = anthropicHome(server);
    const id = await firstRun(repo, env);
    const path = sessionFile(env, id);
    const lines = readFileSync(path, "utf8").trimEnd().split("\n");
    const saved = lines.filter((l) => !l.includes('"role":"tool"'));
    const junk = [
      '{"type":"message","message":null}',
      '{"type":"message","message":{"role":"user","content":123}}',
      '{"type":"message","message":{"role":"assistant","content":"x","protocol":"anthropic-messages","model":"m"}}',
      '{"type":"message","message":{"role":"assistant","content":[{"type":"tool_call","name":"read_file"}],"protocol":"anthropic-messages","model":"m"}}',
      '{"type":"message","message":{"role":"martian","content":"hi"}}',
      '{"type":"message"}',
      '{"type":"message","message":{"role":"tool","toolCallId":"ghost","toolName":"x","content":"y","isError":false}}',
      '{"type":"compaction","summary":null,"replaced":"x"}',
      '{"type":"cleared","ids":null}',
      "[1,2,3]",
    ];
    writeFileSync(path, [saved[0], ...junk, ...saved.slice(1), ...junk].join("\n") + "\n");

    const result = await runCli(["-p", "again", "--continue"], { cwd: repo, env });
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe("Resumed fine.");
    const notes = result.stderr.trim().split("\n");
    expect(notes).toEqual([
      "north: note: 18 lines of the session file could not be understood and were skipped.",
    ]);
    const messages = (server.requests[2]!.body as Json).messages as Json[];
    expectWellFormed(messages);
    // The lost result is answered as interrupted; the ghost result is gone.
    expect(JSON.stringify(messages)).toContain("The session was interrupted around this call");
    expect(JSON.stringify(messages)).not.toContain("ghost");
  });
});

describe("F16: one process at a time appends to a session", () => {
  it("a second --continue of a session in use says so in one line and stops; nothing interleaves", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    server = await startMockModelServer([
      reply().text("First answer."),
      async () => {
        await gate;
        return reply().text("Answer to A.");
      },
      reply().text("Answer to B."),
      reply().text("Third answer."),
    ]);
    const repo = makeRepo();
    const env = anthropicHome(server);
    const id = await firstRun(repo, env);
    const a = runCli(["-p", "process A", "--continue"], { cwd: repo, env });
    await server.waitForRequests(2);

    const b = await runCli(["-p", "process B", "--continue"], { cwd: repo, env });
    expect(b.code).toBe(1);
    expect(b.stderr.trim().split("\n")).toHaveLength(1);
    expect(b.stderr).toMatch(
      new RegExp(`^north: Session ${id} is in use by another North process \\(pid \\d+\\)`),
    );
    open();
    expect((await a).code).toBe(0);
    expect(readdirSync(sessionsDir(env)).filter((n) => n.includes(".lock"))).toEqual([]);

    const third = await runCli(["-p", "third", "--continue"], { cwd: repo, env });
    expect(third.code).toBe(0);
    const sent = JSON.stringify((server.requests.at(-1)!.body as Json).messages);
    expect(sent).toContain("process A");
    expect(sent).not.toContain("process B");
    expect(server.requests).toHaveLength(3);
  });

  it("a lock left by a killed process does not block the next --continue", async () => {
    server = await startMockModelServer([
      reply().text("First answer."),
      reply().text("never sent").slow(60_000),
      reply().text("Continued."),
    ]);
    const repo = makeRepo();
    const env = anthropicHome(server);
    await firstRun(repo, env);
    let pid = 0;
    const killed = runCli(["-p", "to be killed", "--continue"], {
      cwd: repo,
      env,
      onSpawn: (p) => (pid = p),
    });
    await server.waitForRequests(2);
    expect(readdirSync(sessionsDir(env)).some((n) => n.endsWith(".lock"))).toBe(true);
    process.kill(pid, "SIGKILL");
    expect((await killed).signal).toBe("SIGKILL");
    const next = await runCli(["-p", "next", "--continue"], { cwd: repo, env });
    expect(next.stderr).toBe("");
    expect(next.code).toBe(0);
    expect(next.stdout.trim()).toBe("Continued.");
  });
});

describe("F18: an unwritable data directory", () => {
  /** A data dir below a regular file: mkdir fails with ENOTDIR, even for root. */
  function blockedHome() {
    const { home, env } = makeHome();
    writeFileSync(join(home, "blocker"), "a file, not a folder\n");
    return { ...env, XDG_DATA_HOME: join(home, "blocker", "data") };
  }
  const script = () => [
    reply().tool("read_file", { path: "a.txt" }),
    reply().tool("edit_replace_exact", { path: "a.txt", old_string: "hi", new_string: "changed" }),
    reply().text("Changed it."),
  ];

  it("says once, before the change, that undo is unavailable; the change still goes on (text)", async () => {
    server = await startMockModelServer(script());
    const repo = makeRepo({ "a.txt": "hi\n" });
    const result = await runCli(["-p", "change it", "--approve", "edits"], {
      cwd: repo,
      env: anthropicHome(server, blockedHome()),
    });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe("Changed it.");
    expect(readFileSync(join(repo, "a.txt"), "utf8")).toBe("changed\n");
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^north: note: Undo is unavailable: North's data folder .* cannot be written \(ENOTDIR\)/,
    );
  });

  it("puts the notice in stream-json before the edit, and in the json result", async () => {
    server = await startMockModelServer([...script(), ...script()]);
    const repo = makeRepo({ "a.txt": "hi\n" });
    const env = anthropicHome(server, blockedHome());
    const stream = await runCli(
      ["-p", "change it", "--approve", "edits", "--output-format", "stream-json"],
      { cwd: repo, env },
    );
    expect(stream.code).toBe(0);
    const events = stream.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Json);
    const notice = events.findIndex(
      (e) => e.type === "notice" && /Undo is unavailable/.test(String(e.text)),
    );
    const proposal = events.findIndex((e) => e.type === "tool_proposal");
    expect(notice).toBeGreaterThanOrEqual(0);
    expect(notice).toBeLessThan(proposal);

    writeFileSync(join(repo, "a.txt"), "hi\n");
    const json = await runCli(
      ["-p", "change it", "--approve", "edits", "--output-format", "json"],
      {
        cwd: repo,
        env,
      },
    );
    expect(json.code).toBe(0);
    const notices = (JSON.parse(json.stdout) as Json).notices as string[];
    expect(notices.some((n) => n.startsWith("Undo is unavailable"))).toBe(true);
  });
});

describe("F14: North's data is private", () => {
  it("creates sessions and checkpoints 0600 in 0700 folders", async () => {
    server = await startMockModelServer([
      reply().tool("read_file", { path: "a.txt" }),
      reply().tool("edit_replace_exact", { path: "a.txt", old_string: "hi", new_string: "yo" }),
      reply().text("Done."),
    ]);
    const repo = makeRepo({ "a.txt": "hi\n" });
    const { env } = makeHome();
    const result = await runCli(["-p", "edit", "--approve", "edits", "--output-format", "json"], {
      cwd: repo,
      env: anthropicHome(server, env),
    });
    expect(result.code).toBe(0);
    const data = join(env.XDG_DATA_HOME!, "north");
    const id = (JSON.parse(result.stdout) as Json).session_id as string;
    expect(mode(data)).toBe(0o700);
    expect(mode(join(data, "sessions"))).toBe(0o700);
    expect(mode(join(data, "sessions", `${id}.jsonl`))).toBe(0o600);
    const entries = readdirSync(join(data, "checkpoints"), {
      recursive: true,
      withFileTypes: true,
    });
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const path = join(entry.parentPath, entry.name);
      if (entry.isDirectory()) expect(mode(path), path).toBe(0o700);
      else if (entry.isFile()) expect(mode(path) & 0o077, path).toBe(0);
    }
  });
});

describe("F20: --resume takes an id of this project", () => {
  it("refuses a path with one usage line and writes nothing there", async () => {
    server = await startMockModelServer([reply().text("First answer."), reply().text("no")]);
    const repo = makeRepo();
    const env = anthropicHome(server);
    const id = await firstRun(repo, env);
    const outside = mkdtempSync(join(tmpdir(), "north-outside-"));
    const foreign = join(outside, "foreign.jsonl");
    writeFileSync(foreign, readFileSync(sessionFile(env, id)));
    const before = readFileSync(foreign, "utf8");
    const traversal = `../../../../../../../..${outside}/foreign`;
    for (const bad of [traversal, `${id}/../${id}`, "x"]) {
      const result: CliResult = await runCli(["-p", "appended?", "--resume", bad], {
        cwd: repo,
        env,
      });
      expect(result.code).toBe(2);
      expect(result.stderr.split("\n")[0]).toMatch(/^north: --resume takes a session id like /);
    }
    expect(readFileSync(foreign, "utf8")).toBe(before);
    expect(server.requests).toHaveLength(1);
  });

  it("resumes another project's session only with --all", async () => {
    server = await startMockModelServer([reply().text("First answer."), reply().text("Here too.")]);
    const env = anthropicHome(server);
    const id = await firstRun(makeRepo(), env);
    const other = makeRepo();
    const refused = await runCli(["-p", "hi", "--resume", id], { cwd: other, env });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      new RegExp(
        `^north: Session ${id} belongs to another project \\(.*\\); add --all to resume it here\\.$`,
      ),
    );
    expect(server.requests).toHaveLength(1);
    const allowed = await runCli(["-p", "hi", "--resume", id, "--all"], { cwd: other, env });
    expect(allowed.code).toBe(0);
    expect(allowed.stdout.trim()).toBe("Here too.");
  });
});
