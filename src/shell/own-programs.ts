/**
 * The one way North runs its own programs in or on a repository (git for the project card,
 * `hotfiles` and undo's snapshots, ripgrep for the search tools). A repository — and anything a
 * sandboxed command wrote into it — is untrusted input, and these programs run without a review,
 * so they run confined:
 * - always with a minimal environment (`ownProgramEnv`: no provider key, no configured secret,
 *   none of the person's other variables);
 * - where the OS sandbox exists, in its read-only profile: the whole filesystem read-only except
 *   a private /tmp and the North folders named in `ownWritable`, no network, no capabilities;
 * - git, in addition, with `OWN_GIT_OPTIONS` (no hooks, fsmonitor, pager, signature programs,
 *   transports, system or global config) and, where no sandbox exists, never on a repository
 *   whose git directory sends git elsewhere (`gitRedirect`): the caller does without git.
 */
import type { ChildProcess } from "node:child_process";
import { accessSync, constants, lstatSync, realpathSync } from "node:fs";
import { delimiter, dirname, isAbsolute, join, resolve } from "node:path";
import { childProcess } from "../platform/lazy-builtins.js";
import { detectSandbox, ownProgramCommand } from "./sandbox/index.js";
import { isInside, readStart } from "./sandbox/workspace-mounts.js";

/** The person's variables North's own programs keep; every other one is left out. */
const KEPT = ["PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "TZ"];

/**
 * The environment of North's own programs: `KEPT` from `base` (an allowed list, so provider
 * keys, configured secrets, `GIT_*`, `RIPGREP_CONFIG_PATH` and the like never reach them), no
 * pager, no prompt, then `extra`.
 */
export function ownProgramEnv(
  extra: Record<string, string> = {},
  base: Record<string, string | undefined> = process.env,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of KEPT) {
    const value = base[key];
    if (value !== undefined) env[key] = value;
  }
  // A relative entry (".", "node_modules/.bin") would find a program of the repository's.
  if (env.PATH !== undefined) env.PATH = absoluteDirs(env.PATH).join(delimiter);
  return { ...env, PAGER: "cat", GIT_PAGER: "cat", GIT_TERMINAL_PROMPT: "0", ...extra };
}

/**
 * `-c` options for every git North runs: they outrank every config file, so a repository's
 * config (or one it includes) cannot make git start a program — hooks, fsmonitor, a pager, a
 * signature program for `log.showSignature`, an ssh command, a credential helper, a transport (a
 * lazy fetch of a partial clone) — nor find a bare repository planted below the work tree.
 */
export const OWN_GIT_OPTIONS: readonly string[] = [
  "core.fsmonitor=false",
  "core.hooksPath=/dev/null",
  "core.pager=cat",
  "core.sshCommand=false",
  "core.askPass=false",
  "credential.helper=",
  "protocol.allow=never",
  "log.showSignature=false",
  "gpg.program=false",
  "gpg.openpgp.program=false",
  "gpg.x509.program=false",
  "gpg.ssh.program=false",
  "submodule.recurse=false",
  "safe.bareRepository=explicit",
  "maintenance.auto=false",
  "gc.auto=0",
].flatMap((option) => ["-c", option]);

/** Git's own variables for North's git: no system or global config, no lazy fetch. */
function ownGitEnv(root: string): Record<string, string> {
  return {
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_NO_LAZY_FETCH: "1",
    GIT_PROTOCOL_FROM_USER: "0",
    GIT_OPTIONAL_LOCKS: "0",
    // A folder without a repository of its own never reaches one above it (a home's dotfiles).
    GIT_CEILING_DIRECTORIES: dirname(root),
  };
}

/**
 * Why git may not be run on `root` without the sandbox, or undefined: its git directory sends
 * git elsewhere — a `commondir` file (config, hooks and refs would come from the folder it
 * names; a sandboxed command can write one), or a `.git` file or symlink naming a git directory
 * outside the repository. Reads only, never throws.
 */
export function gitRedirect(root: string): string | undefined {
  const dotGit = join(root, ".git");
  let gitdir = dotGit;
  try {
    const info = lstatSync(dotGit);
    if (info.isSymbolicLink() || info.isFile()) {
      const target = info.isFile()
        ? /^gitdir:\s*(.+?)\s*$/m.exec(readStart(dotGit, 4096))?.[1]
        : realpathSync(dotGit);
      const real = target ? realOrSelf(resolve(root, target)) : undefined;
      if (!real || !isInside(realOrSelf(root), real)) {
        return "its `.git` names a git directory outside the repository";
      }
      gitdir = real;
    } else if (!info.isDirectory()) {
      return "its `.git` is not a folder";
    }
  } catch {
    return undefined; // No `.git`: the ceiling keeps git from finding one above.
  }
  if (lstatSync(join(gitdir, "commondir"), { throwIfNoEntry: false })) {
    return "its git directory has a `commondir` file, which sends git to another folder";
  }
  return undefined;
}

