import type { EditorState } from "../composer/editor.js";
import { mentionSpans } from "../composer/mention-spans.js";
import type { PathIndex } from "./path-index.js";
import { cleanForDisplay } from "../state/display-text.js";

/** Items a menu shows at most. */
export const MENU_LIMIT = 8;

export interface MenuItem {
  /** What goes into the text: a command name, a choice's value, a path (`src/` for a folder). */
  value: string;
  label: string;
  description?: string;
  /** A command whose argument has choices (Enter opens them), or a folder (Tab enters it). */
  opens?: boolean;
}

/**
 * An open menu under the composer: the commands (`/mo`), a command's choices (`/model son`) or
 * the files of the `@` picker. `[from, to)` is the text the chosen item replaces.
 */
export interface Menu {
  kind: "command" | "choice" | "file";
  items: MenuItem[];
  from: number;
  to: number;
  /** For `choice`: the command whose argument this is. */
  command?: string;
}

/** What menus are made of; each function may be called on every key. */
export interface MenuSources {
  /** Commands whose name starts with `prefix`. */
  commands(prefix: string): { name: string; description: string; hasChoices: boolean }[];
  /**
   * The choices of command `name` matching `typed`; `previous`: the arguments before it (a
   * later argument's choices, `/rewind 12 `). `undefined` when it has none.
   */
  choices(name: string, typed: string, previous?: readonly string[]): MenuItem[] | undefined;
  /** The index of the repository's files, `undefined` while they are being listed. */
  files(): PathIndex | undefined;
}

const COMMAND_TOKEN = /^\/[a-z0-9_:-]*$/i;
const ARGUMENT_OF = /(?:^|\s)\/([a-z][a-z0-9_:-]*)\s+$/i;
/** The second argument's place: `/rewind 12 `. */
const SECOND_OF = /^\s*\/([a-z][a-z0-9_:-]*)\s+([^\s/-][^\s]*)\s+$/i;
const COMMAND_START = /^\s*\/[a-z]/i;

/**
 * The menu for the word at the cursor, or `undefined`: a `/word` at the start or after
 * whitespace lists commands; the word after `/name ` lists that command's choices; `@word` lists
 * files (folders first when the word is empty or ends in `/`). Pure. Its text comes from outside
 * North (MCP prompts, a repository's commands and file names, saved sessions' titles): every
 * item is cleaned for display (display-text.ts) on its way out.
 */
export function menuFor(editor: EditorState, sources: MenuSources): Menu | undefined {
  const menu = buildMenu(editor, sources);
  return menu && cleanForDisplay(menu);
}

function buildMenu(editor: EditorState, sources: MenuSources): Menu | undefined {
  const { text, cursor } = editor;
  if (/\S/.test(text[cursor] ?? " ")) return undefined;
  const start = Math.max(text.lastIndexOf(" ", cursor - 1), text.lastIndexOf("\n", cursor - 1)) + 1;
  const word = text.slice(start, cursor);
  // Commands are read only at the start of the input (several in a row): a `/word` later in a
  // message is text, and gets no menu.
  const leading = text.slice(0, start).trim() === "" || COMMAND_START.test(text);
  if (!leading && (word.startsWith("/") || ARGUMENT_OF.test(text.slice(0, start))))
    return undefined;
  if (word.startsWith("/") && COMMAND_TOKEN.test(word)) {
    const items = sources.commands(word.slice(1)).map((c) => ({
      value: c.name,
      label: `/${c.name}`,
      description: c.description,
      opens: c.hasChoices,
    }));
    return items.length ? { kind: "command", items, from: start, to: cursor } : undefined;
  }
  if (word.startsWith("@")) {
    if (mentionSpans(text, editor.mentions).some((s) => s.start === start)) return undefined;
    const index = sources.files();
    if (!index) return { kind: "file", items: [], from: start, to: cursor };
    const items = fileItems(word.slice(1), index);
    return items.length ? { kind: "file", items, from: start, to: cursor } : undefined;
  }
  // A command's first argument, or its second (the first then given as `previous`).
  const argument = ARGUMENT_OF.exec(text.slice(0, start));
  const second = argument ? undefined : SECOND_OF.exec(text.slice(0, start));
  const match = argument ?? second;
  if (!match || word.includes("/")) return undefined;
  const command = match[1]!;
  const choices = sources.choices(command.toLowerCase(), word, second ? [second[2]!] : undefined);
  if (!choices?.length) return undefined;
  return { kind: "choice", items: choices.slice(0, 50), from: start, to: cursor, command };
}

function fileItems(query: string, index: PathIndex): MenuItem[] {
  // A key in a large repository scans the index's matches, never the whole list.
  const paths =
    query === "" || query.endsWith("/")
      ? index.childrenOf(query).slice(0, 50)
      : index.find(query, 50);
  return paths.map((p) => ({ value: p, label: p, ...(p.endsWith("/") ? { opens: true } : {}) }));
}

/** The rows the menu shows: at most {@link MENU_LIMIT} around the selected item. */
export function visibleItems(menu: Menu, selected: number) {
  const first = Math.max(0, Math.min(selected - MENU_LIMIT + 1, menu.items.length - MENU_LIMIT));
  return { first, items: menu.items.slice(first, first + MENU_LIMIT) };
}
