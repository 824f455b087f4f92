import { basename, join } from "node:path";
import { createElement } from "react";
import { render } from "ink";
import {
  captureSdkWarnings,
  configPath,
  createLogger,
  createSession,
  dataDir,
  listSessions,
  nestForks,
  loadConfig,
  loadConfigFile,
  selectModel,
  type GlobalConfig,
  type Effort,
  type Mode,
  type Session,
  type SlashCommandRunner,
  ResumeError,
  ruleTargets,
} from "../../session/index.js";
import { createCommands } from "../../commands/index.js";
import { resolveLanguage, setLanguage, t } from "../../i18n/index.js";
import { App } from "./app.js";
import { standingOf } from "./control/command-runner.js";
import { setToolRoot } from "./tool-lines/index.js";
import { historyEntries } from "./state/history-entries.js";
import { InputHistory } from "./composer/history.js";
import { loadMarkdown } from "./markdown/index.js";
import { highlighterReady, preloadHighlighter } from "./markdown/highlight.js";
import { TurnController } from "./control/controller.js";
import { Scrollback } from "./screen/scrollback.js";
import { createStore } from "./state/store.js";
import { yogaReady } from "./screen/yoga-ready.js";
import { noteWiderRun } from "../wider-run.js";
import { createBrowseScreen } from "./browse/browse-screen.js";
import { createOutputGate } from "./browse/output-gate.js";
import { createExternalEditor } from "./composer/external-editor.js";
import { createMemoryOffer } from "./composer/memory-offer.js";
import { createNotifier, FOCUS_OFF, FOCUS_ON } from "./notify/notifier.js";
import { terminalReplies } from "./keys/terminal-replies.js";
import { KEYS_REST_MS, keyRest } from "./keys/key-rest.js";
import { createHeapReturn } from "./control/heap-return.js";
import { warmTextWidth } from "../../platform/text-width.js";
import { colorWanted, setTheme } from "./screen/theme.js";
import { createThemeControl } from "./screen/theme-control.js";
import { onEndSignals } from "../signals.js";

export interface InteractiveOptions {
  root: string;
  mode: Mode;
  model?: string;
  provider?: string;
  maxSteps?: number;
  /** `--effort`: how hard the model thinks (wins over the config's `effort`). */
  effort?: Effort;
  /** `--add-dir`: folders the tools may also use (real paths). */
  addDirs?: readonly string[];
  env: Record<string, string | undefined>;
  /** Resume a saved conversation; `pick` lists them (this project's, or `all`) to choose from. */
  resume?:
    | (({ continue: true } | { id: string; all?: boolean }) & { fork?: boolean })
    | { pick: true; all: boolean };
  /** `--sandbox`: run commands in the OS sandbox where available (default on). */
  sandbox?: "on" | "off";
  /** `--no-hooks`: "off" runs no hooks (default on). */
  hooks?: "on" | "off";
}

declare const __NORTH_VERSION__: string;
const VERSION = typeof __NORTH_VERSION__ === "string" ? __NORTH_VERSION__ : "0.0.0-dev";

/**
 * The rest before the heap an answer grew is given back (heap-return.ts): its collection is
 * one pause of 140-310 ms (measured after a 1 MB answer on a loaded 2-core machine), so it
 * waits for a pause to read, not one between words.
 */
const HEAP_REST_MS = 1000;
/** Turns on bracketed paste (pasted text arrives between ESC[200~ and ESC[201~). */
const PASTE_ON = "\x1b[?2004h";
const PASTE_OFF = "\x1b[?2004l";

/**
 * Draws the interface, then opens the session (the composer shows before the provider is
 * ready; a message sent meanwhile waits for it). Resolves with the exit code once the person
 * exits (0), or SIGTERM/SIGHUP ended it (143/129); a broken config file is thrown to the edge before anything is drawn. Needs a
 * TTY on stdin and stdout (the caller checks).
 */
