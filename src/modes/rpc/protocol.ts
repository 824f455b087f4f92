import type { Usage } from "../../ai/types.js";
import type { SessionEvent } from "../../session/index.js";

/**
 * `north rpc`: JSON-RPC 2.0 over stdio. Framing: one JSON message per line (UTF-8, `\n`), or
 * LSP's `Content-Length` headers when the client's first line is a header; North answers in the
 * client's framing (src/modes/rpc/framing.ts). The client sends requests; North answers each with
 * a response of the same id and sends `event` notifications for everything the session does.
 * docs/rpc.md describes it; docs/rpc.schema.json is generated from these types
 * (`npm run rpc-schema`), and a test fails when the two drift apart.
 *
 * Contracts:
 * - One session per process. `session/start` (or `session/resume`) comes first; any other
 *   method before it gets error {@link RPC_ERRORS.noSession}.
 * - Requests are answered in the order they arrive; a request never waits for a turn: `turn/submit`
 *   answers at once (the turn's events follow as notifications).
 * - A notification from the client (a request without `id`) is run like a request and never
 *   answered, not even with an error (`turn/cancel` as a notification cancels); one North does not
 *   know is ignored. `$/cancelRequest` `{id}` is acted on as it arrives: a request of that id that
 *   has not started is answered {@link RPC_ERRORS.requestCancelled} and not run.
 * - A batch (an array) is answered with one array of the responses to its requests, in order
 *   (nothing when it held only notifications); an empty batch with one invalid-request error.
 * - Params are named (an object); positional params (a non-empty array) get invalid-params,
 *   an empty array counts as none.
 * - Notifications of one turn come in the order the session emits them (see `SessionEvent`).
 * - A message that is not JSON gets a parse error (id null); a request of the wrong shape an
 *   invalid-request or invalid-params error; North never exits for bad input.
 * - At the end of standard input a running turn is cancelled, the session saved and closed,
 *   and the process exits 0.
 */
export interface RpcMethods {
  /** Opens the session; `resume` continues a saved conversation of this project. */
  "session/start": { params: StartParams; result: StateResult };
  /** Continues saved conversation `id` in place of the current one (idle only). */
  "session/resume": { params: { id: string; all?: boolean }; result: StateResult };
  /** Starts a new, empty conversation (idle only). */
  "session/new": { params: EmptyParams; result: StateResult };
  /** The saved conversations of this project (of every project with `all`), newest first. */
  "session/list": { params: { all?: boolean }; result: { sessions: SessionListing[] } };
  /** Sends a message: it runs now, or waits behind the running one (`queued`). */
  "turn/submit": { params: SubmitParams; result: { queued: boolean } };
  /** A message for the running turn at its next step boundary; idle: sent as a message. */
  "turn/steer": { params: { text: string }; result: { delivery: "steered" | "sent" } };
  /** Cancels the running turn and empties the queue; `dropped` are the texts taken out. */
  "turn/cancel": { params: EmptyParams; result: { cancelled: boolean; dropped: string[] } };
  /** Answers an `approval_request` event; `answered` false when nothing waits under that id. */
  "approval/respond": { params: ApprovalParams; result: { answered: boolean } };
  /** Answers an `approval_request` whose review is a `question` (ask_user_question). */
  "question/answer": {
    params: { id: string; answers: string[] };
    result: { answered: boolean };
  };
  /**
   * Answers an `approval_request` whose review is an `elicitation` (an MCP server's form):
   * `accept` with `content` (values by field name, checked against the fields: -32602 when they
   * do not fit), `decline`, or `cancel` (dismissed). `approval/respond` with `reject` declines.
   */
  "elicitation/answer": {
    params: ElicitationAnswerParams;
    result: { answered: boolean };
  };
  /** Switches model (and provider) for the next message; the running turn finishes on the old. */
  "model/set": {
    params: { model: string; provider?: string };
    result: { model: string; provider: string; message: string };
  };
  /** The models one may switch to now. */
  "model/list": { params: EmptyParams; result: { models: ModelListing[] } };
  /** The mode of the next messages. */
  "mode/set": { params: { mode: RpcMode }; result: StateResult };
  /** What the session is now: model, mode, busy, queue, usage, cost, context. */
  "state/get": { params: EmptyParams; result: StateResult };
  /** Restores the files changed in the last `turns` turns (idle only). */
  undo: { params: { turns?: number; overwrite?: string[] }; result: UndoSummary };
  /** Ends the process after answering (a running turn is cancelled first). */
  shutdown: { params: EmptyParams; result: { ok: true } };
}

