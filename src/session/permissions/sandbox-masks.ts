import { homedir } from "node:os";
import { isAbsolute, join, normalize } from "node:path";
import { cacheDir, configDir, dataDir } from "../config/paths.js";

type Env = Record<string, string | undefined>;

/**
 * Where people keep credentials that no command in the sandbox needs: cloud and cluster
 * accounts, registry and git tokens, SSH and GPG keys, and other agents' sign-ins. `~/` is the
 * person's home folder.
 */
export const DEFAULT_MASKS: readonly string[] = [
  "~/.ssh",
  "~/.gnupg",
  "~/.aws",
  "~/.azure",
  "~/.config/gcloud",
  "~/.kube",
  "~/.docker/config.json",
  "~/.netrc",
  "~/.npmrc",
  "~/.pypirc",
  "~/.git-credentials",
  "~/.config/git/credentials",
  "~/.config/gh",
  "~/.claude",
  "~/.claude.json",
  "~/.codex",
  "~/.gemini",
  "~/.config/github-copilot",
];

/** `$XDG_STATE_HOME/north` (the log), default `~/.local/state/north`. */
function stateDir(env: Env): string {
  return join(env.XDG_STATE_HOME || join(homedir(), ".local", "state"), "north");
}

/** `~` and `~/…` against `home`; other paths as they are (config validation keeps them absolute). */
function expand(path: string, home: string): string {
  if (path === "~") return home;
  return normalize(path.startsWith("~/") ? join(home, path.slice(2)) : path);
}

/**
 * The absolute paths hidden inside the sandbox: North's own config, data, state and cache
 * folders (conversations of every project, permissions, MCP tokens, the log), the credential
 * locations of `DEFAULT_MASKS`, plus the person's `sandbox.mask`, minus their `sandbox.unmask`
 * (both from the global config only: a repository never changes them). Only those that exist
 * when a sandboxed shell starts are masked, and never the repository or a folder holding it
 * (see `bwrapArgs`).
 */
export function sandboxMasks(
  env: Env,
  config: { sandbox?: { mask?: string[] | undefined; unmask?: string[] | undefined } | undefined },
): string[] {
  const home = env.HOME && isAbsolute(env.HOME) ? env.HOME : homedir();
  const removed = new Set((config.sandbox?.unmask ?? []).map((p) => expand(p, home)));
  const wanted = [
    configDir(env),
    dataDir(env),
    stateDir(env),
    cacheDir(env),
    ...DEFAULT_MASKS,
    ...(config.sandbox?.mask ?? []),
  ].map((p) => expand(p, home));
  return [...new Set(wanted)].filter((p) => !removed.has(p));
}
