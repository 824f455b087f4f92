import { existsSync } from "node:fs";
import { join } from "node:path";
import { t } from "../i18n/index.js";
import type { ContextReport } from "./context-usage.js";
import { expandMentions } from "./mentions.js";

/** Attached files may fill the context up to this share of the window (compaction's threshold). */
export const ATTACH_SHARE = 0.8;

export interface AttachRequest {
  root: string;
  /** The message as the person wrote it. */
  text: string;
  /** Paths picked with `@`. */
  files: readonly string[];
  /** Blocks that follow the text (`!command` output). */
  context: readonly string[];
  /** How full the context is before this message. */
  report: ContextReport;
  secrets: "attach" | "refuse";
}

/**
 * The prompt a message becomes: its text, its context blocks, then the files it names — picked
 * ones and typed `@path` words that name a file or folder of the repository — fitted into what is
 * left of {@link ATTACH_SHARE} of the window. `notes` tells the person what was not attached.
 */
export async function attachFiles(
  request: AttachRequest,
): Promise<{ prompt: string; notes: string[]; attached: number }> {
  const { text: typed, context, root } = request;
  const text = context.length > 0 ? `${typed}\n\n${context.join("\n\n")}` : typed;
  const notes: string[] = [];
  const files = [...request.files];
  for (const match of typed.matchAll(/(?:^|\s)@([^\s@]+)/g)) {
    const path = match[1]!.replace(/[.,;:!?)'"]+$/, "");
    if (!path || files.includes(path) || files.includes(path.replace(/\/$/, ""))) continue;
    if (existsSync(join(root, path))) files.push(path);
    else notes.push(t("mention.missing", { path }));
  }
  if (files.length === 0) return { prompt: text, notes, attached: 0 };
  const { report } = request;
  const budget = Math.floor(report.window * ATTACH_SHARE) - report.used - text.length;
  const expanded = await expandMentions(root, text, files, budget, { secrets: request.secrets });
  return { prompt: expanded.prompt, notes: [...notes, ...expanded.notes], attached: files.length };
}
