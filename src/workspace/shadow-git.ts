import { mkdir, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { ALWAYS_SKIPPED } from "./ignore-rules.js";
import { readBoundedFileSync } from "./safe-read.js";
import { HeldByFifo, stopIfHeldByFifo } from "./fifo-wait.js";
import type { ChildProcess } from "node:child_process";
import { childProcess } from "../platform/lazy-builtins.js";

/**
 * Starts one of North's own programs: the session passes `startOwnProgram`
 * (shell/own-programs.ts: minimal environment, the sandbox's read-only profile with
 * `ownWritable` writable). Resolves once the program runs; rejects when it cannot start.
 */
export type StartProgram = (
  file: string,
  args: readonly string[],
  options: { root: string; env?: Record<string, string>; ownWritable?: readonly string[] },
) => Promise<{ child: ChildProcess }>;

/** A file that differs between two snapshots; contents null where it does not exist. */
export interface SnapshotChange {
  path: string;
  before: Buffer | null;
  after: Buffer | null;
  /** `after` is a symlink (its bytes are the link's target), made in place of a file or nothing. */
  afterLink?: true;
}

/** Settings that make git store exact bytes and run nothing of the person's. */
const CONFIG = [
  "core.autocrlf=false",
  "core.safecrlf=false",
  "core.fsmonitor=false",
  "core.hooksPath=/dev/null",
  "core.quotePath=false",
  "gc.auto=0",
  "safe.directory=*",
  "advice.addEmbeddedRepo=false",
].flatMap((c) => ["-c", c]);

/** A symlink's mode: recorded only as a change's after (undo removes a link it made). */
const LINK = "120000";
/** Nested repositories: not restorable as bytes. */
const SUBMODULE = "160000";

/**
 * Snapshots of the work tree in a git repository outside the project (its own GIT_DIR and index
 * under the data dir; the project's `.git` is never touched). Honours the project's `.gitignore`
 * files, its `.git/info/exclude` and `ALWAYS_SKIPPED`; filters and line-ending conversions of
 * `.gitattributes` are switched off so blobs are the exact bytes on disk.
 */
export class ShadowGit {
  constructor(
    private readonly gitDir: string,
    private readonly root: string,
    private readonly indexFile: string,
    private readonly start: StartProgram = startPlain,
  ) {}

  /** Whether a `git` executable runs here. */
  static async available(): Promise<boolean> {
    try {
      const { child } = await startPlain("git", ["--version"], { root: "/" });
      await collect(child, ["--version"]);
      return true;
    } catch {
      return false;
    }
  }

  /** Stages the whole work tree and returns the tree id of the snapshot. */
  async snapshot(): Promise<string> {
    await this.prepare();
    // A file git cannot read is left out; a FIFO that held git fails the snapshot (the index
    // would be stale), and the caller scans instead.
    await this.git(["add", "-A", "--ignore-errors", "--", "."]).catch((error: unknown) => {
      if (error instanceof HeldByFifo) throw error;
    });
    return (await this.git(["write-tree"])).toString("utf8").trim();
  }

  /** Files that differ between two snapshots, with their contents on each side. */
  async changes(fromTree: string, toTree: string): Promise<SnapshotChange[]> {
    if (fromTree === toTree) return [];
    const raw = await this.git(["diff-tree", "-r", "-z", "--no-renames", fromTree, toTree]);
    const parts = raw.toString("utf8").split("\0");
    const found: { path: string; before: string | null; after: string | null; link: boolean }[] =
      [];
    for (let i = 0; i + 1 < parts.length; i += 2) {
      const [oldMode, newMode, oldId, newId] = parts[i]!.slice(1).split(" ");
      // A symlink before is not restorable as bytes; one made now is (undo removes it).
      if (oldMode === LINK || oldMode === SUBMODULE || newMode === SUBMODULE) continue;
      found.push({
        path: parts[i + 1]!,
        before: oldMode === "000000" ? null : oldId!,
        after: newMode === "000000" ? null : newId!,
        link: newMode === LINK,
      });
    }
    const ids = found.flatMap((f) => [f.before, f.after]).filter((id): id is string => !!id);
    const blobs = await this.readBlobs(ids);
    return found.map((f) => ({
      path: f.path,
      before: f.before === null ? null : blobs.get(f.before)!,
      after: f.after === null ? null : blobs.get(f.after)!,
      ...(f.link ? { afterLink: true as const } : {}),
    }));
  }

  private async prepare(): Promise<void> {
    try {
      await stat(join(this.gitDir, "HEAD"));
    } catch {
      await mkdir(this.gitDir, { recursive: true, mode: 0o700 });
      // Owner only: the snapshots hold the repository's files.
      await this.run(["init", "-q", "--bare", "--shared=0600", this.gitDir]);
    }
    const info = join(this.gitDir, "info");
    await mkdir(info, { recursive: true, mode: 0o700 });
    // Read without blocking and capped: the repository may have planted a FIFO there.
    const exclude = readBoundedFileSync(join(this.root, ".git", "info", "exclude"), {
      maxBytes: 1024 * 1024,
    });
    const projectExclude = exclude.ok ? exclude.text : "";
    const skipped = [...ALWAYS_SKIPPED].join("\n");
    await writeFile(join(info, "exclude"), `${skipped}\n${projectExclude}`, { mode: 0o600 });
    await writeFile(
      join(info, "attributes"),
      "* -text -filter -ident -eol -working-tree-encoding\n",
      { mode: 0o600 },
    );
  }

  private async readBlobs(ids: string[]): Promise<Map<string, Buffer>> {
    const unique = [...new Set(ids)];
    const out = new Map<string, Buffer>();
    if (unique.length === 0) return out;
    const raw = await this.git(["cat-file", "--batch"], `${unique.join("\n")}\n`);
    let at = 0;
    while (at < raw.length) {
      const eol = raw.indexOf(10, at);
      const [id, , size] = raw.subarray(at, eol).toString("utf8").split(" ");
      const length = Number(size);
      out.set(id!, Buffer.from(raw.subarray(eol + 1, eol + 1 + length)));
      at = eol + 1 + length + 1;
    }
    return out;
  }

  private git(args: string[], input?: string): Promise<Buffer> {
    return this.run(
      [`--git-dir=${this.gitDir}`, `--work-tree=${this.root}`, ...args],
      { GIT_INDEX_FILE: this.indexFile },
      input,
    );
  }

  /** Git on the store (writable: the folder of its git dir and index), the repository read. */
  private async run(args: string[], env: Record<string, string> = {}, input?: string) {
    const { child } = await this.start("git", [...CONFIG, ...args], {
      root: this.root,
      env: { ...env, ...GIT_ENV },
      ownWritable: [...new Set([dirname(this.gitDir), dirname(this.indexFile)])],
    });
    return collect(child, args, input);
  }
}

/** No system or global config (the person's filters, includes), no lazy fetch, no prompt. */
const GIT_ENV = {
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_NO_LAZY_FETCH: "1",
  GIT_TERMINAL_PROMPT: "0",
};

/** Without the session's starter (unit tests): the person's environment less every `GIT_*`. */
const startPlain: StartProgram = (file, args, options) => {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith("GIT_")) env[key] = value;
  }
  const child = childProcess().spawn(file, [...args], {
    env: { ...env, ...options.env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    child.once("spawn", () => resolve({ child }));
    child.once("error", reject);
  });
};

/** Resolves the program's stdout, rejects with its stderr on failure. */
function collect(child: ChildProcess, args: string[], input?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => err.push(chunk));
    // A FIFO in the work tree (a .gitignore, a .gitattributes) holds git for good: stopped.
    const held = stopIfHeldByFifo(child);
    child.on("error", reject);
    child.on("close", (code) => {
      if (held()) reject(new HeldByFifo(`git ${args[0]} waited on a FIFO in the repository`));
      else if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`git ${args.at(-1)} failed: ${Buffer.concat(err).toString().trim()}`));
    });
    child.stdin?.on("error", () => undefined); // git exited before reading: its exit code tells
    child.stdin?.end(input ?? "");
  });
}
