import { basename } from "node:path";
import { pathToFileURL } from "node:url";
import type { AgentEvent } from "../agent/events.js";
import { runTurn } from "../agent/loop.js";
import { createWorkspace } from "../workspace/index.js";
import { configPath } from "./config/config.js";
import { setUpModel } from "./models/model-setup.js";
import { registerSecretValues } from "./models/secret-values.js";
import { ApprovalBroker } from "./permissions/approval-broker.js";
import { PermissionStore } from "./permissions/permission-store.js";
import { commandProfile } from "./permissions/permissions.js";
import { SandboxSwitch, sandboxProbe } from "./permissions/sandbox-state.js";
import { sandboxMasks } from "./permissions/sandbox-masks.js";
import { providerKeyVariables } from "./tools/shell-set.js";
import { createPolicy, type PolicyState } from "./permissions/policy.js";
import { logEvent } from "./storage/session-log.js";
import { checkDataDir } from "./storage/data-checks.js";
import { openStorage, SAVE_POINTS, withSessionTitles } from "./storage/session-storage.js";
import {
  createSessionTools,
  JOB_TOOLS,
  routeShellOutput,
  type LiveOutput,
} from "./tools/session-tools.js";
import { createSubagentRunner } from "./tools/subagents.js";
import { createTaskTool, createTodoWriteTool } from "../tools/index.js";
import { ProjectRules } from "./context/project-rules.js";
import { buildSystemPrompt } from "./context/system-prompt.js";
import { ContextKeeper, DEFAULT_THRESHOLD } from "./context/context-keeper.js";
import { joinSystem, type RequestParts } from "./context/context-usage.js";
import { ProjectCardLoader } from "./context/project-card.js";
import { StepMeter, UsageLedger } from "./models/usage-ledger.js";
import { createDialogueTools } from "./tools/dialogue-tools.js";
import { checksInForce, proposeChecks, turnChecks, BEFORE_DONE_ROUNDS } from "./tools/checks.js";
import { detectCommands } from "./context/project-commands.js";
import { saveProjectChecks } from "./config/config-save.js";
import type { Session, SessionOptions } from "./session-api.js";
import type { TurnResult } from "../agent/loop.js";
import type { Mode } from "./permissions/permissions.js";
import { TurnQueue } from "./turn-queue.js";
import { SessionModel } from "./session-model.js";
import { SessionEvents } from "./session-events.js";
import { sendableImages } from "./context/attach-images.js";
import { attachFiles } from "./context/attach.js";
import { UsageError } from "./config/errors.js";
import { openMcp } from "./tools/session-mcp.js";
import { Conversation } from "./conversation.js";
import { rewindControl } from "./rewind.js";
import { ToolSet } from "./tool-set.js";
import { cachedDevTools, devToolsLine, discoverDevTools } from "./context/dev-tools.js";
import { t } from "../i18n/index.js";
import { imageLimits, imageProblem, type ToolImage } from "../ai/index.js";
import { openHooks } from "./hooks/open-hooks.js";
import { reasoningFor } from "./models/effort.js";
import { createWebTools } from "./tools/web-tools.js";

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
  const maxSteps = options.maxSteps ?? options.config.maxSteps ?? DEFAULT_MAX_STEPS;
  const workspace = await createWorkspace(options.root, options.addDirs);
  const { logger } = options;
  const data = await checkDataDir(options.env, workspace.root);
  // A session in use by another process: the TUI starts a new one, a headless run stops.
  const busy = options.approvals === "interactive" ? ("new" as const) : ("fail" as const);
  const conversation = new Conversation(
    openStorage({ ...options, busy }, workspace.root, model.info.id),
    {
      options: { ...options, busy },
      workspace,
      journal: data.journal,
      logger,
      model: () => model.info.id,
    },
  );
  const { history, notices } = conversation;
  notices.unshift(...(options.notices ?? []), ...setup.notices, ...data.notices);
  if (options.resume) model.adopt(history);
  const checkpoints = () => conversation.checkpoints();
  const live: LiveOutput = { emit: () => {} };
  const state: PolicyState = { mode: options.mode, planAccepted: false };
  /** How hard the model thinks (`--effort`, config `effort`, `/effort`); undefined: its default. */
  let effort = options.effort ?? options.config.effort;
  /** Models already told that they ignore the effort (said once per model). */
  const effortIgnored = new Set<string>();
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
    mask: sandboxMasks(options.env, options.config),
    ...(options.files ? { files: options.files } : {}),
    ...(options.config.shell?.maxBackground
      ? { maxBackground: options.config.shell.maxBackground }
      : {}),
    jobsChanged: () => broadcast({ type: "jobs", running: shells.jobs.running }),
  });
  const broker = new ApprovalBroker();
  /** The running turn's signal (an MCP server's question is asked only while one runs). */
  let turnSignal: AbortSignal | undefined;
  const store = await PermissionStore.load(workspace.root, options.env);
  allTools.push(...createWebTools({ config: options.config, env: options.env, store }));
  const events = new SessionEvents();
  const { broadcast } = events;
  // MCP servers connect in the background from here on; their tools join as each is ready.
  const mcp = openMcp({
    root: workspace.root,
    extraRoots: workspace.extraRoots,
    env: options.env,
    global: options.config.mcpServers,
    protectedVariables: providerKeyVariables(options.config),
    store,
    interactive: options.approvals === "interactive",
    logger,
    changed: (servers) => broadcast({ type: "mcp", servers }),
    notice: (text) => events.notice(text),
    ...(options.approvals === "interactive" ? { ask: broker.ask } : {}),
    turn: () => (turnSignal && !turnSignal.aborted && turns.busy ? turnSignal : undefined),
  });
  notices.push(...mcp.notices);
  // Loaded only when the config or the repository has hooks; undefined otherwise.
  const hooks = await openHooks({
    off: options.hooks === "off",
    root: workspace.root,
    env: options.env,
    global: options.config.hooks,
    configFile: configPath(options.env),
    store,
    logger,
    secretEnv: providerKeyVariables(options.config),
    mask: sandboxMasks(options.env, options.config),
    sandboxed: () => sandbox.sandboxed,
    stopLimit: options.config.stopHookLimit ?? DEFAULT_STOP_HOOK_LIMIT,
    ...(options.config.notify?.afterSeconds !== undefined
      ? { longTurnMs: options.config.notify.afterSeconds * 1000 }
      : {}),
    common: () => ({
      session_id: conversation.id,
      transcript_path: conversation.transcriptPath,
      permission_mode: state.mode,
    }),
    notice: (text, tone) =>
      tone === "warn" ? events.notice(text) : broadcast({ type: "notice", tone, text }),
  });
  const hookSays = hooks ? { hookSays: hooks.hookSays } : {};
  const authorize = createPolicy({
    state,
    store,
    ask: options.approvals === "interactive" ? broker.ask : options.approvals,
    profile,
    ...hookSays,
    webDomains: options.config.web?.allowDomains ?? [],
  });
  allTools.push(
    createTaskTool(
      createSubagentRunner({
        root: workspace.root,
        env: options.env,
        config: options.config,
        parentTools: () => tools.now(),
        modelFor: (name) => model.forSubagent(name),
        authorize: (agent) =>
          createPolicy({
            state,
            store,
            ask: approve
              ? { approve }
              : (request, signal) => broker.ask({ ...request, agent }, signal),
            profile,
            ...hookSays,
            webDomains: options.config.web?.allowDomains ?? [],
          }),
        hooks: (agent) => hooks?.loop(agent),
        emit: () => conversation.emit,
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
  allTools.push(createTodoWriteTool((items) => conversation.setTodos(items)));
  await sandbox.ready();
  const unsandboxed = sandbox.notice();
  if (unsandboxed) notices.push(unsandboxed);
  const rules = new ProjectRules(workspace.root, options.env);
  const save = () => conversation.save();
  const card = new ProjectCardLoader(workspace);
  // Its build (when the cached card is missing or stale) starts a while after the first answer
  // began (`ANSWERED`, below), or a while after start in a session that sends no request: never
  // before a first request, and not at all in a run that ends sooner (its card stays partial).
  const later = options.background ?? ((work: () => void) => work());
  let turnBegan = false;
  let cardTimer = setTimeout(() => turnBegan || later(() => card.start()), CARD_DELAY_MS).unref();
  let answered = false;
  const startCardSoon = () => {
    if (card.building) return;
    clearTimeout(cardTimer);
    cardTimer = setTimeout(() => later(() => card.start()), CARD_AFTER_ANSWER_MS).unref();
    answered = true;
  };
  // Known from the cache at once (never a process started here); the prompt keeps it all session.
  const installedTools = devToolsLine(cachedDevTools(options.env));
  // A person's session learns the rest in the background, for the next sessions and `/tools`.
  if (options.approvals === "interactive") {
    setTimeout(() => later(() => void discoverDevTools(options.env)), DEV_TOOLS_DELAY_MS).unref();
  }
  // Repository files North leaves out of the prompt (a symlink out, a FIFO…), said once at start.
  rules.current();
  notices.push(...rules.takeNotices(), ...card.notices);
  const ledger = new UsageLedger();
  // Commands run after the model's edits: the person's config, then the repository's settings.
  const inForce = (forRepository = options.config.projects?.[workspace.root]?.checks) =>
    checksInForce(options.config.checks, setup.project.checks, forRepository);
  let checks = inForce();
  const tools = new ToolSet({
    own: allTools,
    mcp: () => mcp.hub.tools(),
    budget: options.config.mcp?.toolBudget,
    supportsTools: () => model.info.supportsTools,
    mode: () => state.mode,
    profile,
    dialogue,
    // shell_output and shell_kill join once a job was started (they cost the first request).
    withheld: () => (shells.jobs.started ? [] : JOB_TOOLS),
  });
  // Looked at here and again at each turn's start (an MCP tool may have joined).
  await tools.ready();
  const parts = (offer = tools.now()): RequestParts => ({
    system: buildSystemPrompt({
      root: workspace.root,
      mode: state.mode,
      tools: installedTools,
      extraRoots: workspace.extraRoots,
    }),
    rules: rules.current(),
    card: card.block(),
    schemas: tools.schemas(offer),
  });
  const keeper = new ContextKeeper({
    history,
    model: () => model.info,
    provider: () => model.provider,
    parts,
    threshold: options.config.compaction?.threshold ?? DEFAULT_THRESHOLD,
    flush: save,
    record: (entry) => conversation.recordRewrite(entry),
    reportedFrom: conversation.rewrittenAt,
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

  const idleOnly = () => {
    if (turns.busy) throw new UsageError(t("session.notWhileBusy"));
  };
  /** The meter starts again after a switch of model or conversation. */
  const showContext = () => {
    const { used, window, percent, estimated } = keeper.context();
    broadcast({ type: "context", used, window, percent, estimated });
  };
  /** Runs one message as a turn: the queue's `run` once its files are attached. */
  async function runMessage(
    prompt: string,
    {
      signal,
      mode,
      steering,
      images,
    }: {
      signal: AbortSignal;
      mode?: Mode;
      steering?: (ending: boolean) => string[];
      images?: ToolImage[];
    },
  ): Promise<TurnResult> {
    if (mode && mode !== state.mode) {
      state.mode = mode;
      state.planAccepted = false;
    }
    turnSignal = signal;
    turnBegan = true;
    // UserPromptSubmit may refuse the prompt (thrown: a notice) or add context after it.
    if (hooks) prompt = await hooks.prompt(prompt, signal);
    const info = model.info;
    logger.log("user_prompt", { chars: prompt.length, model: info.id, mode: state.mode });
    const reasoning = reasoningFor(info, effort);
    if (!reasoning && effort && !effortIgnored.has(info.id)) {
      effortIgnored.add(info.id);
      events.notice(t("session.effortIgnored", { model: info.name, effort }));
    }
    conversation.startTurn(prompt);
    const meter = new StepMeter(ledger, info);
    const emit = keeper.wrapEmit((event: AgentEvent) => {
      logEvent(logger, event, info.id);
      if (!answered && ANSWERED.has(event.type)) startCardSoon();
      if (SAVE_POINTS.has(event.type)) save();
      meter.observe(event);
      if (event.type === "compaction_end") ledger.add(info, event.usage);
      routeShellOutput(live, emit, event);
      hooks?.observe(event);
      broadcast(event);
    });
    broker.attach(emit);
    live.emit = emit;
    conversation.emit = emit;
    // Headless: the servers' tools are there for the first request (a person's turn never waits).
    if (options.approvals !== "interactive") await mcp.control.settled();
    const offer = tools.now();
    const turnMode = state.mode;
    void model.provider.prepare?.();
    // A card still being built (a repository seen for the first time) joins at the next turn.
    await tools.ready(offer);
    const request = parts(offer);
    const checkHooks = turnChecks({
      checks,
      root: workspace.root,
      shell: (profile) => shells.get(profile),
      sandboxed: () => sandbox.sandboxed,
      profile,
      checkpoints,
      emit,
      stillFailing: (commands) =>
        events.notice(
          t("checks.stillFailing", { rounds: BEFORE_DONE_ROUNDS, commands: commands.join(", ") }),
        ),
      logger,
    });
    const turnTools = { tools: offer, schemas: request.schemas, mode: turnMode };
    const turnDone = runTurn(
      history,
      prompt,
      {
        provider: model.provider,
        model: info.id,
        ...(info.supportsImages ? { images: imageLimits(info.protocol) } : {}),
        maxOutputTokens: info.maxOutput,
        ...(reasoning && (reasoning.reasoning || reasoning.thinkingBudget) ? { reasoning } : {}),
        system: joinSystem(request),
        tools: offer,
        schemas: request.schemas,
        maxSteps,
        authorize,
        beforeStep: (_history, stepSignal) => keeper.beforeStep(request, emit, stepSignal),
        toolsForStep: () => tools.forStep(turnTools),
        ...(steering ? { steering } : {}),
        ...(hooks ? { hooks: hooks.loop() } : {}),
        ...checkHooks,
      },
      signal,
      emit,
      images,
    );
    // The look at the rules between turns is a new one.
    return turnDone.finally(() => rules.lookAgain());
  }

  const turns = new TurnQueue({
    emit: broadcast,
    log: (event, fields) => logger.log(event, fields),
    async run(text, submitted, signal, steering) {
      turnBegan = true;
      // One look at the rules per turn: the attachments' budget and the requests share it.
      rules.lookAgain();
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
        outsidePaths: submitted.outsidePaths ?? true,
        resources: {
          servers: mcp.hub.readyServers(),
          read: (server, uri) => mcp.hub.readResource(server, uri, signal),
        },
      });
      for (const note of attached.notes) broadcast({ type: "notice", tone: "warn", text: note });
      if (attached.attached > 0) logger.log("files_attached", { files: attached.attached });
      const mode = submitted.mode;
      // Fitted to the model's limits; a model without vision gets none, never silently.
      const sent = await sendableImages(attached.images, submitted.images ?? [], model.info);
      for (const text of sent.notes) broadcast({ type: "notice", tone: "warn", text });
      return runMessage(attached.prompt, {
        signal,
        steering,
        images: sent.images,
        ...(mode ? { mode } : {}),
      });
    },
  });

  if (hooks) {
    notices.push(...hooks.notices);
    hooks.sessionStart(options.resume ? "resume" : "startup");
  }

  return {
    root: workspace.root,
    get model() {
      return model.info;
    },
    history,
    get id() {
      return conversation.id;
    },
    notices,
    newConversation() {
      idleOnly();
      conversation.startNew();
      if (hooks) {
        void hooks.sessionEnd("clear");
        hooks.sessionStart("clear");
      }
      keeper.reset();
      showContext();
      broadcast({ type: "todo", items: [] });
    },
    resume(id) {
      idleOnly();
      conversation.resume(id, options.allProjects === true);
      keeper.reset(conversation.rewrittenAt);
      model.adopt(history);
      hooks?.sessionStart("resume");
      showContext();
      broadcast({ type: "todo", items: [...conversation.todos] });
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
      return conversation.todos;
    },
    respond: (id, decision) => broker.respond(id, decision),
    get sandbox() {
      return sandbox.view;
    },
    setSandbox: (on) => sandbox.set(on),
    get effort() {
      return effort;
    },
    setEffort(wanted) {
      effort = wanted;
      logger.log("effort", { effort: wanted ?? "default" });
      return reasoningFor(model.info, wanted) !== undefined;
    },
    mcp: mcp.control,
    jobs: { list: () => shells.jobs.list(), kill: (id) => shells.jobs.kill(id) },
    hooks: hooks?.control,
    checks: {
      inForce: () => checks,
      proposed: () => proposeChecks(detectCommands(workspace.root)),
      async turnOn(chosen) {
        const saved = await saveProjectChecks(options.env, workspace.root, chosen);
        if (saved.saved) checks = inForce(chosen);
        return saved;
      },
    },
    devTools: (refresh) => discoverDevTools(options.env, { refresh }),
    async dispose() {
      suggestions?.cancel();
      await hooks?.sessionEnd("other");
      conversation.release();
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
    toolNames: () => tools.offeredNames(),
    context: () => keeper.context(),
    compact: (compactOptions = {}) =>
      keeper.compact({
        ...compactOptions,
        onEvent: (event) => {
          logEvent(logger, event, model.info.id);
          if (event.type === "compaction_end") ledger.add(model.info, event.usage);
          hooks?.observe(event);
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
      revokeMcpTool: (server, tool) => store.revokeMcpTool(server, tool),
      revokeRule: (index) => store.revokeRule(index),
      revokeWebDomain: (domain) => store.revokeWebDomain(domain),
    },
    ...rewindControl(conversation, checkpoints, {
      idleOnly,
      changed() {
        keeper.reset(conversation.rewrittenAt);
        showContext();
        broadcast({ type: "todo", items: [...conversation.todos] });
      },
      forked() {
        keeper.reset(conversation.rewrittenAt);
        model.adopt(history);
        hooks?.sessionStart("resume");
        showContext();
        broadcast({ type: "todo", items: [...conversation.todos] });
      },
    }),
    async addDir(dir) {
      idleOnly();
      workspace.addRoot(dir);
      await shells.restart();
      await mcp.hub.setRoots(
        [workspace.root, ...workspace.extraRoots].map((folder) => ({
          uri: pathToFileURL(folder).href,
          name: basename(folder),
        })),
      );
      return workspace.extraRoots;
    },
    addedDirs: () => workspace.extraRoots,
    undoable: async (turns = 1) =>
      withSessionTitles((await checkpoints()).undoable(turns), options.env, workspace.root),
    submit(text, submitOptions) {
      for (const image of submitOptions?.images ?? []) {
        const problem = imageProblem(image);
        if (problem) throw new UsageError(t("session.imageRefused", { problem }));
      }
      return turns.submit(text, submitOptions);
    },
    steer: (text) => turns.steer(text),
    cancel: () => turns.cancel(),
    takeQueue: () => turns.takeQueue(),
    afterTurn: (action) => turns.afterTurn(action),
    get busy() {
      return turns.busy;
    },
    get queued() {
      return turns.queued;
    },
    subscribe(listener) {
      const { used, window, percent, estimated } = keeper.context();
      const servers = mcp.control.servers();
      return events.subscribe(listener, [
        { type: "context", used, window, percent, estimated },
        { type: "todo", items: [...conversation.todos] },
        ...(servers.length > 0 ? [{ type: "mcp" as const, servers }] : []),
      ]);
    },
  };
}

/** Steps (model calls) of one turn at most, when neither the options nor the config say. */
const DEFAULT_MAX_STEPS = 50;

/** How many times in a row a Stop hook may send the model back, when the config does not say. */
const DEFAULT_STOP_HOOK_LIMIT = 5;

/** A person's session looks for the developer tools this long after start (not during paint). */
const DEV_TOOLS_DELAY_MS = 1_500;

/** A session that began no turn starts building a missing or stale project card this late. */
const CARD_DELAY_MS = 3_000;
/** ...and one that did, this long after its first answer began. */
const CARD_AFTER_ANSWER_MS = 1_000;
/**
 * Events that say the model's answer began (its request was sent): the project card's build
 * starts `CARD_AFTER_ANSWER_MS` after the first, so it never competes with the work before the
 * first request, nor holds up a one-step run.
 */
const ANSWERED: ReadonlySet<AgentEvent["type"]> = new Set([
  "text_delta",
  "thinking_delta",
  "tool_call",
  "usage",
  "retry",
  "error",
  "step_end",
  "turn_end",
]);