export async function startInteractive(options: InteractiveOptions): Promise<number> {
  const logger = createLogger();
  logger.log("app_start", { mode: "interactive", cwd: options.root });
  const color = colorWanted(options.env, process.stdout.isTTY === true);
  setTheme(color);
  // The locale's language first, so that a notice about the config file is in it too.
  setLanguage(resolveLanguage(undefined, options.env));
  // Yoga compiles while the config is read (a no-op in the ES-module build, see yoga-ready.ts).
  const [{ config, notice: configNotice }] = await Promise.all([
    loadConfigFile(options.env),
    yogaReady(),
  ]);
  setLanguage(resolveLanguage(config.language, options.env));
  const stdout = process.stdout;
  const store = createStore(stdout.rows || 24, stdout.columns || 80, options.mode);
  const themes = createThemeControl({
    color,
    choice: config.theme ?? "auto",
    canAsk: process.stdin.isTTY === true && stdout.isTTY === true,
    write: (data) => stdout.write(data),
    changed: (name) => store.dispatch({ type: "theme", name }),
    log: (event, fields) => logger.log(event, fields),
  });
  // Notifications (config `notify`): a long turn's end, a review waiting while unfocused.
  const notifier = createNotifier({
    settings: config.notify,
    env: options.env,
    write: (bytes) => stdout.write(bytes),
    log: (event, fields) => logger.log(event, fields),
  });
  terminalReplies.onFocus = (focused) => notifier.setFocused(focused);
  setToolRoot(options.root);
  if (!highlighterReady()) store.dispatch({ type: "highlighter", ready: false });
  // A config file that cannot be used: said once, North goes on with the defaults.
  if (configNotice) store.dispatch({ type: "note", tone: "warn", text: configNotice });
  const restoreWarn = captureSdkWarnings(logger, (text) =>
    store.dispatch({ type: "note", tone: "warn", text }),
  );

  let session: Session | undefined;
  const heap = createHeapReturn({
    rest: (check) => keyRest.whenKeysRest(HEAP_REST_MS, check, () => controller.busy),
  });
  // The model's view of the slash commands (`slash_command`), bound once the App made its runner.
  let modelCommands: SlashCommandRunner | undefined;
  let resume = options.resume && !("pick" in options.resume) ? options.resume : undefined;
  let headerShown = false;
  /** The first screen's header, once: North, its version, the folder, the model. */
  const showHeader = (model: string, provider: string) => {
    if (headerShown) return;
    headerShown = true;
    const home = options.env.HOME;
    const folder =
      home && options.root.startsWith(home) ? `~${options.root.slice(home.length)}` : options.root;
    store.dispatch({ type: "header", version: VERSION, folder, model, provider });
  };
  const openSession = async (current: typeof config): Promise<Session | undefined> => {
    try {
      session = await createSession({
        root: options.root,
        env: options.env,
        config: current,
        ...(options.model ? { model: options.model, rememberModel: false } : {}),
        ...(options.provider ? { provider: options.provider } : {}),
        mode: options.mode,
        maxSteps: options.maxSteps,
        ...(options.effort ? { effort: options.effort } : {}),
        ...(options.addDirs?.length ? { addDirs: options.addDirs } : {}),
        approvals: "interactive",
        sandbox: options.sandbox ?? "on",
        hooks: options.hooks ?? "on",
        ...(resume ? { resume } : {}),
        // `north --resume --all`: `/resume ID` may take another project's conversation.
        ...(options.resume && "all" in options.resume ? { allProjects: !!options.resume.all } : {}),
        logger,
        slashCommands: () => modelCommands,
        // The card's build and the tools' discovery (spawns, reads: 30-120 ms tasks in a
        // profile) wait for a moment when no answer streams and no key comes.
        background: (work) => keyRest.whenKeysRest(KEYS_REST_MS, work, () => controller.busy),
      });
      showHeader(session.model.name, session.model.provider);
      noteWiderRun(session);
      for (const text of session.notices) store.dispatch({ type: "note", tone: "warn", text });
      if (session.history.length > 0) {
        store.dispatch({ type: "note", tone: "info", text: t("app.resumed", { id: session.id }) });
        store.dispatch({ type: "restore", entries: historyEntries(session.history) });
      }
      if (options.resume && "pick" in options.resume) {
        store.dispatch({ type: "note", tone: "info", text: savedList(options, session.root) });
      }
      store.dispatch({
        type: "model",
        name: session.model.name,
        contextWindow: session.model.contextWindow,
        ...(session.effort ? { effort: session.effort } : {}),
        sandbox: session.sandbox.state,
      });
      // The session's events from now on; the first ones are the meter's estimate of the first
      // request (a resumed history included) and the todo list.
      controller.bind(session);
      session.subscribe((event) => notifier.observe(event));
      store.dispatch(standingOf(session));
      return session;
    } catch (error) {
      if (error instanceof ResumeError) {
        // Nothing to continue, or no such session: say so, and start a new conversation.
        store.dispatch({ type: "note", tone: "error", text: error.message });
        store.dispatch({ type: "note", tone: "info", text: t("app.newInstead") });
        resume = undefined;
        return openSession(current);
      }
      if ((error as Error).name !== "SetupError") throw error;
      return undefined;
    }
  };
  const history = new InputHistory(InputHistory.fileFor(dataDir(options.env), options.root));
  await history.load();
  // The model choice is checked before drawing: a bad flag ends the run with one line, and no
  // provider at all shows the welcome. The session itself opens after the first frame.
  const chosen = preselect(options, config);
  if (chosen) showHeader(chosen.name, chosen.provider);
  let ready: Promise<Session | undefined> | undefined;
  // Keys may also come from .env, or a local server may answer: the welcome shows only when
  // opening the session finds no provider at all.
  const firstSession = () =>
    (ready ??= openSession(config)
      .then((opened) => {
        if (!opened) store.dispatch({ type: "welcome", configFile: configPath(options.env) });
        return opened;
      })
      .finally(preloadAtFirstMessage));
  // The highlighter (~100 ms, one synchronous load) at the first message, while its request is
  // out: keys typed before it (the `@` picker in a large repository) never wait for it.
  const preloadAtFirstMessage = () => {
    const preload = () =>
      preloadHighlighter(() => store.dispatch({ type: "highlighter", ready: true }));
    if (!session) return preload();
    let sent = false;
    const off: () => void = session.subscribe((event) => {
      if (sent || event.type !== "message_start") return;
      sent = true;
      preload();
      // Called during subscribe (a message already running): `off` is not set yet.
      setImmediate(() => off());
    });
  };
  const controller = new TurnController({
    dispatch: store.dispatch,
    // The heap an answer grew goes back once it is on screen and keys rest (heap-return.ts).
    answerShown: () => heap.answerEnded(),
    log: (event, fields) => logger.log(event, fields),
    async session() {
      // A message is going out: its answer is drawn as Markdown, whether or not the keyboard
      // rested since the first frame (the renderer loads once; see below).
      void loadMarkdown();
      if (session ?? (await firstSession())) return session;
      const fresh = await openSession(await loadConfig(options.env));
      if (!fresh) {
        store.dispatch({
          type: "note",
          tone: "error",
          text: t("app.noProvider"),
        });
      }
      return fresh;
    },
  });

  const registry = createCommands(options.root, options.env, () => session?.mcp.prompts() ?? []);
  for (const problem of registry.problems)
    store.dispatch({ type: "note", tone: "warn", text: problem });
  const commands = {
    root: options.root,
    registry,
    bindModelCommands: (runner: SlashCommandRunner) => (modelCommands = runner),
    ready: () => firstSession(),
    current: () => session,
    theme: themes.control,
    notify: notifier,
    env: options.env,
  };

  // Raw mode before the first frame: keys typed ahead are neither echoed nor line-edited by the
  // terminal; they wait in stdin until Ink reads them.
  process.stdin.setRawMode?.(true);
  // Focus reports (`ESC [ I` / `ESC [ O`, taken out of the keys by terminal-replies.ts) tell
  // the notifier whether the person looks at North; off again however North ends.
  stdout.write(PASTE_ON + FOCUS_ON);
  const focusOff = () => stdout.write(FOCUS_OFF);
  process.once("exit", focusOff);
  const scrollback = new Scrollback();
  // The palette, and for `auto` the question to the terminal about its background: the reply
  // comes on stdin with the keys (use-keyboard.ts takes it out) and switches the palette.
  themes.start();
  // Ink writes through the gate: browse mode holds its writes while the alternate screen shows.
  // Behind the gate, the scrollback's markers become answer text.
  const gate = createOutputGate(stdout, (text) => scrollback.expand(text));
  const browse = createBrowseScreen({ store, out: stdout, gate });
  const memory = createMemoryOffer({
    targets: () => ruleTargets(options.root, options.env),
    note: (tone, text) => store.dispatch({ type: "note", tone, text }),
  });
  const externalEditor = createExternalEditor({
    out: stdout,
    stdin: process.stdin,
    gate,
    env: options.env,
    suspend: () => FOCUS_OFF,
    restore: () => FOCUS_ON,
  });
  const instance = render(
    createElement(App, {
      store,
      controller,
      history,
      project: basename(options.root),
      scrollback,
      commands,
      // Ghost-text suggestions only with a suggestion model in the global config.
      ...(config.suggestion
        ? {
            suggest: (text: string, signal: AbortSignal) =>
              session?.suggestions?.complete(text, signal) ?? Promise.resolve(undefined),
          }
        : {}),
      browse,
      externalEditor,
      memory,
    }),
    // Ink 6.8's incremental mode misplaces the first changed line (off by one row), so frames
    // are written whole; the live part is kept small instead.
    { exitOnCtrlC: false, patchConsole: false, maxFps: 60, stdout: gate.stream },
  );
  // SIGTERM/SIGHUP: the turn is cancelled as by Esc, then the interface closes and the finally
  // below ends the shell and its jobs; North exits 143/129 (`signals.ts`).
  let exitCode = 0;
  const offEndSignals = onEndSignals((code) => {
    exitCode = code;
    browse.close();
    controller.takeQueue();
    controller.cancel();
    const close = () => {
      if (controller.busy) return;
      unsubscribe();
      instance.unmount();
    };
    const unsubscribe = store.subscribe(close);
    close();
  });
  // After the first frame: the session (its failure shows the welcome); slash commands'
  // choices and the status line need it, so it does not wait for the keyboard.
  setImmediate(() => {
    void firstSession().catch((error: unknown) => {
      store.dispatch({ type: "note", tone: "error", text: (error as Error).message });
    });
  });
  // While the person reads the screen, not while they type (keys typed as the composer shows
  // are echoed first, see key-rest.ts): the Markdown renderer (also loaded when a message goes
  // out) and the width measure's slow path.
  keyRest.whenKeysRest(KEYS_REST_MS, () => {
    void loadMarkdown();
    keyRest.whenKeysRest(KEYS_REST_MS, warmTextWidth);
  });
  try {
    await instance.waitUntilExit();
    // One line on the way out: how to come back to a conversation that was saved.
    if (session && session.history.length > 0)
      stdout.write(`${t("exit.continue", { id: session.id })}\n`);
  } finally {
    themes.dispose();
    browse.close();
    offEndSignals();
    process.off("exit", focusOff);
    stdout.write(PASTE_OFF + FOCUS_OFF);
    // Ends the persistent shell and its jobs.
    await session?.dispose();
    await history.flush();
    restoreWarn();
    logger.log("app_exit", { code: exitCode, mode: "interactive" });
    await logger.close();
  }
  return exitCode;
}

