import { type ToolRenderer, num, str, verb } from "./types.js";
import { t } from "../../../i18n/index.js";

/** `read_readme`: "Reading the README" — "README.md, 2.1 KB". */
export const readReadmeLine: ToolRenderer = {
  title: (_args, done) => verb("tool.readingReadme", done),
  summary(details) {
    const path = str(details.path);
    if (!path) return undefined;
    const bytes = num(details.bytes);
    const size =
      bytes === undefined
        ? ""
        : bytes < 1024
          ? `, ${bytes} B`
          : `, ${(bytes / 1024).toFixed(1)} KB`;
    return `${path}${size}${details.truncated === true ? t("tool.cut") : ""}`;
  },
};
