import { describe, expect, it } from "vitest";
import { maskSecretFormats } from "./secret-formats.js";

const masked = (text: string) => maskSecretFormats(text).text;

describe("maskSecretFormats", () => {
  it.each([
    ["Anthropic API key", "key: sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-xyz"],
    ["OpenAI API key", "OPENAI_API_KEY=sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56"],
    ["OpenAI API key", "sk-Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78St90"],
    ["GitHub token", "token ghp_0123456789abcdefghijABCDEFGHIJ012345"],
    ["GitHub token", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz"],
    ["AWS access key id", "aws_access_key_id = AKIAIOSFODNN7EXAMPLE"],
    ["AWS secret access key", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"],
    ["Slack token", "SLACK=xoxb-123456789012-1234567890123-AbCdEfGhIjKl"],
    ["Slack webhook", "https://hooks.slack.com/services/T000/B000/XXXXXXXXXXXXXXXX"],
    ["npm auth token", "//registry.npmjs.org/:_authToken=npmSECRET123"],
    ["npm token", "npm_abcdefghijklmnopqrstuvwxyz0123456789"],
    ["Stripe secret key", "sk_live_abcdefghijklmnopqrstuvwx"],
    ["Google API key", "AIzaSyA-abcdefghijklmnopqrstuvwxyz01234"],
    [
      "JSON Web Token",
      "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    ],
  ])("masks a %s", (name, text) => {
    const { text: out, masked: count } = maskSecretFormats(text);
    expect(count).toBe(1);
    expect(out).toContain(`[${name} masked by North]`);
  });

  it("keeps the name before a masked value", () => {
    expect(masked("//registry.npmjs.org/:_authToken=abc123")).toBe(
      "//registry.npmjs.org/:_authToken=[npm auth token masked by North]",
    );
    expect(masked("_authToken=${NPM_TOKEN}")).toBe("_authToken=${NPM_TOKEN}");
  });

  it("masks a private key block whole, numbered lines included, and one cut short", () => {
    const block = [
      "1\tconst x = 1;",
      "2\t-----BEGIN OPENSSH PRIVATE KEY-----",
      "3\tb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW",
      "4\t-----END OPENSSH PRIVATE KEY-----",
      "5\tdone();",
    ].join("\n");
    expect(masked(block)).toBe("1\tconst x = 1;\n2\t[private key masked by North]\n5\tdone();");
    expect(masked("-----BEGIN RSA PRIVATE KEY-----\nMIIEow...\nmore")).toBe(
      "[private key masked by North]",
    );
    expect(masked("-----BEGIN PRIVATE KEY-----\nA\n-----END PRIVATE KEY-----")).toBe(
      "[private key masked by North]",
    );
  });

  it("leaves ordinary text alone", () => {
    for (const text of [
      "const sk-learn = 1; sk-some-very-long-kebab-case-name-here",
      "-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----",
      "ghp_short",
      "AKIA lower akiaiosfodnn7example",
      "eyJhbGciOi.notjwt",
      "the _authToken setting",
    ]) {
      expect(maskSecretFormats(text)).toEqual({ text, masked: 0 });
    }
  });
});
