import { type ToolRenderer, clip, count, num, str } from "./types.js";

/** `search_text`: "Searching for useState in src/" — "12 matches in 3 files". */
export const searchTextLine: ToolRenderer = {
  title(args) {
    const where = str(args.path) ? ` in ${clip(str(args.path)!, 30)}` : "";
    const glob = str(args.glob) ? ` (${clip(str(args.glob)!, 20)})` : "";
    return `Searching for ${clip(str(args.pattern) ?? "text", 40)}${where}${glob}`;
  },
  summary(details) {
    const matches = num(details.matches);
    const files = num(details.files);
    if (matches === undefined) return undefined;
    if (matches === 0) return "no matches";
    const more = details.limitReached === true ? "+" : "";
    return `${count(matches, "match", "matches")}${more}${files ? ` in ${count(files, "file")}` : ""}`;
  },
};
