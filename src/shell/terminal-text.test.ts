import { describe, expect, it } from "vitest";
import { BoundedOutput } from "./output-buffer.js";
import { cleanTerminalText, TerminalTextCleaner } from "./terminal-text.js";

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
