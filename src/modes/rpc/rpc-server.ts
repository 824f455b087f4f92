import type { Readable, Writable } from "node:stream";
import type { Review } from "../../agent/tool.js";
import {
  captureSdkWarnings,
  createLogger,
  loadConfigFile,
  type Mode,
  type Session,
} from "../../session/index.js";
import { messageChannel } from "./framing.js";
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
  /** The reviews of this turn's `approval_request`s, by id (an elicitation's answer is checked). */
  const reviews = new Map<string, Review>();
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let chain: Promise<unknown> = Promise.resolve();
  let ending = false;
  /** Requests that arrived and have not started, by id (a count: ids may repeat). */
  const waiting = new Map<RequestId, number>();
  /** Of those, the ones the client cancelled (`$/cancelRequest`) before they started. */
  const cancelled = new Set<RequestId>();

  const channel = messageChannel(input, output, {
    onMessage: (text) => {
      const message = parse(text);
      // A cancellation is acted on as it arrives: it concerns requests still waiting their turn.
      if (message !== NOT_JSON && isCancelRequest(message)) return void cancel(message);
      for (const id of idsOf(message)) waiting.set(id, (waiting.get(id) ?? 0) + 1);
      // Answered in order: each message starts when the one before has its answer.
      chain = chain.then(() => handle(message));
    },
    onEnd: () => {
      chain = chain.then(() => end());
    },
    onTooLong: () => send(failure(null, RPC_ERRORS.parse, "message too long")),
    onBadHeader: () =>
      send(failure(null, RPC_ERRORS.parse, "a header block without Content-Length")),
  });
  const send = (message: unknown) => {
    if (ending && !Array.isArray(message) && (message as Response).id === null) return;
    channel.send(message);
  };
  const context: MethodContext = {
    root: options.root,
    env: options.env,
    config,
    configNotices: notice ? [notice] : [],
    defaultMode: options.mode,
    logger,
    session: () => session,
    pendingReview: (id) => reviews.get(id),
    open(opened) {
      session = opened;
      opened.subscribe((event) => {
        if (event.type === "approval_request") reviews.set(event.id, event.review);
        if (event.type === "turn_end") reviews.clear();
        channel.send({ jsonrpc: "2.0", method: "event", params: event });
      });
    },
    shutdown: () => void (chain = chain.then(() => end())),
  };
  const methods = createMethods(context);
  // The client went away (EPIPE on standard output): end as at the end of input.
  output.on("error", () => void (chain = chain.then(() => end())));

  function cancel(message: Record<string, unknown>): void {
    const params = message.params as Record<string, unknown> | undefined;
    const id = params?.id;
    if ((typeof id === "string" || typeof id === "number") && waiting.has(id)) cancelled.add(id);
    if (message.id !== undefined) send({ jsonrpc: "2.0", id: message.id, result: null });
  }

  async function handle(message: unknown): Promise<void> {
    if (message === NOT_JSON) return send(failure(null, RPC_ERRORS.parse, "not JSON"));
    if (!Array.isArray(message)) {
      const answer = await answerOne(message);
      if (answer) send(answer);
      return;
    }
    if (message.length === 0) return send(failure(null, RPC_ERRORS.invalidRequest, "empty batch"));
    // A batch is answered as a batch: one array of the answers to its requests, none when it
    // held only notifications. Its members run one after the other, in order.
    const answers: Response[] = [];
    for (const item of message) {
      const answer = await answerOne(item);
      if (answer) answers.push(answer);
    }
    if (answers.length > 0) send(answers);
  }

  /** Runs one request or notification; the response to send, none for a notification. */
  async function answerOne(message: unknown): Promise<Response | undefined> {
    const shape = shapeOf(message);
    if (shape.kind === "invalid") {
      return failure(
        shape.id,
        RPC_ERRORS.invalidRequest,
        'expected {"jsonrpc":"2.0","id":…,"method":"…","params":{…}}',
      );
    }
    const { id, method: name } = shape;
    if (id !== undefined) {
      const left = (waiting.get(id) ?? 1) - 1;
      if (left > 0) waiting.set(id, left);
      else waiting.delete(id);
      if (cancelled.delete(id))
        return failure(id, RPC_ERRORS.requestCancelled, "cancelled by the client");
    }
    const method = Object.hasOwn(methods, name)
      ? (methods[name as RpcMethod] as (params: Record<string, unknown>) => Promise<unknown>)
      : undefined;
    if (!method) {
      // A notification North does not know (`$/setTrace`, `$/progress`…) is ignored.
      if (id === undefined) {
        logger.log("rpc_notification_ignored", { method: name });
        return undefined;
      }
      return failure(id, RPC_ERRORS.methodNotFound, `no method "${name}"`);
    }
    let params = shape.params ?? {};
    if (Array.isArray(params)) {
      if (params.length > 0) {
        if (id === undefined) {
          logger.log("rpc_error", { method: name, message: "positional params" });
          return undefined;
        }
        return failure(
          id,
          RPC_ERRORS.invalidParams,
          `"${name}" takes named params: an object, as in docs/rpc.md`,
        );
      }
      params = {};
    }
    try {
      const result = await method(params as Record<string, unknown>);
      return id === undefined ? undefined : { jsonrpc: "2.0", id, result };
    } catch (error) {
      const code = error instanceof RpcFailure ? error.code : RPC_ERRORS.internal;
      const text = error instanceof Error ? error.message : String(error);
      if (id === undefined || !(error instanceof RpcFailure)) {
        logger.log("rpc_error", { method: name, message: text });
      }
      return id === undefined ? undefined : failure(id, code, text);
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

type RequestId = string | number;
type Response =
  | { jsonrpc: "2.0"; id: RequestId; result: unknown }
  | { jsonrpc: "2.0"; id: RequestId | null; error: { code: number; message: string } };

const NOT_JSON = Symbol("not JSON");

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function failure(id: RequestId | null, code: number, message: string): Response {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

/**
 * A request (`id` present), a notification (no `id` member: run, never answered) or something
 * else, answered -32600 with its id when it has a usable one. `params` must be structured (an
 * object or an array); which of those a method takes is the method's business.
 */
function shapeOf(
  value: unknown,
):
  | { kind: "call"; id: RequestId | undefined; method: string; params?: object }
  | { kind: "invalid"; id: RequestId | null } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { kind: "invalid", id: null };
  }
  const v = value as Record<string, unknown>;
  const hasId = Object.hasOwn(v, "id");
  const id =
    typeof v.id === "string" || (typeof v.id === "number" && Number.isFinite(v.id))
      ? v.id
      : undefined;
  const params = v.params;
  const valid =
    v.jsonrpc === "2.0" &&
    (!hasId || id !== undefined) &&
    typeof v.method === "string" &&
    (params === undefined || (typeof params === "object" && params !== null));
  if (!valid) return { kind: "invalid", id: id ?? null };
  return { kind: "call", id, method: v.method as string, ...(params ? { params } : {}) };
}

/** `$/cancelRequest` (vscode-jsonrpc, LSP): cancels a request that has not started yet. */
function isCancelRequest(value: unknown): value is Record<string, unknown> {
  const shape = shapeOf(value);
  return shape.kind === "call" && shape.method === "$/cancelRequest";
}

/** The ids of the requests in a message (a batch's too). */
function idsOf(value: unknown): RequestId[] {
  const items = Array.isArray(value) ? value : [value];
  const ids: RequestId[] = [];
  for (const item of items) {
    const shape = shapeOf(item);
    if (shape.kind === "call" && shape.id !== undefined) ids.push(shape.id);
  }
  return ids;
}
