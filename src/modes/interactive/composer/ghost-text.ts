import { useEffect, useMemo, useState } from "react";
import type { EditorState } from "./editor.js";

// Ghost-text suggestions in the composer: the interface only waits for a pause in the typing,
// shows the session's suggestion in grey after the cursor, and inserts it on Tab. What is asked
// and how (prompt, cache, cancellation, usage) is the session's (`Session.suggestions`).

/** A suggestion is asked for once the person has not pressed a key for this long. */
export const SUGGEST_DELAY_MS = 400;

/** Fewer characters than this get no suggestion. */
const MIN_CHARS = 3;

/**
 * Whether the composer's text may get a suggestion: normal text of at least 3 characters with
 * the cursor at the end of its last line, which is not blank — not a `/` command or a `!` shell command, no `@` mention being typed,
 * not an entry recalled from the input history.
 */
export function wantsSuggestion(editor: EditorState, browsingHistory: boolean): boolean {
  const { text, cursor } = editor;
  if (browsingHistory || cursor !== text.length) return false;
  const start = text.trimStart();
  if (start.length < MIN_CHARS || start.startsWith("/") || start.startsWith("!")) return false;
  const line = text.slice(text.lastIndexOf("\n") + 1);
  return line.trim() !== "" && !/(^|\s)@\S*$/.test(text);
}

/** What the controller needs: the session's `suggestions.complete`, and where to show one. */
export interface GhostDeps {
  suggest(text: string, signal: AbortSignal): Promise<string | undefined>;
  show(ghost: string | undefined): void;
  delayMs?: number;
}

/**
 * The debounce and the suggestion showing. Every change of the composer calls {@link edited}:
 * the suggestion disappears, the pending timer and request are dropped, and when the text is
 * eligible a request starts after {@link SUGGEST_DELAY_MS} without a key. Every key calls
 * {@link take} first, which hides the suggestion and hands it over (Tab inserts it).
 */
export class GhostText {
  private timer: NodeJS.Timeout | undefined;
  private request: AbortController | undefined;
  private shown: string | undefined;

  constructor(private readonly deps: GhostDeps) {}

  /** The suggestion showing now, if any. */
  get current(): string | undefined {
    return this.shown;
  }

  edited(text: string, eligible: boolean): void {
    this.reset();
    if (!eligible) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const request = new AbortController();
      this.request = request;
      void this.deps.suggest(text, request.signal).then(
        (ghost) => {
          if (this.request !== request || request.signal.aborted) return;
          this.request = undefined;
          if (!ghost) return;
          this.shown = ghost;
          this.deps.show(ghost);
        },
        () => undefined,
      );
    }, this.deps.delayMs ?? SUGGEST_DELAY_MS);
  }

  /** A key was pressed: returns the suggestion that was showing, now hidden. */
  take(): string | undefined {
    const ghost = this.shown;
    this.reset();
    return ghost;
  }

  dispose(): void {
    this.reset();
  }

  private reset(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.request?.abort();
    this.request = undefined;
    if (this.shown !== undefined) {
      this.shown = undefined;
      this.deps.show(undefined);
    }
  }
}

/**
 * The App's suggestions: without `suggest` (no suggestion model configured) nothing is made —
 * no controller, no timer. `ghost` is the text to draw after the cursor.
 */
export function useGhostText(suggest: GhostDeps["suggest"] | undefined): {
  ghost: string | undefined;
  control: GhostText | undefined;
} {
  const [ghost, setGhost] = useState<string | undefined>(undefined);
  const control = useMemo(
    () => (suggest ? new GhostText({ suggest, show: setGhost }) : undefined),
    [suggest],
  );
  useEffect(() => () => control?.dispose(), [control]);
  return { ghost, control };
}
