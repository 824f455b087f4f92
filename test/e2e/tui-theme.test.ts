// Themes end to end: the terminal's answer to the OSC 11 query picks the light palette (and
// never reaches the composer), `/theme` switches at once and is saved, NO_COLOR wins.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { send, useTui } from "../support/tui-fixture.js";

const tui = useTui();

/** Truecolor foreground escape for `#rrggbb` (COLORTERM=truecolor makes Ink's chalk use them). */
const fg = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `\x1b[38;2;${r};${g};${b}m`;
};
/** The light palette's accent (the prompt mark) and agent-mode badge (theme.ts). */
const LIGHT_ACCENT = fg("#0969da");
const LIGHT_MODE = fg("#8250df");
/** The dark palette's accent: ANSI cyan. */
const DARK_ACCENT = "\x1b[36m";
const WHITE = "rgb:ffff/ffff/ffff";
/** Any foreground or background colour escape. */
const COLOUR = /\x1b\[(?:[0-9;]*;)?(?:3[0-9]|4[0-9]|9[0-7]|10[0-7])(?:;[0-9;]*)?m/;

describe("themes", () => {
  test("a white background answered to OSC 11 switches to the light palette, no stray keys", async () => {
    const { term } = await tui.open([], [], { env: { COLORTERM: "truecolor" }, background: WHITE });
    await term.waitFor(() => term.raw.includes(LIGHT_ACCENT));
    expect(term.backgroundQueries).toBe(1);
    expect(term.raw).toContain(LIGHT_MODE);
    term.type("hello");
    await term.waitFor("> hello");
    expect(term.screen()).not.toMatch(/rgb|11;|ffff/);
  });

  test("a reply ended by ST and a black background keep the dark palette", async () => {
    const { term } = await tui.open([], [], {
      env: { COLORTERM: "truecolor" },
      background: "rgb:0000/0000/0000",
      backgroundEnd: "st",
    });
    await term.waitFor(() => term.backgroundQueries === 1);
    term.type("hi");
    await term.waitFor("> hi");
    expect(term.screen()).not.toMatch(/rgb|11;|\\/);
    expect(term.raw).toContain(DARK_ACCENT);
    expect(term.raw).not.toContain(LIGHT_ACCENT);
  });

  test("a late reply, written in two pieces after typing began, still switches; only the typing shows", async () => {
    const { term } = await tui.open([], [], { env: { COLORTERM: "truecolor" } });
    await term.waitFor(() => term.backgroundQueries === 1);
    term.type("ab");
    await term.waitFor("> ab");
    term.write("\x1b]11;rgb:ffff/ff");
    term.write("ff/ffff\x07");
    term.type("c");
    await term.waitFor("> abc");
    await term.waitFor(() => term.raw.includes(LIGHT_ACCENT));
    expect(term.screen()).not.toMatch(/rgb|11;|ffff/);
  });

  test("/theme dark switches at once and is saved in the global config", async () => {
    const { term, env } = await tui.open([], [], {
      env: { COLORTERM: "truecolor" },
      background: WHITE,
    });
    await term.waitFor(() => term.raw.includes(LIGHT_ACCENT));
    const before = term.raw.length;
    await send(term, "/theme dark");
    await term.waitFor("Theme: dark.");
    await term.waitFor(() => term.raw.slice(before).includes(DARK_ACCENT));
    const config = JSON.parse(
      readFileSync(join(env.XDG_CONFIG_HOME!, "north", "config.json"), "utf8"),
    ) as { theme?: string };
    expect(config.theme).toBe("dark");
    // Drawn dark from now on: the next frames carry no light colour.
    const after = term.raw.length;
    term.type("x");
    await term.waitFor("> x");
    expect(term.raw.slice(after)).not.toContain(LIGHT_ACCENT);
  });

  test("the /theme menu offers the three choices; Enter on one applies it", async () => {
    const { term } = await tui.open([], [], { env: { COLORTERM: "truecolor" } });
    term.type("/theme ");
    await term.waitFor("follow the terminal's background");
    expect(term.screen()).toContain("for a light background");
    term.type("li");
    await term.waitFor((s) => !s.includes("for a dark background"));
    const before = term.raw.length;
    term.press("enter");
    await term.waitFor("Theme: light.");
    await term.waitFor(() => term.raw.slice(before).includes(LIGHT_ACCENT));
  });

  test('config "theme": "light" draws light from the start without asking the terminal', async () => {
    const { term } = await tui.open([], [], {
      config: { theme: "light" },
      env: { COLORTERM: "truecolor" },
    });
    await term.waitFor(() => term.raw.includes(LIGHT_ACCENT));
    expect(term.raw).not.toContain(DARK_ACCENT);
    expect(term.backgroundQueries).toBe(0);
  });

  test("NO_COLOR: no colour at all, even with a light reply; the reply is never typed", async () => {
    const { term } = await tui.open([], [], {
      env: { COLORTERM: "truecolor", NO_COLOR: "1" },
      background: WHITE,
    });
    // A reply nobody asked for (NO_COLOR asks nothing) is still taken out of the keys.
    term.write(`\x1b]11;${WHITE}\x07`);
    term.type("plain");
    await term.waitFor("> plain");
    expect(term.screen()).not.toMatch(/rgb|11;/);
    expect(term.backgroundQueries).toBe(0);
    expect(term.raw).not.toMatch(COLOUR);
  });
});