/** The saved conversations to pick from (`north --resume` without an id). */
function savedList(options: InteractiveOptions, root: string): string {
  const all = "pick" in (options.resume ?? {}) && (options.resume as { all: boolean }).all;
  const found = listSessions(join(dataDir(options.env), "sessions"), all ? undefined : root).slice(
    0,
    30,
  );
  if (found.length === 0) return t("resume.noneToResume");
  const lines = nestForks(found).map(({ session: s, depth }) => {
    const when = s.updated.toISOString().slice(0, 16).replace("T", " ");
    const fork = depth > 0 ? `${"  ".repeat(depth)}\u21b3 ` : "";
    return `${fork}${s.id}  ${s.title || t("resume.untitled")} — ${when} · ${s.model}${all ? ` · ${s.project}` : ""}`;
  });
  return `${t("resume.savedPick")}\n${lines.join("\n")}`;
}

/** Whether a model can be chosen; `false` when no provider is configured, throws on bad flags. */
/**
 * The model the flags and the config choose, for the first screen before the session opens;
 * `undefined` when no provider is set up yet (the welcome shows then). A bad flag throws.
 */
function preselect(options: InteractiveOptions, config: GlobalConfig) {
  try {
    const flags = {
      ...(options.model ? { model: options.model } : {}),
      ...(options.provider ? { provider: options.provider } : {}),
    };
    return selectModel(flags, config, options.env).model;
  } catch (error) {
    if ((error as Error).name === "SetupError") return undefined;
    throw error;
  }
}
