import type { Mode, Session, SlashEffect, ThemeChoice } from "../session/index.js";

/** How many positional arguments a command takes: none, one word (or quoted string), or the rest. */
export type Arity = "none" | "one" | "rest";

export interface FlagSpec {
  name: string;
  /** One-letter alias: `-k`. */
  short?: string;
  /** Takes a value (`--keep-last 3`, `--keep-last=3`); otherwise it is a switch. */
  value?: boolean;
}

/** A command as the parser sees it; behaviour is attached by the registry's user. */
export interface CommandShape {
  name: string;
  aliases?: readonly string[];
  description: string;
  arity: Arity;
  flags?: readonly FlagSpec[];
}

/** One command found in the input, with its span so it can be cut out of the text. */
export interface ParsedCommand {
  name: string;
  args: string[];
  flags: Record<string, string | true>;
  start: number;
  end: number;
}

export interface ParsedInput {
  commands: ParsedCommand[];
  /** The input, when it holds no command (it goes to the model); empty otherwise. */
  rest: string;
  /** Problems a person should see (unknown flag, missing value); the commands still run. */
  problems: string[];
  /** The input starts with `/name` and no such command exists: nothing runs, nothing is sent. */
  unknown?: { name: string; suggestion?: string };
  /** Words after `command`'s arguments that no command takes: nothing runs, nothing is sent. */
  leftover?: { command: string; text: string };
}

/**
 * One call of a command as the model's `slash_command` sees it:
 * - `report`: prints something; runs at once, the output is the result;
 * - `prompt`: expands to instructions; runs at once, the text is the result;
 * - `change`: changes the session but no trust (no approval, permission, sandbox, server or
 *   endpoint): asked of the person first, run when the turn ends; `does` is what THIS call does,
 *   in the person's words, for the review;
 * - `screen`: needs the person at the screen (refused);
 * - `person`: a trust decision (approves, grants, starts a program, turns protection off): the
 *   person's alone (refused).
 */
export type ModelUse =
  { effect: Exclude<SlashEffect, "change"> } | { effect: "change"; does: string };

/** A second-level menu entry of a command with choices (`/model` → the models). */
export interface Choice {
  value: string;
  label: string;
  description?: string;
}

/**
 * What a command may do, provided by the mode that runs it (the TUI). Command output goes to the
 * transcript through `say` and is never sent to the model.
 */
export interface CommandContext {
  session: Session;
  say(text: string, tone?: "info" | "error"): void;
  /**
   * The command cannot run as typed (a required argument missing): a headless run stops with
   * the line and exit 2, like every usage error. Without it (the TUI) the line is said as an
   * error.
   */
  refuse?(text: string): void;
  /**
   * Sends a prompt to the model as if the person had typed it; `mode`: this message's mode
   * alone (`/review` asks in ask mode), the messages after it go in the mode before.
   */
  send(prompt: string, mode?: Mode): void;
  setMode(mode: Mode): void;
  /** The mode the next message goes out in (the interface's, which may differ from the session's). */
  mode(): Mode;
  /** Redraws the transcript from the session's history (after `/resume`). */
  showHistory(): void;
  clearScreen(): void;
  /** Starts a new conversation in the same project (the shell keeps running). */
  newConversation(): Promise<void>;
  /** Cancels the running turn and clears queued messages. */
  stop(): void;
  exit(): void;
  /** The registry, for `/help`. */
  commands(): readonly Command[];
  /** The interface's colours (`/theme`); absent where there is no screen to colour. */
  theme?: ThemeControl;
  /** Puts `text` in the composer, to edit and send (`/rewind`); absent without one. */
  setComposer?(text: string): void;
  /** Copies `text` to the clipboard through the terminal (OSC 52); absent without one. */
  copy?(text: string): void;
  /** The interface's notifications (`/notify`); absent where nothing notifies (headless). */
  notify?: { readonly enabled: boolean; setEnabled(on: boolean): void };
}

export type { ThemeChoice };

/** What `/theme` may see and change of the interface's colours. */
export interface ThemeControl {
  /** The choice in force, and the palette drawn (`undefined` when colour is off: `NO_COLOR`). */
  current(): { choice: ThemeChoice; palette: "dark" | "light" | undefined };
  /**
   * Applies a choice at once to what is drawn from now on (scrollback stays as it was); `auto`
   * uses the terminal's background when known and asks the terminal again when not.
   */
  set(choice: ThemeChoice): { choice: ThemeChoice; palette: "dark" | "light" | undefined };
}

export interface Command extends CommandShape {
  /** Where it came from: built in, or a custom command file. */
  source: "builtin" | string;
  /**
   * Whether the model's `slash_command` may run this call, and how (see `ModelUse`). Absent: the
   * person's alone (refused to the model). Declare `report`, `prompt` or `change` only for calls
   * that approve, grant, start or turn off nothing; `model-use.test.ts` lists every command that
   * declares it and probes the others.
   */
  forModel?(parsed: ParsedCommand, ctx: CommandContext): ModelUse;
  /** It changes the conversation under a running turn: it waits until the session is idle. */
  idleOnly?: boolean;
  run(ctx: CommandContext, parsed: ParsedCommand): Promise<void> | void;
  /** Choices for the second-level menu and for completing the argument. */
  choices?(ctx: CommandContext): Choice[];
  /**
   * Choices for a later argument, given the arguments before it (`/rewind 12 ` → its actions);
   * `undefined` when that argument has none.
   */
  choicesAfter?(ctx: CommandContext, previous: readonly string[]): Choice[] | undefined;
  /**
   * When words are left over (see `refusalOf`): a sentence saying how to give the argument,
   * from every word typed after the command's name.
   */
  leftoverHint?(words: readonly string[]): string;
}
