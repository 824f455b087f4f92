import { describe, expect, it } from "vitest";
import { FrameReader } from "./framing.js";

const NONCE = "00112233aabbccdd";
const marker = (status: number, cwd: string, nonce = NONCE) =>
  `\x1eNORTH:${nonce}:${status}:${cwd}:${nonce}\x1e`;

function read(chunks: string[], begin = false) {
  let text = "";
  const reader = new FrameReader(NONCE, (t) => (text += t), begin ? { begin: NONCE } : {});
  let frame;
  for (const chunk of chunks) frame ??= reader.push(chunk);
  return { text, frame };
}

describe("FrameReader", () => {
  it("ends a command at its marker, with status and cwd", () => {
    expect(read([`hello\r\n${marker(3, "/repo")}`])).toEqual({
      text: "hello\r\n",
      frame: { status: 3, cwd: "/repo" },
    });
  });

  it("finds a marker split anywhere across chunks", () => {
    const whole = `out${marker(0, "/a b")}`;
    for (let cut = 1; cut < whole.length; cut++) {
      expect(read([whole.slice(0, cut), whole.slice(cut)])).toEqual({
        text: "out",
        frame: { status: 0, cwd: "/a b" },
      });
    }
  });

  it("treats a marker with another nonce as output", () => {
    const fake = marker(0, "/etc", "ffffffffffffffff");
    expect(read([fake, "\n", marker(1, "/repo")])).toEqual({
      text: `${fake}\n`,
      frame: { status: 1, cwd: "/repo" },
    });
  });

  it("reads a cwd holding colons, newlines and separators", () => {
    expect(read([marker(0, "/x:1\r\ny\x1ez")]).frame).toEqual({ status: 0, cwd: "/x:1\ny\x1ez" });
  });

  it("with a begin marker, drops what came before it: an echo, a late prompt, an old frame", () => {
    const begin = `\x1eNORTH>${NONCE}\x1e`;
    const stale = `run it\r\n\r\n${marker(130, "/old", "ffffffffffffffff")}`;
    const whole = `${stale}${begin}out${marker(0, "/")}`;
    for (let cut = 1; cut < whole.length; cut++) {
      expect(read([whole.slice(0, cut), whole.slice(cut)], true)).toEqual({
        text: "out",
        frame: { status: 0, cwd: "/" },
      });
    }
  });
});

describe("the request for the nonce", () => {
  it("is taken out of the text and told, even when split between chunks", () => {
    let text = "";
    let asked = 0;
    const reader = new FrameReader(NONCE, (t) => (text += t), { onRequest: () => asked++ });
    expect(reader.push("out\x1eNOR")).toBeUndefined();
    expect(reader.push("TH?\x1e more")).toBeUndefined();
    expect(asked).toBe(1);
    expect(reader.push(`${marker(3, "/x")}after`)).toEqual({ status: 3, cwd: "/x" });
    expect(text).toBe("out more");
    expect(reader.rest).toBe("after");
  });
});
