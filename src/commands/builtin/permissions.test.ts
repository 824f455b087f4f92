// Issue 31: `/permissions` numbers every standing permission — edits, MCP tools, command rules,
// web domains (issue 29) — in one list, and `/permissions revoke N` takes back line N whatever its kind. Run against a
// real PermissionStore in a temporary data folder.
import { mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { commandContext } from "../../../test/support/command-context.js";
import { PermissionStore } from "../../session/permissions/permission-store.js";
import type { Session } from "../../session/index.js";
import { createCommands } from "../index.js";

async function setup() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "north-perm-cmd-")));
  const env = { XDG_DATA_HOME: mkdtempSync(join(tmpdir(), "north-perm-cmd-data-")) };
  const store = await PermissionStore.load(root, env);
  await store.acceptEditsAlways();
  await store.allowMcpToolAlways("tracker", "create_issue");
  await store.allowMcpToolAlways("notes", "write_note");
  await store.allowAlways({ prefix: "npm run" });
  await store.allowAlways({ exact: "make" });
  await store.allowWebDomainAlways("docs.rs");
  const permissions: Session["permissions"] = {
    list: () => store.list(),
    revokeEdits: () => store.revokeEdits(),
    revokeMcpTools: () => store.revokeMcpTools(),
    revokeMcpTool: (server, tool) => store.revokeMcpTool(server, tool),
    revokeRule: (index) => store.revokeRule(index),
    revokeWebDomain: (domain) => store.revokeWebDomain(domain),
  };
  const registry = createCommands(root, { XDG_CONFIG_HOME: "/nonexistent" });
  const run = async (input: string) => {
    const c = commandContext(registry, {
      session: { sandbox: { state: "on" }, permissions } as unknown as Partial<Session>,
    });
    await registry.run(input, c.ctx);
    return c.said.join("\n");
  };
  return { store, run };
}

describe("/permissions numbers every standing permission", () => {
  it("lists edits, MCP tools, command rules and web domains in one numbered list", async () => {
    const { run } = await setup();
    const said = await run("/permissions");
    expect(said).toContain(
      [
        "Standing permissions (6):",
        "  1. edits auto-accepted in this project",
        "  2. MCP tool create_issue of server tracker, called without asking",
        "  3. MCP tool write_note of server notes, called without asking",
        "  4. commands starting with `npm run`",
        "  5. exactly `make`",
        "  6. web_fetch reaches docs.rs and its subdomains without asking",
        "/permissions revoke N (or edits, mcp, or all) takes one back.",
      ].join("\n"),
    );
  });

  it.each([
    ["1", { edits: false }],
    ["2", { mcpTools: [{ server: "notes", tool: "write_note" }] }],
    ["3", { mcpTools: [{ server: "tracker", tool: "create_issue" }] }],
    ["4", { commands: [{ exact: "make" }] }],
    ["5", { commands: [{ prefix: "npm run" }] }],
    ["6", { webDomains: [] }],
  ])("revoke %s takes back that line only", async (n, after) => {
    const { store, run } = await setup();
    const said = await run(`/permissions revoke ${n}`);
    expect(said).toMatch(/^Revoked:\n {2}\S/);
    const list = store.list();
    expect(list).toMatchObject(after);
    const count =
      Number(list.edits) + list.mcpTools.length + list.commands.length + list.webDomains.length;
    expect(count).toBe(5);
  });

  it("revoke mcp, edits and all; a number past the list says how they are numbered", async () => {
    const { store, run } = await setup();
    expect(await run("/permissions revoke 7")).toBe(
      "There is no permission 7: they are numbered 1 to 6 (/permissions lists them).",
    );
    await run("/permissions revoke mcp");
    expect(store.list()).toMatchObject({ edits: true, mcpTools: [] });
    await run("/permissions revoke edits");
    expect(store.list().edits).toBe(false);
    expect(await run("/permissions")).toContain("  1. commands starting with `npm run`");
    await run("/permissions revoke all");
    expect(store.list()).toEqual({ edits: false, commands: [], mcpTools: [], webDomains: [] });
    expect(await run("/permissions")).toContain("No standing permissions.");
  });
});
