import type { Readable } from "node:stream";
import { LineSplitter, MAX_LINE_BYTES, TOO_LONG } from "./line-splitter.js";

/**
 * `--input-format stream-json`: user messages as JSON lines, in the shape of Claude Code's
 * headless mode — `{"type":"user","message":{"role":"user","content":"…"}}`, where `content`
 * may also be a list of `{"type":"text","text":"…"}` blocks. North's addition: `"steer": true`
 * delivers the message to the running turn at its next step (`Session.steer`) instead of after
 * it. Yields each message as it arrives; a line that is not such a message is reported to `bad`
 * and skipped. A line over 16 MiB (RPC's cap) is never held whole: it is yielded as an `error`
 * in its place (answered with an error result), and its bytes are dropped as they arrive.
 */
export async function* userMessages(
  input: Readable,
  bad: (line: number, why: string) => void,
): AsyncGenerator<{ text: string; steer?: boolean; error?: string }> {
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
    const text = messageText(line);
    if (typeof text !== "string") {
      bad(n, text.why);
      return;
    }
    yield steering(line) ? { text, steer: true } : { text };
  }
  input.setEncoding("utf8");
  for await (const chunk of input as AsyncIterable<string>) {
    for (const line of splitter.push(chunk)) yield* take(line);
  }
  yield* take(splitter.end());
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
