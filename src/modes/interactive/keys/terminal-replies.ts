const ESC = "\x1b";
const BEL = "\x07";

/** A reply longer than this is not one: the filter gives up on it. */
const MAX_PAYLOAD = 1024;

/**
 * What an OSC reply's payload looks like so far: a number, then `;` and printable text. Anything
 * else after `ESC ]` (Alt+] followed by typing) is keys, handed back.
 */
const PLAUSIBLE = /^\d*(;[^\x00-\x1f\x7f]*)?$/;

/**
 * Takes the terminal's replies to our queries — OSC sequences `ESC ] payload` ended by BEL or ST
 * (`ESC \`) — out of the keyboard input, so that none of it is ever typed into the composer.
 *
 * Input comes as Ink's parser splits stdin: `ESC ]` is an event of its own, the payload arrives
 * as text events (split anywhere, when the reply is cut across reads), BEL inside a text event,
 * ST as the event `ESC \`, or as a lone `ESC` then `\` when a read ends between them. Whole
 * reads with replies inside (keys before and after them) are taken apart as well. While a
 * query waits for its reply ({@link expect}) a lone `ESC` is held back until the next event
 * shows whether it starts a reply (`]…`) or was the Escape key; the wait's end hands it on.
 */
export class ReplyFilter {
  /** The payload being collected, while inside a reply. */
  private payload: string | undefined;
  /** A lone ESC ended a reply: a `\` right after it is the rest of ST. */
  private afterEnd = false;
  /** A lone ESC held back while a reply is expected. */
  private held = false;
  private waits = 0;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  /**
   * `onReply` gets each complete payload (`11;rgb:…`); `onRelease` gets input held back that
   * turned out to be keys, once the wait is over (set by the keyboard reader).
   */
  constructor(
    private readonly onReply: (payload: string) => void,
    public onRelease: (events: string[]) => void = () => undefined,
  ) {}

  /** A query was sent: replies may start with a lone ESC until `timeoutMs` have passed. */
  expect(timeoutMs: number): void {
    this.waits++;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.waits--;
      if (this.waits === 0 && this.held) {
        this.held = false;
        this.onRelease([ESC]);
      }
    }, timeoutMs);
    timer.unref?.();
    this.timers.add(timer);
  }

  /** Stops waiting (the interface closes): nothing is held any more. */
  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.waits = 0;
    this.held = false;
  }

  /** One input event in; the events that are keys out (none while inside a reply). */
  push(event: string): string[] {
    const keys: string[] = [];
    let rest = event;
    if (this.afterEnd) {
      this.afterEnd = false;
      if (rest.startsWith("\\")) rest = rest.slice(1);
    }
    if (this.held) {
      this.held = false;
      if (rest.startsWith("]")) {
        this.payload = "";
        rest = rest.slice(1);
      } else keys.push(ESC);
    }
    while (rest) {
      if (this.payload === undefined) {
        if (rest === ESC && this.waits > 0) {
          this.held = true;
          break;
        }
        const begin = rest.indexOf(`${ESC}]`);
        if (begin === -1) {
          keys.push(rest);
          break;
        }
        if (begin > 0) keys.push(rest.slice(0, begin));
        this.payload = "";
        rest = rest.slice(begin + 2);
        continue;
      }
      // Inside a reply: its text up to the terminator.
      const end = rest.search(/[\x07\x1b]/);
      const payload: string = this.payload + (end === -1 ? rest : rest.slice(0, end));
      if (!PLAUSIBLE.test(payload) || payload.length > MAX_PAYLOAD) {
        // Alt+] and then keys: they go on as typed.
        this.payload = undefined;
        if (payload.length <= MAX_PAYLOAD) keys.push(`${ESC}]`, ...(payload ? [payload] : []));
        rest = end === -1 ? "" : rest.slice(end);
        continue;
      }
      this.payload = payload;
      if (end === -1) break;
      if (rest[end] === BEL) {
        this.finish();
        rest = rest.slice(end + 1);
      } else if (end === rest.length - 1) {
        // ST cut after its ESC: a `\` may start the next event.
        this.finish();
        this.afterEnd = true;
        break;
      } else if (rest[end + 1] === "\\") {
        this.finish();
        rest = rest.slice(end + 2);
      } else {
        // Another sequence before the terminator: not a reply after all.
        this.payload = undefined;
        rest = rest.slice(end);
      }
    }
    return keys.flatMap((key) => this.takeFocus(key));
  }

  /**
   * Focus reports (`ESC [ I` gained, `ESC [ O` lost; sent once focus reporting is on, CSI
   * ?1004h) are taken out of a key event and told to `onFocus`; the rest stays keys.
   */
  private takeFocus(key: string): string[] {
    if (!key.includes(`${ESC}[`)) return [key];
    const parts = key.split(/(\x1b\[[IO])/);
    const out: string[] = [];
    for (const part of parts) {
      if (part === `${ESC}[I` || part === `${ESC}[O`) this.onFocus(part === `${ESC}[I`);
      else if (part) out.push(part);
    }
    return out;
  }

  /** Told whether the terminal has the focus, on each focus report. */
  onFocus: (focused: boolean) => void = () => undefined;

  private finish(): void {
    const payload = this.payload ?? "";
    this.payload = undefined;
    this.onReply(payload);
  }
}

const listeners = new Set<(payload: string) => void>();

/**
 * The interface's one filter: the keyboard reader (use-keyboard.ts) pushes every input event
 * through it, and whoever sent a query listens with {@link onTerminalReply}.
 */
export const terminalReplies = new ReplyFilter((payload) => {
  for (const listener of listeners) listener(payload);
});

/** Calls `listener` with each reply's payload; returns the unsubscribe. */
export function onTerminalReply(listener: (payload: string) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
