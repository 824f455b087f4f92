/**
 * The hooks in force for one session and how one event runs them. The person's hooks (config
 * `hooks`) run as the person: their environment, in the repository. The repository's
 * (`.north/hooks.json`) run only once the person approved that exact content for this
 * repository (`/hooks approve`, stored outside the repository, see PermissionStore), and then
 * inside the command sandbox, without provider keys, like the model's commands. Hooks of one
 * event that match run in parallel; each has its timeout; none can hang or crash North — a
 * failure is one notice, the log has the details.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Logger } from "../../log/logger.js";
import { sha256Hex } from "../../platform/lazy-builtins.js";
import { detectSandbox, sandboxCommand, shellEnvironment } from "../../shell/index.js";
import { readRepoFileSync } from "../../workspace/index.js";
import type { PermissionStore } from "../permissions/permission-store.js";
import {
  matches,
  PROJECT_HOOKS_FILE,
  readHooks,
  type HookCommand,
  type HookEvent,
} from "./hook-config.js";
import { runHookProcess, type HookLaunch, type HookRun } from "./hook-process.js";
import { t } from "../../i18n/index.js";

export interface HooksOptions {
  root: string;
  env: Record<string, string | undefined>;
  /** The config's `hooks` (the person's), as read. */
  global: unknown;
  /** The config file's path, for notices. */
  configFile: string;
  store: PermissionStore;
  logger: Logger;
  /** Variable names never given to a repository's hooks (provider keys). */
  secretEnv: readonly string[];
  /** Paths hidden from a repository's hooks in the sandbox. */
  mask: readonly string[];
  /** Whether the repository's hooks may run now (the session's sandbox is on). */
  sandboxed: () => boolean;
}

/** One hook as `/hooks` shows it. */
export interface HookView {
  event: HookEvent;
  matcher: string;
  command: string;
  timeoutMs: number;
  origin: "global" | "project";
  /** False for a repository's hook not (or no longer) approved. */
  active: boolean;
}

/** What the hooks of one event said together. */
export interface HookOutcome {
  /** Exit 2's stderr or `{"decision": "block", "reason"}`, joined: the event is refused. */
  blocked?: string;
  /** `{"continue": false, "stopReason"}`: the agent stops (the reason is for the person). */
  stop?: string;
  /** Text for the model: stdout where the event adds it, `additionalContext`. */
  context: string[];
  /** PreToolUse's `permissionDecision`: deny over ask over allow. */
  decision?: "allow" | "deny" | "ask";
  decisionReason?: string;
}

/** The fields every hook's input has besides the event's own (Claude Code's names). */
export interface CommonInput {
  session_id: string;
  transcript_path: string;
  permission_mode: string;
}

/** Bytes of a hook's output shown in a notice; the log keeps more. */
const SHOWN = 400;
const LOGGED = 4_000;

export class Hooks {
  readonly notices: string[] = [];
  private readonly global: HookCommand[];
  private project: HookCommand[] = [];
  /** The repository's file as read at start: its text and its digest. */
  private proposed: { text: string; digest: string } | undefined;
  private sandboxDir: string | undefined;

  constructor(
    private readonly options: HooksOptions,
    private readonly notice: (text: string, tone: "info" | "warn") => void,
  ) {
    const own = readHooks(options.global, "global", options.configFile);
    this.global = own.hooks;
    this.notices.push(...own.notices);
    const read = readRepoFileSync(options.root, PROJECT_HOOKS_FILE, { maxBytes: 256 * 1024 });
    if (!read.ok) {
      if (!read.missing) {
        this.notices.push(
          t("hooks.projectUnreadable", { file: PROJECT_HOOKS_FILE, reason: read.reason }),
        );
      }
      return;
    }
    this.proposed = { text: read.text, digest: sha256Hex(read.text) };
    this.adoptProject();
  }

  /** Reads the proposal's hooks if the person approved this content; a notice otherwise. */
  private adoptProject(): void {
    const proposed = this.proposed;
    if (!proposed) return;
    if (!this.options.store.approvedHooks(proposed.digest)) {
      this.project = [];
      this.notices.push(t("hooks.projectNotApproved", { file: PROJECT_HOOKS_FILE }));
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(proposed.text) as unknown;
    } catch {
      this.notices.push(t("hooks.projectNotJson", { file: PROJECT_HOOKS_FILE }));
      return;
    }
    const hooks = typeof raw === "object" && raw !== null ? (raw as { hooks?: unknown }) : {};
    // The file is the hooks object itself, or a settings-like object with `hooks` in it.
    const found = readHooks(hooks.hooks ?? raw, "project", PROJECT_HOOKS_FILE);
    this.project = found.hooks;
    this.notices.push(...found.notices);
  }

