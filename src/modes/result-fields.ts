/**
 * The result object of `-p --output-format json|stream-json`, the part both the edge (`cli.ts`,
 * for a run that failed before its session existed) and the run itself need. Imports nothing:
 * the edge loads it on every run.
 */

/** North's own fields of a result, as far as Claude Code's are made from them. */
export interface ResultCore {
  type: "result";
  text: string;
  stop_reason: string;
  steps: number;
  duration_ms: number;
  cost_usd?: number;
  error?: { kind: string; message: string };
  session_id?: string;
}

/**
 * `result` with Claude Code's fields added beside North's (its SDK's result message), so a
 * program written for `claude -p --output-format json|stream-json` reads North's too:
 * `subtype` (`success`, `error_max_turns`, `error_during_execution`), `is_error`, `result` (the
 * final text; the error's message when a failed run wrote none), `num_turns` (the steps),
 * `total_cost_usd` (0 when the model's prices are unknown). `duration_ms`, `session_id`,
 * `usage` and `stop_reason` are North's and keep North's meaning.
 */
export function withClaudeFields<T extends ResultCore>(result: T) {
  const failed = result.stop_reason !== "end";
  return {
    ...result,
    subtype:
      result.stop_reason === "end"
        ? "success"
        : result.stop_reason === "max_steps"
          ? "error_max_turns"
          : "error_during_execution",
    is_error: failed,
    result: result.text || (failed ? (result.error?.message ?? "") : ""),
    num_turns: result.steps,
    total_cost_usd: result.cost_usd ?? 0,
  };
}

/**
 * The one result object of a run that failed before anything ran (no key, a model North cannot
 * place, a bad flag): `kind` is `usage` (exit 2), `setup` (exit 1) or `internal`.
 */
export function failedRunResult(kind: string, message: string, durationMs: number) {
  return withClaudeFields({
    type: "result" as const,
    text: "",
    stop_reason: "error",
    steps: 0,
    tool_calls: 0,
    duration_ms: Math.round(durationMs),
    error: { kind, message },
  });
}
