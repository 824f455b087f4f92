import { type ToolRenderer, clip, count } from "./types.js";

/** Any tool without a renderer of its own (MCP tools, newer tools): its name and arguments. */
export function genericLine(name: string): ToolRenderer {
  return {
    title(args) {
      const shown = Object.entries(args)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
        .join(", ");
      return shown ? `${name} ${clip(shown, 60)}` : name;
    },
    summary(_details, content) {
      const lines = content.split("\n").filter((l) => l.trim()).length;
      return lines > 1 ? count(lines, "line") : undefined;
    },
  };
}
