import type { CommandShape, ParsedCommand, ParsedInput } from "./types.js";

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
 * Finds the slash commands in an input. `/name` counts only at the start or after whitespace and
 * only for registered names (so paths like `src/app` and unknown `/words` stay text). A command
 * takes its flags and positional arguments by its arity — `rest` runs to the next command token;
 * quoted text is one argument and never a command. Everything not taken is the `rest` for the
 * model.
 */
export function parseInput(
  input: string,
  lookup: (name: string) => CommandShape | undefined,
): ParsedInput {
  const tokens = tokenize(input);
  const commands: ParsedCommand[] = [];
  const problems: string[] = [];
  const taken: [number, number][] = [];
  const shapeOf = (t: Token) => {
    if (t.quoted || !t.text.startsWith("/")) return undefined;
    const match = NAME.exec(t.text.slice(1));
    return match && match[0].length === t.text.length - 1 ? lookup(match[0]) : undefined;
  };

  let i = 0;
  while (i < tokens.length) {
    const head = tokens[i]!;
    const shape = shapeOf(head);
    if (!shape) {
      i++;
      continue;
    }
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
          if (value === undefined) problems.push(`--${flag.spec.name} needs a value`);
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
    taken.push([command.start, command.end]);
  }

  let rest = "";
  let cursor = 0;
  for (const [start, end] of taken) {
    rest += `${input.slice(cursor, start)} `;
    cursor = end;
  }
  rest += input.slice(cursor);
  return {
    commands,
    rest: rest
      .replace(/[ \t]+/g, " ")
      .replace(/ *\n */g, "\n")
      .trim(),
    problems,
  };
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
