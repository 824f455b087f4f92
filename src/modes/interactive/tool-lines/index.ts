import { applyBatchLine, createFileLine, insertAtLineLine, replaceExactLine } from "./edit.js";
import { findFilesLine } from "./find-files.js";
import { genericLine } from "./generic.js";
import { listRootLine } from "./list-root.js";
import { readFileLine } from "./read-file.js";
import { readReadmeLine } from "./read-readme.js";
import { searchTextLine } from "./search-text.js";
import { settleChange, type SettleInput, type SettledChange } from "./settle.js";
import { shellRunLine } from "./shell.js";
import { taskLine } from "./task.js";
import { askUserQuestionLine, enterPlanModeLine, slashCommandLine } from "./dialogue.js";
import { todoWriteLine } from "./todo-write.js";
import { webFetchLine, webSearchLine } from "./web.js";
import { type Args, type ToolRenderer, clip, verb } from "./types.js";
import { t } from "../../../i18n/index.js";

const RENDERERS: Record<string, ToolRenderer> = {
  read_file: readFileLine,
  search_text: searchTextLine,
  list_root: listRootLine,
  find_files: findFilesLine,
  read_readme: readReadmeLine,
  detect_languages: { title: (_args, done) => verb("tool.detectingLanguages", done) },
  hotfiles: { title: (_args, done) => verb("tool.hotfiles", done) },
  edit_replace_exact: replaceExactLine,
  edit_insert_at_line: insertAtLineLine,
  edit_create_file: createFileLine,
  edit_apply_batch: applyBatchLine,
  shell_run: shellRunLine,
  exit_plan_mode: { title: (_args, done) => verb("tool.presentingPlan", done) },
  task: taskLine,
  todo_write: todoWriteLine,
  ask_user_question: askUserQuestionLine,
  enter_plan_mode: enterPlanModeLine,
  slash_command: slashCommandLine,
  web_fetch: webFetchLine,
  web_search: webSearchLine,
};

const asArgs = (value: unknown): Args =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Args) : {};

let root: string | undefined;

/** The repository's root: paths under it are shown relative to it in tool lines. */
export function setToolRoot(path: string): void {
  root = path.replace(/\/+$/, "");
}

/** `args` with an absolute `path` or `cwd` inside the repository made relative to it. */
function relative(args: Args): Args {
  if (!root) return args;
  const inside = (v: unknown) =>
    typeof v === "string" && v.startsWith(`${root}/`) ? v.slice(root!.length + 1) : v;
  return { ...args, path: inside(args.path), cwd: inside(args.cwd) };
}

/** The line shown while a tool runs, or (`done`) once it finished, worded as finished. */
export function toolTitle(name: string, args: unknown, done = false): string {
  return (RENDERERS[name] ?? genericLine(name)).title(relative(asArgs(args)), done);
}

/** The words after "—" once it finished: a summary, or the first line of an error. */
export function toolOutcome(
  name: string,
  result: { content: string; isError: boolean; details?: unknown },
): string | undefined {
  if (result.isError) return clip(result.content.split("\n")[0]?.trim() ?? t("tool.failed"), 100);
  const renderer = RENDERERS[name] ?? genericLine(name);
  return renderer.summary?.(asArgs(result.details), result.content);
}

export { settleChange, type SettleInput, type SettledChange };
export type { ChangeBody } from "./types.js";

/** The settled line of any finished call: a change's own line, else title — outcome. */
export function settleTool(input: SettleInput & { title: string }): SettledChange {
  const change = settleChange(input);
  if (change) return change;
  const outcome = toolOutcome(input.name, input);
  return { title: input.title, error: input.isError, ...(outcome ? { outcome } : {}) };
}
