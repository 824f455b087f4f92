import { createCommands, refusalOf, type CommandContext } from "../commands/index.js";
import type { Mode, Session, SubmitOptions, Submitted } from "../session/index.js";

/** Built-in commands that mean something without a screen; custom Markdown commands run too. */
const HEADLESS = new Set([
  "init",
  "compact",
  "summarize",
  "context",
  "cost",
  "undo",
  "help",
  "agents",
  "permissions",
  "mcp",
  "tools",
  "hooks",
  "checks",
  "export",
  "jobs",
  "review",
]);

/**
 * Submits `commands.prompt` in its own mode when a command asked for one (`/review`), and puts
 * the session's mode back once that message ended. Without a mode: the session's as it is.
 */
export function submitInMode(
  session: Session,
  commands: Pick<HeadlessCommands, "prompt" | "mode" | "fromCommand">,
  given: SubmitOptions = {},
): Submitted {
  // A command's text is not the person's: it may not name images outside the repository.
  const options = commands.fromCommand ? { ...given, outsidePaths: false } : given;
  if (!commands.mode) return session.submit(commands.prompt, options);
  const before = session.mode;
  const submitted = session.submit(commands.prompt, { ...options, mode: commands.mode });
  const restore = () => {
    if (!session.busy && session.mode !== before) session.setMode(before);
  };
  void submitted.done.then(restore, restore);
  return submitted;
}

export interface HeadlessCommands {
  /** What goes to the model: the text left after the commands and the prompts they made. */
  prompt: string;
  /** The commands' output, in order. */
  lines: { text: string; tone: "info" | "error" }[];
  /** Set when a command was refused or unknown: the run stops with this line (exit 2). */
  refused?: string;
  /** The mode the prompt must run in (`/review`: ask); the session's mode is restored after. */
  mode?: Mode;
  /** Set when `prompt` holds text a command made (`SubmitOptions.outsidePaths` is then false). */
  fromCommand?: true;
}

/**
 * Runs the slash commands a `-p` prompt starts with, as the TUI would where that makes sense
 * without a screen (`HEADLESS`, custom commands); any other is refused with one line before
 * anything runs. A prompt that does not start with a command is returned as it is.
 */
export async function runHeadlessCommands(
  session: Session,
  text: string,
  env: Record<string, string | undefined>,
): Promise<HeadlessCommands> {
  if (!text.trimStart().startsWith("/")) return { prompt: text, lines: [] };
  // A server's prompt (`/mcp__server__prompt`) is known once the servers are up.
  if (/^\s*\/mcp__/.test(text)) await session.mcp.settled();
  const registry = createCommands(session.root, env, () => session.mcp.prompts());
  const parsed = registry.parse(text);
  if (parsed.commands.length === 0 && !parsed.unknown) return { prompt: text, lines: [] };
  const refusal = refusalOf(parsed, registry);
  if (refusal) return { prompt: "", lines: [], refused: refusal };
  for (const command of parsed.commands) {
    const known = registry.get(command.name);
    if (known && known.source === "builtin" && !HEADLESS.has(command.name)) {
      return {
        prompt: "",
        lines: [],
        refused: `/${command.name} needs the interactive interface; a headless run takes /${[...HEADLESS].join(", /")} and custom commands.`,
      };
    }
  }
  // `/mcp` reports the servers as this run found them: connected or failed, not half-way.
  if (parsed.commands.some((c) => c.name === "mcp")) await session.mcp.settled();
  const lines: HeadlessCommands["lines"] = [];
  const prompts: string[] = [];
  let refused: string | undefined;
  let promptMode: Mode | undefined;
  const ctx: CommandContext = {
    session,
    say: (line, tone = "info") => void lines.push({ text: line, tone }),
    refuse: (line) => void (refused ??= line),
    send: (prompt, mode) => {
      prompts.push(prompt);
      if (mode) promptMode = mode;
    },
    setMode: (mode) => session.setMode(mode),
    mode: () => session.mode,
    showHistory: () => undefined,
    clearScreen: () => undefined,
    newConversation: async () => session.newConversation(),
    stop: () => void session.cancel(),
    exit: () => undefined,
    commands: () => registry.list(),
  };
  const rest = await registry.run(text, ctx);
  if (refused) return { prompt: "", lines: [], refused };
  const prompt = [...prompts, rest.trim()].filter(Boolean).join("\n\n");
  return {
    prompt,
    lines,
    ...(promptMode && prompt ? { mode: promptMode } : {}),
    ...(prompts.length > 0 ? { fromCommand: true as const } : {}),
  };
}

/**
 * The commands a headless run takes (`HEADLESS`, custom commands, MCP prompts), for a program
 * that asks (`control_request` `initialize`).
 */
export function headlessCommandList(
  session: Session,
  env: Record<string, string | undefined>,
): { name: string; description: string }[] {
  const registry = createCommands(session.root, env, () => session.mcp.prompts());
  return registry
    .list()
    .filter((c) => c.source !== "builtin" || HEADLESS.has(c.name))
    .map((c) => ({ name: c.name, description: c.description }));
}
