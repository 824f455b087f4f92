import { Box, Text } from "ink";
import { renderMarkdown } from "../markdown/index.js";
import type { Entry } from "../state.js";
import { tint } from "../theme.js";
import { GUTTER, Gutter } from "./gutter.js";
import { ChangeView } from "./change-view.js";
import { ToolDone } from "./tool-line.js";
import { Welcome } from "./welcome.js";
import { wrapTo } from "./wrap.js";
import { t } from "../../../i18n/index.js";
import { shownTabs } from "../keys.js";

/** Clears the screen and the terminal's scrollback, cursor home (`/clear`). */
export const CLEAR_SCREEN = "\x1b[2J\x1b[3J\x1b[H";

/** Folds reasoning to one dimmed line. */
export function foldThinking(text: string, width: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const room = Math.max(10, width - 12);
  return `✻ ${t("entry.thinking", { text: flat.length > room ? `${flat.slice(0, room - 1)}…` : flat })}`;
}

/** One settled transcript entry, rendered once at the width of the moment it settled. */
export function EntryView({ entry, width }: { entry: Entry; width: number }) {
  const inner = Math.max(20, width - GUTTER);
  switch (entry.kind) {
    case "user":
      return (
        <Box marginTop={1}>
          <Gutter label={t("gutter.you")} color="cyan">
            <Text>{wrapTo(shownTabs(entry.text), inner)}</Text>
          </Gutter>
        </Box>
      );
    case "markdown":
      return (
        <Box marginTop={entry.joined ? 0 : 1}>
          <Gutter {...(entry.label ? { label: "north", color: "magenta" } : {})}>
            <Text>{renderMarkdown(entry.text, inner, { continued: entry.joined })}</Text>
          </Gutter>
        </Box>
      );
    case "thinking":
      return (
        <Gutter>
          <Text dimColor>{foldThinking(entry.text, inner)}</Text>
        </Gutter>
      );
    case "tool":
      return (
        <Box marginTop={entry.label ? 1 : 0} flexDirection="column">
          <Gutter {...(entry.label ? { label: "north", color: "magenta" } : {})}>
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
      const color = entry.tone === "error" ? "red" : entry.tone === "warn" ? "yellow" : undefined;
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
          <Gutter label={t("gutter.you")} color="cyan">
            <Text color={tint("cyan")}>{wrapTo(entry.text, inner)}</Text>
          </Gutter>
        </Box>
      );
    case "welcome":
      return <Welcome configFile={entry.configFile} />;
    case "header":
      return (
        <Box flexDirection="column" marginTop={1}>
          <Text>
            <Text bold color={tint("magenta")}>
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
