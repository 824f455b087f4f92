import { Box, Text } from "ink";
import { renderMarkdown } from "../markdown/index.js";
import type { Entry } from "../state/state.js";
import { tint } from "../screen/theme.js";
import { GUTTER, Gutter } from "./gutter.js";
import { ChangeView } from "./change-view.js";
import { ToolDone } from "./tool-line.js";
import { Welcome } from "./welcome.js";
import { wrapTo } from "./wrap.js";
import { formatTokens } from "./status-line.js";
import { t } from "../../../i18n/index.js";
import { shownTabs } from "../keys/keys.js";
import { estimateTokens } from "../../../session/models/token-estimate.js";

/** Clears the screen and the terminal's scrollback, cursor home (`/clear`). */
export const CLEAR_SCREEN = "\x1b[2J\x1b[3J\x1b[H";

/** Settled reasoning as one dimmed line: `✻ thinking · N tokens` (an estimate, see session/). */
export const thinkingSummary = (text: string): string =>
  `✻ ${t("thinking.summary", { count: formatTokens(estimateTokens(text)) })}`;

/** Lines of reasoning shown while it streams, under its `✻ Thinking…` line. */
const THINKING_LIVE_LINES = 4;

/** Reasoning while it streams: its last {@link THINKING_LIVE_LINES} lines, wrapped at `width`. */
export function thinkingTail(text: string, width: number): string[] {
  const room = Math.max(10, width);
  // Only the end is wrapped (long reasoning is not wrapped whole on every frame): enough
  // characters for more than the lines shown, so a line cut at the start never shows.
  const end = text.trim().slice(-(THINKING_LIVE_LINES + 6) * room);
  const lines = wrapTo(end.replace(/\n{2,}/g, "\n"), room).split("\n");
  return lines.slice(-THINKING_LIVE_LINES);
}

/** One settled transcript entry, rendered once at the width of the moment it settled. */
export function EntryView({ entry, width }: { entry: Entry; width: number }) {
  const inner = Math.max(20, width - GUTTER);
  switch (entry.kind) {
    case "user":
      return (
        <Box marginTop={1}>
          <Gutter label={t("gutter.you")} color="user">
            <Text>{wrapTo(shownTabs(entry.text), inner)}</Text>
          </Gutter>
        </Box>
      );
    case "markdown":
      return (
        <Box marginTop={entry.joined ? 0 : 1}>
          <Gutter {...(entry.label ? { label: "north", color: "brand" as const } : {})}>
            <Text>{renderMarkdown(entry.text, inner, { continued: entry.joined })}</Text>
          </Gutter>
        </Box>
      );
    case "thinking":
      return (
        <Gutter>
          <Text dimColor>{thinkingSummary(entry.text)}</Text>
        </Gutter>
      );
    case "tool":
      return (
        <Box marginTop={entry.label ? 1 : 0} flexDirection="column">
          <Gutter {...(entry.label ? { label: "north", color: "brand" as const } : {})}>
            <ToolDone
              title={entry.title}
              error={entry.error}
              declined={entry.declined === true}
              width={inner}
              {...(entry.outcome ? { outcome: entry.outcome } : {})}
            />
            {entry.change ? <ChangeView change={entry.change} width={inner} /> : null}
          </Gutter>
        </Box>
      );
    case "note": {
      const color =
        entry.tone === "error" ? "error" : entry.tone === "warn" ? "warning" : undefined;
      return (
        <Gutter>
          <Text color={color ? tint(color) : undefined} dimColor={entry.tone === "info"}>
            {wrapTo(entry.text, inner)}
          </Text>
        </Gutter>
      );
    }
    case "command":
      return (
        <Box marginTop={1}>
          <Gutter label={t("gutter.you")} color="user">
            <Text color={tint("user")}>{wrapTo(entry.text, inner)}</Text>
          </Gutter>
        </Box>
      );
    case "welcome":
      return <Welcome configFile={entry.configFile} />;
    case "header":
      return (
        <Box flexDirection="column" marginTop={1}>
          <Text>
            <Text bold color={tint("brand")}>
              North
            </Text>
            <Text dimColor>{` ${entry.version}`}</Text>
            {`  ${entry.folder}`}
          </Text>
          <Text dimColor>{`${entry.model} (${entry.provider}) · ${t("header.hints")}`}</Text>
        </Box>
      );
  }
}
