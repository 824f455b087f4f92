import type { AgentEvent } from "../../../agent/events.js";
import { formatTokens } from "../components/status-line.js";
import type { UiState } from "./state.js";
import { add, settleAll } from "./transcript.js";
import { errorText, t } from "../../../i18n/index.js";

/** Characters of live command output kept per running tool (the line shows the last few lines). */
const OUTPUT_KEEP = 4000;

/**
 * The context meter's figures, from the last `context` event. `measured`: `used` rests on a size
 * the provider reported, or is what a compaction left. The status line shows only such figures
 * (one measure: an estimate made before the first answer is not swapped for a smaller reported
 * size); before, it shows the window alone.
 */
export interface ContextMeter {
  used: number;
  window: number;
  percent: number;
  measured: boolean;
  /** A compaction just ended: its estimate of what is left is the figure to show. */
  compacted?: boolean;
}

/** Events besides the turn's text and tools: the context meter, compaction, live shell output. */
export function reduceExtras(state: UiState, event: AgentEvent): UiState {
  switch (event.type) {
    case "context": {
      const measured = !event.estimated || state.context?.compacted === true;
      return {
        ...state,
        context: { used: event.used, window: event.window, percent: event.percent, measured },
      };
    }
    case "compaction_start":
      return { ...settleAll(state), compacting: true };
    case "compaction_end": {
      const meter =
        state.context && event.ok ? { ...state.context, compacted: true } : state.context;
      const s = { ...settleAll(state), compacting: false, ...(meter ? { context: meter } : {}) };
      if (event.ok) {
        const what = event.reason === "auto" ? "live.compactedAuto" : "live.compacted";
        return add(s, {
          kind: "note",
          tone: "info",
          text: t(what, {
            before: formatTokens(event.tokens_before),
            after: formatTokens(event.tokens_after),
          }),
        });
      }
      return add(s, {
        kind: "note",
        tone: "error",
        text: t("live.compactionFailed", { error: errorText(event.error) }),
      });
    }
    case "tool_output": {
      const tools = state.tools.map((t) =>
        t.id === event.id
          ? { ...t, output: ((t.output ?? "") + event.text).slice(-OUTPUT_KEEP) }
          : t,
      );
      return { ...state, tools };
    }
    default:
      return state;
  }
}

/** The last `count` non-empty lines of live output. */
export function lastLines(output: string | undefined, count: number): string[] {
  if (!output) return [];
  return output
    .replace(/\r/g, "")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .slice(-count);
}
