import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDotenv, withDotenv } from "./dotenv.js";

describe("parseDotenv", () => {
  it("reads assignments, export prefixes, quotes and comments", () => {
    const text = [
      "# keys for the demo",
      "ANTHROPIC_API_KEY=sk-ant-1",
      "export OPENAI_API_KEY = sk-2   # trailing comment",
      "SINGLE='literal \\n # not a comment'",
      'DOUBLE="line one\\nline two \\"quoted\\""',
      'MULTI="first',
      'second"',
      "HASH=abc#def",
      "EMPTY=",
      "not an assignment",
      "   INDENTED=yes\r",
      "ANTHROPIC_API_KEY=sk-ant-last",
    ].join("\n");
    expect(parseDotenv(text)).toEqual({
      ANTHROPIC_API_KEY: "sk-ant-last",
      OPENAI_API_KEY: "sk-2",
      SINGLE: "literal \\n # not a comment",
      DOUBLE: 'line one\nline two "quoted"',
      MULTI: "first\nsecond",
      HASH: "abc#def",
      EMPTY: "",
      INDENTED: "yes",
    });
  });
});

describe("withDotenv", () => {
  const repo = (text: string) => {
    const root = mkdtempSync(join(tmpdir(), "north-dotenv-"));
    writeFileSync(join(root, ".env"), text);
    return root;
  };
  const allowed = new Set(["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL"]);

  it("adds the vendor variables the environment lacks, and nothing else", () => {
    const root = repo(
      "ANTHROPIC_API_KEY=from-file\nOPENAI_BASE_URL=http://x/v1\nPATH=/evil\nNODE_OPTIONS=--x\n",
    );
    const env = { PATH: "/usr/bin" };
    const result = withDotenv(root, env, allowed);
    expect(result.env).toEqual({
      PATH: "/usr/bin",
      ANTHROPIC_API_KEY: "from-file",
      OPENAI_BASE_URL: "http://x/v1",
    });
    expect(result.loaded.sort()).toEqual(["ANTHROPIC_API_KEY", "OPENAI_BASE_URL"]);
    expect(env).toEqual({ PATH: "/usr/bin" });
    expect(process.env.ANTHROPIC_API_KEY).not.toBe("from-file");
  });

  it("never overrides the environment, not even an empty variable", () => {
    const root = repo("ANTHROPIC_API_KEY=from-file\nOPENAI_API_KEY=from-file\n");
    const result = withDotenv(root, { ANTHROPIC_API_KEY: "real", OPENAI_API_KEY: "" }, allowed);
    expect(result.env).toEqual({ ANTHROPIC_API_KEY: "real", OPENAI_API_KEY: "" });
    expect(result.loaded).toEqual([]);
  });

  it("adds nothing without a file", () => {
    const root = mkdtempSync(join(tmpdir(), "north-dotenv-"));
    expect(withDotenv(root, { A: "1" }, allowed)).toEqual({ env: { A: "1" }, loaded: [] });
  });
});
