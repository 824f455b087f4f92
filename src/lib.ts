/**
 * North as a library: `import { createSession } from "north-agent"`. The same session the CLI's
 * front ends use (the TUI, `-p`, `north rpc`): submit messages (queued while a turn runs), steer,
 * cancel, answer approvals and questions, and listen to one stream of events. See README.md
 * ("North as a library") and examples/library.mjs.
 */
import {
  createLogger,
  createSession as openSession,
  findRepoRoot,
  loadConfigFile,
  type Approve,
  type Logger,
  type Mode,
  type Session,
} from "./session/index.js";

export interface LibrarySessionOptions {
  /** A folder of the repository to work in (its root is found from here); default: the cwd. */
  cwd?: string;
  /** Keys and endpoints are read from here (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** A catalog id or alias, or any id its provider knows; default: the config's choice. */
  model?: string;
  provider?: string;
  mode?: Mode;
  /**
   * Who decides on edits and commands: "interactive" (default) — your program answers each
   * `approval_request` event with `session.respond` — or a fixed answer as `--approve` gives.
   */
  approvals?: "interactive" | Approve;
  /** Model calls per turn (default: the config's, else 50). */
  maxSteps?: number;
  /** Run commands in the OS sandbox where available (default "on"). */
  sandbox?: "on" | "off";
  /** Continue a saved conversation of this repository. */
  resume?: { continue: true } | { id: string };
  /** Where North logs (default: North's log file; pass your own to collect the lines). */
  logger?: Logger;
}

/**
 * Opens a session in the repository around `options.cwd`, with the person's config file
 * (`~/.config/north/config.json`) as the CLI would read it; a broken config file becomes one of
 * `session.notices`. Call `session.dispose()` when done. Throws `SetupError` (no provider),
 * `UsageError` (unknown model) or `ResumeError` before anything runs.
 */
export async function createSession(options: LibrarySessionOptions = {}): Promise<Session> {
  const env = options.env ?? process.env;
  const root = await findRepoRoot(options.cwd ?? process.cwd());
  const { config, notice } = await loadConfigFile(env);
  const approvals = options.approvals ?? "interactive";
  return openSession({
    root,
    env,
    config,
    ...(options.model ? { model: options.model, rememberModel: false } : {}),
    ...(options.provider ? { provider: options.provider } : {}),
    mode: options.mode ?? "agent",
    maxSteps: options.maxSteps,
    approvals: approvals === "interactive" ? "interactive" : { approve: approvals },
    sandbox: options.sandbox ?? "on",
    ...(options.resume ? { resume: options.resume } : {}),
    logger: options.logger ?? createLogger(),
    ...(notice ? { notices: [notice] } : {}),
  });
}

export { listSessions, type SessionSummary } from "./session/index.js";
export type {
  Approve,
  Decision,
  Logger,
  Mode,
  Session,
  SessionEvent,
  SubmitOptions,
  Submitted,
  SuggestionControl,
} from "./session/index.js";
export type { AgentEvent, TodoItem, TurnResult, Review } from "./session/index.js";
