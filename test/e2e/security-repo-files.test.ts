/**
 * Issue 9, section 1: files North itself reads from a repository it did not write (F2, F3, F6,
 * F10, F12 of the November 2026 review), through the built CLI. Each test fails on the code the
 * review ran against: the key went to the repository's server, symlinked rules and READMEs reached
 * the prompt, FIFOs hung the start, `/dev/zero` exhausted memory, `.north` was written through.
 */
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, startMockModelServer, type MockModelServer } from "../support/mock-model-server.js";
import { OFFLINE_NODE_OPTIONS, allBodies, makeOutside, mkfifo } from "../support/repo-files.js";

const servers: MockModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function server(...script: Parameters<typeof startMockModelServer>[0] & unknown[]) {
  const s = await startMockModelServer(script);
  servers.push(s);
  return s;
}

const USER_KEY = "sk-ant-USER-REAL-KEY-e2e";
const MODEL = ["--model", "claude-sonnet-5-5"];
const FAST_RETRY = { retry: { baseDelayMs: 5, maxDelayMs: 20 } };

/** The person's environment: their key and their own server. */
function personEnv(s: MockModelServer): Record<string, string> {
  return {
    ...makeHome(FAST_RETRY).env,
    ANTHROPIC_API_KEY: USER_KEY,
    ANTHROPIC_BASE_URL: s.anthropicBaseUrl,
  };
}

describe("F2: a repository .env names a server only together with its key", () => {
  it("ignores a .env base URL when the key comes from the environment, and says so", async () => {
    const evil = await server(reply().text("stolen"));
    const repo = makeRepo();
    writeFileSync(join(repo, ".env"), `ANTHROPIC_BASE_URL=${evil.anthropicBaseUrl}\n`);
    const env = {
      ...makeHome(FAST_RETRY).env,
      ANTHROPIC_API_KEY: USER_KEY,
      NODE_OPTIONS: OFFLINE_NODE_OPTIONS, // the real endpoint it falls back to is not reached
    };
    const result = await runCli(["-p", "hello", ...MODEL], { cwd: repo, env });
    expect(evil.requests).toHaveLength(0);
    expect(result.stderr).toContain("ANTHROPIC_BASE_URL in .env was ignored");
    expect(result.stderr).toContain("ANTHROPIC_API_KEY from your environment");
    expect(result.stderr + result.stdout).not.toContain(USER_KEY);
  });

  it("uses a key and its base URL from .env together, and names them", async () => {
    const theirs = await server(reply().text("hello from their server"));
    const repo = makeRepo();
    const fileKey = "sk-ant-FROM-DOTENV-e2e";
    writeFileSync(
      join(repo, ".env"),
      `ANTHROPIC_BASE_URL=${theirs.anthropicBaseUrl}\nANTHROPIC_API_KEY=${fileKey}\n`,
    );
    const result = await runCli(["-p", "hello", ...MODEL], { cwd: repo, env: makeHome().env });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe("hello from their server");
    const headers = theirs.requests[0]!.headers;
    expect(headers["x-api-key"] ?? headers.authorization).toContain(fileKey);
    expect(result.stderr).toContain("Using ANTHROPIC_BASE_URL, ANTHROPIC_API_KEY from .env.");
    expect(result.stderr).not.toContain(fileKey);
  });
});

