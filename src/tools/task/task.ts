import type * as z from "zod";
import {
  defineTool,
  type ToolContext,
  type ToolOutput,
  type Usage,
  type ZodModule,
} from "../../agent/tool.js";
import description from "./description.md";

const schema = (z: ZodModule) =>
  z.object({
    agent: z.string(),
    description: z.string().describe("A few words, shown to the person"),
    prompt: z.string(),
  });

export type TaskArgs = z.infer<ReturnType<typeof schema>>;

/** What the renderer gets of a finished sub-agent (the person's summary line). */
export interface TaskDetails {
  agent: string;
  description: string;
  steps: number;
  toolCalls: number;
  usage: Usage;
  stopReason: string;
  model: string;
}

/**
 * Runs sub-agents for the `task` tool; provided by the session, which owns the models, the
 * policy and the event stream. `readOnly` must not throw (unknown agent: false).
 */
export interface TaskRunner {
  /** Whether the agent only reads: its calls may run alongside the step's other reads. */
  readOnly(agent: string): boolean;
  /**
   * Runs the sub-agent to its end; its final text is the output. Throws `ToolError` for an
   * unknown agent (naming the known ones) or a failed sub-agent.
   */
  run(args: TaskArgs, ctx: ToolContext): Promise<ToolOutput<TaskDetails>>;
}

/**
 * `task`: hands a focused job to a sub-agent with a fresh context. It changes nothing itself:
 * each call the sub-agent makes goes through the permission policy, so the tool is of the read
 * kind and needs no review; calls of read-only agents run concurrently.
 */
export function createTaskTool(runner: TaskRunner) {
  return defineTool({
    name: "task",
    kind: "read",
    description,
    schema,
    concurrent: (args) => typeof args?.agent === "string" && runner.readOnly(args.agent),
    execute: (args, ctx) => runner.run(args, ctx),
  });
}
