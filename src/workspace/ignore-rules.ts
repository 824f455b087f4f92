import { join } from "node:path";
import ignore, { type Ignore } from "ignore";
import { readBoundedFileSync } from "./safe-read.js";

/**
 * Entry names skipped everywhere, whatever the ignore files say: version-control internals,
 * installed dependencies, virtualenvs and tool caches. Build outputs (`dist`, `build`, `target`)
 * are NOT here: people ask about them, and projects list them in `.gitignore` when they are
 * generated. `search_text` passes the same list to ripgrep as `--glob !NAME`.
 */
export const ALWAYS_SKIPPED: ReadonlySet<string> = new Set([
  ".git",
  ".hg",
  ".svn",
  ".bzr",
  ".jj",
  "node_modules",
  ".venv",
  "venv",
  "__pycache__",
  ".mypy_cache",
  ".pytest_cache",
  ".ruff_cache",
  ".tox",
  ".next",
  ".nuxt",
  ".svelte-kit",
  ".turbo",
  ".parcel-cache",
  ".cache",
  ".gradle",
  ".terraform",
  ".DS_Store",
]);

/** An ignore file is read up to this size; the rest is not applied. */
const MAX_IGNORE_FILE_BYTES = 1024 * 1024;

/**
 * Compiled ignore files shared across operations of one workspace, keyed by absolute file path and
 * reused while the file's text is unchanged (the text is re-read on every operation, so edits to
 * a `.gitignore` are seen at once). Each operation tests paths on its own copy (compiled rules are
 * shared), so the per-path result cache of `ignore` lives only as long as the operation.
 */
export type MatcherCache = Map<string, { text: string; matcher: Ignore }>;

/**
 * The ignore rules of one operation (a walk, a check): `.git/info/exclude`, then `.gitignore` at
 * the root and in each folder, deeper files taking precedence as in git. Paths are POSIX,
 * relative to the root (`""` is the root). Matchers are loaded per folder on demand and kept for
 * the life of this object.
 */
export class IgnoreRules {
  /** Folder → its `.gitignore` matcher, or null when it has none. */
  private readonly byDir = new Map<string, Ignore | null>();
  private exclude: Ignore | null | undefined;
  private readonly suppressed = new Set<string>();

  constructor(
    private readonly root: string,
    private readonly cache: MatcherCache = new Map(),
  ) {}

  /** Loads `.git/info/exclude` and the `.gitignore` of `dir` (once; `hasFile` false skips the read). */
  async loadDir(dir: string, hasFile = true): Promise<void> {
    if (this.exclude === undefined) {
      this.exclude = await this.compile(join(this.root, ".git", "info", "exclude"));
    }
    if (this.byDir.has(dir)) return;
    this.byDir.set(dir, hasFile ? await this.compile(join(this.root, dir, ".gitignore")) : null);
  }

  /** Loads the matchers of every folder from the root down to `dir`. */
  async loadAncestors(dir: string): Promise<void> {
    await this.loadDir("");
    if (dir === "" || dir === ".") return;
    const parts = dir.split("/");
    for (let i = 1; i <= parts.length; i++) await this.loadDir(parts.slice(0, i).join("/"));
  }

  /**
   * Whether `rel` is ignored by the loaded rules (its ancestors' matchers must be loaded). Does
   * not look at `ALWAYS_SKIPPED`; see `isSkipped`.
   */
  matches(rel: string, isDir: boolean): boolean {
    let dir = rel;
    for (;;) {
      const slash = dir.lastIndexOf("/");
      dir = slash === -1 ? "" : dir.slice(0, slash);
      const matcher = this.suppressed.has(dir) ? null : this.byDir.get(dir);
      if (matcher) {
        const sub = dir === "" ? rel : rel.slice(dir.length + 1);
        const result = matcher.test(isDir ? `${sub}/` : sub);
        if (result.ignored) return true;
        if (result.unignored) return false;
      }
      if (dir === "") break;
    }
    if (this.exclude && !this.suppressed.has(".git/info/exclude")) {
      return this.exclude.test(isDir ? `${rel}/` : rel).ignored;
    }
    return false;
  }

  /**
   * Stops applying the matchers that ignore `dir` itself (or one of its ancestors). A folder
   * named explicitly is searched even when ignored, as ripgrep does with an explicit path; the
   * rules of the files that ignore it are then not applied below it.
   */
  suppressRulesIgnoring(dir: string): void {
    if (dir === "" || dir === ".") return;
    const parts = dir.split("/");
    for (let i = 1; i <= parts.length; i++) {
      const sub = parts.slice(0, i).join("/");
      for (const [owner, matcher] of this.byDir) {
        if (!matcher || !(owner === "" || sub.startsWith(`${owner}/`))) continue;
        const local = owner === "" ? sub : sub.slice(owner.length + 1);
        if (matcher.test(`${local}/`).ignored) this.suppressed.add(owner);
      }
      if (this.exclude?.test(`${sub}/`).ignored) this.suppressed.add(".git/info/exclude");
    }
  }

  private async compile(file: string): Promise<Ignore | null> {
    // Bounded and non-blocking: a FIFO or a /dev/zero link named .gitignore is no ignore file.
    const read = readBoundedFileSync(file, { maxBytes: MAX_IGNORE_FILE_BYTES });
    if (!read.ok) return null;
    const text = read.text;
    let cached = this.cache.get(file);
    if (!cached || cached.text !== text) {
      cached = { text, matcher: ignore({ allowRelativePaths: true }).add(text) };
      this.cache.set(file, cached);
    }
    return ignore({ allowRelativePaths: true }).add(cached.matcher);
  }
}

/** Whether any segment of `rel` is in `ALWAYS_SKIPPED`. */
export function isSkipped(rel: string): boolean {
  for (const part of rel.split("/")) if (ALWAYS_SKIPPED.has(part)) return true;
  return false;
}
