import { tmpdir } from "node:os";
import { isAbsolute, relative as relativePath, resolve as resolvePath, sep } from "node:path";
import type { Word } from "./command-words.js";

/** Where a path argument points, as far as can be told before the command runs. */
export type Place =
  | { kind: "inside" }
  | { kind: "outside"; absolute: string }
  /** The repository's root itself, or every entry of it (`*` there). */
  | { kind: "root" }
  /** The `.git` folder or something in it. */
  | { kind: "git" }
  /** Computed at run time, relative to an unknown `cd`, read from input, or `~user`. */
  | { kind: "unknown" };

export interface PathScope {
  /** Where relative paths start; undefined when not known in advance. */
  cwd: string | undefined;
  fromInput: boolean;
  root: string;
  home: string;
}

const GLOB = /[*?[]/;

/** `~` and `~/x` expanded; undefined for `~user` (another home, not known here). */
export function expandTilde(word: Word, home: string): string | undefined {
  if (!word.tilde) return word.text;
  if (word.text === "~" || word.text.startsWith("~/")) return home + word.text.slice(1);
  return undefined;
}

/** Whether `p` is `dir` or below it (both absolute). */
export function isWithin(dir: string, p: string): boolean {
  const rel = relativePath(dir, p);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/** Folders nobody keeps work in: paths strictly below them are temporary. */
export function isTemporary(p: string): boolean {
  return [tmpdir(), "/tmp", "/var/tmp"].some((dir) => p !== dir && isWithin(dir, p));
}

/**
 * Classifies a path argument; an ancestor of the root is outside. A glob counts by its folder:
 * `build/*` is inside, `/*` outside,
 * `*` in the root is every entry of the repository, `.*` there may match `.git`.
 */
export function classifyPath(word: Word, scope: PathScope): Place {
  if (scope.fromInput || word.dynamic) return { kind: "unknown" };
  const text = expandTilde(word, scope.home);
  if (text === undefined) return { kind: "unknown" };
  if (!isAbsolute(text) && scope.cwd === undefined) return { kind: "unknown" };
  const base = scope.cwd ?? scope.root;
  const glob = GLOB.exec(text);
  if (!glob) return classifyAbsolute(resolvePath(base, text), scope.root);
  const literal = text.slice(0, glob.index);
  const slash = literal.lastIndexOf("/");
  const dir = resolvePath(base, slash < 0 ? "." : literal.slice(0, slash + 1) || "/");
  const pattern = text.slice(slash + 1).split("/")[0] ?? "";
  const place = classifyAbsolute(dir, scope.root);
  if (place.kind !== "root") return place;
  if (/^\*+$/.test(pattern)) return { kind: "root" };
  return pattern.startsWith(".") ? { kind: "git" } : { kind: "inside" };
}

function classifyAbsolute(absolute: string, root: string): Place {
  if (absolute === root) return { kind: "root" };
  if (!isWithin(root, absolute)) return { kind: "outside", absolute };
  const first = relativePath(root, absolute).split(sep)[0];
  return first === ".git" ? { kind: "git" } : { kind: "inside" };
}
