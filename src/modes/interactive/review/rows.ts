import wrapAnsi from "wrap-ansi";
import type { Review } from "../../../agent/tool.js";
import { renderMarkdown } from "../markdown/index.js";
import { hue, theme } from "../screen/theme.js";
import { changeLabel, diffRows } from "./diff-rows.js";
import { t } from "../../../i18n/index.js";

/** A review laid out as terminal rows, at one width. Only `body` scrolls. */
export interface ReviewRows {
  /** Fixed rows above the body: what is proposed ("Edit src/app.ts (+3 −1)"). */
  header: string[];
  body: string[];
  /** Fixed rows below the body: a command's danger. */
  footer: string[];
  /**
   * A command's body: when folded it keeps its last rows in view under the marker, and the
   * marker gives the command's line count (`total`).
   */
  command?: { total: number };
}

const cache = new WeakMap<Review, { width: number; palette: string; rows: ReviewRows }>();

/**
 * The rows of a review: an edit's coloured diff, a command line with its working directory and
 * danger, a plan as Markdown. Rows are at most `width` cells (diff rows are cut by the view).
 * Memoized per review, width and palette: the view and the key handler (scroll bounds) both ask.
 */
export function reviewRows(review: Review, width: number): ReviewRows {
  const hit = cache.get(review);
  const palette = theme().color ? theme().name : "none";
  if (hit && hit.width === width && hit.palette === palette) return hit.rows;
  const rows = layout(review, Math.max(20, width));
  cache.set(review, { width, palette, rows });
  return rows;
}

function layout(review: Review, width: number): ReviewRows {
  const { paint } = theme();
  const wrap = (text: string) => wrapAnsi(text, width, { hard: true, trim: false }).split("\n");
  switch (review.type) {
    case "edit":
      return {
        header: [paint.bold(changeLabel(review.files, "proposed"))],
        body: diffRows(review.files, { fileHeaders: review.files.length > 1, tense: "proposed" }),
        footer: [],
      };
    case "command": {
      const outside = review.escalate ? ` ${hue("warning")(t("review.outsideSandbox"))}` : "";
      return {
        header: wrap(
          `${paint.bold(t("review.runCommand"))} ${paint.dim(where(review.cwd))}${outside}`,
        ),
        body: collapseBlankRows(
          commandLines(review.command).flatMap((line, i) =>
            wrap(`${paint.dim(i === 0 ? "$" : " ")} ${paint.bold(line)}`),
          ),
        ),
        command: { total: commandLines(review.command).length },
        footer: [
          ...(review.escalate
            ? [
                ...wrap(hue("warning")(t("review.escalate"))),
                ...wrap(t("review.escalateReason", { reason: modelWords(review.escalate) })),
              ]
            : []),
          ...(review.danger
            ? wrap(hue("error")(t("review.alwaysAsks", { danger: review.danger })))
            : []),
        ],
      };
    }
    case "secret":
      return {
        header: wrap(paint.bold(t("review.readSecret"))),
        body: wrap(paint.bold(oneLine(review.path))),
        footer: wrap(hue("warning")(t("review.secretWhy", { why: oneLine(review.why) }))),
      };
    case "plan":
      return {
        header: [paint.bold(t("review.proposedPlan"))],
        body: renderMarkdown(review.plan.trim(), width).split("\n"),
        footer: [],
      };
    case "plan-mode":
      return {
        header: wrap(paint.bold(t("review.planFirst"))),
        body: wrap(oneLine(review.reason)),
        footer: [],
      };
    case "slash":
      return {
        header: wrap(paint.bold(t("review.slash", { command: oneLine(review.command) }))),
        body: wrap(paint.dim(oneLine(review.description))),
        footer: wrap(t("review.slashWhen")),
      };
    case "mcp":
      return {
        header: wrap(
          `${paint.bold(t("review.mcpCall", { tool: oneLine(review.tool) }))} ${paint.dim(t("review.mcpServer", { server: oneLine(review.server) }))}`,
        ),
        body: mcpArguments(review.arguments).flatMap(wrap),
        footer: review.readOnlyHint ? wrap(paint.dim(t("review.mcpHint"))) : [],
      };
    case "web":
      return {
        header: wrap(paint.bold(t("review.webFetch", { host: oneLine(review.host) }))),
        body: [
          ...wrap(oneLine(review.url)),
          ...(review.prompt
            ? wrap(t("review.webWant", { prompt: modelWords(review.prompt) }))
            : []),
        ],
        footer: wrap(paint.dim(t("review.webUntrusted"))),
      };
    case "question":
      // Drawn by the question picker (question-view.tsx); these rows only size it.
      return {
        header: review.questions.flatMap((q) => wrap(oneLine(q.question))).slice(0, 3),
        body: [],
        footer: Array.from({ length: 5 }, () => ""),
      };
    case "elicitation":
      // An MCP server's form, drawn field by field by the question picker likewise.
      return {
        header: wrap(oneLine(review.message)).slice(0, 3),
        body: [],
        footer: Array.from({ length: 6 }, () => ""),
      };
  }
}

