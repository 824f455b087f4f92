import { Box, Text } from "ink";
import type { TodoItem } from "../../../agent/events.js";
import { tint } from "../screen/theme.js";
import { todoRows } from "../state/todo-rows.js";
import { Gutter } from "./gutter.js";

/** The model's todo list above the composer (see {@link todoRows}); nothing when it is empty. */
export function TodoView(props: { items: readonly TodoItem[]; open: boolean; stopped?: boolean }) {
  const rows = todoRows(props.items, props.open, props.stopped);
  if (rows.length === 0) return null;
  return (
    <Box marginTop={1}>
      <Gutter>
        <Box flexDirection="column">
          {rows.map((row, i) => (
            <Text key={i} wrap="truncate-end">
              <Text
                color={
                  row.tone === "active"
                    ? tint("warning")
                    : row.tone === "done"
                      ? tint("success")
                      : undefined
                }
                dimColor={row.tone === "header" || row.tone === "more"}
              >
                {row.mark}
              </Text>{" "}
              <Text
                bold={row.tone === "active"}
                dimColor={row.tone === "done" || row.tone === "header" || row.tone === "more"}
                strikethrough={row.tone === "done" && i > 0}
              >
                {row.text}
              </Text>
            </Text>
          ))}
        </Box>
      </Gutter>
    </Box>
  );
}
