import { lstatSync, readdirSync, realpathSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import {
  isInside,
  readBoundedFileSync,
  readRepoFileSync,
  type SafeReadResult,
} from "../../workspace/index.js";
import { configDir } from "../config/paths.js";
import { maskForModel } from "../../log/secret-formats.js";

/** All rules together are capped at this many bytes; what is cut is marked `[truncated]`. */
export const RULES_BUDGET = 30 * 1024;
/** One rule file is read up to this many bytes (the budget cuts further). */
const MAX_RULE_FILE_BYTES = 64 * 1024;
/** Cursor rule files read at most. */
const MAX_MDC_FILES = 100;

export interface RuleFile {
  /** As shown to the model: relative to the repository root, or `~/.config/…` style for global. */
  label: string;
  path: string;
  text: string;
}

/** A rule file found; `inRepo` ones are read under the repository rules (see `readRepoFileSync`). */
export interface RuleSource {
  label: string;
  path: string;
  inRepo: boolean;
}

/**
 * The files whose rules reach the model with every request, in order: the global `AGENTS.md` in
 * the config folder; `AGENTS.md` of every folder from the filesystem root down to the repository
 * (with `CLAUDE.md` where a folder has no AGENTS.md); Cursor rules in `.cursor/rules/**\/*.mdc`
 * sorted by path (front matter dropped, body kept). Whatever is there is listed (a FIFO too):
 * reading decides whether it can be used.
 */
/** The rules file in force in `dir`: its AGENTS.md, else its CLAUDE.md, else none. */
export function folderRulesFile(dir: string): string | undefined {
  return ["AGENTS.md", "CLAUDE.md"].map((n) => join(dir, n)).find(exists);
}

export function findRuleFiles(root: string, env: Record<string, string | undefined>): RuleSource[] {
  const found: RuleSource[] = [];
  const global = join(configDir(env), "AGENTS.md");
  if (exists(global)) found.push({ label: global, path: global, inRepo: false });
  const folders: string[] = [];
  for (let dir = root; ; dir = dirname(dir)) {
    folders.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  for (const dir of folders) {
    const file = folderRulesFile(dir);
    if (file) found.push({ label: labelFor(root, file), path: file, inRepo: dir === root });
  }
  for (const file of mdcFiles(root))
    found.push({ label: labelFor(root, file), path: file, inRepo: true });
  return found;
}

/**
 * Reads the rules, re-reading only files whose size or mtime changed since the last call.
 * Returns the block for the system prompt, or "" when there are none. A file that cannot be
 * used (outside the repository after symlinks, not a regular file, unreadable) is left out, and
 * said once through `takeNotices`.
 */
export class ProjectRules {
  private cache = new Map<string, { stamp: string; text: string }>();
  private readonly reported = new Set<string>();
  private pending: string[] = [];
  private looked: string | undefined;

  constructor(
    private readonly root: string,
    private readonly env: Record<string, string | undefined>,
  ) {}

  block(): string {
    const files: RuleFile[] = [];
    for (const source of findRuleFiles(this.root, this.env)) {
      const text = this.read(source);
      if (text !== undefined) files.push({ label: source.label, path: source.path, text });
    }
    return renderRules(files);
  }

  /**
   * `block()` as of the last look: the files are looked for once until `lookAgain`. A session
   * looks once per turn and once between turns, not on each prompt build (the request, each
   * subscriber's context meter, a summary's: ~7 in a one-step run).
   */
  current(): string {
    return (this.looked ??= this.block());
  }

  lookAgain(): void {
    this.looked = undefined;
  }

  /** Lines for the person about rule files left out since the last call, each file once. */
  takeNotices(): string[] {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }

  private read(source: RuleSource): string | undefined {
    const { path, label } = source;
    let stamp = "";
    try {
      const stat = statSync(path);
      stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
      const hit = this.cache.get(path);
      if (hit?.stamp === stamp) return hit.text;
    } catch {
      // a dangling link or a loop: reading says why
    }
    const options = { maxBytes: MAX_RULE_FILE_BYTES };
    const result: SafeReadResult = source.inRepo
      ? readRepoFileSync(this.root, path, options)
      : readBoundedFileSync(path, options);
    if (!result.ok) {
      this.cache.delete(path);
      if (!result.missing && !this.reported.has(path)) {
        this.reported.add(path);
        this.pending.push(`${label} was left out of the rules: ${result.reason}.`);
      }
      return undefined;
    }
    let text = maskForModel(result.text);
    if (path.endsWith(".mdc")) text = text.replace(/^---\n[\s\S]*?\n---\n?/, "");
    if (stamp) this.cache.set(path, { stamp, text });
    return text;
  }
}

export function renderRules(files: readonly RuleFile[]): string {
  if (files.length === 0) return "";
  let budget = RULES_BUDGET;
  const parts: string[] = [];
  for (const file of files) {
    const body = file.text.trim();
    const bytes = Buffer.byteLength(body);
    if (budget <= 0) {
      parts.push(`## ${file.label}\n[truncated]`);
      continue;
    }
    const kept =
      bytes <= budget
        ? body
        : `${Buffer.from(body)
            .subarray(0, budget)
            .toString("utf8")
            .replace(/\uFFFD$/, "")}\n[truncated]`;
    budget -= Math.min(bytes, budget);
    parts.push(`## ${file.label}\n${kept}`);
  }
  return `# Project rules\nThe person's standing instructions for this repository. Follow them.\n\n${parts.join("\n\n")}`;
}

function labelFor(root: string, file: string): string {
  const rel = relative(root, file);
  return rel.startsWith("..") ? file : rel.split(sep).join("/");
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The `.mdc` files below `.cursor/rules` (files or symlinks; symlinked folders are not entered),
 * at most `MAX_MDC_FILES`; none when the folder leads outside the repository.
 */
function mdcFiles(root: string): string[] {
  const dir = join(root, ".cursor", "rules");
  let entries;
  try {
    if (!isInside(realpathSync.native(root), realpathSync.native(dir))) return [];
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => (e.isFile() || e.isSymbolicLink()) && e.name.endsWith(".mdc"))
    .map((e) => join(e.parentPath, e.name))
    .sort()
    .slice(0, MAX_MDC_FILES);
}
