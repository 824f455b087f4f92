import type { AssistantMessage, Message, ToolCallPart } from "../../src/ai/types.js";
import { emptyUsage, type Usage } from "../../src/ai/types.js";

/** Test support: messages for history-level tests, and a seeded random history. */
export const userMsg = (content: string): Message => ({ role: "user", content });

export function assistantMsg(
  text: string,
  callIds: string[] = [],
  usage: Partial<Usage> = {},
): AssistantMessage {
  const calls: ToolCallPart[] = callIds.map((id) => ({
    type: "tool_call",
    id,
    name: "read_file",
    arguments: { path: "a.ts" },
    rawArguments: '{"path":"a.ts"}',
  }));
  return {
    role: "assistant",
    content: [...(text ? [{ type: "text" as const, text }] : []), ...calls],
    protocol: "anthropic-messages",
    model: "m",
    stopReason: calls.length > 0 ? "tool_use" : "end",
    usage: { ...emptyUsage(), ...usage },
  };
}

export const toolMsg = (id: string, content = "x".repeat(400)): Message => ({
  role: "tool",
  toolCallId: id,
  toolName: "read_file",
  content,
  isError: false,
});

/** A small deterministic PRNG (mulberry32), so random cases replay. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `exchanges` exchanges of a user message, 0–3 tool steps of 1–3 calls each, and an answer. */
export function randomHistory(random: () => number, exchanges: number): Message[] {
  const out: Message[] = [];
  let id = 0;
  for (let e = 0; e < exchanges; e++) {
    out.push(userMsg(`request ${e} ${"r".repeat(Math.floor(random() * 300))}`));
    const steps = Math.floor(random() * 4);
    for (let s = 0; s < steps; s++) {
      const ids = Array.from({ length: 1 + Math.floor(random() * 3) }, () => `c${++id}`);
      out.push(assistantMsg(random() < 0.5 ? "Looking." : "", ids));
      for (const callId of ids) out.push(toolMsg(callId, "y".repeat(Math.floor(random() * 3000))));
    }
    out.push(assistantMsg(`answer ${e}`));
  }
  return out;
}

/** Problems with tool pairing: a call whose results do not follow it, a result without its call. */
export function pairingProblems(history: readonly Message[]): string[] {
  const problems: string[] = [];
  let open = new Set<string>();
  for (const message of history) {
    if (message.role === "tool") {
      if (!open.delete(message.toolCallId)) problems.push(`orphan result ${message.toolCallId}`);
      continue;
    }
    for (const id of open) problems.push(`unanswered call ${id}`);
    open = new Set();
    if (message.role === "assistant")
      for (const p of message.content) if (p.type === "tool_call") open.add(p.id);
  }
  for (const id of open) problems.push(`unanswered call ${id}`);
  return problems;
}
