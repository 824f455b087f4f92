/**
 * The front matter of a Markdown file North reads (custom commands, custom agents): `key: value`
 * lines between `---` fences. A key with an empty value followed by `- item` lines is a list; its
 * items are kept comma-joined (`tools: [a, b]` reads the same). Never throws: a malformed block is
 * reported in `problem`, with an empty body.
 */
export function splitFrontMatter(text: string): {
  meta: Record<string, string>;
  body: string;
  problem?: string;
} {
  if (!text.startsWith("---")) return { meta: {}, body: text };
  const end = text.indexOf("\n---", 3);
  if (end === -1) return { meta: {}, body: "", problem: "the front matter is not closed with ---" };
  const meta: Record<string, string> = {};
  let listKey: string | undefined;
  for (const raw of text.slice(3, end).split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const item = /^-\s+(.*)$/.exec(line);
    if (item && listKey !== undefined) {
      const value = unquote(item[1]!);
      meta[listKey] = meta[listKey] ? `${meta[listKey]}, ${value}` : value;
      continue;
    }
    const match = /^([A-Za-z_-]+):\s*(.*)$/.exec(line);
    if (!match)
      return { meta, body: "", problem: `front matter line "${line}" is not "key: value"` };
    const value = match[2]!.trim();
    const list = /^\[(.*)\]$/.exec(value);
    meta[match[1]!] = list ? list[1]!.split(",").map(unquote).join(", ") : unquote(value);
    listKey = value === "" ? match[1]! : undefined;
  }
  return { meta, body: text.slice(end + 4).replace(/^\r?\n/, "") };
}

function unquote(value: string): string {
  return value.trim().replace(/^["']|["']$/g, "");
}
