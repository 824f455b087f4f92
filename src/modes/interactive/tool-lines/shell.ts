import { type Args, type ToolRenderer, clip, num, str, verb } from "./types.js";
import { t } from "../../../i18n/index.js";

/** A command on one line, quoted: "`npm test`", its first line and "…" when it has several. */
export function quoteCommand(command: string | undefined, max = 60): string {
  const lines = (command ?? "").trim().split(/\r?\n/);
  const first = lines[0] ?? "";
  return `\`${clip(lines.length > 1 ? `${first} …` : first, max)}\``;
}

/** `shell_run`: "Running `npm test`". */
export const shellRunLine: ToolRenderer = {
  title: (args, done) =>
    verb("tool.running", done, { what: quoteCommand(str(args.command) ?? t("tool.aCommand")) }),
};

/**
 * How a command ended, from the shell tool's `details` read defensively: "exit 0", "exit 1",
 * "timed out", "stopped waiting for input"; `failed` when it did not exit with 0.
 */
export function commandOutcome(
  details: Args,
  content: string,
): { outcome?: string; failed: boolean } {
  const stopped = str(details.stopped) ?? (details.timedOut === true ? "timeout" : undefined);
  if (stopped === "timeout") return { outcome: t("tool.timedOut"), failed: true };
  if (stopped === "input") return { outcome: t("tool.stoppedForInput"), failed: true };
  if (stopped === "cancel") return { outcome: t("tool.cancelled"), failed: true };
  const code =
    num(details.exitCode) ??
    num(details.exit_code) ??
    num(details.code) ??
    num(Number(/exit(?:ed with)? code:? (-?\d+)/i.exec(content)?.[1] ?? Number.NaN));
  if (code === undefined) return { failed: false };
  const ms = num(details.durationMs);
  const took =
    ms !== undefined && ms >= 1000 ? t("tool.took", { seconds: (ms / 1000).toFixed(1) }) : "";
  const moved =
    str(details.cwdAfter) && details.cwdAfter !== details.cwd
      ? t("tool.nowIn", { dir: String(details.cwdAfter) })
      : "";
  return { outcome: `${t("tool.exit", { code })}${took}${moved}`, failed: code !== 0 };
}

/** Output lines a ran command keeps in scrollback (the model reads all of it). */
export const OUTPUT_TAIL_LINES = 5;

/**
 * The last lines of a command's output, from the shell tool's result: the output, a blank
 * line, then one status paragraph. `undefined` when there was none or the shape is unknown.
 */
export function outputTail(
  details: Args,
  content: string,
): { lines: string[]; omitted: number } | undefined {
  if (typeof details.outputBytes !== "number" || details.outputBytes === 0) return undefined;
  const end = content.lastIndexOf("\n\n");
  const output = (end === -1 ? "" : content.slice(0, end)).replace(/\s+$/, "");
  if (!output) return undefined;
  const all = output.split("\n");
  return {
    lines: all.slice(-OUTPUT_TAIL_LINES),
    omitted: Math.max(0, all.length - OUTPUT_TAIL_LINES),
  };
}

/** Files a command changed, shown on its line with how to take them back (at most `max` named). */
export function changedNote(details: Args, max = 3): string | undefined {
  const changed = Array.isArray(details.changed)
    ? details.changed.filter((path): path is string => typeof path === "string")
    : [];
  if (changed.length === 0) return undefined;
  const named = changed.slice(0, max).join(", ");
  const files =
    changed.length > max
      ? t("tool.changedMore", { files: named, more: changed.length - max })
      : named;
  return t("tool.changedUndo", { files });
}
