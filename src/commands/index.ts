import { join } from "node:path";
import { configDir } from "../session/index.js";
import { agentsCommand } from "./builtin/agents.js";
import { clearCommand } from "./builtin/clear.js";
import { compactCommand, summarizeCommand } from "./builtin/compact.js";
import { contextCommand } from "./builtin/context.js";
import { costCommand } from "./builtin/cost.js";
import { modelCommand } from "./builtin/model.js";
import { resumeCommand } from "./builtin/resume.js";
import { sandboxCommand } from "./builtin/sandbox.js";
import { helpCommand } from "./builtin/help.js";
import { initCommand } from "./builtin/init.js";
import { languageCommand } from "./builtin/language.js";
import { modeCommand } from "./builtin/mode.js";
import { newCommand } from "./builtin/new.js";
import { quitCommand } from "./builtin/quit.js";
import { stopCommand } from "./builtin/stop.js";
import { undoCommand } from "./builtin/undo.js";
import { loadCustomCommands } from "./custom.js";
import { CommandRegistry } from "./registry.js";

export { CommandRegistry } from "./registry.js";
export { parseInput } from "./parser.js";
export type * from "./types.js";

export const BUILTIN_COMMANDS = [
  helpCommand,
  quitCommand,
  newCommand,
  clearCommand,
  modeCommand,
  sandboxCommand,
  stopCommand,
  undoCommand,
  initCommand,
  modelCommand,
  contextCommand,
  costCommand,
  compactCommand,
  summarizeCommand,
];

/** Built-in commands plus the custom ones of the project (`.north/commands/`) and the person. */
export function createCommands(
  root: string,
  env: Record<string, string | undefined>,
): CommandRegistry {
  return new CommandRegistry([
    ...BUILTIN_COMMANDS,
    resumeCommand(env),
    languageCommand(env),
    agentsCommand(env),
    ...loadCustomCommands(join(root, ".north", "commands"), ".north/commands", root),
    ...loadCustomCommands(join(configDir(env), "commands"), "~/.config/north/commands"),
  ]);
}
