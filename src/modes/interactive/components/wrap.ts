import wrapAnsi from "wrap-ansi";

/**
 * `text` (ANSI styles allowed) wrapped at `width` cells, each continuation line indented by
 * `hang` spaces. Entries are wrapped here rather than by Ink so that every line fits the column
 * beside the gutter (Ink measured settled entries a few cells wider than the screen).
 */
export function wrapTo(text: string, width: number, hang = 0): string {
  const room = Math.max(10, width);
  return text
    .split("\n")
    .map((paragraph) => {
      // Without trimming (a pasted indent stays); the space a break leaves is dropped.
      const [first = "", ...rest] = wrapAnsi(paragraph, room, { hard: true, trim: false })
        .split("\n")
        .map((line, i) => (i > 0 ? line.replace(/^ /, "") : line));
      if (rest.length === 0 || hang === 0) return [first, ...rest].join("\n");
      const pad = " ".repeat(hang);
      const more = wrapAnsi(rest.join(" "), Math.max(10, room - hang), { hard: true, trim: true });
      return [first, ...more.split("\n").map((l) => pad + l)].join("\n");
    })
    .join("\n");
}
