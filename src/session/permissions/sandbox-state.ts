import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { detectSandbox, type SandboxMemory, type SandboxStatus } from "../../shell/index.js";
import { t } from "../../i18n/index.js";
import { cacheDir } from "../config/paths.js";
import { writePrivateFile } from "../config/private-file.js";

/**
 * The session's probe: a success is remembered in North's cache folder
 * (`$XDG_CACHE_HOME/north/sandbox.json`), so a run on a machine where bwrap worked before starts
 * no process before its first request.
 */
export function sandboxProbe(
  env: Record<string, string | undefined>,
): () => Promise<SandboxStatus> {
  return () => detectSandbox({ remember: fileMemory(join(cacheDir(env), "sandbox.json")) });
}

/** A `SandboxMemory` in one of North's private files. Never throws. */
export function fileMemory(file: string): SandboxMemory {
  return {
    read() {
      try {
        return readFileSync(file, "utf8");
      } catch {
        return undefined;
      }
    },
    write: (text) => writePrivateFile(file, text),
    forget() {
      try {
        rmSync(file, { force: true });
      } catch {
        // Not ours to remove: the fingerprint still guards what it says.
      }
    },
  };
}

/** Whether commands run in the OS sandbox, for `/sandbox` and the status line. */
export interface SandboxView {
  /** "on": sandboxed; "off": turned off by the person; "unavailable": cannot be used here. */
  state: "on" | "off" | "unavailable";
  /** Why it is off or unavailable. */
  reason?: string;
  /** For "unavailable": how to install or enable it. */
  hint?: string;
}

/**
 * The session's sandbox switch: the person's wish (`--sandbox on|off`, `/sandbox on|off`) and
 * what the probe found (`detectSandbox`, started at construction, cheap and cached per process).
 * Commands are sandboxed only when both say yes; until the probe answers, they are not.
 */
export class SandboxSwitch {
  private status: SandboxStatus | undefined;
  private readonly probe: Promise<void>;
  private offBy: "flag" | "command" | undefined;

  constructor(wanted: "on" | "off", detect: () => Promise<SandboxStatus> = detectSandbox) {
    this.offBy = wanted === "off" ? "flag" : undefined;
    this.probe = detect().then((status) => void (this.status = status));
  }

  /** Resolves once the probe has answered (never rejects). */
  ready(): Promise<void> {
    return this.probe;
  }

  /** Whether commands run sandboxed now. */
  get sandboxed(): boolean {
    return this.offBy === undefined && this.status?.available === true;
  }

  get view(): SandboxView {
    if (this.offBy === "flag") return { state: "off", reason: "started with --sandbox off" };
    if (this.offBy === "command") return { state: "off", reason: "turned off with /sandbox off" };
    if (this.status && !this.status.available) {
      return { state: "unavailable", reason: this.status.reason, hint: this.status.hint };
    }
    return { state: "on" };
  }

  /** Turns the sandbox on or off for the rest of the session (on: only where available). */
  set(on: boolean): void {
    this.offBy = on ? undefined : "command";
  }

  /**
   * The line said once when the sandbox was wanted but cannot be used: why, how to get it, and
   * that every command is asked for instead. Undefined otherwise.
   */
  notice(): string | undefined {
    if (this.offBy !== undefined || !this.status || this.status.available) return undefined;
    return t("session.noSandbox", { reason: this.status.reason, hint: this.status.hint });
  }
}
