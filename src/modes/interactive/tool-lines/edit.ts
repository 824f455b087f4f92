import { type Args, type ToolRenderer, clip, count, num, str, verb } from "./types.js";
import { t } from "../../../i18n/index.js";

const path = (args: Args) => clip(str(args.path) ?? t("tool.aFile"));

/** `edit_replace_exact`: "Editing src/app.ts". */
export const replaceExactLine: ToolRenderer = {
  title: (args, done) => verb("tool.editing", done, { what: path(args) }),
};

/** `edit_insert_at_line`: "Editing src/app.ts (insert at line 12)". */
export const insertAtLineLine: ToolRenderer = {
  title(args, done) {
    const line = num(args.line);
    return verb("tool.editing", done, {
      what: `${path(args)}${line === undefined ? "" : t("tool.insertAt", { line })}`,
    });
  },
};

/** `edit_create_file`: "Writing src/new.ts". */
export const createFileLine: ToolRenderer = {
  title: (args, done) => verb("tool.writing", done, { what: path(args) }),
};

/** `edit_apply_batch`: "Editing src/a.ts" or "Editing 3 files". */
export const applyBatchLine: ToolRenderer = {
  title(args, done) {
    const edits = Array.isArray(args.edits) ? (args.edits as unknown[]) : [];
    const paths = new Set(
      edits.map((e) => str((e as Args | null)?.path)).filter((p): p is string => !!p),
    );
    if (paths.size === 1) return verb("tool.editing", done, { what: clip([...paths][0]!) });
    return verb("tool.editing", done, {
      what: paths.size > 0 ? count(paths.size, "file") : t("tool.files"),
    });
  },
};
