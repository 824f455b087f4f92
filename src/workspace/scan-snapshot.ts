import { NONBLOCKING_READ } from "./safe-read.js";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Workspace } from "./workspace.js";

/** Size and modification time of every visible file, by relative path. */
export type ScanSnapshot = Map<string, { size: number; mtimeMs: number }>;

/** A file seen changed by a scan: before is known only for a created file (null). */
export interface ScanChange {
  path: string;
  before: null | "unknown";
  after: Buffer | null;
}

/** Snapshots the files the walk sees (ignore rules honoured) by size and mtime; no contents. */
export async function scanSnapshot(ws: Workspace): Promise<ScanSnapshot> {
  const out: ScanSnapshot = new Map();
  for await (const rel of ws.walk()) {
    try {
      const info = await stat(join(ws.root, rel));
      out.set(rel, { size: info.size, mtimeMs: info.mtimeMs });
    } catch {
      // Gone between the listing and the stat.
    }
  }
  return out;
}

/**
 * Files created, changed or deleted since `before` (by size or mtime). The content before a change
 * is not known without git: created files have `before: null`, the rest `"unknown"`.
 */
export async function scanChanges(ws: Workspace, before: ScanSnapshot): Promise<ScanChange[]> {
  const now = await scanSnapshot(ws);
  const changes: ScanChange[] = [];
  for (const [rel, info] of now) {
    const old = before.get(rel);
    if (old && old.size === info.size && old.mtimeMs === info.mtimeMs) continue;
    try {
      const after = await readFile(join(ws.root, rel), { flag: NONBLOCKING_READ });
      changes.push({ path: rel, before: old ? "unknown" : null, after });
    } catch {
      // Gone again: nothing to record.
    }
  }
  for (const rel of before.keys()) {
    if (!now.has(rel)) changes.push({ path: rel, before: "unknown", after: null });
  }
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
