/**
 * Hooks as configured, in Claude Code's shape: `{"PreToolUse": [{"matcher": "shell_run|Edit",
 * "hooks": [{"type": "command", "command": "…", "timeout": 60}]}], …}`, from the person's config
 * (`hooks`) or a repository's `.north/hooks.json`. Read entry by entry: a bad one is left out
 * with a notice naming it, the others stay.
 */

/** The events a hook can be attached to (Claude Code's names). */
export const HOOK_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "Stop",
  "SubagentStop",
  "PreCompact",
  "SessionEnd",
  "Notification",
] as const;

export type HookEvent = (typeof HOOK_EVENTS)[number];

/** `global`: the person's config file; `project`: the repository's `.north/hooks.json`. */
export type HookOrigin = "global" | "project";

/** One command attached to one event. */
export interface HookCommand {
  event: HookEvent;
  /** As written ("" when absent): what `/hooks` shows. */
  matcher: string;
  command: string;
  timeoutMs: number;
  origin: HookOrigin;
}

/** Seconds a hook may run when its entry does not say (Claude Code's default). */
export const DEFAULT_TIMEOUT_S = 60;

/** The repository's proposal, relative to its root. */
export const PROJECT_HOOKS_FILE = ".north/hooks.json";

/**
 * North's tool names under Claude Code's names for the same tools, so that a matcher copied from
 * a Claude Code setup (`Bash`, `Edit|Write`) means the same here.
 */
const CLAUDE_NAMES: Record<string, readonly string[]> = {
  shell_run: ["Bash"],
  edit_replace_exact: ["Edit"],
  edit_insert_at_line: ["Edit"],
  edit_apply_batch: ["Edit", "MultiEdit"],
  edit_create_file: ["Write"],
  read_file: ["Read"],
  find_files: ["Glob"],
  search_text: ["Grep"],
  task: ["Task"],
  web_fetch: ["WebFetch"],
};

/** Whether `matcher` selects the tool `name` (its North name or its Claude Code name). */
export function matches(matcher: string, name: string): boolean {
  if (matcher === "" || matcher === "*") return true;
  const names = [name, ...(CLAUDE_NAMES[name] ?? [])];
  // A plain list of names matches exactly (`Edit` is not `MultiEdit`), as in Claude Code.
  if (/^[\w|]+$/.test(matcher)) {
    const wanted = matcher.split("|");
    return names.some((n) => wanted.includes(n));
  }
  try {
    const pattern = new RegExp(matcher);
    return names.some((n) => pattern.test(n));
  } catch {
    return false; // refused when read (see `readHooks`)
  }
}

/** The events whose hooks are chosen by tool name. */
const TOOL_EVENTS: ReadonlySet<HookEvent> = new Set(["PreToolUse", "PostToolUse"]);

/**
 * The commands of one hooks object (`raw`), with a notice per entry that cannot be used (`where`
 * names the file). Never throws.
 */
export function readHooks(
  raw: unknown,
  origin: HookOrigin,
  where: string,
): { hooks: HookCommand[]; notices: string[] } {
  const hooks: HookCommand[] = [];
  const notices: string[] = [];
  const bad = (path: string, expected: string) =>
    notices.push(`${where}: hooks.${path} is left out: expected ${expected}.`);
  if (raw === undefined) return { hooks, notices };
  if (!isObject(raw)) {
    bad("", "an object of events");
    return { hooks, notices };
  }
  for (const [event, groups] of Object.entries(raw)) {
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      bad(event, `one of ${HOOK_EVENTS.join(", ")}`);
      continue;
    }
    if (!Array.isArray(groups)) {
      bad(event, 'a list of {"matcher", "hooks"}');
      continue;
    }
    groups.forEach((group: unknown, i) => {
      const path = `${event}[${i}]`;
      if (!isObject(group) || !Array.isArray(group.hooks)) {
        bad(path, 'an object with "hooks", a list of commands');
        return;
      }
      const matcher = group.matcher ?? "";
      if (typeof matcher !== "string" || !validPattern(matcher)) {
        bad(`${path}.matcher`, "a regular expression on tool names");
        return;
      }
      group.hooks.forEach((entry: unknown, j) => {
        const at = `${path}.hooks[${j}]`;
        if (!isObject(entry) || entry.type !== "command") {
          bad(at, '{"type": "command", "command": "…"}');
          return;
        }
        if (typeof entry.command !== "string" || entry.command.trim() === "") {
          bad(`${at}.command`, "a command line");
          return;
        }
        const timeout = entry.timeout ?? DEFAULT_TIMEOUT_S;
        if (typeof timeout !== "number" || !(timeout > 0) || timeout > 3600) {
          bad(`${at}.timeout`, "seconds, above 0 and at most 3600");
          return;
        }
        hooks.push({
          event: event as HookEvent,
          // Claude Code ignores a matcher on the other events; so does North.
          matcher: TOOL_EVENTS.has(event as HookEvent) ? matcher : "",
          command: entry.command,
          timeoutMs: Math.round(timeout * 1000),
          origin,
        });
      });
    });
  }
  return { hooks, notices };
}

/** Whether `raw` (the config's `hooks`) names at least one command: the cheap look at start. */
export function hasHooks(raw: unknown): boolean {
  return (
    isObject(raw) && Object.values(raw).some((groups) => Array.isArray(groups) && groups.length > 0)
  );
}

function validPattern(matcher: string): boolean {
  try {
    new RegExp(matcher);
    return true;
  } catch {
    return false;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
