import type * as z from "zod";
import { loadZod, type ZodModule } from "../../agent/zod.js";
import { readBoundedFileSync, readRepoFileSync } from "../../workspace/index.js";
import { t } from "../../i18n/index.js";

/** A settings file is read up to this size; a longer one is broken. */
const MAX_JSON_FILE_BYTES = 1024 * 1024;

/**
 * One JSON settings file as read: `missing` (no file: the defaults), `ok`, or `broken` (it
 * exists but could not be read, parsed or validated). A broken file is never written by North.
 */
export type JsonFileState = "missing" | "ok" | "broken";

export interface JsonFileResult<T> {
  state: JsonFileState;
  /** The validated value; absent unless `ok`. */
  value?: T;
  /** One line for the person when `broken`: the file, the field and what was expected. */
  notice?: string;
}

/**
 * Reads and validates a JSON file. Never throws: every failure becomes a `broken` result whose
 * notice names the file, the field and what was expected. An empty file counts as `{}`. Values
 * are never echoed into the notice (a key pasted in the wrong place must not reach a log).
 * With `root`, the file is a repository's and read under its rules (a symlink out of it is not
 * followed).
 */
export async function readJsonFile<T>(
  path: string,
  schema: (z: ZodModule) => z.ZodType<T>,
  root?: string,
): Promise<JsonFileResult<T>> {
  // Non-blocking and capped: a FIFO or a /dev/zero link named settings.json cannot stall start.
  // Synchronous: read before the first request (see `findRepoRoot`).
  const options = { maxBytes: MAX_JSON_FILE_BYTES };
  const read =
    root === undefined ? readBoundedFileSync(path, options) : readRepoFileSync(root, path, options);
  if (!read.ok) {
    if (read.missing) return { state: "missing" };
    return broken(path, ` cannot be read: ${read.reason}`);
  }
  if (read.truncated) return broken(path, " is larger than 1 MB");
  const text = read.text;
  const parsed = parseJson(text);
  if ("error" in parsed) return broken(path, ` is not valid JSON: ${parsed.error}`);
  const checker = schema(await loadZod());
  const result = checker.safeParse(parsed.json, { reportInput: true });
  if (!result.success) return broken(path, `: ${describeIssue(result.error.issues[0]!)}`);
  return { state: "ok", value: result.data };
}

/** Parses JSON text; an empty or blank text is `{}`. */
export function parseJson(text: string): { json: unknown } | { error: string } {
  if (text.trim() === "") return { json: {} };
  try {
    return { json: JSON.parse(text) };
  } catch (error) {
    // V8 may quote the text around the error; the file could hold a key, so that is left out.
    const message = (error as Error).message.replace(/, ".*$/s, "");
    return { error: withLine(text, message) };
  }
}

function broken<T>(path: string, detail: string): JsonFileResult<T> {
  return {
    state: "broken",
    notice: `${path}${detail}${t("session.fileDefaults")}`,
  };
}

/** V8 says "at position N"; a person wants the line and column. */
function withLine(text: string, message: string): string {
  const at = /at position (\d+)/.exec(message);
  if (!at || /line \d+/.test(message)) return message;
  const before = text.slice(0, Number(at[1]));
  const line = before.split("\n").length;
  const column = before.length - before.lastIndexOf("\n");
  return `${message.replace(/ in JSON at position \d+.*/, "")} (line ${line}, column ${column})`;
}

type Issue = z.core.$ZodIssue;

/** `field: what was expected`, for the first problem zod found. */
export function describeIssue(issue: Issue): string {
  const field = fieldName(issue.path);
  const where = field ? `field "${field}"` : "the top level";
  switch (issue.code) {
    case "invalid_type":
      return `${where}: expected ${TYPE_NAMES[issue.expected] ?? issue.expected}, got ${typeName(issue.input)}`;
    case "invalid_value":
      return `${where}: expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "unrecognized_keys": {
      const known = issue.message.startsWith("known:") ? ` (${issue.message})` : "";
      return `field "${fieldName([...issue.path, issue.keys[0]!])}" is not one North knows${known}`;
    }
    default:
      return `${where}: ${issue.message}`;
  }
}

const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  record: "an object",
};

function typeName(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return TYPE_NAMES[typeof value] ?? typeof value;
}

/** `providers.azure.models[0].price`; a key that is not a plain word is quoted. */
function fieldName(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(String(key))) out += `${out ? "." : ""}${String(key)}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}
