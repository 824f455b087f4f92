import { lstatSync, renameSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { configDir } from "../config/paths.js";
import { folderRulesFile } from "./project-rules.js";
import { crypto } from "../../platform/lazy-builtins.js";
import { readBoundedFileSync } from "../../workspace/safe-read.js";

/** The largest rules file a `#` message is appended to (it is rewritten whole). */
const MAX_RULES_BYTES = 1024 * 1024;

/** Where a `#` message may be saved as a rule. */
export interface RuleTarget {
  where: "project" | "global";
  /** The file, absolute. */
  path: string;
}

/**
 * The rule files a `#` message may go to, the repository's first: the rules file in force at
 * the root (AGENTS.md, else CLAUDE.md — a new AGENTS.md would silence a CLAUDE.md; AGENTS.md when
 * there is neither; project-rules.ts) and the person's global `AGENTS.md` in the config folder
 * (read with every repository's rules).
 */
export function ruleTargets(root: string, env: Record<string, string | undefined>): RuleTarget[] {
  return [
    { where: "project", path: folderRulesFile(root) ?? join(root, "AGENTS.md") },
    { where: "global", path: join(configDir(env), "AGENTS.md") },
  ];
}

/** The line a `#` message becomes: its text after the `#`, on one line, as a list item. */
export function ruleLine(message: string): string {
  const text = message
    .replace(/^#\s*/, "")
    .replace(/\s*\n\s*/g, " ")
    .trim();
  return `- ${text}`;
}

/**
 * Appends `line` to `target` atomically: the file's text and the line (after a line break when
 * the file does not end with one) go to a temporary file beside it, renamed over it, with the
 * file's permissions. A missing file is created (0644, its folder too). Refuses — returning why,
 * writing nothing — a path that is not a regular file (a symlink the repository planted would
 * send the write elsewhere). Never throws.
 */
export function appendRule(
  target: RuleTarget,
  line: string,
): { saved: true } | { saved: false; reason: string } {
  let before = "";
  let mode = 0o644;
  try {
    const stat = lstatSync(target.path);
    if (!stat.isFile()) return { saved: false, reason: `${target.path} is not a regular file` };
    // Read within the workspace's rules: never blocking (a FIFO swapped in), capped.
    const read = readBoundedFileSync(target.path, { maxBytes: MAX_RULES_BYTES });
    if (!read.ok) return { saved: false, reason: `${target.path}: ${read.reason}` };
    if (read.truncated) return { saved: false, reason: `${target.path} is over 1 MiB` };
    before = read.text;
    mode = stat.mode & 0o777;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT")
      return { saved: false, reason: `${target.path}: ${code ?? String(error)}` };
  }
  const separator = before === "" || before.endsWith("\n") ? "" : "\n";
  const temp = `${target.path}.${process.pid}.${crypto().randomBytes(4).toString("hex")}.tmp`;
  try {
    mkdirSync(dirname(target.path), { recursive: true });
    writeFileSync(temp, `${before}${separator}${line}\n`, { flag: "wx", mode });
    renameSync(temp, target.path);
    return { saved: true };
  } catch (error) {
    rmSync(temp, { force: true });
    return { saved: false, reason: (error as Error).message };
  }
}
