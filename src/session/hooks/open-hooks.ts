import { lstatSync } from "node:fs";
import { join } from "node:path";
import { hasHooks, PROJECT_HOOKS_FILE } from "./hook-config.js";
import type { HookPoints, HookPointsOptions } from "./hook-points.js";

/**
 * The session's hooks, or undefined when there are none to consider: `--no-hooks`, or neither
 * the config's `hooks` nor a `.north/hooks.json` in the repository (one `lstat`). Only then is
 * anything more read or loaded — a run without hooks does no hook work.
 */
export async function openHooks(
  options: HookPointsOptions & { off: boolean },
): Promise<HookPoints | undefined> {
  if (options.off) return undefined;
  if (!hasHooks(options.global) && !exists(join(options.root, PROJECT_HOOKS_FILE))) {
    return undefined;
  }
  const { HookPoints } = await import("./hook-points.js");
  return new HookPoints(options);
}

function exists(path: string): boolean {
  return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
}
