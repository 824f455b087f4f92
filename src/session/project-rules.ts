import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { configDir } from "./paths.js";

/** All rules together are capped at this many bytes; what is cut is marked `[truncated]`. */
export const RULES_BUDGET = 30 * 1024;

export interface RuleFile {
  /** As shown to the model: relative to the repository root, or `~/.config/…` style for global. */
  label: string;
  path: string;
  text: string;
}

/**
 * The files whose rules reach the model with every request, in order: the global `AGENTS.md` in
 * the config folder; `AGENTS.md` of every folder from the filesystem root down to the repository
 * (with `CLAUDE.md` where a folder has no AGENTS.md); Cursor rules in `.cursor/rules/**\/*.mdc`
 * sorted by path (front matter dropped, body kept).
 */
export function findRuleFiles(
  root: string,
  env: Record<string, string | undefined>,
): { label: string; path: string }[] {
  const found: { label: string; path: string }[] = [];
  const global = join(configDir(env), "AGENTS.md");
  if (isFile(global)) found.push({ label: global, path: global });
  const folders: string[] = [];
  for (let dir = root; ; dir = dirname(dir)) {
    folders.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  for (const dir of folders) {
    const file = ["AGENTS.md", "CLAUDE.md"].map((n) => join(dir, n)).find(isFile);
    if (file) found.push({ label: labelFor(root, file), path: file });
  }
  for (const file of mdcFiles(join(root, ".cursor", "rules")))
    found.push({ label: labelFor(root, file), path: file });
  return found;
}

/**
 * Reads the rules, re-reading only files whose size or mtime changed since the last call.
 * Returns the block for the system prompt, or "" when there are none.
 */
export class ProjectRules {
  private cache = new Map<string, { stamp: string; text: string }>();

  constructor(
    private readonly root: string,
    private readonly env: Record<string, string | undefined>,
  ) {}

  block(): string {
    const files: RuleFile[] = [];
    for (const { label, path } of findRuleFiles(this.root, this.env)) {
      const text = this.read(path);
      if (text !== undefined) files.push({ label, path, text });
    }
    return renderRules(files);
  }

  private read(path: string): string | undefined {
    try {
      const stat = statSync(path);
      const stamp = `${stat.size}:${stat.mtimeMs}`;
      const hit = this.cache.get(path);
      if (hit?.stamp === stamp) return hit.text;
      let text = readFileSync(path, "utf8");
      if (path.endsWith(".mdc")) text = text.replace(/^---\n[\s\S]*?\n---\n?/, "");
      this.cache.set(path, { stamp, text });
      return text;
    } catch {
      return undefined;
    }
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

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function mdcFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".mdc"))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}
