import { Box, Text } from "ink";
import { GUTTER } from "./gutter.js";
import { t } from "../../../i18n/index.js";

const SHOWN = 3;

/** Messages waiting for the running turn to end. */
export function QueueView({ queue }: { queue: readonly string[] }) {
  if (queue.length === 0) return null;
  const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
  return (
    <Box flexDirection="column" paddingLeft={GUTTER}>
      {queue.slice(0, SHOWN).map((text, i) => (
        <Text key={i} dimColor wrap="truncate-end">
          {t("queue.item", { text: oneLine(text) })}
        </Text>
      ))}
      {queue.length > SHOWN ? (
        <Text dimColor>{t("queue.more", { count: queue.length - SHOWN })}</Text>
      ) : null}
      <Text dimColor>{t("queue.hint")}</Text>
    </Box>
  );
}
