/**
 * Turns one input event as Ink's parser splits stdin (a run of text, or one control or escape
 * sequence) into a key id such as `"ctrl+a"`, `"alt+left"`, `"shift+enter"` or `"text"`.
 * Pure: bindings (key-bindings.ts) decide what a key does.
 */
export interface KeyPress {
  /** `"text"` for printable input; otherwise modifiers (ctrl, alt, shift, in that order) + name. */
  id: string;
  /** The characters to insert, for `"text"`; line breaks inside it arrive as `\n`. */
  text?: string;
}

const ESC = "\x1b";

const CSI_NAMES: Record<string, string> = {
  A: "up",
  B: "down",
  C: "right",
  D: "left",
  H: "home",
  F: "end",
  "1~": "home",
  "7~": "home",
  "4~": "end",
  "8~": "end",
  "3~": "delete",
  "5~": "pageup",
  "6~": "pagedown",
  "200~": "paste-start",
  "201~": "paste-end",
  Z: "shift+tab",
};

/** xterm modifier parameter (1 + bits: shift 1, alt 2, ctrl 4) as an id prefix. */
function modifiers(param: number): string {
  const bits = Math.max(0, param - 1);
  return (bits & 4 ? "ctrl+" : "") + (bits & 2 ? "alt+" : "") + (bits & 1 ? "shift+" : "");
}

function decodeCsi(body: string): string {
  const direct = CSI_NAMES[body];
  if (direct) return direct;
  // CSI 13;2u (kitty / fixterms) and CSI 27;2;13~ (xterm modifyOtherKeys)
  let m = /^(\d+);(\d+)u$/.exec(body) ?? /^27;(\d+);(\d+)~$/.exec(body);
  if (m) {
    const [code, mod] = body.startsWith("27;")
      ? [Number(m[2]), Number(m[1])]
      : [Number(m[1]), Number(m[2])];
    const name =
      code === 13 ? "enter" : code === 27 ? "escape" : code === 127 ? "backspace" : undefined;
    return name ? modifiers(mod) + name : "unknown";
  }
  // CSI 1;5D (ctrl+left), CSI 3;3~ (alt+delete)
  m = /^(\d*);(\d+)([A-Za-z~])$/.exec(body);
  if (m) {
    const base = CSI_NAMES[m[3] === "~" ? `${m[1]}~` : m[3]!];
    return base ? modifiers(Number(m[2])) + base : "unknown";
  }
  return "unknown";
}

export function decodeKey(sequence: string): KeyPress {
  switch (sequence) {
    case "\r":
      return { id: "enter" };
    case "\n":
      return { id: "ctrl+j" };
    case "\t":
      return { id: "tab" };
    case "\x7f":
    case "\b":
      return { id: "backspace" };
    case ESC:
    case ESC + ESC:
      return { id: "escape" };
    case ESC + "\r":
      return { id: "alt+enter" };
    case ESC + "\x7f":
    case ESC + "\b":
      return { id: "alt+backspace" };
  }
  if (sequence.startsWith(ESC + "[")) return { id: decodeCsi(sequence.slice(2)) };
  if (sequence.startsWith(ESC + "O") && sequence.length === 3) {
    const name = CSI_NAMES[sequence[2]!];
    return { id: name ?? "unknown" };
  }
  if (sequence.startsWith(ESC + ESC + "[")) return { id: `alt+${decodeCsi(sequence.slice(3))}` };
  if (sequence.startsWith(ESC) && sequence.length === 2)
    return { id: `alt+${sequence[1]!.toLowerCase()}` };
  if (sequence.startsWith(ESC)) return { id: "unknown" };
  if (sequence.length === 1) {
    const code = sequence.charCodeAt(0);
    if (code >= 1 && code <= 26) return { id: `ctrl+${String.fromCharCode(code + 96)}` };
    if (code < 32) return { id: "unknown" };
  }
  // Text, possibly several characters at once (typed fast or pasted without brackets).
  return { id: "text", text: normalizeText(sequence) };
}

/**
 * Line breaks as `\n`, other control characters dropped; tabs are kept (a pasted Makefile or
 * TSV must reach the model as it was) and drawn as two spaces.
 */
export function normalizeText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/\x1b\[[0-9;?]*[A-Za-z~]/g, "")
    .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, "");
}

/** Text as drawn: a tab takes two cells. */
export const shownTabs = (text: string) => text.replace(/\t/g, "  ");
