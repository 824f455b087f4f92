// Headless runs go through V8's code cache (src/code-cache.ts): the first run leaves the compiled
// code in $XDG_CACHE_HOME/north/code, later runs read it back. The cache may speed North up and
// must never change what it does: missing, corrupt, stale or unwritable, the answer is the same.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, startMockModelServer, type MockModelServer } from "../support/mock-model-server.js";
import { startTerminal } from "../support/terminal-harness.js";
import { COMPOSER, send } from "../support/tui-fixture.js";

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A fresh home whose cache folder is `cache`, and keys for the mock server. */
const envFor = (cache: string, mock: MockModelServer) => ({
  ...makeHome().env,
  XDG_CACHE_HOME: cache,
  ANTHROPIC_API_KEY: "sk-ant-test",
  ANTHROPIC_BASE_URL: mock.anthropicBaseUrl,
});

async function ask(
  cache: string,
  turns = [reply().text("A demo service.")],
  prompt = "what is this?",
) {
  server = await startMockModelServer(turns);
  const result = await runCli(["-p", prompt], {
    cwd: makeRepo(),
    env: envFor(cache, server),
  });
  await server.close();
  server = undefined;
  return result;
}

const cacheFiles = (cache: string) =>
  readdirSync(join(cache, "north", "code")).filter((n) => n.endsWith(".bin"));

describe("the code cache of headless runs", () => {
  it("is written by the first run (0600, atomically) and read, not rewritten, by the next", async () => {
    const cache = mkdtempSync(join(tmpdir(), "north-cache-"));
    const first = await ask(cache);
    expect(first).toMatchObject({ code: 0, stderr: "" });
    expect(first.stdout.trim()).toBe("A demo service.");
    const [name] = cacheFiles(cache);
    expect(cacheFiles(cache)).toEqual([name]);
    expect(name).toMatch(/^core-/);
    const file = join(cache, "north", "code", name!);
    const written = statSync(file);
    expect(written.mode & 0o777).toBe(0o600);
    expect(written.size).toBeGreaterThan(100_000);
    // No temporary file left beside it.
    expect(readdirSync(join(cache, "north", "code"))).toEqual([name]);

    const second = await ask(cache);
    expect(second).toMatchObject({ code: 0, stderr: "" });
    expect(second.stdout.trim()).toBe("A demo service.");
    expect(statSync(file).mtimeMs).toBe(written.mtimeMs);
  });

  it("replaces a corrupt cache and removes the caches of other builds", async () => {
    const cache = mkdtempSync(join(tmpdir(), "north-cache-"));
    await ask(cache);
    const [name] = cacheFiles(cache);
    const dir = join(cache, "north", "code");
    writeFileSync(join(dir, name!), Buffer.alloc(4096, 7));
    writeFileSync(join(dir, "core-0.0.1-v18.0.0-1-1.bin"), "an older build's cache");
    const result = await ask(cache);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout.trim()).toBe("A demo service.");
    expect(cacheFiles(cache)).toEqual([name]);
    expect(statSync(join(dir, name!)).size).toBeGreaterThan(100_000);
    expect(readFileSync(join(dir, name!)).subarray(0, 16)).not.toEqual(Buffer.alloc(16, 7));
  });

  it("is made again, once, by the first run that uses tools, and kept as the tools' cache", async () => {
    const cache = mkdtempSync(join(tmpdir(), "north-cache-"));
    await ask(cache);
    const [plain] = cacheFiles(cache);
    expect(plain).not.toMatch(/-tools\.bin$/);
    const dir = join(cache, "north", "code");
    const plainSize = statSync(join(dir, plain!)).size;

    const withTools = () =>
      ask(
        cache,
        [reply().tool("list_root", {}), reply().text("It has a README.")],
        "what is here?",
      );
    const first = await withTools();
    expect(first).toMatchObject({ code: 0, stderr: "" });
    expect(first.stdout.trim()).toBe("It has a README.");
    const [wide] = cacheFiles(cache);
    expect(cacheFiles(cache)).toEqual([plain!.replace(/\.bin$/, "-tools.bin")]);
    // The tools' code is in it besides what the plain run compiled.
    expect(statSync(join(dir, wide!)).size).toBeGreaterThan(plainSize);
    const written = statSync(join(dir, wide!)).mtimeMs;

    // Read, not made again, by the runs after it, with tools or without.
    expect((await withTools()).code).toBe(0);
    expect((await ask(cache)).stdout.trim()).toBe("A demo service.");
    expect(cacheFiles(cache)).toEqual([wide]);
    expect(statSync(join(dir, wide!)).mtimeMs).toBe(written);
  }, 60_000);

  it("is skipped without a word when it cannot be written", async () => {
    const cache = mkdtempSync(join(tmpdir(), "north-cache-"));
    // A file where the folder would go.
    mkdirSync(join(cache, "north"));
    writeFileSync(join(cache, "north", "code"), "not a folder");
    const result = await ask(cache);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout.trim()).toBe("A demo service.");
    expect(readFileSync(join(cache, "north", "code"), "utf8")).toBe("not a folder");
  });
});

describe("the code cache of the interface", () => {
  /** A whole session in the TUI: open, one answer, Ctrl+D. */
  async function session(cache: string) {
    server = await startMockModelServer([reply().text("Hello from the mock.")]);
    const term = startTerminal({ cwd: makeRepo(), env: envFor(cache, server) });
    await term.waitFor(COMPOSER);
    await send(term, "hi");
    await term.waitFor("Hello from the mock.");
    term.press("ctrl+d");
    await term.exited;
    await server.close();
    server = undefined;
  }

  it("is written by the interface and accepted by its next start", async () => {
    const cache = mkdtempSync(join(tmpdir(), "north-cache-"));
    await session(cache);
    const [name] = cacheFiles(cache);
    expect(name).toMatch(/^tui-/);
    const file = join(cache, "north", "code", name!);
    const written = statSync(file).mtimeMs;
    // A cache V8 rejected would be written again at the end of this run.
    await session(cache);
    expect(cacheFiles(cache)).toEqual([name]);
    expect(statSync(file).mtimeMs).toBe(written);
  });
});
