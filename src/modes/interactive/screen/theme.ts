import chalk, { Chalk, type ChalkInstance } from "chalk";

/**
 * Whether North draws colour: never when `NO_COLOR` is set to anything non-empty
 * (https://no-color.org), else when `FORCE_COLOR` or a terminal says so.
 */
export function colorWanted(env: Record<string, string | undefined>, isTTY: boolean): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== "0" && env.FORCE_COLOR !== "false";
  return isTTY && env.TERM !== "dumb";
}

/** The palettes: `dark` for dark backgrounds (North's look so far), `light` for light ones. */
export type ThemeName = "dark" | "light";

/**
 * What a colour means. Components ask for a role, never for a colour, so that each palette can
 * give it a hue that reads on its background.
 */
export type Role =
  /** North's label, the welcome frame, the working spinners. */
  | "brand"
  /** The person's label and messages. */
  | "user"
  /** The prompt mark, the highlighted menu item, keys in hints, the review's agent. */
  | "accent"
  /** Markdown headings (bold). */
  | "heading"
  | "success"
  | "warning"
  | "error"
  /** Plans: the frame of a plan review. */
  | "info"
  /** Secondary marks (the prompt while busy, unselected menu items). */
  | "muted"
  /** Inline `code` in answers. */
  | "code"
  /** A fenced code block before (or without) syntax highlighting. */
  | "codeBlock"
  | "link"
  /** Diff lines added / removed. */
  | "diffAdded"
  | "diffRemoved"
  /** The status line's mode badge. */
  | "modePlan"
  | "modeAsk"
  | "modeAgent"
  /** The composer in shell mode (its input begins with `!`): prompt mark and text. */
  | "shell";

/**
 * A palette gives each role a colour Ink and chalk understand: a named ANSI colour (the terminal
 * maps it through its own scheme) or `#rrggbb`.
 */
export type Palette = Readonly<Record<Role, string>>;

/** Dark backgrounds: the named ANSI colours North has always used. */
export const DARK: Palette = {
  brand: "magenta",
  user: "cyan",
  accent: "cyan",
  heading: "cyan",
  success: "green",
  warning: "yellow",
  error: "red",
  info: "blue",
  muted: "gray",
  code: "yellow",
  codeBlock: "green",
  link: "blue",
  diffAdded: "green",
  diffRemoved: "red",
  modePlan: "blue",
  modeAsk: "green",
  modeAgent: "magenta",
  shell: "magentaBright",
};

/**
 * Light backgrounds: dark, saturated hues that keep their contrast on white (no yellow, cyan or
 * bright text; darker greens and reds).
 */
export const LIGHT: Palette = {
  brand: "#8250df",
  user: "#0550ae",
  accent: "#0969da",
  heading: "#0550ae",
  success: "#1a7f37",
  warning: "#9a6700",
  error: "#cf222e",
  info: "#0550ae",
  muted: "#6e7781",
  code: "#953800",
  codeBlock: "#116329",
  link: "#0969da",
  diffAdded: "#116329",
  diffRemoved: "#a40e26",
  modePlan: "#0550ae",
  modeAsk: "#1a7f37",
  modeAgent: "#8250df",
  shell: "#bf3989",
};

const PALETTES: Readonly<Record<ThemeName, Palette>> = { dark: DARK, light: LIGHT };

/** The styles every component and renderer uses; one instance, so `NO_COLOR` is decided once. */
export interface Theme {
  color: boolean;
  /** The palette in use (`dark` when colour is off: no palette is drawn then). */
  name: ThemeName;
  paint: ChalkInstance;
}

let current: Theme = { color: false, name: "dark", paint: new Chalk({ level: 0 }) };
let hues = new Map<Role, ChalkInstance>();

/**
 * Decides colour and palette for the whole interface: at start-up before the first render, and
 * again when the terminal's background is known or `/theme` changes it. Without colour the
 * palette is irrelevant: nothing is coloured.
 */
export function setTheme(color: boolean, name: ThemeName = "dark"): Theme {
  current = { color, name, paint: new Chalk({ level: color ? 3 : 0 }) };
  hues = new Map();
  // Ink styles <Text> with chalk's shared instance, which does not read NO_COLOR itself.
  if (!color) chalk.level = 0;
  return current;
}

export function theme(): Theme {
  return current;
}

/** Ink `color` props for a role: `undefined` when colour is off, so `<Text>` adds no escape at all. */
export function tint(role: Role): string | undefined {
  return current.color ? PALETTES[current.name][role] : undefined;
}

/**
 * A chalk style for a role, for text coloured as a string (Markdown, diffs, tool lines); chain
 * it like chalk: `hue("heading").bold(text)`. Plain text when colour is off.
 */
export function hue(role: Role): ChalkInstance {
  let style = hues.get(role);
  if (!style) {
    const value = PALETTES[current.name][role];
    const paint = current.paint;
    style = value.startsWith("#") ? paint.hex(value) : paint[value as "red"];
    hues.set(role, style);
  }
  return style;
}
