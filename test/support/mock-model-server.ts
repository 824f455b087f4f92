/**
 * The mock model server: real HTTP on 127.0.0.1 speaking the Anthropic Messages, OpenAI Responses
 * and OpenAI Chat Completions wire protocols, answering scripted turns and recording every request.
 *
 * ```ts
 * const server = await startMockModelServer([
 *   reply().thinking("Let me look", "sig-abc").text("I'll search.").tool("search_text", { pattern: "retry" }),
 *   reply().text("The answer is **42**."),
 *   failure(429, { retryAfter: 1 }),
 * ]);
 * new Anthropic({ baseURL: server.anthropicBaseUrl, apiKey: "test" });
 * new OpenAI({ baseURL: server.openaiBaseUrl, apiKey: "test" });
 * await server.waitForRequests(2);
 * await server.close();
 * ```
 *
 * Imports only node built-ins and sibling files, so benchmarks can bundle it with esbuild.
 */
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { anthropicEncoder } from "./mock-anthropic.js";
import { sendFault, sendRedirect } from "./mock-faults.js";
import { openaiChatEncoder } from "./mock-openai-chat.js";
import { openaiResponsesEncoder } from "./mock-openai-responses.js";
import {
  type FailureSpec,
  type RecordedRequest,
  type ReplySpec,
  type ResponseOutcome,
  type ScriptEntry,
  reply,
  turnSpec,
} from "./mock-script.js";
import {
  type EncodeContext,
  IdFactory,
  type ProtocolEncoder,
  type SseEvent,
  formatSse,
  resolveStopReason,
  resolveUsage,
} from "./mock-wire.js";

export * from "./mock-script.js";

/** A running mock model server. */
export interface MockModelServer {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  readonly port: number;
  /** For `new Anthropic({ baseURL })` / `ANTHROPIC_BASE_URL` (the SDK appends `/v1/messages`). */
  readonly anthropicBaseUrl: string;
  /** For `new OpenAI({ baseURL })` / `OPENAI_BASE_URL`: `http://127.0.0.1:PORT/v1`. */
  readonly openaiBaseUrl: string;
  /** Every request received, in arrival order (also 404s and those past the script's end). */
  readonly requests: readonly RecordedRequest[];
  /** Script entries not yet consumed. */
  readonly remaining: number;
  /** Appends entries to the script. */
  enqueue(...entries: ScriptEntry[]): void;
  /**
   * A conversation of its own: requests for which `match` is true (e.g. a sub-agent's, recognised
   * by its prompt with {@link firstUserText}) take their turns from `entries`, in order, instead
   * of the main script. Conversations are tried in the order they were added.
   */
  conversation(match: (request: RecordedRequest) => boolean, ...entries: ScriptEntry[]): void;
  /**
   * Resolves with the requests once `count` have arrived (bodies read, before the answer).
   * With `timeoutMs`, rejects after that long with a list of what did arrive.
   */
  waitForRequests(count: number, options?: { timeoutMs?: number }): Promise<RecordedRequest[]>;
  /** Resolves when the answer to request `index` (0-based) has finished, with how it ended. */
  waitForResponse(index: number): Promise<ResponseOutcome>;
  /** Lets a reply held with `reply().hold(key)` go on (before or after it reached the hold). */
  release(key: string): void;
  /**
   * Starts over on the same port, as a server just started with `script` would be: no requests,
   * no conversations, the script from its first entry; pending waits reject. For a program kept
   * running across tests (`useSharedTui`); call it while no answer is under way.
   */
  reset(script: ScriptEntry[]): void;
  /** Drops open connections and stops listening; pending waits reject. */
  close(): Promise<void>;
}

/**
 * The answer to a request past the script's end: a 400, which North does not retry. A request
 * the test did not script is the test's own matter; as a 5xx it was retried with backoff for
 * seconds (src/ai/retry.ts) before the run ended the same way.
 */
const EXHAUSTED = "bad_request";

const routes: Record<string, ProtocolEncoder> = {
  "/v1/messages": anthropicEncoder,
  "/v1/responses": openaiResponsesEncoder,
  "/v1/chat/completions": openaiChatEncoder,
};

interface Waiter {
  count: number;
  resolve: (requests: RecordedRequest[]) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
}

