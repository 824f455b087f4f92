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

/** The styles every component and renderer uses; one instance, so `NO_COLOR` is decided once. */
export interface Theme {
  color: boolean;
  paint: ChalkInstance;
}

let current: Theme = { color: false, paint: new Chalk({ level: 0 }) };

/** Decides colour for the whole interface (call once at start-up, before the first render). */
export function setTheme(color: boolean): Theme {
  current = { color, paint: new Chalk({ level: color ? 3 : 0 }) };
  // Ink styles <Text> with chalk's shared instance, which does not read NO_COLOR itself.
  if (!color) chalk.level = 0;
  return current;
}

export function theme(): Theme {
  return current;
}

/** Ink `color` props: `undefined` when colour is off, so `<Text>` adds no escape at all. */
export function tint(name: string): string | undefined {
  return current.color ? name : undefined;
}
