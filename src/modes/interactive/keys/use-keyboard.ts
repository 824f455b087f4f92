import { useStdin } from "ink";
import { useEffect, useRef } from "react";
import { decodeKey, normalizeText, type KeyPress } from "./keys.js";
import { keyRest } from "./key-rest.js";
import { terminalReplies } from "./terminal-replies.js";

export interface KeyboardHandlers {
  onKey(key: KeyPress): void;
  /** A bracketed paste, whole: it is inserted, never sent, whatever newlines it holds. */
  onPaste(text: string): void;
}

/** Control characters that are keys of their own (ESC, CR and LF are handled apart). */
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f\t]/;
const CONTROL_SPLIT = /([\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f\t])/;

/**
 * Reads the keyboard through Ink's input events (one per key or text run) and decodes them
 * (keys.ts). Everything between the bracketed-paste markers `ESC[200~` … `ESC[201~` is
 * collected and handed over as one paste. Handlers are read through a ref, so they may change
 * on every render without re-subscribing.
 */
export function useKeyboard(handlers: KeyboardHandlers): void {
  const { internal_eventEmitter: events, setRawMode, isRawModeSupported } = useStdin();
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!isRawModeSupported) return;
    setRawMode(true);
    let paste: string | undefined;
    const handle = (sequence: string) => {
      if (paste !== undefined) {
        const end = sequence.indexOf("\x1b[201~");
        if (end === -1) {
          paste += sequence;
          return;
        }
        const text = paste + sequence.slice(0, end);
        paste = undefined;
        latest.current.onPaste(normalizeText(text));
        return;
      }
      // Typed-ahead text and Enter can arrive in one read: a single trailing CR is Enter. Control
      // keys typed quickly (Tab, Backspace, Ctrl+U…) arrive in one run with the text around
      // them: each is a key (Tab completes a menu item, or cycles the mode).
      // Enter with the next keys typed right after it in the same read ("/new⏎/undo"): one
      // Enter, then the rest (a paste, which holds several line breaks, comes bracketed).
      const cr = sequence.indexOf("\r");
      if (
        cr !== -1 &&
        cr < sequence.length - 1 &&
        sequence.indexOf("\r", cr + 1) === -1 &&
        !/[\n\x1b]/.test(sequence)
      ) {
        handle(sequence.slice(0, cr + 1));
        handle(sequence.slice(cr + 1));
        return;
      }
      const enter = sequence.length > 1 && sequence.endsWith("\r");
      const body = enter ? sequence.slice(0, -1) : sequence;
      const mixed = body.length > 1 && CONTROL.test(body);
      if ((enter || mixed) && !/[\r\n\x1b]/.test(body)) {
        for (const part of body.split(CONTROL_SPLIT))
          if (part) latest.current.onKey(decodeKey(part));
        if (enter) latest.current.onKey({ id: "enter" });
        return;
      }
      const key = decodeKey(sequence);
      if (key.id === "paste-start") paste = "";
      else if (key.id !== "paste-end" && key.id !== "unknown") latest.current.onKey(key);
    };
    // The terminal's replies (its background colour, theme.ts) never reach the keys; input held
    // back while a reply was awaited comes back here.
    const onInput = (input: string) => {
      keyRest.noteKeys();
      if (paste !== undefined) return handle(input);
      for (const sequence of terminalReplies.push(input)) handle(sequence);
    };
    terminalReplies.onRelease = (held) => held.forEach(handle);
    events.on("input", onInput);
    return () => {
      terminalReplies.onRelease = () => undefined;
      events.off("input", onInput);
      setRawMode(false);
    };
  }, [events, setRawMode, isRawModeSupported]);
}
