import { spawn } from "node:child_process";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionNotification, SessionUpdate } from "@agentclientprotocol/sdk";
import { initializeParams, startAcp, type AcpClient } from "../../support/acp-client.js";
import { CLI, makeHome, makeRepo } from "../../support/cli-runner.js";
import { anthropicEnv, useE2e } from "../../support/e2e-fixture.js";
import { reply, type MockModelServer } from "../../support/mock-model-server.js";
import { storedPermissions } from "../../support/permissions-file.js";
import { TINY_PNG } from "../../support/images.js";

const e2e = useE2e();
let clients: AcpClient[] = [];
afterEach(async () => {
  for (const c of clients) if (c.child.exitCode === null) c.child.kill();
  clients = [];
});

async function open(
  server: MockModelServer,
  options: { repo?: string; env?: Record<string, string>; fs?: boolean } = {},
) {
  const repo = realpathSync(options.repo ?? makeRepo());
  const env = options.env ?? { ...makeHome().env, ...anthropicEnv(server) };
  const acp = startAcp({ cwd: repo, env, ...(options.fs ? { fs: true } : {}) });
  clients.push(acp);
  await acp.agent.request("initialize", initializeParams(options.fs));
  return { acp, repo, env };
}

const kinds = (updates: SessionNotification[]) => updates.map((n) => n.update.sessionUpdate);
const of = <K extends SessionUpdate["sessionUpdate"]>(updates: SessionNotification[], kind: K) =>
  updates
    .map((n) => n.update)
    .filter((u): u is Extract<SessionUpdate, { sessionUpdate: K }> => u.sessionUpdate === kind);
const text = (
  updates: SessionNotification[],
  kind: "agent_message_chunk" | "agent_thought_chunk",
) =>
  of(updates, kind)
    .map((u) => (u.content.type === "text" ? u.content.text : ""))
    .join("");

