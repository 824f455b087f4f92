import type { createCommands } from "../../src/commands/index.js";
import type { CommandContext } from "../../src/commands/types.js";
import type { Session } from "../../src/session/index.js";

/**
 * A context for running slash commands in unit tests: it records what they said, sent and which
 * modes they set; the session is only what the commands under test touch (`session`), and a
 * `theme` control is there when given.
 */
export function commandContext(
  registry: ReturnType<typeof createCommands>,
  options: { session?: Partial<Session>; theme?: CommandContext["theme"] } = {},
) {
  const said: string[] = [];
  const sent: string[] = [];
  const modes: string[] = [];
  const ctx: CommandContext = {
    session: { mode: "agent", ...options.session } as Session,
    say: (text) => said.push(text),
    send: (prompt) => sent.push(prompt),
    setMode: (mode) => modes.push(mode),
    mode: () => "agent",
    showHistory: () => said.push("<history>"),
    clearScreen: () => said.push("<clear>"),
    newConversation: async () => void said.push("<new>"),
    stop: () => said.push("<stop>"),
    exit: () => said.push("<exit>"),
    commands: () => registry.list(),
    ...(options.theme ? { theme: options.theme } : {}),
  };
  return { ctx, said, sent, modes };
}
