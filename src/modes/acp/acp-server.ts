// `north acp`: the Agent Client Protocol (v1) on standard input and output, for editors. The
// protocol wiring only; sessions in acp-sessions.ts, updates in acp-updates.ts.
import { Readable, Writable } from "node:stream";
import {
  agent,
  methods,
  ndJsonStream,
  PROTOCOL_VERSION,
  type AgentContext,
} from "@agentclientprotocol/sdk";
import { resolveLanguage, setLanguage } from "../../i18n/index.js";
import {
  captureSdkWarnings,
  createLogger,
  dataDir,
  findRepoRoot,
  listSessions,
  loadConfigFile,
  type Mode,
} from "../../session/index.js";
import { noteWiderStart } from "../wider-run.js";
import type { ClientFs } from "./acp-fs.js";
import { AcpSessions } from "./acp-sessions.js";
import { join } from "node:path";

export interface AcpOptions {
  env: Record<string, string | undefined>;
  /** `--mode`: the mode of every new session (else the project's settings, else agent). */
  mode?: Mode;
  /** `--path`: the folder `session/list` lists when the client names none. */
  cwd: string;
  version: string;
  input?: Readable;
  output?: Writable;
}

/**
 * Serves ACP until the client closes standard input; resolves with the exit code (0). Nothing
 * but protocol messages goes to `output`; notes go to the log file.
 */
export async function runAcp(options: AcpOptions): Promise<number> {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const logger = createLogger();
  logger.log("app_start", { mode: "acp", cwd: options.cwd });
  noteWiderStart();
  const restoreWarn = captureSdkWarnings(logger, (message) =>
    logger.log("sdk_warning", { message }),
  );
  const { config, notice } = await loadConfigFile(options.env);
  setLanguage(resolveLanguage(config.language, options.env));
  let clientFs: ClientFs = { readTextFile: false, writeTextFile: false };
  // The client side, once connected (handlers run only after that).
  const link: { client?: AgentContext } = {};
  const sessions = new AcpSessions({
    env: options.env,
    config,
    configNotices: notice ? [notice] : [],
    logger,
    client: () => link.client!,
    clientFs: () => clientFs,
    ...(options.mode ? { mode: options.mode } : {}),
  });

  const app = agent({ name: "north" })
    .onRequest(methods.agent.initialize, ({ params }) => {
      clientFs = {
        readTextFile: params.clientCapabilities?.fs?.readTextFile === true,
        writeTextFile: params.clientCapabilities?.fs?.writeTextFile === true,
      };
      return {
        protocolVersion: PROTOCOL_VERSION,
        agentCapabilities: {
          loadSession: true,
          // Images go to models that take them (others get a notice, the text goes alone);
          // audio is not taken; embedded text is.
          promptCapabilities: { image: true, audio: false, embeddedContext: true },
          mcpCapabilities: { http: true, sse: true },
          sessionCapabilities: { list: {} },
        },
        agentInfo: { name: "north", title: "North", version: options.version },
        // Keys come from the environment; a missing one fails session/new naming the variable.
        authMethods: [],
      };
    })
    .onRequest(methods.agent.session.new, ({ params }) =>
      sessions.start(params.cwd, params.mcpServers),
    )
    .onRequest(methods.agent.session.load, async ({ params }) => {
      const { modes, configOptions } = await sessions.start(
        params.cwd,
        params.mcpServers,
        params.sessionId,
      );
      return { modes, configOptions };
    })
    .onRequest(methods.agent.session.list, async ({ params }) => {
      const root = await findRepoRoot(params.cwd ?? options.cwd);
      const found = listSessions(join(dataDir(options.env), "sessions"), root);
      return {
        sessions: found.map((s) => ({
          sessionId: s.id,
          cwd: s.project,
          title: s.title,
          updatedAt: s.updated.toISOString(),
        })),
      };
    })
    .onRequest(methods.agent.session.prompt, async ({ params }) => ({
      stopReason: await sessions.prompt(params.sessionId, params.prompt),
    }))
    .onNotification(methods.agent.session.cancel, ({ params }) => sessions.cancel(params.sessionId))
    .onRequest(methods.agent.session.setMode, ({ params }) => {
      sessions.setMode(params.sessionId, params.modeId);
      return {};
    })
    .onRequest(methods.agent.session.setConfigOption, async ({ params }) => ({
      configOptions: await sessions.setConfig(params.sessionId, params.configId, params.value),
    }));

  const connection = app.connect(
    ndJsonStream(
      Writable.toWeb(output) as WritableStream<Uint8Array>,
      Readable.toWeb(input) as ReadableStream<Uint8Array>,
    ),
  );
  link.client = connection.client;
  try {
    await connection.closed;
    await sessions.closeAll();
    return 0;
  } finally {
    restoreWarn();
    logger.log("app_exit", { code: 0, mode: "acp" });
    await logger.close();
  }
}
