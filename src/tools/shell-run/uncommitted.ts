import { relative } from "node:path";
import { startOwnGit } from "../../shell/index.js";
import { stopIfHeldByFifo } from "../../workspace/index.js";

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

/**
 * Asks North's confined git (`startOwnGit`: sandboxed read-only where possible, hardened always,
 * the repository's config unable to start a program); NUL-separated entries; undefined on any
 * failure, after 5 s, past 4 MiB, or once git waits on a FIFO the repository planted.
 */
async function gitLines(root: string, args: string[]): Promise<string[] | undefined> {
  let child;
  try {
    ({ child } = await startOwnGit(["--no-optional-locks", ...args], {
      root,
      env: { LC_ALL: "C" },
      stdin: "ignore",
    }));
  } catch {
    return undefined; // git missing, or refused on a redirecting git directory
  }
  const held = stopIfHeldByFifo(child);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.stdout?.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT) child.kill("SIGKILL");
      else chunks.push(chunk);
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      const out = Buffer.concat(chunks).toString("utf8");
      resolve(
        code !== 0 || size > MAX_OUTPUT || held() ? undefined : out.split("\0").filter(Boolean),
      );
    });
  });
}
