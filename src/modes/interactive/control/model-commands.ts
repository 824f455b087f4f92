import { refusalOf, type CommandContext, type CommandRegistry } from "../../../commands/index.js";
import type { SlashCommandRunner } from "../../../session/index.js";

/**
 * The person's slash commands as the model may run them (`slash_command`), as each command's
 * `forModel` declares per call (none: the person's alone). `report` and `prompt` commands run at once with their output captured for the model instead of shown;
 * `change` commands are handed to `afterTurn`, which runs them as if the person had typed them
 * once the turn has ended.
 */
export function modelCommands(
  registry: CommandRegistry,
  ctx: CommandContext,
  afterTurn: (text: string) => void,
): SlashCommandRunner {
  return {
    describe(text) {
      const parsed = registry.parse(text);
      const refused = refusalOf(parsed, registry);
      if (refused) return { ok: false, reason: `${refused} Known commands: ${names(registry)}.` };
      const [command, ...more] = parsed.commands;
      if (!command || more.length > 0)
        return {
          ok: false,
          reason: `Give exactly one command and its arguments, such as "/context". Known commands: ${names(registry)}.`,
        };
      if (parsed.problems.length > 0) return { ok: false, reason: parsed.problems.join(" ") };
      const found = registry.get(command.name)!;
      // Not declared: the person's alone (a new command is never the model's by default).
      const use = found.forModel?.(command, ctx) ?? { effect: "person" as const };
      const description = use.effect === "change" ? use.does : found.description;
      return { ok: true, name: found.name, effect: use.effect, description };
    },
    async run(text) {
      const printed: string[] = [];
      const quiet: CommandContext = {
        get session() {
          return ctx.session;
        },
        say: (line) => void printed.push(line),
        send: (prompt) => void printed.push(prompt),
        setMode: ctx.setMode,
        mode: ctx.mode,
        showHistory: () => {},
        clearScreen: () => {},
        newConversation: ctx.newConversation,
        stop: () => {},
        exit: () => {},
        commands: ctx.commands,
        ...(ctx.theme ? { theme: ctx.theme } : {}),
      };
      await registry.run(text, quiet);
      return printed.join("\n");
    },
    runAfterTurn: afterTurn,
  };
}

const names = (registry: CommandRegistry) =>
  registry
    .list()
    .map((c) => `/${c.name}`)
    .join(", ");
