/**
 * The MCP servers of a session. Servers start in the background and never hold up start-up;
 * their tools join the session's tools as each one is ready. A server a repository defines
 * (`.north/mcp.json`) starts only once the person approved that very definition for this
 * repository (`approvals`, kept outside the repository); until then it waits, and a headless
 * run leaves it off.
 */
import type { AnyTool } from "../agent/tool.js";
import type { Logger } from "../log/logger.js";
import type { McpServerEntry } from "./config.js";
import { McpConnection, type McpRoot, type McpServerView } from "./connection.js";
import type { Elicit } from "./elicitation.js";
import type { McpPromptCommand } from "./prompts.js";
import { readMcpResource } from "./resources.js";
import { mcpToolOrigin } from "./tool-bridge.js";

export type { McpRoot, McpServerView, McpState } from "./connection.js";

/** One tool of a server as `/mcp` lists it: the server's own name and a one-line summary. */
export interface McpToolSummary {
  name: string;
  summary: string;
}

/** The person's approvals of repository-defined servers (see `PermissionStore`). */
export interface McpApprovals {
  approved(name: string, fingerprint: string): boolean;
  /** Records an approval; false when it could not be saved (it holds for this session). */
  approve(name: string, fingerprint: string): Promise<boolean>;
}

export interface McpHubOptions {
  servers: readonly McpServerEntry[];
  approvals: McpApprovals;
  /** A person is there to approve repository servers (the TUI); headless runs are not. */
  interactive: boolean;
  logger: Logger;
  /** North's data folder's `mcp-auth/`: the OAuth tokens of remote servers (0600 files). */
  authDir: string;
  /** Called when a server's state or tools change (the session tells its front end). */
  onChange?: (server: McpServerView) => void;
  /** The folders North works in, first the repository root (MCP `roots`). */
  roots: readonly McpRoot[];
  /** Asks the person a server's question (MCP elicitation); absent: every one is declined. */
  elicit?: Elicit;
}

export class McpHub {
  private readonly connections: McpConnection[];
  /** The ready servers' prompts; a new array only when a server changed (see `prompts`). */
  private promptList: McpPromptCommand[] = [];
  private rootList: McpRoot[];

  constructor(private readonly options: McpHubOptions) {
    this.rootList = [...options.roots];
    const elicit: Elicit = options.elicit ?? (async () => ({ action: "decline" }));
    this.connections = options.servers.map((entry) => {
      const approved =
        entry.origin === "global" || options.approvals.approved(entry.name, entry.fingerprint);
      const initial = approved ? "start" : options.interactive ? "needs-approval" : "off";
      return new McpConnection(
        entry,
        {
          logger: options.logger,
          authDir: options.authDir,
          onChange: (c) => {
            this.promptList = this.connections.flatMap((x) =>
              x.state === "ready" ? x.prompts : [],
            );
            options.onChange?.(c.view);
          },
          roots: () => this.rootList.map((r) => ({ ...r })),
          elicit,
        },
        initial,
      );
    });
  }

  /** The roots servers are given (`roots/list`). */
  roots(): McpRoot[] {
    return this.rootList.map((r) => ({ ...r }));
  }

  /**
   * Replaces the roots (a folder added or removed); running servers are told when they differ
   * (`notifications/roots/list_changed`) and list them again as they need.
   */
  async setRoots(roots: readonly McpRoot[]): Promise<void> {
    const same =
      roots.length === this.rootList.length &&
      roots.every((r, i) => r.uri === this.rootList[i]!.uri && r.name === this.rootList[i]!.name);
    if (same) return;
    this.rootList = [...roots];
    await Promise.all(this.connections.map((c) => c.rootsChanged()));
  }

  /** Starts every server that may start, in the background. */
  start(): void {
    for (const c of this.connections) if (c.state === "connecting") void c.start();
  }

