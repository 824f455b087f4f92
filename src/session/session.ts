import type { AgentEvent, Emit } from "../agent/events.js";
import { runTurn } from "../agent/loop.js";
import { schemasReady, toolSchema, type AnyTool } from "../agent/tool.js";
import { createWorkspace, openCheckpoints, type Checkpoints } from "../workspace/index.js";
import { startOwnProgram } from "../shell/index.js";
import { configPath } from "./config.js";
import { setUpModel } from "./model-setup.js";
import { registerSecretValues } from "./secret-values.js";
import { ApprovalBroker } from "./approval-broker.js";
import { PermissionStore } from "./permission-store.js";
import { commandProfile, toolsForMode } from "./permissions.js";
import { SandboxSwitch, sandboxProbe } from "./sandbox-state.js";
import { providerKeyVariables } from "./shell-set.js";
import { createPolicy, type PolicyState } from "./policy.js";
import { dataDir } from "./paths.js";
import { logEvent } from "./session-log.js";
import { checkDataDir } from "./data-checks.js";
import { openStorage, SAVE_POINTS, titleOf, withSessionTitles } from "./session-storage.js";
import { createSessionTools, routeShellOutput, type LiveOutput } from "./session-tools.js";
import { createSubagentRunner } from "./subagents.js";
import { createTaskTool, createTodoWriteTool } from "../tools/index.js";
import { ProjectRules } from "./project-rules.js";
import { buildSystemPrompt } from "./system-prompt.js";
import { ContextKeeper, DEFAULT_THRESHOLD } from "./context-keeper.js";
import { joinSystem, type RequestParts } from "./context-usage.js";
import { ProjectCardLoader } from "./project-card.js";
import { StepMeter, UsageLedger } from "./usage-ledger.js";
import { createDialogueTools, offered } from "./dialogue-tools.js";
import type { SendOptions, Session, SessionOptions } from "./session-api.js";
import type { TurnResult } from "../agent/loop.js";
import { TurnQueue } from "./turn-queue.js";
import { SessionModel } from "./session-model.js";
import { SessionEvents } from "./session-events.js";
import { attachFiles } from "./attach.js";
import { UsageError } from "./errors.js";
import { openMcp } from "./session-mcp.js";
import { createMcpToolState, DEFAULT_MCP_TOOL_BUDGET, visibleMcpTools } from "../mcp/index.js";
import { cachedDevTools, devToolsLine, discoverDevTools } from "./dev-tools.js";
import { t } from "../i18n/index.js";

/**
 * Opens a session in `options.root`: the model and its provider, the workspace, the tools and
 * the permission policy, a new or resumed conversation (see `Session` in session-api.ts).
 * Throws `SetupError`/`UsageError` (no provider, a bad flag) and `ResumeError` (nothing to
 * resume) before anything runs.
 */
