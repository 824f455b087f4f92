// The roots North gives MCP servers: `roots/list` answers the hub's roots, and a change of
// them reaches a running server as `notifications/roots/list_changed` (it then lists them again).
// A real server on the official SDK (test/support/mcp-test-server.mjs) notes what it saw.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { silentLogger } from "../log/logger.js";
import { readMcpServers } from "./config.js";
import { McpHub } from "./hub.js";
import { untilTestDeadline } from "../../test/support/test-deadline.js";

const TEST_SERVER = resolve(
  import.meta.dirname,
  "..",
  "..",
  "test",
  "support",
  "mcp-test-server.mjs",
);
let hubs: McpHub[] = [];
afterEach(async () => {
  await Promise.all(hubs.map((h) => h.close()));
  hubs = [];
});

describe("McpHub roots", () => {
  it("answers roots/list and tells a running server when the roots change", async () => {
    const dir = mkdtempSync(join(tmpdir(), "north-roots-"));
    const log = join(dir, "events.log");
    const lines = () => (existsSync(log) ? readFileSync(log, "utf8").split("\n") : []);
    const { servers } = readMcpServers({
      global: {
        t: {
          command: process.execPath,
          args: [TEST_SERVER, "--client-features"],
          env: { MCP_TEST_LOG: log },
        },
      },
      root: dir,
      neutralCwd: dir,
      env: {},
      protectedVariables: [],
    });
    const hub = new McpHub({
      servers,
      approvals: { approved: () => true, approve: async () => true },
      interactive: false,
      logger: silentLogger,
      authDir: join(dir, "auth"),
      roots: [{ uri: "file:///work/repo", name: "repo" }],
    });
    hubs.push(hub);
    hub.start();
    await hub.settled(untilTestDeadline());
    expect(hub.servers()[0]!.state).toBe("ready");
    const where = hub.tools().find((t) => t.name === "mcp__t__where")!;
    const out = await where.execute({}, { signal: new AbortController().signal });
    expect(out.content).toBe("repo=file:///work/repo");

    // The same roots again: nothing is sent. Another folder: the server hears of it.
    await hub.setRoots([{ uri: "file:///work/repo", name: "repo" }]);
    await hub.setRoots([
      { uri: "file:///work/repo", name: "repo" },
      { uri: "file:///work/lib", name: "lib" },
    ]);
    await expect.poll(lines).toContain("roots changed file:///work/repo file:///work/lib");
    expect(lines().filter((l) => l.startsWith("roots changed"))).toHaveLength(1);
  });
});
