import { defineChangeTool, type ZodModule } from "../../agent/tool.js";
import type { Workspace } from "../../workspace/index.js";
import {
  buildProposal,
  contentField,
  createFile,
  pathField,
  WorkingSet,
  type EditDetails,
  type EditToolOptions,
} from "../edit-common/index.js";
import description from "./description.md";

const schema = (z: ZodModule) => z.object({ path: pathField(z), content: contentField(z) });

/**
 * `edit_create_file`: creates a file (and missing folders) or overwrites one. Overwriting needs
 * the file to have been read and be unchanged since; the old file's BOM, line ending and final
 * newline are kept.
 */
export function createEditCreateFileTool(ws: Workspace, options: EditToolOptions) {
  return defineChangeTool<ReturnType<typeof schema>, EditDetails>({
    name: "edit_create_file",
    kind: "edit",
    description,
    schema,
    async prepare(args) {
      const set = new WorkingSet(ws, options.tracker, options.files);
      const file = await set.open(args.path, false);
      createFile(file, args.content);
      return buildProposal("edit_create_file", ws, set.files(), options);
    },
  });
}
