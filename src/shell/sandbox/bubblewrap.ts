import { accessSync, constants, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, isAbsolute, join } from "node:path";
import { seccompProgram, seccompSupported } from "./seccomp.js";
import { isInside, type WorkspaceMounts } from "./workspace-mounts.js";
import { childProcess } from "../../platform/lazy-builtins.js";

/** Where bubblewrap is looked for first: system folders, before the PATH a repository cannot set. */
const SYSTEM_DIRS = ["/usr/bin", "/bin", "/usr/local/bin"];

/** The bwrap executable: system folders first, then absolute PATH entries; undefined if none. */
export function findBwrap(pathVar = process.env.PATH ?? ""): string | undefined {
  const dirs = [...SYSTEM_DIRS, ...pathVar.split(delimiter).filter((d) => isAbsolute(d))];
  for (const dir of dirs) {
    const file = join(dir, "bwrap");
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

export interface BwrapLayout {
  /** The repository, resolved. */
  root: string;
  /** "workspace-write": `mounts` apply; "read-only": the repository is bound read-only. */
  writeRepo: boolean;
  mounts: WorkspaceMounts;
  /** Folders the person added (`--add-dir`): bound read-only in "read-only" (in "workspace-write" they are in `mounts`). */
  extraRoots?: readonly string[];
  /** North's own folders the shell reads (init script, command files): bound read-only. */
  privateDirs: readonly string[];
  /**
   * Paths hidden inside (resolved, existing): a folder behind an empty tmpfs, anything else
   * behind an empty read-only file. One that is the repository or holds it is left out.
   */
  masks?: readonly Mask[];
  /** Install the seccomp filter read from fd 3 (see seccomp.ts and `launchWithFilter`). */
  seccomp?: boolean;
  /** North's own folders a program of North's writes (the undo store): bound writable, last. */
  ownWritable?: readonly string[];
  /** Where the program starts; the repository by default. */
  chdir?: string;
}

/** A path to hide in the sandbox, and whether it is a folder. */
export interface Mask {
  path: string;
  dir: boolean;
}

/** Host folders hidden behind an empty tmpfs: temp files, and the sockets of /run (docker, D-Bus). */
const HIDDEN = ["/tmp", "/run"];

/**
 * The bwrap options (before `--` and the program) of North's profile: the whole filesystem
 * read-only; fresh /dev and /proc; private, empty /tmp and /run (mounted before the repository,
 * which may live below them); the masked paths outside the repository hidden (before its binds,
 * so that none covers it); the repository writable or read-only, with its protected paths
 * read-only; masked paths inside the repository hidden (after its binds); North's private
 * folders read-only; its own network namespace (only a loopback of its own); its own PID
 * namespace; every capability dropped (so a root user's sandboxed process can neither remount
 * nor read other processes' memory or environment); killed with its parent; the seccomp filter.
 *
 * The PID namespace is what ends every sandboxed process with the session: bwrap runs an init
 * (pid 1 inside) whose child is the shell; when the shell ends, init ends, and when init ends the
 * kernel kills everything left in the namespace — `setsid`, double forks and re-parenting
 * included. `--die-with-parent` ties init to bwrap's first process (the session leader of the
 * terminal, killed when the shell is disposed, and hung up when North dies, even by SIGKILL,
 * because the kernel closes the terminal's other end). A background job (a dev server) lives as
 * long as the shell. The session is not changed, so the host still sees the shell's process
 * groups as its own (job control, timeouts and cancel work unchanged); the sandboxed processes
 * no longer see or signal any process outside.
 */
export function bwrapArgs(layout: BwrapLayout): string[] {
  const args = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"];
  for (const dir of HIDDEN) {
    if (existsSync(dir) && !isInside(layout.root, dir)) {
      args.push("--tmpfs", dir);
    }
  }
  const binds = layout.writeRepo
    ? layout.mounts.writable
    : [layout.root, ...(layout.extraRoots ?? [])];
  const masks = (layout.masks ?? []).filter(
    (m) => !isInside(m.path, layout.root) && !HIDDEN.some((dir) => isInside(dir, m.path)),
  );
  const inRepo = (m: Mask) => binds.some((dir) => isInside(dir, m.path));
  const mask = (m: Mask) =>
    m.dir ? args.push("--tmpfs", m.path) : args.push("--ro-bind", "/dev/null", m.path);
  masks.filter((m) => !inRepo(m)).forEach(mask);
  if (layout.writeRepo) {
    for (const dir of layout.mounts.writable) args.push("--bind", dir, dir);
    for (const file of layout.mounts.readOnly) args.push("--ro-bind", file, file);
  } else {
    for (const dir of binds) args.push("--ro-bind", dir, dir);
  }
  masks.filter(inRepo).forEach(mask);
  for (const dir of layout.privateDirs) args.push("--ro-bind", dir, dir);
  for (const dir of layout.ownWritable ?? []) args.push("--bind", dir, dir);
  args.push("--unshare-net", "--unshare-pid", "--die-with-parent", "--cap-drop", "ALL");
  if (layout.seccomp) args.push("--seccomp", "3");
  args.push("--chdir", layout.chdir ?? layout.root);
  return args;
}

/**
 * The command line that runs `bwrap args…` with the seccomp filter in `filterFile` open as fd 3
 * (node-pty and execFile pass no other descriptors): `/bin/sh` opens it and replaces itself with
 * bwrap, which reads it, installs it and closes it before starting the sandboxed program.
 */
export function launchWithFilter(
  bwrap: string,
  args: readonly string[],
  filterFile: string,
): { file: string; args: string[] } {
  const script = `exec "$0" "$@" 3< ${shellWord(filterFile)}`;
  return { file: "/bin/sh", args: ["-c", script, bwrap, ...args] };
}

function shellWord(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * Starts bwrap once with the options North uses (the seccomp filter too), running `true`;
 * resolves with bwrap's complaint (stderr, one line) when it fails, undefined when it works.
 * Never rejects.
 */
export function probeBwrap(bwrap: string): Promise<string | undefined> {
  if (!seccompSupported()) {
    return Promise.resolve(`no seccomp filter is built for ${process.arch}`);
  }
  let dir: string;
  try {
    dir = mkdtempSync(join(tmpdir(), "north-probe-"));
  } catch (error) {
    return Promise.resolve(`no temporary folder for the probe (${String(error)})`);
  }
  const filter = join(dir, "seccomp.bpf");
  const args = bwrapArgs({
    root: dir,
    writeRepo: true,
    mounts: { writable: [dir], readOnly: [] },
    privateDirs: [],
    seccomp: true,
  });
  return new Promise((resolve) => {
    try {
      writeFileSync(filter, seccompProgram(), { mode: 0o600 });
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      return resolve(`no temporary folder for the probe (${String(error)})`);
    }
    const run = launchWithFilter(bwrap, [...args, "--", "true"], filter);
    childProcess().execFile(run.file, run.args, { timeout: 5000 }, (error, _out, stderr) => {
      rmSync(dir, { recursive: true, force: true });
      if (!error) return resolve(undefined);
      const said = String(stderr).trim().split("\n").pop();
      resolve(said || error.message);
    });
  });
}
