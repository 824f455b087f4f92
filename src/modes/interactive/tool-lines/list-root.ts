import { type ToolRenderer, count, verb } from "./types.js";

/** `list_root`: "Listing project files" — "34 entries". */
export const listRootLine: ToolRenderer = {
  title: (_args, done) => verb("tool.listingFiles", done),
  summary(details) {
    if (!Array.isArray(details.entries)) return undefined;
    const omitted = typeof details.omitted === "number" ? details.omitted : 0;
    return count(details.entries.length + omitted, "entry");
  },
};
