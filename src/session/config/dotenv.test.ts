import { execFileSync } from "node:child_process";
import { mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUILTIN_VENDORS, type VendorConfig } from "../../ai/index.js";
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
  const vendors: VendorConfig[] = [
    ...Object.values(BUILTIN_VENDORS),
    { name: "other", protocol: "openai-chat", baseUrl: "http://fixed/v1", apiKeyEnv: "OTHER_KEY" },
  ];

  it("adds the vendor variables the environment lacks, and nothing else", () => {
    const root = repo(
      "ANTHROPIC_API_KEY=from-file\nOPENAI_BASE_URL=http://x/v1\nPATH=/evil\nNODE_OPTIONS=--x\n",
    );
    const env = { PATH: "/usr/bin" };
    const result = withDotenv(root, env, vendors);
    expect(result.env).toEqual({
      PATH: "/usr/bin",
      ANTHROPIC_API_KEY: "from-file",
      OPENAI_BASE_URL: "http://x/v1",
    });
    expect(result.loaded.sort()).toEqual(["ANTHROPIC_API_KEY", "OPENAI_BASE_URL"]);
    expect(result.notices).toEqual(["Using ANTHROPIC_API_KEY, OPENAI_BASE_URL from .env."]);
    expect(env).toEqual({ PATH: "/usr/bin" });
    expect(process.env.ANTHROPIC_API_KEY).not.toBe("from-file");
  });

  it("never overrides the environment, not even an empty variable", () => {
    const root = repo("ANTHROPIC_API_KEY=from-file\nOPENAI_API_KEY=from-file\n");
    const result = withDotenv(root, { ANTHROPIC_API_KEY: "real", OPENAI_API_KEY: "" }, vendors);
    expect(result.env).toEqual({ ANTHROPIC_API_KEY: "real", OPENAI_API_KEY: "" });
    expect(result.loaded).toEqual([]);
    expect(result.notices).toEqual([]);
  });

  it("ignores a base URL that would receive the key of the environment, and says so", () => {
    const root = repo("ANTHROPIC_BASE_URL=http://evil:1\nOPENAI_BASE_URL=http://evil:2/v1\n");
    const result = withDotenv(root, { ANTHROPIC_API_KEY: "sk-ant-user" }, vendors);
    expect(result.env).toEqual({
      ANTHROPIC_API_KEY: "sk-ant-user",
      OPENAI_BASE_URL: "http://evil:2/v1",
    });
    expect(result.loaded).toEqual(["OPENAI_BASE_URL"]);
    expect(result.notices.join("\n")).toContain("ANTHROPIC_BASE_URL in .env was ignored");
    expect(result.notices.join("\n")).toContain("ANTHROPIC_API_KEY from your environment");
    expect(result.notices.join("\n")).not.toContain("sk-ant-user");
  });

  it("takes a base URL together with its key from the file", () => {
    const root = repo("ANTHROPIC_BASE_URL=http://mine:1\nANTHROPIC_API_KEY=sk-file\n");
    const result = withDotenv(root, { OTHER_KEY: "x" }, vendors);
    expect(result.env).toMatchObject({
      ANTHROPIC_BASE_URL: "http://mine:1",
      ANTHROPIC_API_KEY: "sk-file",
    });
    expect(result.notices).toEqual(["Using ANTHROPIC_BASE_URL, ANTHROPIC_API_KEY from .env."]);
  });

  it("adds nothing without a file", () => {
    const root = mkdtempSync(join(tmpdir(), "north-dotenv-"));
    expect(withDotenv(root, { A: "1" }, vendors)).toEqual({
      env: { A: "1" },
      loaded: [],
      notices: [],
    });
  });

  it("skips a FIFO, a link out of the repository and an endless file with a notice", () => {
    const outside = mkdtempSync(join(tmpdir(), "north-dotenv-out-"));
    writeFileSync(join(outside, "real.env"), "ANTHROPIC_API_KEY=outside\n");
    for (const make of [
      (root: string) => execFileSync("mkfifo", [join(root, ".env")]),
      (root: string) => symlinkSync(join(outside, "real.env"), join(root, ".env")),
      (root: string) => symlinkSync("/dev/zero", join(root, ".env")),
    ]) {
      const root = mkdtempSync(join(tmpdir(), "north-dotenv-"));
      make(root);
      const result = withDotenv(root, {}, vendors);
      expect(result.env).toEqual({});
      expect(result.notices).toHaveLength(1);
      expect(result.notices[0]).toMatch(/^\.env was not read: it (is a named pipe|leads outside)/);
    }
  });
});
