import { Box, Text } from "ink";
import { renderMarkdown } from "../markdown/index.js";
import { diffRows } from "../review/diff-rows.js";
import { foldRows, moreBelow } from "../review/rows.js";
import type { ChangeBody } from "../tool-lines/index.js";
import { t } from "../../../i18n/index.js";

/** An applied diff keeps at most this many rows in scrollback. */
export const SCROLLBACK_DIFF_ROWS = 60;

/**
 * What a settled change keeps in scrollback under its line, once: the applied diff (folded
 * past {@link SCROLLBACK_DIFF_ROWS}), the plan as Markdown, or the last lines a command printed.
 */
export function ChangeView({ change, width }: { change: ChangeBody; width: number }) {
  if (change.type === "output") {
    return (
      <Box flexDirection="column" paddingLeft={2}>
        {change.omitted > 0 ? (
          <Text dimColor>{t("shell.more", { count: change.omitted })}</Text>
        ) : null}
        {change.lines.map((line, i) => (
          <Text key={i} dimColor wrap="truncate-end">
            {line.replace(/\t/g, "  ") || " "}
          </Text>
        ))}
      </Box>
    );
  }
  if (change.type === "plan") {
    return (
      <Box paddingLeft={2}>
        <Text>{renderMarkdown(change.plan.trim(), Math.max(20, width - 2))}</Text>
      </Box>
    );
  }
  const rows = diffRows(change.files, { fileHeaders: change.files.length > 1, tense: "done" });
  const fold = foldRows(rows, SCROLLBACK_DIFF_ROWS);
  return (
    <Box flexDirection="column" paddingLeft={2}>
      {fold.rows.map((row, i) => (
        <Text key={i} wrap="truncate-end">
          {row || " "}
        </Text>
      ))}
      {fold.below > 0 ? <Text dimColor>{moreBelow(fold.below)}</Text> : null}
    </Box>
  );
}
