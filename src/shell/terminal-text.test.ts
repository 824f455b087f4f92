import { describe, expect, it } from "vitest";
import { BoundedOutput } from "./output-buffer.js";
import { cleanDisplayText, cleanTerminalText, TerminalTextCleaner } from "./terminal-text.js";

/** Cleans and applies line rewrites, as the model would see it. */
function plain(...chunks: string[]): string {
  const cleaner = new TerminalTextCleaner();
  const out = new BoundedOutput();
  for (const chunk of chunks) out.push(cleaner.push(chunk));
  out.push(cleaner.flush());
  return out.finish().text;
}

describe("TerminalTextCleaner", () => {
  it("passes plain text through untouched", () => {
    expect(cleanTerminalText("a\tb\nc")).toBe("a\tb\nc");
  });

  it("removes CSI, OSC, DCS and charset sequences", () => {
    expect(cleanTerminalText("\x1b[1;31mred\x1b[0m \x1b[2K\x1b[?25lx")).toBe("red x");
    expect(cleanTerminalText("\x1b]0;title\x07a\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\")).toBe(
      "alink",
    );
    expect(cleanTerminalText("\x1bP1$r0m\x1b\\b\x1b(Bc\x1b=d\x9b32me")).toBe("bcde");
  });

  it("removes a sequence split across chunks", () => {
    expect(plain("ok \x1b", "[3", "2mgreen\x1b]0;ti", "tle\x07!")).toBe("ok green!");
  });

  it("turns CR LF into LF, also across chunks, and keeps a lone CR for the consumer", () => {
    expect(cleanTerminalText("a\r\nb\r\r\nc")).toBe("a\nb\nc");
    expect(plain("a\r", "\nb")).toBe("a\nb");
    expect(cleanTerminalText("10%\r20%")).toBe("10%\r20%");
  });

  it("drops other control characters and ends a broken sequence at a newline", () => {
    expect(cleanTerminalText("a\x07b\x00c\x0fd")).toBe("abcd");
    expect(cleanTerminalText("x\x1b[12\ny")).toBe("x\ny");
    expect(cleanTerminalText("x\x1b]unterminated title\ny")).toBe("x\ny");
  });
});

describe("line rewrites", () => {
  it("keeps only the last version of a line rewritten with CR", () => {
    expect(plain("Downloading 10%\rDownloading 55%\rDownloading 100%\ndone")).toBe(
      "Downloading 100%\ndone",
    );
    expect(plain("\x1b[2K\r[###   ]", "\x1b[2K\r[######]\n")).toBe("[######]");
  });

  it("keeps a line whose CR is never followed by new text", () => {
    expect(plain("finished\r")).toBe("finished");
  });

  it("applies backspaces", () => {
    expect(plain("abc\b\bX\n")).toBe("aX");
  });
});

describe("cleanDisplayText", () => {
  it("returns text without control characters as it is (the same string)", () => {
    const text = "plain\ttext\nwith “quotes” and 中文";
    expect(cleanDisplayText(text)).toBe(text);
  });

  it("shows escape sequences as text: no title, clipboard, hyperlink, erase or cursor move acts", () => {
    const attacks = [
      "hi \x1b]0;MODEL-TITLE\x07 there \x1b[2J",
      "\x1b]52;c;Y3VybCBldmlsIHwgc2g=\x07",
      "\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\",
      "echo ok\x1b[2K\r\x1b[1A\x1b[H\x1b7\x1b8\x9b2J\x9d0;t\x9c",
      "\x00\x01\x07\x08\x0b\x0c\x0e\x1f\x7f\x80\x9f",
    ];
    for (const attack of attacks) {
      const shown = cleanDisplayText(attack);
      expect(shown).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
      // Idempotent: cleaning twice changes nothing more.
      expect(cleanDisplayText(shown)).toBe(shown);
    }
    expect(cleanDisplayText("hi \x1b]0;T\x07 \x1b[2J")).toBe("hi ␛]0;T␇ ␛[2J");
    expect(cleanDisplayText("a\x08b\x7fc\x9bd")).toBe("a␈b␡c\ufffdd");
  });

  it("shows bidirectional overrides and isolates by their code point: nothing reads reordered", () => {
    // "rm -rf ~ #" hidden behind a right-to-left override that shows it reversed.
    const attack = "echo safe \u202e# ~ fr- mr\u202c; \u2066x\u2069";
    const shown = cleanDisplayText(attack);
    expect(shown).toBe("echo safe <U+202E># ~ fr- mr<U+202C>; <U+2066>x<U+2069>");
    expect(cleanDisplayText(shown)).toBe(shown);
    expect(cleanDisplayText("עברית and العربية")).toBe("עברית and العربية");
  });

  it("drops CR: CR LF reads as LF, a lone CR cannot rewrite a line", () => {
    expect(cleanDisplayText("one\r\ntwo\rthree")).toBe("one\ntwothree");
  });
});
