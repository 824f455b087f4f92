import type { CheckPhase, CheckSource, Emit } from "../../agent/events.js";
import type { LoopConfig } from "../../agent/loop.js";
import type { ToolResultMessage } from "../../ai/types.js";
import type { Logger } from "../../log/logger.js";
import { maskForModel } from "../../log/secret-formats.js";
import type { SandboxProfile, ShellResult, ShellService } from "../../shell/index.js";
import type { Checkpoints } from "../../workspace/index.js";

/** One configured check and whose settings name it. */
export interface CheckCommand {
  command: string;
  source: CheckSource;
}

/** The checks in force: the person's config first, then the repository's settings. */
export interface ChecksInForce {
  afterEdit: CheckCommand[];
  beforeDone: CheckCommand[];
}

export type ChecksField = { afterEdit?: string[] | undefined; beforeDone?: string[] | undefined };

/**
 * The settings' `checks` together: the person's config (its `checks`, then those it holds for
 * this repository under `projects`), then the repository's settings; a command named twice runs
 * once, as the person's.
 */
export function checksInForce(
  config: ChecksField | undefined,
  project: ChecksField | undefined,
  forRepository?: ChecksField,
): ChecksInForce {
  const join = (key: keyof ChecksField): CheckCommand[] => {
    const own = [...new Set([...(config?.[key] ?? []), ...(forRepository?.[key] ?? [])])];
    const mine = own.map((command) => ({ command, source: "config" as const }));
    const theirs = (project?.[key] ?? [])
      .filter((command) => !mine.some((c) => c.command === command))
      .map((command) => ({ command, source: "project" as const }));
    return [...mine, ...theirs];
  };
  return { afterEdit: join("afterEdit"), beforeDone: join("beforeDone") };
}

/**
 * Checks to propose from the commands the project card found (`detectCommands`): its format
 * and lint commands after edits, its first test command before done. Nothing runs from this
 * until the person turns them on.
 */
export function proposeChecks(commands: readonly string[]): ChecksField {
  const formatAndLint = commands.filter((c) => /\b(format|fmt|lint)$/.test(c));
  const tests = commands.filter((c) => /\btest\b/.test(c)).slice(0, 1);
  return {
    ...(formatAndLint.length > 0 ? { afterEdit: formatAndLint } : {}),
    ...(tests.length > 0 ? { beforeDone: tests } : {}),
  };
}

/** What `/checks` sees and changes (`Session.checks`). */
export interface ChecksControl {
  /** The checks in force now. */
  inForce(): ChecksInForce;
  /** What the repository's manifests suggest (see `proposeChecks`); empty when none. */
  proposed(): ChecksField;
  /**
   * Turns `checks` on for this repository in the person's config (never the repository's
   * files); they are in force from the next turn on. Never throws.
   */
  turnOn(
    checks: ChecksField,
  ): Promise<{ saved: true; path: string } | { saved: false; reason: string }>;
}

/** Times the model gets a failing `beforeDone` back in one turn; the next failure ends it. */
export const BEFORE_DONE_ROUNDS = 3;
/** Limits of one check's run: a formatter or linter, and a test run. */
const AFTER_EDIT_TIMEOUT_MS = 120_000;
const BEFORE_DONE_TIMEOUT_MS = 600_000;
/** Characters of a check's output the model gets: the start and, mostly, the end. */
const HEAD_CHARS = 1_000;
const TAIL_CHARS = 3_000;

export interface TurnChecksDeps {
  checks: ChecksInForce;
  /** The repository root: every check starts there, in a subshell (the model's `cd` is kept). */
  root: string;
  /** The session's persistent shell for a profile (`ShellSet.get`). */
  shell: (profile: SandboxProfile) => ShellService;
  /** Whether commands run in the OS sandbox now. */
  sandboxed: () => boolean;
  /** Where the model's commands run now (`commandProfile`): a repository's checks run there. */
  profile: () => SandboxProfile;
  /** The conversation's checkpoints at the running turn: what checks change joins the turn's. */
  checkpoints: () => Promise<Checkpoints>;
  emit: Emit;
  /** Tells the person: these `beforeDone` checks still fail after the last round. */
  stillFailing: (commands: string[]) => void;
  logger: Logger;
}

