import { Box, Text } from "ink";
import stringWidth from "string-width";
import { tint, type Role } from "../screen/theme.js";
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
  /** Standing permissions in force: edits auto-accepted, command rules. */
  standing?: { edits: boolean; rules: number } | undefined;
  /** MCP servers that failed, and repository servers waiting for approval (shown when any). */
  mcp?: { failed: number; waiting: number } | undefined;
  width: number;
}

const EIGHTHS = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];

/** A 10-cell meter in eighths of a cell: 4 % shows as a sliver, any use at least one eighth. */
export function meterBar(percent: number): string {
  const clamped = Math.max(0, Math.min(100, percent));
  const eighths = clamped > 0 ? Math.max(1, Math.round(clamped * 0.8)) : 0;
  const full = Math.floor(eighths / 8);
  const part = EIGHTHS[eighths % 8]!;
  const shown = "█".repeat(full) + part;
  return shown + "░".repeat(10 - full - (part ? 1 : 0));
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
export const meterColor = (percent: number): Role =>
  percent < 60 ? "success" : percent <= 85 ? "warning" : "error";

const truncate = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** "mcp: 1 failed", "mcp: 2 to approve", or "" when all is well. */
function mcpMarker(mcp: StatusProps["mcp"]): string {
  if (!mcp) return "";
  if (mcp.failed > 0) return t("status.mcpFailed", { count: String(mcp.failed) });
  if (mcp.waiting > 0) return t("status.mcpWaiting", { count: String(mcp.waiting) });
  return "";
}

/** Project · [MODE] · sandbox · model · context meter · tokens so far, on one line. */
export function StatusLine(props: StatusProps) {
  const percent = props.contextWindow
    ? Math.min(100, Math.round((props.contextTokens / props.contextWindow) * 100))
    : 0;
  const exact = props.contextWindow ? (props.contextTokens / props.contextWindow) * 100 : 0;
  const bar = meterBar(exact);
  const shownPercent = exact > 0 && percent === 0 ? "<1" : String(percent);
  const standing = props.standing;
  const rules = standing?.rules ?? 0;
  const rulesText = rules === 1 ? t("status.rule") : t("status.rules", { count: String(rules) });
  const sandboxText = props.sandbox
    ? t(props.sandbox === "on" ? "status.sandboxOn" : "status.sandboxOff")
    : "";
  const mcpText = mcpMarker(props.mcp);
  const contextText = props.contextWindow
    ? `  ${t("status.context")} ${bar} ${shownPercent}% ${formatTokens(props.contextTokens)}/${formatTokens(props.contextWindow)}`
    : "";
  const sessionText = `  ${t("status.session", { count: formatTokens(props.sessionTokens) })}`;
  const costText = props.cost !== undefined ? `  ${formatCost(props.cost)}` : "";
  const project = truncate(props.project, Math.max(12, Math.floor(props.width / 4)));
  // The figures matter more than the folder's name: on a narrow screen the name goes first.
  const rest = [
    ` [${props.mode.toUpperCase()}]`,
    standing?.edits ? ` ${t("status.edits")}` : "",
    rules > 0 ? ` ${rulesText}` : "",
    sandboxText ? ` ${sandboxText}` : "",
    mcpText ? ` ${mcpText}` : "",
    ` ${props.model ?? t("status.noModel")}`,
    contextText,
    sessionText,
    costText,
  ].join("");
  const showProject = stringWidth(project + rest) <= props.width;
  return (
    <Box>
      <Text wrap="truncate-end">
        {showProject ? <Text bold>{project}</Text> : null}
        <Text
          color={tint(
            props.mode === "plan" ? "modePlan" : props.mode === "ask" ? "modeAsk" : "modeAgent",
          )}
        >
          {`${showProject ? " " : ""}[${props.mode.toUpperCase()}]`}
        </Text>
        {standing?.edits ? <Text color={tint("warning")}>{` ${t("status.edits")}`}</Text> : null}
        {standing && standing.rules > 0 ? (
          <Text color={tint("warning")}>
            {` ${standing.rules === 1 ? t("status.rule") : t("status.rules", { count: String(standing.rules) })}`}
          </Text>
        ) : null}
        {props.sandbox ? (
          <Text color={tint(props.sandbox === "on" ? "success" : "warning")}>
            {` ${t(props.sandbox === "on" ? "status.sandboxOn" : "status.sandboxOff")}`}
          </Text>
        ) : null}
        {mcpText ? (
          <Text color={tint(props.mcp?.failed ? "error" : "warning")}>{` ${mcpText}`}</Text>
        ) : null}
        <Text>{` ${props.model ?? t("status.noModel")}`}</Text>
        {props.contextWindow ? (
          <Text>
            {`  ${t("status.context")} `}
            <Text color={tint(meterColor(percent))}>{bar}</Text>
            {` ${shownPercent}% ${formatTokens(props.contextTokens)}/${formatTokens(props.contextWindow)}`}
          </Text>
        ) : null}
        <Text
          dimColor
        >{`  ${t("status.session", { count: formatTokens(props.sessionTokens) })}`}</Text>
        {props.cost !== undefined ? <Text dimColor>{`  ${formatCost(props.cost)}`}</Text> : null}
      </Text>
    </Box>
  );
}
