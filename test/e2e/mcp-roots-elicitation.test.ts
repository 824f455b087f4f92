// North as an MCP client that declares `roots` and `elicitation`: a server built on the official
// SDK (test/support/mcp-test-server.mjs) asks for the roots (`roots/list`) and asks the person a
// form (`elicitInput`). Through `north rpc` the form is an `approval_request` answered by
// `elicitation/answer`; headless (`-p`) nobody can answer, so it is declined with a notice.
import { existsSync, mkdtempSync, readFileSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, toolResultsOf } from "../support/mock-model-server.js";
import { anthropicEnv, useE2e } from "../support/e2e-fixture.js";
import { startRpc, type RpcClient } from "../support/rpc-client.js";
import { MCP_TEST_SERVER } from "../support/mcp-server-bundle.js";

type Json = Record<string, unknown>;

const TEST_SERVER = MCP_TEST_SERVER;
const e2e = useE2e();
let clients: RpcClient[] = [];
afterEach(() => {
  for (const c of clients) if (c.child.exitCode === null) c.child.kill();
  clients = [];
});

function home() {
  const log = join(mkdtempSync(join(tmpdir(), "north-mcp-log-")), "events.log");
  const entry = {
    command: process.execPath,
    args: [TEST_SERVER, "--client-features"],
    env: { MCP_TEST_LOG: log },
  };
  const { env } = makeHome({ mcpServers: { t: { ...entry, trustReadOnlyHint: true } } });
  const lines = () => (existsSync(log) ? readFileSync(log, "utf8").split("\n") : []);
  return { env, lines };
}

describe("MCP roots and elicitation", () => {
  it("gives the repository as the root and passes a server's form to an rpc client", async () => {
    const server = await e2e.server([
      reply().tool("mcp__t__where", {}),
      reply().tool("mcp__t__book", {}),
      reply().text("Booked."),
    ]);
    const repo = makeRepo();
    const { env, lines } = home();
    const rpc = startRpc({ cwd: repo, env: { ...env, ...anthropicEnv(server) } });
    clients.push(rpc);
    await rpc.request("session/start", { model: "claude-sonnet-5-5" });
    // A person's turn does not wait for servers: wait for this one first.
    await rpc.waitForEvent(
      (e) => e.type === "mcp" && (e.servers as Json[]).some((s) => s.state === "ready"),
    );
    await rpc.request("turn/submit", { text: "book a table" });

    const asked = await rpc.waitForEvent((e) => e.type === "approval_request");
    const review = asked.review as Json;
    expect(review).toMatchObject({
      type: "elicitation",
      server: "t",
      message: "Details of the booking?",
    });
    expect((review.fields as Json[]).map((f) => [f.name, f.type, f.required])).toEqual([
      ["name", "string", true],
      ["guests", "integer", true],
      ["outside", "boolean", false],
      ["time", "string", false],
    ]);
    expect((review.fields as Json[])[3]).toMatchObject({ enum: ["18:00", "20:00"] });
    // Values that do not fit the form are refused; the form still waits.
    const id = asked.id as string;
    expect(
      await rpc.call("elicitation/answer", { id, action: "accept", content: { name: "Ann" } }),
    ).toMatchObject({ error: { code: -32602 } });
    expect(
      await rpc.call("elicitation/answer", {
        id,
        action: "accept",
        content: { name: "Ann", guests: 13 },
      }),
    ).toMatchObject({ error: { code: -32602 } });
    expect(
      await rpc.request("elicitation/answer", {
        id,
        action: "accept",
        content: { name: "Ann", guests: 3, outside: true, time: "20:00" },
      }),
    ).toEqual({ answered: true });
    await rpc.waitForEvent((e) => e.type === "turn_end");

    const requests = await server.waitForRequests(3);
    const where = toolResultsOf(requests[1]!)[0]!.content;
    const root = pathToFileURL(realpathSync(repo)).href;
    expect(where).toContain(`=${root}`);
    const booked = toolResultsOf(requests[2]!).at(-1)!.content;
    expect(booked).toContain('"action":"accept"');
    expect(booked).toContain('"guests":3');
    expect(lines()).toContain(`roots ${root}`);
    expect(await rpc.end()).toBe(0);
  });

  it("declines a server's form headless and says so", async () => {
    const server = await e2e.server([
      reply().tool("mcp__t__book", {}),
      reply().text("No booking."),
    ]);
    const { env, lines } = home();
    const result = await runCli(["-p", "book a table"], {
      cwd: makeRepo(),
      env: { ...env, ...anthropicEnv(server) },
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('MCP server "t" asked you a question');
    const booked = toolResultsOf(server.requests[1]!).at(-1)!.content;
    expect(booked).toContain('"action":"decline"');
    expect(lines().some((l) => l.startsWith("elicited") && l.includes("decline"))).toBe(true);
  });
});
