/**
 * The OSC 52 sequence that asks the terminal to put `text` on the system clipboard: it works
 * over SSH and in most terminals (tmux passes it on with `set-clipboard on`); nothing is drawn.
 */
export function osc52(text: string): string {
  return `\u001b]52;c;${Buffer.from(text, "utf8").toString("base64")}\u0007`;
}
