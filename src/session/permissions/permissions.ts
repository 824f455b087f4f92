import type { AnyTool } from "../../agent/tool.js";

export type Mode = "ask" | "agent" | "plan";
export type Approve = "none" | "edits" | "all";
/** Where commands run: see `SandboxProfile` in `shell/` (the same three values). */
export type Profile = "workspace-write" | "read-only" | "none";

export const MODES: readonly Mode[] = ["ask", "agent", "plan"];

/**
 * The tools offered to the model in a mode: ask offers the read tools, plus `shell_run` when
 * commands run in the sandbox (`profile` not "none": they run read-only there); plan offers
 * everything (changes are refused until a plan is accepted) and `exit_plan_mode`; agent all but
 * that.
 */
export function toolsForMode(
  mode: Mode,
  tools: readonly AnyTool[],
  profile: Profile = "none",
): AnyTool[] {
  if (mode === "ask") {
    return tools.filter((t) => t.kind === "read" || (t.name === "shell_run" && profile !== "none"));
  }
  if (mode === "plan") return [...tools];
  return tools.filter((t) => t.name !== "exit_plan_mode");
}

/**
 * The profile commands run in, decided by the session: "none" when the sandbox is unavailable
 * or turned off; "read-only" in ask mode, in plan mode before a plan is accepted, and headless
 * without `--approve all`; else "workspace-write".
 */
export function commandProfile(input: {
  sandboxed: boolean;
  mode: Mode;
  planAccepted: boolean;
  /** The headless `--approve`; undefined when a person answers (the TUI). */
  approve?: Approve | undefined;
}): Profile {
  if (!input.sandboxed) return "none";
  if (input.mode === "ask" || (input.mode === "plan" && !input.planAccepted)) return "read-only";
  if (input.approve !== undefined && input.approve !== "all") return "read-only";
  return "workspace-write";
}
