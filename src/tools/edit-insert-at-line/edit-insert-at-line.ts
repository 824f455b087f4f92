import { defineChangeTool, type ZodModule } from "../../agent/tool.js";
import type { Workspace } from "../../workspace/index.js";
import {
  buildProposal,
  insertAtLine,
  lineField,
  pathField,
  textField,
  WorkingSet,
  type EditDetails,
  type EditToolOptions,
} from "../edit-common/index.js";
import description from "./description.md";

const schema = (z: ZodModule) =>
  z.object({ path: pathField(z), line: lineField(z), text: textField(z) });

/**
 * `edit_insert_at_line`: inserts lines before a 1-based line (count + 1 appends). The line before
 * or at the insertion point must have been read, and the file unchanged since.
 */
export function createEditInsertAtLineTool(ws: Workspace, options: EditToolOptions) {
  return defineChangeTool<ReturnType<typeof schema>, EditDetails>({
    name: "edit_insert_at_line",
    kind: "edit",
    description,
    schema,
    async prepare(args) {
      const set = new WorkingSet(ws, options.tracker, options.files);
      const file = await set.open(args.path, true);
      insertAtLine(file, args.line, args.text);
      return buildProposal("edit_insert_at_line", ws, set.files(), options);
    },
  });
}
