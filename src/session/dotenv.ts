import { readFileSync } from "node:fs";
import { join } from "node:path";

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

/**
 * The environment with the keys of `<root>/.env` added: only the variables named in `allowed`
 * (the vendors' and providers' key and base-URL variables), and never one the environment
 * already sets, even to an empty string. `process.env` is not touched. A missing or unreadable
 * file adds nothing. `loaded` lists the names taken from the file (never their values).
 */
export function withDotenv(
  root: string,
  env: Env,
  allowed: ReadonlySet<string>,
): { env: Env; loaded: string[] } {
  let text: string;
  try {
    text = readFileSync(join(root, ".env"), "utf8");
  } catch {
    return { env, loaded: [] };
  }
  const merged: Env = { ...env };
  const loaded: string[] = [];
  for (const [name, value] of Object.entries(parseDotenv(text))) {
    if (!allowed.has(name) || env[name] !== undefined) continue;
    merged[name] = value;
    loaded.push(name);
  }
  return { env: merged, loaded };
}
