import { eastAsianWidth } from "get-east-asian-width";
import type { CommandContext, ModelUse, ParsedCommand } from "../types.js";

/** "12.3k" for token counts. */
export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

/** "$0.0123" under a dollar (four decimals), "$1.23" above. */
export function formatMoney(usd: number): string {
  return usd < 1 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

/** Right-aligns `cells` columns of rows (the first column left-aligned), in terminal cells. */
export function table(rows: readonly string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => cells(r[i] ?? ""))));
  const pad = (c: string, i: number) => " ".repeat(Math.max(0, widths[i]! - cells(c)));
  return rows
    .map((r) => r.map((c, i) => (i === 0 ? c + pad(c, i) : pad(c, i) + c)).join("  "))
    .join("\n");
}

/** The model may run it: it only prints (see `ModelUse`). */
export const REPORT = (): ModelUse => ({ effect: "report" });

/** The model may never run it: it needs the person at the screen. */
export const SCREEN = (): ModelUse => ({ effect: "screen" });

/** Trust decisions are the person's alone: refused to the model. */
export const PERSON = (): ModelUse => ({ effect: "person" });

/**
 * A command that shows its setting without arguments (`report`) and changes it with one: then
 * as `withArgs` says (a `change` saying what this call does, or `person`).
 */
export const reportWithoutArgs =
  (withArgs: (parsed: ParsedCommand, ctx: CommandContext) => ModelUse) =>
  (parsed: ParsedCommand, ctx: CommandContext): ModelUse =>
    parsed.args.length === 0 ? { effect: "report" } : withArgs(parsed, ctx);

/**
 * Terminal cells of a table's text (plain, no escape codes): wide East Asian characters take
 * two. Not string-width: its start-up (Unicode property expressions, a segmenter) cost every
 * headless run ~20 ms, and a table's labels and figures need none of it.
 */
function cells(text: string): number {
  let n = 0;
  for (const ch of text) n += eastAsianWidth(ch.codePointAt(0)!);
  return n;
}
