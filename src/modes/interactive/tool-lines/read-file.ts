import { type ToolRenderer, clip, count, num, str, verb } from "./types.js";
import { t } from "../../../i18n/index.js";

/** `read_file`: "Reading src/app.ts" (with the line range asked for) — "120 lines". */
export const readFileLine: ToolRenderer = {
  title(args, done) {
    const path = clip(str(args.path) ?? t("tool.aFile"));
    const start = num(args.start_line);
    const end = num(args.end_line);
    const range = !(start || end)
      ? ""
      : end === undefined
        ? t("tool.linesFrom", { start: start ?? 1 })
        : t("tool.lineRange", { start: start ?? 1, end });
    return verb("tool.reading", done, { what: `${path}${range}` });
  },
  summary(details) {
    // An image read: its format and pixels.
    const image = details.image as
      { mediaType?: string; width?: number; height?: number } | undefined;
    if (image?.mediaType) {
      return `${image.mediaType.replace("image/", "").toUpperCase()} ${image.width}×${image.height}`;
    }
    const start = num(details.startLine);
    const end = num(details.endLine);
    const total = num(details.totalLines);
    if (start === undefined || end === undefined || total === undefined) return undefined;
    if (total === 0) return t("tool.emptyFile");
    const shown = end - start + 1;
    return shown >= total
      ? count(total, "line")
      : t("tool.linesOf", { start, end, total: total.toLocaleString("en-US") });
  },
};
