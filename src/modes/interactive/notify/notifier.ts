import { childProcess } from "../../../platform/lazy-builtins.js";
import type { SessionEvent } from "../../../session/index.js";
import { t } from "../../../i18n/index.js";

/** Focus reporting on (the terminal then sends `ESC [ I` / `ESC [ O`) and off. */
export const FOCUS_ON = "\x1b[?1004h";
export const FOCUS_OFF = "\x1b[?1004l";

/** Notifications as the global config sets them (`notify`). */
export interface NotifySettings {
  enabled?: boolean | undefined;
  afterSeconds?: number | undefined;
  command?: string | undefined;
}

/** A turn at least this long notifies when it ends, when the config does not say. */
export const DEFAULT_AFTER_SECONDS = 30;

/** Control characters that would end or break an OSC string. */
const UNSAFE = /[\x00-\x1f\x7f-\x9f;]/g;

/**
 * The bytes that make the terminal notify: the bell, then a desktop notification. OSC 777
 * (`notify;title;body`) for the terminals that take that form and not OSC 9 — foot and
 * rxvt-unicode (its notify extension); OSC 9 (`9;text`, iTerm2's) for the rest: iTerm2, WezTerm,
 * Ghostty, kitty, Windows Terminal and others take it, and a terminal that knows neither ignores
 * an OSC it does not know. The text is cut to one short line without controls or `;` (ConEmu's
 * `9;N;…` commands start with a number and a `;`).
 */
export function notificationBytes(env: Record<string, string | undefined>, text: string): string {
  const clean = text.replace(UNSAFE, " ").slice(0, 200);
  const term = env.TERM ?? "";
  const osc777 = /^(foot|rxvt)/.test(term) || env.TERM_PROGRAM === "foot";
  return osc777 ? `\x07\x1b]777;notify;North;${clean}\x07` : `\x07\x1b]9;${clean}\x07`;
}

export interface Notifier {
  /** Looks at each session event: a long turn's end, a review or question waiting. */
  observe(event: SessionEvent): void;
  /** The terminal's focus, from its focus reports (unknown until the first: taken as focused). */
  setFocused(focused: boolean): void;
  /** `/notify on|off`: for the rest of this session (the command saves it too). */
  setEnabled(on: boolean): void;
  readonly enabled: boolean;
}

/**
 * Tells the person, away from the screen, that North waits for them: when a turn that took at
 * least `afterSeconds` ends, and when a review or a question waits while the terminal is not
 * focused. By the terminal's bell and OSC 9/777 (written straight to the terminal: they move no
 * cursor and draw nothing, so Ink's frame is untouched), or by the person's `command` instead
 * (their global config's, run as they would run it, never from a repository's settings; the
 * text in `$1` and `NORTH_NOTIFICATION`). Only the TUI makes one: headless runs never notify.
 */
export function createNotifier(deps: {
  settings: NotifySettings | undefined;
  env: Record<string, string | undefined>;
  write: (bytes: string) => void;
  now?: () => number;
  log?: (event: string, fields: Record<string, unknown>) => void;
}): Notifier {
  const now = deps.now ?? Date.now;
  const afterMs = (deps.settings?.afterSeconds ?? DEFAULT_AFTER_SECONDS) * 1000;
  let enabled = deps.settings?.enabled !== false;
  let focused = true;
  let started: number | undefined;
  const send = (text: string) => {
    if (!enabled) return;
    const command = deps.settings?.command;
    deps.log?.("notify", { command: command !== undefined, chars: text.length });
    if (!command) return deps.write(notificationBytes(deps.env, text));
    try {
      const child = childProcess().spawn("/bin/sh", ["-c", command, "sh", text], {
        detached: true,
        stdio: "ignore",
        env: { ...deps.env, NORTH_NOTIFICATION: text } as NodeJS.ProcessEnv,
      });
      child.on("error", () => undefined);
      child.unref();
    } catch {
      // A command that cannot start is no reason to stop North; the log has the attempt.
    }
  };
  return {
    observe(event) {
      const inner = event.type === "subagent" ? event.event : event;
      if (event.type === "turn_start") started = now();
      else if (event.type === "turn_end" && started !== undefined) {
        const took = now() - started;
        started = undefined;
        if (took >= afterMs)
          send(t("notify.turnDone", { seconds: String(Math.round(took / 1000)) }));
      } else if (inner.type === "approval_request" && !focused) {
        send(
          inner.review.type === "question"
            ? t("notify.question")
            : t("notify.review", { name: inner.name }),
        );
      }
    },
    setFocused(on) {
      focused = on;
    },
    setEnabled(on) {
      enabled = on;
    },
    get enabled() {
      return enabled;
    },
  };
}
