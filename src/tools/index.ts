/** The tools the model can call; each folder holds one tool, its description and its tests. */
import type { AnyTool } from "../agent/tool.js";
import type { FileDelegate, ReadTracker, Workspace } from "../workspace/index.js";
import type { EditToolOptions } from "./edit-common/index.js";
import { createEditApplyBatchTool } from "./edit-apply-batch/edit-apply-batch.js";
import { createEditCreateFileTool } from "./edit-create-file/edit-create-file.js";
import { createEditInsertAtLineTool } from "./edit-insert-at-line/edit-insert-at-line.js";
import { createEditReplaceExactTool } from "./edit-replace-exact/edit-replace-exact.js";
import { createDetectLanguagesTool } from "./detect-languages/detect-languages.js";
import { createFindFilesTool } from "./find-files/find-files.js";
import { createHotfilesTool } from "./hotfiles/hotfiles.js";
import { createListRootTool } from "./list-root/list-root.js";
import { createReadFileTool } from "./read-file/read-file.js";
import { createReadReadmeTool } from "./read-readme/read-readme.js";
import { createSearchTextTool } from "./search-text/search-text.js";

export {
  createDetectLanguagesTool,
  type DetectLanguagesDetails,
  type LanguageShare,
} from "./detect-languages/detect-languages.js";
export { createFindFilesTool, type FindFilesDetails } from "./find-files/find-files.js";
export { createHotfilesTool, type HotFile, type HotfilesDetails } from "./hotfiles/hotfiles.js";
export { createListRootTool, type ListRootDetails, type RootEntry } from "./list-root/list-root.js";
export { createReadFileTool, type ReadFileDetails } from "./read-file/read-file.js";
export { createReadReadmeTool, type ReadReadmeDetails } from "./read-readme/read-readme.js";
export {
  createSearchTextTool,
  type SearchTextDetails,
  type SearchTextOptions,
} from "./search-text/search-text.js";
export { createExitPlanModeTool } from "./exit-plan-mode/exit-plan-mode.js";
export { locateRipgrep } from "./search-text/locate-ripgrep.js";
export { createEditApplyBatchTool } from "./edit-apply-batch/edit-apply-batch.js";
export { createEditCreateFileTool } from "./edit-create-file/edit-create-file.js";
export { createEditInsertAtLineTool } from "./edit-insert-at-line/edit-insert-at-line.js";
export { createEditReplaceExactTool } from "./edit-replace-exact/edit-replace-exact.js";
export type { CheckpointRecorder, EditDetails, EditToolOptions } from "./edit-common/index.js";
export {
  createShellTool,
  NO_ESCALATION,
  type ShellCommandInfo,
  type ShellHooks,
  type ShellRunDetails,
  type ShellToolOptions,
} from "./shell-run/shell-run.js";
export { createShellOutputTool, type ShellOutputDetails } from "./shell-output/shell-output.js";
export { createShellKillTool } from "./shell-kill/shell-kill.js";

/**
 * The seven read tools, in the order of the design's table: list_root, find_files, search_text,
 * read_file, read_readme, detect_languages, hotfiles. `tracker` (shared with `createEditTools`)
 * records what read_file shows, so the edit tools can check files were read.
 */
export function createReadTools(
  ws: Workspace,
  tracker?: ReadTracker,
  /** Where read_file reads text instead of the disk (an editor's buffers). */
  files?: FileDelegate,
): AnyTool[] {
  return [
    createListRootTool(ws),
    createFindFilesTool(ws),
    createSearchTextTool(ws),
    createReadFileTool(ws, tracker, files),
    createReadReadmeTool(ws),
    createDetectLanguagesTool(ws),
    createHotfilesTool(ws),
  ];
}

/**
 * The four edit tools, in the order of the design's table: edit_replace_exact,
 * edit_insert_at_line, edit_create_file, edit_apply_batch. Pass the same `tracker` as to
 * `createReadTools`, and the session's `checkpoints` to record applied edits for undo.
 */
export function createEditTools(ws: Workspace, options: EditToolOptions): AnyTool[] {
  return [
    createEditReplaceExactTool(ws, options),
    createEditInsertAtLineTool(ws, options),
    createEditCreateFileTool(ws, options),
    createEditApplyBatchTool(ws, options),
  ];
}
export { createTaskTool, type TaskArgs, type TaskDetails, type TaskRunner } from "./task/task.js";
export { createTodoWriteTool } from "./todo-write/todo-write.js";
export {
  createAskUserQuestionTool,
  NO_PERSON,
  type QuestionAsker,
  type QuestionDetails,
} from "./ask-user-question/ask-user-question.js";
export { createEnterPlanModeTool } from "./enter-plan-mode/enter-plan-mode.js";
export {
  createSlashCommandTool,
  type SlashCommandRunner,
  type SlashEffect,
} from "./slash-command/slash-command.js";
export {
  createWebFetchTool,
  type WebFetchDetails,
  type WebFetchOptions,
} from "./web-fetch/web-fetch.js";
export { inDomain } from "./web-fetch/domains.js";
export {
  createWebSearchTool,
  type WebSearchDetails,
  type WebSearchOptions,
} from "./web-search/web-search.js";
export { ownGitText } from "./own-git-text.js";
