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
  /** The input with the command spans cut out, trimmed; sent to the model when not empty. */
  rest: string;
  /** Problems a person should see (unknown flag, missing value); the commands still run. */
  problems: string[];
}
