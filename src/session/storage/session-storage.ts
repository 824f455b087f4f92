import { chmodSync, existsSync, readFileSync, truncateSync } from "node:fs";
import { join } from "node:path";
import type { Message } from "../../ai/index.js";
import { ResumeError, SetupError, UsageError } from "../config/errors.js";
import { dataDir, ensurePrivateDir } from "../config/paths.js";
import { acquireLock } from "./session-lock.js";
import { listSessions, loadSession, newSessionId, SessionFile } from "./storage.js";
import { forkSessionFile } from "./fork.js";
import type { TodoItem } from "../../agent/events.js";
import { t } from "../../i18n/index.js";
import { isoTime } from "../../log/timestamp.js";

/** What `openStorage` needs of the session's options. */
export interface StorageOptions {
  env: Record<string, string | undefined>;
  /** `all`: a session of another project may be resumed by id (`--resume ID --all`). */
  resume?: ({ continue: true } | { id: string; all?: boolean }) & { fork?: boolean };
  /**
   * When the session to resume is in use by another live process: `fail` throws `SetupError`
   * (headless: a script should not silently get another conversation), `new` starts a new
   * session and says so in a notice (the TUI). Default `fail`.
   */
  busy?: "fail" | "new";
}

/** The form of the ids `newSessionId` makes: `2026-11-05-09-30-12-a1b2c3`. */
const SESSION_ID = /^\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}-[0-9a-f]{6}$/;

/** Whether `id` has the form of a session id (so it names a file in the sessions folder only). */
export function isSessionId(id: string): boolean {
  return SESSION_ID.test(id);
}

/** Events after which the history may have grown: it is appended to the session file then. */
export const SAVE_POINTS = new Set(["turn_start", "step_start", "tool_call", "turn_end"]);

export function titleOf(history: readonly Message[]): string {
  const first = history.find((m) => m.role === "user");
  return first ? first.content.replace(/\s+/g, " ").trim().slice(0, 80) : "";
}

/** An open conversation file; `release` lets another process append to it. */
export interface OpenedStorage {
  history: Message[];
  file: SessionFile;
  id: string;
  notices: string[];
  rewrittenAt: number;
  /** The model's todo list as last saved. */
  todos: TodoItem[];
  release: () => void;
}

/**
 * The conversation's file: a new one, or a saved one of this project to resume (its history
 * loaded and repaired), locked for this process. Throws `UsageError` for an id of the wrong form
 * and `SetupError` when there is nothing to resume, the session belongs to another project
 * (unless `resume.all`) or is in use (with `busy: "fail"`).
 */
/** Where saved conversations live: `$XDG_DATA_HOME/north/sessions`. */
export const sessionsDir = (env: Record<string, string | undefined>) =>
  join(dataDir(env), "sessions");

export function openStorage(options: StorageOptions, root: string, model: string): OpenedStorage {
  const dir = sessionsDir(options.env);
  const notices: string[] = [];
  if (options.resume) {
    const byId = "id" in options.resume ? options.resume : undefined;
    if (byId && !isSessionId(byId.id)) {
      throw new UsageError(
        `--resume takes a session id such as ${newSessionId()} (\`north --resume\` lists them), not "${byId.id}"`,
      );
    }
    const path = byId ? join(dir, `${byId.id}.jsonl`) : listSessions(dir, root)[0]?.path;
    if (!path || !existsSync(path)) {
      throw new ResumeError(
        byId
          ? t("session.noSuchSession", { id: byId.id, dir })
          : t("session.nothingToContinue", { root }),
      );
    }
    const loaded = loadSession(path);
    if (byId && !byId.all && loaded.header.project !== root) {
      throw new ResumeError(
        t("session.otherProject", { id: byId.id, project: loaded.header.project }),
      );
    }
    if (options.resume.fork) {
      // `--resume ID --fork`: a copy goes on; the file found is only read.
      const id = forkSessionFile(dir, path);
      const fork = openStorage({ ...options, resume: { id, all: true } }, root, model);
      fork.notices.push(t("fork.started", { id, parent: loaded.header.id }));
      return fork;
    }
    const lock = acquireLock(lockPath(path));
    if (lock.ok === false) {
      const busy = t("session.inUse", { id: loaded.header.id, pid: lock.pid });
      if (options.busy !== "new") {
        throw new SetupError(`${busy}${t("session.inUseWait")}`);
      }
      const fresh = openStorage({ env: options.env }, root, model);
      fresh.notices.unshift(`${busy}${t("session.inUseNew", { id: fresh.id })}`);
      return fresh;
    }
    if (loaded.truncated) notices.push(t("session.fileCut"));
    if (loaded.skipped > 0) {
      const n = loaded.skipped;
      notices.push(t(n === 1 ? "session.lineSkipped" : "session.linesSkipped", { count: n }));
    }
    // Appending after a cut-off line would glue the next entry onto it: cut the file back first.
    if (loaded.truncated) dropPartialLine(path);
    narrow(path);
    const file = new SessionFile(path, loaded.header, loaded);
    const { rewrittenAt, todos } = loaded;
    const id = loaded.header.id;
    const history = loaded.messages;
    return { history, file, id, notices, rewrittenAt, todos, release: lock.release };
  }
  const id = newSessionId();
  const header = {
    type: "header" as const,
    version: 1 as const,
    id,
    project: root,
    model,
    started: isoTime(),
  };
  const path = join(dir, `${id}.jsonl`);
  try {
    ensurePrivateDir(dir);
  } catch {
    // Not writable: the session will not be saved (the session says so), so there is no lock.
  }
  // Locked before the file exists, so that a `--continue` of another process never picks it up.
  const lock = acquireLock(lockPath(path));
  const release = lock.ok === false ? () => undefined : lock.release;
  const file = new SessionFile(path, header);
  return { history: [], file, id, notices, rewrittenAt: 0, todos: [], release };
}

/** `<id>.lock` beside `<id>.jsonl`. */
function lockPath(sessionPath: string): string {
  return sessionPath.replace(/\.jsonl$/, ".lock");
}

/** Files of older versions were created readable by everyone: owner only from now on. */
function narrow(path: string): void {
  try {
    chmodSync(path, 0o600);
  } catch {
    // Not ours to change; it is read as it is.
  }
}

/** Cuts a file back to just after its last newline (the end of its last whole line). */
function dropPartialLine(path: string): void {
  const text = readFileSync(path);
  truncateSync(path, text.lastIndexOf(10) + 1);
}

/** `items` of conversations of `root` (by `session` id), each with its conversation's title. */
export function withSessionTitles<T extends { session: string }>(
  items: readonly T[],
  env: Record<string, string | undefined>,
  root: string,
): (T & { title?: string })[] {
  const titles = new Map(listSessions(sessionsDir(env), root).map((s) => [s.id, s.title]));
  return items.map((item) => {
    const title = titles.get(item.session);
    return title ? { ...item, title } : item;
  });
}
