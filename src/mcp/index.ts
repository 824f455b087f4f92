export {
  DEFAULT_MCP_TIMEOUT_MS,
  PROJECT_MCP_FILE,
  readMcpServers,
  type McpServerEntry,
} from "./config.js";
export {
  McpHub,
  type McpApprovals,
  type McpServerView,
  type McpState,
  type McpToolSummary,
} from "./hub.js";
export { mcpToolOrigin } from "./tool-bridge.js";
export type { McpPromptCommand } from "./prompts.js";
export { resourceMentions } from "./resources.js";
export {
  createMcpToolState,
  DEFAULT_MCP_TOOL_BUDGET,
  visibleMcpTools,
  type McpToolState,
} from "./search/mcp-search.js";
