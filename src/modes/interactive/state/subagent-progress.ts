import type { AgentEvent } from "../../../agent/events.js";
import { toolTitle } from "../tool-lines/index.js";

/** What the person sees of a running sub-agent under its `task` line. */
export interface SubagentProgress {
  agent: string;
  description: string;
  /** Model calls so far. */
  steps: number;
  /** Tokens so far (input, cache and output of every step). */
  tokens: number;
  /** Its tool calls in order: running, done or failed (`title` worded as finished: `finished`). */
  calls: readonly {
    id: string;
    title: string;
    finished: string;
    state: "running" | "done" | "error";
  }[];
}

type SubagentEvent = Extract<AgentEvent, { type: "subagent" }>;

/** Tool lines of a sub-agent shown while it runs; earlier ones are counted. */
export const SUBAGENT_LINES = 3;

/** The progress after one of the sub-agent's own events. Pure. */
export function advanceSubagent(
  progress: SubagentProgress | undefined,
  event: SubagentEvent,
): SubagentProgress {
  const p: SubagentProgress = progress ?? {
    agent: event.agent,
    description: event.description,
    steps: 0,
    tokens: 0,
    calls: [],
  };
  const inner = event.event;
  switch (inner.type) {
    case "step_start":
      return { ...p, steps: inner.step };
    case "usage": {
      const u = inner.total;
      const tokens = u.input_tokens + u.output_tokens + u.cache_read_tokens + u.cache_write_tokens;
      return { ...p, tokens: Math.max(p.tokens, tokens) };
    }
    case "tool_call":
      return {
        ...p,
        calls: [
          ...p.calls,
          {
            id: inner.id,
            title: toolTitle(inner.name, inner.arguments),
            finished: toolTitle(inner.name, inner.arguments, true),
            state: "running",
          },
        ],
      };
    case "tool_result":
      return {
        ...p,
        calls: p.calls.map((c) =>
          c.id === inner.id
            ? { ...c, title: c.finished, state: inner.is_error ? "error" : "done" }
            : c,
        ),
      };
    default:
      return p;
  }
}

/** Screen rows the running tools take in the live area (a sub-agent's group takes more). */
export function runningToolRows(tools: readonly { sub?: SubagentProgress }[]): number {
  return tools.reduce((rows, tool) => {
    if (!tool.sub) return rows + 1;
    const shown = Math.min(tool.sub.calls.length, SUBAGENT_LINES);
    const earlier = tool.sub.calls.length > SUBAGENT_LINES ? 1 : 0;
    return rows + 2 + shown + earlier;
  }, 0);
}
