import {
  refusalOf,
  type CommandContext,
  type CommandRegistry,
  type ThemeControl,
} from "../../../commands/index.js";
import { type Session, type SlashCommandRunner } from "../../../session/index.js";
import { modelCommands } from "./model-commands.js";
import { t } from "../../../i18n/index.js";
import type { TurnController } from "./controller.js";
import { historyEntries } from "../state/history-entries.js";
import type { MenuItem, MenuSources } from "../menu/menu-model.js";
import { createFileSource } from "./file-source.js";
import type { Store } from "../state/store.js";

/** Lines of a `!command`'s output shown (all of it goes with the next message). */
const SHELL_LINES = 20;

/** A command's choices are listed again when older than this. */
const CHOICES_FRESH_MS = 2000;

export interface RunnerDeps {
  root: string;
  registry: CommandRegistry;
  store: Store;
  controller: TurnController;
  /** Waits for the session being opened; `undefined` when none could be. */
  ready(): Promise<Session | undefined>;
  /** The session, once open. */
  current(): Session | undefined;
  exit(): void;
  clearScreen(): void;
  /** Hands the model's view of the commands (`slash_command`) to the session. */
  bindModelCommands?(runner: SlashCommandRunner): void;
  /** The interface's colours, for `/theme`. */
  theme?: ThemeControl;
  /** Puts text in the composer (`/rewind`, `/fork`), the cursor at its end. */
  setComposer?(text: string): void;
  /** Copies text to the clipboard through the terminal (`/export`). */
  copy?(text: string): void;
  /** The notifications, for `/notify`. */
  notify?: CommandContext["notify"];
  /** The environment North runs in (its cache folder: the sandbox probe's remembered success). */
  env?: Record<string, string | undefined>;
}

/**
 * Runs what the person typed: the slash commands first (echoed into the transcript, their output
 * as notes, never sent to the model), then the text left over as a message with its attached
 * files. Also the sources of the menus: commands, their choices, the repository's files.
 */
