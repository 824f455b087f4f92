import { type ToolRenderer, count } from "./types.js";
import { t } from "../../../i18n/index.js";

/** `list_root`: "Listing project files" — "34 entries". */
export const listRootLine: ToolRenderer = {
  title: () => t("tool.listingFiles"),
  summary(details) {
    if (!Array.isArray(details.entries)) return undefined;
    const omitted = typeof details.omitted === "number" ? details.omitted : 0;
    return count(details.entries.length + omitted, "entry");
  },
};
