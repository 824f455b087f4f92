// Local developer tools: `/tools` lists what is on PATH with versions (cached by PATH and each
// program's modification time), and the next runs' system prompt names them in one line.
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, systemText } from "../support/mock-model-server.js";
import { useE2e, anthropicEnv } from "../support/e2e-fixture.js";

const e2e = useE2e();

describe("developer tools", () => {
  it("/tools lists them; the next run's system prompt names them", async () => {
    const bin = mkdtempSync(join(tmpdir(), "north-tools-bin-"));
    writeFileSync(join(bin, "uv"), "#!/bin/sh\necho 'uv 0.99.1 (deadbeef 2026-01-01)'\n");
    chmodSync(join(bin, "uv"), 0o755);
    const server = await e2e.server([reply().text("Using uv.")]);
    const { env } = makeHome();
    const runEnv = {
      ...env,
      XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), "north-tools-cache-")),
      PATH: `${bin}:${process.env.PATH ?? ""}`,
      ...anthropicEnv(server),
    };
    const repo = makeRepo({ "uv.lock": "version = 1\n", "main.py": "print(1)\n" });
    const tools = await runCli(["-p", "/tools"], { cwd: repo, env: runEnv });
    expect(tools.code).toBe(0);
    expect(tools.stdout).toMatch(new RegExp(`uv\\s+0\\.99\\.1\\s+${bin}/uv`));
    expect(tools.stdout).toMatch(/git\s+\d+\.\d+/);
    expect(tools.stdout).toMatch(/Not found on PATH:/);
    const asked = await runCli(["-p", "how do I run it?"], { cwd: repo, env: runEnv });
    expect(asked.code).toBe(0);
    const system = systemText(server.requests[0]!);
    expect(system).toMatch(/- Installed developer tools: .*git \d+\.\d+.*uv 0\.99\.1/);
    expect(system).toContain("- Uses: uv (uv.lock)");
  }, 60_000);
});
