import type { FileChange } from "../../../agent/tool.js";

/**
 * One renderer per tool: how a call reads as a line while it runs ("Reading src/app.ts") and
 * what its result adds when done ("120 lines"). Renderers read the call's `arguments` and the
 * result's `details` defensively: both come from outside (the model, a tool of another version).
 */
export interface ToolRenderer {
  /** The running line, from the call's arguments. */
  title(args: Args): string;
  /** A few words about a successful result, from its `details` (and `content` as a fallback). */
  summary?(details: Args, content: string): string | undefined;
}

export type Args = Record<string, unknown>;

export const str = (value: unknown): string | undefined =>
  typeof value === "string" && value ? value : undefined;
export const num = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/** "1 match", "12 matches". */
export const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

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
