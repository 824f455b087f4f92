import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  exportJson,
  exportMarkdown,
  isSessionId,
  loadSession,
  sessionsDir,
  ResumeError,
  UsageError,
} from "../session/index.js";
import { t } from "../i18n/index.js";

/**
 * `north export ID [--format md|json] [--all]`: a saved conversation of this project (of any
 * with `all`), as the model would see it on resume, to standard output. Returns the exit code.
 */
export function runExport(options: {
  id: string | undefined;
  format: "md" | "json";
  root: string;
  env: Record<string, string | undefined>;
  all: boolean;
}): number {
  const { id } = options;
  if (!id || !isSessionId(id)) throw new UsageError(t("export.usage"));
  const dir = sessionsDir(options.env);
  const path = join(dir, `${id}.jsonl`);
  if (!existsSync(path)) throw new ResumeError(t("session.noSuchSession", { id, dir }));
  const loaded = loadSession(path);
  if (!options.all && loaded.header.project !== options.root) {
    throw new ResumeError(t("session.otherProject", { id, project: loaded.header.project }));
  }
  const write = options.format === "json" ? exportJson : exportMarkdown;
  process.stdout.write(write(loaded.header, loaded.messages));
  return 0;
}
