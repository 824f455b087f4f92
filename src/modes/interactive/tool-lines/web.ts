import { type ToolRenderer, clip, num, str, verb } from "./types.js";
import { t } from "../../../i18n/index.js";

/** `web_fetch`: "Fetching example.com/docs" — "12,345 characters". */
export const webFetchLine: ToolRenderer = {
  title: (args, done) =>
    verb("tool.fetching", done, { what: clip((str(args.url) ?? "").replace(/^https?:\/\//, "")) }),
  summary(details) {
    const chars = num(details.chars);
    const type = str(details.type);
    if (chars === undefined) return type;
    return [
      type,
      t("tool.webChars", { count: chars.toLocaleString("en-US") }),
      details.cut === true ? t("tool.cut") : "",
    ]
      .filter(Boolean)
      .join(", ");
  },
};

/** `web_search`: "Searching the web for "node 22 release"" — "10 results". */
export const webSearchLine: ToolRenderer = {
  title: (args, done) =>
    verb("tool.searchingWeb", done, { what: `"${clip(str(args.query) ?? "")}"` }),
  summary(details) {
    const hits = Array.isArray(details.hits) ? details.hits.length : undefined;
    return hits === undefined ? undefined : t("tool.webResults", { count: hits });
  },
};
