import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { MockModelServer } from "./mock-model-server.js";

/** `NODE_OPTIONS` that keeps a spawned CLI off the internet (see `offline-preload.cjs`). */
export const OFFLINE_NODE_OPTIONS = `--require ${join(dirname(fileURLToPath(import.meta.url)), "offline-preload.cjs")}`;

/** Every request body the server received, as one string (to assert what never reached it). */
export function allBodies(server: MockModelServer): string {
  return server.requests.map((r) => JSON.stringify(r.body)).join("\n");
}

/** Makes a named pipe (FIFO) at `path`. */
export function mkfifo(path: string): void {
  execFileSync("mkfifo", [path]);
}

/** A folder outside every test repository holding `files` (e.g. credentials a link points at). */
export function makeOutside(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "north-outside-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

type Json = Record<string, unknown>;

/** The Anthropic tool results a request carried back to the model. */
export function anthropicToolResults(body: Json): { content: string; isError: boolean }[] {
  return (body.messages as Json[]).flatMap((m) =>
    Array.isArray(m.content)
      ? (m.content as Json[])
          .filter((b) => b.type === "tool_result")
          .map((b) => ({
            content: typeof b.content === "string" ? b.content : JSON.stringify(b.content),
            isError: b.is_error === true,
          }))
      : [],
  );
}
