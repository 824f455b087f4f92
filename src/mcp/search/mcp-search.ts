import { defineTool, toolSchema, type AnyTool } from "../../agent/tool.js";
import description from "./description.md";

/** The budget for all MCP tools' schemas together in one request, in bytes (config `mcp.toolBudget`). */
export const DEFAULT_MCP_TOOL_BUDGET = 12 * 1024;
/** Tools `mcp_search` keeps offered at once; the oldest choice goes first. */
const MAX_CHOSEN = 20;
const DEFAULT_LIMIT = 5;

/**
 * What the session keeps between steps for MCP tools over the budget: the tools `mcp_search`
 * chose (offered from the next step on), the MCP tools last seen, and the search tool itself.
 */
export interface McpToolState {
  chosen: Set<string>;
  all: readonly AnyTool[];
  search: AnyTool;
}

export function createMcpToolState(): McpToolState {
  const state: McpToolState = { chosen: new Set(), all: [], search: undefined as never };
  state.search = createMcpSearchTool(state);
  return state;
}

/**
 * The MCP tools to offer in the next step (call before every step with every MCP tool of the
 * connected servers): all of them when their schemas together fit in `budget` bytes; else
 * `mcp_search` plus the tools it has chosen so far.
 */
export function visibleMcpTools(
  all: readonly AnyTool[],
  state: McpToolState,
  budget = DEFAULT_MCP_TOOL_BUDGET,
): AnyTool[] {
  state.all = all;
  if (all.length === 0) return [];
  if (schemaBytes(all) <= budget) return [...all];
  return [state.search, ...all.filter((t) => state.chosen.has(t.name))];
}

const sizes = new WeakMap<AnyTool, number>();

/** The bytes `tools`' schemas take in a request (JSON, as sent). */
export function schemaBytes(tools: readonly AnyTool[]): number {
  let total = 0;
  for (const tool of tools) {
    let size = sizes.get(tool);
    if (size === undefined) {
      size = Buffer.byteLength(JSON.stringify(toolSchema(tool)));
      sizes.set(tool, size);
    }
    total += size;
  }
  return total;
}

function createMcpSearchTool(state: McpToolState): AnyTool {
  return defineTool({
    name: "mcp_search",
    kind: "read",
    description,
    schema: (z) =>
      z.object({
        query: z.string().min(1).describe("Words to look for, or exact tool names"),
        limit: z.number().int().min(1).max(10).optional().describe("Most tools to return (5)"),
      }),
    async execute({ query, limit }) {
      const found = rank(state.all, query).slice(0, limit ?? DEFAULT_LIMIT);
      if (found.length === 0) {
        const names = state.all.map((t) => t.name);
        const shown = names.slice(0, 100).join(", ");
        const more = names.length > 100 ? ` and ${names.length - 100} more` : "";
        return {
          content: `No MCP tool matches "${query}". The tools are: ${shown}${more}.`,
          details: { found: [] },
        };
      }
      for (const tool of found) {
        state.chosen.delete(tool.name);
        state.chosen.add(tool.name);
      }
      while (state.chosen.size > MAX_CHOSEN)
        state.chosen.delete(state.chosen.values().next().value!);
      const lines = found.map((t) => `- ${t.name}: ${firstSentence(t.description)}`);
      return {
        content: `${lines.join("\n")}\nThese tools are available from your next step: call them directly.`,
        details: { found: found.map((t) => t.name) },
      };
    },
  });
}

/** Tools matching `query`, best first: an exact name wins; name hits count more than prose. */
function rank(tools: readonly AnyTool[], query: string): AnyTool[] {
  const words = query
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  const scored = tools.map((tool) => {
    const name = tool.name.toLowerCase();
    const prose = tool.description.toLowerCase();
    let score = 0;
    for (const word of words) {
      if (name === word) score += 100;
      else if (name.includes(word)) score += 3;
      if (prose.includes(word)) score += 1;
    }
    return { tool, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((s) => s.tool);
}

function firstSentence(text: string): string {
  const line = text.trim().split("\n")[0] ?? "";
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
