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

/** Right-aligns `cells` columns of rows (the first column left-aligned). */
export function table(rows: readonly string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows
    .map((r) =>
      r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  "),
    )
    .join("\n");
}

/** A command that shows its setting without arguments and changes it with one (`/model`). */
export const reportWithoutArgs = (parsed: { args: readonly string[] }) =>
  parsed.args.length === 0 ? ("report" as const) : ("change" as const);
