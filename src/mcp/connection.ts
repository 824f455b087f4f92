/**
 * One MCP server: its client on the official SDK (`@modelcontextprotocol/client`, loaded on the
 * first connection), the transport its entry names, its state and its tools. Connecting happens
 * in the background; a server that fails or exits is reported once (`onChange`) and started
 * again on its next use.
 */
import type { Client } from "@modelcontextprotocol/client";
import type { Readable } from "node:stream";
import type { AnyTool } from "../agent/tool.js";
import type { Logger } from "../log/logger.js";
import type { McpServerEntry } from "./config.js";
import { createMcpTools } from "./tool-bridge.js";
import { NorthOAuthProvider } from "./oauth/oauth-provider.js";
import { OAuthStore } from "./oauth/oauth-store.js";
import { createMcpPromptCommands, type McpPromptCommand } from "./prompts.js";
import { formFields, type Elicit } from "./elicitation.js";

/** A folder the client works in, as MCP's `roots/list` gives it (`file://` URI). */
export interface McpRoot {
  uri: string;
  name?: string;
}

export type McpState =
  /** Defined by the repository and not approved by the person for it yet. */
  | "needs-approval"
  /** Not started: a headless run does not start a repository's server nobody approved. */
  | "off"
  | "connecting"
  | "ready"
  /** A remote server that wants an OAuth sign-in first (`/mcp login NAME`). */
  | "needs-sign-in"
  /** Failed to start, or exited; `error` says why. Started again on the next use. */
  | "failed"
  /** The entry cannot be used (`problem`). */
  | "invalid";

/** What `/mcp` and the status line show of a server. */
export interface McpServerView {
  name: string;
  origin: McpServerEntry["origin"];
  /** "stdio", "http", "sse" (what was reached), or what the entry names before connecting. */
  transport: string;
  summary: string;
  state: McpState;
  tools: number;
  error?: string;
}

/** How long starting a server (spawn or reach it, then `initialize`) may take. */
export const CONNECT_TIMEOUT_MS = 30_000;
/** Most stderr lines of one server written to the log (a chatty server cannot fill it). */
const MAX_STDERR_LINES = 2_000;

declare const __NORTH_VERSION__: string;
const VERSION = typeof __NORTH_VERSION__ === "string" ? __NORTH_VERSION__ : "0.0.0-dev";

export class McpConnection {
  state: McpState;
  error: string | undefined;
  tools: AnyTool[] = [];
  /** The server's prompts, as slash commands (none when it offers no prompts). */
  prompts: McpPromptCommand[] = [];
  private client: Client | undefined;
  private reached: string | undefined;
  private connecting: Promise<Client> | undefined;
  /** A `tools/list` after the server said its tools changed, while it runs. */
  private relisting: Promise<void> | undefined;
  private closed = false;

  constructor(
    readonly entry: McpServerEntry,
    private readonly options: {
      logger: Logger;
      /** Where OAuth tokens of remote servers are kept (North's data folder, 0700). */
      authDir: string;
      /** Called after every change of state or tools. */
      onChange: (connection: McpConnection) => void;
      /** The folders North works in (`roots/list`): the repository root and any added ones. */
      roots: () => McpRoot[];
      /** Asks the person a server's question (`elicitation/create`). */
      elicit: Elicit;
    },
    initial: "needs-approval" | "off" | "start",
  ) {
    this.state = entry.config ? (initial === "start" ? "connecting" : initial) : "invalid";
    this.error = entry.problem;
  }

  get view(): McpServerView {
    return {
      name: this.entry.name,
      origin: this.entry.origin,
      transport: this.reached ?? this.entry.config?.transport ?? "?",
      summary: this.entry.summary,
      state: this.state,
      tools: this.tools.length,
      ...(this.error ? { error: this.error } : {}),
    };
  }

  /** Connects in the background (never rejects); the state says how it went. */
  start(): Promise<void> {
    return this.connect().then(
      () => undefined,
      () => undefined,
    );
  }

