import type { AgentEvent } from "../../agent/events.js";
import type { Logger } from "../../log/logger.js";

/** Writes the log lines of the engine's events (requests, tool calls, retries, errors). */
export function logEvent(logger: Logger, event: AgentEvent, model: string): void {
  switch (event.type) {
    case "subagent":
      logEvent(logger, event.event, model);
      break;
    case "step_start":
      logger.log("model_request_start", { step: event.step, model });
      break;
    case "step_end":
      logger.log("model_request_complete", { step: event.step, stop_reason: event.stop_reason });
      break;
    case "tool_call":
      logger.log("tool_call_start", { id: event.id, tool: event.name });
      break;
    case "tool_result":
      logger.log("tool_call_complete", {
        id: event.id,
        tool: event.name,
        is_error: event.is_error,
        duration_ms: event.duration_ms,
      });
      break;
    case "retry":
      logger.log("api_retry_attempt", {
        attempt: event.attempt,
        delay_ms: event.delay_ms,
        kind: event.error.kind,
        status: event.error.status,
      });
      break;
    case "error":
      logger.log("model_error", {
        kind: event.error.kind,
        status: event.error.status,
        message: event.error.message,
      });
      break;
    // Debug level only (`--log-level debug`): the stream itself, by size.
    case "text_delta":
    case "thinking_delta":
      logger.log(event.type, { chars: event.text.length });
      break;
    case "tool_output":
      logger.log("tool_output", { id: event.id, chars: event.text.length });
      break;
    case "usage":
      logger.log("usage", { ...event.usage });
      break;
    case "compaction_end":
      logger.log("compaction", {
        reason: event.reason,
        ok: event.ok,
        tokens_before: event.tokens_before,
        ...(event.ok
          ? { tokens_after: event.tokens_after, replaced: event.replaced_messages }
          : { kind: event.error.kind }),
      });
      break;
  }
}
