// Test support for the edit tools (imported by tests only): a temp repository with a workspace,
// a read tracker shared by read_file and the edit tools, and helpers to call them.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Review, ToolRunResult } from "../../agent/tool.js";
import { callTool } from "../../../test/support/call-tool.js";
import { makeTempTree, type TempTree, type TreeEntry } from "../../../test/support/temp-tree.js";
import {
  createReadTracker,
  createWorkspace,
  type CheckpointFile,
  type ReadTracker,
  type Workspace,
} from "../../workspace/index.js";
import { createEditApplyBatchTool } from "../edit-apply-batch/edit-apply-batch.js";
import { createEditCreateFileTool } from "../edit-create-file/edit-create-file.js";
import { createEditInsertAtLineTool } from "../edit-insert-at-line/edit-insert-at-line.js";
import { createEditReplaceExactTool } from "../edit-replace-exact/edit-replace-exact.js";
import { createReadFileTool } from "../read-file/read-file.js";
import type { EditToolOptions } from "./proposal.js";

export interface EditKit {
  tree: TempTree;
  ws: Workspace;
  tracker: ReadTracker;
  /** What the checkpoint recorder received, in order. */
  recorded: { tool: string; files: CheckpointFile[] }[];
  tools: {
    replace: ReturnType<typeof createEditReplaceExactTool>;
    insert: ReturnType<typeof createEditInsertAtLineTool>;
    create: ReturnType<typeof createEditCreateFileTool>;
    batch: ReturnType<typeof createEditApplyBatchTool>;
  };
  /** Calls read_file (whole file, or a range); throws if it fails. */
  read(rel: string, start?: number, end?: number): Promise<ToolRunResult>;
  call(tool: keyof EditKit["tools"], args: Record<string, unknown>): Promise<ToolRunResult>;
  /** File bytes as a string (latin1, so every byte shows), or null when missing. */
  bytes(rel: string): Promise<string | null>;
  remove(): Promise<void>;
}

export async function makeEditKit(files: Record<string, TreeEntry>): Promise<EditKit> {
  const tree = await makeTempTree(files);
  const ws = await createWorkspace(tree.root);
  const tracker = createReadTracker();
  const recorded: EditKit["recorded"] = [];
  const options: EditToolOptions = {
    tracker,
    checkpoints: {
      async record(change) {
        recorded.push(change);
        return null;
      },
    },
  };
  const readTool = createReadFileTool(ws, tracker);
  const tools = {
    replace: createEditReplaceExactTool(ws, options),
    insert: createEditInsertAtLineTool(ws, options),
    create: createEditCreateFileTool(ws, options),
    batch: createEditApplyBatchTool(ws, options),
  };
  return {
    tree,
    ws,
    tracker,
    recorded,
    tools,
    async read(rel, start, end) {
      const args: Record<string, unknown> = { path: rel };
      if (start !== undefined) args.start_line = start;
      if (end !== undefined) args.end_line = end;
      const result = await callTool(readTool, args);
      if (result.isError) throw new Error(`read_file ${rel} failed: ${result.content}`);
      return result;
    },
    call: (tool, args) => callTool(tools[tool], args),
    async bytes(rel) {
      try {
        return (await readFile(join(ws.root, rel))).toString("latin1");
      } catch {
        return null;
      }
    },
    remove: () => tree.remove(),
  };
}

/** The review a change tool prepared (throws if `prepare` fails). */
export function editReview(review: Review): Extract<Review, { type: "edit" }> {
  if (review.type !== "edit") throw new Error(`expected an edit review, got ${review.type}`);
  return review;
}
