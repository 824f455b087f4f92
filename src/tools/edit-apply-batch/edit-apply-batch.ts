import type * as z from "zod";
import { defineChangeTool, ToolError, type ZodModule } from "../../agent/tool.js";
import type { Workspace } from "../../workspace/index.js";
import {
  buildProposal,
  createFile,
  insertAtLine,
  replaceExact,
  WorkingSet,
  type EditDetails,
  type EditToolOptions,
} from "../edit-common/index.js";
import description from "./description.md";

/** Each edit's own fields; checked here rather than as a union, to keep the JSON schema small. */
const NEEDS = {
  replace_exact: ["old_string", "new_string"],
  insert_at_line: ["line", "text"],
  create_file: ["content"],
} as const;

const edit = (z: ZodModule) =>
  z
    .object({
      type: z.enum(["replace_exact", "insert_at_line", "create_file"]),
      path: z.string(),
      old_string: z.string().optional(),
      new_string: z.string().optional(),
      line: z.number().int().min(1).optional(),
      text: z.string().optional(),
      content: z.string().optional(),
    })
    .superRefine((value, ctx) => {
      for (const field of NEEDS[value.type]) {
        if (value[field] === undefined) {
          ctx.addIssue({ code: "custom", path: [field], message: `${value.type} needs ${field}` });
        }
      }
    });

const schema = (z: ZodModule) => z.object({ edits: z.array(edit(z)) });

/** Edits accepted in one batch. */
const MAX_EDITS = 100;

type Edit = z.infer<ReturnType<typeof edit>>;

/**
 * `edit_apply_batch`: several edits over several files, prepared in order against the texts as
 * the earlier edits left them, reviewed as one diff, and written all or nothing. An edit that
 * fails makes the whole batch fail with its index, before anything is written.
 */
export function createEditApplyBatchTool(ws: Workspace, options: EditToolOptions) {
  return defineChangeTool<ReturnType<typeof schema>, EditDetails>({
    name: "edit_apply_batch",
    kind: "edit",
    description,
    schema,
    async prepare(args) {
      if (args.edits.length === 0 || args.edits.length > MAX_EDITS) {
        throw new ToolError(`edits must hold 1 to ${MAX_EDITS} edits (got ${args.edits.length}).`);
      }
      const set = new WorkingSet(ws, options.tracker, options.files);
      for (const [i, e] of args.edits.entries()) {
        try {
          await applyOne(set, e);
        } catch (error) {
          if (!(error instanceof ToolError)) throw error;
          throw new ToolError(
            `edits[${i}] (${e.type} on ${e.path}): ${error.message}\nNo edit of the batch was applied; fix this one and send the whole batch again.`,
          );
        }
      }
      const single = args.edits.length === 1;
      return buildProposal("edit_apply_batch", ws, set.files(), options, single);
    },
  });
}

async function applyOne(set: WorkingSet, e: Edit): Promise<void> {
  switch (e.type) {
    case "replace_exact":
      return replaceExact(await set.open(e.path, true), e.old_string!, e.new_string!);
    case "insert_at_line":
      return insertAtLine(await set.open(e.path, true), e.line!, e.text!);
    case "create_file":
      return createFile(await set.open(e.path, false), e.content!);
  }
}
