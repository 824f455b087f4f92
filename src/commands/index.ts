import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { configDir } from "../session/index.js";
import { agentsCommand } from "./builtin/agents.js";
import { permissionsCommand } from "./builtin/permissions.js";
import { outputCommand } from "./builtin/output.js";
import { clearCommand } from "./builtin/clear.js";
import { compactCommand, summarizeCommand } from "./builtin/compact.js";
import { contextCommand } from "./builtin/context.js";
import { costCommand } from "./builtin/cost.js";
import { modelCommand } from "./builtin/model.js";
import { resumeCommand } from "./builtin/resume.js";
import { sandboxCommand } from "./builtin/sandbox.js";
import { mcpCommand } from "./builtin/mcp.js";
import { hooksCommand } from "./builtin/hooks.js";
import { toolsCommand } from "./builtin/tools.js";
import { checksCommand } from "./builtin/checks.js";
import { helpCommand } from "./builtin/help.js";
import { initCommand } from "./builtin/init.js";
import { languageCommand } from "./builtin/language.js";
import { themeCommand } from "./builtin/theme.js";
import { effortCommand } from "./builtin/effort.js";
import { notifyCommand } from "./builtin/notify.js";
import { modeCommand } from "./builtin/mode.js";
import { newCommand } from "./builtin/new.js";
import { quitCommand } from "./builtin/quit.js";
import { stopCommand } from "./builtin/stop.js";
import { undoCommand } from "./builtin/undo.js";
import { forkCommand, rewindCommand } from "./builtin/rewind.js";
import { exportCommand } from "./builtin/export.js";
import { jobsCommand } from "./builtin/jobs.js";
import { addDirCommand } from "./builtin/add-dir.js";
import { reviewCommand } from "./builtin/review.js";
import { loadCustomCommands } from "./custom.js";
import { CommandRegistry } from "./registry.js";
import type { Command } from "./types.js";

import { mcpPromptCommand } from "./mcp-prompts.js";
import type { McpPromptCommand } from "../session/index.js";
export { CommandRegistry, refusalOf } from "./registry.js";
export { parseInput } from "./parser.js";
export type * from "./types.js";

export const BUILTIN_COMMANDS = [
  helpCommand,
  quitCommand,
  newCommand,
  clearCommand,
  modeCommand,
  sandboxCommand,
  mcpCommand,
  toolsCommand,
  stopCommand,
  undoCommand,
  initCommand,
  modelCommand,
  contextCommand,
  costCommand,
  compactCommand,
  summarizeCommand,
  permissionsCommand,
  outputCommand,
  hooksCommand,
  checksCommand,
  rewindCommand,
  forkCommand,
  exportCommand,
  jobsCommand,
  addDirCommand,
  reviewCommand,
];

/** Custom command folders are looked at again at most this often (a file added shows up). */
const CUSTOM_FRESH_MS = 500;

/**
 * Built-in commands plus the custom ones of the project (`.north/commands/`) and the person,
 * re-read when a file in those folders is added, removed or changed.
 */
export function createCommands(
  root: string,
  env: Record<string, string | undefined>,
  /**
   * The MCP servers' prompts of the session in use (`/mcp__<server>__<prompt>`), asked on every
   * lookup; the same array until a server changes. They never shadow another command.
   */
  mcpPrompts: () => readonly McpPromptCommand[] = () => [],
): CommandRegistry {
  const folders = [
    { dir: join(root, ".north", "commands"), label: ".north/commands", repoRoot: root },
    { dir: join(configDir(env), "commands"), label: "~/.config/north/commands" },
  ];
  let loaded: { signature: string; commands: Command[] } | undefined;
  let checkedAt = 0;
  const custom = (fresh: boolean) => {
    if (loaded && !fresh && Date.now() - checkedAt < CUSTOM_FRESH_MS) return loaded.commands;
    checkedAt = Date.now();
    const signature = folders.map((f) => folderSignature(f.dir)).join("|");
    if (loaded?.signature !== signature) {
      const commands = folders.flatMap((f) => loadCustomCommands(f.dir, f.label, f.repoRoot));
      loaded = { signature, commands };
    }
    return loaded.commands;
  };
  let joined:
    { files: Command[]; prompts: readonly McpPromptCommand[]; all: Command[] } | undefined;
  const withPrompts = (fresh: boolean) => {
    const files = custom(fresh);
    const prompts = mcpPrompts();
    if (joined?.files !== files || joined.prompts !== prompts) {
      joined = { files, prompts, all: [...files, ...prompts.map(mcpPromptCommand)] };
    }
    return joined.all;
  };
  return new CommandRegistry(
    [
      ...BUILTIN_COMMANDS,
      resumeCommand(env),
      languageCommand(env),
      themeCommand(env),
      agentsCommand(env),
      effortCommand(env),
      notifyCommand(env),
    ],
    withPrompts,
  );
}

/** The names, sizes and times of a folder's Markdown files: changes when any of them does. */
function folderSignature(dir: string): string {
  try {
    return readdirSync(dir)
      .filter((n) => n.endsWith(".md"))
      .sort()
      .map((n) => {
        try {
          const s = statSync(join(dir, n));
          return `${n}:${s.size}:${s.mtimeMs}`;
        } catch {
          return n;
        }
      })
      .join(",");
  } catch {
    return "";
  }
}
