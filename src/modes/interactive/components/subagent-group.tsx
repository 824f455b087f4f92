import { Box, Text } from "ink";
import { t } from "../../../i18n/index.js";
import { SUBAGENT_LINES, type SubagentProgress } from "../state/subagent-progress.js";
import { tint } from "../screen/theme.js";
import { formatTokens } from "./status-line.js";

const MARK = { running: "·", done: "✓", error: "✗" } as const;

/**
 * A running sub-agent under its `task` line: its last few tool lines (earlier ones counted) and
 * one dim line with its agent, steps and tokens. Once it ends, the task line alone stays, with
 * the totals as its outcome.
 */
export function SubagentGroup({ progress }: { progress: SubagentProgress }) {
  const earlier = Math.max(0, progress.calls.length - SUBAGENT_LINES);
  const shown = progress.calls.slice(earlier);
  return (
    <Box flexDirection="column" paddingLeft={2}>
      {earlier > 0 ? <Text dimColor>{t("subagent.earlier", { count: earlier })}</Text> : null}
      {shown.map((call) => (
        <Text key={call.id} wrap="truncate-end">
          <Text
            color={tint(
              call.state === "error" ? "error" : call.state === "done" ? "success" : "warning",
            )}
          >
            {MARK[call.state]}
          </Text>{" "}
          <Text dimColor={call.state !== "running"}>{call.title}</Text>
        </Text>
      ))}
      <Text dimColor wrap="truncate-end">
        {t("subagent.progress", {
          agent: progress.agent,
          steps: String(progress.steps),
          tokens: formatTokens(progress.tokens),
        })}
      </Text>
    </Box>
  );
}
