import { accessSync, constants, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, isAbsolute, join } from "node:path";
import { isInside, type WorkspaceMounts } from "./workspace-mounts.js";

/** `node:child_process`, loaded when a process is first started (not on every run's start). */
const childProcess = () => process.getBuiltinModule("node:child_process");

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
  /** North's own folders the shell reads (init script, command files): bound read-only. */
  privateDirs: readonly string[];
  /** North's own folders a program of North's writes (the undo store): bound writable, last. */
  ownWritable?: readonly string[];
  /** Where the program starts; the repository by default. */
  chdir?: string;
}

/** Host folders hidden behind an empty tmpfs: temp files, and the sockets of /run (docker, D-Bus). */
const HIDDEN = ["/tmp", "/run"];

/**
 * The bwrap options (before `--` and the program) of North's profile: the whole filesystem
 * read-only; fresh /dev and /proc; private, empty /tmp and /run (mounted before the repository,
 * which may live below them); the repository writable or read-only, with its protected paths
 * read-only; North's private folders read-only; its own network namespace (only a loopback of
 * its own); every capability dropped (so a root user's sandboxed process can neither remount nor
 * read other processes' memory or environment); killed with its parent. Neither the pid namespace
 * nor the session is changed, so the host sees the shell's process groups as its own (job
 * control, timeouts and cancel work unchanged) — which also means the sandboxed processes can see
 * and signal the user's other processes (not read them: ptrace checks forbid it).
 */
export function bwrapArgs(layout: BwrapLayout): string[] {
  const args = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"];
  for (const dir of HIDDEN) {
    if (existsSync(dir) && !isInside(layout.root, dir)) {
      args.push("--tmpfs", dir);
    }
  }
  if (layout.writeRepo) {
    for (const dir of layout.mounts.writable) args.push("--bind", dir, dir);
    for (const file of layout.mounts.readOnly) args.push("--ro-bind", file, file);
  } else {
    args.push("--ro-bind", layout.root, layout.root);
  }
  for (const dir of layout.privateDirs) args.push("--ro-bind", dir, dir);
  for (const dir of layout.ownWritable ?? []) args.push("--bind", dir, dir);
  args.push("--unshare-net", "--die-with-parent", "--cap-drop", "ALL");
  args.push("--chdir", layout.chdir ?? layout.root);
  return args;
}

/**
 * Starts bwrap once with the options North uses, running `true`; resolves with bwrap's complaint
 * (stderr, one line) when it fails, undefined when it works. Never rejects.
 */
export function probeBwrap(bwrap: string): Promise<string | undefined> {
  let dir: string;
  try {
    dir = mkdtempSync(join(tmpdir(), "north-probe-"));
  } catch (error) {
    return Promise.resolve(`no temporary folder for the probe (${String(error)})`);
  }
  const args = bwrapArgs({
    root: dir,
    writeRepo: true,
    mounts: { writable: [dir], readOnly: [] },
    privateDirs: [],
  });
  return new Promise((resolve) => {
    childProcess().execFile(
      bwrap,
      [...args, "--", "true"],
      { timeout: 5000 },
      (error, _out, stderr) => {
        rmSync(dir, { recursive: true, force: true });
        if (!error) return resolve(undefined);
        const said = String(stderr).trim().split("\n").pop();
        resolve(said || error.message);
      },
    );
  });
}
