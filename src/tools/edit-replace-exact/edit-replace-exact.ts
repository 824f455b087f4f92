import { defineChangeTool, type ZodModule } from "../../agent/tool.js";
import type { Workspace } from "../../workspace/index.js";
import {
  buildProposal,
  newStringField,
  oldStringField,
  pathField,
  replaceExact,
  WorkingSet,
  type EditDetails,
  type EditToolOptions,
} from "../edit-common/index.js";
import description from "./description.md";

const schema = (z: ZodModule) =>
  z.object({
    path: pathField(z),
    old_string: oldStringField(z),
    new_string: newStringField(z),
  });

/**
 * `edit_replace_exact`: replaces the one occurrence of old_string. The file must have been read
 * (the matched lines at least) and be unchanged since; see `replaceExact` for the errors.
 */
export function createEditReplaceExactTool(ws: Workspace, options: EditToolOptions) {
  return defineChangeTool<ReturnType<typeof schema>, EditDetails>({
    name: "edit_replace_exact",
    kind: "edit",
    description,
    schema,
    async prepare(args) {
      const set = new WorkingSet(ws, options.tracker, options.files);
      const file = await set.open(args.path, true);
      replaceExact(file, args.old_string, args.new_string);
      return buildProposal("edit_replace_exact", ws, set.files(), options);
    },
  });
}
