import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, type MockModelServer } from "../support/mock-model-server.js";
import { useE2e } from "../support/e2e-fixture.js";

// Issue 9 through the built CLI, headless: `--approve all` runs commands in the sandbox;
// leaving it (`escalate`) needs a person, so headless refuses it unless `--sandbox off`.

type Json = Record<string, unknown>;
const KEY = "sk-ant-cli-suite-secret-0042";

const e2e = useE2e();
let out: string;
beforeAll(() => {
  // Outside the repository and outside /tmp (which the sandbox replaces with its own).
  out = mkdtempSync(path.join("/var/tmp", "north-sandbox-cli-"));
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The anthropic tool results of the last request, in order. */
function results(server: MockModelServer): { content: string; isError: boolean }[] {
  const body = server.requests.at(-1)!.body as Json;
  return (body.messages as Json[]).flatMap((m) =>
    Array.isArray(m.content)
      ? (m.content as Json[])
          .filter((b) => b.type === "tool_result")
          .map((b) => ({ content: JSON.stringify(b.content), isError: b.is_error === true }))
      : [],
  );
}

async function run(calls: Json[], flags: string[]) {
  const repo = makeRepo();
  const server = await e2e.server([
    ...calls.map((args) => reply().tool("shell_run", args)),
    reply().text("Done."),
  ]);
  const { env } = makeHome();
  const result = await runCli(["-p", "work", ...flags], {
    cwd: repo,
    env: { ...env, ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
  });
  expect(result.code, result.stderr).toBe(0);
  return { repo, results: results(server) };
}

describe("commands in the sandbox, headless", () => {
  it("--approve all: writes in the repository only, no key, no .north, and says how to escalate", async () => {
    const { repo, results: r } = await run(
      [
        { command: `touch ${out}/approve-all` },
        { command: 'echo "[$ANTHROPIC_API_KEY]" > inside.txt; cat /proc/$PPID/environ' },
        { command: 'echo \'{"mode":"agent"}\' > .north/settings.json' },
      ],
      ["--approve", "all"],
    );
    expect(existsSync(path.join(out, "approve-all"))).toBe(false);
    expect(r[0]!.content).toMatch(/Read-only file system/);
    expect(r[0]!.content).toMatch(/escalate/);
    expect(readFileSync(path.join(repo, "inside.txt"), "utf8")).toBe("[]\n");
    expect(JSON.stringify(r)).not.toContain(KEY);
    expect(existsSync(path.join(repo, ".north", "settings.json"))).toBe(false);
  });

  it("refuses an escalated command headless, even with --approve all", async () => {
    const { results: r } = await run(
      [{ command: `touch ${out}/escalated`, escalate: "must write outside the repository" }],
      ["--approve", "all"],
    );
    expect(r[0]!.isError).toBe(true);
    expect(existsSync(path.join(out, "escalated"))).toBe(false);
  });

  it("--sandbox off is the explicit way out, and still keeps the key from the shell", async () => {
    const { results: r } = await run(
      [{ command: `touch ${out}/sandbox-off && echo "[$ANTHROPIC_API_KEY]"` }],
      ["--approve", "all", "--sandbox", "off"],
    );
    expect(existsSync(path.join(out, "sandbox-off"))).toBe(true);
    expect(r[0]!.content).toContain("[]");
  });
});
