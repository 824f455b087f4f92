import { existsSync, readFileSync, truncateSync } from "node:fs";
import { join } from "node:path";
import type { Message } from "../ai/index.js";
import { SetupError } from "./errors.js";
import { dataDir } from "./paths.js";
import { listSessions, loadSession, newSessionId, SessionFile } from "./storage.js";

/** What `openStorage` needs of the session's options. */
export interface StorageOptions {
  env: Record<string, string | undefined>;
  resume?: { continue: true } | { id: string } | undefined;
}

/** Events after which the history may have grown: it is appended to the session file then. */
export const SAVE_POINTS = new Set(["turn_start", "step_start", "tool_call", "turn_end"]);

export function titleOf(history: readonly Message[]): string {
  const first = history.find((m) => m.role === "user");
  return first ? first.content.replace(/\s+/g, " ").trim().slice(0, 80) : "";
}

/**
 * The conversation's file: a new one, or a saved one to resume (its history loaded and repaired).
 * Throws `SetupError` when there is nothing to resume.
 */
export function openStorage(options: StorageOptions, root: string, model: string) {
  const dir = join(dataDir(options.env), "sessions");
  const notices: string[] = [];
  if (options.resume) {
    const path =
      "id" in options.resume
        ? join(dir, `${options.resume.id}.jsonl`)
        : listSessions(dir, root)[0]?.path;
    if (!path || !existsSync(path)) {
      throw new SetupError(
        "id" in options.resume
          ? `No saved session "${options.resume.id}" in ${dir}.`
          : `No saved session for ${root} to continue.`,
      );
    }
    const loaded = loadSession(path);
    if (loaded.truncated)
      notices.push(
        `The session file was cut off (a crash?); it was loaded up to its last whole line.`,
      );
    // Appending after a cut-off line would glue the next entry onto it: cut the file back first.
    if (loaded.truncated) dropPartialLine(path);
    const file = new SessionFile(path, loaded.header, true);
    const { rewrittenAt } = loaded;
    return { history: loaded.messages, file, id: loaded.header.id, notices, rewrittenAt };
  }
  const id = newSessionId();
  const header = {
    type: "header" as const,
    version: 1 as const,
    id,
    project: root,
    model,
    started: new Date().toISOString(),
  };
  return {
    history: [] as Message[],
    file: new SessionFile(join(dir, `${id}.jsonl`), header),
    id,
    notices,
    rewrittenAt: 0,
  };
}

/** Cuts a file back to just after its last newline (the end of its last whole line). */
function dropPartialLine(path: string): void {
  const text = readFileSync(path);
  truncateSync(path, text.lastIndexOf(10) + 1);
}