/** Most argument rows shown in a review of an MCP call (the body scrolls within them). */
const MAX_ARGUMENT_ROWS = 400;

/** An MCP call's arguments pretty-printed, without control characters, bounded. */
function mcpArguments(args: Record<string, unknown>): string[] {
  const lines = JSON.stringify(args, null, 2)
    .split("\n")
    .map((line) => line.replace(/\t/g, "  ").replace(/[\x00-\x1f\x7f]/g, ""));
  if (lines.length <= MAX_ARGUMENT_ROWS) return lines;
  return [
    ...lines.slice(0, MAX_ARGUMENT_ROWS),
    t("review.moreArguments", { count: lines.length - MAX_ARGUMENT_ROWS }),
  ];
}

/** "at the project root" for `.`, else "in src/app" (the shell tool's display form). */
const where = (cwd: string) =>
  cwd === "." || cwd === "" ? t("review.atRoot") : t("review.inDir", { dir: cwd });

/**
 * The model's own words inside a line North writes (the escalation's reason): quoted by the
 * catalog entry and in italics, closing quotes of its own made plain, so that a reason such as
 * "Runs INSIDE the sandbox" reads as what the model says, never as North's line above it.
 */
const modelWords = (text: string) =>
  theme().paint.italic(oneLine(text).replace(/[\u201c\u201d]/g, '"'));

/** Text from the model or a file name on one line, without control characters. */
const oneLine = (text: string) => text.replace(/[\x00-\x1f\x7f]+/g, " ").trim();

/** A command's lines as typed, tabs as spaces and no other control characters. */
export function commandLines(command: string): string[] {
  return command
    .trim()
    .split(/\r?\n/)
    .map((line) => line.replace(/\t/g, "  ").replace(/[\x00-\x1f\x7f]/g, ""));
}

/** North's own styles (the only escape sequences in a row): stripped to see whether it is blank. */
const STYLES = /\x1b\[[0-9;]*m/g;

/**
 * Runs of two or more blank rows (empty or spaces only: blank lines of a command, or a line
 * padded with spaces past the width) as one marked row, "… 60 blank lines …", so that padding
 * cannot push what follows out of sight.
 */
export function collapseBlankRows(rows: readonly string[]): string[] {
  const out: string[] = [];
  let run = 0;
  const end = () => {
    if (run === 1) out.push("");
    else if (run > 1) out.push(`  ${theme().paint.dim(t("review.blankLines", { count: run }))}`);
    run = 0;
  };
  for (const row of rows) {
    if (row.replace(STYLES, "").trim() === "") run++;
    else {
      end();
      out.push(row);
    }
  }
  end();
  return out;
}

/** What of a body shows in `budget` rows, scrolled down by `scroll` rows. */
export interface Fold {
  rows: string[];
  /** Rows hidden above (a "↑ N more lines" marker takes a row). */
  above: number;
  /** Rows hidden below (a "… N more lines …" marker takes a row, above `tail`). */
  below: number;
  /** The body's last rows, kept in view under the marker of what is hidden below. */
  tail: string[];
}

/** The largest useful scroll for a body of `length` rows in `budget` rows. */
export function maxScroll(length: number, budget: number): number {
  return length <= budget ? 0 : length - (budget - 1);
}

/**
 * Folds a body into at most `budget` rows, markers included: a window from `scroll`, with a
 * marker for what is hidden above and below, and — with `keepLast` — the body's last rows kept
 * under the lower marker (a command's last line is always in view). A body that fits shows
 * whole; scrolling moves the window one row at a time until the rest shows whole, so every row
 * can be brought into view.
 */
export function foldRows(body: readonly string[], budget: number, scroll = 0, keepLast = 0): Fold {
  const room = Math.max(2, budget);
  if (body.length <= room) return { rows: [...body], above: 0, below: 0, tail: [] };
  const from = Math.min(Math.max(0, scroll), maxScroll(body.length, room));
  const avail = room - (from > 0 ? 1 : 0);
  if (body.length - from <= avail)
    return { rows: body.slice(from), above: from, below: 0, tail: [] };
  const last = Math.max(0, Math.min(keepLast, avail - 2));
  const shown = Math.max(1, avail - 1 - last);
  return {
    rows: body.slice(from, from + shown),
    above: from,
    below: body.length - from - shown - last,
    tail: last > 0 ? body.slice(-last) : [],
  };
}

/** Rows a folded command keeps in view at its end, for a fold of `budget` rows. */
export const commandTailRows = (budget: number) => Math.max(1, Math.min(3, Math.floor(budget / 4)));

/** "… 480 more lines · 500 lines in all · ↑↓ to see them …": a folded command's marker. */
export const moreOfCommand = (n: number, total: number) =>
  t("review.moreOfCommand", { count: n, total });

/** "… 240 more lines …" */
export const moreBelow = (n: number) =>
  n === 1 ? t("review.moreBelowOne") : t("review.moreBelow", { count: n });
/** "↑ 12 more lines" */
export const moreAbove = (n: number) =>
  n === 1 ? t("review.moreAboveOne") : t("review.moreAbove", { count: n });
