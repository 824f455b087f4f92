import { Box, Text } from "ink";
import stringWidth from "string-width";
import { visibleItems, type Menu } from "../menu/menu-model.js";
import { clipCells, padCells } from "./cells.js";
import { tint } from "../screen/theme.js";
import { t, type MessageKey } from "../../../i18n/index.js";

const HINTS: Record<Menu["kind"], MessageKey> = {
  command: "menu.hintsCommand",
  choice: "menu.hintsCommand",
  file: "menu.hintsFile",
};

/**
 * The menu under the composer (commands, a command's choices, the `@` file picker): the items
 * around the highlighted one, each with its description, and a line of hints.
 */
export function MenuView(props: { menu: Menu; selected: number; width: number }) {
  const { menu, width } = props;
  if (menu.items.length === 0) return <Text dimColor>{`  ${t("menu.listing")}`}</Text>;
  const selected = Math.min(props.selected, menu.items.length - 1);
  const { first, items } = visibleItems(menu, selected);
  const labelWidth = Math.min(
    Math.max(...items.map((i) => stringWidth(i.label) + (i.opens && menu.kind !== "file" ? 2 : 0))),
    Math.max(16, Math.floor(width / 2)),
  );
  const below = menu.items.length - first - items.length;
  return (
    <Box flexDirection="column">
      {first > 0 ? (
        <Text dimColor>{`  ${t("menu.moreAbove", { count: String(first) })}`}</Text>
      ) : null}
      {items.map((item, i) => {
        const on = first + i === selected;
        const label = clipCells(
          `${item.label}${item.opens && menu.kind !== "file" ? " …" : ""}`,
          labelWidth,
        );
        const room = Math.max(0, width - labelWidth - 6);
        return (
          <Text key={item.value} wrap="truncate-end">
            <Text color={tint(on ? "accent" : "muted")}>{on ? "› " : "  "}</Text>
            <Text color={on ? tint("accent") : undefined} bold={on}>
              {padCells(label, labelWidth)}
            </Text>
            {item.description ? (
              <Text dimColor>{`  ${clipCells(item.description, room)}`}</Text>
            ) : null}
          </Text>
        );
      })}
      {below > 0 ? (
        <Text dimColor>{`  ${t("menu.moreBelow", { count: String(below) })}`}</Text>
      ) : null}
      <Text dimColor>{`  ${t(HINTS[menu.kind])}`}</Text>
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
      <Text dimColor>{`  ${t("shortcuts.close")}`}</Text>
    </Box>
  );
}
