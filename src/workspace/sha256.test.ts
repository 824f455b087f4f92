import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "./sha256.js";

const reference = (text: string) => createHash("sha256").update(text).digest("hex");

describe("sha256Hex", () => {
  it("gives FIPS 180-4's digests for its examples", () => {
    expect(sha256Hex("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("matches node:crypto around every padding boundary and for non-ASCII paths", () => {
    for (let length = 0; length <= 200; length++) {
      const text = Array.from({ length }, (_, i) => String.fromCharCode(33 + ((i * 7) % 90))).join(
        "",
      );
      expect(sha256Hex(text), `length ${length}`).toBe(reference(text));
    }
    for (const path of ["/home/ana/código/北", "/tmp/😀 repo", "C:\\Users\\x\\repo"]) {
      expect(sha256Hex(path)).toBe(reference(path));
    }
  });
});
