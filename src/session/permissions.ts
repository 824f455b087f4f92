import type { AnyTool } from "../agent/tool.js";

export type Mode = "ask" | "agent" | "plan";
export type Approve = "none" | "edits" | "all";

export const MODES: readonly Mode[] = ["ask", "agent", "plan"];

/**
 * The tools offered to the model in a mode: ask offers only read tools; plan offers everything
 * (changes are refused until a plan is accepted) and `exit_plan_mode`; agent all but that.
 */
export function toolsForMode(mode: Mode, tools: readonly AnyTool[]): AnyTool[] {
  if (mode === "ask") return tools.filter((t) => t.kind === "read");
  if (mode === "plan") return [...tools];
  return tools.filter((t) => t.name !== "exit_plan_mode");
}
