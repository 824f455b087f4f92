export { createSession } from "./session.js";
export { TurnQueue, type TurnQueueDeps } from "./turn-queue.js";
export type {
  Session,
  SessionEvent,
  SessionOptions,
  SendOptions,
  SubmitOptions,
  Submitted,
  SuggestionControl,
} from "./session-api.js";
export type { McpControl, McpPromptCommand, McpServerView, McpState } from "./session-mcp.js";
export type { DevTool, DevToolsReport } from "./dev-tools.js";
export type { CompactOptions, CompactResult } from "./context-keeper.js";
export type { ContextBreakdown, ContextReport } from "./context-usage.js";
export { loadConfig, loadConfigFile, configPath } from "./config.js";
export { serveRepositoryTools, type ToolServerOptions } from "./tool-server.js";
export type { GlobalConfig, LoadedConfig, ThemeChoice } from "./config.js";
export { saveLanguage, saveTheme, type SaveResult } from "./config-save.js";
export { loadProjectSettings, projectSettingsPath } from "./settings.js";
export type { ProjectSettings } from "./settings.js";
export { listLocalModels } from "./local-servers.js";
export type { ModelSwitch } from "./model-switch.js";
export { costOf, roundCost } from "../ai/index.js";
export { UsageError, SetupError, ResumeError } from "./errors.js";
export { toolsForMode, MODES } from "./permissions.js";
export type { Decision } from "./policy.js";
export { suggestRule, type AllowRule } from "./permission-store.js";
export type { Mode, Approve } from "./permissions.js";
export type { SandboxView } from "./sandbox-state.js";
export { captureSdkWarnings } from "./sdk-warnings.js";
export { selectModel } from "./model-selection.js";
export { createLogger, type Logger } from "../log/logger.js";
export { maskSecrets } from "../log/secrets.js";
export { findRepoRoot } from "../workspace/index.js";
export { cleanDisplayText } from "../shell/index.js";
export { configDir, dataDir } from "./paths.js";
export { fitMentions, listProjectFiles, cutMarker } from "./mentions.js";
export type { MentionFile, ExpandedMentions, MentionOptions } from "./mentions.js";
export type { ModelUsage } from "./usage-ledger.js";
export { listSessions, type SessionSummary } from "./storage.js";
export { isSessionId } from "./session-storage.js";
export { splitFrontMatter } from "./front-matter.js";
export { listAgents, type AgentDefinition, type AgentListing } from "./agent-definitions.js";
export type { SlashCommandRunner, SlashEffect } from "../tools/index.js";
export type { AgentEvent, TodoItem } from "../agent/events.js";
export type { TurnResult } from "../agent/loop.js";
export type { Review } from "../agent/tool.js";
