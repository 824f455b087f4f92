import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ensurePrivateDir } from "../config/paths.js";
import { isHeader } from "./session-shape.js";
import { newSessionId, type SessionHeader } from "./storage.js";
import { isoTime } from "../../log/timestamp.js";

/**
 * Copies conversation file `parentPath` into a new file of `dir` (a fork): a header of its own
 * (a new id, `parent` naming the copied conversation, started now), then the parent's lines
 * after its header, up to line `end` (exclusive; all by default) — compactions, rewinds and
 * their branches included, each line at the same number, so the fork loads as the parent did up
 * there. The parent's file is only read. Written whole under a temporary name, then renamed.
 * Returns the fork's id.
 */
export function forkSessionFile(dir: string, parentPath: string, end?: number): string {
  const lines = readFileSync(parentPath, "utf8").split("\n");
  lines.pop(); // the empty string after the last newline, or a cut-off line
  const header: unknown = JSON.parse(lines[0] ?? "");
  if (!isHeader(header)) throw new Error(`${parentPath} is not a North session`);
  const id = newSessionId();
  const forked: SessionHeader = { ...header, id, parent: header.id, started: isoTime() };
  const body = lines.slice(1, end === undefined ? lines.length : Math.max(1, end));
  ensurePrivateDir(dir);
  const path = join(dir, `${id}.jsonl`);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, [JSON.stringify(forked), ...body].map((l) => `${l}\n`).join(""), {
    mode: 0o600,
  });
  renameSync(temporary, path);
  return id;
}

/**
 * `sessions` (newest first) with each fork right under its parent, `depth` 1 under it (2 under a
 * fork of a fork…); a fork whose parent is not among them stays in its place at depth 0.
 */
export function nestForks<T extends { id: string; parent?: string }>(
  sessions: readonly T[],
): { session: T; depth: number }[] {
  const ids = new Set(sessions.map((s) => s.id));
  const children = new Map<string, T[]>();
  for (const s of sessions) {
    if (s.parent && ids.has(s.parent) && s.parent !== s.id)
      children.set(s.parent, [...(children.get(s.parent) ?? []), s]);
  }
  const out: { session: T; depth: number }[] = [];
  const seen = new Set<string>();
  const visit = (s: T, depth: number) => {
    if (seen.has(s.id)) return;
    seen.add(s.id);
    out.push({ session: s, depth });
    for (const child of children.get(s.id) ?? []) visit(child, depth + 1);
  };
  for (const s of sessions) if (!s.parent || !ids.has(s.parent)) visit(s, 0);
  for (const s of sessions) visit(s, 0); // a cycle of hand-edited parents: shown anyway
  return out;
}
