import type { Readable, Writable } from "node:stream";
import {
  captureSdkWarnings,
  createLogger,
  loadConfigFile,
  type Mode,
  type Session,
} from "../../session/index.js";
import { lineChannel } from "./line-channel.js";
import { createMethods, RpcFailure, type MethodContext } from "./rpc-methods.js";
import { RPC_ERRORS, type RpcMethod } from "./protocol.js";

export interface RpcOptions {
  root: string;
  env: Record<string, string | undefined>;
  /** The mode a session starts in when `session/start` names none. */
  mode: Mode;
  input?: Readable;
  output?: Writable;
}

/**
 * `north rpc`: serves the protocol of protocol.ts on standard input and output until the input
 * ends or `shutdown`; resolves with the exit code (0). Nothing but protocol lines is written to
 * `output`; notes go to the log.
 */
export async function runRpc(options: RpcOptions): Promise<number> {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const logger = createLogger();
  logger.log("app_start", { mode: "rpc", cwd: options.root });
  const restoreWarn = captureSdkWarnings(logger, (message) =>
    logger.log("sdk_warning", { message }),
  );
  const { config, notice } = await loadConfigFile(options.env);
  let session: Session | undefined;
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let chain: Promise<unknown> = Promise.resolve();
  let ending = false;

  const channel = lineChannel(input, output, {
    onLine: (line) => {
      // Answered in order: each request starts when the one before has its answer.
      chain = chain.then(() => handle(line));
    },
    onEnd: () => {
      chain = chain.then(() => end());
    },
    onTooLong: () => reply(null, undefined, { code: RPC_ERRORS.parse, message: "line too long" }),
  });
  const reply = (
    id: string | number | null,
    result: unknown,
    error?: { code: number; message: string },
  ) => {
    if (ending && id === null) return;
    channel.send(error ? { jsonrpc: "2.0", id, error } : { jsonrpc: "2.0", id, result });
  };
  const context: MethodContext = {
    root: options.root,
    env: options.env,
    config,
    configNotices: notice ? [notice] : [],
    defaultMode: options.mode,
    logger,
    session: () => session,
    open(opened) {
      session = opened;
      opened.subscribe((event) => channel.send({ jsonrpc: "2.0", method: "event", params: event }));
    },
    shutdown: () => void (chain = chain.then(() => end())),
  };
  const methods = createMethods(context);
  // The client went away (EPIPE on standard output): end as at the end of input.
  output.on("error", () => void (chain = chain.then(() => end())));

  async function handle(line: string): Promise<void> {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return reply(null, undefined, { code: RPC_ERRORS.parse, message: "not JSON" });
    }
    if (!isRequest(message)) {
      const id = idOf(message);
      return reply(id, undefined, {
        code: RPC_ERRORS.invalidRequest,
        message: 'expected {"jsonrpc":"2.0","id":…,"method":"…","params":{…}}',
      });
    }
    const method = methods[message.method as RpcMethod] as
      ((params: Record<string, unknown>) => Promise<unknown>) | undefined;
    if (!method || !Object.hasOwn(methods, message.method)) {
      return reply(message.id, undefined, {
        code: RPC_ERRORS.methodNotFound,
        message: `no method "${message.method}"`,
      });
    }
    try {
      const params = (message.params ?? {}) as Record<string, unknown>;
      reply(message.id, await method(params));
    } catch (error) {
      if (error instanceof RpcFailure) {
        return reply(message.id, undefined, { code: error.code, message: error.message });
      }
      const text = error instanceof Error ? error.message : String(error);
      logger.log("rpc_error", { method: message.method, message: text });
      reply(message.id, undefined, { code: RPC_ERRORS.internal, message: text });
    }
  }

  async function end(): Promise<void> {
    if (ending) return;
    ending = true;
    if (session) {
      session.takeQueue();
      session.cancel();
      await waitIdle(session);
      await session.dispose();
    }
    finish();
  }

  try {
    await finished;
    return 0;
  } finally {
    restoreWarn();
    logger.log("app_exit", { code: 0, mode: "rpc" });
    await logger.close();
  }
}

/** Resolves once the session has no message running. */
function waitIdle(session: Session): Promise<void> {
  if (!session.busy) return Promise.resolve();
  return new Promise((resolve) => {
    const off = session.subscribe((event) => {
      if (event.type === "message_end" && !session.busy) {
        off();
        resolve();
      }
    });
  });
}

interface Request {
  jsonrpc: "2.0";
  id: string | number;
  method: string;
  params?: unknown;
}

function isRequest(value: unknown): value is Request {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  const params = v.params;
  return (
    v.jsonrpc === "2.0" &&
    (typeof v.id === "string" || (typeof v.id === "number" && Number.isFinite(v.id))) &&
    typeof v.method === "string" &&
    (params === undefined ||
      (typeof params === "object" && params !== null && !Array.isArray(params)))
  );
}

function idOf(value: unknown): string | number | null {
  if (typeof value !== "object" || value === null) return null;
  const id = (value as Record<string, unknown>).id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}
