/**
 * MCP servers as people already write them for other agents: `"mcpServers"` in North's global
 * config and in the repository's `.north/mcp.json`, each `{"command", "args", "env", "cwd"}`
 * (stdio) or `{"type": "http" | "sse", "url", "headers"}`, with an optional `timeout` (ms, per
 * call) and `trustReadOnlyHint` (the person's config only: the server's read-only tools run
 * without review). `${VAR}` and `${VAR:-default}` in `env`, `headers` and `url` come from the environment.
 * Each entry is checked on its own: a broken one is reported and skipped, never the others.
 */
import { resolve } from "node:path";
import { readRepoFileSync, staysInsideSync } from "../workspace/index.js";
import { sha256Hex } from "../platform/lazy-builtins.js";

/** A call to a server's tool that takes longer is cancelled (config `timeout`, ms). */
export const DEFAULT_MCP_TIMEOUT_MS = 60_000;
/** Where a repository defines its servers. */
export const PROJECT_MCP_FILE = ".north/mcp.json";
const MAX_PROJECT_FILE = 256 * 1024;

export type McpTransportConfig =
  | {
      transport: "stdio";
      command: string;
      args: string[];
      env: Record<string, string>;
      /**
       * Absolute: the entry's `cwd` (relative to the repository root); without one, the
       * repository root for a repository's server and `McpConfigSources.neutralCwd` for one of
       * the person's config.
       */
      cwd: string;
    }
  | {
      /** `http`: Streamable HTTP, falling back to SSE when the server only speaks that. */
      transport: "http" | "sse";
      url: string;
      headers: Record<string, string>;
    };

/** One configured server. */
export interface McpServerEntry {
  name: string;
  /** `global`: the person's config; `project`: the repository's `.north/mcp.json`. */
  origin: "global" | "project";
  /** Hash of the entry as written (before `${VAR}` expansion): what an approval is for. */
  fingerprint: string;
  /** What the entry runs or reaches, for `/mcp` and the approval ("npx -y server", a URL). */
  summary: string;
  /** Undefined when the entry cannot be used; `problem` says why. */
  config?: McpTransportConfig & {
    timeoutMs: number;
    /**
     * The person's config says this server's `readOnlyHint` is to be believed
     * (`"trustReadOnlyHint": true`): its tools marked read-only run without review. Never true
     * for a repository's entry, whatever it says.
     */
    trustReadOnlyHint: boolean;
  };
  problem?: string;
}

export interface McpConfigSources {
  /** The global config's `mcpServers` value, as parsed JSON (undefined when absent). */
  global: unknown;
  /** The repository root: `.north/mcp.json` is read from it, and relative `cwd`s resolve there. */
  root: string;
  /**
   * Where a server of the person's config without a `cwd` starts: an empty folder of North's,
   * never the repository, so that `npx`, `uvx`, `bunx` or a relative command cannot resolve
   * through the repository's `node_modules` or files (a command could have written them).
   */
  neutralCwd: string;
  env: Record<string, string | undefined>;
  /**
   * Variables a repository's servers may not read (the model providers' keys): a server that a
   * clone defines never receives North's credentials, whatever its file says.
   */
  protectedVariables: readonly string[];
}

/** Every configured server (global first; a project server of the same name is skipped). */
export function readMcpServers(sources: McpConfigSources): {
  servers: McpServerEntry[];
  notices: string[];
} {
  const notices: string[] = [];
  const servers: McpServerEntry[] = [];
  const global = asObject(sources.global);
  if (sources.global !== undefined && !global) {
    notices.push(`"mcpServers" in the config file must be an object of servers by name.`);
  }
  for (const [name, value] of Object.entries(global ?? {})) {
    servers.push(entryOf(name, value, "global", sources));
  }
  const project = readProjectFile(sources.root);
  if (project.notice) notices.push(project.notice);
  for (const [name, value] of Object.entries(project.servers)) {
    if (servers.some((s) => s.name === name)) {
      notices.push(`${PROJECT_MCP_FILE} defines "${name}" again; the one in your config is used.`);
      continue;
    }
    servers.push(entryOf(name, value, "project", sources));
  }
  return { servers, notices };
}

