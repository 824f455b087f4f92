/** One word of a simple command, quotes removed. */
export interface Word {
  text: string;
  /** Holds an expansion (`$VAR`, `$(…)`, backquotes) whose value is unknown before it runs. */
  dynamic: boolean;
  /** Starts with an unquoted `~` (home directory expansion). */
  tilde: boolean;
}

/** A redirection such as `> file`; `op` is the operator without its file descriptor. */
export interface Redirect {
  op: string;
  target: Word;
}

export interface SimpleCommand {
  words: Word[];
  redirects: Redirect[];
}

const OPERATOR_CHARS = ";&|()\n";
const KEYWORDS = new Set(["if", "then", "else", "elif", "fi", "do", "done", "while", "until"]);
const SKIPPED = new Set([...KEYWORDS, "!", "{", "}", "esac", "time"]);

/**
 * Splits shell text into simple commands, for inspection (never for running): words are split on
 * blanks and on `;`, `&&`, `||`, `|`, `&`, parentheses and newlines; single and double quotes,
 * backslashes and comments are honoured; here-document bodies are skipped; the commands inside
 * `$(…)`, backquotes and `<(…)` are returned as commands of their own. Reasonable, not complete:
 * callers that must be safe treat what they cannot tell (`dynamic`) as the worst case.
 */
export function parseCommands(text: string): SimpleCommand[] {
  const commands: SimpleCommand[] = [];
  let current: SimpleCommand = { words: [], redirects: [] };
  let word: Word | undefined;
  let redirectOp: string | undefined;
  const heredocs: { delimiter: string; stripTabs: boolean }[] = [];
  const letter = (s: string, dynamic = false) => {
    word ??= { text: "", dynamic: false, tilde: false };
    word.text += s;
    word.dynamic ||= dynamic;
  };
  const endWord = () => {
    if (!word) return;
    if (redirectOp !== undefined) {
      if (redirectOp === "<<" || redirectOp === "<<-") {
        heredocs.push({ delimiter: word.text, stripTabs: redirectOp === "<<-" });
      }
      current.redirects.push({ op: redirectOp, target: word });
      redirectOp = undefined;
    } else if (current.words.length > 0 || !SKIPPED.has(word.text)) {
      current.words.push(word);
    }
    word = undefined;
  };
  const endCommand = () => {
    endWord();
    if (current.words.length > 0 || current.redirects.length > 0) commands.push(current);
    current = { words: [], redirects: [] };
  };
  const nested = (inner: string) => commands.push(...parseCommands(inner));

  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "\\") {
      if (text[i + 1] !== "\n") letter(text[i + 1] ?? "");
      i += 2;
    } else if (c === "'") {
      const end = closing(text, i + 1, "'");
      letter(text.slice(i + 1, end));
      i = end + 1;
    } else if (c === "$" && text[i + 1] === "'") {
      const end = closing(text, i + 2, "'");
      letter(text.slice(i + 2, end));
      i = end + 1;
    } else if (c === '"') {
      i = doubleQuoted(text, i + 1, letter, nested);
    } else if (c === "$" || c === "`") {
      i = expansion(text, i, letter, nested);
    } else if (c === "#" && word === undefined) {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === " " || c === "\t") {
      endWord();
      i++;
    } else if ((c === "<" || c === ">") && text[i + 1] === "(") {
      const end = balanced(text, i + 2);
      nested(text.slice(i + 2, end));
      letter("/dev/fd/63", true);
      i = end + 1;
    } else if (c === "<" || c === ">" || (c === "&" && text[i + 1] === ">")) {
      if (word && /^\d+$/.test(word.text)) word = undefined; // 2> : the fd is not a word
      endWord();
      const op = /^(?:&>>?|>>|>\||>&|<<<|<<-|<<|<&|<>|>|<)/.exec(text.slice(i))![0];
      redirectOp = op;
      i += op.length;
    } else if (OPERATOR_CHARS.includes(c)) {
      endCommand();
      if (c === "\n") i = skipHeredocs(text, i + 1, heredocs.splice(0));
      else i++;
    } else {
      const tilde = c === "~" && word === undefined;
      // Brace expansion (`{a,b}`, `{1..3}`) makes several words out of one: its paths are
      // only known when the shell expands it.
      const brace = c === "{" && /^\{[^\s{}]*(,|\.\.)[^\s{}]*\}/.test(text.slice(i));
      letter(c, brace);
      if (tilde) word!.tilde = true;
      i++;
    }
  }
  endCommand();
  return commands;
}

/** Index of the next unescaped `quote` at or after `from` (the text's end when none). */
function closing(text: string, from: number, quote: string): number {
  const at = text.indexOf(quote, from);
  return at < 0 ? text.length : at;
}

/** Index of the `)` that closes a `(` opened just before `from`, quotes considered. */
function balanced(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "'") i = closing(text, i + 1, "'");
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return text.length;
}

type Letter = (s: string, dynamic?: boolean) => void;

function doubleQuoted(text: string, from: number, letter: Letter, nested: (s: string) => void) {
  let i = from;
  letter("");
  while (i < text.length && text[i] !== '"') {
    const c = text[i]!;
    if (c === "\\" && '$`"\\\n'.includes(text[i + 1] ?? "")) {
      if (text[i + 1] !== "\n") letter(text[i + 1]!);
      i += 2;
    } else if (c === "$" || c === "`") {
      i = expansion(text, i, letter, nested);
    } else {
      letter(c);
      i++;
    }
  }
  return i + 1;
}

/** `$(…)`, `$((…))`, `${…}`, `$NAME`, `` `…` ``: kept as text, marked dynamic; commands inside are parsed. */
function expansion(text: string, at: number, letter: Letter, nested: (s: string) => void): number {
  if (text[at] === "`") {
    const end = closing(text, at + 1, "`");
    nested(text.slice(at + 1, end));
    letter(text.slice(at, end + 1), true);
    return end + 1;
  }
  const next = text[at + 1];
  if (next === "(") {
    const end = balanced(text, at + 2);
    if (text[at + 2] !== "(") nested(text.slice(at + 2, end));
    letter(text.slice(at, end + 1), true);
    return end + 1;
  }
  if (next === "{") {
    const end = closing(text, at + 2, "}");
    letter(text.slice(at, end + 1), true);
    return end + 1;
  }
  const name = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/.exec(text.slice(at + 1));
  if (!name) {
    letter("$");
    return at + 1;
  }
  letter(`$${name[0]}`, true);
  return at + 1 + name[0].length;
}

/** Skips the bodies of pending here-documents, which start on the line after their operator. */
function skipHeredocs(
  text: string,
  from: number,
  pending: { delimiter: string; stripTabs: boolean }[],
): number {
  let i = from;
  for (const { delimiter, stripTabs } of pending) {
    while (i < text.length) {
      const end = closing(text, i, "\n");
      let line = text.slice(i, end);
      if (stripTabs) line = line.replace(/^\t+/, "");
      i = end + 1;
      if (line === delimiter) break;
    }
  }
  return i;
}
