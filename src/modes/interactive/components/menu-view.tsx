import { Box, Text } from "ink";
import { visibleItems, type Menu } from "../menu/menu-model.js";
import { tint } from "../theme.js";
import { t } from "../../../i18n/index.js";

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

const HINTS: Record<Menu["kind"], string> = {
  command: "↑↓ choose · Tab insert · Enter run · Esc close",
  choice: "↑↓ choose · Tab insert · Enter run · Esc close",
  file: "↑↓ choose · Tab insert (enters a folder) · Enter attach · Esc close",
};

/**
 * The menu under the composer (commands, a command's choices, the `@` file picker): the items
 * around the highlighted one, each with its description, and a line of hints.
 */
export function MenuView(props: { menu: Menu; selected: number; width: number }) {
  const { menu, width } = props;
  if (menu.items.length === 0) return <Text dimColor>{"  Listing the repository's files…"}</Text>;
  const selected = Math.min(props.selected, menu.items.length - 1);
  const { first, items } = visibleItems(menu, selected);
  const labelWidth = Math.min(
    Math.max(...items.map((i) => i.label.length + (i.opens && menu.kind !== "file" ? 2 : 0))),
    Math.max(16, Math.floor(width / 2)),
  );
  const below = menu.items.length - first - items.length;
  return (
    <Box flexDirection="column">
      {first > 0 ? <Text dimColor>{`  ↑ ${first} more`}</Text> : null}
      {items.map((item, i) => {
        const on = first + i === selected;
        const label = clip(
          `${item.label}${item.opens && menu.kind !== "file" ? " …" : ""}`,
          labelWidth,
        );
        const room = Math.max(0, width - labelWidth - 6);
        return (
          <Text key={item.value} wrap="truncate-end">
            <Text color={tint(on ? "cyan" : "gray")}>{on ? "› " : "  "}</Text>
            <Text color={on ? tint("cyan") : undefined} bold={on}>
              {label.padEnd(labelWidth)}
            </Text>
            {item.description ? <Text dimColor>{`  ${clip(item.description, room)}`}</Text> : null}
          </Text>
        );
      })}
      {below > 0 ? <Text dimColor>{`  ↓ ${below} more`}</Text> : null}
      <Text dimColor>{`  ${HINTS[menu.kind]}`}</Text>
    </Box>
  );
}

/** The keyboard shortcuts panel (`?` on an empty input), from the key table. */
export function ShortcutsView({ lines }: { lines: readonly string[] }) {
  return (
    <Box flexDirection="column">
      <Text bold>{t("shortcuts.title")}</Text>
      {lines.map((line) => (
        <Text key={line} dimColor wrap="truncate-end">{`  ${line}`}</Text>
      ))}
      <Text dimColor>{"  Any key closes this."}</Text>
    </Box>
  );
}