/** Starts a server on 127.0.0.1 with a random port, answering `script` one entry per model request. */
export async function startMockModelServer(script: ScriptEntry[] = []): Promise<MockModelServer> {
  const queue = [...script];
  let nextTurn = 0;
  const conversations: { match: (r: RecordedRequest) => boolean; entries: ScriptEntry[] }[] = [];
  const requests: RecordedRequest[] = [];
  let waiters: Waiter[] = [];
  const outcomeWaiters = new Map<number, ((outcome: ResponseOutcome) => void)[]>();
  /**
   * This server's holds, by key (released ones resolve at once); a `reset` starts afresh. Of
   * the server, not of the module: test files share their worker's modules (vitest.config.ts),
   * and a key released in one file let another's hold of it pass at once.
   */
  let holds = new Map<string, { promise: Promise<void>; release: () => void }>();
  const holdOf = (key: string) => {
    let hold = holds.get(key);
    if (!hold) {
      let release!: () => void;
      const promise = new Promise<void>((resolve) => (release = resolve));
      hold = { promise, release };
      holds.set(key, hold);
    }
    return hold;
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: `mock model server: ${String(error)}` } }));
      } else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    let body: unknown;
    try {
      body = rawBody ? JSON.parse(rawBody) : undefined;
    } catch {
      body = undefined;
    }
    const url = req.url ?? "/";
    const path = url.split("?")[0] ?? "/";
    const method = req.method ?? "GET";
    const encoder = method === "POST" ? routes[path] : undefined;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
    }
    const record: RecordedRequest = {
      index: requests.length,
      method,
      path,
      url,
      headers,
      body,
      rawBody,
      protocol: encoder?.protocol ?? "unknown",
      receivedAt: performance.now(),
    };
    requests.push(record);
    trackOutcome(record, res);
    notifyWaiters();

    if (!encoder) {
      const message = `mock model server: no route for ${method} ${path}`;
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ type: "error", error: { type: "not_found_error", message } }));
      return;
    }
    const ids = new IdFactory(`request-${record.index}`);
    if (typeof body !== "object" || body === null) {
      const message = "mock model server: the request body is not a JSON object";
      return sendFailure(res, encoder, ids, { kind: "failure", error: "bad_request", message });
    }
    const own = conversations.find((c) => c.match(record));
    if (own) {
      const next = own.entries.shift();
      if (next === undefined) {
        const message = `mock script exhausted: request #${record.index} matched a conversation with no turns left`;
        return sendFailure(res, encoder, ids, { kind: "failure", error: EXHAUSTED, message });
      }
      return answerWith(record, next, res, encoder, ids, body as Record<string, unknown>, rawBody);
    }
    const entry = queue[nextTurn];
    if (entry === undefined) {
      const message =
        `mock script exhausted: request #${record.index} (${method} ${path}) has no scripted ` +
        `turn; the script had ${queue.length} turn(s)`;
      return sendFailure(res, encoder, ids, { kind: "failure", error: EXHAUSTED, message });
    }
    record.turn = nextTurn++;
    return answerWith(record, entry, res, encoder, ids, body as Record<string, unknown>, rawBody);
  }

  async function answerWith(
    record: RecordedRequest,
    entry: ScriptEntry,
    res: ServerResponse,
    encoder: ProtocolEncoder,
    ids: IdFactory,
    requestBody: Record<string, unknown>,
    rawBody: string,
  ): Promise<void> {
    let spec: ReturnType<typeof turnSpec>;
    try {
      spec = turnSpec(typeof entry === "function" ? await entry(record) : entry);
    } catch (error) {
      const message = `mock turn function threw: ${error instanceof Error ? error.message : String(error)}`;
      return sendFailure(res, encoder, ids, { kind: "failure", error: "server", message });
    }
    if (spec.kind === "failure") return sendFailure(res, encoder, ids, spec);
    if (spec.kind === "redirect") return sendRedirect(res, spec);

    // A fault opens its stream (when it sends one) as a one-word text reply would.
    const answer = spec.kind === "fault" ? reply().text("x").toSpec() : spec;
    const ctx: EncodeContext = {
      body: requestBody,
      ids,
      usage: resolveUsage(answer, rawBody.length),
      model:
        answer.model ??
        (typeof requestBody.model === "string" ? requestBody.model : encoder.defaultModel),
      stopReason: resolveStopReason(answer),
      created: Math.floor(Date.now() / 1000),
    };
    if (spec.kind === "fault") return sendFault(res, encoder, spec, answer, ctx);
    const answerHeaders = { ...encoder.headers(ids), ...spec.headers };
    if (requestBody.stream === true)
      await sendStream(res, encoder, spec, ctx, answerHeaders, (key) => holdOf(key).promise);
    else await sendJson(res, encoder.json(spec, ctx), spec, answerHeaders);
  }

  function trackOutcome(record: RecordedRequest, res: ServerResponse): void {
    res.on("close", () => {
      const cut = (res as ServerResponse & { mockCut?: boolean }).mockCut === true;
      record.outcome = res.writableFinished ? "complete" : cut ? "cut" : "client_closed";
      record.finishedAt = performance.now();
      // A request from before a `reset` has no waiters of its own left.
      if (requests[record.index] !== record) return;
      for (const resolve of outcomeWaiters.get(record.index) ?? []) resolve(record.outcome);
      outcomeWaiters.delete(record.index);
    });
  }

  function notifyWaiters(): void {
    waiters = waiters.filter((w) => {
      if (requests.length < w.count) return true;
      if (w.timer) clearTimeout(w.timer);
      w.resolve([...requests]);
      return false;
    });
  }

  function rejectWaiters(why: string): void {
    for (const w of waiters) {
      if (w.timer) clearTimeout(w.timer);
      w.reject(new Error(`mock model server ${why} with ${requests.length} request(s)`));
    }
    waiters = [];
  }

  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server.address() as AddressInfo));
  });
  const url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    port: address.port,
    anthropicBaseUrl: url,
    openaiBaseUrl: `${url}/v1`,
    requests,
    get remaining() {
      return queue.length - nextTurn;
    },
    enqueue(...entries) {
      queue.push(...entries);
    },
    conversation(match, ...entries) {
      conversations.push({ match, entries: [...entries] });
    },
    waitForRequests(count, options = {}) {
      if (requests.length >= count) return Promise.resolve([...requests]);
      return new Promise((resolve, reject) => {
        const waiter: Waiter = { count, resolve, reject };
        if (options.timeoutMs !== undefined) {
          waiter.timer = setTimeout(() => {
            waiters = waiters.filter((w) => w !== waiter);
            const seen = requests.map((r) => `${r.method} ${r.path}`).join(", ") || "none";
            reject(new Error(`waitForRequests(${count}): ${requests.length} arrived (${seen})`));
          }, options.timeoutMs);
        }
        waiters.push(waiter);
      });
    },
    release(key) {
      holdOf(key).release();
    },
    waitForResponse(index) {
      const outcome = requests[index]?.outcome;
      if (outcome) return Promise.resolve(outcome);
      return new Promise((resolve) => {
        outcomeWaiters.set(index, [...(outcomeWaiters.get(index) ?? []), resolve]);
      });
    },
    reset(script) {
      rejectWaiters("reset");
      outcomeWaiters.clear();
      queue.splice(0, queue.length, ...script);
      nextTurn = 0;
      conversations.length = 0;
      requests.length = 0;
      // A stream still held ends; the next test's holds are its own.
      for (const hold of holds.values()) hold.release();
      holds = new Map();
    },
    async close() {
      rejectWaiters("closed");
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function sendFailure(
  res: ServerResponse,
  encoder: ProtocolEncoder,
  ids: IdFactory,
  failure: FailureSpec,
): void {
  const answer = encoder.error(failure, ids);
  const headers: Record<string, string> = { "content-type": "application/json", ...answer.headers };
  if (failure.retryAfter !== undefined) headers["retry-after"] = String(failure.retryAfter);
  if (failure.retryAfterMs !== undefined) headers["retry-after-ms"] = String(failure.retryAfterMs);
  const text = JSON.stringify(answer.body);
  headers["content-length"] = String(Buffer.byteLength(text));
  res.writeHead(answer.status, { ...headers, ...failure.headers });
  res.end(text);
}

/** Marks the response as dropped on purpose, then destroys the connection. */
function cut(res: ServerResponse): void {
  (res as ServerResponse & { mockCut?: boolean }).mockCut = true;
  res.destroy();
}

/** Resolves once `text` is handed to the kernel (or the connection is gone). */
function write(res: ServerResponse, text: string): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve();
    res.write(text, () => resolve());
  });
}

