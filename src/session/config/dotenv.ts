import { vendorVariables, type VendorConfig } from "../../ai/index.js";
import { readRepoFileSync } from "../../workspace/index.js";
import { t } from "../../i18n/index.js";

type Env = Record<string, string | undefined>;

/**
 * Parses `.env` text: `KEY=value` lines, an optional `export ` prefix, `#` comments (whole lines,
 * or after an unquoted value and a space), single quotes (literal), double quotes (with `\n`,
 * `\t`, `\"` and `\\` escapes; may span lines) and backquotes. Lines that are not assignments are
 * skipped. The last assignment of a name wins.
 */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const assignment = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=[ \t]*/gm;
  const src = text.replace(/\r\n?/g, "\n");
  let match: RegExpExecArray | null;
  while ((match = assignment.exec(src))) {
    const start = match.index + match[0].length;
    const { value, end } = readValue(src, start);
    out[match[1]!] = value;
    assignment.lastIndex = end;
  }
  return out;
}

function readValue(src: string, start: number): { value: string; end: number } {
  const quote = src[start];
  if (quote === '"' || quote === "'" || quote === "`") {
    const close = findClose(src, start + 1, quote);
    if (close !== -1) {
      const raw = src.slice(start + 1, close);
      const value = quote === '"' ? unescape(raw) : raw;
      const lineEnd = src.indexOf("\n", close);
      return { value, end: lineEnd === -1 ? src.length : lineEnd };
    }
  }
  const lineEnd = src.indexOf("\n", start);
  const line = src.slice(start, lineEnd === -1 ? src.length : lineEnd);
  const value = line.replace(/\s+#.*$/, "").trim();
  return { value, end: lineEnd === -1 ? src.length : lineEnd };
}

function findClose(src: string, from: number, quote: string): number {
  for (let i = from; i < src.length; i++) {
    if (src[i] === "\\" && quote === '"') i++;
    else if (src[i] === quote) return i;
  }
  return -1;
}

function unescape(raw: string): string {
  return raw.replace(/\\([nrt"\\])/g, (_, c: string) =>
    c === "n" ? "\n" : c === "r" ? "\r" : c === "t" ? "\t" : c,
  );
}

/** A `.env` is read up to this size; a longer one is not used. */
const MAX_DOTENV_BYTES = 64 * 1024;

export interface DotenvResult {
  /** The environment plus the variables taken from `.env`. */
  env: Env;
  /** Names taken from the file (never their values). */
  loaded: string[];
  /** Lines for the person: what was used, what was ignored and why (names only). */
  notices: string[];
}

/**
 * The environment with the vendor variables of `<root>/.env` added: only the variables vendors
 * read (their key and base-URL variables), and never one the environment already sets, even to an
 * empty string. `process.env` is not touched. The file is read under the repository rules (inside
 * the repository after symlinks, a regular file, at most 64 KB); a missing file adds nothing.
 *
 * A repository may name a server only together with the key it sends there: a base URL from
 * `.env` is ignored, with a notice, when the environment supplies the key of a vendor that would
 * use that URL — the person's key never goes to a server the repository chose.
 */
export function withDotenv(root: string, env: Env, vendors: Iterable<VendorConfig>): DotenvResult {
  const read = readRepoFileSync(root, ".env", { maxBytes: MAX_DOTENV_BYTES });
  if (!read.ok) {
    return {
      env,
      loaded: [],
      notices: read.missing ? [] : [t("session.dotenvUnread", { reason: read.reason })],
    };
  }
  if (read.truncated) {
    return { env, loaded: [], notices: [t("session.dotenvLarge")] };
  }
  const list = [...vendors];
  const allowed = vendorVariables(list);
  const merged: Env = { ...env };
  const loaded: string[] = [];
  const notices: string[] = [];
  for (const [name, value] of Object.entries(parseDotenv(read.text))) {
    if (!allowed.has(name) || env[name] !== undefined) continue;
    const foreign = keysServedBy(list, name).filter((key) => Boolean(env[key]));
    if (foreign.length > 0) {
      notices.push(t("session.dotenvIgnored", { name, keys: foreign.join(", ") }));
      continue;
    }
    merged[name] = value;
    loaded.push(name);
  }
  if (loaded.length > 0) notices.unshift(t("session.dotenvUsing", { names: loaded.join(", ") }));
  return { env: merged, loaded, notices };
}

/** The key variables of the vendors whose base URL comes from the variable `name`. */
function keysServedBy(vendors: readonly VendorConfig[], name: string): string[] {
  const keys = vendors
    .filter((v) => v.baseUrlEnv === name && v.baseUrl === undefined)
    .map((v) => v.apiKeyEnv);
  return [...new Set(keys)];
}
