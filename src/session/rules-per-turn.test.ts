import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  reply,
  startMockModelServer,
  type MockModelServer,
} from "../../test/support/mock-model-server.js";
import { createLogger } from "../log/logger.js";
import { ProjectRules } from "./context/project-rules.js";
import { createSession } from "./session.js";
import { submitAndWait } from "../../test/support/session-turn.js";

let server: MockModelServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

async function openIn(root: string, home: string) {
  const env = {
    XDG_CONFIG_HOME: join(home, "config"),
    XDG_DATA_HOME: join(home, "data"),
    XDG_STATE_HOME: join(home, "state"),
    XDG_CACHE_HOME: join(home, "cache"),
    NORTH_LOCAL_SERVERS: "off",
    ANTHROPIC_API_KEY: "sk-ant-test",
    ANTHROPIC_BASE_URL: server!.anthropicBaseUrl,
  };
  return createSession({
    root,
    env,
    config: {},
    model: "claude-sonnet-5-5",
    mode: "agent",
    maxSteps: 5,
    approvals: { approve: "none" },
    sandbox: "off",
    logger: createLogger(join(home, "north.log")),
  });
}

const systemOf = (body: unknown) => JSON.stringify((body as { system?: unknown }).system);

describe("project rules in a session", () => {
  it("are looked for once per turn, and a file changed between turns reaches the next one", async () => {
    server = await startMockModelServer([reply().text("One."), reply().text("Two.")]);
    const home = mkdtempSync(join(tmpdir(), "north-rules-turn-"));
    const root = join(home, "repo");
    mkdirSync(root);
    writeFileSync(join(root, "AGENTS.md"), "Answer in French.\n");
    const looks = vi.spyOn(ProjectRules.prototype, "block");
    const session = await openIn(root, home);
    // Two subscribers, as in `-p` (the display and a helper): each gets a context meter.
    const offs = [session.subscribe(() => {}), session.subscribe(() => {})];
    const run = (text: string) => submitAndWait(session, text);
    looks.mockClear();
    await run("first");
    // One look for the turn (the request, the meters and the turn's end share it).
    expect(looks).toHaveBeenCalledTimes(1);
    writeFileSync(join(root, "AGENTS.md"), "Answer in Italian.\n");
    looks.mockClear();
    await run("second");
    expect(looks).toHaveBeenCalledTimes(1);
    expect(systemOf(server.requests[0]!.body)).toContain("Answer in French.");
    expect(systemOf(server.requests[1]!.body)).toContain("Answer in Italian.");
    for (const off of offs) off();
    await session.dispose();
  });
});
