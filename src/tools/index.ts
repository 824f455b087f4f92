/** The tools the model can call; each folder holds one tool, its description and its tests. */
import type { AnyTool } from "../agent/tool.js";
import type { Workspace } from "../workspace/index.js";
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

/**
 * The seven read tools, in the order of the design's table: list_root, find_files, search_text,
 * read_file, read_readme, detect_languages, hotfiles.
 */
export function createReadTools(ws: Workspace): AnyTool[] {
  return [
    createListRootTool(ws),
    createFindFilesTool(ws),
    createSearchTextTool(ws),
    createReadFileTool(ws),
    createReadReadmeTool(ws),
    createDetectLanguagesTool(ws),
    createHotfilesTool(ws),
  ];
}
