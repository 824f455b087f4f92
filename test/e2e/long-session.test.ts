// A long session against the mock model server, in-process: 200 turns that each read a large
// file through a model with a 20,000-token window. Compaction must keep every request inside the
// window, keep the project rules in every request, keep tool calls paired with their results,
// and leave a session file that resumes to exactly the history that was sent.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/agent/events.js";
import { createLogger } from "../../src/log/logger.js";
import { createSession, type SessionEvent } from "../../src/session/index.js";
import { loadSession } from "../../src/session/storage/storage.js";
import { dataDir } from "../../src/session/config/paths.js";
import {
  reply,
  startMockModelServer,
  type MockModelServer,
  type RecordedRequest,
} from "../support/mock-model-server.js";
import { submitAndWait } from "../support/session-turn.js";
import { makeTempTree, type TempTree } from "../support/temp-tree.js";

const WINDOW = 20_000;
const TURNS = 200;
const RULE = "Rule marker R-4417: answer in plain sentences.";
const BIG = Array.from({ length: 180 }, (_, i) => `line ${i}: ${"lorem ipsum dolor ".repeat(3)}`);

type Block = { type: string; text?: string; id?: string; tool_use_id?: string };
type WireMessage = { role: string; content: string | Block[] };
const blocks = (m: WireMessage): Block[] =>
  typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content;

/** The model: summary requests (no tools) get a summary; a new prompt a read; a result an answer. */
function answer(request: RecordedRequest) {
  const body = request.body as { tools?: unknown[]; messages: WireMessage[] };
  if (!body.tools) {
    return reply().text(
      "## Goal\nRead big.txt once per turn.\n## Decisions\nnone\n## Constraints\nnone\n" +
        "## Open tasks\nKeep reading.\n## Important files\n- big.txt: read every turn\n" +
        "## Plan\nnone\n## Current state\nReading.",
    );
  }
  const last = body.messages.at(-1)!;
  if (blocks(last).some((b) => b.type === "tool_result")) return reply().text("Read it.");
  return reply().text("Reading the file.").tool("read_file", { path: "big.txt" });
}

/** Every tool_use has its tool_result in the next message, and no result is without its call. */
function pairingProblems(messages: WireMessage[]): string[] {
  const problems: string[] = [];
  messages.forEach((m, i) => {
    const calls = blocks(m).flatMap((b) => (b.type === "tool_use" ? [b.id] : []));
    const next = messages[i + 1];
    const answered = next ? blocks(next).map((b) => b.tool_use_id) : [];
    for (const id of calls) if (!answered.includes(id)) problems.push(`call ${id} unanswered`);
    const results = blocks(m).flatMap((b) => (b.type === "tool_result" ? [b.tool_use_id] : []));
    const previous = i > 0 ? blocks(messages[i - 1]!).map((b) => b.id) : [];
    for (const id of results) if (!previous.includes(id)) problems.push(`result ${id} orphaned`);
  });
  return problems;
}

describe("a long session", () => {
  let server: MockModelServer;
  let tree: TempTree;
  beforeAll(async () => {
    server = await startMockModelServer(Array.from({ length: TURNS * 3 }, () => answer));
    tree = await makeTempTree({ "AGENTS.md": `${RULE}\n`, "big.txt": `${BIG.join("\n")}\n` });
  });
  afterAll(async () => {
    await server?.close();
    await tree?.remove();
  });

  function environment() {
    const home = mkdtempSync(join(tmpdir(), "north-long-"));
    return {
      HOME: home,
      XDG_CONFIG_HOME: join(home, "config"),
      XDG_DATA_HOME: join(home, "data"),
      XDG_STATE_HOME: join(home, "state"),
    };
  }

  const open = (env: ReturnType<typeof environment>, resume?: { id: string }) =>
    createSession({
      root: tree.root,
      env,
      config: {
        providers: {
          mock: {
            protocol: "anthropic",
            baseUrl: server.anthropicBaseUrl,
            models: [{ id: "small-window", contextWindow: WINDOW, maxOutput: 1000 }],
          },
        },
      },
      model: "small-window",
      provider: "mock",
      mode: "agent",
      maxSteps: 10,
      approvals: { approve: "none" },
      logger: createLogger(join(env.HOME, "north.log")),
      ...(resume ? { resume } : {}),
    });

  it("compacts before the window fills, keeping rules and tool pairs in every request", async () => {
    const env = environment();
    const session = await open(env);
    const events: SessionEvent[] = [];
    session.subscribe((e) => events.push(e));
    for (let turn = 1; turn <= TURNS; turn++) {
      const result = await submitAndWait(session, `Turn ${turn}: read big.txt again.`);
      expect(result.stopReason, `turn ${turn}: ${result.error?.message}`).toBe("end");
    }

    const compactions = events.filter((e) => e.type === "compaction_end");
    expect(compactions.length).toBeGreaterThan(5);
    expect(compactions.every((e) => e.ok && e.tokens_after < e.tokens_before)).toBe(true);
    const main = server.requests.filter((r) => (r.body as { tools?: unknown }).tools);
    expect(main).toHaveLength(TURNS * 2);
    let compacted = false;
    for (const request of server.requests) {
      expect(Math.ceil(request.rawBody.length / 4)).toBeLessThanOrEqual(WINDOW);
      const body = request.body as { tools?: unknown; system: Block[]; messages: WireMessage[] };
      if (!body.tools) continue;
      expect(body.system.map((b) => b.text).join("")).toContain(RULE);
      expect(pairingProblems(body.messages)).toEqual([]);
      const first = blocks(body.messages[0]!)[0]?.text ?? "";
      if (first.startsWith("[Conversation summary]")) compacted = true;
    }
    expect(compacted).toBe(true);
    const context = events.filter((e) => e.type === "context");
    expect(context.every((e) => e.used <= WINDOW)).toBe(true);

    const saved = loadSession(join(dataDir(env), "sessions", `${session.id}.jsonl`));
    expect(saved.truncated).toBe(false);
    expect(saved.messages).toEqual(session.history);
  }, 120_000);

  it("compacts on request, and a resumed session sends exactly what the first one sends", async () => {
    const env = environment();
    const session = await open(env);
    for (let turn = 1; turn <= 3; turn++)
      await submitAndWait(session, `Turn ${turn}: read big.txt.`);
    const before = session.context();
    expect(before.estimated).toBe(false);
    expect(before.breakdown.rules).toBeGreaterThan(0);
    expect(before.breakdown.files).toBeGreaterThan(before.breakdown.history);

    const events: AgentEvent[] = [];
    const result = await session.compact({ keepLast: 1, onEvent: (e) => events.push(e) });
    expect(result).toMatchObject({ ok: true, replaced: 8 });
    expect(events.map((e) => e.type)).toEqual(["compaction_start", "compaction_end", "context"]);
    const after = session.context();
    expect(after.used).toBeLessThan(before.used);
    expect(after.breakdown.summary).toBeGreaterThan(0);

    // One process at a time appends to a session: the first lets go of it (its lock) first.
    await session.dispose();
    const resumed = await open(env, { id: session.id });
    expect(resumed.history).toEqual(session.history);
    const sent = server.requests.length;
    await submitAndWait(session, "Turn 4: read big.txt.");
    await submitAndWait(resumed, "Turn 4: read big.txt.");
    const [original, , again] = server.requests.slice(sent);
    expect(again!.body).toEqual(original!.body);
  });
});
