import { type Args, type ToolRenderer, clip, count, num, str } from "./types.js";
import { t } from "../../../i18n/index.js";

const path = (args: Args) => clip(str(args.path) ?? t("tool.aFile"));

/** `edit_replace_exact`: "Editing src/app.ts". */
export const replaceExactLine: ToolRenderer = {
  title: (args) => t("tool.editing", { what: path(args) }),
};

/** `edit_insert_at_line`: "Editing src/app.ts (insert at line 12)". */
export const insertAtLineLine: ToolRenderer = {
  title(args) {
    const line = num(args.line);
    return t("tool.editing", {
      what: `${path(args)}${line === undefined ? "" : t("tool.insertAt", { line })}`,
    });
  },
};

/** `edit_create_file`: "Writing src/new.ts". */
export const createFileLine: ToolRenderer = {
  title: (args) => t("tool.writing", { what: path(args) }),
};

/** `edit_apply_batch`: "Editing src/a.ts" or "Editing 3 files". */
export const applyBatchLine: ToolRenderer = {
  title(args) {
    const edits = Array.isArray(args.edits) ? (args.edits as unknown[]) : [];
    const paths = new Set(
      edits.map((e) => str((e as Args | null)?.path)).filter((p): p is string => !!p),
    );
    if (paths.size === 1) return t("tool.editing", { what: clip([...paths][0]!) });
    return t("tool.editing", {
      what: paths.size > 0 ? count(paths.size, "file") : t("tool.files"),
    });
  },
};
