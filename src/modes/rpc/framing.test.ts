import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { BAD_HEADER, HeaderSplitter, messageChannel, TOO_LONG } from "./framing.js";

const frame = (text: string) => `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;

describe("HeaderSplitter", () => {
  it("reads bodies by byte length, whatever the chunks' boundaries", () => {
    const body = '{"text":"é ✓ 😀"}';
    const stream = Buffer.from(frame(body) + frame("{}"));
    for (let cut = 1; cut < stream.length; cut++) {
      const splitter = new HeaderSplitter();
      const got = [
        ...splitter.push(stream.subarray(0, cut)),
        ...splitter.push(stream.subarray(cut)),
      ];
      expect(got).toEqual([body, "{}"]);
    }
  });

  it("takes LF-only headers and other headers; refuses a block without a length", () => {
    const splitter = new HeaderSplitter();
    const input =
      'Content-Type: application/vscode-jsonrpc; charset=utf-8\nContent-Length: 2\n\n{}X-Other: 1\r\n\r\n{"a":1}';
    expect(splitter.push(Buffer.from(input))).toEqual(["{}", BAD_HEADER]);
  });

  it("skips a body over the cap as it arrives, then reads on", () => {
    const splitter = new HeaderSplitter(10);
    expect(splitter.push(Buffer.from("Content-Length: 20\r\n\r\n0123456789"))).toEqual([TOO_LONG]);
    expect(splitter.push(Buffer.from(`0123456789${frame("{}")}`))).toEqual(["{}"]);
  });
});

describe("messageChannel", () => {
  const run = (chunks: string[]) => {
    const input = new PassThrough();
    const output = new PassThrough();
    const got: string[] = [];
    let written = "";
    output.on("data", (c: Buffer) => (written += c.toString()));
    const channel = messageChannel(input, output, {
      onMessage: (text) => got.push(text),
      onEnd: () => {},
      onTooLong: () => got.push("too long"),
      onBadHeader: () => got.push("bad header"),
    });
    for (const chunk of chunks) input.write(chunk);
    channel.send({ ok: 1 });
    return { got, channel, written: () => written };
  };

  it("answers in lines a client that writes lines", async () => {
    const { got, channel, written } = run(['{"a":1}\r\n{"b"', ":2}\n"]);
    await new Promise((r) => setImmediate(r));
    expect(got).toEqual(['{"a":1}', '{"b":2}']);
    expect(channel.framing()).toBe("lines");
    channel.send({ ok: 2 });
    expect(written()).toContain('{"ok":2}\n');
  });

  it("answers in Content-Length frames a client that starts with a header", async () => {
    const { got, channel, written } = run(["content-length: 7\r", "\n\r\n", '{"a":1}']);
    await new Promise((r) => setImmediate(r));
    expect(got).toEqual(['{"a":1}']);
    expect(channel.framing()).toBe("headers");
    channel.send({ ok: 2 });
    expect(written()).toContain('Content-Length: 8\r\n\r\n{"ok":2}');
  });
});
