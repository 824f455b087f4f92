// A headless run never loads undici (Node's fetch): its first use costs a short process ~90 ms
// and ~30 MiB. North's requests go through `httpFetch` on node:http (src/ai/http-fetch.ts).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, startMockModelServer, type MockModelServer } from "../support/mock-model-server.js";
import { send, useTui } from "../support/tui-fixture.js";

const tui = useTui();
const probe = join(import.meta.dirname, "..", "support", "undici-probe.cjs");

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * `north -p` against the mock's `turns` with the probe preloaded (`probeEnv` says what it
 * reports); the run's result and what the probe wrote.
 */
async function probedRun(
  turns: Parameters<typeof startMockModelServer>[0],
  probeEnv: Record<string, string>,
  { protocol = "anthropic-messages", args = [] as string[] } = {},
) {
  server = await startMockModelServer(turns);
  const out = join(mkdtempSync(join(tmpdir(), "north-probe-")), "loaded.txt");
  const { env } = makeHome();
  const keys: Record<string, string> =
    protocol === "anthropic-messages"
      ? { ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: server.anthropicBaseUrl }
      : { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: server.openaiBaseUrl };
  const result = await runCli(["-p", "what is this?", ...args], {
    cwd: makeRepo(),
    env: {
      ...env,
      ...keys,
      NODE_OPTIONS: `--require ${probe}`,
      UNDICI_PROBE_OUT: out,
      ...probeEnv,
    },
  });
  return { result, loaded: readFileSync(out, "utf8") };
}

describe("north -p", () => {
  it.each([
    ["anthropic-messages", "claude-sonnet-5-5"],
    ["openai-responses", "gpt-5.6-sol"],
  ])("answers over %s without loading undici", async (protocol, model) => {
    const { result, loaded } = await probedRun(
      [
        reply().text("Reading.").tool("read_file", { path: "README.md" }),
        reply().text("A demo service."),
      ],
      {},
      { protocol, args: ["--model", model] },
    );
    expect(result.stdout).toContain("A demo service.");
    expect(result.code).toBe(0);
    expect(loaded).toBe("");
  });

  it("a plain answer loads none of the built-in modules only tools use, nor zod", async () => {
    // Each costs every run ~1–1.5 ms before its first request (fs/promises brings readline; zod
    // ~2–5 ms and ~1 MiB).
    // child_process is not among them: the project card of a repository with commits asks git.
    const { result, loaded } = await probedRun([reply().text("A demo service.")], {
      PROBE_MATCH:
        "^NativeModule (fs/promises|internal/readline/interface|crypto|internal/deps/undici/undici)$",
      PROBE_ZOD: "1",
    });
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain("A demo service.");
    expect(loaded).toBe("");
  });

  it("a run with tools loads no built-in module after the heap cap (Node would compile it from source)", async () => {
    const { result, loaded } = await probedRun(
      [
        reply().tool("read_file", { path: "README.md" }),
        reply().tool("search_text", { pattern: "demo" }),
        reply().text("A demo service."),
      ],
      { PROBE_MATCH: "^NativeModule ", PROBE_AFTER_CAP: "1" },
    );
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain("A demo service.");
    expect(loaded).toBe("");
  });

  it("nor does the interface, from start to an answer (Yoga's WebAssembly included)", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "north-undici-")), "loaded.txt");
    const { term } = await tui.open([reply().text("Hello from the mock.")], [], {
      env: { NODE_OPTIONS: `--require ${probe}`, UNDICI_PROBE_OUT: out },
    });
    await send(term, "hi");
    await term.waitFor("Hello from the mock.");
    term.press("ctrl+d");
    await term.exited;
    expect(readFileSync(out, "utf8")).toBe("");
  });

  it("the probe sees undici when a program does use fetch", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "north-undici-")), "loaded.txt");
    const { spawnSync } = await import("node:child_process");
    spawnSync(process.execPath, ["--require", probe, "-e", "void fetch; new Headers();"], {
      env: { ...process.env, UNDICI_PROBE_OUT: out },
    });
    expect(readFileSync(out, "utf8")).toMatch(/undici/);
    spawnSync(process.execPath, ["--require", probe, "-e", "require('node:fs/promises')"], {
      env: { ...process.env, UNDICI_PROBE_OUT: out, PROBE_MATCH: "^NativeModule fs/promises$" },
    });
    expect(readFileSync(out, "utf8")).toBe("NativeModule fs/promises");
    spawnSync(process.execPath, ["--require", probe, "-e", "0"], {
      env: { ...process.env, UNDICI_PROBE_OUT: out, PROBE_MATCH: "^$", PROBE_AFTER_CAP: "1" },
    });
    expect(readFileSync(out, "utf8")).toBe("no heap cap");
    const afterCap = "process.emit('north:v8-flags', ''); require('node:readline')";
    spawnSync(process.execPath, ["--require", probe, "-e", afterCap], {
      env: {
        ...process.env,
        UNDICI_PROBE_OUT: out,
        PROBE_MATCH: "^NativeModule readline$",
        PROBE_AFTER_CAP: "1",
      },
    });
    expect(readFileSync(out, "utf8")).toBe("NativeModule readline");
    spawnSync(process.execPath, ["--require", probe, "-e", "require('zod')"], {
      cwd: join(import.meta.dirname, "..", ".."),
      env: { ...process.env, UNDICI_PROBE_OUT: out, PROBE_MATCH: "^$", PROBE_ZOD: "1" },
    });
    expect(readFileSync(out, "utf8")).toBe("zod");
  });
});
