import { parseInput } from "./parser.js";
import type { Choice, Command, CommandContext, ParsedInput } from "./types.js";
import { t } from "../i18n/index.js";

/**
 * The commands of a session: built-ins first, then custom ones (which never shadow a built-in).
 * `custom` is asked on every lookup and may return a new list when files changed (the loader
 * caches; `fresh` asks it to look now; see `createCommands`), so commands added while North
 * runs are known at once.
 */
export class CommandRegistry {
  private byName = new Map<string, Command>();
  private seen: readonly Command[] | undefined;
  readonly problems: string[] = [];

  constructor(
    private readonly builtins: readonly Command[],
    private readonly custom: (fresh: boolean) => readonly Command[] = () => [],
  ) {
    this.refresh();
  }

  /** Rebuilds the table when the custom commands changed; problems are kept from the first. */
  private refresh(fresh = false): Map<string, Command> {
    const custom = this.custom(fresh);
    if (custom === this.seen) return this.byName;
    const first = this.seen === undefined;
    this.seen = custom;
    const byName = new Map<string, Command>();
    for (const command of [...this.builtins, ...custom]) {
      const names = [command.name, ...(command.aliases ?? [])];
      const taken = names.find((n) => byName.has(n));
      if (taken) {
        if (first) this.problems.push(t("cmd.duplicate", { source: command.source, name: taken }));
        continue;
      }
      for (const name of names) byName.set(name, command);
    }
    this.byName = byName;
    return byName;
  }

  /** A name not known yet makes the custom folders be looked at again at once. */
  get(name: string): Command | undefined {
    return this.refresh().get(name) ?? this.refresh(true).get(name);
  }

  list(): Command[] {
    return [...new Set(this.refresh().values())];
  }

  parse(input: string): ParsedInput {
    return parseInput(
      input,
      (name) => this.get(name),
      () => this.list().map((c) => c.name),
    );
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
   * Runs the commands of an input in order and returns the text left for the model (the whole
   * input when it holds no command, else empty). An unknown command or words no command takes
   * are reported and nothing runs; a failing command is reported and the rest still run.
   */
  async run(input: string, ctx: CommandContext): Promise<string> {
    const parsed = this.parse(input);
    const refusal = refusalOf(parsed, this);
    if (refusal) {
      ctx.say(refusal, "error");
      return "";
    }
    for (const problem of parsed.problems) ctx.say(problem, "error");
    for (const command of parsed.commands) {
      try {
        await this.get(command.name)!.run(ctx, command);
      } catch (error) {
        ctx.say(t("cmd.failed", { name: command.name, error: (error as Error).message }), "error");
      }
    }
    return parsed.rest;
  }
}

const ARITY_WORDS = {
  none: "cmd.takesNone",
  one: "cmd.takesOne",
  rest: "cmd.takesRest",
} as const;

/** Why an input's commands do not run: an unknown command, or words left over. */
export function refusalOf(parsed: ParsedInput, registry: CommandRegistry): string | undefined {
  if (parsed.unknown) {
    const { name, suggestion } = parsed.unknown;
    return suggestion ? t("cmd.unknownSuggest", { name, suggestion }) : t("cmd.unknown", { name });
  }
  if (parsed.leftover) {
    const { command, text } = parsed.leftover;
    const found = registry.get(command);
    const arity = found?.arity ?? "none";
    const refusal = t("cmd.leftover", { name: command, takes: t(ARITY_WORDS[arity]), text });
    const words = [...(parsed.commands.at(-1)?.args ?? []), ...text.split(/\s+/)];
    const hint = found?.leftoverHint?.(words);
    return hint ? `${refusal} ${hint}` : refusal;
  }
  return undefined;
}
