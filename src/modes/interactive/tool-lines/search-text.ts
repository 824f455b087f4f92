import { type ToolRenderer, clip, count, num, str, verb } from "./types.js";
import { t } from "../../../i18n/index.js";

/** `search_text`: "Searching for useState in src/" — "12 matches in 3 files". */
export const searchTextLine: ToolRenderer = {
  title(args, done) {
    const where = str(args.path) ? t("tool.inPath", { path: clip(str(args.path)!, 30) }) : "";
    const glob = str(args.glob) ? ` (${clip(str(args.glob)!, 20)})` : "";
    const pattern = clip(str(args.pattern) ?? t("tool.text"), 40);
    return verb("tool.searching", done, { what: `${pattern}${where}${glob}` });
  },
  summary(details) {
    const matches = num(details.matches);
    const files = num(details.files);
    if (matches === undefined) return undefined;
    if (matches === 0) return t("tool.noMatches");
    const more = details.limitReached === true ? "+" : "";
    const found = `${count(matches, "match")}${more}`;
    return files ? t("tool.matchesIn", { matches: found, files: count(files, "file") }) : found;
  },
};
