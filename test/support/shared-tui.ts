/**
 * One interactive session kept across the tests of a file or `describe` block, for tests about
 * what a conversation shows, not about start-up: a TUI start costs about as much CPU as the
 * test after it (useTui starts one per test). Each test gets the session as a fresh start would
 * leave it: its own script on the mock server (`server.reset`: no requests before), a new
 * conversation (`/new`), an empty composer, a cleared screen and scrollback, and no output
 * before it (`term.raw`).
 *
 * ```ts
 * const tui = useSharedTui([], { cols: 80 });   // in the file or describe block
 * const { term, server } = await tui.open([reply().text("Hi")]);
 * await send(term, "hello");
 * ```
 *
 * What is NOT new for each test, so a test that depends on it uses `useTui`: the home and the
 * repository (files a test wrote stay; standing permissions granted stay), the session's mode,
 * model and settings, and the persistent shell. A turn still ending when a test passed is
 * cancelled with Esc before the next starts; after a failed test the session is closed, and the
 * next test gets a fresh one, so a failure never carries over.
 */
import { afterAll, onTestFailed } from "vitest";
import { makeHome, makeRepo } from "./cli-runner.js";
import { anthropicEnv } from "./e2e-fixture.js";
import {
  startMockModelServer,
  type MockModelServer,
  type ScriptEntry,
} from "./mock-model-server.js";
import { startTerminal, type TuiTerminal } from "./terminal-harness.js";
import { COMPOSER, send } from "./tui-fixture.js";

export interface SharedTuiOptions {
  cols?: number;
  rows?: number;
  files?: Record<string, string>;
  config?: unknown;
  env?: Record<string, string>;
  /**
   * The words the session is waited on by, in its language: the idle composer's placeholder and
   * what `/new` says. English unless given (`ZH_CN_WORDS` for `LANG=zh_CN.UTF-8`).
   */
  words?: SharedTuiWords;
}

export interface SharedTuiWords {
  ready: string;
  newConversation: string;
}

const ENGLISH_WORDS: SharedTuiWords = { ready: COMPOSER, newConversation: "New conversation." };
/** The same in Simplified Chinese (src/i18n/catalogs/zh-CN.ts). */
export const ZH_CN_WORDS: SharedTuiWords = {
  ready: "向 North 提问，了解这个仓库",
  newConversation: "已开始新对话。",
};

export interface SharedTui {
  server: MockModelServer;
  term: TuiTerminal;
  repo: string;
  env: Record<string, string>;
}

/** Keys that empty a draft of a few lines: Ctrl+U (to the line's start), then Backspace. */
const EMPTY_DRAFT = "\x15\x7f".repeat(16);
/** On screen while a turn runs, or while a review or question waits for an answer. */
const BUSY = /Type to queue a message|输入的消息会排队等待发送|Esc refuse|Esc decline|Esc 拒绝/;

/** Registers the session's clean-up; call once in the file or `describe` block. */
export function useSharedTui(args: string[] = [], options: SharedTuiOptions = {}) {
  let current: SharedTui | undefined;
  const words = options.words ?? ENGLISH_WORDS;

  const close = async () => {
    const open = current;
    current = undefined;
    if (!open) return;
    open.term.kill();
    // Ended, not only signalled: nothing of the file outlives it.
    await open.term.exited;
    await open.server.close();
  };
  afterAll(close);

  const start = async (script: ScriptEntry[]): Promise<SharedTui> => {
    const server = await startMockModelServer(script);
    const { env } = makeHome(options.config);
    const repo = options.files ? makeRepo(options.files) : makeRepo();
    const term = startTerminal({
      cwd: repo,
      args,
      ...(options.cols ? { cols: options.cols } : {}),
      ...(options.rows ? { rows: options.rows } : {}),
      env: { ...env, ...anthropicEnv(server, "test-key"), ...options.env },
    });
    current = { server, term, repo, env };
    await term.waitFor(words.ready);
    return current;
  };

  return {
    /** The shared session, started over for this test with `script` (see the file's comment). */
    async open(script: ScriptEntry[]): Promise<SharedTui> {
      // Closed as the test fails: vitest calls this after the afterEach hooks, so a flag for
      // them to read would come one test late, and the next test would get this program.
      onTestFailed(() => close());
      if (!current?.term.running) {
        await close();
        return start(script);
      }
      const { term, server } = current;
      // A passed test may end as its turn's last words show, before the turn ends: Esc ends it
      // (and would refuse a review left open; with the composer empty and nothing running it
      // only shows a hint, cleared below).
      if (BUSY.test(term.screen())) term.press("escape");
      await term.waitFor((s) => !BUSY.test(s));
      term.write(EMPTY_DRAFT);
      // The idle placeholder shows only with no turn running: a refused review's turn goes on
      // to its next request (a draft in the composer hides "Type to queue"), which must reach
      // the old script, not this test's.
      await term.waitFor(words.ready);
      server.reset(script);
      await send(term, "/new");
      await term.waitFor(words.newConversation);
      await send(term, "/clear");
      await term.waitFor((s) => s.includes(words.ready) && !s.includes(words.newConversation));
      term.forgetOutput();
      return current;
    },
  };
}
