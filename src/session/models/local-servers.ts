import { request } from "node:http";
import type { ModelInfo, VendorConfig } from "../../ai/index.js";
import { UNKNOWN_MODEL_LIMITS } from "../../ai/index.js";

/** A local OpenAI-compatible server that answered, with the models it lists. */
export interface LocalServer {
  /** The provider name North gives it: `local-ollama` or `local-lmstudio`. */
  name: string;
  label: string;
  port: number;
  models: string[];
}

interface Known {
  name: string;
  label: string;
  port: number;
  /** Paths to ask for the model list, in order: the OpenAI one, then the server's own. */
  paths: string[];
}

const KNOWN: readonly Known[] = [
  { name: "local-ollama", label: "Ollama", port: 11434, paths: ["/v1/models", "/api/tags"] },
  { name: "local-lmstudio", label: "LM Studio", port: 1234, paths: ["/v1/models"] },
];

/** How long the whole probe may take; both servers are asked at once. */
export const PROBE_BUDGET_MS = 300;

/**
 * The servers to probe. `NORTH_LOCAL_SERVERS` may turn the probe `off` or move the ports
 * (`ollama=11500,lmstudio=1235`); the host is always 127.0.0.1.
 */
export function localTargets(env: Record<string, string | undefined>): Known[] {
  const setting = env.NORTH_LOCAL_SERVERS?.trim();
  if (!setting) return [...KNOWN];
  if (setting === "off" || setting === "0") return [];
  const ports = new Map<string, number>();
  for (const pair of setting.split(/[,\s]+/)) {
    const [key, value] = pair.split(/[=:]/);
    const port = Number(value);
    if (key && Number.isInteger(port) && port > 0 && port < 65536) ports.set(key, port);
  }
  return KNOWN.filter((k) => ports.has(k.name.slice(6))).map((k) => ({
    ...k,
    port: ports.get(k.name.slice(6))!,
  }));
}

/**
 * Asks Ollama and LM Studio on loopback for their models, in parallel, within
 * {@link PROBE_BUDGET_MS} in all. Resolves with the servers that answered with at least one
 * model; never rejects. Uses `node:http` (not the global fetch, whose start-up cost a short run
 * would pay).
 */
export async function probeLocalServers(
  env: Record<string, string | undefined>,
  budgetMs = PROBE_BUDGET_MS,
): Promise<LocalServer[]> {
  const targets = localTargets(env);
  if (targets.length === 0) return [];
  const deadline = AbortSignal.timeout(budgetMs);
  const found = await Promise.all(targets.map((t) => probeOne(t, deadline)));
  return found.filter((s): s is LocalServer => s !== undefined);
}

async function probeOne(target: Known, signal: AbortSignal): Promise<LocalServer | undefined> {
  for (const path of target.paths) {
    const body = await getJson(target.port, path, signal);
    if (body === "unreachable") return undefined;
    const models = modelIds(body);
    if (models.length > 0) {
      return { name: target.name, label: target.label, port: target.port, models };
    }
  }
  return undefined;
}

/** `{ data: [{ id }] }` (OpenAI) or `{ models: [{ name }] }` (Ollama's own list). */
function modelIds(body: unknown): string[] {
  if (typeof body !== "object" || body === null) return [];
  const list =
    (body as { data?: unknown; models?: unknown }).data ?? (body as { models?: unknown }).models;
  if (!Array.isArray(list)) return [];
  return list
    .map((m: { id?: unknown; name?: unknown }) => m?.id ?? m?.name)
    .filter((id): id is string => typeof id === "string" && id.length > 0);
}

/** GETs JSON from 127.0.0.1; "unreachable" when nothing listens or time ran out. */
function getJson(port: number, path: string, signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve("unreachable");
    const req = request(
      { host: "127.0.0.1", port, path, method: "GET", signal, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > 1_000_000) req.destroy();
          else chunks.push(chunk);
        });
        res.on("end", () => {
          if ((res.statusCode ?? 500) >= 400) return resolve(undefined);
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown);
          } catch {
            resolve(undefined);
          }
        });
        res.on("error", () => resolve("unreachable"));
      },
    );
    req.on("error", () => resolve("unreachable"));
    req.end();
  });
}

/** The server as an `openai-chat` provider that needs no key. */
export function localVendor(server: LocalServer): VendorConfig {
  return {
    name: server.name,
    protocol: "openai-chat",
    baseUrl: `http://127.0.0.1:${server.port}/v1`,
    apiKeyEnv: `${server.name.toUpperCase().replace(/-/g, "_")}_API_KEY`,
    keyOptional: true,
    models: server.models.map((id) => localModel(server, id)),
  };
}

function localModel(server: LocalServer, id: string): ModelInfo {
  return {
    id,
    name: `${id} (${server.label})`,
    provider: server.name,
    protocol: "openai-chat",
    ...UNKNOWN_MODEL_LIMITS,
    supportsTools: true,
  };
}

/** The models of the local servers that answer now (`budgetMs`, see `probeLocalServers`). */
export async function listLocalModels(
  env: Record<string, string | undefined>,
  budgetMs = PROBE_BUDGET_MS,
): Promise<ModelInfo[]> {
  return (await probeLocalServers(env, budgetMs)).flatMap((s) => localVendor(s).models ?? []);
}
