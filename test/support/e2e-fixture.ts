/**
 * The shared set-up of end-to-end tests: a mock model server with its script, an isolated home
 * (its own XDG config, data, state and cache folders), a small git repository, and the provider
 * environment that points North at the server, as a person would set it. Everything a test
 * opened is closed after it.
 *
 * ```ts
 * const e2e = useE2e();                                   // at the top of a test file
 * const { server, run } = await e2e.open([reply().text("Hi")]);
 * const result = await run(["-p", "hello"]);              // the built CLI, in the repository
 * const other = await e2e.server([reply().text("Yes")]);  // a server alone, closed likewise
 * ```
 *
 * The TUI's own fixture (`useTui`, tui-fixture.ts) builds on the same pieces.
 */
import { afterEach } from "vitest";
import { makeHome, makeRepo, runCli, type CliResult } from "./cli-runner.js";
import {
  startMockModelServer,
  type MockModelServer,
  type ScriptEntry,
} from "./mock-model-server.js";

type Json = Record<string, unknown>;

/** The wire protocols the mock model server speaks. */
export type Protocol = "anthropic-messages" | "openai-responses" | "openai-chat";

export const PROTOCOLS: readonly Protocol[] = [
  "anthropic-messages",
  "openai-responses",
  "openai-chat",
];

/** The variables that send North's Anthropic requests to `server`. */
export const anthropicEnv = (server: MockModelServer, key = "sk-ant-test") => ({
  ANTHROPIC_API_KEY: key,
  ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
});

/** The variables that send North's OpenAI requests to `server`. */
export const openaiEnv = (server: MockModelServer, key = "sk-test") => ({
  OPENAI_API_KEY: key,
  OPENAI_BASE_URL: server.openaiBaseUrl,
});

/**
 * How a run reaches `server` over `protocol`: the flags, the variables and the config entries
 * (for `openai-chat`, a `providers` entry named `local`, as for a local server).
 */
export function providerSetup(
  protocol: Protocol,
  server: MockModelServer,
): { args: string[]; env: Record<string, string>; config: Json } {
  if (protocol === "anthropic-messages") {
    return { args: ["--model", "claude-sonnet-5-5"], env: anthropicEnv(server), config: {} };
  }
  if (protocol === "openai-responses") {
    return { args: ["--model", "gpt-5.6-sol"], env: openaiEnv(server), config: {} };
  }
  return {
    args: ["--provider", "local", "--model", "qwen3-coder"],
    env: {},
    config: {
      providers: {
        local: {
          protocol: "openai-chat",
          baseUrl: server.openaiBaseUrl,
          models: [{ id: "qwen3-coder", contextWindow: 32768 }],
        },
      },
    },
  };
}

export interface E2eOptions {
  /** Default `anthropic-messages` (no flags needed: the default model is Anthropic's). */
  protocol?: Protocol;
  /** The global config file (merged with the provider's entries), or one made from the server. */
  config?: Json | ((server: MockModelServer) => Json);
  /** The repository's files (default: a small service with a retry policy, see `makeRepo`). */
  files?: Record<string, string>;
  /** More variables for every run. */
  env?: Record<string, string>;
  /** Runs once the server is up, before anything else (e.g. `server.conversation`). */
  prepare?: (server: MockModelServer) => void;
}

export interface E2eSetup {
  server: MockModelServer;
  home: string;
  /** The home's variables and the provider's: what every run gets. */
  env: Record<string, string>;
  repo: string;
  /** The flags that choose the protocol's model (empty for the default, Anthropic). */
  args: string[];
  /** Runs the built CLI in the repository with `env`, the protocol's flags first. */
  run(
    args: string[],
    options?: { stdin?: string; env?: Record<string, string>; cwd?: string },
  ): Promise<CliResult>;
}

/** Registers the clean-up of what the file's tests open; call once at the top of the file. */
export function useE2e() {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const server = async (script: ScriptEntry[]): Promise<MockModelServer> => {
    const started = await startMockModelServer(script);
    cleanups.push(() => started.close());
    return started;
  };
  return {
    server,
    async open(script: ScriptEntry[], options: E2eOptions = {}): Promise<E2eSetup> {
      const mock = await server(script);
      options.prepare?.(mock);
      const protocol = options.protocol ?? "anthropic-messages";
      const provider = providerSetup(protocol, mock);
      const own = typeof options.config === "function" ? options.config(mock) : options.config;
      const config =
        own || Object.keys(provider.config).length > 0 ? { ...own, ...provider.config } : undefined;
      const { home, env: homeEnv } = makeHome(config);
      const env = { ...homeEnv, ...provider.env, ...options.env };
      const repo = options.files ? makeRepo(options.files) : makeRepo();
      const args = protocol === "anthropic-messages" ? [] : provider.args;
      return {
        server: mock,
        home,
        env,
        repo,
        args,
        run: (runArgs, runOptions = {}) =>
          runCli([...args, ...runArgs], {
            cwd: runOptions.cwd ?? repo,
            env: { ...env, ...runOptions.env },
            ...(runOptions.stdin !== undefined ? { stdin: runOptions.stdin } : {}),
          }),
      };
    },
  };
}
