// A plain headless answer never loads undici (Node's fetch): its first use costs a short process
// ~90 ms and ~30 MiB. North's requests go through `httpFetch` on node:http (src/ai/http-fetch.ts).
// What else a run loads is a report, not a test: `node bench/loaded-modules.mjs`.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, startMockModelServer, type MockModelServer } from "../support/mock-model-server.js";

const probe = join(import.meta.dirname, "..", "support", "undici-probe.cjs");

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("north -p", () => {
  it("a plain -p answer does not load undici", async () => {
    // The probe must see undici where it does load, or an internal rename would pass unseen.
    const out = join(mkdtempSync(join(tmpdir(), "north-probe-")), "loaded.txt");
    spawnSync(process.execPath, ["--require", probe, "-e", "void fetch; new Headers();"], {
      env: { ...process.env, UNDICI_PROBE_OUT: out },
    });
    expect(readFileSync(out, "utf8")).toMatch(/undici/);

    server = await startMockModelServer([reply().text("A demo service.")]);
    const { env } = makeHome();
    const result = await runCli(["-p", "what is this?"], {
      cwd: makeRepo(),
      env: {
        ...env,
        ANTHROPIC_API_KEY: "sk-ant-test",
        ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
        NODE_OPTIONS: `--require ${probe}`,
        UNDICI_PROBE_OUT: out,
      },
    });
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain("A demo service.");
    expect(readFileSync(out, "utf8")).toBe("");
  });
});
