// MCP in the interactive interface: a call of a tool the server does not mark read-only is
// reviewed (server, tool, arguments), "always" holds for that tool; a server that cannot start
// shows on the status line and in /mcp; a repository's server waits for /mcp approve.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { storedPermissions } from "../support/permissions-file.js";
import {
  send,
  toolResults,
  useTui,
  waitForConfirm,
  waitForReview,
} from "../support/tui-fixture.js";
import { MCP_TEST_SERVER } from "../support/mcp-server-bundle.js";

const TEST_SERVER = MCP_TEST_SERVER;
const tui = useTui();

function entry() {
  const log = join(mkdtempSync(join(tmpdir(), "north-tui-mcp-")), "events.log");
  return {
    log,
    server: { command: process.execPath, args: [TEST_SERVER], env: { MCP_TEST_LOG: log } },
  };
}
const events = (log: string) => (existsSync(log) ? readFileSync(log, "utf8") : "");

describe("MCP tools in the TUI", () => {
  test("a tool not marked read-only is reviewed; a, confirmed, allows it from then on", async () => {
    const { log, server: t } = entry();
    const { term, server, env, repo } = await tui.open(
      [
        reply().tool("mcp__t__write_note", { text: "first" }),
        reply().tool("mcp__t__write_note", { text: "second" }),
        reply().text("Both noted."),
      ],
      [],
      { config: { mcpServers: { t } } },
    );
    // The server connects in the background; its tools join the next message.
    const northLog = join(env.XDG_STATE_HOME!, "north", "north.log");
    await expect
      .poll(() => (existsSync(northLog) ? readFileSync(northLog, "utf8") : ""))
      .toContain("mcp_connected");
    await send(term, "note two things");
    await waitForReview(term, "Call MCP tool write_note");
    expect(term.screen()).toContain("on server t");
    expect(term.screen()).toContain('"text": "first"');
    expect(term.screen()).toMatch(/a always \(this tool\)/);
    term.type("a");
    await waitForConfirm(term, "Call write_note of MCP server t in this project from now on");
    term.type("a");
    await term.waitFor("Both noted.");
    expect(term.screen()).not.toContain('"text": "second"');
    expect(toolResults(server, 1).at(-1)).toMatchObject({ content: "noted: first" });
    expect(toolResults(server, 2).at(-1)).toMatchObject({ content: "noted: second" });
    expect(events(log)).toMatch(/called write_note first\ncalled write_note second/);
    // Issue 31: /permissions numbers it, and revoke N takes it back.
    await send(term, "/permissions");
    await term.waitFor("1. MCP tool write_note of server t, called without asking");
    await send(term, "/permissions revoke 1");
    await term.waitFor("Revoked:");
    expect(storedPermissions(env, repo)).toMatchObject({ mcpTools: [] });
  });

  test("a server that cannot start shows on the status line and in /mcp", async () => {
    const { term } = await tui.open([], [], {
      config: { mcpServers: { gone: { command: "/nonexistent/mcp-server" } } },
    });
    await term.waitFor("mcp: 1 failed");
    // `/mcp` offers "list" first, then a reconnect for the failed server.
    await send(term, "/mcp");
    await term.waitFor("reconnect gone");
    term.press("enter");
    await term.waitFor(/gone \(your config, stdio\) — failed/);
    expect(term.screen()).toContain("its command was not found");
  });

  test("a repository's server waits for /mcp approve, then its tools are offered", async () => {
    const { log, server: t } = entry();
    const { term, server } = await tui.open([reply().text("Hello.")], [], {
      files: { ".north/mcp.json": JSON.stringify({ mcpServers: { t } }) },
    });
    await term.waitFor("mcp: 1 waiting");
    expect(term.screen()).toMatch(/not approved for this repository: "t"/);
    expect(events(log)).toBe("");
    await send(term, "/mcp approve t");
    await term.waitFor(/Approved "t" for this repository/);
    await term.waitFor(/ready, 6 tools/);
    await send(term, "hi");
    await term.waitFor("Hello.");
    const tools = (server.requests[0]!.body as { tools: { name: string }[] }).tools.map(
      (x) => x.name,
    );
    expect(tools).toContain("mcp__t__shout");
  });
});
