import { parseInput } from "./parser.js";
import type { Choice, Command, CommandContext, ParsedInput } from "./types.js";

/** The commands of a session: built-ins first, then custom ones (which never shadow a built-in). */
export class CommandRegistry {
  private readonly byName = new Map<string, Command>();
  readonly problems: string[] = [];

  constructor(commands: readonly Command[]) {
    for (const command of commands) {
      const names = [command.name, ...(command.aliases ?? [])];
      const taken = names.find((n) => this.byName.has(n));
      if (taken) {
        this.problems.push(
          `${command.source}: /${taken} is already a command; this one is ignored.`,
        );
        continue;
      }
      for (const name of names) this.byName.set(name, command);
    }
  }

  get(name: string): Command | undefined {
    return this.byName.get(name);
  }

  list(): Command[] {
    return [...new Set(this.byName.values())];
  }

  parse(input: string): ParsedInput {
    return parseInput(input, (name) => this.get(name));
  }

  /** Commands whose name starts with `prefix` (without the slash), for the menu. */
  matching(prefix: string): Command[] {
    const p = prefix.toLowerCase();
    return this.list().filter(
      (c) => c.name.startsWith(p) || (c.aliases ?? []).some((a) => a.startsWith(p)),
    );
  }

  /** The choices of `/name` filtered by what was typed of the argument. */
  choicesFor(name: string, typed: string, ctx: CommandContext): Choice[] {
    const command = this.get(name);
    const t = typed.toLowerCase();
    return (command?.choices?.(ctx) ?? []).filter(
      (c) => c.value.toLowerCase().includes(t) || c.label.toLowerCase().includes(t),
    );
  }

  /**
   * Runs the commands of an input in order and returns the text left for the model (empty when
   * nothing is left). A failing command is reported and the rest still run.
   */
  async run(input: string, ctx: CommandContext): Promise<string> {
    const parsed = this.parse(input);
    for (const problem of parsed.problems) ctx.say(problem, "error");
    for (const command of parsed.commands) {
      try {
        await this.get(command.name)!.run(ctx, command);
      } catch (error) {
        ctx.say(`/${command.name} failed: ${(error as Error).message}`, "error");
      }
    }
    return parsed.rest;
  }
}
