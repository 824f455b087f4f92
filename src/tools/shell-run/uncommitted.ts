import { relative } from "node:path";
import { ownGitText } from "../own-git-text.js";

/** What a command would discard, as `detectWorkLoss` (shell/danger.ts) names it. */
export interface LossQuery {
  loss: "tracked" | "untracked" | "folder" | "stash" | "remote";
  /** Absolute paths the command names; empty for the whole tree. */
  paths: string[];
}

/** Most file names listed; the rest are counted. */
const MAX_LISTED = 10;

/**
 * What a command would discard of the person's uncommitted work, in a sentence ("Uncommitted
 * changes it would discard: a.ts, b.ts."), or undefined when git says nothing would be lost
 * (`git reset --hard` on a clean tree, `rm -r` of a folder git tracks nothing in). When git
 * cannot tell, it says so: the command is then reviewed all the same.
 */
export async function atRisk(root: string, query: LossQuery): Promise<string | undefined> {
  if (query.loss === "stash") return "Stashes are not in the checkpoints /undo uses.";
  if (query.loss === "remote") return undefined;
  const specs = query.paths.length > 0 ? query.paths.map((p) => relative(root, p) || ".") : ["."];
  const changed = await gitLines(root, [
    "status",
    "--porcelain=v1",
    "-z",
    query.loss === "untracked" ? "--untracked-files=all" : "--untracked-files=no",
    "--",
    ...specs,
  ]);
  if (changed === undefined) return "North could not ask git what it would discard.";
  const files = changed
    .filter((line) => (query.loss === "untracked" ? line.startsWith("??") : !line.startsWith("??")))
    .map((line) => line.slice(3));
  if (query.loss === "folder") {
    const tracked = await gitLines(root, ["ls-files", "-z", "--", ...specs]);
    if (tracked === undefined) return "North could not ask git what it would discard.";
    if (tracked.length === 0) return undefined;
    const what = `Files git tracks there: ${tracked.length}.`;
    return files.length === 0 ? what : `${what} ${listed("Uncommitted changes lost", files)}`;
  }
  if (files.length === 0) return undefined;
  return listed(
    query.loss === "untracked" ? "Untracked files deleted" : "Uncommitted changes it would discard",
    files,
  );
}

function listed(label: string, files: string[]): string {
  const shown = files.slice(0, MAX_LISTED).join(", ");
  const more = files.length > MAX_LISTED ? ` and ${files.length - MAX_LISTED} more` : "";
  return `${label}: ${shown}${more}.`;
}

/** Output of git read here, at most. */
const MAX_OUTPUT = 4 * 1024 * 1024;

/** git's NUL-separated entries (`ownGitText`: 5 s, 4 MiB at most), or undefined. */
async function gitLines(root: string, args: string[]): Promise<string[] | undefined> {
  const out = await ownGitText(root, args, { timeoutMs: 5000, maxBytes: MAX_OUTPUT });
  return out?.split("\0").filter(Boolean);
}
