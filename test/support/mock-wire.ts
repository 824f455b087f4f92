/**
 * Pieces shared by the three protocol encoders of the mock model server: realistic ids, splitting
 * text into deltas, token counts, and the encoder contract.
 */
import { createHash } from "node:crypto";
import type {
  FailureSpec,
  MockErrorKind,
  MockProtocol,
  MockStopReason,
  ReplyBlock,
  ReplySpec,
} from "./mock-script.js";

/** One server-sent event; `event` is omitted for Chat Completions (data-only lines). */
export interface SseEvent {
  event?: string;
  data: string;
}

/** Formats one event as it goes on the wire. */
export function formatSse(event: SseEvent): string {
  return (event.event ? `event: ${event.event}\n` : "") + `data: ${event.data}\n\n`;
}

/** Token counts after defaults were filled in (Anthropic meaning: `input` excludes cache). */
export interface ResolvedUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  reasoning: number;
}

/** What an encoder needs besides the reply. */
export interface EncodeContext {
  /** The parsed request body (`{}` when absent). */
  body: Record<string, unknown>;
  ids: IdFactory;
  usage: ResolvedUsage;
  model: string;
  stopReason: MockStopReason;
  /** Unix seconds. */
  created: number;
}

/** A complete successful stream, and how to fail it part-way. */
export interface EncodedStream {
  events: SseEvent[];
  /** Index of the first closing event (where an in-stream error goes by default). */
  terminalIndex: number;
  /** The events that report `kind` in-stream when inserted at index `at`. */
  errorEvents(kind: MockErrorKind, message: string | undefined, at: number): SseEvent[];
}

/** An HTTP error answer. */
export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** One protocol's wire format. */
export interface ProtocolEncoder {
  protocol: MockProtocol;
  /** The default model name when the request names none. */
  defaultModel: string;
  stream(reply: ReplySpec, ctx: EncodeContext): EncodedStream;
  /** The body of a non-streaming (`stream: false`) answer. */
  json(reply: ReplySpec, ctx: EncodeContext): unknown;
  error(failure: FailureSpec, ids: IdFactory): ErrorAnswer;
  /** Headers sent with every answer (request id and the like). */
  headers(ids: IdFactory): Record<string, string>;
}

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * Deterministic ids that look like the real ones: the same request index gives the same ids on
 * every run, so failures reproduce.
 */
export class IdFactory {
  private counter = 0;
  constructor(private readonly seed: string) {}

  private bytes(): Buffer {
    return createHash("sha256").update(`${this.seed}:${this.counter++}`).digest();
  }

  /** `prefix` + `length` base62 characters (Anthropic `msg_01…`, `toolu_01…`, OpenAI `call_…`). */
  base62(prefix: string, length: number): string {
    let out = prefix;
    while (out.length < prefix.length + length) {
      for (const byte of this.bytes()) out += base62[byte % 62];
    }
    return out.slice(0, prefix.length + length);
  }

  /** `prefix` + `length` lower-case hex characters (OpenAI `resp_…`, `fc_…`, `rs_…`). */
  hex(prefix: string, length: number): string {
    let out = prefix;
    while (out.length < prefix.length + length) out += this.bytes().toString("hex");
    return out.slice(0, prefix.length + length);
  }
}

const chunkSizes = [9, 14, 8, 17, 12, 20, 11, 15];

/** Splits argument text into fragments of 8–20 characters (never inside a code point). */
export function splitArguments(text: string): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0, n = 0; i < chars.length; n++) {
    const size = chunkSizes[n % chunkSizes.length] ?? 12;
    out.push(chars.slice(i, i + size).join(""));
    i += size;
  }
  return out;
}

/** Splits prose into word-sized deltas (" weather", " in"), as a tokenizer would. */
export function splitText(text: string): string[] {
  const out: string[] = [];
  for (const word of text.match(/\s*\S+|\s+/g) ?? []) {
    const chars = Array.from(word);
    for (let i = 0; i < chars.length; i += 12) out.push(chars.slice(i, i + 12).join(""));
  }
  // Pair up short words so that a long text does not become hundreds of events.
  const merged: string[] = [];
  for (const piece of out) {
    const last = merged.length - 1;
    const prev = merged[last];
    if (prev !== undefined && prev.length + piece.length <= 7) merged[last] = prev + piece;
    else merged.push(piece);
  }
  return merged;
}

const estimate = (chars: number): number => Math.ceil(chars / 4);

/** Fills in plausible token counts for the numbers the script left out. */
export function resolveUsage(reply: ReplySpec, rawBodyLength: number): ResolvedUsage {
  let generated = 0;
  let thinking = 0;
  for (const block of reply.blocks) {
    if (block.type === "thinking") thinking += block.text.length;
    else if (block.type === "text") generated += block.text.length;
    else generated += block.arguments.length + block.name.length + 8;
  }
  const reasoning = reply.usage.reasoning ?? estimate(thinking);
  const output = reply.usage.output ?? Math.max(1, estimate(generated) + reasoning);
  return {
    input: reply.usage.input ?? Math.max(1, estimate(rawBodyLength)),
    output,
    cacheRead: reply.usage.cacheRead ?? 0,
    cacheWrite: reply.usage.cacheWrite ?? 0,
    reasoning: Math.min(reasoning, output),
  };
}

/** The stop reason a reply implies when the script did not set one. */
export function resolveStopReason(reply: ReplySpec): MockStopReason {
  return reply.stopReason ?? (reply.blocks.some((b) => b.type === "tool") ? "tool_use" : "end");
}

/** The tool blocks of a reply, with their position among tool calls. */
export function toolBlocks(reply: ReplySpec): Extract<ReplyBlock, { type: "tool" }>[] {
  return reply.blocks.filter((b): b is Extract<ReplyBlock, { type: "tool" }> => b.type === "tool");
}

/** Parses tool arguments for a non-streaming answer; invalid JSON stays the raw string. */
export function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Serialises an SSE data payload. */
export const json = (value: unknown): string => JSON.stringify(value);
