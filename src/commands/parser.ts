import type { CommandShape, ParsedCommand, ParsedInput } from "./types.js";
import { t } from "../i18n/index.js";

const NAME = /^[a-z][a-z0-9_:-]*/i;

interface Token {
  text: string;
  start: number;
  end: number;
  quoted: boolean;
}

/** Splits on whitespace, keeping "double" and 'single' quoted runs as one token. */
function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    while (i < input.length && /\s/.test(input[i]!)) i++;
    if (i >= input.length) break;
    const start = i;
    const quote = input[i] === '"' || input[i] === "'" ? input[i] : undefined;
    if (quote) {
      const close = input.indexOf(quote, i + 1);
      const end = close === -1 ? input.length : close + 1;
      tokens.push({
        text: input.slice(i + 1, close === -1 ? end : close),
        start,
        end,
        quoted: true,
      });
      i = end;
      continue;
    }
    while (i < input.length && !/\s/.test(input[i]!)) i++;
    tokens.push({ text: input.slice(start, i), start, end: i, quoted: false });
  }
  return tokens;
}

/**
 * Finds the slash commands at the start of an input: `/name` as the first word, then each word
 * that follows a command's arguments and is itself a registered `/name` (several in a row). A
 * `/word` later in the text is text. A command takes its flags and positional arguments by its
 * arity — `rest` runs to the next command word; quoted text is one argument, never a command.
 * Words no command can take are `leftover` (the caller says so and runs nothing); a first word
 * that looks like a command but is not one is `unknown`. Without a command, `rest` is the input.
 */
export function parseInput(
  input: string,
  lookup: (name: string) => CommandShape | undefined,
  known: () => readonly string[] = () => [],
): ParsedInput {
  const tokens = tokenize(input);
  const commands: ParsedCommand[] = [];
  const problems: string[] = [];
  const nameOf = (t: Token | undefined) => {
    if (!t || t.quoted || !t.text.startsWith("/")) return undefined;
    const match = NAME.exec(t.text.slice(1));
    return match && match[0].length === t.text.length - 1 ? match[0] : undefined;
  };
  const shapeOf = (t: Token | undefined) => {
    const name = nameOf(t);
    return name === undefined ? undefined : lookup(name);
  };

  const first = nameOf(tokens[0]);
  if (first === undefined) return { commands, rest: input.trim(), problems };
  if (!lookup(first)) {
    const suggestion = closest(first, known());
    return {
      commands,
      rest: "",
      problems,
      unknown: { name: first, ...(suggestion ? { suggestion } : {}) },
    };
  }

  let i = 0;
  while (i < tokens.length) {
    const head = tokens[i]!;
    const shape = shapeOf(head);
    if (!shape) break;
    const command: ParsedCommand = {
      name: shape.name,
      args: [],
      flags: {},
      start: head.start,
      end: head.end,
    };
    i++;
    while (i < tokens.length && !shapeOf(tokens[i]!)) {
      const token = tokens[i]!;
      const flag = token.quoted ? undefined : readFlag(token.text, shape);
      if (flag === "unknown") {
        if (shape.arity !== "rest") break;
      } else if (flag) {
        if (flag.spec.value) {
          let value = flag.inline;
          if (value === undefined) {
            const next = tokens[i + 1];
            if (next && !shapeOf(next)) {
              value = next.text;
              i++;
            }
          }
          if (value === undefined) problems.push(t("cmd.flagNeedsValue", { flag: flag.spec.name }));
          else command.flags[flag.spec.name] = value;
        } else {
          command.flags[flag.spec.name] = true;
        }
        command.end = tokens[i]!.end;
        i++;
        continue;
      }
      const room = shape.arity === "rest" || (shape.arity === "one" && command.args.length === 0);
      if (!room) break;
      command.args.push(token.text);
      command.end = token.end;
      i++;
    }
    commands.push(command);
    if (i < tokens.length && !shapeOf(tokens[i]!)) {
      const text = input.slice(tokens[i]!.start).trim();
      return { commands, rest: "", problems, leftover: { command: shape.name, text } };
    }
  }
  return { commands, rest: "", problems };
}

/** The registered name nearest to a mistyped one (edit distance ≤ 2, or a prefix), if any. */
function closest(name: string, names: readonly string[]): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const candidate of names) {
    const d = candidate.startsWith(name) ? 1 : distance(name.toLowerCase(), candidate);
    if (d <= 2 && (!best || d < best.d)) best = { name: candidate, d };
  }
  return best?.name;
}

function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(
        row[j]! + 1,
        next[j - 1]! + 1,
        row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    row = next;
  }
  return row[b.length]!;
}

function readFlag(text: string, shape: CommandShape) {
  const flags = shape.flags ?? [];
  if (text.startsWith("--") && text.length > 2) {
    const [name, inline] = text.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const spec = flags.find((f) => f.name === name);
    return spec ? { spec, inline } : ("unknown" as const);
  }
  if (/^-[a-z]$/i.test(text)) {
    const spec = flags.find((f) => f.short === text[1]);
    return spec ? { spec, inline: undefined } : ("unknown" as const);
  }
  return undefined;
}
