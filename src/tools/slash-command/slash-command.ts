import { ToolError, defineTool, type ToolOutput } from "../../agent/tool.js";
import description from "./description.md";

/**
 * What a slash command does, as the model may use it: `report` prints something (run at once),
 * `prompt` expands to instructions (run at once, the text is the result), `change` changes the
 * session's state but no trust (asked first, run when the turn ends), `screen` needs the person
 * at the screen (refused), `person` decides what North may do — approvals, permissions, the
 * sandbox, servers — and is the person's alone (refused).
 */
export type SlashEffect = "report" | "prompt" | "change" | "screen" | "person";

/** The front end's commands, as the model may run them (provided by the interactive mode). */
export interface SlashCommandRunner {
  /**
   * The command `text` names, what the model may do with it, and — for a `change` — what this
   * call does in the person's words (shown in the review); an error that names the known ones
   * otherwise.
   */
  describe(
    text: string,
  ):
    | { ok: true; name: string; effect: SlashEffect; description: string }
    | { ok: false; reason: string };
  /** Runs a `report` or `prompt` command now; resolves with what it printed or expands to. */
  run(text: string): Promise<string>;
  /** Runs a `change` command once the running turn has ended. */
  runAfterTurn(text: string): void;
}

/** Most characters of a command's output returned to the model. */
const MAX_OUTPUT = 8000;

/**
 * `slash_command`: runs one of the person's slash commands by its text. Report commands run at
 * once; state changes go through the permission policy (`ctx.confirm`, a `slash` review whose
 * description says what this call does) and run after the turn; screen commands and trust
 * decisions are refused. Without a runner (headless) nothing runs.
 */
export function createSlashCommandTool(runner: () => SlashCommandRunner | undefined) {
  return defineTool({
    name: "slash_command",
    kind: "read",
    description,
    schema: (z) => z.object({ command: z.string().describe("With its arguments") }),
    concurrent: () => false,
    async execute({ command }, ctx): Promise<ToolOutput<{ command: string; effect: SlashEffect }>> {
      const text = command.trim().startsWith("/") ? command.trim() : `/${command.trim()}`;
      const commands = runner();
      if (!commands)
        throw new ToolError(
          "Slash commands are not available in this run (there is no interactive session). Do not retry.",
        );
      const found = commands.describe(text);
      if (!found.ok) throw new ToolError(found.reason);
      const name = `/${found.name}`;
      switch (found.effect) {
        case "screen":
          throw new ToolError(
            `${name} needs the person at the screen; if it is needed, ask them to run it. Do not retry.`,
          );
        case "person":
          throw new ToolError(
            `${name} is the person's alone: it decides what North may do (approvals, permissions, the sandbox, servers) or is not offered to you. If it is needed, tell the person what to run and why. Do not retry.`,
          );
        case "report":
        case "prompt": {
          const out = (await commands.run(text)).trim() || `${name} printed nothing.`;
          const truncated = out.length > MAX_OUTPUT;
          return {
            content: truncated ? `${out.slice(0, MAX_OUTPUT)}\n[… output cut]` : out,
            details: { command: text, effect: found.effect },
            truncated,
          };
        }
        case "change": {
          const review = { type: "slash" as const, command: text, description: found.description };
          const verdict = ctx.confirm
            ? await ctx.confirm(review)
            : { allow: false as const, reason: "Nobody can approve it here. Do not retry." };
          if (!verdict.allow) throw new ToolError(verdict.reason);
          commands.runAfterTurn(text);
          return {
            content: `The person accepted: ${text} runs when this turn ends. Finish your turn now with a short message.`,
            details: { command: text, effect: found.effect },
          };
        }
      }
    },
  });
}