function readProjectFile(root: string): { servers: Record<string, unknown>; notice?: string } {
  const read = readRepoFileSync(root, PROJECT_MCP_FILE, { maxBytes: MAX_PROJECT_FILE });
  if (!read.ok) {
    return read.missing
      ? { servers: {} }
      : { servers: {}, notice: `${PROJECT_MCP_FILE} was not read: ${read.reason}.` };
  }
  if (read.truncated) {
    return { servers: {}, notice: `${PROJECT_MCP_FILE} was not read: it is over 256 KB.` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(read.text);
  } catch (error) {
    return {
      servers: {},
      notice: `${PROJECT_MCP_FILE} is not valid JSON (${(error as Error).message}); its servers are not started.`,
    };
  }
  const servers = asObject(asObject(parsed)?.mcpServers);
  if (!servers) {
    return {
      servers: {},
      notice: `${PROJECT_MCP_FILE} must hold {"mcpServers": {"name": {…}}}; its servers are not started.`,
    };
  }
  return { servers };
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,47}$/;

function entryOf(
  name: string,
  value: unknown,
  origin: McpServerEntry["origin"],
  sources: McpConfigSources,
): McpServerEntry {
  const base = { name, origin, fingerprint: fingerprint(value), summary: summarize(value) };
  const fail = (problem: string): McpServerEntry => ({ ...base, problem });
  if (!NAME.test(name)) {
    return fail("its name must be letters, digits, `-`, `_` or `.` (at most 48 characters)");
  }
  const entry = asObject(value);
  if (!entry) return fail("expected an object with a command or a url");
  const timeout = entry.timeout ?? DEFAULT_MCP_TIMEOUT_MS;
  if (
    typeof timeout !== "number" ||
    !Number.isFinite(timeout) ||
    timeout < 1 ||
    timeout > 3_600_000
  ) {
    return fail("timeout: expected milliseconds between 1 and 3600000");
  }
  const trustHint = entry.trustReadOnlyHint ?? false;
  if (typeof trustHint !== "boolean") return fail("trustReadOnlyHint: expected true or false");
  // A repository may not vouch for its own server's word.
  const trustReadOnlyHint = origin === "global" && trustHint;
  const expand = expander(sources.env, origin === "project" ? sources.protectedVariables : []);
  try {
    const type = entry.type ?? (entry.url !== undefined ? "http" : "stdio");
    if (type === "stdio") {
      const known = ["type", "command", "args", "env", "cwd", "timeout", "trustReadOnlyHint"];
      unknownField(entry, known);
      if (typeof entry.command !== "string" || entry.command.trim() === "") {
        throw new Error("command: expected the program to run");
      }
      const args = entry.args ?? [];
      if (!Array.isArray(args) || !args.every((a) => typeof a === "string")) {
        throw new Error("args: expected a list of strings");
      }
      const cwd = entry.cwd ?? (origin === "global" ? sources.neutralCwd : ".");
      if (typeof cwd !== "string") throw new Error("cwd: expected a folder");
      const folder = resolve(sources.root, cwd);
      if (origin === "project" && !staysInsideSync(sources.root, folder)) {
        throw new Error("cwd: a repository's server runs inside the repository");
      }
      return {
        ...base,
        config: {
          transport: "stdio",
          command: entry.command,
          args: args as string[],
          env: expandAll(stringMap(entry.env, "env"), expand),
          cwd: folder,
          timeoutMs: timeout,
          trustReadOnlyHint,
        },
      };
    }
    if (type === "http" || type === "streamable-http" || type === "sse") {
      unknownField(entry, ["type", "url", "headers", "timeout", "trustReadOnlyHint"]);
      if (typeof entry.url !== "string") throw new Error("url: expected the server's address");
      const url = expand(entry.url);
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new Error(`url: "${url}" is not a URL`);
      }
      if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
        throw new Error("url: expected http:// or https://");
      }
      const headers = expandAll(stringMap(entry.headers, "headers"), expand);
      for (const [key, v] of Object.entries(headers)) {
        if (/[\r\n]/.test(v)) throw new Error(`headers.${key}: expected one line`);
      }
      return {
        ...base,
        config: {
          transport: type === "sse" ? "sse" : "http",
          url,
          headers,
          timeoutMs: timeout,
          trustReadOnlyHint,
        },
      };
    }
    throw new Error(`type: expected "stdio", "http" or "sse", not ${JSON.stringify(type)}`);
  } catch (error) {
    return fail((error as Error).message);
  }
}

/**
 * `${VAR}` → its value, `${VAR:-default}` → its value or the default. A variable that is unset
 * (without default) or protected makes the entry unusable, with a message naming it.
 */
function expander(
  env: Record<string, string | undefined>,
  protectedVariables: readonly string[],
): (text: string) => string {
  return (text) =>
    text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (_, name: string, fallback) => {
      if (protectedVariables.includes(name)) {
        throw new Error(
          `it reads \${${name}}, a model provider's key, which North never gives to a server a repository defines`,
        );
      }
      const value = env[name];
      if (value !== undefined && value !== "") return value;
      if (fallback !== undefined) return fallback as string;
      throw new Error(`it reads \${${name}}, which is not set`);
    });
}

function expandAll(
  map: Record<string, string>,
  expand: (text: string) => string,
): Record<string, string> {
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, expand(v)]));
}

function stringMap(value: unknown, field: string): Record<string, string> {
  if (value === undefined) return {};
  const map = asObject(value);
  if (!map || !Object.values(map).every((v) => typeof v === "string")) {
    throw new Error(`${field}: expected an object of strings`);
  }
  return map as Record<string, string>;
}

function unknownField(entry: Record<string, unknown>, known: string[]): void {
  const extra = Object.keys(entry).find((k) => !known.includes(k));
  if (extra) throw new Error(`unknown field "${extra}" (known: ${known.join(", ")})`);
}

/**
 * What the person approves: the command and its arguments (or the URL), and every variable,
 * header and folder the entry sets, as written — `${VAR}` references included.
 */
function summarize(value: unknown): string {
  const entry = asObject(value);
  if (!entry) return "?";
  const args = Array.isArray(entry.args) ? entry.args.filter((a) => typeof a === "string") : [];
  const parts = [
    typeof entry.url === "string"
      ? entry.url
      : [typeof entry.command === "string" ? entry.command : "?", ...args].join(" "),
  ];
  for (const field of ["env", "headers"] as const) {
    const map = asObject(entry[field]);
    if (map && Object.keys(map).length > 0) {
      parts.push(
        `${field} ${Object.entries(map)
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(" ")}`,
      );
    }
  }
  if (typeof entry.cwd === "string") parts.push(`cwd ${entry.cwd}`);
  return parts.join(" · ");
}

/** A stable hash of the entry as written: key order does not matter, every value does. */
function fingerprint(value: unknown): string {
  return sha256Hex(canonical(value)).slice(0, 32);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : 1,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