/** Waits `ms`, or less if the connection closes. */
function pause(res: ServerResponse, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off("close", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    res.on("close", done);
  });
}

async function sendStream(
  res: ServerResponse,
  encoder: ProtocolEncoder,
  spec: ReplySpec,
  ctx: EncodeContext,
  headers: Record<string, string>,
  held: (key: string) => Promise<void>,
): Promise<void> {
  const encoded = encoder.stream(spec, ctx);
  let events: SseEvent[] = encoded.events;
  if (spec.streamError) {
    const at = Math.min(spec.streamError.afterEvents ?? encoded.terminalIndex, events.length);
    const failed = encoded.errorEvents(spec.streamError.kind, spec.streamError.message, at);
    events = [...events.slice(0, at), ...failed];
  }
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
    ...headers,
  });
  res.flushHeaders();
  for (let i = 0; i < events.length; i++) {
    if (spec.cutAfter === i) return cut(res);
    if (spec.endAfter === i) break;
    if (spec.delayMs > 0) await pause(res, spec.delayMs);
    if (spec.hold?.afterEvents === i) {
      const gone = new Promise<void>((resolve) => res.once("close", () => resolve()));
      await Promise.race([held(spec.hold.key), gone]);
    }
    const event = events[i];
    if (res.destroyed || !event) return;
    await write(res, formatSse(event));
  }
  if (spec.cutAfter !== undefined && spec.cutAfter >= events.length) return cut(res);
  res.end();
}

async function sendJson(
  res: ServerResponse,
  body: unknown,
  spec: ReplySpec,
  headers: Record<string, string>,
): Promise<void> {
  if (spec.delayMs > 0) await pause(res, spec.delayMs);
  if (res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(200, {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(text)),
    ...headers,
  });
  if (spec.cutAfter === undefined) return void res.end(text);
  await write(res, text.slice(0, Math.floor(text.length / 2)));
  cut(res);
}
