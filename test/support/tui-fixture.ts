/**
 * One interactive session for an end-to-end test: a mock model server with its script, a fresh
 * home and repository, and the built CLI in a pseudo-terminal, ready at the composer.
 *
 * ```ts
 * const tui = useTui();                       // at the top of a test file
 * const { term, server, repo } = await tui.open([reply().tool("exit_plan_mode", { plan })], ["--mode", "plan"]);
 * await tui.send(term, "make a plan");
 * ```
 */
import { afterEach } from "vitest";
import { makeHome, makeRepo } from "./cli-runner.js";
import { anthropicEnv } from "./e2e-fixture.js";
import {
  startMockModelServer,
  type MockModelServer,
  type ScriptEntry,
} from "./mock-model-server.js";
import { startTerminal, type TuiTerminal } from "./terminal-harness.js";

/** The composer's placeholder when idle: the interface is ready for a message. */
export const COMPOSER = "Ask North about this repository";

/** Registers the clean-up of every session opened in the file's tests. */
export function useTui() {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return {
    /** `options`: the terminal's size, the repository's files, a config file, more variables. */
    async open(
      script: ScriptEntry[],
      args: string[] = [],
      options: {
        cols?: number;
        rows?: number;
        files?: Record<string, string>;
        /** The global config, or one made from the mock server (a provider at its address). */
        config?: unknown;
        /** Runs once the mock server is up, before North starts (e.g. `server.conversation`). */
        prepare?: (server: MockModelServer) => void;
        env?: Record<string, string>;
        /** Resolve once started, without waiting for the composer. */
        noWait?: boolean;
        /** The terminal's answer to an OSC 11 query (see `TerminalOptions`). */
        background?: string;
        backgroundEnd?: "bel" | "st";
      } = {},
    ) {
      const server = await startMockModelServer(script);
      options.prepare?.(server);
      const config =
        typeof options.config === "function"
          ? (options.config as (server: MockModelServer) => unknown)(server)
          : options.config;
      const { env } = makeHome(config);
      const repo = options.files ? makeRepo(options.files) : makeRepo();
      const term = startTerminal({
        cwd: repo,
        args,
        ...(options.cols ? { cols: options.cols } : {}),
        ...(options.rows ? { rows: options.rows } : {}),
        ...(options.background ? { background: options.background } : {}),
        ...(options.backgroundEnd ? { backgroundEnd: options.backgroundEnd } : {}),
        env: {
          ...env,
          ...anthropicEnv(server, "test-key"),
          ...options.env,
        },
      });
      cleanups.push(
        () => server.close(),
        () => term.kill(),
      );
      if (!options.noWait) await term.waitFor(COMPOSER);
      return { server, term, repo, env };
    },
    send,
  };
}

/** Types a prompt, waits until it shows in the composer, then presses Enter. */
export async function send(term: TuiTerminal, text: string): Promise<void> {
  term.type(text);
  await term.waitFor(`> ${text}`);
  term.press("enter");
}

/** The tool results sent in request `index` (Anthropic wire format), in order. */
export function toolResults(server: MockModelServer, index: number) {
  const messages = server.requests[index]!.body.messages as { role: string; content: unknown }[];
  return messages.flatMap((m) =>
    Array.isArray(m.content)
      ? (m.content as { type: string; content?: unknown; is_error?: boolean }[])
          .filter((b) => b.type === "tool_result")
          .map((b) => ({ content: String(b.content), isError: b.is_error === true }))
      : [],
  );
}

/** The names of the tools offered in request `index`. */
export const toolNames = (server: MockModelServer, index: number): string[] =>
  (server.requests[index]!.body.tools as { name: string }[] | undefined)?.map((t) => t.name) ?? [];

/**
 * The key line of a review or question, drawn once it takes keys: a review ignores keys for a
 * moment after it appears (`REVIEW_GUARD_MS`) and shows its choices when that ends.
 */
const REVIEW_KEYS = /Esc refuse|Esc decline|Esc 拒绝/;

/** Waits until `text` shows in a review that takes keys (see {@link REVIEW_KEYS}). */
export function waitForReview(term: TuiTerminal, text: string | RegExp): Promise<void> {
  return term.waitFor(
    (screen) =>
      REVIEW_KEYS.test(screen) &&
      (typeof text === "string" ? screen.includes(text) : text.test(screen)),
  );
}

/**
 * Waits until the confirmation "always" asks for takes keys: it is guarded as a new review is,
 * and its question and keys show when the guard ends.
 */
export function waitForConfirm(term: TuiTerminal, text: string | RegExp): Promise<void> {
  return term.waitFor(
    (screen) =>
      /or Enter confirm · Esc back|或 Enter 确认/.test(screen) &&
      (typeof text === "string" ? screen.includes(text) : text.test(screen)),
  );
}
