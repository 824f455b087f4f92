import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import {
  fault,
  reply,
  startMockModelServer,
  type MockModelServer,
} from "../support/mock-model-server.js";
import { pids, until } from "../support/processes.js";

// Issue 25 (review R15): no process started in the sandbox outlives the session — a `setsid`
// loop that leaves the shell's session and process groups still ends when North ends, whether
// North exits by itself, is stopped with SIGTERM or Ctrl+C, or is killed outright.

let server: MockModelServer | undefined;
let tags: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  // When the sandbox failed, the loop is still there: end it (by pid) before the next test.
  for (const pid of tags.flatMap(pids)) process.kill(Number(pid), "SIGKILL");
  tags = [];
});

/** A loop that escapes the shell's session; `tag` names it in the host's process list. */
function daemon(tag: string): string {
  return `setsid sh -c 'while :; do date +%s%N > .daemon-alive; sleep 0.1; done; : ${tag}' >/dev/null 2>&1 </dev/null & echo started`;
}

async function startDaemon(tag: string, then: "end" | "hang") {
  tags.push(tag);
  const repo = makeRepo();
  server = await startMockModelServer([
    reply().tool("shell_run", { command: daemon(tag) }),
    then === "end" ? reply().text("Done.") : fault("hang_before_headers"),
  ]);
  const { env } = makeHome();
  let pid = 0;
  const done = runCli(["-p", "start it", "--approve", "all"], {
    cwd: repo,
    env: {
      ...env,
      ANTHROPIC_API_KEY: "sk-ant-lifetime",
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
    },
    onSpawn: (p) => (pid = p),
  });
  return { repo, done, pid: () => pid };
}

describe("sandboxed processes end with the session", () => {
  it("when North exits by itself", async () => {
    const tag = `north-daemon-exit-${process.pid}`;
    const { repo, done } = await startDaemon(tag, "end");
    const result = await done;
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(path.join(repo, ".daemon-alive"))).toBe(true);
    await until(() => pids(tag).length === 0, "the daemon to end with North");
  });

  for (const signal of ["SIGTERM", "SIGINT", "SIGKILL"] as const) {
    it(`when North gets ${signal}`, async () => {
      const tag = `north-daemon-${signal}-${process.pid}`;
      const { repo, done, pid } = await startDaemon(tag, "hang");
      await until(
        () => existsSync(path.join(repo, ".daemon-alive")) && pids(tag).length > 0,
        "the daemon to run",
      );
      process.kill(pid(), signal);
      await done;
      await until(() => pids(tag).length === 0, "the daemon to end with North");
    });
  }
});
