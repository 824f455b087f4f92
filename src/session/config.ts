import { readFile } from "node:fs/promises";
import { join } from "node:path";
import * as z from "zod";
import { configDir } from "./paths.js";

const modelSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  alias: z.string().optional(),
  contextWindow: z.number().int().positive().optional(),
  maxOutput: z.number().int().positive().optional(),
  supportsTools: z.boolean().optional(),
});

const providerSchema = z.object({
  protocol: z.enum(["anthropic", "openai-responses", "openai-chat"]),
  baseUrl: z.string().url().optional(),
  apiKeyEnv: z.string().min(1).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  query: z.record(z.string(), z.string()).optional(),
  models: z.array(modelSchema).optional(),
});

const configSchema = z.object({
  model: z.string().min(1).optional(),
  provider: z.string().min(1).optional(),
  maxSteps: z.number().int().positive().optional(),
  providers: z.record(z.string(), providerSchema).optional(),
  retry: z
    .object({
      maxRetries: z.number().int().min(0).max(10).optional(),
      baseDelayMs: z.number().int().min(0).optional(),
      maxDelayMs: z.number().int().min(0).optional(),
    })
    .optional(),
});

export type GlobalConfig = z.infer<typeof configSchema>;
export type ProviderEntry = z.infer<typeof providerSchema>;

/** A config file that cannot be used; the message names the file and what to fix. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export function configPath(env: Record<string, string | undefined>): string {
  return join(configDir(env), "config.json");
}

/** Reads the global config; a missing file is an empty config, a broken one a `ConfigError`. */
export async function loadConfig(env: Record<string, string | undefined>): Promise<GlobalConfig> {
  const path = configPath(env);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new ConfigError(`Cannot read ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = configSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.join(".") || "(top level)";
    throw new ConfigError(`${path}: ${where}: ${issue.message}`);
  }
  return parsed.data;
}