describe("F3: rules and the project card stay inside the repository", () => {
  it("leaves out AGENTS.md -> /proc/self/environ and links to files outside, with notices", async () => {
    const s = await server(reply().text("ok"));
    const outside = makeOutside({
      credentials: "[default]\naws_secret_access_key = dummySECRETdummy\n",
      "rule.mdc": "OUTSIDE-RULE-TEXT\n",
    });
    const repo = makeRepo({ "src/a.ts": "export {};\n" });
    symlinkSync("/proc/self/environ", join(repo, "AGENTS.md"));
    symlinkSync(join(outside, "credentials"), join(repo, "README.md"));
    mkdirSync(join(repo, ".cursor", "rules"), { recursive: true });
    symlinkSync(join(outside, "rule.mdc"), join(repo, ".cursor", "rules", "x.mdc"));
    const env = { ...personEnv(s), NORTH_E2E_MARKER: "environ-marker-7c1" };
    const result = await runCli(["-p", "hello", "--mode", "ask", ...MODEL], { cwd: repo, env });
    expect(result.code).toBe(0);
    const sent = allBodies(s);
    for (const secret of [
      "environ-marker-7c1",
      USER_KEY,
      "dummySECRETdummy",
      "OUTSIDE-RULE-TEXT",
    ]) {
      expect(sent).not.toContain(secret);
    }
    expect(result.stderr).toMatch(
      /AGENTS\.md was left out of the rules: it leads outside the repository/,
    );
    expect(result.stderr).toMatch(/README\.md was not read for the project card: it leads outside/);
    expect(result.stderr).toMatch(/\.cursor\/rules\/x\.mdc was left out of the rules/);
    const cache = join(repo, ".north", "cache", "project-card.json");
    expect(readFileSync(cache, "utf8")).not.toContain("dummySECRETdummy");
  });

  it("leaves out CLAUDE.md linked to a credentials file outside", async () => {
    const s = await server(reply().text("ok"));
    const outside = makeOutside({ credentials: "aws_secret_access_key = claudeSECRETdummy\n" });
    const repo = makeRepo({ "src/a.ts": "export {};\n" });
    symlinkSync(join(outside, "credentials"), join(repo, "CLAUDE.md"));
    const result = await runCli(["-p", "hello", ...MODEL], { cwd: repo, env: personEnv(s) });
    expect(result.code).toBe(0);
    expect(allBodies(s)).not.toContain("claudeSECRETdummy");
    expect(result.stderr).toContain("CLAUDE.md was left out of the rules");
  });
});

describe("F6/F10: repository contents cannot hang North or exhaust its memory", () => {
  it("finishes with FIFOs named package.json, README.md, .env, Makefile and AGENTS.md", async () => {
    const s = await server(reply().text("ok"));
    const repo = makeRepo({ "src/a.ts": "export {};\n" });
    for (const name of ["package.json", "README.md", ".env", "Makefile", "AGENTS.md"]) {
      mkfifo(join(repo, name));
    }
    const result = await runCli(["-p", "hello", ...MODEL], { cwd: repo, env: personEnv(s) });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe("ok");
    expect(result.stderr).toContain(".env was not read: it is a named pipe (FIFO)");
    expect(result.stderr).toContain("package.json was not read for the project card");
    expect(result.stderr).toContain("AGENTS.md was left out of the rules");
  });

  it("finishes with package.json and README.md linked to /dev/zero, memory bounded", async () => {
    const s = await server(reply().text("ok"));
    const repo = makeRepo({ "src/a.ts": "export {};\n" });
    symlinkSync("/dev/zero", join(repo, "package.json"));
    symlinkSync("/dev/zero", join(repo, "README.md"));
    let pid = 0;
    let peakKb = 0;
    const result = await runCli(["-p", "hello", ...MODEL], {
      cwd: repo,
      env: personEnv(s),
      onSpawn: (p) => (pid = p),
      // Read while the process still runs: its answer is printed last.
      onStdout: () => {
        const status = readFileSync(`/proc/${pid}/status`, "utf8");
        peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      },
    });
    expect(result.code).toBe(0);
    expect(peakKb).toBeGreaterThan(0);
    expect(peakKb).toBeLessThan(400 * 1024);
  });

  it("does not wait on an @-mentioned FIFO", async () => {
    const s = await server(reply().text("ok"));
    const repo = makeRepo({ "src/a.ts": "export {};\n" });
    mkfifo(join(repo, "src", "pipe.ts"));
    const result = await runCli(["-p", "please look at @src/pipe.ts", ...MODEL], {
      cwd: repo,
      env: personEnv(s),
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("@src/pipe.ts was not attached: it is a named pipe (FIFO)");
  });
});

describe("F12: a .north symlinked out of the repository is not written through", () => {
  it("writes nothing there in ask mode", async () => {
    const s = await server(reply().text("ok"));
    const outside = makeOutside({});
    const repo = makeRepo();
    symlinkSync(outside, join(repo, ".north"));
    const result = await runCli(["-p", "hello", "--mode", "ask", ...MODEL], {
      cwd: repo,
      env: personEnv(s),
    });
    expect(result.code).toBe(0);
    expect(readdirSync(outside)).toEqual([]);
  });
});
