import type { RewindChoice } from "../../session/index.js";
import { t } from "../../i18n/index.js";

export type { RewindChoice };

/** The parts of an undo's result `/rewind` reports. */
export interface UndoResultView {
  restored: { path: string; action: "restored" | "deleted" | "recreated" | "unchanged" }[];
  skipped: { path: string; reason: string; message: string }[];
}

/** The first line of a message, cut to 60 characters. */
export function firstLine(text: string): string {
  const line = text.trim().split("\n")[0] ?? "";
  return line.length > 60 ? `${line.slice(0, 59)}\u2026` : line;
}

/** "3 min ago" from an ISO time (empty without one). */
export function ago(time: string | undefined, now = Date.now()): string {
  if (!time) return "";
  const minutes = Math.max(0, Math.floor((now - Date.parse(time)) / 60_000));
  if (minutes < 1) return t("rewind.justNow");
  if (minutes < 60) return t("rewind.minutesAgo", { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t("rewind.hoursAgo", { n: hours });
  return t("rewind.daysAgo", { n: Math.floor(hours / 24) });
}

/** "files changed after it: a.ts, b.ts and 3 more", or that none did. */
export function filesLine(files: readonly string[], shown: number): string {
  if (files.length === 0) return t("rewind.noFilesShort");
  const names = files.slice(0, shown).join(", ");
  const more = files.length - shown;
  return more > 0 ? t("rewind.filesMore", { names, more }) : t("rewind.filesChanged", { names });
}

/** What putting the files back did, a line a file (as `/undo` says it). */
export function undoLines(undo: UndoResultView | undefined, time: string | undefined): string[] {
  if (!undo) return [time ? t("rewind.noFiles") : t("rewind.noTime")];
  const lines = undo.restored.map((r) => t(`undo.${r.action}`, { path: r.path }));
  for (const skip of undo.skipped) {
    const why =
      skip.reason === "changed"
        ? t("undo.changedSince", { path: skip.path })
        : skip.reason === "unknown"
          ? t("undo.unknownBefore", { path: skip.path })
          : skip.message;
    lines.push(t("undo.kept", { path: skip.path, why }));
  }
  return lines.length > 0 ? lines : [t("rewind.noFiles")];
}
