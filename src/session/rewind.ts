import type { Checkpoints, UndoResult } from "../workspace/index.js";
import type { Conversation } from "./conversation.js";

/** A message of the person's that `/rewind` and `/fork` may go back to. */
export interface RewindChoice {
  /** Its line in the session file: names it to `rewind` and `fork`. */
  line: number;
  text: string;
  /** When it was sent (ISO); absent in files written before North kept it. */
  time?: string;
  /** The files changed after it (by edits and commands, not undone yet), sorted. */
  files: string[];
}

/** What `/rewind` does: the conversation, the files, or both (at least one). */
export interface RewindWhat {
  conversation: boolean;
  code: boolean;
  /** Files changed since by someone else, to put back anyway (as `/undo --force`). */
  overwrite?: readonly string[];
}

export interface RewindResult {
  /** The message's text, for the front end to give back to the person (with `conversation`). */
  text?: string;
  /** What putting the files back did (with `code`). */
  undo?: UndoResult;
}

/** The session's rewind and fork (see `Session.rewindPoints`, `rewind`, `fork`). */
export interface RewindControl {
  rewindPoints(): RewindChoice[];
  rewind(line: number, what: RewindWhat): Promise<RewindResult>;
  fork(line?: number): string;
  exportConversation(format: "md" | "json"): string;
}

/**
 * Rewind and fork over `conversation`; `changed` runs after the history changed (the session
 * resets its context meter and tells its listeners), `forked` after a fork took its place.
 */
export function rewindControl(
  conversation: Conversation,
  checkpoints: () => Promise<Checkpoints>,
  hooks: { idleOnly(): void; changed(): void; forked(): void },
): RewindControl {
  return {
    rewindPoints() {
      const points = conversation.points;
      // One read of the checkpoint log: the changes since the oldest point, then each point's.
      const times = points.flatMap((p) => (p.time ? [p.time] : [])).sort();
      const changes = times[0] ? conversation.changesSince(times[0]) : [];
      return points
        .map((point) => {
          const since = point.time ? changes.filter((e) => e.time >= point.time!) : [];
          const files = [...new Set(since.flatMap((e) => e.files.map((f) => f.path)))].sort();
          return { ...point, files };
        })
        .reverse();
    },
    async rewind(line, what) {
      hooks.idleOnly();
      const point = conversation.points.find((p) => p.line === line);
      const result: RewindResult = {};
      if (what.code && point?.time) {
        const store = await checkpoints();
        const entries = conversation.changesSince(point.time, store);
        result.undo = await store.undoEntries(entries, { overwrite: what.overwrite ?? [] });
      }
      if (what.conversation) {
        result.text = conversation.rewind(line).text;
        hooks.changed();
      }
      return result;
    },
    exportConversation: (format) => conversation.export(format),
    fork(line) {
      hooks.idleOnly();
      const id = conversation.fork(line);
      hooks.forked();
      return id;
    },
  };
}
