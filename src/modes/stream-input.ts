import { createInterface } from "node:readline";
import type { Readable } from "node:stream";

/**
 * `--input-format stream-json`: user messages as JSON lines, in the shape of Claude Code's
 * headless mode — `{"type":"user","message":{"role":"user","content":"…"}}`, where `content`
 * may also be a list of `{"type":"text","text":"…"}` blocks. North's addition: `"steer": true`
 * delivers the message to the running turn at its next step (`Session.steer`) instead of after
 * it. Yields each message as it arrives; a line that is not such a message is reported to `bad`
 * and skipped.
 */
export async function* userMessages(
  input: Readable,
  bad: (line: number, why: string) => void,
): AsyncGenerator<{ text: string; steer?: boolean }> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let n = 0;
  for await (const line of lines) {
    n += 1;
    if (!line.trim()) continue;
    const text = messageText(line);
    if (typeof text !== "string") {
      bad(n, text.why);
      continue;
    }
    yield steering(line) ? { text, steer: true } : { text };
  }
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
