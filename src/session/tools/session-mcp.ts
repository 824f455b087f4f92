import type { Logger } from "../../log/logger.js";
import {
  McpHub,
  PROJECT_MCP_FILE,
  readMcpServers,
  type McpPromptCommand,
  type McpServerView,
  type McpToolSummary,
} from "../../mcp/index.js";
import type { PermissionStore } from "../permissions/permission-store.js";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Ask } from "../permissions/policy.js";
import { checkForm, type Elicit } from "../../mcp/elicitation.js";

/**
 * The reason of a rejection that cancels an elicitation (dismissed without an answer) rather
 * than declines it.
 */
export const ELICITATION_CANCEL = "cancel";
import { dataDir, ensurePrivateDir } from "../config/paths.js";
import { t } from "../../i18n/index.js";
import { childProcess } from "../../platform/lazy-builtins.js";

export type { McpPromptCommand, McpServerView, McpState, McpToolSummary } from "../../mcp/index.js";

/** What the session offers about its MCP servers (`/mcp`, RPC, the status line). */
export interface McpControl {
  servers(): McpServerView[];
  /** The tools server `name` offers now (none when it is not ready or unknown). */
  tools(name: string): McpToolSummary[];
  /** Starts a server again. Throws a message for the person for an unknown or unusable one. */
  reconnect(name: string): Promise<McpServerView>;
  /**
   * Approves a server of the repository's `.north/mcp.json` for this repository (stored outside
   * it, for this very definition) and starts it. `saved` is false when the approval could not be
   * written (it holds for this session).
   */
  approve(name: string): Promise<{ view: McpServerView; saved: boolean }>;
  /** The ready servers' prompts (slash commands); the same array until a server changes. */
  prompts(): readonly McpPromptCommand[];
  /**
   * Signs in to a remote server that wants OAuth, then starts it; `show` gets the URL the
   * person opens (North also opens it with `$BROWSER` when that is set).
   */
  login(name: string, show: (url: string) => void): Promise<McpServerView>;
  /** Resolves once every started server is ready or failed (headless waits for this). */
  settled(): Promise<void>;
}

/**
 * The empty folder servers of the person's config start in when their entry names no `cwd`:
 * North's own (0700, in its data folder, which no sandboxed command can write), not the home
 * folder (its files are the person's, but a server given "." would see all of them) nor the
 * repository (its `node_modules` would choose what `npx` runs).
 */
export function mcpNeutralDir(env: Record<string, string | undefined>): string {
  return join(dataDir(env), "mcp-cwd");
}

/** How long a headless run waits for its servers before its first request. */
export const HEADLESS_MCP_WAIT_MS = 30_000;

/**
 * Opens the session's MCP servers (global config, then `.north/mcp.json`) and starts the ones
 * that may start, in the background. `changed` hears every change (the session broadcasts it);
 * `notice` gets what the person is told once: a server that failed, servers awaiting approval.
 */