  /** Every hook known: the person's, then the repository's (inactive until approved). */
  list(): HookView[] {
    const approved = this.proposed && this.options.store.approvedHooks(this.proposed.digest);
    const project = approved ? this.project : this.pendingProject();
    return [
      ...this.global.map((h) => view(h, true)),
      ...project.map((h) => view(h, approved === true)),
    ];
  }

  private pendingProject(): HookCommand[] {
    try {
      const raw = JSON.parse(this.proposed?.text ?? "{}") as { hooks?: unknown };
      return readHooks(raw.hooks ?? raw, "project", PROJECT_HOOKS_FILE).hooks;
    } catch {
      return [];
    }
  }

  /** The repository's file as read at start, whole, and whether this content is approved. */
  proposal(): { file: string; text: string; approved: boolean } | undefined {
    const proposed = this.proposed;
    if (!proposed) return undefined;
    const approved = this.options.store.approvedHooks(proposed.digest);
    return { file: PROJECT_HOOKS_FILE, text: proposed.text, approved };
  }

  /**
   * The person approves the content `proposal()` showed (`digest` of that text): its hooks run
   * from now on. False when the file changed since, or the approval could not be saved.
   */
  async approve(text: string): Promise<boolean> {
    if (!this.proposed || this.proposed.text !== text) return false;
    const saved = await this.options.store.approveHooks(this.proposed.digest);
    this.notices.length = 0;
    this.adoptProject();
    return saved;
  }

  /** Whether any hook is attached to `event` (the caller then builds its input). */
  has(event: HookEvent): boolean {
    return (
      this.global.some((h) => h.event === event) || this.active().some((h) => h.event === event)
    );
  }

  private active(): HookCommand[] {
    const proposed = this.proposed;
    return proposed && this.options.store.approvedHooks(proposed.digest) ? this.project : [];
  }

  /**
   * Runs the hooks of `event` that match `tool` (PreToolUse, PostToolUse) in parallel with
   * `input` on stdin and gathers what they said. `stdoutIsContext`: exit 0's plain stdout is for
   * the model (SessionStart, UserPromptSubmit); else it is a line for the person and the log.
   */
  async run(
    event: HookEvent,
    input: Record<string, unknown>,
    options: { tool?: string; stdoutIsContext?: boolean; signal?: AbortSignal } = {},
  ): Promise<HookOutcome> {
    const chosen = [...this.global, ...this.active()].filter(
      (h) => h.event === event && (options.tool === undefined || matches(h.matcher, options.tool)),
    );
    const outcome: HookOutcome = { context: [] };
    if (chosen.length === 0) return outcome;
    const stdin = JSON.stringify({ ...input, cwd: this.options.root, hook_event_name: event });
    const runs = await Promise.all(chosen.map((hook) => this.runOne(hook, stdin, options.signal)));
    const blocked: string[] = [];
    chosen.forEach((hook, i) => {
      const run = runs[i];
      if (run) this.read(hook, run, outcome, blocked, options.stdoutIsContext === true);
    });
    if (blocked.length > 0) outcome.blocked = blocked.join("\n");
    return outcome;
  }

  private async runOne(
    hook: HookCommand,
    stdin: string,
    signal: AbortSignal | undefined,
  ): Promise<HookRun | undefined> {
    const launch = await this.launch(hook);
    if (!launch) return undefined;
    const run = await runHookProcess(launch, stdin, hook.timeoutMs, signal);
    this.options.logger.log("hook_run", {
      hook_event: hook.event,
      command: hook.command,
      origin: hook.origin,
      code: run.code,
      timed_out: run.timedOut,
      ms: Math.round(run.durationMs),
      ...(run.error ? { error: run.error } : {}),
      stdout: run.stdout.slice(0, LOGGED),
      stderr: run.stderr.slice(0, LOGGED),
      truncated: run.truncated,
    });
    return run;
  }

