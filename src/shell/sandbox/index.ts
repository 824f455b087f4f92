/**
 * The OS sandbox commands run in. One small interface, so that another implementation (macOS
 * Seatbelt) can be added beside bubblewrap: `detectSandbox` says whether it can be used here, and
 * `sandboxCommand` turns a shell's command line into the sandboxed one.
 */
import { realpathSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { moveAsideUnexpected } from "./git-dir-guard.js";
import { bwrapArgs, findBwrap, launchWithFilter, probeBwrap, type Mask } from "./bubblewrap.js";
import { seccompProgram } from "./seccomp.js";
import { rememberedSuccess, rememberSuccess, type SandboxMemory } from "./remembered.js";

export type { SandboxMemory } from "./remembered.js";
import { isInside, workspaceMounts, type WorkspaceMounts } from "./workspace-mounts.js";

const HIDDEN_DIRS = ["/tmp", "/run"];

/**
 * Where a command runs: "workspace-write" (only the repository writable, minus `.north/` and
 * git's hooks and config), "read-only" (nothing writable but a private /tmp), "none" (no sandbox).
 * Both sandboxed profiles have no network and no provider keys in the environment.
 */
export type SandboxProfile = "workspace-write" | "read-only" | "none";

export type SandboxStatus =
  | { available: true; name: string }
  /** `reason`: what failed; `hint`: one line on how to install or enable it. */
  | { available: false; reason: string; hint: string };

const INSTALL_HINT =
  "Install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap) to run commands in a sandbox.";
const USERNS_HINT =
  "Enable unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1, or kernel.apparmor_restrict_unprivileged_userns=0 on Ubuntu; in a container, allow them) for bubblewrap to work.";

export interface DetectOptions {
  platform?: NodeJS.Platform;
  /** The bwrap executable to try instead of the one found. */
  bwrap?: string;
  /** Where a successful probe is remembered, so later runs skip starting bwrap (remembered.ts). */
  remember?: SandboxMemory;
}

let cached: Promise<SandboxStatus> | undefined;
/** Where this process's success is remembered (see `forgetSandboxSuccess`). */
let remembered: SandboxMemory | undefined;

/**
 * Whether commands can run sandboxed here: on Linux, bubblewrap is found and really started once
 * with the options North uses (or found to have worked here before, with `remember`). Probed
 * once per process, by the first caller's options, unless `platform` or `bwrap` are given
 * (tests). Never rejects.
 */
export function detectSandbox(options: DetectOptions = {}): Promise<SandboxStatus> {
  if (options.platform !== undefined || options.bwrap !== undefined) return detect(options);
  cached ??= detect(options);
  return cached;
}

async function detect(options: DetectOptions): Promise<SandboxStatus> {
  const platform = options.platform ?? process.platform;
  if (platform !== "linux") {
    return {
      available: false,
      reason: `no sandbox is implemented for ${platform} yet`,
      hint: "Commands are asked for one by one.",
    };
  }
  const bwrap = options.bwrap ?? findBwrap();
  if (!bwrap)
    return { available: false, reason: "bubblewrap (bwrap) is not installed", hint: INSTALL_HINT };
  if (options.remember && rememberedSuccess(options.remember, bwrap)) {
    bwrapFile = bwrap;
    remembered = options.remember;
    return { available: true, name: "bubblewrap" };
  }
  try {
    const failed = await probeBwrap(bwrap);
    if (failed === undefined) {
      bwrapFile = bwrap;
      if (options.remember) {
        rememberSuccess(options.remember, bwrap);
        remembered = options.remember;
      }
      return { available: true, name: "bubblewrap" };
    }
    const missing = /ENOENT|not found/i.test(failed);
    return {
      available: false,
      reason: `bubblewrap cannot start: ${failed}`,
      hint: missing ? INSTALL_HINT : USERNS_HINT,
    };
  } catch (error) {
    return {
      available: false,
      reason: `bubblewrap cannot start: ${String(error)}`,
      hint: USERNS_HINT,
    };
  }
}

/**
 * Drops the remembered success (a sandboxed shell failed to start: bwrap may no longer work
 * here), so that the next run probes again. This process keeps its answer. Never throws.
 */
export function forgetSandboxSuccess(): void {
  remembered?.forget();
}

/** The bwrap a successful probe used. */
let bwrapFile: string | undefined;

export interface SandboxSpec {
  /** The shell executable and its arguments. */
  file: string;
  args: readonly string[];
  /** The environment the shell is to see (provider keys already removed). */
  env: Record<string, string>;
  /** The repository. */
  root: string;
  profile: Exclude<SandboxProfile, "none">;
  /** North's own folders the shell must read (init script, command files): bound read-only. */
  privateDirs: readonly string[];
  /** A private folder of North's where the seccomp filter is written for bwrap to read. */
  filterDir: string;
  /**
   * Absolute paths to hide inside (North's folders, credentials): those that exist now are
   * masked, see `bwrapArgs`.
   */
  masks?: readonly string[];
  /**
   * Folders the person added (`--add-dir`, real paths): in "workspace-write" each is mounted as
   * the repository is (writable, its `.north/` and git internals protected); read-only otherwise.
   */
  extraRoots?: readonly string[];
}

/**
 * The command line that runs one of North's own programs (git, ripgrep) in the read-only
 * profile: nothing writable but a private /tmp and `ownWritable` (North's own folders), no
 * network, starting in `cwd`. Undefined when no sandbox was detected in this process.
 */
export function ownProgramCommand(spec: {
  file: string;
  args: readonly string[];
  root: string;
  cwd: string;
  ownWritable?: readonly string[];
}): { file: string; args: string[]; filter: Buffer } | undefined {
  if (!bwrapFile) return undefined;
  const args = bwrapArgs({
    // The same seccomp filter as commands (no unix sockets: a planted program reaches no agent
    // or Docker socket), read by bwrap from fd 3, which the caller fills with `filter`.
    seccomp: true,
    root: spec.root,
    writeRepo: false,
    mounts: { writable: [], readOnly: [] },
    // The program itself may live where the sandbox hides (/tmp): shown read-only.
    privateDirs: HIDDEN_DIRS.some((dir) => isInside(dir, spec.file)) ? [spec.file] : [],
    ownWritable: spec.ownWritable ?? [],
    chdir: spec.cwd,
  });
  return {
    file: bwrapFile,
    args: [...args, "--", spec.file, ...spec.args],
    filter: seccompProgram(),
  };
}

/** A command line that runs the shell sandboxed. */
export interface SandboxCommand {
  file: string;
  args: string[];
  env: Record<string, string>;
  /**
   * How many processes stand between `file`'s process and the shell: 2 for bubblewrap with its
   * PID namespace (bwrap, its init, then the shell), which forward the shell's exit status.
   */
  shellDepth: number;
  /**
   * After each command: moves aside what the command added at the top of a git directory that
   * git does not need to record work (git-dir-guard.ts); returns the paths moved.
   */
  afterCommand: () => string[];
}

/**
 * The command line that starts `spec`'s shell in the sandbox (bubblewrap on Linux). For
 * "workspace-write" it first creates the empty `.north/` and `.git/hooks/` it protects, when they
 * are missing (see `workspaceMounts`); it writes the seccomp filter into `filterDir`. Call after
 * `detectSandbox` said it is available; the environment gets `TMPDIR=/tmp` (the host's may not be
 * writable inside).
 * @throws Error when no sandbox was detected, or the filter cannot be written.
 */
export function sandboxCommand(spec: SandboxSpec): SandboxCommand {
  const bwrap = bwrapFile ?? findBwrap();
  if (!bwrap) throw new Error("bubblewrap (bwrap) is not installed");
  const root = realpathSync(resolve(spec.root));
  const writeRepo = spec.profile === "workspace-write";
  const mounts = writeRepo
    ? mergeMounts([root, ...(spec.extraRoots ?? [])].map((dir) => workspaceMounts(dir)))
    : { writable: [], readOnly: [] };
  const args = bwrapArgs({
    root,
    writeRepo,
    mounts,
    extraRoots: spec.extraRoots ?? [],
    privateDirs: spec.privateDirs.map((dir) => realpathSync(dir)),
    masks: existingMasks(spec.masks ?? []),
    seccomp: true,
  });
  const filter = join(spec.filterDir, "seccomp.bpf");
  writeFileSync(filter, seccompProgram(), { mode: 0o600 });
  const run = launchWithFilter(bwrap, [...args, "--", spec.file, ...spec.args], filter);
  return {
    ...run,
    env: { ...spec.env, TMPDIR: "/tmp" },
    shellDepth: 2,
    afterCommand: () =>
      (mounts.gitDirs ?? []).flatMap(({ dir, existing }) =>
        moveAsideUnexpected(dir, existing).map((name) => join(dir, name)),
      ),
  };
}

/** The masks that exist, resolved (a symlink masks what it leads to), with their kind. */
function existingMasks(paths: readonly string[]): Mask[] {
  const found = new Map<string, Mask>();
  for (const path of paths) {
    try {
      const real = realpathSync(path);
      found.set(real, { path: real, dir: statSync(real).isDirectory() });
    } catch {
      // Absent (or unreadable to North, and so to the sandbox too).
    }
  }
  return [...found.values()];
}

/** The mounts of several roots as one: every writable bind first, then every read-only one. */
function mergeMounts(all: WorkspaceMounts[]): WorkspaceMounts {
  return {
    writable: [...new Set(all.flatMap((m) => m.writable))],
    readOnly: [...new Set(all.flatMap((m) => m.readOnly))],
    gitDirs: all.flatMap((m) => m.gitDirs ?? []),
  };
}
