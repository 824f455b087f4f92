/**
 * Writes a compaction summary: the part of the history to replace, rendered as a bounded
 * transcript, goes to the model in one request with a focused prompt and no tools.
 */
import type { Message, ModelInfo, Provider, ProviderError, Usage } from "../../ai/index.js";
import { emptyUsage, imageNote } from "../../ai/index.js";
import prompt from "./compaction-prompt.md";
import { isSummary, summaryText } from "../storage/compaction.js";
import { estimateTokens } from "../models/token-estimate.js";

/** The longest summary asked for, in tokens (the prompt asks for far less). */
export const SUMMARY_MAX_OUTPUT = 4096;

export interface SummaryRequest {
  provider: Provider;
  model: ModelInfo;
  /** The messages the summary replaces, oldest first (may start with an earlier summary). */
  messages: readonly Message[];
  /** What the person wants the summary to keep above all (`/compact <focus>`). */
  focus?: string;
  signal: AbortSignal;
}

export type SummaryResult =
  { ok: true; summary: string; usage: Usage } | { ok: false; error: ProviderError; usage: Usage };

/** Never throws: a provider failure or an empty answer comes back as `ok: false`. */
export async function writeSummary(request: SummaryRequest): Promise<SummaryResult> {
  const { model } = request;
  const output = Math.min(model.maxOutput, SUMMARY_MAX_OUTPUT);
  const budget = Math.max(1000, Math.floor(model.contextWindow * 0.8) - output - 1000);
  const focus = request.focus?.trim()
    ? `\n\nThe person asked the summary to keep above all: ${request.focus.trim()}`
    : "";
  const content =
    "The earlier part of the conversation, up to where the verbatim part begins:\n\n" +
    `<transcript>\n${renderTranscript(request.messages, budget)}\n</transcript>\n\n` +
    `Write the summary now.${focus}`;
  let usage = emptyUsage();
  try {
    const stream = request.provider.stream(
      {
        model: model.id,
        system: prompt.trim(),
        messages: [{ role: "user", content }],
        tools: [],
        maxOutputTokens: output,
      },
      request.signal,
    );
    for await (const event of stream) {
      if (event.type !== "done") continue;
      usage = event.message.usage;
      if (event.error) return { ok: false, error: event.error, usage };
      const text = event.message.content
        .flatMap((p) => (p.type === "text" ? [p.text] : []))
        .join("")
        .trim();
      if (!text) break;
      return { ok: true, summary: text, usage };
    }
  } catch (error) {
    const message = `the summary request failed: ${(error as Error).message}`;
    return { ok: false, error: { kind: "server", message, retryable: false }, usage };
  }
  const message = "the model answered the summary request with no text";
  return { ok: false, error: { kind: "bad_request", message, retryable: false }, usage };
}

/** Per-message caps (characters), loosest first; the first that fits the budget is used. */
const LEVELS = [
  { result: 2000, text: 8000 },
  { result: 600, text: 2500 },
  { result: 150, text: 800 },
];

/**
 * The messages as a plain transcript within `budget` tokens: long texts and tool outputs are
 * shortened in the middle, and if that is not enough the oldest messages after the first are
 * left out (the first is the earlier summary or the opening request).
 */
export function renderTranscript(messages: readonly Message[], budget: number): string {
  let blocks: string[] = [];
  for (const level of LEVELS) {
    blocks = messages.map((m) => renderMessage(m, level));
    const text = blocks.join("\n\n");
    if (estimateTokens(text) <= budget) return text;
  }
  const [first = "", ...rest] = blocks;
  let used = estimateTokens(first) + 20;
  let from = rest.length;
  while (from > 0 && used + estimateTokens(rest[from - 1]!) + 1 <= budget) {
    used += estimateTokens(rest[--from]!) + 1;
  }
  const omitted = from > 0 ? [`[… ${from} messages left out …]`] : [];
  return [first, ...omitted, ...rest.slice(from)].join("\n\n");
}

function renderMessage(message: Message, caps: { result: number; text: number }): string {
  if (message.role === "user") {
    return isSummary(message)
      ? `## Earlier summary\n${summaryText(message)}`
      : // An image is summarised as its note (`[Image: png 48 KB]`), never its bytes.
        [
          `## Person\n${clip(message.content, caps.text)}`,
          ...(message.images ?? []).map(imageNote),
        ].join("\n");
  }
  if (message.role === "tool") {
    const status = message.isError ? " (error)" : "";
    const notes = (message.images ?? []).map((image) => `\n${imageNote(image)}`).join("");
    return `## Result of ${message.toolName}${status}\n${clip(message.content, caps.result)}${notes}`;
  }
  const lines: string[] = [];
  for (const part of message.content) {
    if (part.type === "text" && part.text.trim()) lines.push(clip(part.text, caps.text));
    if (part.type === "tool_call") lines.push(`→ ${part.name} ${clip(part.rawArguments, 400)}`);
  }
  return `## North\n${lines.join("\n")}`;
}

/** Keeps the head and the tail of a long text, saying how much was left out between them. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.ceil(max * 0.7);
  const tail = max - head;
  const left = text.length - head - tail;
  return `${text.slice(0, head)}\n[… ${left} characters left out …]\n${text.slice(text.length - tail)}`;
}
