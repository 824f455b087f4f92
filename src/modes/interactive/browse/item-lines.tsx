import { renderToString } from "ink";
import { ChangeView } from "../components/change-view.js";
import { EntryView, thinkingSummary } from "../components/entry-view.js";
import { GUTTER } from "../components/gutter.js";
import { wrapTo } from "../components/wrap.js";
import { lastLines } from "../state/live-extras.js";
import { renderMarkdown } from "../markdown/index.js";
import stringWidth from "string-width";
import { hue, theme, type Role } from "../screen/theme.js";
import { LIVE_OUTPUT_LINES } from "../components/tool-line.js";
import { shownTabs } from "../keys/keys.js";
import { t } from "../../../i18n/index.js";
import type { GroupItem } from "./groups.js";
import type { ItemLines, LinesOf } from "./view-state.js";

const pad = " ".repeat(GUTTER);

/** Ink's rendering of a component as lines, trailing blank lines dropped. */
function linesOf(node: React.ReactNode, width: number): string[] {
  const out = renderToString(node, { columns: width }).split("\n");
  while (out.length > 0 && out.at(-1)!.trim() === "") out.pop();
  return out;
}

/** An item's lines at `width` cells, as the transcript shows it (the same components). */
export function itemLines(item: GroupItem, width: number): ItemLines {
  const dim = theme().paint.dim;
  const inner = Math.max(20, width - GUTTER);
  switch (item.kind) {
    case "live-thinking":
      return {
        head: [pad + dim(`✻ ${t("thinking.streaming")}`)],
        body: wrapTo(item.text.trim(), inner)
          .split("\n")
          .map((l) => pad + dim(l)),
      };
    case "live-text":
      return {
        head: renderMarkdown(item.text, inner, { continued: item.joined })
          .split("\n")
          .map((l) => pad + l),
        body: [],
      };
    case "live-tool":
      return {
        head: [
          `${pad}… ${item.tool.title}`,
          ...lastLines(item.tool.output, LIVE_OUTPUT_LINES).map((l) => pad + dim(`  ${l}`)),
        ],
        body: [],
      };
  }
  const entry = item.entry;
  switch (entry.kind) {
    case "thinking":
      return {
        head: [pad + dim(thinkingSummary(entry.text))],
        body: wrapTo(entry.text, inner)
          .split("\n")
          .map((l) => pad + dim(l)),
      };
    // The person's message opens its group: no blank line above it.
    case "user":
      return {
        head: gutter(t("gutter.you"), "user", wrapTo(shownTabs(entry.text), inner)),
        body: [],
      };
    case "command":
      return {
        head: gutter(t("gutter.you"), "user", hue("user")(wrapTo(entry.text, inner))),
        body: [],
      };
    case "markdown": {
      const text = renderMarkdown(entry.text, inner, { continued: entry.joined });
      const lines = gutter(entry.label ? "north" : "", "brand", text);
      return { head: entry.joined ? lines : ["", ...lines], body: [] };
    }
    case "note": {
      const color =
        entry.tone === "error" ? hue("error") : entry.tone === "warn" ? hue("warning") : dim;
      return { head: gutter("", "brand", color(wrapTo(entry.text, inner))), body: [] };
    }
    case "tool":
      if (entry.change) {
        const { change, ...line } = entry;
        return {
          head: linesOf(<EntryView entry={line} width={width} />, width),
          body: linesOf(<ChangeView change={change} width={inner} />, inner).map((l) => pad + l),
        };
      }
  }
  return { head: linesOf(<EntryView entry={entry} width={width} />, width), body: [] };
}

/** `text`'s lines beside the gutter, `label` (bold, in `role`'s colour) on the first. */
function gutter(label: string, role: Role, text: string): string[] {
  const shown = label ? hue(role).bold(label) : "";
  const first = shown + " ".repeat(Math.max(0, GUTTER - stringWidth(label)));
  return text.split("\n").map((line, i) => (i === 0 ? first : pad) + line);
}

/**
 * Lines of items at one width (and the palette drawn when called), settled entries rendered once
 * per entry object — the interface replaces an entry that changes, and a conversation's entries
 * that are gone take their lines with them; live items are rendered again each time.
 */
export function cachedLines(width: number): LinesOf {
  const cache = new WeakMap<object, ItemLines>();
  return (item) => {
    if (item.kind !== "entry") return itemLines(item, width);
    let lines = cache.get(item.entry);
    if (!lines) {
      lines = itemLines(item, width);
      cache.set(item.entry, lines);
    }
    return lines;
  };
}
