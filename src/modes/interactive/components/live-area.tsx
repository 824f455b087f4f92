import { Box, Text } from "ink";
import Spinner from "ink-spinner";
import { useEffect, useMemo, useState } from "react";
import { renderMarkdown } from "../markdown/index.js";
import type { Scrollback } from "../screen/scrollback.js";
import type { UiState } from "../state/state.js";
import { tint } from "../screen/theme.js";
import { thinkingTail } from "./entry-view.js";
import { GUTTER, Gutter } from "./gutter.js";
import { ReviewView } from "./review-view.js";
import { lastLines } from "../state/live-extras.js";
import { LIVE_OUTPUT_LINES, ToolRunning } from "./tool-line.js";
import { SubagentGroup } from "./subagent-group.js";
import { formatTokens } from "./status-line.js";
import { t } from "../../../i18n/index.js";
import { estimateCharTokens } from "../../../session/index.js";

/**
 * The part of the turn still moving: folded thinking, the streaming tail of the answer, running
 * tools (the one under review shows as its review), the pending review, and a working line. Kept shorter than the screen (see `tailBudget` in transcript.ts).
 */
export function LiveArea(props: {
  state: UiState;
  animate: boolean;
  highlightEpoch: number;
  /** Draws the tail's lines past Ink's per-character work (screen/scrollback.ts). */
  scrollback?: Scrollback;
}) {
  const { tail, thinking, busy, width, labelPending, tailJoined, review } = props.state;
  const tools = props.state.tools.filter((t) => t.id !== review?.id);
  const inner = Math.max(20, width - GUTTER);
  const { scrollback } = props;
  const rendered = useMemo(() => {
    if (!tail.trim()) return "";
    const text = renderMarkdown(tail, inner, { continued: tailJoined, live: true });
    return scrollback ? scrollback.liveLines(text, inner) : text;
    // highlightEpoch: re-render once the highlighter has loaded; theme: in the new palette.
  }, [tail, inner, tailJoined, props.highlightEpoch, props.state.theme, scrollback]);
  const spinner = props.animate ? <Spinner type="dots" /> : "…";
  // A turn that starts with a tool: its first line carries the label the answer would.
  const firstLabel = !props.state.turnLabelled && !rendered;
  return (
    <Box flexDirection="column">
      {thinking.trim() ? (
        <Gutter>
          <Text dimColor>{`✻ ${t("thinking.streaming")}`}</Text>
          <Text dimColor>{thinkingTail(thinking, inner).join("\n")}</Text>
        </Gutter>
      ) : null}
      {rendered ? (
        <Box marginTop={tailJoined && !labelPending ? 0 : 1}>
          <Gutter {...(labelPending ? { label: "north", color: "brand" as const } : {})}>
            <Text>{rendered}</Text>
          </Gutter>
        </Box>
      ) : null}
      {tools.map((tool, i) => (
        <Box key={tool.id} flexDirection="column" marginTop={i === 0 && firstLabel ? 1 : 0}>
          <Gutter {...(i === 0 && firstLabel ? { label: "north", color: "brand" as const } : {})}>
            <ToolRunning
              title={tool.title}
              animate={props.animate}
              output={lastLines(tool.output, LIVE_OUTPUT_LINES)}
            />
            {tool.sub ? <SubagentGroup progress={tool.sub} /> : null}
          </Gutter>
        </Box>
      ))}
      {review ? <ReviewView state={props.state} pending={review} /> : null}
      {props.state.compacting ? (
        <Gutter>
          <Text>
            <Text color={tint("brand")}>{spinner}</Text>
            <Text dimColor> {t("live.compacting")}</Text>
          </Text>
        </Gutter>
      ) : null}
      {busy && !review && !props.state.compacting ? (
        <Gutter>
          <Text>
            <Text color={tint("brand")}>{spinner}</Text>
            <Text dimColor>
              {" "}
              <WorkingFigures
                since={props.state.turnStartedAt}
                tokens={props.state.turnTokens + estimateCharTokens(props.state.streamedChars ?? 0)}
                animate={props.animate}
              />
            </Text>
          </Text>
        </Gutter>
      ) : null}
    </Box>
  );
}

/**
 * "Working… 12s · 2.5k tokens · Esc to interrupt", shown whenever the model works (also while
 * text streams), its seconds ticking once a second.
 */
function WorkingFigures(props: { since: number | undefined; tokens: number; animate: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!props.animate) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [props.animate]);
  const seconds =
    props.since === undefined ? 0 : Math.max(0, Math.floor((now - props.since) / 1000));
  return <>{t("working.line", { seconds: String(seconds), tokens: formatTokens(props.tokens) })}</>;
}
