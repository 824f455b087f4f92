import { ToolError, defineChangeTool } from "../../agent/tool.js";
import description from "./description.md";

/**
 * `enter_plan_mode`: the model proposes to plan before changing anything. The permission policy
 * asks the person (yes/no); on yes the session is in plan mode: reads only until a plan is
 * accepted with `exit_plan_mode`.
 */
export function createEnterPlanModeTool() {
  return defineChangeTool({
    name: "enter_plan_mode",
    kind: "interactive",
    description,
    schema: (z) =>
      z.object({ reason: z.string().describe("Why planning first helps, in a sentence") }),
    async prepare({ reason }) {
      if (!reason.trim()) throw new ToolError("Say in a sentence why planning first helps.");
      return {
        review: { type: "plan-mode", reason: reason.trim() },
        async apply() {
          return {
            content:
              "Plan mode is on. Explore with read tools only, then present your plan with exit_plan_mode.",
          };
        },
      };
    },
  });
}
