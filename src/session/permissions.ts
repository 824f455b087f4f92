import type { Authorize } from "../agent/loop.js";
import type { AnyTool } from "../agent/tool.js";

export type Mode = "ask" | "agent" | "plan";
export type Approve = "none" | "edits" | "all";

export const MODES: readonly Mode[] = ["ask", "agent", "plan"];
export const APPROVALS: readonly Approve[] = ["none", "edits", "all"];

/** The tools offered to the model in a mode: ask offers only read tools. */
export function toolsForMode(mode: Mode, tools: readonly AnyTool[]): AnyTool[] {
  return mode === "ask" ? tools.filter((t) => t.kind === "read") : [...tools];
}

/**
 * The headless policy: `--approve` decides without a person. A refusal goes back to the model
 * as the tool's error result, worded so it stops trying and tells the person instead.
 */
export function headlessAuthorize(mode: Mode, approve: Approve): Authorize {
  return async (_call, tool, review) => {
    if (review?.type === "command" && review.danger) {
      // Such commands always need a person, whatever --approve says.
      return {
        allow: false,
        reason: `Refused: ${review.danger} It needs a person's approval, which a headless run cannot give. Do not retry; tell the person.`,
      };
    }
    if (mode === "plan" && (tool.kind === "edit" || tool.kind === "shell")) {
      return {
        allow: false,
        reason:
          "Plan mode: changes wait until the person accepts a plan. Present the plan instead.",
      };
    }
    if (tool.kind === "edit" && (approve === "edits" || approve === "all")) return { allow: true };
    if (tool.kind === "shell" && approve === "all") return { allow: true };
    const what = tool.kind === "shell" ? "running commands" : "changing files";
    const flag = tool.kind === "shell" ? "--approve all" : "--approve edits";
    return {
      allow: false,
      reason: `Refused: this headless run does not allow ${what} (it needs ${flag}). Do not retry; tell the person what you would have done.`,
    };
  };
}
