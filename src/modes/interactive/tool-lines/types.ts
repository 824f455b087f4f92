import type { FileChange } from "../../../agent/tool.js";
import { t, type MessageKey } from "../../../i18n/index.js";

/**
 * One renderer per tool: how a call reads as a line while it runs ("Reading src/app.ts") and
 * what its result adds when done ("120 lines"). Renderers read the call's `arguments` and the
 * result's `details` defensively: both come from outside (the model, a tool of another version).
 */
export interface ToolRenderer {
  /**
   * The line from the call's arguments: while it runs ("Reading src/app.ts"), or `done`, once it
   * has finished, worded as finished ("Read src/app.ts").
   */
  title(args: Args, done?: boolean): string;
  /** A few words about a successful result, from its `details` (and `content` as a fallback). */
  summary?(details: Args, content: string): string | undefined;
}

export type Args = Record<string, unknown>;

export const str = (value: unknown): string | undefined =>
  typeof value === "string" && value ? value : undefined;
export const num = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/** What tool lines count, each with a catalog entry for one and for many (`unit.file.one`). */
type Unit = "file" | "line" | "entry" | "match" | "toolCall" | "step";

/** "1 match", "12 matches" (in the interface's language). */
export const count = (n: number, unit: Unit) =>
  t(`unit.${unit}.${n === 1 ? "one" : "many"}`, { count: n.toLocaleString("en-US") });

/**
 * A tool line's verb, running or finished: catalog key `key` while the call runs, `${key}Done`
 * once it has finished (`tool.reading` "Reading {what}", `tool.readingDone` "Read {what}").
 */
export const verb = (
  key: Verb,
  done: boolean | undefined,
  params?: Record<string, string | number>,
): string => t(done ? `${key}Done` : key, params);

/** Catalog keys of running verbs that have a finished form beside them. */
type Verb = { [K in MessageKey]: `${K}Done` extends MessageKey ? K : never }[MessageKey];

/** Keeps quoted values short enough for one line. */
export const clip = (text: string, max = 60) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/**
 * What a settled change keeps in scrollback under its line: the applied diff, the plan, or the
 * last lines a command printed (`omitted` lines came before them).
 */
export type ChangeBody =
  | { type: "diff"; files: FileChange[] }
  | { type: "plan"; plan: string }
  | { type: "output"; lines: string[]; omitted: number };
