// Hooks end to end, headless, with real scripts: the documented stdin of each event (Claude
// Code's field names), blocking before anything happens, `permissionDecision`, a Stop hook that
// sends the model back, and hooks that hang, fail or flood their output without harming the run.
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { firstUserText, reply, toolResultsOf, userTexts } from "../support/mock-model-server.js";
import { useE2e } from "../support/e2e-fixture.js";

const e2e = useE2e();
type Json = Record<string, unknown>;

/** A folder for the hooks' scripts and what they record. */
function scratch(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), "north-hooks-")));
}

/** A Node script at `dir/name` (run as `node dir/name …`). */
function script(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return `node ${path}`;
}

/** Records each event's stdin and the project variables as `out/<event>.json`. */
const RECORDER = `
import { readFileSync, writeFileSync } from "node:fs";
const input = JSON.parse(readFileSync(0, "utf8"));
const env = { NORTH_PROJECT_DIR: process.env.NORTH_PROJECT_DIR, CLAUDE_PROJECT_DIR: process.env.CLAUDE_PROJECT_DIR };
writeFileSync(process.argv[2] + "/" + input.hook_event_name + ".json", JSON.stringify({ input, env }));
`;

const command = (line: string, timeout?: number) => ({
  hooks: [{ type: "command", command: line, ...(timeout ? { timeout } : {}) }],
});

/** Whether process `pid` still runs (a zombie waiting for a parent to reap it does not). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return !/^\S+ \(.*\) [ZX]/.test(stat);
  } catch {
    return false;
  }
}

/** The lines of North's log file that record a hook's run. */
function hookRuns(home: string): Json[] {
  const dir = join(home, "state", "north");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.startsWith("north.log"))
    .flatMap((f) => readFileSync(join(dir, f), "utf8").split("\n"))
    .filter((line) => line.includes('"hook_run"'))
    .map((line) => JSON.parse(line) as Json);
}

