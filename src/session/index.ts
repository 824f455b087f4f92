export { createSession } from "./session.js";
export { TurnQueue, type TurnQueueDeps } from "./turn-queue.js";
export type {
  Session,
  SessionEvent,
  SessionOptions,
  SubmitOptions,
  Submitted,
  SuggestionControl,
  JobView,
} from "./session-api.js";
export type {
  McpControl,
  McpPromptCommand,
  McpServerView,
  McpState,
  McpToolSummary,
} from "./tools/session-mcp.js";
export type { HooksControl } from "./hooks/hook-points.js";
export type { HookView } from "./hooks/hooks.js";
export { ELICITATION_CANCEL } from "./tools/session-mcp.js";
export { checkForm } from "../mcp/elicitation.js";
export type { DevTool, DevToolsReport } from "./context/dev-tools.js";
export type { CompactOptions, CompactResult } from "./context/context-keeper.js";
export type { ContextBreakdown, ContextReport } from "./context/context-usage.js";
export { loadConfig, loadConfigFile, configPath } from "./config/config.js";
export { serveRepositoryTools, type ToolServerOptions } from "./tools/tool-server.js";
export type { GlobalConfig, LoadedConfig, ThemeChoice } from "./config/config.js";
export { saveLanguage, saveTheme, type SaveResult } from "./config/config-save.js";
export { saveEffort, saveNotifyEnabled } from "./config/config-save.js";
export { appendRule, ruleLine, ruleTargets, type RuleTarget } from "./context/memory-rule.js";
export { EFFORTS, type Effort } from "../ai/index.js";
export { loadProjectSettings, projectSettingsPath } from "./config/settings.js";
export type { ProjectSettings } from "./config/settings.js";
export { listLocalModels } from "./models/local-servers.js";
export type { ModelSwitch } from "./models/model-switch.js";
export { costOf, roundCost, imageNote, imageProblem } from "../ai/index.js";
export type { ToolImage } from "../ai/index.js";
export { UsageError, SetupError, ResumeError } from "./config/errors.js";
export { toolsForMode, MODES } from "./permissions/permissions.js";
export type { Decision } from "./permissions/policy.js";
export { suggestRule, type AllowRule } from "./permissions/permission-store.js";
export type { Mode, Approve } from "./permissions/permissions.js";
export type { SandboxView } from "./permissions/sandbox-state.js";
export { captureSdkWarnings } from "./models/sdk-warnings.js";
export { selectModel } from "./models/model-selection.js";
export { estimateCharTokens } from "./models/token-estimate.js";
export { createLogger, type Logger } from "../log/logger.js";
export { maskSecrets } from "../log/secrets.js";
export { findRepoRoot, readRepoFileSync } from "../workspace/index.js";
export { cleanDisplayText } from "../shell/index.js";
export { configDir, dataDir } from "./config/paths.js";
export { fitMentions, listProjectFiles, cutMarker } from "./context/mentions.js";
export { keptProjectFiles, saveProjectFiles, streamProjectFiles } from "./project-files.js";
export type { MentionFile, ExpandedMentions, MentionOptions } from "./context/mentions.js";
export type { ModelUsage } from "./models/usage-ledger.js";
export { listSessions, type SessionSummary } from "./storage/storage.js";
export { isSessionId } from "./storage/session-storage.js";
export type { RewindChoice, RewindResult, RewindWhat } from "./rewind.js";
export { exportJson, exportMarkdown } from "./storage/export.js";
export { loadSession } from "./storage/storage.js";
export { sessionsDir } from "./storage/session-storage.js";
export { nestForks } from "./storage/fork.js";
export { splitFrontMatter } from "./config/front-matter.js";
export { listAgents, type AgentDefinition, type AgentListing } from "./tools/agent-definitions.js";
export type { SlashCommandRunner, SlashEffect } from "../tools/index.js";
export type { AgentEvent, TodoItem } from "../agent/events.js";
export type { TurnResult } from "../agent/loop.js";
export type { Review } from "../agent/tool.js";
export { imageMentionOf, pastedImageFile } from "./context/attach-images.js";
export { clipboardImage, type ClipboardImage } from "./context/clipboard-image.js";
