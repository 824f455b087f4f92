import { constants } from "node:fs";
import { delimiter, dirname, isAbsolute, join } from "node:path";
import { fsAsync } from "../../workspace/index.js";

export interface LocateOptions {
  /** The bundled binary's path; default: `rgPath` of `@vscode/ripgrep` when installed. */
  bundled?: () => Promise<string | undefined>;
  /** Default: `process.env.PATH`. */
  pathEnv?: string;
}

/**
 * Where ripgrep is: the binary shipped in `@vscode/ripgrep` when its file exists, else `rg` on
 * PATH, else undefined (the caller then uses the JS walker). Never throws; spawns nothing.
 */
export async function locateRipgrep(options: LocateOptions = {}): Promise<string | undefined> {
  const bundled = await (options.bundled ?? bundledRipgrep)().catch(() => undefined);
  if (bundled && (await isExecutable(bundled))) return bundled;
  const name = process.platform === "win32" ? "rg.exe" : "rg";
  for (const dir of (options.pathEnv ?? process.env.PATH ?? "").split(delimiter)) {
    // A relative entry ("node_modules/.bin") would find the repository's own rg.
    if (!isAbsolute(dir)) continue;
    const candidate = join(dir, name);
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The binary `@vscode/ripgrep` names: its platform package's (`@vscode/ripgrep-<platform>-<arch>`),
 * looked for as Node looks for a package, in each `node_modules` above this file.
 * `@vscode/ripgrep` itself is an ES module: requiring it from North's CommonJS builds starts
 * Node's ES module loader (~5 ms; after the heap cap, src/modes/heap.ts, Node compiles it from
 * source), only to compute this path. It stays the fallback; it throws on import when its
 * platform package is missing, which means "none".
 */
async function bundledRipgrep(): Promise<string | undefined> {
  const arch = process.env.npm_config_arch || process.arch;
  const binary = process.platform === "win32" ? "rg.exe" : "rg";
  const bin = join("node_modules", "@vscode", `ripgrep-${process.platform}-${arch}`, "bin", binary);
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    if (await isExecutable(join(dir, bin))) return join(dir, bin);
    if (dirname(dir) === dir) break;
  }
  try {
    return (await import("@vscode/ripgrep")).rgPath;
  } catch {
    return undefined;
  }
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await fsAsync.access(file, constants.X_OK);
    return (await fsAsync.stat(file)).isFile();
  } catch {
    return false;
  }
}
