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
  /** How hard the model thinks (`/effort`), shown after the model; absent: its default. */
  effort?: string | undefined;
  /** Tokens in the context; undefined until measured (a provider reported a size). */
  contextTokens: number | undefined;
  contextWindow: number | undefined;
  sessionTokens: number;
  /** Money spent, when the models' prices are known. */
  cost?: number | undefined;
  /** Standing permissions in force: edits auto-accepted, command rules, MCP tools. */
  standing?: { edits: boolean; rules: number; tools?: number } | undefined;
  /** MCP servers that failed, and repository servers waiting for approval (shown when any). */
  mcp?: { failed: number; waiting: number } | undefined;
  /** Background jobs running (shown when any). */
  jobs?: number | undefined;
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

/** One piece of the status line: its text (with its leading space) and how it is drawn. */
interface Piece {
  text: string;
  color?: Role;
  bold?: boolean;
  dim?: boolean;
}

/**
 * The pieces of the status line at `level` of shortening, 0 (everything in full) to
 * {@link LEVELS}: the folder's name is shortened then dropped, then the model's name, the context
 * bar, the session's token count, and last the model. The mode, the sandbox marker, the standing
 * permissions (edits accepted; "✓ N allowed": command rules and MCP tools, which /permissions
 * lists), the context figure and the cost stay at every level.
 */
function pieces(props: StatusProps, level: number): Piece[] {
  const window = props.contextWindow;
  const used = props.contextTokens;
  const exact = window && used !== undefined ? (used / window) * 100 : 0;
  const percent = Math.min(100, Math.round(exact));
  const shownPercent = exact > 0 && percent === 0 ? "<1" : String(percent);
  const standing = props.standing;
  // Edits accepted show as their own marker; the count is of rules and tools.
  const allowed = standing ? standing.rules + (standing.tools ?? 0) : 0;
  const mcpText = mcpMarker(props.mcp);
  const model = props.model ?? t("status.noModel");
  const out: Piece[] = [];
  if (level < 2) {
    const project = truncate(
      props.project,
      level === 0 ? Math.max(12, Math.floor(props.width / 4)) : 12,
    );
    out.push({ text: project, bold: true });
  }
  const modeRole: Role =
    props.mode === "plan" ? "modePlan" : props.mode === "ask" ? "modeAsk" : "modeAgent";
  out.push({ text: `${out.length ? " " : ""}[${props.mode.toUpperCase()}]`, color: modeRole });
  if (standing?.edits) out.push({ text: ` ${t("status.edits")}`, color: "warning" });
  if (allowed > 0) {
    const marker =
      allowed === 1 ? t("status.allowedOne") : t("status.allowed", { count: String(allowed) });
    out.push({ text: ` ${marker}`, color: "warning" });
  }
  if (props.sandbox) {
    out.push({
      text: ` ${t(props.sandbox === "on" ? "status.sandboxOn" : "status.sandboxOff")}`,
      color: props.sandbox === "on" ? "success" : "warning",
    });
  }
  if (mcpText) out.push({ text: ` ${mcpText}`, color: props.mcp?.failed ? "error" : "warning" });
  if (props.jobs)
    out.push({ text: ` ${t("status.jobs", { count: String(props.jobs) })}`, color: "warning" });
  if (level < 6) out.push({ text: ` ${level < 4 ? model : truncate(model, 14)}` });
  if (level < 6 && props.effort) {
    out.push({ text: ` ${t("status.effort", { effort: props.effort })}`, dim: true });
  }
  if (window) {
    const figure =
      used === undefined
        ? `–/${formatTokens(window)}`
        : `${shownPercent}% ${formatTokens(used)}/${formatTokens(window)}`;
    out.push({ text: `  ${t("status.context")} ` });
    if (level < 4) out.push({ text: `${meterBar(exact)} `, color: meterColor(percent) });
    out.push({ text: figure });
  }
  if (level < 5)
    out.push({
      text: `  ${t("status.session", { count: formatTokens(props.sessionTokens) })}`,
      dim: true,
    });
  if (props.cost !== undefined) out.push({ text: `  ${formatCost(props.cost)}`, dim: true });
  return out;
}

/** The levels of shortening {@link pieces} knows. */
const LEVELS = 6;

/**
 * Project · [MODE] · standing permissions · sandbox · model · context · session tokens · cost,
 * on one line. On a narrow screen the least useful parts go first (see {@link pieces}).
 */
export function StatusLine(props: StatusProps) {
  let level = 0;
  let shown = pieces(props, level);
  while (level < LEVELS && stringWidth(shown.map((p) => p.text).join("")) > props.width) {
    level += 1;
    shown = pieces(props, level);
  }
  return (
    <Box>
      <Text wrap="truncate-end">
        {shown.map((p, i) => (
          <Text
            key={i}
            bold={p.bold ?? false}
            dimColor={p.dim ?? false}
            {...(p.color ? { color: tint(p.color) } : {})}
          >
            {p.text}
          </Text>
        ))}
      </Text>
    </Box>
  );
}