  /**
   * Resolves once every started server is ready or has failed (at most `timeoutMs`): a headless
   * run waits for its servers' tools before its first request.
   */
  async settled(timeoutMs: number): Promise<void> {
    const pending = this.connections.filter((c) => c.state === "connecting");
    if (pending.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(pending.map((c) => c.start())),
      new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
  }

  /**
   * The tools of the servers that are ready, in configuration order, and of those that were and
   * then exited (a call starts such a server again).
   */
  tools(): AnyTool[] {
    return this.connections.flatMap((c) =>
      c.state === "ready" || c.state === "failed" ? c.tools : [],
    );
  }

  /**
   * The ready servers' prompts as slash commands; the same array until a server changes, so a
   * caller may keep what it built from it.
   */
  prompts(): readonly McpPromptCommand[] {
    return this.promptList;
  }

  /** The names of the servers that are ready (their resources can be attached). */
  readyServers(): string[] {
    return this.connections.filter((c) => c.state === "ready").map((c) => c.entry.name);
  }

  /** Reads a resource of a ready server (`@server:uri`). Throws a message for the person. */
  readResource(server: string, uri: string, signal?: AbortSignal) {
    const c = this.find(server);
    return readMcpResource(
      { connect: () => c.connect(), timeoutMs: c.entry.config?.timeoutMs ?? 60_000 },
      uri,
      signal,
    );
  }

  servers(): McpServerView[] {
    return this.connections.map((c) => c.view);
  }

  /** The tools server `name` offers now (its own names, first lines of their descriptions). */
  toolSummaries(name: string): McpToolSummary[] {
    const c = this.connections.find((x) => x.entry.name === name);
    return (c?.tools ?? []).flatMap((tool) => {
      const origin = mcpToolOrigin(tool);
      return origin ? [{ name: origin.tool, summary: origin.summary }] : [];
    });
  }

  /** Starts a server again (`/mcp reconnect NAME`); its view afterwards. */
  async reconnect(name: string): Promise<McpServerView> {
    const c = this.find(name);
    if (c.state === "needs-approval" || c.state === "off") {
      throw new Error(
        `"${name}" is defined by this repository and not approved: /mcp approve ${name}`,
      );
    }
    if (c.state === "invalid") throw new Error(`"${name}" cannot start: ${c.error ?? "?"}`);
    await c.restart();
    return c.view;
  }

  /**
   * The person approves a repository's server (`/mcp approve NAME`): remembered for this
   * definition in this repository, then started. Resolves once it is ready or has failed.
   */
  async approve(name: string): Promise<{ view: McpServerView; saved: boolean }> {
    const c = this.find(name);
    if (c.entry.origin !== "project")
      throw new Error(`"${name}" is in your own config: nothing to approve`);
    if (c.state === "invalid") throw new Error(`"${name}" cannot start: ${c.error ?? "?"}`);
    const saved = await this.options.approvals.approve(name, c.entry.fingerprint);
    if (c.state === "needs-approval" || c.state === "off") await c.restart();
    return { view: c.view, saved };
  }

  /**
   * Signs in to a remote server (`/mcp login NAME`): the OAuth flow with a loopback redirect,
   * `show` getting the URL the person opens; then starts the server. Throws a message for the
   * person (not a remote server, the sign-in failed or timed out).
   */
  async login(name: string, show: (url: string) => void): Promise<McpServerView> {
    const c = this.find(name);
    const config = c.entry.config;
    if (!config || config.transport === "stdio") {
      throw new Error(`"${name}" is not a remote server: there is nothing to sign in to.`);
    }
    const { signIn } = await import("./oauth/sign-in.js");
    await signIn({ serverUrl: config.url, authDir: this.options.authDir, show });
    await c.restart();
    return c.view;
  }

  /** Stops every server. */
  async close(): Promise<void> {
    await Promise.all(this.connections.map((c) => c.close()));
  }

  private find(name: string): McpConnection {
    const c = this.connections.find((x) => x.entry.name === name);
    if (!c) {
      const names = this.connections.map((x) => x.entry.name);
      throw new Error(
        `No MCP server "${name}"${names.length ? ` (configured: ${names.join(", ")})` : " is configured"}.`,
      );
    }
    return c;
  }
}
