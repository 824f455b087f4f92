/**
 * Issue 9, section 1: files that may hold secrets are not read silently, through the built CLI.
 * `read_file .env` is refused headless unless `--approve all`, search results leave such files
 * out, and a headless `@.env` is not attached. On the old code `read_file .env` was a plain read.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, startMockModelServer, type MockModelServer } from "../support/mock-model-server.js";
import { allBodies, anthropicToolResults } from "../support/repo-files.js";

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

// Not shaped like a known key format: those are masked even in an approved read (secret-formats.ts).
const SECRET = "pay-live-DOTENV-VALUE-e2e";
let repo: string;
beforeAll(() => {
  repo = makeRepo({
    "src/config.ts": "export const key = process.env.PAYMENT_KEY;\n",
    ".gitignore": "",
  });
  writeFileSync(join(repo, ".env"), `PAYMENT_KEY=${SECRET}\n`);
});

async function run(prompt: string, extra: string[], ...script: ReturnType<typeof reply>[]) {
  server = await startMockModelServer(script);
  const env = {
    ...makeHome().env,
    ANTHROPIC_API_KEY: "sk-ant-test",
    ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
  };
  const result = await runCli(["-p", prompt, "--model", "claude-sonnet-5-5", ...extra], {
    cwd: repo,
    env,
  });
  return { result, s: server };
}

describe("read_file on .env", () => {
  it("is refused in a headless run by default, and the value reaches no request", async () => {
    const { result, s } = await run(
      "show me the env",
      [],
      reply().tool("read_file", { path: ".env" }),
      reply().text("done"),
    );
    expect(result.code).toBe(0);
    expect(s.requests).toHaveLength(2);
    const [read] = anthropicToolResults(s.requests[1]!.body as Record<string, unknown>);
    expect(read).toMatchObject({ isError: true });
    expect(read!.content).toContain("may hold secrets");
    expect(read!.content).toContain("--approve all");
    expect(allBodies(s)).not.toContain(SECRET);
  });

  it("is read with --approve all", async () => {
    const { result, s } = await run(
      "show me the env",
      ["--approve", "all"],
      reply().tool("read_file", { path: ".env" }),
      reply().text("done"),
    );
    expect(result.code).toBe(0);
    const [read] = anthropicToolResults(s.requests[1]!.body as Record<string, unknown>);
    expect(read).toMatchObject({ isError: false });
    expect(read!.content).toContain(SECRET);
  });
});

describe("search_text", () => {
  it("leaves matches in .env out, and says how many", async () => {
    const { result, s } = await run(
      "where is PAYMENT_KEY?",
      [],
      reply().tool("search_text", { pattern: "PAYMENT_KEY" }),
      reply().text("done"),
    );
    expect(result.code).toBe(0);
    const [found] = anthropicToolResults(s.requests[1]!.body as Record<string, unknown>);
    expect(found!.content).toContain("src/config.ts");
    expect(found!.content).toContain("1 match in files that may hold secrets");
    expect(allBodies(s)).not.toContain(SECRET);
  });
});

describe("@ mentions in a headless prompt", () => {
  it("do not attach .env, with a note", async () => {
    const { result, s } = await run("look at @.env", [], reply().text("done"));
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("@.env was not attached: it may hold secrets");
    expect(allBodies(s)).not.toContain(SECRET);
  });

  it("attach .env with --approve all", async () => {
    const { result, s } = await run("look at @.env", ["--approve", "all"], reply().text("done"));
    expect(result.code).toBe(0);
    expect(allBodies(s)).toContain(SECRET);
  });
});
