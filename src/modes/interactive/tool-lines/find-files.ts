import { type ToolRenderer, clip, count, num, str, verb } from "./types.js";
import { t } from "../../../i18n/index.js";

/** `find_files`: "Finding files matching *.test.ts" — "12 files". */
export const findFilesLine: ToolRenderer = {
  title: (args, done) =>
    verb("tool.findingFiles", done, { pattern: clip(str(args.pattern) ?? t("tool.aPattern"), 40) }),
  summary(details) {
    const total = num(details.total);
    if (total === undefined) return undefined;
    if (total === 0) return t("tool.noFiles");
    const shown = num(details.shown) ?? total;
    const found = count(total, "file");
    const at = details.scanCut === true ? t("tool.atLeast", { what: found }) : found;
    return shown < total ? t("tool.shown", { what: at, shown }) : at;
  },
};
