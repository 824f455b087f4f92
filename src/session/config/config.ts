import { join } from "node:path";
import type * as z from "zod";
import { loadZod, type ZodModule } from "../../agent/zod.js";
import { compileGlob, SECRET_FILE_PATTERNS } from "../../workspace/index.js";
import { readJsonFile } from "./json-file.js";
import { configDir } from "./paths.js";
import { checksSchema } from "./settings.js";

/** An object that names the fields it knows when it meets one it does not (a typo). */
export function strictObject<T extends z.core.$ZodLooseShape>(z: ZodModule, shape: T) {
  const known = `known: ${Object.keys(shape).join(", ")}`;
  return z.strictObject(shape, {
    error: (issue) => (issue.code === "unrecognized_keys" ? known : undefined),
  });
}

/**
 * The schemas are built on first use: zod objects are costly to construct, and most runs have no
 * config file to validate.
 */
function buildSchemas(z: ZodModule) {
  const positiveInt = z
    .number()
    .int({ error: "expected a whole number" })
    .positive({ error: "expected a number above 0" });
  const limitMs = positiveInt.max(3_600_000, { error: "expected milliseconds, at most 3600000" });
  const amount = z
    .number()
    .min(0, { error: "expected a price of 0 or more (dollars per million)" });
  const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
  const headerName = z.string().regex(HEADER_NAME, { error: "expected an HTTP header name" });
  const headerValue = z.string().regex(/^[^\r\n]*$/, { error: "expected one line of text" });
  const maskPath = z.string().regex(/^(~\/|\/)[^\0]*$/, {
    error: "expected an absolute path or one starting with ~/",
  });

  const DOMAIN =
    /^(\*\.)?[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*\.?$/;
  const glob = z.string().refine(
    (pattern) => {
      try {
        compileGlob(pattern.replace(/^!/, ""));
        return pattern.replace(/^!/, "").length > 0;
      } catch {
        return false;
      }
    },
    { error: "expected a glob pattern (a name like *.secret, or a path like config/**)" },
  );
  const builtInPatterns = new Set(SECRET_FILE_PATTERNS.map((p) => p.pattern));

  const priceSchema = strictObject(z, {
    input: amount,
    output: amount,
    cacheRead: amount.optional(),
    cacheWrite: amount.optional(),
  });

  const modelSchema = strictObject(z, {
    id: z.string().min(1, { error: "expected the model's id" }),
    name: z.string().optional(),
    alias: z.string().optional(),
    contextWindow: positiveInt.optional(),
    maxOutput: positiveInt.optional(),
    supportsTools: z.boolean().optional(),
    supportsImages: z.boolean().optional(),
    /** The model takes the protocol's reasoning-effort field (`--effort`). */
    reasoning: z.boolean().optional(),
    price: priceSchema.optional(),
  });

  const httpUrl = z.string().refine(
    (value) => {
      try {
        return ["http:", "https:"].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: "expected an http:// or https:// URL" },
  );

  const providerSchema = strictObject(z, {
    /** `anthropic-messages` is accepted as another name for `anthropic`. */
    protocol: z.enum(["anthropic", "openai-responses", "openai-chat", "anthropic-messages"]),
    baseUrl: httpUrl.optional(),
    apiKeyEnv: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, {
        error: "expected the name of an environment variable (the key itself belongs in it)",
      })
      .optional(),
    apiKeyHeader: headerName.optional(),
    headers: z.record(headerName, headerValue).optional(),
    query: z.record(z.string(), z.string()).optional(),
    models: z.array(modelSchema).optional(),
  });

  const configSchema = z.object({
    model: z.string().min(1).optional(),
    provider: z.string().min(1).optional(),
    maxSteps: positiveInt.optional(),
    /** The interface's language (the locale of the environment when unset). */
    language: z.enum(["en", "zh-CN"]).optional(),
    /** The interface's colours: `auto` (default) follows the terminal's background. */
    theme: z.enum(["auto", "dark", "light"]).optional(),
    /** How hard the model thinks (`--effort`, `/effort`); absent: the model's default. */
    effort: z.enum(["low", "medium", "high"]).optional(),
    providers: z.record(z.string().min(1), providerSchema).optional(),
    retry: strictObject(z, {
      maxRetries: z.number().int().min(0).max(10).optional(),
      baseDelayMs: z.number().int().min(0).optional(),
      maxDelayMs: z.number().int().min(0).optional(),
    }).optional(),
    /**
     * Limits on every model request: `connectMs` from sending it to the response's headers
     * (10 000), `idleMs` between pieces of the streamed answer, keep-alives not counting (120 000).
     */
    timeouts: strictObject(z, {
      connectMs: limitMs.optional(),
      idleMs: limitMs.optional(),
    }).optional(),
    /**
     * Per sub-agent kind (`explore`, `plan`, `general`, a custom agent's name): the model it runs
     * on (an id or alias; default: the model in use when it starts) and its step cap (30).
     */
    agents: z
      .record(
        z.string().regex(/^[a-z][a-z0-9_-]*$/, { error: "expected an agent name" }),
        strictObject(z, { model: z.string().min(1).optional(), maxSteps: positiveInt.optional() }),
      )
      .optional(),
    /**
     * Sub-agents (`task`): at most `maxConcurrent` run at once (4), the others wait their turn;
     * at most `maxPerTurn` are started in one turn (20), further calls are refused.
     */
    subagents: strictObject(z, {
      maxConcurrent: positiveInt.max(64, { error: "expected a number from 1 to 64" }).optional(),
      maxPerTurn: positiveInt.max(1000, { error: "expected a number from 1 to 1000" }).optional(),
    }).optional(),
    /** Background jobs (`shell_run` `background: true`): at most `maxBackground` run at once (4). */
    shell: strictObject(z, {
      maxBackground: positiveInt.max(32, { error: "expected a number from 1 to 32" }).optional(),
    }).optional(),
    /**
     * Files that may hold secrets (`workspace/secret-files.ts`): `add` globs after the built-in
     * ones (`!glob` exempts), `remove` built-in ones by their exact text.
     */
    secretFiles: strictObject(z, {
      add: z.array(glob).optional(),
      remove: z
        .array(
          z.string().refine((p) => builtInPatterns.has(p), {
            error: "expected one of North's built-in secret-file patterns (see the README)",
          }),
        )
        .optional(),
    }).optional(),
    /**
     * MCP servers by name, as other agents write them (checked one by one in `mcp/config.ts`, so
     * that one broken entry never disables the rest of the config).
     */
    mcpServers: z.record(z.string(), z.unknown()).optional(),
    /**
     * `toolBudget`: bytes all MCP tools' schemas may take in a request (12 KB); past it the model
     * gets `mcp_search` to find the ones it needs instead.
     */
    mcp: strictObject(z, { toolBudget: positiveInt.optional() }).optional(),
    /** Automatic compaction: when a request would pass `threshold` of the context window (0.85). */
    compaction: strictObject(z, {
      threshold: z
        .number()
        .min(0.2, { error: "expected a share of the window between 0.2 and 0.95" })
        .max(0.95, { error: "expected a share of the window between 0.2 and 0.95" })
        .optional(),
    }).optional(),
    /**
     * Ghost-text suggestions in the composer: the model (an id or alias, as `--model`) and
     * optionally its provider. Absent: no suggestions, nothing loaded. Read from this file only
     * (a repository's settings never name it).
     */
    suggestion: strictObject(z, {
      model: z.string().min(1, { error: "expected the model's id" }),
      provider: z.string().min(1).optional(),
    }).optional(),
    /**
     * What the OS sandbox hides from commands (`sandbox-masks.ts`): `mask` adds paths to North's
     * folders and the common credential locations, `unmask` removes some of those. Read from
     * this file only (a repository's settings never name it).
     */
    sandbox: strictObject(z, {
      mask: z.array(maskPath).optional(),
      unmask: z.array(maskPath).optional(),
    }).optional(),
    /**
     * Hooks on the agent's events, in Claude Code's shape (checked entry by entry in
     * `session/hooks/hook-config.ts`, so one broken entry never disables the rest).
     */
    hooks: z.record(z.string(), z.unknown()).optional(),
    /**
     * Notifications (the TUI, and the Notification hook's long turns): after a turn of at least
     * `afterSeconds` (30), or a review waiting while the terminal is not focused; `command`
     * runs instead of the terminal's bell and OSC 9/777 (this file only: a repository never
     * names a program); `enabled: false` turns them off (`/notify off`).
     */
    notify: strictObject(z, {
      enabled: z.boolean().optional(),
      afterSeconds: z
        .number()
        .min(0, { error: "expected seconds, 0 or more" })
        .max(86_400, { error: "expected seconds, at most 86400" })
        .optional(),
      command: z.string().min(1, { error: "expected a shell command" }).optional(),
    }).optional(),
    /** How many times in a row a Stop hook may send the model back in one turn (5). */
    stopHookLimit: positiveInt.max(100, { error: "expected a number from 1 to 100" }).optional(),
    /**
     * `web_fetch` and `web_search` (`session/tools/web-tools.ts`). Read from this file only (a
     * repository's settings never name it): `allowDomains` are reached without a review (each
     * with its subdomains; headless runs reach only these, or any with `--approve all`);
     * `allowHosts` may resolve to loopback, private or link-local addresses (refused otherwise);
     * `timeoutMs` bounds one fetch (30 000); `search` names the search provider (none: no
     * `web_search`), `apiKeyEnv` the variable holding its key, `url` its endpoint.
     */
    web: strictObject(z, {
      allowDomains: z
        .array(z.string().regex(DOMAIN, { error: "expected a domain name" }))
        .optional(),
      allowHosts: z.array(z.string().min(1)).optional(),
      timeoutMs: limitMs.optional(),
      search: strictObject(z, {
        provider: z.enum(["brave", "tavily", "searxng", "exa"]),
        apiKeyEnv: z
          .string()
          .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, {
            error: "expected the name of an environment variable (the key itself belongs in it)",
          })
          .optional(),
        url: httpUrl.optional(),
      }).optional(),
    }).optional(),
    /** Checks after the model's edits (`checksSchema` in settings.ts): every repository's. */
    checks: checksSchema(z).optional(),
    /**
     * What the person set for one repository, keyed by its root's absolute path (as Codex's
     * `[projects."path"]`): `checks` turned on with `/checks on`.
     */
    projects: z.record(z.string(), z.object({ checks: checksSchema(z).optional() })).optional(),
  });
  return { configSchema, providerSchema };
}