interface Failure {
  command: string;
  exitCode: number | null;
  output: string;
}

/**
 * The loop's hooks for one turn's checks (none when no check is configured, so a run without
 * checks does no work): `afterCalls` runs `afterEdit` on the files a step's edit tools changed
 * and adds a failure's output to the last edit result; `beforeEnd` runs `beforeDone` when the
 * model would end a turn that edited files, and sends a failure back (at most
 * `BEFORE_DONE_ROUNDS` times, then the turn ends and the person is told).
 *
 * Checks run in the session's shell, one at a time: the person's in the writable sandbox (as
 * the person without one), a repository's where the model's commands run now (read-only in ask
 * mode or headless without `--approve all`) and never without the sandbox (its `check_end`
 * says `skipped`). What they change is recorded as one checkpoint of the turn
 * (`tool: "check"`), so `/undo` takes it back with the edits.
 */
export function turnChecks(deps: TurnChecksDeps): Pick<LoopConfig, "afterCalls" | "beforeEnd"> {
  const { checks } = deps;
  if (checks.afterEdit.length === 0 && checks.beforeDone.length === 0) return {};
  const edited = new Set<string>();
  let rounds = 0;
  let count = 0;

  async function runAll(
    list: CheckCommand[],
    files: string[],
    phase: CheckPhase,
    signal: AbortSignal,
  ): Promise<Failure[]> {
    const failures: Failure[] = [];
    const sandboxed = deps.sandboxed();
    const theirs = deps.profile();
    const store = await deps.checkpoints().catch(() => undefined);
    const before = await store?.snapshot().catch(() => undefined);
    for (const { command, source } of list) {
      if (signal.aborted) break;
      const id = `check_${++count}`;
      const base = { id, phase, command, source };
      deps.emit({ type: "check_start", ...base });
      // The person's checks run in the writable sandbox (as the person without one); the
      // repository's exactly where the model's commands would, never outside the sandbox.
      const where = source === "config" ? (sandboxed ? "workspace-write" : "none") : theirs;
      if (source === "project" && (!sandboxed || where === "none")) {
        deps.emit({ type: "check_end", ...base, ...NOT_RUN, skipped: true });
        continue;
      }
      const ran = await runOne(command, files, phase, where, signal);
      const output = boundOutput(maskForModel(ran.output));
      const ok = ran.exitCode === 0 && ran.stopped === undefined;
      const summary = ok ? undefined : failureCount(ran.output);
      deps.emit({
        type: "check_end",
        ...base,
        ok,
        exit_code: ran.exitCode,
        duration_ms: Math.round(ran.durationMs),
        output: output.text,
        truncated: output.truncated || ran.truncated,
        ...(summary ? { summary } : {}),
      });
      deps.logger.log("check", { phase, source, ok, exit_code: ran.exitCode });
      if (!ok && !signal.aborted) {
        failures.push({
          command: expand(command, files),
          exitCode: ran.exitCode,
          output: output.text,
        });
      }
    }
    if (store && before) {
      await store.recordSince(before, { tool: "check" }).catch((error: unknown) => {
        deps.logger.log("check_checkpoint_failed", { message: String(error) });
      });
    }
    return failures;
  }

  async function runOne(
    command: string,
    files: string[],
    phase: CheckPhase,
    where: SandboxProfile,
    signal: AbortSignal,
  ): Promise<Pick<ShellResult, "output" | "exitCode" | "durationMs" | "truncated" | "stopped">> {
    const started = performance.now();
    const timeoutMs = phase === "after_edit" ? AFTER_EDIT_TIMEOUT_MS : BEFORE_DONE_TIMEOUT_MS;
    try {
      const shell = deps.shell(where);
      return await shell.run(inSubshell(deps.root, expand(command, files)), { timeoutMs, signal });
    } catch (error) {
      // No shell could start (the sandbox failed): the check did not run; the model hears so.
      const output = `The check could not start: ${(error as Error).message}`;
      return { output, exitCode: null, durationMs: performance.now() - started, truncated: false };
    }
  }

  return {
    async afterCalls(results, signal) {
      const changed = editedFiles(results);
      if (changed.length === 0) return;
      for (const file of changed) edited.add(file);
      if (checks.afterEdit.length === 0) return;
      const failures = await runAll(checks.afterEdit, changed, "after_edit", signal);
      if (failures.length === 0) return;
      const last = results.findLast((r) => editedFiles([r]).length > 0)!;
      last.content += `\n\n${AFTER_EDIT_INTRO}\n${failures.map(failureText).join("\n")}`;
    },
    async beforeEnd(signal) {
      if (edited.size === 0 || checks.beforeDone.length === 0) return undefined;
      const failures = await runAll(checks.beforeDone, [...edited], "before_done", signal);
      if (failures.length === 0 || signal.aborted) return undefined;
      if (rounds >= BEFORE_DONE_ROUNDS) {
        deps.stillFailing(failures.map((f) => f.command));
        return undefined;
      }
      rounds += 1;
      const intro = `${BEFORE_DONE_INTRO} (round ${rounds} of ${BEFORE_DONE_ROUNDS})`;
      return `${intro}:\n${failures.map(failureText).join("\n")}`;
    },
  };
}