describe("north acp", () => {
  it("initializes truthfully, streams text and thinking, and shows a tool call with locations", async () => {
    const server = await e2e.server([
      reply().thinking("Let me look").tool("read_file", { path: "src/retry.ts", start_line: 2 }),
      reply().text("It retries ").text("three times."),
    ]);
    const repo = realpathSync(makeRepo());
    const env = { ...makeHome().env, ...anthropicEnv(server) };
    const acp = startAcp({ cwd: repo, env });
    clients.push(acp);
    const init = await acp.agent.request("initialize", initializeParams());
    expect(init).toMatchObject({
      protocolVersion: 1,
      agentCapabilities: {
        loadSession: true,
        promptCapabilities: { embeddedContext: true },
        sessionCapabilities: { list: {} },
      },
      agentInfo: { name: "north" },
      authMethods: [],
    });
    const created = await acp.agent.request("session/new", { cwd: repo, mcpServers: [] });
    expect(created.modes?.currentModeId).toBe("agent");
    expect(created.modes?.availableModes.map((m) => m.id)).toEqual(["ask", "agent", "plan"]);
    expect(created.configOptions?.[0]).toMatchObject({ id: "model", type: "select" });

    const answer = await acp.agent.request("session/prompt", {
      sessionId: created.sessionId,
      prompt: [{ type: "text", text: "how often does it retry?" }],
    });
    expect(answer.stopReason).toBe("end_turn");
    const commands = of(acp.updates, "available_commands_update")[0]!.availableCommands;
    expect(commands.map((c) => c.name)).toEqual(expect.arrayContaining(["compact", "undo"]));
    expect(text(acp.updates, "agent_thought_chunk")).toBe("Let me look");
    expect(text(acp.updates, "agent_message_chunk")).toBe("It retries three times.");
    const call = of(acp.updates, "tool_call")[0]!;
    expect(call).toMatchObject({
      kind: "read",
      status: "pending",
      locations: [{ path: join(repo, "src/retry.ts"), line: 2 }],
    });
    const done = of(acp.updates, "tool_call_update").find((u) => u.toolCallId === call.toolCallId);
    expect(done?.status).toBe("completed");
    // Thinking before the call, the call before the answer.
    const order = kinds(acp.updates);
    expect(order.indexOf("agent_thought_chunk")).toBeLessThan(order.indexOf("tool_call"));
    expect(order.indexOf("tool_call")).toBeLessThan(order.indexOf("agent_message_chunk"));
    expect(await acp.end()).toBe(0);
  });

  it("asks for edits: allow_once applies, reject_once refuses, allow_always is remembered", async () => {
    const create = (path: string) =>
      reply().tool("edit_create_file", { path, content: `${path}\n` });
    const server = await e2e.server([
      create("one.txt"),
      create("two.txt"),
      create("three.txt"),
      create("four.txt"),
      reply().text("Done."),
    ]);
    const { acp, repo, env } = await open(server);
    const answers = ["allow_once", "reject_once", "allow_always"];
    acp.editor.permission = (request) => {
      const kind = answers.shift();
      const option = request.options.find((o) => o.kind === kind)!;
      return { outcome: { outcome: "selected", optionId: option.optionId } };
    };
    const { sessionId } = await acp.agent.request("session/new", { cwd: repo, mcpServers: [] });
    const answer = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "make four files" }],
    });
    expect(answer.stopReason).toBe("end_turn");
    expect(acp.permissions).toHaveLength(3);
    expect(acp.permissions[0]!.options.map((o) => o.kind)).toEqual([
      "allow_once",
      "allow_always",
      "reject_once",
    ]);
    expect(acp.permissions[0]!.toolCall.content?.[0]).toMatchObject({
      type: "diff",
      path: join(repo, "one.txt"),
      oldText: null,
      newText: "one.txt",
    });
    expect(existsSync(join(repo, "one.txt"))).toBe(true);
    expect(existsSync(join(repo, "two.txt"))).toBe(false);
    expect(existsSync(join(repo, "three.txt"))).toBe(true);
    // Asked no more: the same standing permission the TUI's "always" stores.
    expect(existsSync(join(repo, "four.txt"))).toBe(true);
    expect(storedPermissions(env, repo)).toMatchObject({ edits: true });
    const statuses = of(acp.updates, "tool_call_update")
      .filter((u) => u.status === "completed" || u.status === "failed")
      .map((u) => u.status);
    expect(statuses).toEqual(["completed", "failed", "completed", "completed"]);
    expect(await acp.end()).toBe(0);
  });

  it("sends the todo list as a plan and asks a question with its answers as options", async () => {
    const server = await e2e.server([
      reply().tool("todo_write", {
        todos: [
          { content: "Read the code", status: "completed" },
          { content: "Fix the bug", status: "in_progress" },
        ],
      }),
      reply().tool("ask_user_question", {
        questions: [
          { question: "Which database?", options: [{ label: "Postgres" }, { label: "SQLite" }] },
        ],
      }),
      reply().text("SQLite it is."),
    ]);
    const { acp, repo } = await open(server);
    acp.editor.permission = (request) => ({
      outcome: { outcome: "selected", optionId: request.options[1]!.optionId },
    });
    const { sessionId } = await acp.agent.request("session/new", { cwd: repo, mcpServers: [] });
    await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "go" }],
    });
    expect(of(acp.updates, "plan")[0]!.entries).toEqual([
      { content: "Read the code", status: "completed", priority: "medium" },
      { content: "Fix the bug", status: "in_progress", priority: "medium" },
    ]);
    expect(acp.permissions[0]!.options.map((o) => o.name)).toEqual([
      "Postgres",
      "SQLite",
      "Decline",
    ]);
    const requests = await server.waitForRequests(3);
    expect(JSON.stringify(requests[2]!.body)).toContain("SQLite");
    expect(await acp.end()).toBe(0);
  });

  it("cancels mid-stream: the prompt answers cancelled and the session goes on", async () => {
    const server = await e2e.server([
      reply().text("Starting").text(" slowly").hold("cancel", 4),
      reply().text("Back again."),
    ]);
    const { acp, repo } = await open(server);
    const { sessionId } = await acp.agent.request("session/new", { cwd: repo, mcpServers: [] });
    const pending = acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "take your time" }],
    });
    await acp.waitForUpdate((n) => n.update.sessionUpdate === "agent_message_chunk");
    await acp.agent.notify("session/cancel", { sessionId });
    expect((await pending).stopReason).toBe("cancelled");
    server.release("cancel");
    const again = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "still there?" }],
    });
    expect(again.stopReason).toBe("end_turn");
    expect(text(acp.updates, "agent_message_chunk")).toContain("Back again.");
    expect(await acp.end()).toBe(0);
  });

  it("lists and loads a saved conversation, replaying it as updates", async () => {
    const server = await e2e.server([
      reply().tool("read_file", { path: "README.md" }),
      reply().text("A small project."),
      reply().text("Welcome back."),
    ]);
    const first = await open(server);
    const { sessionId } = await first.acp.agent.request("session/new", {
      cwd: first.repo,
      mcpServers: [],
    });
    await first.acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "what is this?" }],
    });
    expect(await first.acp.end()).toBe(0);

    const { acp } = await open(server, { repo: first.repo, env: first.env });
    const listed = await acp.agent.request("session/list", { cwd: first.repo });
    expect(listed.sessions.map((s) => s.sessionId)).toContain(sessionId);
    const loaded = await acp.agent.request("session/load", {
      sessionId,
      cwd: first.repo,
      mcpServers: [],
    });
    expect(loaded.modes?.currentModeId).toBe("agent");
    // The replay comes before the answer to session/load.
    const replayed = acp.updates.filter((n) => n.sessionId === sessionId);
    expect(of(replayed, "user_message_chunk")[0]!.content).toMatchObject({
      text: "what is this?",
    });
    expect(of(replayed, "tool_call")[0]).toMatchObject({ kind: "read" });
    expect(text(replayed, "agent_message_chunk")).toBe("A small project.");
    const again = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "hello again" }],
    });
    expect(again.stopReason).toBe("end_turn");
    const requests = await server.waitForRequests(3);
    expect(JSON.stringify(requests[2]!.body)).toContain("what is this?");
    expect(await acp.end()).toBe(0);
  });

  it("serves two sessions of one repository in one process, each its own conversation", async () => {
    const server = await e2e.server([
      reply().text("First answer.").hold("first", 4),
      reply().text("Second answer."),
    ]);
    const { acp, repo } = await open(server);
    const one = await acp.agent.request("session/new", { cwd: repo, mcpServers: [] });
    const two = await acp.agent.request("session/new", { cwd: repo, mcpServers: [] });
    expect(one.sessionId).not.toBe(two.sessionId);
    const first = acp.agent.request("session/prompt", {
      sessionId: one.sessionId,
      prompt: [{ type: "text", text: "one" }],
    });
    await server.waitForRequests(1);
    // The second runs while the first is held: no lock or turn is shared.
    const second = await acp.agent.request("session/prompt", {
      sessionId: two.sessionId,
      prompt: [{ type: "text", text: "two" }],
    });
    expect(second.stopReason).toBe("end_turn");
    server.release("first");
    expect((await first).stopReason).toBe("end_turn");
    const said = (id: string) =>
      text(
        acp.updates.filter((n) => n.sessionId === id),
        "agent_message_chunk",
      );
    expect(said(one.sessionId)).toBe("First answer.");
    expect(said(two.sessionId)).toBe("Second answer.");
    expect(await acp.end()).toBe(0);
  });

  it("reads and writes through the editor when it offers its file system", async () => {
    const server = await e2e.server([
      reply().tool("read_file", { path: "notes.txt" }),
      reply().tool("edit_replace_exact", {
        path: "notes.txt",
        old_string: "unsaved line",
        new_string: "edited line",
      }),
      reply().text("Edited."),
    ]);
    const repo = realpathSync(makeRepo({ "notes.txt": "saved line\n" }));
    const { acp } = await open(server, { repo, fs: true });
    const buffer = new Map([[join(repo, "notes.txt"), "unsaved line\n"]]);
    acp.editor.read = (request) => buffer.get(request.path) ?? readFileSync(request.path, "utf8");
    acp.editor.write = (request) => void buffer.set(request.path, request.content);
    const { sessionId } = await acp.agent.request("session/new", { cwd: repo, mcpServers: [] });
    const answer = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "edit the notes" }],
    });
    expect(answer.stopReason).toBe("end_turn");
    const requests = await server.waitForRequests(2);
    // The model saw the buffer, not the disk.
    expect(JSON.stringify(requests[1]!.body)).toContain("unsaved line");
    expect(JSON.stringify(requests[1]!.body)).not.toContain("saved line\\n");
    expect(buffer.get(join(repo, "notes.txt"))).toBe("edited line\n");
    expect(readFileSync(join(repo, "notes.txt"), "utf8")).toBe("saved line\n");
    expect(await acp.end()).toBe(0);
  });

  it("answers bad input with JSON-RPC errors and keeps serving", async () => {
    const server = await e2e.server([reply().text("Still here.")]);
    const repo = realpathSync(makeRepo());
    const env = { ...makeHome().env, ...anthropicEnv(server) };
    const child = spawn(process.execPath, [CLI, "acp"], {
      cwd: repo,
      env: { ...process.env, ...env },
      stdio: "pipe",
    });
    const lines: Record<string, unknown>[] = [];
    let buffered = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      buffered += chunk;
      let at: number;
      while ((at = buffered.indexOf("\n")) !== -1) {
        lines.push(JSON.parse(buffered.slice(0, at)) as Record<string, unknown>);
        buffered = buffered.slice(at + 1);
      }
    });
    const send = (value: unknown) =>
      child.stdin.write(`${typeof value === "string" ? value : JSON.stringify(value)}\n`);
    const answerTo = async (id: number | null) => {
      await expect.poll(() => lines.some((l) => l.id === id)).toBe(true);
      return lines.find((l) => l.id === id)!;
    };
    const request = (id: number, method: string, params: unknown) =>
      send({ jsonrpc: "2.0", id, method, params });
    send("this is not json");
    expect(await answerTo(null)).toMatchObject({ error: { code: -32700 } });
    request(1, "initialize", initializeParams());
    expect(await answerTo(1)).toMatchObject({ result: { protocolVersion: 1 } });
    request(2, "no/such/method", {});
    expect(await answerTo(2)).toMatchObject({ error: { code: -32601 } });
    request(3, "session/prompt", { sessionId: "nope", prompt: [{ type: "text", text: "hi" }] });
    expect(await answerTo(3)).toMatchObject({ error: { code: -32002 } });
    request(4, "session/new", { cwd: repo });
    expect(await answerTo(4)).toMatchObject({ error: { code: -32602 } });
    request(5, "session/new", { cwd: repo, mcpServers: [] });
    const created = (await answerTo(5)).result as { sessionId: string };
    request(6, "session/prompt", {
      sessionId: created.sessionId,
      prompt: [{ type: "text", text: "hi" }],
    });
    expect(await answerTo(6)).toMatchObject({ result: { stopReason: "end_turn" } });
    // Nothing but protocol messages on standard output.
    expect(lines.every((l) => l.jsonrpc === "2.0")).toBe(true);
    child.stdin.end();
    expect(await new Promise((resolve) => child.on("close", resolve))).toBe(0);
  });

  it("sends an image block to the model and refuses one it cannot send", async () => {
    const server = await e2e.server([reply().text("A red square.")]);
    const { acp, repo } = await open(server);
    const init = await acp.agent.request("initialize", initializeParams());
    expect(init).toMatchObject({ agentCapabilities: { promptCapabilities: { image: true } } });
    const { sessionId } = await acp.agent.request("session/new", { cwd: repo, mcpServers: [] });
    const data = TINY_PNG;
    await expect(
      acp.agent.request("session/prompt", {
        sessionId,
        prompt: [{ type: "image", mimeType: "image/svg+xml", data }],
      }),
    ).rejects.toMatchObject({ code: -32602 });
    const answer = await acp.agent.request("session/prompt", {
      sessionId,
      prompt: [
        { type: "text", text: "what is this?" },
        { type: "image", mimeType: "image/png", data },
      ],
    });
    expect(answer.stopReason).toBe("end_turn");
    const [request] = await server.waitForRequests(1);
    expect(JSON.stringify(request!.body)).toContain(
      JSON.stringify({ type: "base64", media_type: "image/png", data }),
    );
    expect(server.requests).toHaveLength(1);
    expect(await acp.end()).toBe(0);
  });
});
