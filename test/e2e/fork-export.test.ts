// Forks and exports from the command line (issue 30): `--resume ID --fork` goes on in a copy
// whose parent file is never written again; `north export ID` prints the conversation.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { useE2e } from "../support/e2e-fixture.js";

const e2e = useE2e();

const sessionsOf = (env: Record<string, string>) => join(env.XDG_DATA_HOME!, "north", "sessions");
const ids = (env: Record<string, string>) =>
  readdirSync(sessionsOf(env))
    .filter((n) => n.endsWith(".jsonl"))
    .map((n) => n.slice(0, -".jsonl".length))
    .sort();

describe("fork", () => {
  it("--resume ID --fork continues a copy; the parent's bytes stay; the fork resumes", async () => {
    const { server, run, env } = await e2e.open([
      reply().text("First answer."),
      reply().text("In the fork."),
      reply().text("Fork again."),
    ]);
    expect((await run(["-p", "first question"])).code).toBe(0);
    const [parent] = ids(env);
    const parentPath = join(sessionsOf(env), `${parent}.jsonl`);
    const before = readFileSync(parentPath);
    const forked = await run(["-p", "--resume", parent!, "--fork", "in a fork"]);
    expect(forked.code).toBe(0);
    expect(readFileSync(parentPath).equals(before)).toBe(true);
    const fork = ids(env).find((id) => id !== parent)!;
    const header = JSON.parse(
      readFileSync(join(sessionsOf(env), `${fork}.jsonl`), "utf8").split("\n")[0]!,
    );
    expect(header).toMatchObject({ id: fork, parent });
    expect(JSON.stringify(server.requests[1]!.body.messages)).toContain("first question");
    const again = await run(["-p", "--resume", fork, "go on"]);
    expect(again.code).toBe(0);
    const messages = JSON.stringify(server.requests[2]!.body.messages);
    expect(messages).toContain("first question");
    expect(messages).toContain("In the fork.");
    expect(readFileSync(parentPath).equals(before)).toBe(true);
    const listed = await run(["--resume", "--output-format", "json"]);
    const rows = JSON.parse(listed.stdout) as { id: string; parent?: string }[];
    expect(rows.find((r) => r.id === fork)?.parent).toBe(parent);
  });

  it("--fork needs a conversation to copy", async () => {
    const { run } = await e2e.open([]);
    const result = await run(["-p", "--fork", "hello"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--fork goes with --resume ID or --continue");
  });
});

describe("north export", () => {
  it("prints a conversation with a diff and a command as markdown and as JSON", async () => {
    const { run, env } = await e2e.open([
      reply().tool("edit_create_file", { path: "src/new.ts", content: "export const n = 1;\n" }),
      reply().tool("shell_run", { command: "echo made-it" }),
      reply().text("Created and checked."),
    ]);
    const first = await run(["-p", "make a file and check", "--approve", "all"]);
    expect(first.code).toBe(0);
    const [id] = ids(env);
    const md = await run(["export", id!]);
    expect(md.code).toBe(0);
    expect(md.stdout).toContain("## You\n\nmake a file and check");
    expect(md.stdout).toContain("Tool `edit_create_file` on `src/new.ts`:");
    expect(md.stdout).toContain("+++ b/src/new.ts\n@@ -0,0 +1,1 @@\n+export const n = 1;");
    expect(md.stdout).toContain("```sh\necho made-it\n```");
    expect(md.stdout).toMatch(/Result of `shell_run`:\n\n```+\n[\s\S]*made-it/);
    expect(md.stdout).toContain("Created and checked.");
    const json = await run(["export", id!, "--format", "json"]);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as { id: string; messages: { role: string }[] };
    expect(parsed.id).toBe(id);
    expect(parsed.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
    ]);
    const bad = await run(["export", "nope"]);
    expect(bad.code).toBe(2);
  });
});
