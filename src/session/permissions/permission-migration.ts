import { lstatSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import { readRepoFileSync, stopIfHeldByFifo } from "../../workspace/index.js";
import { wellFormedRule, type AllowRule } from "./allow-rules.js";
import { childProcess } from "../../platform/lazy-builtins.js";

const FILES = ["autoaccept.json", "allowlist.json"] as const;

/** What the one-time look at `.north/` found and imported. */
export interface LegacyPermissions {
  edits: boolean;
  commands: AllowRule[];
  /** The files found, for a notice ("`.north/allowlist.json`"); undefined when none. */
  found?: string;
  /** One line for the person: what was imported, or why nothing was. */
  notice?: string;
}

const AGAIN = `Permissions found inside a repository grant nothing; choose "always" in a review to allow it again.`;

/**
 * Reads the person's legacy `.north/autoaccept.json` and `.north/allowlist.json` of `root` (a
 * real path), only when they are demonstrably the person's own: `.north` a real folder inside
 * the root (not a symlink, not a submodule: no gitlink, no `.north/.git`), each file a regular
 * file, the root a git work tree that tracks neither file. Only well-formed rules are kept;
 * prefix rules for open-ended programs (interpreters, wrappers) are dropped. Never throws.
 */
export async function migrateLegacyPermissions(root: string): Promise<LegacyPermissions> {
  const none: LegacyPermissions = { edits: false, commands: [] };
  const dir = join(root, ".north");
  const present = FILES.filter((name) => exists(join(dir, name)));
  if (present.length === 0) return none;
  const found = present.map((name) => `.north/${name}`).join(" and ");
  const refuse = (why: string): LegacyPermissions => ({
    ...none,
    found,
    notice: `${found} not imported: ${why}. ${AGAIN}`,
  });
  const why = await untrustedBecause(root, dir, present);
  if (why) return refuse(why);

  const auto = readJson(root, ".north/autoaccept.json") as { edits?: unknown } | undefined;
  const allow = readJson(root, ".north/allowlist.json") as { commands?: unknown } | undefined;
  const raw = Array.isArray(allow?.commands) ? allow.commands : [];
  const commands = raw.flatMap((value) => {
    const rule = wellFormedRule(value);
    return rule ? [rule] : [];
  });
  const edits = auto?.edits === true;
  const dropped = raw.length - commands.length;
  const what = [
    ...(edits ? ["edits auto-accepted"] : []),
    `${commands.length} command rule${commands.length === 1 ? "" : "s"}`,
  ].join(", ");
  const droppedText =
    dropped > 0
      ? ` (${dropped} dropped: malformed, or a prefix for an interpreter or wrapper, which would allow any command)`
      : "";
  return {
    edits,
    commands,
    found,
    notice: `Imported your permissions from ${found} into North's data folder once: ${what}${droppedText}. Those files are not read any more; you may delete them.`,
  };
}

/** Why the files may not be the person's own, or undefined when they demonstrably are. */
async function untrustedBecause(
  root: string,
  dir: string,
  present: readonly string[],
): Promise<string | undefined> {
  const info = lstatSync(dir, { throwIfNoEntry: false });
  if (!info || info.isSymbolicLink()) return "`.north` is a symbolic link";
  if (!info.isDirectory()) return "`.north` is not a folder";
  if (realOf(dir) !== dir) return "`.north` resolves outside the repository";
  if (lstatSync(join(dir, ".git"), { throwIfNoEntry: false })) {
    return "`.north` is a git repository or submodule of its own";
  }
  for (const name of present) {
    if (!lstatSync(join(dir, name), { throwIfNoEntry: false })?.isFile()) {
      return `\`.north/${name}\` is a symbolic link or not a regular file`;
    }
  }
  const inside = await git(root, ["rev-parse", "--is-inside-work-tree"]);
  if (inside?.trim() !== "true") {
    return "the folder is not a git work tree, so North cannot tell whether they came with it";
  }
  const staged = await git(root, ["ls-files", "-s", "--", ".north"]);
  if (staged === undefined) return "git could not list the repository's files";
  if (staged.split("\n").some((line) => line.startsWith("160000 "))) {
    return "`.north` is a git submodule";
  }
  const tracked = await git(root, ["ls-files", "--", ...present.map((n) => `.north/${n}`)]);
  if (tracked === undefined || tracked.trim() !== "") return "they are committed to the repository";
  return undefined;
}

/**
 * Runs git in `root` with repository hooks that could run programs turned off; undefined on
 * failure, after 5 s, or once git waits on a FIFO the repository planted (its config).
 */
function git(root: string, args: string[]): Promise<string | undefined> {
  const safe = ["-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null"];
  return new Promise((resolve) => {
    const child = childProcess().execFile(
      "git",
      [...safe, ...args],
      { cwd: root, timeout: 5000 },
      (error, out) => resolve(error || held() ? undefined : out),
    );
    const held = stopIfHeldByFifo(child);
  });
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  }
}

function realOf(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** A legacy file of the repository, read under the workspace's rules (regular, no FIFO, capped). */
function readJson(root: string, relPath: string): unknown {
  const read = readRepoFileSync(root, relPath, { maxBytes: LEGACY_MAX_BYTES });
  if (!read.ok || read.truncated) return undefined;
  try {
    return JSON.parse(read.text);
  } catch {
    return undefined;
  }
}

/** A legacy permissions file is a few lines; a larger one is not read. */
const LEGACY_MAX_BYTES = 64 * 1024;
