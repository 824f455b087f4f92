import { type ToolRenderer, clip, count, num, str } from "./types.js";

/** `find_files`: "Finding files matching *.test.ts" — "12 files". */
export const findFilesLine: ToolRenderer = {
  title: (args) => `Finding files matching ${clip(str(args.pattern) ?? "a pattern", 40)}`,
  summary(details) {
    const total = num(details.total);
    if (total === undefined) return undefined;
    if (total === 0) return "no files";
    const shown = num(details.shown) ?? total;
    const lower = details.scanCut === true ? "at least " : "";
    return shown < total
      ? `${lower}${count(total, "file")}, ${shown} shown`
      : `${lower}${count(total, "file")}`;
  },
};
