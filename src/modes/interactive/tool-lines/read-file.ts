import { type ToolRenderer, clip, count, num, str } from "./types.js";

/** `read_file`: "Reading src/app.ts" (with the line range asked for) — "120 lines". */
export const readFileLine: ToolRenderer = {
  title(args) {
    const path = clip(str(args.path) ?? "a file");
    const start = num(args.start_line);
    const end = num(args.end_line);
    const range = start || end ? ` (lines ${start ?? 1}–${end ?? "end"})` : "";
    return `Reading ${path}${range}`;
  },
  summary(details) {
    const start = num(details.startLine);
    const end = num(details.endLine);
    const total = num(details.totalLines);
    if (start === undefined || end === undefined || total === undefined) return undefined;
    if (total === 0) return "empty file";
    const shown = end - start + 1;
    return shown >= total
      ? count(total, "line")
      : `lines ${start}–${end} of ${total.toLocaleString("en-US")}`;
  },
};
