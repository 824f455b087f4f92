import type { Readable } from "node:stream";
import type { ControlRequest } from "./claude-compat.js";
import { imageProblem, type ToolImage } from "../session/index.js";
import { LineSplitter, MAX_LINE_BYTES, TOO_LONG } from "./line-splitter.js";

/**
 * `--input-format stream-json`: user messages as JSON lines, in the shape of Claude Code's
 * headless mode — `{"type":"user","message":{"role":"user","content":"…"}}`, where `content`
 * may also be a list of `{"type":"text","text":"…"}` blocks and `{"type":"image","source":{"type":
 * "base64","media_type":"image/png","data":"…"}}` blocks (sent with the text; an image North may
 * not send — another media type or source, over 30 MB — makes the line an `error`; one past the
 * provider's limits is scaled down). North's addition: `"steer": true`
 * delivers the message to the running turn at its next step (`Session.steer`) instead of after
 * it. Yields each message as it arrives; a line that is not such a message is reported to `bad`
 * ("skipped: why") and skipped. A line over 16 MiB (RPC's cap) is never held whole: it is yielded
 * as an `error`
 * in its place (answered with an error result), and its bytes are dropped as they arrive.
 * Claude Code's `{"type":"control_request","request_id":…,"request":{"subtype":…}}` lines are
 * yielded as `control` (answered at once, see `claude-compat.ts`); the `control_response` lines
 * its SDKs send to answer requests of the CLI are skipped quietly (North sends none).
 */
export async function* userMessages(
  input: Readable,
  bad: (line: number, why: string) => void,
): AsyncGenerator<{
  text: string;
  steer?: boolean;
  error?: string;
  control?: ControlRequest;
  images?: ToolImage[];
}> {
  const splitter = new LineSplitter();
  let n = 0;
  function* take(line: string | typeof TOO_LONG | undefined) {
    if (line === undefined) return;
    n += 1;
    if (line === TOO_LONG) {
      const mib = MAX_LINE_BYTES / 1024 / 1024;
      yield { text: "", error: `input line ${n} is longer than ${mib} MiB; it was skipped` };
      return;
    }
    if (!line.trim()) return;
    const control = controlLine(line);
    if (control === "skip") return;
    if (control) {
      yield { text: "", control };
      return;
    }
    const text = messageText(line);
    if (typeof text !== "string") {
      bad(n, `skipped: ${text.why}`);
      return;
    }
    const images = imageBlocks(line);
    if (typeof images === "string") {
      yield { text: "", error: `input line ${n}: ${images}; the message was not sent` };
      return;
    }
    if (steering(line)) {
      if (images.length > 0) bad(n, "steering carries no images: send them as a message");
      yield { text, steer: true };
    } else yield images.length > 0 ? { text, images } : { text };
  }
  input.setEncoding("utf8");
  for await (const chunk of input as AsyncIterable<string>) {
    for (const line of splitter.push(chunk)) yield* take(line);
  }
  yield* take(splitter.end());
}

/** A `control_request` line's request, `skip` for a `control_response`, else undefined. */
function controlLine(line: string): ControlRequest | "skip" | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const v = value as { type?: unknown; request_id?: unknown; request?: { subtype?: unknown } };
  if (v?.type === "control_response") return "skip";
  if (v?.type !== "control_request") return undefined;
  if (typeof v.request_id !== "string" || typeof v.request?.subtype !== "string") return undefined;
  return v as ControlRequest;
}

function messageText(line: string): string | { why: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { why: "not JSON" };
  }
  const v = value as { type?: unknown; message?: { role?: unknown; content?: unknown } };
  if (v?.type !== "user" || typeof v.message !== "object" || v.message === null) {
    return { why: 'expected {"type":"user","message":{"role":"user","content":…}}' };
  }
  const content = v.message.content;
  if (typeof content === "string" && content.trim()) return content;
  if (Array.isArray(content)) {
    const text = content
      .filter(
        (b): b is { type: "text"; text: string } =>
          b?.type === "text" && typeof b.text === "string",
      )
      .map((b) => b.text)
      .join("\n");
    if (text.trim()) return text;
  }
  return { why: "the message has no text" };
}

const steering = (line: string) => (JSON.parse(line) as { steer?: unknown }).steer === true;

/** The message's image blocks as images, or why one of them may not be sent. */
function imageBlocks(line: string): ToolImage[] | string {
  const content = (JSON.parse(line) as { message?: { content?: unknown } }).message?.content;
  if (!Array.isArray(content)) return [];
  const images: ToolImage[] = [];
  for (const block of content as ({ type?: unknown; source?: Record<string, unknown> } | null)[]) {
    if (block?.type !== "image") continue;
    if (block.source?.type !== "base64") return 'an image block needs a "base64" source';
    const image = { mediaType: block.source.media_type, data: block.source.data };
    const problem = imageProblem(image);
    if (problem) return problem;
    images.push(image as ToolImage);
  }
  return images;
}
