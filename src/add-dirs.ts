// `--add-dir DIR`: folders the person lets the tools use besides the repository. Only the
// command line and the person's `/add-dir` add them — never a file in the repository.
import { realpathSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** `~` and `~/…` expanded to the home folder; anything else resolved against the current folder. */
export function expandDir(dir: string, cwd = process.cwd()): string {
  const given = dir.trim();
  if (given === "~") return homedir();
  if (given.startsWith("~/")) return join(homedir(), given.slice(2));
  return resolve(cwd, given);
}

/**
 * The real path of a folder the person named, or why it cannot be added (a sentence for a
 * usage error: it does not exist, or it is not a folder).
 */
export function checkAddDir(dir: string, cwd?: string): { real: string } | { problem: string } {
  const absolute = expandDir(dir, cwd);
  try {
    const real = realpathSync.native(absolute);
    if (!statSync(real).isDirectory()) return { problem: `--add-dir ${dir}: not a folder` };
    return { real };
  } catch {
    return { problem: `--add-dir ${dir}: no such folder` };
  }
}

/** The `--add-dir` values checked: their real paths, or the first problem. */
export function addDirsOption(values: unknown): string[] | string {
  const list = Array.isArray(values) ? values : typeof values === "string" ? [values] : [];
  const dirs: string[] = [];
  for (const dir of list as string[]) {
    const checked = checkAddDir(dir);
    if ("problem" in checked) return checked.problem;
    if (!dirs.includes(checked.real)) dirs.push(checked.real);
  }
  return dirs;
}
