import { ToolError, defineChangeTool } from "../../agent/tool.js";
import description from "./description.md";

/**
 * `exit_plan_mode`: the model presents its plan as a proposal; the permission policy asks the
 * person, and accepting it lets edits and commands through for the rest of the session.
 */
export function createExitPlanModeTool() {
  return defineChangeTool({
    name: "exit_plan_mode",
    kind: "interactive",
    description,
    schema: (z) => z.object({ plan: z.string().describe("The plan, in Markdown") }),
    async prepare({ plan }) {
      if (!plan.trim())
        throw new ToolError("The plan is empty. Write the steps you intend to take.");
      return {
        review: { type: "plan", plan },
        async apply() {
          return { content: "The person accepted the plan. Carry it out now, step by step." };
        },
      };
    },
  });
}
