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
  /**
   * A message the person sent while the turn ran (`session.steer`), now part of the history at
   * a step boundary: after the step's tool results, or after an answer that would have ended the
   * turn, which then goes on with another step.
   */
  | { type: "steer"; text: string }
  | { type: "text_delta"; text: string }
  | { type: "thinking_delta"; text: string }
  | { type: "tool_call"; id: string; name: string; kind: ToolKind | "unknown"; arguments: unknown }
  /** A change prepared by an edit or shell call, before the policy or the person decides. */
  | { type: "tool_proposal"; id: string; name: string; review: Review }
  /** Output of a running call as it arrives (shell commands), ANSI-free; the result follows. */
  | { type: "tool_output"; id: string; text: string }
  /**
   * A person must decide on a proposal: answer with `session.respond(id, decision)`. Cancelling
   * the turn resolves it as denied.
   */
  | {
      type: "approval_request";
      id: string;
      name: string;
      review: Review;
      /** Set when a sub-agent asks (its name, e.g. `general`): the review is labelled with it. */
      agent?: string;
    }
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
  /**
   * A configured check starts (`checks` in the config or `.north/settings.json`): `after_edit`
   * after the tool results of a step that edited files, `before_done` when the model would end a
   * turn that edited files. `source` says whose settings name it. Its `check_end` follows.
   */
  | { type: "check_start"; id: string; phase: CheckPhase; command: string; source: CheckSource }
  | CheckEndEvent
  /**
   * One event of a sub-agent started by the `task` call `parent_id` (its own `turn_start` …
   * `turn_end`, steps, tool calls, usage), wrapped whole, in the order it happened. The parent's
   * `tool_result` for `parent_id` follows the sub-agent's `turn_end`. Its usage is also counted in
   * the parent's totals.
   */
  | { type: "subagent"; parent_id: string; agent: string; description: string; event: AgentEvent }
  /** The model's todo list after a `todo_write` call: the whole list, in its order. */
  | { type: "todo"; items: TodoItem[] }
  /**
   * How full the context is: the next request would take about `used` tokens of the model's
   * `window` (`percent` 0–100). Sent by the session after each `usage` report (`estimated`
   * false) and after a compaction (`estimated` true: counted by estimate, not by the provider).
   */
  | { type: "context"; used: number; window: number; percent: number; estimated: boolean }
  /**
   * Compaction begins: automatically before a step whose request would pass the threshold, or
   * when asked (`session.compact`). `tokens_before` is the size of the context it starts from.
   */
  | { type: "compaction_start"; reason: CompactionReason; tokens_before: number }
  | CompactionEndEvent
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

export type CheckPhase = "after_edit" | "before_done";
/** `config`: the person's config file; `project`: the repository's `.north/settings.json`. */
export type CheckSource = "config" | "project";

/**
 * A check ended: `ok` when it exited 0. `output` is its output as the model gets it (bounded:
 * `truncated` when cut), `summary` a count of failures found in it (`2 failed`), if any.
 * `skipped`: it did not run (a repository's check while the sandbox is off), `output` says why.
 */
export interface CheckEndEvent {
  type: "check_end";
  id: string;
  phase: CheckPhase;
  command: string;
  source: CheckSource;
  ok: boolean;
  exit_code: number | null;
  duration_ms: number;
  output: string;
  truncated: boolean;
  summary?: string;
  skipped?: boolean;
}

/** One item of the model's todo list (`todo_write`). */
export interface TodoItem {
  content: string;
  status: "pending" | "in_progress" | "completed";
}

/** `auto`: the next request would pass the threshold; `manual`: `/compact`, `/summarize`. */
export type CompactionReason = "auto" | "manual";

/**
 * Compaction ended. On success `replaced_messages` older messages became one summary
 * (`summary`, absent when only tool results were cleared) and `cleared_results` old tool outputs
 * were cleared; the context went from `tokens_before` to `tokens_after`. On failure the history
 * is unchanged; automatically, the turn then ends with an `error` event saying how to go on.
 * `usage` is what the summary request cost.
 */
export type CompactionEndEvent =
  | {
      type: "compaction_end";
      ok: true;
      reason: CompactionReason;
      tokens_before: number;
      tokens_after: number;
      replaced_messages: number;
      cleared_results: number;
      summary?: string;
      usage: Usage;
    }
  | {
      type: "compaction_end";
      ok: false;
      reason: CompactionReason;
      tokens_before: number;
      error: ProviderError;
      usage: Usage;
    };

export type Emit = (event: AgentEvent) => void;
