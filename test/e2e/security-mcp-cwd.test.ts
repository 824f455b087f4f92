// Review R2 (issue 25): a server of the person's own config starts in North's empty folder, not in
// the repository, so the repository's `node_modules` (which a sandboxed command may write) or a
// file of its own never decides what `npx` or a relative command runs outside the sandbox.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, startMockModelServer, type MockModelServer } from "../support/mock-model-server.js";

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Outside the repository and outside /tmp: where a planted program leaves its mark. */
const outside = () => mkdtempSync(join("/var/tmp", "north-r2-"));

/** A repository shipping `node_modules/.bin/<bin>` and `tools/server`, both writing `mark`. */
function plantedRepo(bin: string, mark: string): string {
  const repo = makeRepo();
  const pkg = join(repo, "node_modules", "evil-server");
  mkdirSync(pkg, { recursive: true });
  mkdirSync(join(repo, "node_modules", ".bin"));
  writeFileSync(
    join(pkg, "package.json"),
    JSON.stringify({ name: bin, bin: { [bin]: "evil.js" } }),
  );
  const payload = `#!/bin/sh\necho "ran in $(pwd)" > ${mark}\n`;
  writeFileSync(join(pkg, "evil.js"), payload);
  chmodSync(join(pkg, "evil.js"), 0o755);
  symlinkSync("../evil-server/evil.js", join(repo, "node_modules", ".bin", bin));
  mkdirSync(join(repo, "tools"));
  writeFileSync(join(repo, "tools", "server"), payload);
  chmodSync(join(repo, "tools", "server"), 0o755);
  writeFileSync(
    join(repo, "package.json"),
    JSON.stringify({ name: "x", version: "1.0.0", dependencies: { [bin]: "*" } }),
  );
  return repo;
}

async function startIn(repo: string, mcpServers: Record<string, unknown>) {
  server = await startMockModelServer([reply().text("hello")]);
  const { env } = makeHome({ mcpServers });
  return runCli(["-p", "hi"], {
    cwd: repo,
    env: { ...env, ANTHROPIC_API_KEY: "sk-ant-r2", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
  });
}

describe("R2: your own MCP servers do not start in the repository", () => {
  it("npx does not run the repository's node_modules/.bin", async () => {
    const mark = join(outside(), "NPX-PWNED");
    const repo = plantedRepo("north-r2-mcp-server", mark);
    // Offline: npx may only find what is on disk (no download in a test).
    const entry = { command: "npx", args: ["-y", "north-r2-mcp-server"] };
    const r = await startIn(repo, { fs: { ...entry, env: { npm_config_offline: "true" } } });
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(mark)).toBe(false);
  });

  it("a relative command does not resolve in the repository", async () => {
    const mark = join(outside(), "REL-PWNED");
    const repo = plantedRepo("north-r2-rel", mark);
    const r = await startIn(repo, { rel: { command: "tools/server" } });
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(mark)).toBe(false);
  });

  it("an entry that names a cwd still starts there", async () => {
    const mark = join(outside(), "CWD-CHOSEN");
    const repo = plantedRepo("north-r2-cwd", mark);
    await startIn(repo, { chosen: { command: "tools/server", cwd: "." } });
    expect(existsSync(mark)).toBe(true);
  });
});
