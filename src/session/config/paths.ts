import { accessSync, chmodSync, constants, mkdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

type Env = Record<string, string | undefined>;

/** `$XDG_CONFIG_HOME/north`, default `~/.config/north`. */
export function configDir(env: Env): string {
  return join(env.XDG_CONFIG_HOME || join(homedir(), ".config"), "north");
}

/** `$XDG_DATA_HOME/north`, default `~/.local/share/north`. */
export function dataDir(env: Env): string {
  return join(env.XDG_DATA_HOME || join(homedir(), ".local", "share"), "north");
}

/** `$XDG_CACHE_HOME/north`, default `~/.cache/north`: what can be rebuilt at any time. */
export function cacheDir(env: Env): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "north");
}

/**
 * Creates `dir` (and missing parents) readable by its owner only (0700). A folder that already
 * exists and belongs to this user is narrowed to 0700 too: North's data holds conversations.
 * @throws the fs error when it cannot be created (not writable, a file in the way).
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const info = statSync(dir);
  const mine = typeof process.getuid !== "function" || info.uid === process.getuid();
  if (mine && (info.mode & 0o077) !== 0) chmodSync(dir, info.mode & 0o700);
}

/**
 * Makes North's data dir (0700) and says why it cannot be written, if it cannot: undefined when
 * it can. Sessions, checkpoints (undo), journals and standing permissions all live in it.
 */
export function prepareDataDir(env: Env): string | undefined {
  const dir = dataDir(env);
  try {
    ensurePrivateDir(dir);
    accessSync(dir, constants.W_OK);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  }
}
