import type { ThemeControl } from "../../../commands/index.js";
import { BACKGROUND_QUERY, paletteFor, parseBackgroundReply } from "./terminal-background.js";
import { onTerminalReply, terminalReplies } from "../keys/terminal-replies.js";
import type { ThemeChoice } from "../../../session/index.js";
import { setTheme, theme, type ThemeName } from "./theme.js";

/**
 * How long after the query a lone ESC is held back, in case it starts the terminal's reply. A
 * terminal that does not answer within it is taken as dark (a later answer still switches).
 */
const REPLY_WAIT_MS = 150;

export interface ThemeControlDeps {
  /** Colour is on (`colorWanted`): without it no palette is ever drawn and nothing is asked. */
  color: boolean;
  /** The config's `theme` (default `auto`). */
  choice: ThemeChoice;
  /** The terminal can be asked: stdin and stdout are a terminal, stdin in raw mode. */
  canAsk: boolean;
  write(data: string): void;
  /** The palette drawn changed: the live part is drawn again (scrollback is not). */
  changed(name: ThemeName): void;
  log?(event: string, fields: Record<string, unknown>): void;
}

/**
 * The interface's theme: the configured choice, the terminal's background once it answered
 * (OSC 11), and `/theme`. The first frame never waits for the terminal: it is drawn with the
 * chosen palette (dark for `auto`) and switches when the reply arrives.
 */
export function createThemeControl(deps: ThemeControlDeps) {
  let choice = deps.choice;
  let detected: ThemeName | undefined;
  let off: (() => void) | undefined;
  const palette = (): ThemeName => (choice === "auto" ? (detected ?? "dark") : choice);
  const apply = () => {
    if (!deps.color || theme().name === palette()) return;
    setTheme(true, palette());
    deps.changed(palette());
  };
  const ask = () => {
    if (!deps.color || !deps.canAsk) return;
    off ??= onTerminalReply((payload) => {
      const background = parseBackgroundReply(payload);
      if (!background) return;
      detected = paletteFor(background);
      deps.log?.("theme_background", { ...background, palette: detected });
      if (choice === "auto") apply();
    });
    deps.write(BACKGROUND_QUERY);
    terminalReplies.expect(REPLY_WAIT_MS);
  };
  const current = () => ({ choice, palette: deps.color ? palette() : undefined });
  const control: ThemeControl = {
    current,
    set(next) {
      choice = next;
      apply();
      if (choice === "auto" && detected === undefined) ask();
      return current();
    },
  };
  return {
    control,
    /**
     * Before the first frame, stdin in raw mode: the palette (told to `changed`, so the live
     * part starts with it), and the query for `auto`.
     */
    start() {
      setTheme(deps.color, palette());
      deps.changed(theme().name);
      if (choice === "auto") ask();
    },
    dispose() {
      off?.();
      off = undefined;
      terminalReplies.dispose();
    },
  };
}