  /**
   * The connected client, connecting (again) first when the server is not running. Rejects with
   * a message for the model when it cannot be reached.
   */
  connect(): Promise<Client> {
    if (this.client && this.state === "ready") return Promise.resolve(this.client);
    if (!this.entry.config || this.closed) {
      return Promise.reject(new Error(this.error ?? "the server is not available"));
    }
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  /** Tells a running server its roots changed (`notifications/roots/list_changed`). */
  async rootsChanged(): Promise<void> {
    if (this.state !== "ready" || !this.client) return;
    await this.client.sendRootsListChanged().catch((error: Error) =>
      this.options.logger.log("mcp_protocol_warning", {
        server: this.entry.name,
        message: error.message,
      }),
    );
  }

  /** Stops the server (its process, its connection) for good. */
  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => {});
  }

  /** Stops and starts it again (`/mcp reconnect`). */
  async restart(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => {});
    this.set("connecting", undefined);
    await this.start();
  }

  private async open(): Promise<Client> {
    const config = this.entry.config!;
    const { logger } = this.options;
    this.set("connecting", undefined);
    const started = Date.now();
    let auth: NorthOAuthProvider | undefined;
    try {
      const sdk = await import("@modelcontextprotocol/client");
      // Roots: the server may ask where North works, and hears when that changes. Elicitation
      // (form mode only): its questions go to the person through the session.
      const client = new sdk.Client(
        { name: "north", version: VERSION },
        { capabilities: { roots: { listChanged: true }, elicitation: { form: {} } } },
      );
      client.setRequestHandler("roots/list", () => ({ roots: this.options.roots() }));
      client.setRequestHandler("elicitation/create", async (request, ctx) => {
        const params = request.params;
        const fields = params.mode === "url" ? undefined : formFields(params.requestedSchema);
        if (params.mode === "url" || !fields) {
          logger.log("mcp_elicitation_declined", { server: this.entry.name, why: "unsupported" });
          return { action: "decline" as const };
        }
        const review = {
          type: "elicitation" as const,
          server: this.entry.name,
          message: params.message,
          fields,
          requestedSchema: params.requestedSchema as Record<string, unknown>,
        };
        return this.options.elicit(review, ctx.mcpReq.signal);
      });
      client.onerror = (error) =>
        logger.log("mcp_protocol_warning", { server: this.entry.name, message: error.message });
      const timeout = { timeout: CONNECT_TIMEOUT_MS };
      if (config.transport === "stdio") {
        const { StdioClientTransport, getDefaultEnvironment } =
          await import("@modelcontextprotocol/client/stdio");
        const transport = new StdioClientTransport({
          command: config.command,
          args: config.args,
          // Only the basics (PATH, HOME…) and what the entry sets: never North's API keys.
          env: { ...getDefaultEnvironment(), ...config.env },
          cwd: config.cwd,
          stderr: "pipe",
        });
        this.logStderr(transport.stderr as Readable | null);
        await client.connect(transport, timeout);
        this.reached = "stdio";
      } else {
        const provider = new NorthOAuthProvider({
          store: new OAuthStore(this.options.authDir, config.url),
        });
        auth = provider;
        const requestInit = { headers: config.headers };
        const options = { requestInit, authProvider: provider };
        const url = new URL(config.url);
        if (config.transport === "sse") {
          await client.connect(new sdk.SSEClientTransport(url, options), timeout);
          this.reached = "sse";
        } else {
          try {
            await client.connect(new sdk.StreamableHTTPClientTransport(url, options));
            this.reached = "http";
          } catch (error) {
            if (provider.needsSignIn) throw error;
            // A server from before Streamable HTTP answers only the older SSE transport.
            logger.log("mcp_http_fallback", {
              server: this.entry.name,
              message: (error as Error).message,
            });
            await client.connect(new sdk.SSEClientTransport(url, options), timeout);
            this.reached = "sse";
          }
        }
      }
      client.onclose = () => this.lost(client);
      const source = {
        server: this.entry.name,
        timeoutMs: config.timeoutMs,
        trustReadOnlyHint: config.trustReadOnlyHint,
        connect: () => this.connect(),
        toolsSettled: () => this.relisting ?? Promise.resolve(),
      };
      const capabilities = client.getServerCapabilities();
      this.tools = capabilities?.tools ? createMcpTools(source, await listAllTools(client)) : [];
      this.prompts = capabilities?.prompts
        ? createMcpPromptCommands(source, await listAllPrompts(client))
        : [];
      // A server whose tools change says so: they are listed again and join from the next step.
      client.setNotificationHandler("notifications/tools/list_changed", () => {
        const relist = (async () => {
          try {
            this.tools = createMcpTools(source, await listAllTools(client));
            logger.log("mcp_tools_changed", { server: this.entry.name, tools: this.tools.length });
            this.options.onChange(this);
          } catch (error) {
            logger.log("mcp_protocol_warning", {
              server: this.entry.name,
              message: (error as Error).message,
            });
          }
        })();
        const done: Promise<void> = relist.finally(() => {
          if (this.relisting === done) this.relisting = undefined;
        });
        this.relisting = done;
      });
      if (this.closed) {
        await client.close().catch(() => {});
        throw new Error("North is closing");
      }
      this.client = client;
      logger.log("mcp_connected", {
        server: this.entry.name,
        transport: this.reached,
        tools: this.tools.length,
        ms: Date.now() - started,
      });
      this.set("ready", undefined);
      return client;
    } catch (error) {
      if (auth?.needsSignIn || (error as Error).name === "UnauthorizedError") {
        const message = `it needs you to sign in: /mcp login ${this.entry.name}`;
        logger.log("mcp_needs_sign_in", { server: this.entry.name });
        this.set("needs-sign-in", message);
        throw new Error(message);
      }
      const message = describeFailure(error);
      logger.log("mcp_connect_failed", { server: this.entry.name, message });
      this.set("failed", message);
      throw new Error(message);
    }
  }

  /** The connection closed: the server exited or dropped it. */
  private lost(client: Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.options.logger.log("mcp_server_exited", { server: this.entry.name });
    this.set("failed", "the server exited; it is started again on its next use");
  }

  private set(state: McpState, error: string | undefined): void {
    if (this.state === state && this.error === error) return;
    this.state = state;
    this.error = error;
    this.options.onChange(this);
  }

  /** The server's stderr goes to North's log, line by line, never to the screen. */
  private logStderr(stream: Readable | null): void {
    if (!stream) return;
    let lines = 0;
    let rest = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop() ?? "";
      if (rest.length > 4096) rest = rest.slice(0, 4096);
      for (const line of parts) {
        if (++lines > MAX_STDERR_LINES) continue;
        this.options.logger.log("mcp_stderr", {
          server: this.entry.name,
          line: line.slice(0, 2000),
        });
      }
    });
    stream.on("error", () => {});
  }
}

/** Every page of `prompts/list` (a server that fails to list them has none). */
async function listAllPrompts(client: Client) {
  const prompts = [];
  let cursor: string | undefined;
  try {
    for (let page = 0; page < 100; page++) {
      const result = await client.listPrompts(cursor ? { cursor } : undefined);
      prompts.push(...result.prompts);
      cursor = result.nextCursor;
      if (!cursor) break;
    }
  } catch {
    return prompts;
  }
  return prompts;
}

/** Every page of `tools/list`. */
async function listAllTools(client: Client) {
  const tools = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const result = await client.listTools(cursor ? { cursor } : undefined);
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return tools;
}

function describeFailure(error: unknown): string {
  const err = error as { code?: unknown; message?: unknown };
  if (err?.code === "ENOENT") return "its command was not found";
  const message = typeof err?.message === "string" ? err.message : String(error);
  if (/ENOENT/.test(message)) return "its command was not found";
  if (/ECONNREFUSED/.test(message)) return "nothing answers at its address (connection refused)";
  return message.split("\n")[0]!.slice(0, 300);
}
