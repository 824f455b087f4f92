import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { childProcess } from "../../../platform/lazy-builtins.js";
import { ALT_SCREEN_OFF, ALT_SCREEN_ON } from "../browse/frame.js";
import type { OutputGate } from "../browse/output-gate.js";

/** Bracketed paste off while the editor runs, on again after (start.ts turns it on). */
const PASTE_ON = "\x1b[?2004h";
const PASTE_OFF = "\x1b[?2004l";

export type EditorOutcome =
  { edited: true; text: string } | { edited: false; reason: "failed"; detail: string };

export interface ExternalEditor {
  /**
   * Opens `text` in the person's editor (`$VISUAL`, else `$EDITOR`, else `vi`) and returns the
   * file's text once it exits — one trailing newline trimmed — or why not (it could not start,
   * or exited with a non-zero status: the caller keeps the composer as it was).
   */
  edit(text: string): EditorOutcome;
}

export interface ExternalEditorDeps {
  out: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  /** Ink's writes are held while the editor owns the terminal (as for browse mode). */
  gate: OutputGate;
  env: Record<string, string | undefined>;
  /** Written after the editor, before the paste mode comes back (focus reporting, if on). */
  restore?: () => string;
  /** Written before the editor (focus reporting off, if on). */
  suspend?: () => string;
}

/**
 * Ctrl+G: the composer's text in the person's editor. The editor is theirs (an environment
 * variable of the person, never the repository's) and runs as they would run it: through
 * `/bin/sh -c 'EDITOR "$1"'` (so `code --wait` works), on a file in a private folder
 * (0700, the file 0600) removed afterwards. The terminal is handed over whole: Ink's writes are
 * held, the alternate screen shows (the frame on the normal screen stays as it was), raw mode
 * and bracketed paste are off; the editor runs synchronously, so nothing of North reads the
 * keyboard or draws meanwhile (a running turn's stream waits), and Ctrl+C reaches the editor
 * alone. Everything is restored in reverse order, also when the editor cannot start.
 */
export function createExternalEditor(deps: ExternalEditorDeps): ExternalEditor {
  return {
    edit(text) {
      const dir = mkdtempSync(join(tmpdir(), "north-edit-"));
      const file = join(dir, "message.md");
      const editor = deps.env.VISUAL || deps.env.EDITOR || "vi";
      const ignore = () => undefined;
      writeFileSync(file, text, { mode: 0o600 });
      deps.gate.hold();
      deps.out.write(`${deps.suspend?.() ?? ""}${PASTE_OFF}${ALT_SCREEN_ON}`);
      deps.stdin.setRawMode?.(false);
      // Ctrl+C typed to an editor that leaves the terminal cooked signals North's group too.
      process.on("SIGINT", ignore);
      try {
        const run = childProcess().spawnSync("/bin/sh", ["-c", `${editor} "$1"`, "sh", file], {
          stdio: "inherit",
          env: deps.env as NodeJS.ProcessEnv,
        });
        if (run.error) return { edited: false, reason: "failed", detail: run.error.message };
        if (run.status !== 0) {
          const detail = run.signal ? `signal ${run.signal}` : `exit status ${run.status}`;
          return { edited: false, reason: "failed", detail: `${editor}: ${detail}` };
        }
        return { edited: true, text: readFileSync(file, "utf8").replace(/\r?\n$/, "") };
      } catch (error) {
        return { edited: false, reason: "failed", detail: (error as Error).message };
      } finally {
        process.off("SIGINT", ignore);
        deps.stdin.setRawMode?.(true);
        deps.out.write(`${ALT_SCREEN_OFF}${PASTE_ON}${deps.restore?.() ?? ""}`);
        deps.gate.release();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
