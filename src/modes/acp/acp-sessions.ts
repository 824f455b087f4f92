// ACP sessions over North sessions: one North `Session` per ACP session id (its own lock and
// conversation file, as a second TUI would have), prompts turned into messages, events into
// `session/update`s, reviews into permission requests.
import { relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import {
  RequestError,
  type AgentContext,
  type ContentBlock,
  type McpServer,
  type SessionConfigOption,
  type SessionModeState,
  type SessionUpdate,
  type StopReason,
} from "@agentclientprotocol/sdk";
import type { TurnStopReason } from "../../agent/events.js";
import { t } from "../../i18n/index.js";
import {
  createSession,
  findRepoRoot,
  imageProblem,
  loadProjectSettings,
  type GlobalConfig,
  type Logger,
  type Mode,
  type Session,
  type SessionEvent,
  type ToolImage,
} from "../../session/index.js";
import { headlessCommandList, runHeadlessCommands, submitInMode } from "../headless-commands.js";
import { noteWiderRun } from "../wider-run.js";
import { decideReview } from "./acp-permissions.js";
import { reviewContent, UpdateMapper } from "./acp-updates.js";
import { replayHistory } from "./acp-replay.js";
import { editorFiles, type ClientFs } from "./acp-fs.js";

const MODES: readonly Mode[] = ["ask", "agent", "plan"];

const STOP: Record<TurnStopReason, StopReason | undefined> = {
  end: "end_turn",
  max_tokens: "max_tokens",
  refusal: "refusal",
  max_steps: "max_turn_requests",
  aborted: "cancelled",
  error: undefined,
};

export interface AcpSessionsOptions {
  env: Record<string, string | undefined>;
  config: GlobalConfig;
  configNotices: string[];
  logger: Logger;
  /** The connection's client side (set once connected). */
  client: () => AgentContext;
  /** What the client said it can do in `initialize`. */
  clientFs: () => ClientFs;
  /** Mode of a new session when the project's settings name none. */
  mode?: Mode;
}

interface Open {
  session: Session;
  /** Sent updates, in order: a prompt answers after every update of its turn. */
  sent: Promise<void>;
  mode: Mode;
  /** Text of the last error event or notice of the running message, for a failed prompt. */
  failure?: string;
  off: () => void;
}

/** Every ACP session of one connection. */
export class AcpSessions {
  private readonly open = new Map<string, Open>();

  constructor(private readonly options: AcpSessionsOptions) {}

  /** `session/new` and `session/load`: a North session rooted at `cwd`'s repository. */
  async start(
    cwd: string,
    mcpServers: readonly McpServer[],
    resume?: string,
  ): Promise<{ sessionId: string; modes: SessionModeState; configOptions: SessionConfigOption[] }> {
    const { env, logger } = this.options;
    const root = await findRepoRoot(cwd);
    const mode = this.options.mode ?? (await loadProjectSettings(root)).settings.mode ?? "agent";
    let session: Session | undefined;
    try {
      session = await createSession({
        root,
        env,
        config: withEditorServers(this.options.config, mcpServers),
        mode,
        approvals: "interactive",
        sandbox: "on",
        logger,
        notices: this.options.configNotices,
        ...(resume ? { resume: { id: resume } } : {}),
        ...editorFiles(
          this.options.clientFs(),
          () => this.options.client(),
          () => session?.id ?? "",
        ),
      });
    } catch (error) {
      const name = (error as Error | undefined)?.name ?? "";
      const message = error instanceof Error ? error.message : String(error);
      // No key for the model: the message names the variable to set.
      if (name === "ProviderSetupError")
        throw RequestError.authRequired({ reason: message }, message);
      if (
        [
          "SetupError",
          "ProviderSetupError",
          "UsageError",
          "ResumeError",
          "WorkspaceError",
        ].includes(name)
      ) {
        throw RequestError.invalidParams({ reason: message }, message);
      }
      throw error;
    }
    if (resume && session.id !== resume) {
      // In use by another process: the session started a new conversation instead.
      await session.dispose();
      const message = `session ${resume} is in use by another North process`;
      throw RequestError.invalidParams({ sessionId: resume }, message);
    }
    noteWiderRun(session);
    if (this.open.has(session.id)) await this.close(session.id);
    const entry: Open = { session, sent: Promise.resolve(), mode: session.mode, off: () => {} };
    this.open.set(session.id, entry);
    const mapper = new UpdateMapper(session.root);
    if (resume) {
      for (const update of replayHistory(session.root, session.history)) this.send(entry, update);
    }
    entry.off = session.subscribe((event) => this.onEvent(entry, mapper, event));
    this.send(entry, {
      sessionUpdate: "available_commands_update",
      availableCommands: headlessCommandList(session, env).map((c) => ({
        name: c.name,
        description: c.description,
        input: { hint: "" },
      })),
    });
    // A loaded conversation's replay comes before the answer (as ACP asks).
    await entry.sent;
    return { sessionId: session.id, modes: modesOf(session), configOptions: configOf(session) };
  }

  /** `session/prompt`: runs the prompt as the session's next message; answers how it stopped. */
  async prompt(sessionId: string, blocks: readonly ContentBlock[]): Promise<StopReason> {
    const entry = this.get(sessionId);
    const { session } = entry;
    const message = promptOf(session.root, blocks);
    let text = message.text;
    let mode: Mode | undefined;
    let fromCommand: true | undefined;
    if (text.trimStart().startsWith("/")) {
      const commands = await runHeadlessCommands(session, text, this.options.env);
      const said = [
        ...commands.lines.map((l) => l.text),
        ...(commands.refused ? [commands.refused] : []),
      ];
      if (said.length > 0) this.chunk(entry, `${said.join("\n")}\n`);
      text = commands.refused ? "" : commands.prompt;
      mode = commands.mode;
      fromCommand = commands.fromCommand;
      if (!text && message.context.length === 0 && message.images.length === 0) {
        await entry.sent;
        return "end_turn";
      }
    }
    entry.failure = undefined;
    const made = {
      prompt: text,
      ...(mode ? { mode } : {}),
      ...(fromCommand ? { fromCommand } : {}),
    };
    const result = await submitInMode(session, made, {
      files: message.files,
      context: message.context,
      ...(message.images.length > 0 ? { images: message.images } : {}),
    }).done;
    await entry.sent;
    const stop = result ? STOP[result.stopReason] : undefined;
    if (stop) return stop;
    const why = result?.error?.message ?? entry.failure ?? "the message could not run";
    throw RequestError.internalError({ reason: why }, why);
  }

  /** `session/cancel`: ends the running turn as Esc does (partial text kept, commands killed). */
  cancel(sessionId: string): void {
    this.open.get(sessionId)?.session.cancel();
  }

  /** `session/set_mode`. */
  setMode(sessionId: string, modeId: string): void {
    const entry = this.get(sessionId);
    if (!MODES.includes(modeId as Mode)) {
      throw RequestError.invalidParams({ modeId }, `modeId must be one of ${MODES.join(", ")}`);
    }
    entry.session.setMode(modeId as Mode);
    this.modeChanged(entry);
  }

  /** `session/set_config_option`: the model. */
  async setConfig(
    sessionId: string,
    configId: string,
    value: unknown,
  ): Promise<SessionConfigOption[]> {
    const entry = this.get(sessionId);
    if (configId !== "model" || typeof value !== "string") {
      throw RequestError.invalidParams({ configId }, 'the one option is "model", a model id');
    }
    try {
      await entry.session.setModel(value);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw RequestError.invalidParams({ reason: message }, message);
    }
    return configOf(entry.session);
  }

  /** Ends every session (the connection closed). */
  async closeAll(): Promise<void> {
    await Promise.all([...this.open.keys()].map((id) => this.close(id)));
  }

  private async close(id: string): Promise<void> {
    const entry = this.open.get(id);
    if (!entry) return;
    this.open.delete(id);
    entry.off();
    entry.session.takeQueue();
    entry.session.cancel();
    await waitIdle(entry.session);
    await entry.session.dispose();
  }

  private get(sessionId: string): Open {
    const entry = this.open.get(sessionId);
    if (!entry) throw RequestError.sessionNotFound(sessionId);
    return entry;
  }

  private onEvent(entry: Open, mapper: UpdateMapper, event: SessionEvent): void {
    if (event.type === "approval_request") {
      void this.review(entry, event);
      return;
    }
    if (event.type === "error") entry.failure = event.error.message;
    if (event.type === "notice" && event.tone === "error") entry.failure = event.text;
    if (event.type === "notice")
      this.options.logger.log("acp_notice", { tone: event.tone, text: event.text });
    for (const update of mapper.map(event)) this.send(entry, update);
    // `enter_plan_mode` and an accepted plan change the mode from inside a turn.
    if (event.type === "tool_result" || event.type === "message_end") this.modeChanged(entry);
  }

  private async review(
    entry: Open,
    event: Extract<SessionEvent, { type: "approval_request" }>,
  ): Promise<void> {
    const client = this.options.client();
    const sessionId = entry.session.id;
    try {
      await entry.sent;
      const decision = await decideReview(
        event.review,
        async (options, title) => {
          const named = title ?? (event.agent ? `${event.agent}: ${event.name}` : undefined);
          const answer = await client.request("session/request_permission", {
            sessionId,
            toolCall: {
              toolCallId: event.id,
              ...(named ? { title: named } : {}),
              content: reviewContent(entry.session.root, event.review),
            },
            options,
          });
          return answer.outcome;
        },
        (name, fields) => this.options.logger.log(name, fields),
      );
      entry.session.respond(event.id, decision);
    } catch (error) {
      this.options.logger.log("acp_error", { where: "request_permission", message: String(error) });
      entry.session.respond(event.id, { type: "reject" });
    }
  }

  private modeChanged(entry: Open): void {
    if (entry.session.mode === entry.mode) return;
    entry.mode = entry.session.mode;
    this.send(entry, { sessionUpdate: "current_mode_update", currentModeId: entry.mode });
  }

  private chunk(entry: Open, text: string): void {
    this.send(entry, { sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
  }

  private send(entry: Open, update: SessionUpdate): void {
    const client = this.options.client();
    const sessionId = entry.session.id;
    entry.sent = entry.sent.then(() =>
      client.notify("session/update", { sessionId, update }).catch((error: unknown) => {
        this.options.logger.log("acp_error", { where: "session/update", message: String(error) });
      }),
    );
  }
}

/** The editor's MCP servers, added to the person's configured ones (the editor is theirs). */
function withEditorServers(config: GlobalConfig, servers: readonly McpServer[]): GlobalConfig {
  if (servers.length === 0) return config;
  const added: Record<string, unknown> = {};
  for (const server of servers) {
    if ("type" in server && (server.type === "http" || server.type === "sse")) {
      added[server.name] = {
        type: server.type,
        url: server.url,
        headers: Object.fromEntries(server.headers.map((h) => [h.name, h.value])),
      };
    } else if ("command" in server) {
      added[server.name] = {
        command: server.command,
        args: server.args,
        env: Object.fromEntries(server.env.map((e) => [e.name, e.value])),
      };
    }
  }
  const configured = (config.mcpServers ?? {}) as Record<string, unknown>;
  return { ...config, mcpServers: { ...configured, ...added } };
}

/** The text, the files to attach and the context blocks of a prompt. */
export function promptOf(
  root: string,
  blocks: readonly ContentBlock[],
): { text: string; files: string[]; context: string[]; images: ToolImage[] } {
  const text: string[] = [];
  const images: ToolImage[] = [];
  const files: string[] = [];
  const context: string[] = [];
  const inRoot = (uri: string): string | undefined => {
    if (!uri.startsWith("file:")) return undefined;
    const rel = relative(root, fileURLToPath(uri));
    return rel && !rel.startsWith("..") && !rel.startsWith(sep)
      ? rel.split(sep).join("/")
      : undefined;
  };
  for (const block of blocks) {
    if (block.type === "text") text.push(block.text);
    else if (block.type === "resource_link") {
      const rel = inRoot(block.uri);
      if (rel) files.push(rel);
      else text.push(`[${block.name}](${block.uri})`);
    } else if (block.type === "resource") {
      const resource = block.resource;
      if ("text" in resource) {
        const name = inRoot(resource.uri) ?? resource.uri;
        context.push(`<context source="${name}">\n${resource.text}\n</context>`);
      } else text.push(`[${resource.uri}]`);
    } else if (block.type === "image") {
      const image = { mediaType: block.mimeType, data: block.data };
      const problem = imageProblem(image);
      if (problem) throw RequestError.invalidParams({ type: "image" }, `image: ${problem}`);
      images.push(image);
    } else {
      throw RequestError.invalidParams(
        { type: block.type },
        `North takes text, images, resource links and embedded text resources, not ${block.type}`,
      );
    }
  }
  return { text: text.join(""), files, context, images };
}

function modesOf(session: Session): SessionModeState {
  return {
    currentModeId: session.mode,
    availableModes: MODES.map((id) => ({
      id,
      name: t(`acp.mode.${id}`),
      description: t(`cmd.mode.${id}`),
    })),
  };
}

function configOf(session: Session): SessionConfigOption[] {
  const models = session.listModels();
  const current = session.model;
  const options = models.some((m) => m.id === current.id) ? models : [current, ...models];
  return [
    {
      id: "model",
      name: t("acp.model"),
      category: "model",
      type: "select",
      currentValue: current.id,
      options: options.map((m) => ({ value: m.id, name: m.name })),
    },
  ];
}

/** Resolves once the session has no message running. */
function waitIdle(session: Session): Promise<void> {
  if (!session.busy) return Promise.resolve();
  return new Promise((resolve) => {
    const off = session.subscribe((event) => {
      if (event.type === "message_end" && !session.busy) {
        off();
        resolve();
      }
    });
  });
}
