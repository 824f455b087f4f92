// North as a library: examples/library.mjs, run as a program that imports "north-agent".
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeHome, makeRepo } from "../support/cli-runner.js";
import { reply } from "../support/mock-model-server.js";
import { useE2e, anthropicEnv } from "../support/e2e-fixture.js";

const example = join(import.meta.dirname, "..", "..", "examples", "library.mjs");

const e2e = useE2e();

function run(cwd: string, env: Record<string, string>, prompt: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [example, prompt], {
      cwd,
      env: { PATH: process.env.PATH ?? "", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("examples/library.mjs", () => {
  it("opens a session, streams the answer, accepts the edit and refuses the command", async () => {
    const server = await e2e.server([
      reply()
        .text("Adding the entry.")
        .tool("edit_create_file", { path: "CHANGELOG.md", content: "- retry fix\n" }),
      reply().tool("shell_run", { command: "git push", escalate: "to publish it" }),
      reply().text("The changelog has its entry."),
    ]);
    const repo = makeRepo();
    const { env } = makeHome();
    const result = await run(repo, { ...env, ...anthropicEnv(server) }, "add a changelog entry");
    expect(result.stderr).toContain("[review edit] accepted");
    expect(result.stderr).toContain("[review command] refused");
    // The texts of the two steps that wrote some are apart, not run together.
    expect(result.stdout).toContain("Adding the entry.\n\nThe changelog has its entry.");
    expect(result.stderr).toMatch(/\[end\] 3 steps, session \d{4}-/);
    expect(result.code).toBe(0);
    expect(readFileSync(join(repo, "CHANGELOG.md"), "utf8")).toBe("- retry fix\n");
  });
});
