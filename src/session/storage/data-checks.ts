import { relative } from "node:path";
import { journalFolder, recoverJournals } from "../../workspace/index.js";
import { dataDir, prepareDataDir } from "../config/paths.js";
import { isRunning } from "./session-lock.js";
import { t } from "../../i18n/index.js";

/** What a session learns about North's data dir as it starts. */
export interface DataChecks {
  /** This repository's write journals (see `writeFilesAtomic`), or undefined when unwritable. */
  journal: string | undefined;
  /** Lines for the person, said before anything is changed. */
  notices: string[];
}

/**
 * Run once as a session starts, before any change: makes the data dir private (0700), says when
 * it cannot be written (then undo is unavailable and the conversation is not saved, and the
 * changes still go on), and finishes or rolls back batches of edits a killed process left
 * half-written in this repository.
 */
export async function checkDataDir(
  env: Record<string, string | undefined>,
  root: string,
): Promise<DataChecks> {
  const dir = dataDir(env);
  const problem = prepareDataDir(env);
  if (problem) {
    return {
      journal: undefined,
      notices: [t("session.noUndo", { dir, problem })],
    };
  }
  const journal = journalFolder(dir, root);
  const notices = (await recoverJournals(journal, isRunning)).map((batch) => {
    const names = batch.files.map((f) => relative(root, f));
    const shown = names.slice(0, 5).join(", ") + (names.length > 5 ? ", …" : "");
    return batch.outcome === "rolled-back"
      ? t("session.batchRolledBack", { count: names.length, files: shown })
      : t("session.batchCompleted", { count: names.length, files: shown });
  });
  return { journal, notices };
}
