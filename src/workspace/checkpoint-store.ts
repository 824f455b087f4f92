import { readFileSync } from "node:fs";
import { appendFile, mkdir, readFile, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "./atomic-write.js";
import { contentHash } from "./read-tracker.js";

/** SHA-256 (hex) of a blob kept in the store. */
export type BlobRef = string;

/** One file of a checkpoint as stored: blob refs, null for "did not exist". */
export interface StoredFile {
  /** POSIX, relative to the root. */
  path: string;
  /** `"unknown"`: the content before is not known (a scan without git saw only the after). */
  before: BlobRef | null | "unknown";
  after: BlobRef | null;
  /** `after` is a symlink a command made (the blob is its target): undo removes the link. */
  afterLink?: true;
}

/** One recorded change: the files one tool call touched, before and after. */
export interface CheckpointEntry {
  /** `<session>:<n>`: unique even when two sessions append to the same store. */
  id: string;
  /** The session that made it; turns are numbered per session. */
  session: string;
  turn: number;
  /** The tool that made the change (`edit_replace_exact`, `shell_run`, …). */
  tool: string;
  /** ISO time. */
  time: string;
  files: StoredFile[];
}

type IndexLine = { entry: CheckpointEntry } | { undone: string[]; time: string };

/**
 * Checkpoint data of one repository, in files under a folder of the data dir: `index.jsonl`
 * (entries and undo marks, appended) and `blobs/xx/<sha256>` (content-addressed file contents).
 * A torn last line (a crash mid-append) is ignored on load. Folders are created 0700, files 0600.
 */
export class CheckpointStore {
  constructor(readonly dir: string) {}

  private get indexFile(): string {
    return join(this.dir, "index.jsonl");
  }

  /** Entries in the order recorded, and the ids undone since. */
  async load(): Promise<{ entries: CheckpointEntry[]; undone: Set<string> }> {
    let text = "";
    try {
      text = await readFile(this.indexFile, "utf8");
    } catch {
      // No index yet: nothing recorded.
    }
    return parseIndex(text);
  }

  /** The entries of the store in `dir` not undone, oldest first, read synchronously. */
  static readSync(dir: string): CheckpointEntry[] {
    let text = "";
    try {
      text = readFileSync(join(dir, "index.jsonl"), "utf8");
    } catch {
      return [];
    }
    const { entries, undone } = parseIndex(text);
    return entries.filter((e) => !undone.has(e.id));
  }

  async append(line: IndexLine): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await appendFile(this.indexFile, `${JSON.stringify(line)}\n`, { mode: 0o600 });
  }

  /** Stores bytes once per content; returns their ref. */
  async putBlob(bytes: Uint8Array): Promise<BlobRef> {
    const ref = contentHash(bytes);
    const file = this.blobPath(ref);
    const present = await stat(file).then(
      (info) => info.size === bytes.length,
      () => false,
    );
    if (!present) {
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      await writeFileAtomic(file, bytes, { mode: 0o600 });
    }
    return ref;
  }

  /** @throws when the blob is missing (the data dir was cleaned). */
  getBlob(ref: BlobRef): Promise<Buffer> {
    return readFile(this.blobPath(ref));
  }

  private blobPath(ref: BlobRef): string {
    return join(this.dir, "blobs", ref.slice(0, 2), ref.slice(2));
  }
}

function parseIndex(text: string): { entries: CheckpointEntry[]; undone: Set<string> } {
  const entries: CheckpointEntry[] = [];
  const undone = new Set<string>();
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    let parsed: IndexLine;
    try {
      parsed = JSON.parse(line) as IndexLine;
    } catch {
      continue;
    }
    if ("entry" in parsed) entries.push(parsed.entry);
    else for (const id of parsed.undone) undone.add(id);
  }
  return { entries, undone };
}
