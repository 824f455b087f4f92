import { createHash } from "node:crypto";
import { appendFile, mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/** How many past inputs are kept in memory and offered by ↑. */
export const HISTORY_LIMIT = 500;

/**
 * The input history of one project: `<data dir>/history/<hash of the root>.jsonl`, one JSON
 * string per line, appended as the person sends. Reading and writing never throw: a history
 * that cannot be read starts empty, and one that cannot be written is kept in memory only.
 */
export class InputHistory {
  private entries: string[] = [];
  /** Position while walking: `entries.length` means "the draft being typed". */
  private index = 0;
  private draft = "";
  private writing: Promise<unknown> = Promise.resolve();

  constructor(private readonly file: string | undefined) {}

  static fileFor(dataDir: string, root: string): string {
    const id = createHash("sha256").update(root).digest("hex").slice(0, 16);
    return join(dataDir, "history", `${id}.jsonl`);
  }

  async load(): Promise<void> {
    if (!this.file) return;
    try {
      const lines = (await readFile(this.file, "utf8")).split("\n").filter(Boolean);
      const parsed = lines.slice(-HISTORY_LIMIT).flatMap((line) => {
        try {
          const value: unknown = JSON.parse(line);
          return typeof value === "string" ? [value] : [];
        } catch {
          return [];
        }
      });
      this.entries = [...parsed, ...this.entries];
    } catch {
      // No history yet.
    }
    this.index = this.entries.length;
  }

  /** Records a sent input (consecutive duplicates once) and resets the walk. */
  add(text: string): void {
    if (text.trim() && this.entries.at(-1) !== text) {
      this.entries.push(text);
      if (this.entries.length > HISTORY_LIMIT) this.entries.shift();
      if (this.file) {
        const file = this.file;
        this.writing = this.writing
          .then(() => mkdir(join(file, ".."), { recursive: true }))
          .then(() => appendFile(file, `${JSON.stringify(text)}\n`))
          .catch(() => undefined);
      }
    }
    this.index = this.entries.length;
    this.draft = "";
  }

  /** Resolves once every entry added so far is on disk (or failed to be written). */
  flush(): Promise<void> {
    return this.writing.then(() => undefined);
  }

  /** Whether ↑ has taken the composer into the history (until a send, or ↓ back to the draft). */
  get browsing(): boolean {
    return this.index < this.entries.length;
  }

  /** ↑: the previous entry, remembering `current` as the draft; `undefined` at the oldest. */
  previous(current: string): string | undefined {
    if (this.index === 0) return undefined;
    if (this.index === this.entries.length) this.draft = current;
    this.index--;
    return this.entries[this.index];
  }

  /** ↓: the next entry, or the draft after the newest; `undefined` when not walking. */
  next(): string | undefined {
    if (this.index >= this.entries.length) return undefined;
    this.index++;
    return this.index === this.entries.length ? this.draft : this.entries[this.index];
  }
}
