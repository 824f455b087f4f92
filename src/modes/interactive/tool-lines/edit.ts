import { type Args, type ToolRenderer, clip, count, num, str } from "./types.js";

const path = (args: Args) => clip(str(args.path) ?? "a file");

/** `edit_replace_exact`: "Editing src/app.ts". */
export const replaceExactLine: ToolRenderer = {
  title: (args) => `Editing ${path(args)}`,
};

/** `edit_insert_at_line`: "Editing src/app.ts (insert at line 12)". */
export const insertAtLineLine: ToolRenderer = {
  title(args) {
    const line = num(args.line);
    return `Editing ${path(args)}${line === undefined ? "" : ` (insert at line ${line})`}`;
  },
};

/** `edit_create_file`: "Writing src/new.ts". */
export const createFileLine: ToolRenderer = {
  title: (args) => `Writing ${path(args)}`,
};

/** `edit_apply_batch`: "Editing src/a.ts" or "Editing 3 files". */
export const applyBatchLine: ToolRenderer = {
  title(args) {
    const edits = Array.isArray(args.edits) ? (args.edits as unknown[]) : [];
    const paths = new Set(
      edits.map((e) => str((e as Args | null)?.path)).filter((p): p is string => !!p),
    );
    if (paths.size === 1) return `Editing ${clip([...paths][0]!)}`;
    return `Editing ${paths.size > 0 ? count(paths.size, "file") : "files"}`;
  },
};