  /** How `hook` starts: as the person, or (the repository's) in the sandbox; undefined: not. */
  private async launch(hook: HookCommand): Promise<HookLaunch | undefined> {
    const { root, env } = this.options;
    const dirs = { NORTH_PROJECT_DIR: root, CLAUDE_PROJECT_DIR: root };
    if (hook.origin === "global") {
      const own: Record<string, string> = {};
      for (const [key, value] of Object.entries(env)) if (value !== undefined) own[key] = value;
      return { file: "/bin/sh", args: ["-c", hook.command], env: { ...own, ...dirs }, cwd: root };
    }
    const status = await detectSandbox();
    if (!status.available || !this.options.sandboxed()) {
      this.notice(t("hooks.projectNeedsSandbox", { command: hook.command }), "warn");
      return undefined;
    }
    try {
      this.sandboxDir ??= mkdtempSync(join(tmpdir(), "north-hook-"));
      const boxed = sandboxCommand({
        file: "/bin/sh",
        args: ["-c", hook.command],
        env: shellEnvironment(env, dirs, this.options.secretEnv),
        root,
        profile: "workspace-write",
        privateDirs: [this.sandboxDir],
        filterDir: this.sandboxDir,
        masks: this.options.mask,
      });
      return { file: boxed.file, args: boxed.args, env: boxed.env, cwd: root };
    } catch (error) {
      this.notice(t("hooks.failed", { command: hook.command, why: String(error) }), "warn");
      return undefined;
    }
  }

  /** Folds one hook's run into `outcome`. */
  private read(
    hook: HookCommand,
    run: HookRun,
    outcome: HookOutcome,
    blocked: string[],
    stdoutIsContext: boolean,
  ): void {
    const name = hook.command;
    if (run.error !== undefined || run.timedOut || (run.code !== 0 && run.code !== 2)) {
      const why = run.timedOut
        ? t("hooks.timedOut", { seconds: String(hook.timeoutMs / 1000) })
        : run.error !== undefined
          ? run.error
          : [t("hooks.exitCode", { code: String(run.code) }), shown(run.stderr)]
              .filter(Boolean)
              .join(": ");
      this.notice(t("hooks.failed", { command: name, why }), "warn");
      return;
    }
    if (run.code === 2) {
      blocked.push(run.stderr.trim() || noReason(name));
      return;
    }
    const text = run.stdout.trim();
    const json = text.startsWith("{") ? parseObject(text) : undefined;
    if (!json) {
      if (text === "") return;
      if (stdoutIsContext) outcome.context.push(text);
      else this.notice(shown(text), "info");
      return;
    }
    if (json.continue === false) {
      outcome.stop ??= typeof json.stopReason === "string" ? json.stopReason : "";
    }
    if (typeof json.systemMessage === "string") this.notice(shown(json.systemMessage), "info");
    const reason = typeof json.reason === "string" ? json.reason : "";
    if (json.decision === "block") blocked.push(reason || noReason(name));
    if (json.decision === "approve") prefer(outcome, "allow", reason);
    const specific = json.hookSpecificOutput;
    if (typeof specific === "object" && specific !== null) {
      const s = specific as Record<string, unknown>;
      const decision = s.permissionDecision;
      if (decision === "allow" || decision === "deny" || decision === "ask") {
        const why =
          typeof s.permissionDecisionReason === "string" ? s.permissionDecisionReason : "";
        prefer(outcome, decision, why);
      }
      if (typeof s.additionalContext === "string" && s.additionalContext.trim() !== "") {
        outcome.context.push(s.additionalContext.trim());
      }
    }
  }

  /** Removes the sandbox's private folder. Never throws. */
  dispose(): void {
    if (this.sandboxDir) rmSync(this.sandboxDir, { recursive: true, force: true });
    this.sandboxDir = undefined;
  }
}

/** For the model (PreToolUse) or the person (UserPromptSubmit): English, like tool results. */
const noReason = (command: string) => `the hook "${command}" gave no reason`;

const RANK = { allow: 1, ask: 2, deny: 3 } as const;

/** Keeps the strongest decision: deny over ask over allow. */
function prefer(outcome: HookOutcome, decision: "allow" | "ask" | "deny", reason: string): void {
  if (outcome.decision && RANK[outcome.decision] >= RANK[decision]) return;
  outcome.decision = decision;
  outcome.decisionReason = reason;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** At most `SHOWN` characters of `text`, on one line. */
function shown(text: string): string {
  const line = text.trim().replace(/\s*\n\s*/g, " \u23ce ");
  return line.length > SHOWN ? `${line.slice(0, SHOWN)}\u2026` : line;
}

function view(hook: HookCommand, active: boolean): HookView {
  const { event, matcher, command, timeoutMs, origin } = hook;
  return { event, matcher, command, timeoutMs, origin, active };
}
