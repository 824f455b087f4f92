import { runTool, type AnyTool, type ToolRunResult } from "../../src/agent/tool.js";

/** Test support: calls a tool as the agent loop does (validation and error mapping included). */
export function callTool(
  tool: AnyTool,
  args: Record<string, unknown>,
  signal = new AbortController().signal,
): Promise<ToolRunResult> {
  return runTool(tool, args, JSON.stringify(args), { signal });
}
