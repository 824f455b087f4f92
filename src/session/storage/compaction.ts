/**
 * Compaction as pure steps over a history: where to cut, how a summary replaces what came before
 * the cut, and how old tool results are cleared. The same steps replay a session file's
 * compaction entries on load, so a resumed history is exactly the one that was sent.
 */
import type { Message, UserMessage } from "../../ai/types.js";
import { estimateMessage, estimateMessages } from "../models/token-estimate.js";

/** The first line of the user message that carries a summary; it marks the message as one. */
export const SUMMARY_MARKER = "[Conversation summary]";
const SUMMARY_INTRO =
  "The earlier part of this conversation was compacted to save context; this is what it established. The messages after this one are verbatim.";
const CLEARED_PREFIX = "[Output cleared to save context:";

/** How much recent history stays verbatim. */
export interface KeepPolicy {
  /** The last this many exchanges (a user message and everything up to the next) stay. */
  exchanges: number;
  /** Fewer exchanges stay while the kept part is larger than this (estimated tokens)... */
  maxTokens?: number;
  /** ...but never fewer than this many (1 mid-turn: the exchange in progress cannot be cut). */
  minExchanges?: number;
}

export function isSummary(message: Message): boolean {
  return message.role === "user" && message.content.startsWith(SUMMARY_MARKER);
}

export function summaryMessage(summary: string): UserMessage {
  return { role: "user", content: `${SUMMARY_MARKER}\n${SUMMARY_INTRO}\n\n${summary.trim()}` };
}

/** The summary text of a summary message (without the marker and intro). */
export function summaryText(message: UserMessage): string {
  const start = message.content.indexOf("\n\n");
  return start === -1 ? "" : message.content.slice(start + 2);
}

/**
 * Where to cut: the index of the first message kept verbatim, always the start of an exchange
 * (a user message, or the end of the history), so every tool call before the cut has its result
 * before it too and every one after it keeps its result after it.
 * @returns undefined when nothing but earlier summaries would be replaced: a history that is only
 * a summary is never compacted again.
 */
export function chooseCut(history: readonly Message[], keep: KeepPolicy): number | undefined {
  const starts: number[] = [];
  history.forEach((m, i) => {
    if (m.role === "user" && !isSummary(m)) starts.push(i);
  });
  const min = Math.min(keep.minExchanges ?? 0, starts.length);
  const cutFor = (k: number) => (k === 0 ? history.length : starts[starts.length - k]!);
  let k = Math.max(min, Math.min(keep.exchanges, starts.length));
  let cut = cutFor(k);
  if (keep.maxTokens !== undefined) {
    while (k > min && estimateMessages(history.slice(cut)) > keep.maxTokens) cut = cutFor(--k);
  }
  return history.slice(0, cut).some((m) => !isSummary(m)) ? cut : undefined;
}

/** Replaces `history[0, replaced)` by one summary message, in place. */
export function applyCompaction(history: Message[], summary: string, replaced: number): void {
  history.splice(0, Math.min(replaced, history.length), summaryMessage(summary));
}

/** What a cleared tool result says instead of its output; a function of the output alone. */
export function clearedContent(original: string): string {
  return `${CLEARED_PREFIX} ${original.length} characters. Call the tool again if you still need it.]`;
}

const isCleared = (content: string) => content.startsWith(CLEARED_PREFIX);

/**
 * Clears the output of the oldest tool results, in place, until about `excess` tokens are freed.
 * The results of the newest step stay: the model has not seen them yet. Calls keep their result
 * messages (only the content changes), so pairs stay intact.
 * @returns the ids of the calls whose results were cleared, oldest first.
 */
export function clearToolResults(history: Message[], excess: number): string[] {
  let lastAssistant = -1;
  history.forEach((m, i) => {
    if (m.role === "assistant") lastAssistant = i;
  });
  const ids: string[] = [];
  let freed = 0;
  for (let i = 0; i < lastAssistant && freed < excess; i++) {
    const message = history[i]!;
    if (message.role !== "tool" || isCleared(message.content)) continue;
    const cleared = { ...message, content: clearedContent(message.content) };
    const saved = estimateMessage(message) - estimateMessage(cleared);
    if (saved <= 0) continue;
    history[i] = cleared;
    freed += saved;
    ids.push(message.toolCallId);
  }
  return ids;
}

/** Whether `clearToolResults` would find a result to clear. */
export function canClear(history: readonly Message[]): boolean {
  let lastAssistant = -1;
  history.forEach((m, i) => {
    if (m.role === "assistant") lastAssistant = i;
  });
  return history.some(
    (m, i) =>
      i < lastAssistant &&
      m.role === "tool" &&
      !isCleared(m.content) &&
      m.content.length > clearedContent(m.content).length,
  );
}

/** Replays a clearing on load: the results of `ids` lose their output. */
export function applyClearing(history: Message[], ids: readonly string[]): void {
  const wanted = new Set(ids);
  history.forEach((m, i) => {
    if (m.role === "tool" && wanted.has(m.toolCallId) && !isCleared(m.content))
      history[i] = { ...m, content: clearedContent(m.content) };
  });
}