export type RpcMethod = keyof RpcMethods;
export type RpcMode = "ask" | "agent" | "plan";
export type EmptyParams = Record<string, never>;

export interface StartParams {
  model?: string;
  provider?: string;
  mode?: RpcMode;
  /** Run commands in the OS sandbox where available (default "on"). */
  sandbox?: "on" | "off";
  resume?: { id: string; all?: boolean } | { continue: true };
  /** Model calls per turn (default 50). */
  maxSteps?: number;
}

export interface SubmitParams {
  text: string;
  /** Repository paths to attach after the text (as `@path` in the TUI). */
  files?: string[];
  mode?: RpcMode;
  /**
   * Images sent after the text: PNG, JPEG, GIF or WebP, at most 30 MB decoded, `data` in base64
   * (another is refused with -32602); scaled down to the provider's limits before sending. A model that takes none gets the text and a `notice`.
   */
  images?: RpcImage[];
}

export interface RpcImage {
  mediaType: "image/png" | "image/jpeg" | "image/gif" | "image/webp";
  data: string;
}

export interface ApprovalParams {
  id: string;
  decision: "accept" | "always" | "reject";
  /** With "reject": why, for the model. */
  reason?: string;
}

export interface ElicitationAnswerParams {
  id: string;
  action: "accept" | "decline" | "cancel";
  /** With `accept`: a value per field (string, number or boolean), by the field's name. */
  content?: Record<string, string | number | boolean>;
}

export interface StateResult {
  sessionId: string;
  model: string;
  provider: string;
  mode: RpcMode;
  busy: boolean;
  queue: string[];
  /** Tokens of this process's conversations, every model. */
  usage: Usage;
  /** Their cost in US dollars; absent when a model's price is unknown. */
  costUsd?: number;
  context: { used: number; window: number; percent: number; estimated: boolean };
  /** Lines for the person said when the session opened (a broken config, a cut session file). */
  notices: string[];
}

export interface SessionListing {
  id: string;
  title: string;
  project: string;
  model: string;
  /** ISO 8601. */
  updated: string;
}

export interface ModelListing {
  id: string;
  name: string;
  provider: string;
  contextWindow: number;
}

export interface UndoSummary {
  turns: number;
  restored: { path: string; action: "restored" | "deleted" | "recreated" | "unchanged" }[];
  skipped: { path: string; reason: "changed" | "unknown" | "refused"; message: string }[];
  complete: boolean;
}

/** A request as the client sends it. */
export interface RpcRequest {
  jsonrpc: "2.0";
  id: string | number;
  method: RpcMethod;
  params?: object;
}

/** A request without `id`: run, never answered. */
export interface RpcClientNotification {
  jsonrpc: "2.0";
  method: RpcMethod | "$/cancelRequest";
  params?: object;
}

/** Params of `$/cancelRequest` (as vscode-jsonrpc sends it). */
export interface CancelRequestParams {
  id: string | number;
}

/** North's answer to one request: `result` or `error`, never both. */
export type RpcResponse =
  | { jsonrpc: "2.0"; id: string | number; result: unknown }
  | { jsonrpc: "2.0"; id: string | number | null; error: RpcError };

export interface RpcError {
  code: number;
  message: string;
}

/** Every session event, as `--output-format stream-json` prints it. */
export interface RpcEventNotification {
  jsonrpc: "2.0";
  method: "event";
  params: SessionEvent;
}

/** The whole protocol, the root of the generated schema. */
export interface RpcProtocol {
  request: RpcRequest;
  clientNotification: RpcClientNotification;
  cancelRequest: CancelRequestParams;
  /** A batch: an array of requests and notifications, answered by an array of responses. */
  batch: (RpcRequest | RpcClientNotification)[];
  response: RpcResponse;
  notification: RpcEventNotification;
  methods: RpcMethods;
}

/** JSON-RPC's codes, and North's own (-32000…). */
export const RPC_ERRORS = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** A request the client cancelled (`$/cancelRequest`) before it started; as in LSP. */
  requestCancelled: -32800,
  /** A method other than `session/start`/`session/list` before the session is open. */
  noSession: -32001,
  /** Not while a turn runs (resume, new, undo) or a session is already open (start). */
  busy: -32002,
  /** The session could not open or do it (no provider, unknown model, no such conversation). */
  failed: -32003,
} as const;
