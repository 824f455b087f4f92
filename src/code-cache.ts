// Runs a CommonJS build of North (dist/core.cjs headless, dist/tui.cjs with the interface) with
// V8's code cache: the first run compiles it and leaves the compiled code in North's cache
// folder; later runs read it back instead of parsing megabytes of JavaScript again (tens of
// milliseconds on every start).
//
// On Node 22.1 and later this is Node's own compile cache (`module.enableCompileCache`). Node 20
// has none, so there the file runs through `vm.Script` with a cache built by hand (below). That
// part, with `WIDER_RUN_EVENT` (src/modes/wider-run.ts) and the ASCII check of scripts/build.mjs,
// goes when the oldest Node North supports is 22.1 or later: `runCached` then shrinks to its
// first branch.
import {
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { Script } from "node:vm";

/**
 * Emitted on `process` when a run has used code a plain answer does not: it ran a tool. The
 * first run on a machine decides what later runs find compiled, and after a plain first answer
 * every run that uses tools would compile their code (zod, the tools, the loop's tool steps)
 * again, ~20 ms a run. So a cache made by a run without tools is made again at the exit of the
 * first run with them (from all this run has compiled, which includes what it read from the old
 * cache), once: that one is kept as the `-tools` cache.
 */
export const WIDER_RUN_EVENT = "north:wider-run";

/**
 * Runs `file` (a CommonJS bundle) as the main program, its compiled code cached in `dir` under
 * `name` (one cache per build: `core`, `tui`). `load` is the program's `require`: the caller's
 * own when it sits in `file`'s folder (it resolves as one made for `file` would, and
 * `node:module`, with the ES module loader it brings, stays unloaded), else one is made.
 * The cache is an optimisation only: a cache that is missing, unreadable, stale (another North
 * or Node) or rejected by V8 is rebuilt at exit; one that cannot be written is left alone.
 */
export function runCached(
  file: string,
  dir: string,
  version: string,
  name = "core",
  load: NodeJS.Require = process.getBuiltinModule("node:module").createRequire(file),
): void {
  if (hasCompileCache()) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Not in Node 20's types.
    const nodeModule = process.getBuiltinModule("node:module") as unknown as {
      enableCompileCache(dir: string): unknown;
    };
    nodeModule.enableCompileCache(dir);
    load(file);
    return;
  }
  // The builds are ASCII (scripts/build.mjs checks): Latin-1 reads them as UTF-8 would, as a
  // plain copy.
  const source = readFileSync(file, "latin1");
  // V8 rejects code made by another V8 or for another source; the name keeps versions apart.
  const { size, mtimeMs } = statSync(file);
  const base = join(
    dir,
    `${name}-${version}-${process.version}-${size}-${Math.trunc(mtimeMs)}`.replace(/[^\w.-]/g, "_"),
  );
  const wideFile = `${base}-tools.bin`;
  const wideCache = readOrNothing(wideFile);
  const wide = wideCache !== undefined;
  const cached = wideCache ?? readOrNothing(`${base}.bin`);
  // Node's module wrapper, as `require` would add it: the text is the function `run` calls below.
  const script = new Script(
    `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
    {
      filename: file,
      ...(cached ? { cachedData: cached } : {}),
    },
  );
  const missing = !cached || script.cachedDataRejected === true;
  if (missing || !wide) {
    // At exit the functions this run used are compiled too, so the next run finds them.
    let wider = false;
    process.once(WIDER_RUN_EVENT, () => (wider = true));
    process.once("exit", () => {
      if (!missing && !wider) return;
      saveCache(script, dir, wider ? wideFile : `${base}.bin`, name);
    });
  }
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  const module = { exports: {}, filename: file, id: ".", loaded: false };
  run.call(module.exports, module.exports, load, module, file, dirname(file));
}

/** Whether this Node has `module.enableCompileCache` (22.1 and later). */
function hasCompileCache(): boolean {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  return major > 22 || (major === 22 && minor >= 1);
}

function readOrNothing(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Writes the cache atomically (a reader sees the old file or the new one, never half of one)
 * and removes the caches of other builds.
 */
function saveCache(script: Script, dir: string, cacheFile: string, name: string): void {
  const temp = `${cacheFile}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(temp, script.createCachedData(), { mode: 0o600 });
    renameSync(temp, cacheFile);
    // Caches of earlier builds are never read again.
    for (const entry of readdirSync(dir)) {
      if (
        entry.startsWith(`${name}-`) &&
        entry.endsWith(".bin") &&
        join(dir, entry) !== cacheFile
      ) {
        rmSync(join(dir, entry), { force: true });
      }
    }
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // The folder itself is unusable (a file in its place): there is nothing to remove.
    }
  }
}
