import { describe, expect, it } from "vitest";
import { coalesce, SseParser, sseBatches, type SseMessage } from "./sse.js";

function parse(pieces: string[]): SseMessage[] {
  const parser = new SseParser();
  const out: SseMessage[] = [];
  for (const piece of pieces) parser.push(piece, out);
  parser.end();
  return out;
}

async function* bytes(pieces: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const piece of pieces) yield piece;
}

describe("SseParser", () => {
  it("reads named events with their data", () => {
    expect(parse(['event: a\ndata: {"x":1}\n\nevent: b\ndata: 2\n\n'])).toEqual([
      { event: "a", data: '{"x":1}' },
      { event: "b", data: "2" },
    ]);
  });

  it("accepts CRLF, CR and LF line ends, also split between pieces", () => {
    expect(parse(["event: a\r", "\ndata: 1\r\n\r", "\nevent: b\rdata: 2\r\r"])).toEqual([
      { event: "a", data: "1" },
      { event: "b", data: "2" },
    ]);
  });

  it("joins data lines, skips comments, strips one space after the colon", () => {
    expect(parse([": keep-alive\n", "data:  two spaces\ndata:none\n", "data\n\n"])).toEqual([
      { event: null, data: " two spaces\nnone\n" },
    ]);
  });

  it("completes a message cut anywhere, and drops one the stream never closed", () => {
    const whole = 'event: delta\ndata: {"text":"hello"}\n\n';
    for (let cut = 1; cut < whole.length; cut++) {
      expect(parse([whole.slice(0, cut), whole.slice(cut)])).toEqual([
        { event: "delta", data: '{"text":"hello"}' },
      ]);
    }
    expect(parse(["event: a\ndata: 1\n\nevent: b\ndata: 2\n"])).toEqual([
      { event: "a", data: "1" },
    ]);
  });
});

describe("sseBatches", () => {
  it("yields one batch per chunk that completes messages, decoding UTF-8 split across chunks", async () => {
    const text = new TextEncoder().encode("data: héllo 日本\n\ndata: b\n\n");
    const cut = 8; // inside "é"
    const batches: SseMessage[][] = [];
    for await (const batch of sseBatches(bytes([text.slice(0, cut), text.slice(cut)]))) {
      batches.push(batch);
    }
    expect(batches).toEqual([
      [
        { event: null, data: "héllo 日本" },
        { event: null, data: "b" },
      ],
    ]);
  });

  it("reads a web stream, and cancels it when the reader stops early", async () => {
    let cancelled = false;
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("data: 1\n\n"));
        controller.enqueue(encoder.encode("data: 2\n\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const batch of sseBatches(body)) {
      expect(batch).toEqual([{ event: null, data: "1" }]);
      break;
    }
    await expect.poll(() => cancelled).toBe(true);
  });

  it("rejects when the body does", async () => {
    async function* broken(): AsyncGenerator<Uint8Array> {
      yield new TextEncoder().encode("data: 1\n\n");
      throw new TypeError("terminated");
    }
    const seen: SseMessage[][] = [];
    await expect(async () => {
      for await (const batch of sseBatches(broken())) seen.push(batch);
    }).rejects.toThrow("terminated");
    expect(seen).toEqual([[{ event: null, data: "1" }]]);
  });
});

describe("coalesce", () => {
  it("joins only adjacent events the join accepts, in order", () => {
    const join = (a: string, b: string) => (a[0] === b[0] ? a + b.slice(1) : undefined);
    expect(coalesce(["a1", "a2", "b1", "a3", "a4", "a5"], join)).toEqual(["a12", "b1", "a345"]);
    expect(coalesce([], join)).toEqual([]);
  });
});
