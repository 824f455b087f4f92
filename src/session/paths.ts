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