let built: ReturnType<typeof buildSchemas> | undefined;
const schemas = (z: ZodModule) => (built ??= buildSchemas(z));

/** The global config (`config.json`); unknown top-level fields are ignored, not errors. */
export type GlobalConfig = z.infer<ReturnType<typeof buildSchemas>["configSchema"]>;

/** The interface's colours as the person chose them (config `theme`, `/theme`). */
export type ThemeChoice = NonNullable<GlobalConfig["theme"]>;
export type ProviderEntry = z.infer<ReturnType<typeof buildSchemas>["providerSchema"]>;
/** Checks a global config's JSON (zod loads on the first check). */
export async function checkGlobalConfig(
  json: unknown,
): Promise<z.ZodSafeParseResult<GlobalConfig>> {
  const z = await loadZod();
  return (schemas(z).configSchema as z.ZodType<GlobalConfig>).safeParse(json, {
    reportInput: true,
  });
}

export function configPath(env: Record<string, string | undefined>): string {
  return join(configDir(env), "config.json");
}

export interface LoadedConfig {
  path: string;
  /** The validated config, or `{}` (the defaults) when the file is missing or broken. */
  config: GlobalConfig;
  /** False when the file exists but could not be read or validated: North must not write it. */
  writable: boolean;
  /** One line for the person when the file is broken. */
  notice?: string;
}

/**
 * Reads the global config. Never throws: a missing file is the defaults; a broken one is the
 * defaults plus a notice naming the file, the field and what was expected.
 */
export async function loadConfigFile(
  env: Record<string, string | undefined>,
): Promise<LoadedConfig> {
  const path = configPath(env);
  const read = await readJsonFile(path, (z) => schemas(z).configSchema);
  return {
    path,
    config: read.value ?? {},
    writable: read.state !== "broken",
    ...(read.notice ? { notice: read.notice } : {}),
  };
}

/** The global config alone (the defaults when the file is broken); see {@link loadConfigFile}. */
export async function loadConfig(env: Record<string, string | undefined>): Promise<GlobalConfig> {
  return (await loadConfigFile(env)).config;
}