export async function createSession(options: SessionOptions): Promise<Session> {
  // Probed in the background while the rest opens; awaited before the session is handed out.
  const sandbox = new SandboxSwitch(options.sandbox ?? "on", sandboxProbe(options.env));
  const flags = {
    ...(options.model ? { model: options.model } : {}),
    ...(options.provider ? { provider: options.provider } : {}),
  };
  const setup = await setUpModel({
    root: options.root,
    env: options.env,
    config: options.config,
    flags,
    configPath: configPath(options.env),
  });
  // Masked from here on in the log, North's stderr lines and the session file.
  registerSecretValues(options.config, [options.env, setup.env]);
  const model = new SessionModel(setup, options);
  const workspace = await createWorkspace(options.root);
  const { logger } = options;
  const data = await checkDataDir(options.env, workspace.root);
  // A session in use by another process: the TUI starts a new one, a headless run stops.
  const busy = options.approvals === "interactive" ? ("new" as const) : ("fail" as const);
  let storage = openStorage({ ...options, busy }, workspace.root, model.info.id);
  const { history, notices } = storage;
  notices.unshift(...(options.notices ?? []), ...setup.notices, ...data.notices);
  if (options.resume) model.adopt(history);
  // Checkpoints are opened on the first change, so a read-only run never pays for them.
  let turn = history.filter((m) => m.role === "user").length;
  let opened: Promise<Checkpoints> | undefined;
  const checkpoints = async () => {
    const store = await (opened ??= openCheckpoints({
      ws: workspace,
      dataDir: dataDir(options.env),
      session: storage.id,
      journal: data.journal,
      startProgram: startOwnProgram,
    }));
    store.setTurn(turn);
    return store;
  };
  const live: LiveOutput = { emit: () => {} };
  const state: PolicyState = { mode: options.mode, planAccepted: false };
  const approve = options.approvals === "interactive" ? undefined : options.approvals.approve;
  const profile = () => commandProfile({ sandboxed: sandbox.sandboxed, ...state, approve });
  const { tools: allTools, shells } = createSessionTools({
    workspace,
    env: options.env,
    logger,
    checkpoints,
    live,
    journal: data.journal,
    profile,
    secretEnv: providerKeyVariables(options.config),
  });
  const broker = new ApprovalBroker();
  const store = await PermissionStore.load(workspace.root, options.env);
  const events = new SessionEvents();
  const { broadcast } = events;
  // MCP servers connect in the background from here on; their tools join as each is ready.
  const mcp = openMcp({
    root: workspace.root,
    env: options.env,
    global: options.config.mcpServers,
    protectedVariables: providerKeyVariables(options.config),
    store,
    interactive: options.approvals === "interactive",
    logger,
    changed: (servers) => broadcast({ type: "mcp", servers }),
    notice: (text) => events.notice(text),
  });
  notices.push(...mcp.notices);
  const authorize = createPolicy({
    state,
    store,
    ask: options.approvals === "interactive" ? broker.ask : options.approvals,
    profile,
  });
  let turnEmit: Emit = () => {};
  allTools.push(
    createTaskTool(
      createSubagentRunner({
        root: workspace.root,
        env: options.env,
        config: options.config,
        parentTools: () => toolsNow(),
        modelFor: (name) => model.forSubagent(name),
        authorize: (agent) =>
          createPolicy({
            state,
            store,
            ask: approve
              ? { approve }
              : (request, signal) => broker.ask({ ...request, agent }, signal),
            profile,
          }),
        emit: () => turnEmit,
        spent: (used) => {
          const meter = new StepMeter(ledger, used);
          return (event) => meter.observe(event);
        },
        rules: () => rules.current(),
      }),
    ),
  );
  const dialogue = {
    broker,
    interactive: options.approvals === "interactive",
    ...(options.slashCommands ? { slashCommands: options.slashCommands } : {}),
  };
  allTools.push(...createDialogueTools(dialogue));
  let todos = storage.todos;
  allTools.push(
    createTodoWriteTool((items) => {
      todos = items;
      turnEmit({ type: "todo", items });
      try {
        storage.file.record({ type: "todo", items }, title);
      } catch (error) {
        logger.log("session_save_failed", { message: (error as Error).message });
      }
    }),
  );
  await sandbox.ready();
  const unsandboxed = sandbox.notice();
  if (unsandboxed) notices.push(unsandboxed);
  const rules = new ProjectRules(workspace.root, options.env);
  let saved = history.length;
  let title = titleOf(history);
  const save = () => {
    if (history.length === saved) return;
    try {
      storage.file.append(history.slice(saved), title);
      saved = history.length;
    } catch (error) {
      logger.log("session_save_failed", { message: (error as Error).message });
    }
  };
  const card = new ProjectCardLoader(workspace);
  // Known from the cache at once (never a process started here); the prompt keeps it all session.
  const installedTools = devToolsLine(cachedDevTools(options.env));
  // A person's session learns the rest in the background, for the next sessions and `/tools`.
  if (options.approvals === "interactive") {
    setTimeout(() => void discoverDevTools(options.env), DEV_TOOLS_DELAY_MS).unref();
  }
  // Repository files North leaves out of the prompt (a symlink out, a FIFO…), said once at start.
  rules.current();
  notices.push(...rules.takeNotices(), ...card.notices);
  const ledger = new UsageLedger();
  // `toolSchema` needs zod for a tool the build did not precompute (none of North's own, in a
  // build, `mcp_search` included): looked at here and at each turn's start. MCP tools carry
  // their JSON schema.
  await schemasReady(allTools);
  const schemas = new WeakMap<AnyTool, ReturnType<typeof toolSchema>>();
  const schemaOf = (t: AnyTool) => schemas.get(t) ?? schemas.set(t, toolSchema(t)).get(t)!;
  // Past the budget the MCP tools are found with `mcp_search`; its choices are kept here.
  const mcpTools = createMcpToolState();
  const mcpBudget = options.config.mcp?.toolBudget ?? DEFAULT_MCP_TOOL_BUDGET;
  const toolsNow = () =>
    model.info.supportsTools
      ? toolsForMode(
          state.mode,
          [...allTools, ...visibleMcpTools(mcp.hub.tools(), mcpTools, mcpBudget)],
          profile(),
        )
      : [];
  const parts = (tools = toolsNow()): RequestParts => ({
    system: buildSystemPrompt({ root: workspace.root, mode: state.mode, tools: installedTools }),
    rules: rules.current(),
    card: card.block(),
    schemas: offered(tools, dialogue).map(schemaOf),
  });
  const keeper = new ContextKeeper({
    history,
    model: () => model.info,
    provider: () => model.provider,
    parts,
    threshold: options.config.compaction?.threshold ?? DEFAULT_THRESHOLD,
    flush: save,
    record(entry) {
      try {
        storage.file.record(entry, title);
      } catch (error) {
        logger.log("session_save_failed", { message: (error as Error).message });
      }
      saved = history.length;
    },
    reportedFrom: storage.rewrittenAt,
  });

  // Ghost-text suggestions: their module is loaded only when the global config names a model.
  const suggestions = options.config.suggestion
    ? (await import("./suggestions.js")).createSuggestions({
        config: options.config,
        env: setup.env,
        local: model.local,
        history: () => history,
        logger,
        ...(options.providerOverride ? { providerOverride: options.providerOverride } : {}),
      })
    : undefined;

  let sending = false;
  const idleOnly = () => {
    if (turns.busy || sending) throw new UsageError(t("session.notWhileBusy"));
  };
  /** The meter starts again after a switch of model or conversation. */
  const showContext = () => {
    const { used, window, percent, estimated } = keeper.context();
    broadcast({ type: "context", used, window, percent, estimated });
  };
  async function runMessage(
    prompt: string,
    { signal, onEvent, mode, steering }: SendOptions & { steering?: () => string[] },
  ): Promise<TurnResult> {
    if (mode && mode !== state.mode) {
      state.mode = mode;
      state.planAccepted = false;
    }
    const info = model.info;
    rules.lookAgain();
    logger.log("user_prompt", { chars: prompt.length, model: info.id, mode: state.mode });
    turn += 1;
    if (!title) title = prompt.replace(/\s+/g, " ").trim().slice(0, 80);
    const meter = new StepMeter(ledger, info);
    const emit = keeper.wrapEmit((event: AgentEvent) => {
      logEvent(logger, event, info.id);
      if (SAVE_POINTS.has(event.type)) save();
      meter.observe(event);
      if (event.type === "compaction_end") ledger.add(info, event.usage);
      routeShellOutput(live, emit, event);
      onEvent(event);
      broadcast(event);
    });
    broker.attach(emit);
    live.emit = emit;
    turnEmit = emit;
    // Headless: the servers' tools are there for the first request (a person's turn never waits).
    if (options.approvals !== "interactive") await mcp.control.settled();
    const tools = toolsNow();
    const turnMode = state.mode;
    // The SDK loads while a repository seen for the first time is walked for its card.
    void model.provider.prepare?.();
    await Promise.all([card.ready(CARD_WAIT_MS), schemasReady(tools)]);
    const request = parts(tools);
    const turnDone = runTurn(
      history,
      prompt,
      {
        provider: model.provider,
        model: info.id,
        maxOutputTokens: info.maxOutput,
        system: joinSystem(request),
        tools,
        schemas: request.schemas,
        maxSteps: options.maxSteps,
        authorize,
        beforeStep: (_history, stepSignal) => keeper.beforeStep(request, emit, stepSignal),
        // The next step's tools: plan mode's after `enter_plan_mode`, MCP tools of a server
        // that came up, those `mcp_search` chose in the step before.
        toolsForStep: () => {
          const now = toolsNow();
          const same =
            state.mode === turnMode &&
            now.length === tools.length &&
            now.every((tool, i) => tool === tools[i]);
          if (same) return { tools, schemas: request.schemas };
          return { tools: now, schemas: offered(now, dialogue).map(schemaOf) };
        },
        ...(steering ? { steering } : {}),
      },
      signal,
      emit,
    );
    // The look at the rules between turns is a new one.
    return turnDone.finally(() => rules.lookAgain());
  }

  const turns = new TurnQueue({
    emit: broadcast,
    log: (event, fields) => logger.log(event, fields),
    async run(text, submitted, signal, steering) {
      // `@server:uri` of a server still connecting is attached once it is up (headless).
      if (options.approvals !== "interactive" && /@[\w.-]+:/.test(text)) {
        await mcp.control.settled();
      }
      const attached = await attachFiles({
        root: workspace.root,
        text,
        files: submitted.files ?? [],
        context: submitted.context ?? [],
        report: keeper.context(),
        secrets: options.approvals === "interactive" || approve === "all" ? "attach" : "refuse",
        resources: {
          servers: mcp.hub.readyServers(),
          read: (server, uri) => mcp.hub.readResource(server, uri, signal),
        },
      });
      for (const note of attached.notes) broadcast({ type: "notice", tone: "warn", text: note });
      if (attached.attached > 0) logger.log("files_attached", { files: attached.attached });
      const mode = submitted.mode;
      return runMessage(attached.prompt, {
        signal,
        onEvent: () => undefined,
        steering,
        ...(mode ? { mode } : {}),
      });
    },
  });

  return {
    root: workspace.root,
    get model() {
      return model.info;
    },
    history,
    get id() {
      return storage.id;
    },
    notices,
    newConversation() {
      idleOnly();
      save();
      const fresh = openStorage({ ...options, resume: undefined }, workspace.root, model.info.id);
      storage.release();
      storage = { ...fresh, history };
      history.length = 0;
      saved = 0;
      todos = [];
      keeper.reset();
      title = "";
      showContext();
      broadcast({ type: "todo", items: [] });
    },
    resume(id) {
      idleOnly();
      save();
      const all = options.allProjects === true;
      const loaded = openStorage(
        { ...options, resume: { id, all } },
        workspace.root,
        model.info.id,
      );
      storage.release();
      history.splice(0, history.length, ...loaded.history);
      storage = { ...loaded, history };
      saved = history.length;
      todos = loaded.todos;
      keeper.reset(loaded.rewrittenAt);
      title = titleOf(history);
      turn = history.filter((m) => m.role === "user").length;
      opened = undefined;
      model.adopt(history);
      notices.push(...loaded.notices);
      showContext();
      broadcast({ type: "todo", items: [...todos] });
    },
    costs: ledger,
    suggestions,
    get mode() {
      return state.mode;
    },
    setMode(mode) {
      idleOnly();
      if (mode === state.mode) return;
      state.mode = mode;
      state.planAccepted = false;
    },
    get todos() {
      return todos;
    },
    respond: (id, decision) => broker.respond(id, decision),
    get sandbox() {
      return sandbox.view;
    },
    setSandbox: (on) => sandbox.set(on),
    mcp: mcp.control,
    devTools: (refresh) => discoverDevTools(options.env, { refresh }),
    async dispose() {
      suggestions?.cancel();
      storage.release();
      await Promise.all([shells.dispose(), card.close(), mcp.hub.close()]);
    },
    async setModel(idOrAlias, providerName) {
      const result = await model.switchTo(idOrAlias, providerName);
      const { choice } = model;
      logger.log("model_switch", { model: choice.model.id, provider: choice.vendor.name });
      showContext();
      return result;
    },
    listModels: () => model.list(),
    context: () => keeper.context(),
    compact: (compactOptions = {}) =>
      keeper.compact({
        ...compactOptions,
        onEvent: (event) => {
          logEvent(logger, event, model.info.id);
          if (event.type === "compaction_end") ledger.add(model.info, event.usage);
          compactOptions.onEvent?.(event);
          broadcast(event);
        },
      }),
    async undo(turns = 1, overwrite = []) {
      return (await checkpoints()).undo(turns, { overwrite });
    },
    async runShell(command, signal) {
      logger.log("person_shell", { chars: command.length });
      const result = await shells
        .get("none")
        .run(command, { timeoutMs: 600_000, ...(signal ? { signal } : {}) });
      return { output: result.output, exitCode: result.exitCode };
    },
    permissions: {
      list: () => store.list(),
      revokeEdits: () => store.revokeEdits(),
      revokeMcpTools: () => store.revokeMcpTools(),
      revokeRule: (index) => store.revokeRule(index),
    },
    undoable: async (turns = 1) =>
      withSessionTitles((await checkpoints()).undoable(turns), options.env, workspace.root),
    send(prompt, { signal, onEvent, mode }) {
      if (turns.busy || sending) {
        return Promise.reject(new UsageError("A message is running; submit queues the next one."));
      }
      sending = true;
      const turn = runMessage(prompt, { signal, onEvent, ...(mode ? { mode } : {}) });
      return turn.finally(() => (sending = false));
    },
    submit: (text, submitOptions) => turns.submit(text, submitOptions),
    steer: (text) => turns.steer(text),
    cancel: () => turns.cancel(),
    takeQueue: () => turns.takeQueue(),
    afterTurn: (action) => turns.afterTurn(action),
    get busy() {
      return turns.busy || sending;
    },
    get queued() {
      return turns.queued;
    },
    subscribe(listener) {
      const { used, window, percent, estimated } = keeper.context();
      const servers = mcp.control.servers();
      return events.subscribe(listener, [
        { type: "context", used, window, percent, estimated },
        { type: "todo", items: [...todos] },
        ...(servers.length > 0 ? [{ type: "mcp" as const, servers }] : []),
      ]);
    },
  };
}

/** A person's session looks for the developer tools this long after start (not during paint). */
const DEV_TOOLS_DELAY_MS = 1_500;

/** How long the first message waits for a project card still being built (cold cache). */
const CARD_WAIT_MS = 300;
