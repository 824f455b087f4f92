import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { configPath, checkGlobalConfig, type ThemeChoice } from "./config.js";
import { describeIssue, parseJson } from "./json-file.js";
import { crypto } from "../../platform/lazy-builtins.js";

export type SaveResult = { saved: true; path: string } | { saved: false; reason: string };

/**
 * Remembers the chosen model and provider in the global config (`model`, `provider`), keeping
 * every other field as it is. The file is read again right before writing, and written only if
 * it is missing or a valid config: a file North cannot read or validate is never overwritten.
 * The write is atomic (a temporary file renamed over it). Never throws.
 */
export function saveModelChoice(
  env: Record<string, string | undefined>,
  choice: { model: string; provider: string },
): Promise<SaveResult> {
  return saveFields(env, { model: choice.model, provider: choice.provider });
}

/** Remembers the interface's language in the global config (`language`), as {@link saveModelChoice}. */
export function saveLanguage(
  env: Record<string, string | undefined>,
  language: "en" | "zh-CN",
): Promise<SaveResult> {
  return saveFields(env, { language });
}

/** Remembers the interface's theme in the global config (`theme`), as {@link saveModelChoice}. */
export function saveTheme(
  env: Record<string, string | undefined>,
  theme: ThemeChoice,
): Promise<SaveResult> {
  return saveFields(env, { theme });
}

/** Remembers how hard the model thinks (`effort`; undefined removes it), as {@link saveModelChoice}. */
export function saveEffort(
  env: Record<string, string | undefined>,
  effort: "low" | "medium" | "high" | undefined,
): Promise<SaveResult> {
  return saveFields(env, { effort });
}

/** Turns notifications on or off in the global config (`notify.enabled`), keeping the rest. */
export function saveNotifyEnabled(
  env: Record<string, string | undefined>,
  enabled: boolean,
): Promise<SaveResult> {
  return saveFields(env, (current) => ({
    notify: { ...(current.notify as Record<string, unknown> | undefined), enabled },
  }));
}

/**
 * Turns `checks` on for the repository at `root` (`projects[root].checks` in the global config),
 * keeping every other field and repository as they are; as {@link saveModelChoice}.
 */
export function saveProjectChecks(
  env: Record<string, string | undefined>,
  root: string,
  checks: { afterEdit?: string[]; beforeDone?: string[] },
): Promise<SaveResult> {
  return saveFields(env, (current) => {
    const projects = (current.projects ?? {}) as Record<string, Record<string, unknown>>;
    return { projects: { ...projects, [root]: { ...projects[root], checks } } };
  });
}

async function saveFields(
  env: Record<string, string | undefined>,
  wanted: Record<string, unknown> | ((current: Record<string, unknown>) => Record<string, unknown>),
): Promise<SaveResult> {
  const path = configPath(env);
  let current: Record<string, unknown> = {};
  try {
    const parsed = parseJson(await readFile(path, "utf8"));
    if ("error" in parsed) return refused(path, `it is not valid JSON (${parsed.error})`);
    const checked = await checkGlobalConfig(parsed.json);
    if (!checked.success) return refused(path, describeIssue(checked.error.issues[0]!));
    current = parsed.json as Record<string, unknown>;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT") return refused(path, `it cannot be read (${code ?? "error"})`);
  }
  const fields = typeof wanted === "function" ? wanted(current) : wanted;
  if (Object.entries(fields).every(([key, value]) => current[key] === value)) {
    return { saved: true, path };
  }
  const next = { ...current, ...fields };
  const temp = `${path}.${process.pid}.${crypto().randomBytes(4).toString("hex")}.tmp`;
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(temp, `${JSON.stringify(next, null, 2)}\n`, { flag: "wx" });
    await rename(temp, path);
    return { saved: true, path };
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    return refused(path, `writing failed (${(error as Error).message})`);
  }
}

function refused(path: string, why: string): SaveResult {
  return { saved: false, reason: `not saved to ${path}: ${why}` };
}
