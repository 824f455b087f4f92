/**
 * The `@` picker's index of a repository's paths, so that a key typed in a repository of 200,000
 * files costs a bounded scan, not a walk or a sort of everything. It grows: `addJoined` appends a
 * chunk of paths as a listing delivers them (see `index-feeder.ts`, which adds them in slices),
 * and every query answers from what is indexed so far.
 *
 * Paths are kept as the listing gives them, joined by NUL, each chunk with its lower-cased copy
 * (see `path-scan.ts`), not as one string per path: cutting 60,000 paths into strings and indexing
 * them took ~150 ms of the interface's thread in a fresh process, and the first `@mod12` waited for
 * it. A query scans the lower-cased text with `indexOf`, jumping over every path that cannot hold
 * its next character; only the paths it matches are scored and only the best are cut out.
 * - the folders a chunk names are found once, when it is added, and become entries of their own;
 * - a query that extends the previous one (one more character typed) is matched only against the
 *   previous query's matches and the chunks added since: fuzzy matches of `abc` are matches of `ab`;
 * - only the best `limit` are kept while scanning (no sort of all matches).
 */
import {
  filesIn,
  joinedPaths,
  lowerSameLength,
  extendAt,
  matched,
  newCursor,
  query as toQuery,
  scanMatches,
  type Chunk,
} from "./path-scan.js";

interface Children {
  folders: string[];
  /** `folders` is sorted (cleared when one is added). */
  sorted: boolean;
}

/** Numbers kept per match: chunk, start, end and `matched`'s four. */
const MATCH = 7;

/**
 * A query's matches, `MATCH` integers each, in a typed array grown by doubling: a broad query
 * (`m`) matches nearly every path, and pushing seven numbers each onto an array took most of
 * its scan.
 */
class Matches {
  data = new Int32Array(MATCH * 1024);
  length = 0;

  add(chunk: number, start: number, end: number): void {
    if (this.length + MATCH > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const d = this.data;
    const at = this.length;
    d[at] = chunk;
    d[at + 1] = start;
    d[at + 2] = end;
    d[at + 3] = matched.nameStart;
    d[at + 4] = matched.at;
    d[at + 5] = matched.run;
    d[at + 6] = matched.chars;
    this.length = at + MATCH;
  }
}

/** The last query, its characters, its matches (`MATCH` numbers each), how many chunks it saw. */
interface LastQuery {
  query: string;
  chars: number;
  matches: Matches;
  best: string[];
  seen: number;
}

export class PathIndex {
  /** Folder chunks and file chunks, in the order they were added (a folder before its files). */
  private readonly chunks: (Chunk & { folders: boolean })[] = [];
  private readonly folders = new Set<string>();
  private readonly children = new Map<string, Children>();
  private entries = 0;
  private fileCount = 0;
  private last: LastQuery | undefined;
  private listed: { folder: string; seen: number; paths: string[] } | undefined;

  constructor(files: readonly string[] = []) {
    this.add(files);
  }

  /** Entries indexed: files and their folders. */
  get size(): number {
    return this.entries;
  }

  /** Files indexed. */
  get files(): number {
    return this.fileCount;
  }

  /** Indexes more files (POSIX, relative to the root; each once), with the folders they name. */
  add(files: readonly string[]): void {
    if (files.length > 0) this.addJoined(`${files.join("\0")}\0`);
  }

  /**
   * Indexes the files of `text`: whole paths, each followed by NUL (empty ones are skipped).
   * The text is kept as it is (a slice of a larger one stays one).
   */
  addJoined(text: string): void {
    const found: string[] = [];
    let files = 0;
    let parent = "";
    for (let start = 0; start < text.length;) {
      let end = text.indexOf("\0", start);
      if (end === -1) end = text.length;
      if (end > start) {
        files++;
        const slash = text.lastIndexOf("/", end - 1);
        // Paths of a folder come together: its name is cut out once, not once per file.
        if (
          slash >= start &&
          !(slash - start + 1 === parent.length && text.startsWith(parent, start))
        ) {
          parent = text.slice(start, slash + 1);
          this.folder(parent, found);
        }
      }
      start = end + 1;
    }
    if (found.length > 0) this.push(`${found.join("\0")}\0`, true, found.length);
    if (files > 0) this.push(text, false, files);
  }