function absoluteDirs(pathVar: string): string[] {
  return pathVar.split(delimiter).filter((dir) => isAbsolute(dir));
}

/** `name` on the absolute entries of PATH, or `name` itself (then spawning it fails). */
function onPath(name: string): string {
  if (isAbsolute(name)) return name;
  for (const dir of absoluteDirs(process.env.PATH ?? "")) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // Not here.
    }
  }
  return name;
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

export interface OwnProgramOptions {
  /** The repository: readable (read-only) in the sandbox. */
  root: string;
  /** Where the program starts: the repository by default. */
  cwd?: string;
  /** Variables on top of `ownProgramEnv`. */
  env?: Record<string, string>;
  /** North's own folders the program writes (the undo store): writable in the sandbox. */
  ownWritable?: readonly string[];
  /** "ignore": stdin is /dev/null (ripgrep would search a piped stdin); default "pipe". */
  stdin?: "pipe" | "ignore";
}

export interface StartedProgram {
  /**
   * The program. `child.kill()` ends it with all it started, whenever it is called: for a
   * sandboxed one, SIGKILL to its process group (bwrap, bwrap's init, the program) — bwrap's
   * `--die-with-parent` alone misses a kill that comes while bwrap is still starting its init,
   * which then runs on (a search cancelled at once).
   */
  child: ChildProcess;
  /** Whether it runs in the OS sandbox. */
  sandboxed: boolean;
}

/**
 * Starts one of North's own programs confined (see the module's comment), stdio all piped;
 * resolves once it runs. `file`: an absolute path, or a name looked up on PATH's absolute folders
 * only (never a program of the repository's).
 * @throws the spawn error (missing program).
 */
export async function startOwnProgram(
  file: string,
  args: readonly string[],
  options: OwnProgramOptions,
): Promise<StartedProgram> {
  const status = await detectSandbox();
  file = realOrSelf(onPath(file));
  const root = realOrSelf(options.root);
  const cwd = realOrSelf(options.cwd ?? root);
  const env = ownProgramEnv(options.env);
  const boxed = status.available
    ? ownProgramCommand({
        file,
        args,
        root,
        cwd,
        ownWritable: (options.ownWritable ?? []).map(realOrSelf),
      })
    : undefined;
  const stdio = [options.stdin ?? "pipe", "pipe", "pipe"] as const;
  const child = boxed
    ? childProcess().spawn(boxed.file, boxed.args, {
        cwd,
        env: { ...env, TMPDIR: "/tmp" },
        // fd 3 carries the seccomp filter to bwrap (`--seccomp 3`), which reads it to its end.
        stdio: [...stdio, "pipe"],
        // A process group of its own, so that `kill` reaches bwrap's init and the program too.
        detached: true,
      })
    : childProcess().spawn(file, [...args], { cwd, env, stdio: [...stdio] });
  if (boxed) {
    killWholeGroup(child);
    const filterPipe = child.stdio[3] as NodeJS.WritableStream | null;
    filterPipe?.on("error", () => undefined);
    filterPipe?.end(boxed.filter);
  }
  // Resolve only once it runs: a spawn error would otherwise fire before the caller listens.
  await new Promise<void>((started, failed) => {
    child.once("spawn", started);
    child.once("error", failed);
  });
  child.stdin?.on("error", () => undefined); // it exited before reading: its exit code tells
  return { child, sandboxed: boxed !== undefined };
}

/** Makes `child.kill` signal the child's process group (it leads one: `detached`) with SIGKILL. */
function killWholeGroup(child: ChildProcess): void {
  const killOne = child.kill.bind(child);
  child.kill = () => {
    if (child.pid === undefined) return killOne("SIGKILL");
    try {
      process.kill(-child.pid, "SIGKILL");
      return true;
    } catch {
      return killOne("SIGKILL");
    }
  };
}

/** North's git refused a repository (see `gitRedirect`); the caller does without git. */
export class GitRefused extends Error {
  override name = "GitRefused";
}

/**
 * Starts git with `OWN_GIT_OPTIONS` before `args` and git's hardening variables, confined.
 * @throws GitRefused when no sandbox exists and `gitRedirect(options.root)` says why not.
 */
export async function startOwnGit(
  args: readonly string[],
  options: OwnProgramOptions,
): Promise<StartedProgram> {
  const status = await detectSandbox();
  const root = realOrSelf(options.root);
  if (!status.available) {
    const why = gitRedirect(root);
    if (why) throw new GitRefused(`North does not run git on ${root}: ${why}.`);
  }
  return startOwnProgram("git", [...OWN_GIT_OPTIONS, ...args], {
    ...options,
    env: { ...ownGitEnv(root), ...options.env },
  });
}
