import { Box, Text } from "ink";
import { GUTTER } from "./gutter.js";
import { t } from "../../../i18n/index.js";

const SHOWN = 3;

/**
 * What waits while a turn runs: steering (Ctrl+S) for its next step, shown first as the turn
 * takes it first, then messages for when it ends; a hint line for each kind shown.
 */
export function QueueView({
  queue,
  steering = [],
}: {
  queue: readonly string[];
  steering?: readonly string[];
}) {
  if (queue.length === 0 && steering.length === 0) return null;
  const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
  const items = [
    ...steering.map((text) => t("queue.steer", { text: oneLine(text) })),
    ...queue.map((text) => t("queue.item", { text: oneLine(text) })),
  ];
  return (
    <Box flexDirection="column" paddingLeft={GUTTER}>
      {items.slice(0, SHOWN).map((line, i) => (
        <Text key={i} dimColor wrap="truncate-end">
          {line}
        </Text>
      ))}
      {items.length > SHOWN ? (
        <Text dimColor>{t("queue.more", { count: items.length - SHOWN })}</Text>
      ) : null}
      {steering.length > 0 ? <Text dimColor>{t("queue.steerHint")}</Text> : null}
      {queue.length > 0 ? <Text dimColor>{t("queue.hint")}</Text> : null}
    </Box>
  );
}