  /** Records `folder` and its parents not yet known, parents first, into `found`. */
  private folder(folder: string, found: string[]): void {
    if (this.folders.has(folder)) return;
    const cut = folder.lastIndexOf("/", folder.length - 2);
    if (cut !== -1) this.folder(folder.slice(0, cut + 1), found);
    this.folders.add(folder);
    found.push(folder);
    const parent = folder.slice(0, cut + 1);
    let list = this.children.get(parent);
    if (!list) this.children.set(parent, (list = { folders: [], sorted: true }));
    list.folders.push(folder);
    list.sorted = false;
  }

  private push(text: string, folders: boolean, count: number): void {
    this.chunks.push({ text, lower: lowerSameLength(text), folders });
    this.entries += count;
    if (!folders) this.fileCount += count;
  }

  /** The best `limit` fuzzy matches of `query` (non-empty), best first (scored as path-scan.ts says). */
  find(query: string, limit: number): string[] {
    const q = query.toLowerCase();
    const parsed = toQuery(q);
    const seen = this.chunks.length;
    const last = this.last;
    if (last?.query === q && last.seen === seen) return last.best;
    const top = new Best(limit);
    const matches = new Matches();
    const consider = (chunk: number, start: number, end: number, score: number) => {
      matches.add(chunk, start, end);
      top.offer(score, this.chunks[chunk]!.text, start, end);
    };
    let from = 0;
    // Typed one character more: the greedy match of the shorter query is where this one's
    // starts, so each of its matches is extended from where it ended, not matched again.
    const extend = last && q.startsWith(last.query) ? last.chars : undefined;
    if (last && extend !== undefined && parsed.chars.slice(0, extend).join("") === last.query) {
      const m = last.matches.data;
      const count = last.matches.length;
      const state = { nameStart: 0, at: 0, run: 0, chars: 0 };
      for (let i = 0; i < count;) {
        const chunk = m[i]!;
        const { lower } = this.chunks[chunk]!;
        // Paths of a chunk in order: the scorer's cursor only moves on.
        const cursor = newCursor();
        for (; i < count && m[i] === chunk; i += MATCH) {
          state.nameStart = m[i + 3]!;
          state.at = m[i + 4]!;
          state.run = m[i + 5]!;
          state.chars = m[i + 6]!;
          const score = extendAt(lower, parsed, extend, m[i + 1]!, m[i + 2]!, state, cursor);
          if (score !== undefined) consider(chunk, m[i + 1]!, m[i + 2]!, score);
        }
      }
      from = last.seen;
    }
    for (let c = from; c < seen; c++) {
      scanMatches(this.chunks[c]!.lower, parsed, (start, end, score) =>
        consider(c, start, end, score),
      );
    }
    const best = top.paths();
    this.last = { query: q, chars: parsed.chars.length, matches, best, seen };
    return best;
  }

  /** The entries directly inside `folder` (`""` the root, else ending in `/`): folders first. */
  childrenOf(folder: string): readonly string[] {
    const listed = this.listed;
    if (listed?.folder === folder && listed.seen === this.chunks.length) return listed.paths;
    const list = this.children.get(folder);
    if (list && !list.sorted) {
      list.folders.sort();
      list.sorted = true;
    }
    const files: string[] = [];
    for (const chunk of this.chunks) if (!chunk.folders) filesIn(chunk.text, folder, files);
    const paths = [...(list?.folders ?? []), ...files];
    this.listed = { folder, seen: this.chunks.length, paths };
    return paths;
  }

  /** Every file indexed, joined by NUL (each followed by one), in the order they were added. */
  joined(): string {
    return joinedPaths(this.chunks.filter((c) => !c.folders).map((c) => c.text));
  }
}

/** The best `limit` paths offered, kept in order as they come (ties: the path sorting first). */
class Best {
  private readonly top: { path: string; score: number }[] = [];

  constructor(private readonly limit: number) {}

  offer(score: number, text: string, start: number, end: number): void {
    const top = this.top;
    if (this.limit <= 0) return;
    const full = top.length === this.limit;
    const worst = top[top.length - 1];
    if (full && worst && score < worst.score) return;
    const path = text.slice(start, end);
    if (full && !better(score, path, worst!)) return;
    let at = full ? this.limit - 1 : top.length;
    while (at > 0 && better(score, path, top[at - 1]!)) {
      top[at] = top[at - 1]!;
      at--;
    }
    top[at] = { path, score };
  }

  paths(): string[] {
    return this.top.map((t) => t.path);
  }
}

function better(score: number, path: string, than: { path: string; score: number }): boolean {
  return score > than.score || (score === than.score && path < than.path);
}