const NOT_RUN = {
  ok: false,
  exit_code: null,
  duration_ms: 0,
  output: "Not run: this check comes from the repository's settings and the sandbox is off.",
  truncated: false,
};

const AFTER_EDIT_INTRO =
  "Checks configured for this repository ran after this step's edits; fix what they report:";
const BEFORE_DONE_INTRO =
  "Before the turn ends, the checks configured for this repository ran and failed; fix what they report, then finish";

const failureText = (f: Failure) =>
  `✗ \`${f.command}\` ${f.exitCode === null ? "was stopped" : `exited with ${f.exitCode}`}:\n${f.output}`;

/** The repository-relative paths a step's successful edit tools changed (`details.files`). */
export function editedFiles(results: readonly ToolResultMessage[]): string[] {
  const paths = new Set<string>();
  for (const result of results) {
    if (result.isError) continue;
    const files = (result.details as { files?: unknown } | undefined)?.files;
    if (!Array.isArray(files)) continue;
    for (const file of files) {
      const path = (file as { path?: unknown } | null)?.path;
      if (typeof path === "string" && path.length > 0) paths.add(path);
    }
  }
  return [...paths];
}

/**
 * `{files}` in `command` becomes the paths, each quoted for a POSIX shell; one starting with `-`
 * is written `./-…` so that no file name is taken for an option.
 */
export function expand(command: string, files: readonly string[]): string {
  if (!command.includes("{files}")) return command;
  const words = files.map((file) => quote(file.startsWith("-") ? `./${file}` : file)).join(" ");
  return command.replaceAll("{files}", words);
}

const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

/** In a subshell started at the root: the shell's own folder and variables stay the model's. */
const inSubshell = (root: string, command: string) =>
  `(\ncd -- ${quote(root)} || exit 1\n${command}\n)`;

/** The start and the end of `text` when it is long (failures are mostly at the end). */
export function boundOutput(text: string): { text: string; truncated: boolean } {
  if (text.length <= HEAD_CHARS + TAIL_CHARS) return { text, truncated: false };
  const cut = text.length - HEAD_CHARS - TAIL_CHARS;
  return {
    text: `${text.slice(0, HEAD_CHARS)}\n… (${cut} characters cut) …\n${text.slice(-TAIL_CHARS)}`,
    truncated: true,
  };
}

/** A count of failures said in a check's output (`2 failed`, `3 errors`), for its line. */
export function failureCount(output: string): string | undefined {
  const failed = /\b(\d+) (failed|failing)\b/i.exec(output);
  if (failed) return `${failed[1]} ${failed[2]!.toLowerCase()}`;
  const errors = /\b(\d+) (errors?|problems?)\b/i.exec(output);
  return errors ? `${errors[1]} ${errors[2]!.toLowerCase()}` : undefined;
}
