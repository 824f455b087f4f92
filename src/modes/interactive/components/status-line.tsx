import { Box, Text } from "ink";
import { tint } from "../theme.js";
import { t } from "../../../i18n/index.js";

export interface StatusProps {
  project: string;
  mode: string;
  /** Whether commands run in the OS sandbox; unknown (nothing shown) before a session exists. */
  sandbox?: "on" | "off" | "unavailable" | undefined;
  model: string | undefined;
  contextTokens: number;
  contextWindow: number | undefined;
  sessionTokens: number;
  /** Money spent, when the models' prices are known. */
  cost?: number | undefined;
  width: number;
}

/** "12.3k" for token counts. */
export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

/** "$0.0123" under a dollar, "$1.23" above. */
export const formatCost = (usd: number) => (usd < 1 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`);

/** Green below 60 %, yellow to 85 %, red above. */
export const meterColor = (percent: number) =>
  percent < 60 ? "green" : percent <= 85 ? "yellow" : "red";

const truncate = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** Project · [MODE] · sandbox · model · context meter · tokens so far, on one line. */
export function StatusLine(props: StatusProps) {
  const percent = props.contextWindow
    ? Math.min(100, Math.round((props.contextTokens / props.contextWindow) * 100))
    : 0;
  const filled = Math.round(percent / 10);
  const bar = "█".repeat(filled) + "░".repeat(10 - filled);
  return (
    <Box>
      <Text wrap="truncate-end">
        <Text bold>{truncate(props.project, Math.max(12, Math.floor(props.width / 4)))}</Text>
        <Text
          color={tint(props.mode === "plan" ? "blue" : props.mode === "ask" ? "green" : "magenta")}
        >
          {` [${props.mode.toUpperCase()}]`}
        </Text>
        {props.sandbox ? (
          <Text color={tint(props.sandbox === "on" ? "green" : "yellow")}>
            {` ${t(props.sandbox === "on" ? "status.sandboxOn" : "status.sandboxOff")}`}
          </Text>
        ) : null}
        <Text>{` ${props.model ?? t("status.noModel")}`}</Text>
        {props.contextWindow ? (
          <Text>
            {"  "}
            <Text color={tint(meterColor(percent))}>{bar}</Text>
            {` ${percent}%`}
          </Text>
        ) : null}
        <Text
          dimColor
        >{`  ${t("status.tokens", { count: formatTokens(props.sessionTokens) })}`}</Text>
        {props.cost !== undefined ? <Text dimColor>{`  ${formatCost(props.cost)}`}</Text> : null}
      </Text>
    </Box>
  );
}
