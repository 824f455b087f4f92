import { describe, expect, it } from "vitest";
import { TextDoc } from "./text-format.js";

const decode = (s: string | Buffer) => TextDoc.decode(Buffer.isBuffer(s) ? s : Buffer.from(s))!;

describe("TextDoc", () => {
  it("detects the line ending, BOM and final newline", () => {
    expect(decode("a\nb\n")).toMatchObject({ eol: "\n", bom: false, finalNewline: true });
    expect(decode("a\r\nb")).toMatchObject({ eol: "\r\n", finalNewline: false });
    expect(decode("\uFEFFx\r\ny\r\nz\n")).toMatchObject({ eol: "\r\n", bom: true });
    expect(decode("")).toMatchObject({ eol: "\n", finalNewline: true });
  });

  it("shows LF text and counts lines as read_file does", () => {
    const doc = decode("\uFEFFone\r\ntwo\r\nthree");
    expect(doc.text).toBe("one\ntwo\nthree");
    expect(doc.lineCount).toBe(3);
    expect(doc.allLines()).toEqual(["one", "two", "three"]);
    expect(decode("a\n").lineCount).toBe(1);
    expect(decode("").lineCount).toBe(0);
    expect(doc.lineAt(0)).toBe(1);
    expect(doc.lineAt(4)).toBe(2);
    expect(doc.lineStart(3)).toBe(8);
    expect(doc.lineStart(4)).toBe(13);
  });

  it("splices without touching the bytes around, mixed endings included", () => {
    const doc = decode("a\r\nb\nc\r\nd");
    const at = doc.text.indexOf("b\nc");
    doc.splice(at, at + 3, "B\nC\nC2");
    expect(doc.encode().toString()).toBe("a\r\nB\r\nC\r\nC2\r\nd");
  });

  it("converts the model's newlines (LF or CRLF) to the file's", () => {
    const doc = decode("x\r\n");
    doc.splice(0, 1, "y\r\nz\nw");
    expect(doc.encode().toString()).toBe("y\r\nz\r\nw\r\n");
    const lf = decode("x\n");
    lf.replaceAll("p\r\nq");
    expect(lf.encode().toString()).toBe("p\nq\n");
  });

  it("keeps the final-newline rule of the file; a new file is written as given", () => {
    const without = decode("a\nb");
    without.replaceAll("c\nd\n");
    expect(without.encode().toString()).toBe("c\nd");
    const withIt = decode("a\n");
    withIt.replaceAll("b");
    expect(withIt.encode().toString()).toBe("b\n");
    expect(TextDoc.fromModel("no newline").encode().toString()).toBe("no newline");
    expect(TextDoc.fromModel("crlf\r\n").encode().toString()).toBe("crlf\n");
  });

  it("keeps the BOM and refuses invalid UTF-8", () => {
    const doc = decode("\uFEFFhi\n");
    doc.replaceAll("ho");
    expect([...doc.encode().subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(doc.encodedText()).toBe("ho\n");
    expect(TextDoc.decode(Buffer.from([0x61, 0xff, 0xfe, 0x62]))).toBeNull();
  });
});