export function createCommandRunner(deps: RunnerDeps) {
  const { store, controller, registry } = deps;
  const say = (text: string, tone: "info" | "error" = "info") =>
    store.dispatch({ type: "note", tone, text });
  const syncModel = (session: Session) => {
    store.dispatch({
      type: "model",
      name: session.model.name,
      contextWindow: session.model.contextWindow,
      ...(session.effort ? { effort: session.effort } : {}),
      sandbox: session.sandbox.state,
    });
    store.dispatch(standingOf(session));
  };
  const ctx: CommandContext = {
    get session(): Session {
      const session = deps.current();
      if (!session) throw new Error(t("app.noProviderYet"));
      return session;
    },
    say,
    // A command's text is not the person's (`fromCommand`): no images from outside the repo.
    send: (prompt, mode) => void controller.submit(prompt, mode ?? store.getState().mode, [], true),
    setMode: (mode) => store.dispatch({ type: "mode", mode }),
    mode: () => store.getState().mode,
    showHistory() {
      const session = ctx.session;
      store.dispatch({ type: "note", tone: "info", text: t("app.resumed", { id: session.id }) });
      store.dispatch({ type: "restore", entries: historyEntries(session.history) });
      syncModel(session);
    },
    clearScreen: deps.clearScreen,
    async newConversation() {
      ctx.session.newConversation();
      syncModel(ctx.session);
    },
    stop: () => {
      controller.cancel();
      controller.takeQueue();
    },
    exit: deps.exit,
    commands: () => registry.list(),
    ...(deps.theme ? { theme: deps.theme } : {}),
    ...(deps.setComposer
      ? {
          setComposer: (text: string) => {
            store.dispatch({ type: "menu-reset" });
            deps.setComposer!(text);
          },
        }
      : {}),
    ...(deps.copy ? { copy: deps.copy } : {}),
    ...(deps.notify ? { notify: deps.notify } : {}),
  };

  // The menu is drawn again as the files' index grows (the same list, a new state).
  const fileSource = createFileSource(deps.root, deps.env ?? process.env, () =>
    store.dispatch({ type: "files", size: fileSource.indexed()?.size ?? 0 }),
  );
  let cached: { name: string; at: number; all: MenuItem[] } | undefined;
  const sources: MenuSources = {
    commands: (prefix) =>
      registry.matching(prefix).map((c) => ({
        name: c.name,
        description: c.description,
        hasChoices: c.choices !== undefined && c.arity !== "none",
      })),
    choices(name, typed, previous = []): MenuItem[] | undefined {
      const command = registry.get(name);
      const list =
        previous.length > 0
          ? command?.choicesAfter && (() => command.choicesAfter!(ctx, previous) ?? [])
          : command?.choices && (() => command.choices!(ctx));
      if (!list || !deps.current()) return undefined;
      const key = [name, ...previous].join(" ");
      // Listed once per menu (saved sessions are read from disk), then filtered on each key.
      if (cached?.name !== key || Date.now() - cached.at > CHOICES_FRESH_MS) {
        try {
          cached = { name: key, at: Date.now(), all: list() };
        } catch {
          return undefined;
        }
      }
      const t = typed.toLowerCase();
      const found = cached.all.filter(
        (c) => c.value.toLowerCase().includes(t) || c.label.toLowerCase().includes(t),
      );
      // The choice typed whole comes first (`code` before "Conversation and code").
      const exact = found.filter((c) => c.value.toLowerCase() === t);
      return exact.length > 0 ? [...exact, ...found.filter((c) => !exact.includes(c))] : found;
    },
    files: () => fileSource.files(),
  };

  /**
   * `!command`: runs in the session's shell (no model call); the output shows here and goes
   * with the next message, as the person would paste it.
   */
  const runShell = async (command: string): Promise<void> => {
    store.dispatch({ type: "command", text: `!${command}` });
    if (!command) return say(t("shell.empty"), "error");
    if (controller.busy) return say(t("shell.busy"), "error");
    const session = await deps.ready().catch(() => undefined);
    if (!session) return say(t("shell.noSession"), "error");
    const { output, exitCode } = await session.runShell(command);
    const tail = output.trimEnd().split("\n").slice(-SHELL_LINES);
    const cut = output.trimEnd().split("\n").length - tail.length;
    const status =
      exitCode === null ? t("shell.stopped") : t("shell.exit", { code: String(exitCode) });
    say(
      [...(cut > 0 ? [t("shell.more", { count: String(cut) })] : []), ...tail, status].join("\n"),
    );
    controller.addContext(
      `<shell command="${command.replace(/"/g, "&quot;")}" exit="${exitCode ?? "stopped"}">\n${output.trimEnd()}\n</shell>`,
    );
  };

  const runner = {
    context: ctx,
    sources,
    /** Gets the `@` picker's files ready (see `FileSource.prefetch`). */
    prefetchFiles: (idle: (work: () => void) => void) => fileSource.prefetch(idle),
    /** Runs one input (see above). Never throws: failures become red notes. */
    async run(text: string, files: readonly string[]): Promise<void> {
      const mode = () => store.getState().mode;
      if (text.startsWith("!")) return runShell(text.slice(1).trim());
      const parsed = registry.parse(text);
      const refused = refusalOf(parsed, registry);
      if (refused) {
        store.dispatch({ type: "command", text: text.trim() });
        say(refused, "error");
        return;
      }
      if (parsed.commands.length === 0) {
        controller.submit(text, mode(), files);
        return;
      }
      const spans = parsed.commands.map((c) => text.slice(c.start, c.end));
      store.dispatch({ type: "command", text: spans.join(" ") });
      const waiting = parsed.commands.find((c) => registry.get(c.name)?.idleOnly);
      if (waiting && controller.busy) {
        say(t("cmd.waitsForTurn", { name: waiting.name }), "error");
        return;
      }
      await deps.ready().catch(() => undefined);
      cached = undefined; // a command may change what the choices are (`/rewind`, `/fork`)
      const rest = await registry.run(text, ctx);
      const session = deps.current();
      if (session) syncModel(session);
      if (rest)
        controller.submit(
          rest,
          mode(),
          files.filter((f) => rest.includes(`@${f}`)),
        );
    },
  };
  deps.bindModelCommands?.(
    modelCommands(registry, ctx, (text) => controller.afterTurn(() => runner.run(text, []))),
  );
  return runner;
}

export type CommandRunner = ReturnType<typeof createCommandRunner>;

/** The status line's view of the standing permissions: edits, command rules, MCP tools. */
export function standingOf(session: Session) {
  const { edits, commands, mcpTools } = session.permissions.list();
  return { type: "standing" as const, edits, rules: commands.length, tools: mcpTools.length };
}
