import { access, stat } from "node:fs/promises";
import { constants } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";

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
 * The binary `@vscode/ripgrep` ships (its `rgPath`). The package is an ES module, loaded at the
 * first search; it throws on import when its platform package is missing, which means "none".
 */
async function bundledRipgrep(): Promise<string | undefined> {
  try {
    return (await import("@vscode/ripgrep")).rgPath;
  } catch {
    return undefined;
  }
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
