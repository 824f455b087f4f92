import { maskSecrets } from "./secrets.js";

/**
 * Text shaped like a credential — a private key block or a token of a known format — masked in
 * what North shows the model of a file (read and search results, `@` attachments, command
 * output), so that a key that sits in an ordinary file does not reach the provider.
 *
 * A safety net, not the boundary: a secret of another shape, or one split or encoded, passes.
 * What keeps secrets away is structural — secret-looking files are read only with the person's
 * approval (`workspace/secret-files.ts`), the sandbox keeps provider keys out of commands. This
 * is the one list of formats; add one here with a sample in `secret-formats.test.ts`.
 */

/** One format: `value` is masked; `keep`, when set, is a leading group left as it is. */
interface SecretFormat {
  name: string;
  pattern: RegExp;
  /** The pattern's first group is kept (a `key =` before the value). */
  keepFirst?: boolean;
}

const FORMATS: readonly SecretFormat[] = [
  {
    name: "private key",
    // To its END line, or to the end of the text when the read cut it.
    pattern:
      /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$(?![\s\S]))/g,
  },
  { name: "Anthropic API key", pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g },
  // `sk-`, `sk-proj-`, `sk-svcacct-`…: long, with a digit (a kebab-case word is not a key).
  { name: "OpenAI API key", pattern: /\bsk-(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{20,}/g },
  {
    name: "GitHub token",
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})/g,
  },
  { name: "AWS access key id", pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g },
  {
    name: "AWS secret access key",
    pattern: /(aws_secret_access_key["']?\s*[=:]\s*["']?)[A-Za-z0-9/+=]{40}/gi,
    keepFirst: true,
  },
  { name: "Slack token", pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  {
    name: "Slack webhook",
    pattern: /https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]+/g,
  },
  { name: "npm token", pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  {
    name: "npm auth token",
    pattern: /(_auth(?:Token)?\s*=\s*)(?!\$\{)[^\s"']+/g,
    keepFirst: true,
  },
  { name: "Stripe secret key", pattern: /\b[rs]k_live_[A-Za-z0-9]{20,}/g },
  { name: "Google API key", pattern: /\bAIza[A-Za-z0-9_-]{35}\b/g },
  {
    name: "JSON Web Token",
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
  },
];

/** What stands in a masked value's place (the model is told why). */
export const maskedMarker = (name: string) => `[${name} masked by North]`;

/**
 * `text` with every credential of a known format replaced by {@link maskedMarker}, and how many
 * were masked. Linear in the text for each format (no nested quantifiers).
 */
export function maskSecretFormats(text: string): { text: string; masked: number } {
  let masked = 0;
  let out = text;
  for (const format of FORMATS) {
    format.pattern.lastIndex = 0;
    if (!format.pattern.test(out)) continue;
    format.pattern.lastIndex = 0;
    out = out.replace(format.pattern, (_match, keep: unknown) => {
      masked += 1;
      const kept = format.keepFirst && typeof keep === "string" ? keep : "";
      return `${kept}${maskedMarker(format.name)}`;
    });
  }
  return { text: out, masked };
}

/**
 * What North shows the model of a file or a command's output: credentials of a known format
 * masked ({@link maskSecretFormats}), then the key values North knows (`maskSecrets`).
 */
export function maskForModel(text: string): string {
  return maskSecrets(maskSecretFormats(text).text);
}
