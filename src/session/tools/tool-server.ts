import { runTool, schemasReady, toolSchema, type AnyTool, type Review } from "../../agent/tool.js";
import { NO_ESCALATION } from "../../tools/index.js";
import type { Logger } from "../../log/logger.js";
import { serveTools, type ServedTool } from "../../mcp/serve.js";
import { detectSandbox, startOwnProgram } from "../../shell/index.js";
import { createWorkspace, openCheckpoints, setSecretFilePatterns } from "../../workspace/index.js";
import { checkDataDir } from "../storage/data-checks.js";
import { dataDir } from "../config/paths.js";
import { createSessionTools, JOB_TOOLS } from "./session-tools.js";
import type { GlobalConfig } from "../config/config.js";
import { providerKeyVariables } from "./shell-set.js";
import { sandboxMasks } from "../permissions/sandbox-masks.js";
import { discoverDevTools } from "../context/dev-tools.js";
import { defineTool } from "../../agent/tool.js";
import type { Readable, Writable } from "node:stream";

export interface ToolServerOptions {
  root: string;
  env: Record<string, string | undefined>;
  config: GlobalConfig;
  logger: Logger;
  /** Also serve the edit tools and `shell_run` (in the OS sandbox, only where it works). */
  allowChanges: boolean;
  input: Readable;
  output: Writable;
  /** A line for the person (stderr: stdout is the protocol). */
  note(text: string): void;
}

/**
 * `north mcp serve`: the repository's read and search tools — the very tools of a session, with
 * their arguments and the same rules for paths (nothing outside the repository, no secret file
 * without a person) — served over MCP until the client disconnects. With `allowChanges`, the edit
 * tools and `shell_run` too: edits checkpointed for `/undo`, commands only in the OS sandbox
 * (with the repository writable and no network; `escalate` is neither offered nor honoured);
 * without a sandbox, `shell_run` is not served at all (a note on stderr says why).
 * Resolves when the client has gone.
 */
export async function serveRepositoryTools(options: ToolServerOptions): Promise<void> {
  const workspace = await createWorkspace(options.root);
  setSecretFilePatterns(options.config.secretFiles ?? {});
  const data = await checkDataDir(options.env, workspace.root);
  const sandbox = options.allowChanges ? await detectSandbox() : undefined;
  const sandboxed = sandbox?.available === true;
  const { tools: all, shells } = createSessionTools({
    workspace,
    env: options.env,
    logger: options.logger,
    checkpoints: () =>
      openCheckpoints({
        ws: workspace,
        dataDir: dataDir(options.env),
        session: `mcp-serve-${Date.now().toString(36)}`,
        journal: data.journal,
        startProgram: startOwnProgram,
      }),
    live: { emit: () => {} },
    journal: data.journal,
    profile: () => (sandboxed ? "workspace-write" : "none"),
    secretEnv: providerKeyVariables(options.config),
    mask: sandboxMasks(options.env, options.config),
    // Nobody is here to allow leaving the sandbox: served commands never do.
    escalation: false,
  });
  const served = all.filter((t) => {
    // The background jobs' tools go with shell_run, which alone starts a job.
    if (JOB_TOOLS.includes(t.name)) return Boolean(options.allowChanges && sandboxed);
    if (t.kind === "read") return true;
    if (!options.allowChanges) return false;
    if (t.kind === "edit") return true;
    return t.name === "shell_run" && sandboxed;
  });
  if (options.allowChanges && !sandboxed) {
    options.note(
      `shell_run is not served: commands run only in the OS sandbox, and ${sandbox?.available === false ? sandbox.reason : "it is unavailable"}.`,
    );
  }
  served.push(devToolsTool(options.env));
  const byName = new Map<string, AnyTool>(served.map((t) => [t.name, t]));
  await schemasReady(served);
  const listed: ServedTool[] = served.map((t) => {
    const schema = toolSchema(t);
    return {
      name: t.name,
      description: schema.description,
      inputSchema: t.name === "shell_run" ? withoutEscalate(schema.parameters) : schema.parameters,
      readOnly: t.kind === "read",
    };
  });
  try {
    await serveTools(
      listed,
      async (name, args, signal) => {
        const tool = byName.get(name)!;
        options.logger.log("mcp_serve_call", { tool: name });
        // The client that called asks its own person; North's sandbox and path rules still hold,
        // and nothing here may leave the sandbox (`stayInSandbox`).
        const result = await runTool(tool, args, JSON.stringify(args), { signal }, stayInSandbox);
        return { content: result.content, isError: result.isError };
      },
      {
        input: options.input,
        output: options.output,
        onError: (error) => options.logger.log("mcp_serve_error", { message: error.message }),
      },
    );
  } finally {
    await shells.dispose();
  }
}

/**
 * The served tools' approval: everything the client's own person allowed, except a command that
 * would run outside the OS sandbox — no one here can allow that (`shell_run` already refuses
 * `escalate`; this holds should any other way to an unsandboxed command appear).
 */
const stayInSandbox = async (review: Review) =>
  review.type === "command" && review.sandbox === "none"
    ? { allow: false as const, reason: NO_ESCALATION }
    : { allow: true as const };

/** shell_run's schema as served: no `escalate` (see `stayInSandbox`). */
function withoutEscalate(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = { ...(schema.properties as Record<string, unknown> | undefined) };
  delete properties.escalate;
  const required = (schema.required as string[] | undefined)?.filter((r) => r !== "escalate");
  return { ...schema, properties, ...(required ? { required } : {}) };
}

/**
 * `dev_tools`: the developer tools on this machine's PATH with their versions, and the missing
 * ones (what `/tools` shows), so a client's model picks `python3` or `pnpm` without guessing.
 */
function devToolsTool(env: Record<string, string | undefined>): AnyTool {
  return defineTool({
    name: "dev_tools",
    kind: "read",
    description:
      "The developer tools installed on this machine (git, node and its package managers, python and its, go, cargo, java build tools, dotnet, ruby, docker, make, ripgrep, gh) with their versions, and which are missing.",
    schema: (z) => z.object({}),
    async execute() {
      const { installed, missing } = await discoverDevTools(env);
      const lines = installed.map((t) => `${t.program} ${t.version ?? "(version unknown)"}`);
      const absent = missing.map((m) => m.name).join(", ");
      return {
        content: `Installed: ${lines.join(", ") || "none"}\nNot found: ${absent || "none"}`,
      };
    },
  });
}