describe("hooks: the events and their input", () => {
  it("each event fires with Claude Code's fields and the project variables", async () => {
    const dir = scratch();
    const record = script(dir, "record.mjs", RECORDER);
    const all = (event: string) => [
      { matcher: event.endsWith("ToolUse") ? "Read" : "", ...command(`${record} ${dir}`) },
    ];
    const events = [
      "SessionStart",
      "UserPromptSubmit",
      "PreToolUse",
      "PostToolUse",
      "Stop",
      "SessionEnd",
    ];
    const { server, run, repo } = await e2e.open(
      [reply().tool("read_file", { path: "README.md" }, { id: "toolu_r1" }), reply().text("Done.")],
      { config: { hooks: Object.fromEntries(events.map((e) => [e, all(e)])) } },
    );
    const result = await run(["-p", "read the readme", "--output-format", "json"]);
    expect(result.code).toBe(0);
    const root = realpathSync(repo);
    const seen = Object.fromEntries(
      events.map((e) => [e, JSON.parse(readFileSync(join(dir, `${e}.json`), "utf8")) as Json]),
    );
    const start = seen.SessionStart!.input as Json;
    const id = start.session_id as string;
    expect(id).toMatch(/\S/);
    for (const e of events) {
      const { input, env } = seen[e] as { input: Json; env: Json };
      expect(input.hook_event_name).toBe(e);
      expect(input.session_id).toBe(id);
      expect(input.cwd).toBe(root);
      expect(input.transcript_path).toMatch(new RegExp(`${id}\\.jsonl$`));
      expect(input.permission_mode).toBe("agent");
      expect(env).toEqual({ NORTH_PROJECT_DIR: root, CLAUDE_PROJECT_DIR: root });
    }
    expect(existsSync(start.transcript_path as string)).toBe(true);
    expect(start.source).toBe("startup");
    expect((seen.UserPromptSubmit!.input as Json).prompt).toBe("read the readme");
    const pre = seen.PreToolUse!.input as Json;
    expect(pre.tool_name).toBe("read_file");
    expect(pre.tool_input).toEqual({ path: "README.md" });
    expect(pre.tool_use_id).toBe("toolu_r1");
    const post = seen.PostToolUse!.input as Json;
    expect(post.tool_name).toBe("read_file");
    expect(post.tool_input).toEqual({ path: "README.md" });
    expect((post.tool_response as Json).is_error).toBe(false);
    expect((post.tool_response as Json).content).toContain("A demo service.");
    expect((seen.Stop!.input as Json).stop_hook_active).toBe(false);
    expect((seen.SessionEnd!.input as Json).reason).toBe("other");
    expect(server.requests).toHaveLength(2);
  });

  it("UserPromptSubmit's and SessionStart's stdout reach the model after the prompt", async () => {
    const { server, run } = await e2e.open([reply().text("Noted.")], {
      config: {
        hooks: {
          SessionStart: [command("echo branch is feature-x")],
          UserPromptSubmit: [command("echo ticket ABC-12 is about retries")],
        },
      },
    });
    const result = await run(["-p", "what now?"]);
    expect(result.code).toBe(0);
    const sent = firstUserText(server.requests[0]!);
    expect(sent).toContain("what now?");
    expect(sent).toContain("branch is feature-x");
    expect(sent).toContain("ticket ABC-12 is about retries");
  });

  it("UserPromptSubmit exit 2 stops the prompt: nothing is sent, the person sees why", async () => {
    const { server, run } = await e2e.open([reply().text("never")], {
      config: {
        hooks: { UserPromptSubmit: [command("echo 'no prompts on Fridays' >&2; exit 2")] },
      },
    });
    const result = await run(["-p", "hello"]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("no prompts on Fridays");
    expect(server.requests).toHaveLength(0);
  });
});

describe("hooks: decisions", () => {
  it("PreToolUse exit 2 blocks a command before it runs: nothing happens on disk", async () => {
    const { server, run, repo } = await e2e.open(
      [reply().tool("shell_run", { command: "touch made-by-command.txt" }), reply().text("Ok.")],
      {
        config: {
          hooks: {
            PreToolUse: [{ matcher: "Bash", ...command("echo 'no commands here' >&2; exit 2") }],
          },
        },
      },
    );
    const result = await run(["-p", "make a file", "--approve", "all"]);
    expect(result.code).toBe(0);
    expect(existsSync(join(repo, "made-by-command.txt"))).toBe(false);
    const [answer] = toolResultsOf(server.requests[1]!);
    expect(answer!.content).toContain("Blocked by a PreToolUse hook");
    expect(answer!.content).toContain("no commands here");
  });

  it("permissionDecision allow lets an edit through a headless run; deny refuses it", async () => {
    const dir = scratch();
    const decide = (decision: string) =>
      `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"${decision}","permissionDecisionReason":"policy ${decision}"}}'`;
    const edit = () => reply().tool("edit_create_file", { path: "notes.txt", content: "hi\n" });
    const allowed = await e2e.open([edit(), reply().text("Done.")], {
      config: { hooks: { PreToolUse: [{ matcher: "Write", ...command(decide("allow")) }] } },
    });
    // Without the hook, `--approve none` refuses every edit of a headless run.
    expect((await allowed.run(["-p", "write notes"])).code).toBe(0);
    expect(readFileSync(join(allowed.repo, "notes.txt"), "utf8")).toBe("hi\n");

    const denied = await e2e.open([edit(), reply().text("Ok.")], {
      config: { hooks: { PreToolUse: [{ matcher: "edit_.*", ...command(decide("deny")) }] } },
    });
    expect((await denied.run(["-p", "write notes", "--approve", "all"])).code).toBe(0);
    expect(existsSync(join(denied.repo, "notes.txt"))).toBe(false);
    expect(toolResultsOf(denied.server.requests[1]!)[0]!.content).toContain("policy deny");
    void dir;
  });

  it("a Stop hook sends the model back with its reason, once; then the turn ends", async () => {
    const dir = scratch();
    const stop = script(
      dir,
      "stop.mjs",
      `import { readFileSync } from "node:fs";
const input = JSON.parse(readFileSync(0, "utf8"));
if (!input.stop_hook_active) { process.stderr.write("run the tests before you finish"); process.exit(2); }`,
    );
    const { server, run } = await e2e.open([reply().text("Done."), reply().text("Tests pass.")], {
      config: { hooks: { Stop: [command(stop)] } },
    });
    const result = await run(["-p", "fix it"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Tests pass.");
    expect(server.requests).toHaveLength(2);
    expect(userTexts(server.requests[1]!).at(-1)).toBe("run the tests before you finish");
  });
});

describe("hooks that misbehave", () => {
  it("one that sleeps past its timeout is killed with its children; the call goes on", async () => {
    const dir = scratch();
    const { server, run, repo } = await e2e.open(
      [reply().tool("read_file", { path: "README.md" }), reply().text("Read.")],
      {
        config: {
          hooks: {
            PreToolUse: [
              command(`sleep 300 & echo $! > ${dir}/child; echo $$ > ${dir}/shell; wait`, 1),
            ],
          },
        },
      },
    );
    const result = await run(["-p", "read"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("timed out after 1 s");
    expect(toolResultsOf(server.requests[1]!)[0]!.content).toContain("A demo service.");
    for (const file of ["child", "shell"]) {
      expect(alive(Number(readFileSync(join(dir, file), "utf8")))).toBe(false);
    }
    void repo;
  });

  it("one that exits 1 is a notice; the call runs", async () => {
    const { server, run } = await e2e.open(
      [reply().tool("read_file", { path: "README.md" }), reply().text("Read.")],
      { config: { hooks: { PreToolUse: [command("echo oops >&2; exit 1")] } } },
    );
    const result = await run(["-p", "read"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/failed: exit code 1: oops/);
    expect(toolResultsOf(server.requests[1]!)[0]!.content).toContain("A demo service.");
  });

  it("one that prints 10 MB is cut: the run ends normally, its line stays short", async () => {
    const { server, run, home } = await e2e.open(
      [reply().tool("read_file", { path: "README.md" }), reply().text("Read.")],
      {
        config: {
          hooks: { PostToolUse: [command("head -c 10000000 /dev/zero | tr '\\0' x")] },
        },
      },
    );
    const result = await run(["-p", "read"]);
    expect(result.code).toBe(0);
    expect(hookRuns(home)).toMatchObject([{ hook_event: "PostToolUse", code: 0, truncated: true }]);
    expect(result.stderr.length).toBeLessThan(2_000);
    // Plain stdout of PostToolUse is for the person, not the model.
    expect(toolResultsOf(server.requests[1]!)[0]!.content).not.toContain("xxxx");
  });
});

describe("hooks: cost", () => {
  it("a matching no-op hook starts one process per call; --no-hooks starts none", async () => {
    const { run, home } = await e2e.open(
      [
        reply().tool("read_file", { path: "README.md" }).tool("find_files", { pattern: "*.ts" }),
        reply().text("Read."),
        reply().text("Again."),
      ],
      { config: { hooks: { PreToolUse: [command("true")] } } },
    );
    expect((await run(["-p", "read"])).code).toBe(0);
    expect(hookRuns(home)).toHaveLength(2);
    expect((await run(["-p", "again", "--no-hooks"])).code).toBe(0);
    expect(hookRuns(home)).toHaveLength(2);
  });
});
