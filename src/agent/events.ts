import type { ProviderError, StopReason, Usage } from "../ai/types.js";
import type { Review, ToolKind } from "./tool.js";

/** Why a turn ended. `max_steps`: the step cap was reached while the model still wanted tools. */
export type TurnStopReason = "end" | "max_tokens" | "refusal" | "max_steps" | "error" | "aborted";

/**
 * Everything the engine tells the outside, in order. The TUI and the headless runner consume the
 * same stream; `--output-format stream-json` prints it one JSON object per line.
 */
export type AgentEvent =
  | { type: "turn_start"; prompt: string }
  | { type: "step_start"; step: number }
  | { type: "text_delta"; text: string }
  | { type: "thinking_delta"; text: string }
  | { type: "tool_call"; id: string; name: string; kind: ToolKind | "unknown"; arguments: unknown }
  /** A change prepared by an edit or shell call, before the policy or the person decides. */
  | { type: "tool_proposal"; id: string; name: string; review: Review }
  /**
   * A person must decide on a proposal: answer with `session.respond(id, decision)`. Cancelling
   * the turn resolves it as denied.
   */
  | { type: "approval_request"; id: string; name: string; review: Review }
  | {
      type: "tool_result";
      id: string;
      name: string;
      content: string;
      is_error: boolean;
      truncated: boolean;
      duration_ms: number;
      details?: unknown;
    }
  | { type: "usage"; usage: Usage; total: Usage }
  /** The step's partial output is void; a consumer discards what it showed of it. */
  | { type: "retry"; attempt: number; delay_ms: number; error: ProviderError }
  | { type: "step_end"; step: number; stop_reason: StopReason }
  | { type: "error"; error: ProviderError }
  | {
      type: "turn_end";
      stop_reason: TurnStopReason;
      text: string;
      steps: number;
      tool_calls: number;
      usage: Usage;
    };

export type Emit = (event: AgentEvent) => void;