export function openMcp(input: {
  root: string;
  /** Folders the person added (`--add-dir`): offered to servers as roots too. */
  extraRoots?: readonly string[];
  env: Record<string, string | undefined>;
  global: unknown;
  protectedVariables: readonly string[];
  store: PermissionStore;
  interactive: boolean;
  logger: Logger;
  changed: (servers: McpServerView[]) => void;
  notice: (text: string) => void;
  /** A person to ask a server's question (the approval broker); absent headless. */
  ask?: Ask;
  /** The running turn's signal; undefined when idle (a question then is declined). */
  turn: () => AbortSignal | undefined;
}): { hub: McpHub; control: McpControl; notices: string[] } {
  const neutralCwd = mcpNeutralDir(input.env);
  const { servers, notices } = readMcpServers({
    global: input.global,
    root: input.root,
    neutralCwd,
    env: input.env,
    protectedVariables: input.protectedVariables,
  });
  if (servers.some((s) => s.config?.transport === "stdio" && s.config.cwd === neutralCwd)) {
    try {
      ensurePrivateDir(neutralCwd);
    } catch {
      // The server fails to start and says so (its folder is missing): /mcp shows it.
    }
  }
  const told = new Set<string>();
  const hub: McpHub = new McpHub({
    roots: [input.root, ...(input.extraRoots ?? [])].map((dir) => ({
      uri: pathToFileURL(dir).href,
      name: basename(dir),
    })),
    elicit: elicitThrough(input),
    servers,
    interactive: input.interactive,
    logger: input.logger,
    authDir: join(dataDir(input.env), "mcp-auth"),
    approvals: {
      approved: (name, fingerprint) => input.store.approvedMcpServer(name, fingerprint),
      approve: (name, fingerprint) => input.store.approveMcpServer(name, fingerprint),
    },
    onChange(view) {
      input.changed(hub.servers());
      if (view.state === "failed" && !told.has(view.name)) {
        told.add(view.name);
        input.notice(t("session.mcpFailed", { name: view.name, error: view.error ?? "?" }));
      }
      if (view.state === "needs-sign-in" && !told.has(view.name)) {
        told.add(view.name);
        input.notice(t("session.mcpNotStarted", { name: view.name, error: view.error ?? "?" }));
      }
    },
  });
  for (const view of hub.servers()) {
    if (view.state === "invalid") {
      notices.push(t("session.mcpNotStarted", { name: view.name, error: view.error ?? "?" }));
    }
  }
  const waiting = hub.servers().filter((v) => v.state === "needs-approval" || v.state === "off");
  if (waiting.length > 0) {
    const names = waiting.map((v) => `"${v.name}"`).join(", ");
    notices.push(
      input.interactive
        ? t("session.mcpWaiting", { file: PROJECT_MCP_FILE, names })
        : t("session.mcpWaitingHeadless", { file: PROJECT_MCP_FILE, names }),
    );
  }
  hub.start();
  const control: McpControl = {
    servers: () => hub.servers(),
    tools: (name) => hub.toolSummaries(name),
    reconnect: (name) => hub.reconnect(name),
    approve: (name) => hub.approve(name),
    settled: () => hub.settled(HEADLESS_MCP_WAIT_MS),
    prompts: () => hub.prompts(),
    login: (name, show) =>
      hub.login(name, (url) => {
        show(url);
        openInBrowser(url, input.env);
      }),
  };
  return { hub, control, notices };
}

/**
 * Opens `url` with the person's `$BROWSER` (their own setting, from their environment), as other
 * command-line tools do; without it the printed URL is all. Never throws.
 */
function openInBrowser(url: string, env: Record<string, string | undefined>): void {
  const browser = env.BROWSER;
  if (!browser) return;
  try {
    const child = childProcess().spawn(browser, [url], { stdio: "ignore", detached: true });
    child.on("error", () => {});
    child.unref();
  } catch {
    // The printed URL still works.
  }
}

/**
 * How a server's question (MCP elicitation) reaches the person: as an `approval_request` with an
 * `elicitation` review through the approval broker, while a turn runs (cancelling the turn
 * cancels it). Headless, or with no turn running, nobody can answer: it is declined and the
 * person told why in a notice.
 */
function elicitThrough(input: {
  ask?: Ask;
  turn: () => AbortSignal | undefined;
  logger: Logger;
  notice: (text: string) => void;
}): Elicit {
  let asked = 0;
  return async (review, signal) => {
    const turn = input.turn();
    if (!input.ask || !turn) {
      input.logger.log("mcp_elicitation_declined", { server: review.server, why: "nobody" });
      input.notice(t("session.mcpElicitationDeclined", { name: review.server }));
      return { action: "decline" };
    }
    const both = AbortSignal.any([signal, turn]);
    const decision = await input.ask(
      { id: `elicitation-${++asked}`, name: `mcp__${review.server}`, review },
      both,
    );
    if (both.aborted) return { action: "cancel" };
    if (decision.type === "form") {
      // Every front end's answer is checked here, once, against the fields the person saw.
      const checked = checkForm(review.fields, decision.content);
      if ("content" in checked) return { action: "accept", content: checked.content };
      input.logger.log("mcp_elicitation_declined", { server: review.server, why: checked.error });
      return { action: "decline" };
    }
    if (decision.type === "reject" && decision.reason === ELICITATION_CANCEL) {
      return { action: "cancel" };
    }
    return { action: "decline" };
  };
}
