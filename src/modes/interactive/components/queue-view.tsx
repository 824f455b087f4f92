import { Box, Text } from "ink";
import { GUTTER } from "./gutter.js";

const SHOWN = 3;

/** Messages waiting for the running turn to end. */
export function QueueView({ queue }: { queue: readonly string[] }) {
  if (queue.length === 0) return null;
  const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
  return (
    <Box flexDirection="column" paddingLeft={GUTTER}>
      {queue.slice(0, SHOWN).map((text, i) => (
        <Text key={i} dimColor wrap="truncate-end">{`queued: ${oneLine(text)}`}</Text>
      ))}
      {queue.length > SHOWN ? <Text dimColor>{`…and ${queue.length - SHOWN} more`}</Text> : null}
      <Text dimColor>Sent when the turn ends · Ctrl+X clears · Esc cancels the turn</Text>
    </Box>
  );
}
