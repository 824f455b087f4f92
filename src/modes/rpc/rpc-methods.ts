import { join } from "node:path";
import { noteWiderRun } from "../wider-run.js";
import type { Usage } from "../../ai/types.js";
import type { Review } from "../../agent/tool.js";
import {
  checkForm,
  ELICITATION_CANCEL,
  createSession,
  dataDir,
  imageProblem,
  listSessions,
  type GlobalConfig,
  type Logger,
  type Mode,
  type Session,
  type ToolImage,
} from "../../session/index.js";

import {
  RPC_ERRORS,
  type RpcMethods,
  type RpcMode,
  type StartParams,
  type StateResult,
} from "./protocol.js";

/** A request North cannot carry out, with the JSON-RPC code to answer with. */
export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface MethodContext {
  root: string;
  env: Record<string, string | undefined>;
  config: GlobalConfig;
  /** Said with the session's notices (a broken config file). */
  configNotices: string[];
  defaultMode: Mode;
  logger: Logger;
  session(): Session | undefined;
  /** The review of a pending `approval_request` (by its id), while it waits. */
  pendingReview(id: string): Review | undefined;
  /** Hands the opened session to the server (its events become notifications). */
  open(session: Session): void;
  shutdown(): void;
}

type Handlers = {
  [M in keyof RpcMethods]: (params: Record<string, unknown>) => Promise<RpcMethods[M]["result"]>;
};

const MODES: readonly RpcMode[] = ["ask", "agent", "plan"];

/** The methods of protocol.ts over one session; each validates its own params. */
export function createMethods(ctx: MethodContext): Handlers {
  const need = (): Session => {
    const session = ctx.session();
    if (!session) throw new RpcFailure(RPC_ERRORS.noSession, "no session: call session/start");
    return session;
  };
  const idle = (session: Session) => {
    if (session.busy) throw new RpcFailure(RPC_ERRORS.busy, "not while a turn runs");
  };
  const start = async (params: StartParams): Promise<StateResult> => {
    if (ctx.session()) throw new RpcFailure(RPC_ERRORS.busy, "a session is already open");
    try {
      const session = await createSession({
        root: ctx.root,
        env: ctx.env,
        config: ctx.config,
        ...(params.model ? { model: params.model, rememberModel: false } : {}),
        ...(params.provider ? { provider: params.provider } : {}),
        mode: params.mode ?? ctx.defaultMode,
        maxSteps: params.maxSteps,
        approvals: "interactive",
        sandbox: params.sandbox ?? "on",
        ...(params.resume ? { resume: params.resume } : {}),
        logger: ctx.logger,
        notices: ctx.configNotices,
      });
      ctx.open(session);
      noteWiderRun(session);
      return stateOf(session);
    } catch (error) {
      throw failed(error);
    }
  };

  return {
    "session/start": async (p) => {
      const resume = p.resume;
      return start({
        ...(p.model !== undefined ? { model: str(p, "model") } : {}),
        ...(p.provider !== undefined ? { provider: str(p, "provider") } : {}),
        ...(p.mode !== undefined ? { mode: mode(p) } : {}),
        ...(p.sandbox !== undefined ? { sandbox: oneOf(p, "sandbox", ["on", "off"]) } : {}),
        ...(p.maxSteps !== undefined ? { maxSteps: count(p, "maxSteps") } : {}),
        ...(resume !== undefined ? { resume: resumeOf(resume) } : {}),
      });
    },
    "session/resume": async (p) => {
      const id = str(p, "id");
      const all = p.all === true;
      const session = ctx.session();
      if (!session) return start({ resume: { id, all } });
      idle(session);
      try {
        session.resume(id);
      } catch (error) {
        throw failed(error);
      }
      return stateOf(session);
    },
    "session/new": async () => {
      const session = need();
      idle(session);
      session.newConversation();
      return stateOf(session);
    },
    "session/list": async (p) => {
      const dir = join(dataDir(ctx.env), "sessions");
      const found = listSessions(dir, p.all === true ? undefined : ctx.root);
      return {
        sessions: found.map((s) => ({
          id: s.id,
          title: s.title,
          project: s.project,
          model: s.model,
          updated: s.updated.toISOString(),
        })),
      };
    },
    "turn/submit": async (p) => {
      const session = need();
      const text = str(p, "text");
      const files = p.files === undefined ? [] : strings(p, "files");
      const submitted = session.submit(text, {
        files,
        ...(p.images !== undefined ? { images: images(p) } : {}),
        ...(p.mode !== undefined ? { mode: mode(p) } : {}),
      });
      return { queued: submitted.queued };
    },
    "turn/steer": async (p) => ({ delivery: need().steer(str(p, "text")) }),
    "turn/cancel": async () => {
      const dropped = need().cancel();
      return { cancelled: dropped !== undefined, dropped: dropped ?? [] };
    },
    "approval/respond": async (p) => {
      const session = need();
      const id = str(p, "id");
      const decision = oneOf(p, "decision", ["accept", "always", "reject"]);
      const reason = p.reason === undefined ? undefined : str(p, "reason");
      const answered = session.respond(
        id,
        decision === "reject"
          ? { type: "reject", ...(reason ? { reason } : {}) }
          : { type: decision },
      );
      return { answered };
    },
    "question/answer": async (p) => {
      const answered = need().respond(str(p, "id"), {
        type: "answer",
        answers: strings(p, "answers"),
      });
      return { answered };
    },
    "elicitation/answer": async (p) => {
      const session = need();
      const id = str(p, "id");
      const action = oneOf(p, "action", ["accept", "decline", "cancel"]);
      if (action !== "accept") {
        const reason = action === "cancel" ? { reason: ELICITATION_CANCEL } : {};
        return { answered: session.respond(id, { type: "reject", ...reason }) };
      }
      const review = ctx.pendingReview(id);
      if (review?.type !== "elicitation") return { answered: false };
      const content = p.content;
      if (typeof content !== "object" || content === null || Array.isArray(content)) {
        throw invalid('"content" must be an object of the form\'s values');
      }
      const checked = checkForm(review.fields, content as Record<string, unknown>);
      if ("error" in checked) throw invalid(checked.error);
      return { answered: session.respond(id, { type: "form", content: checked.content }) };
    },
    "model/set": async (p) => {
      const session = need();
      try {
        const switched = await session.setModel(
          str(p, "model"),
          p.provider === undefined ? undefined : str(p, "provider"),
        );
        return {
          model: switched.model.id,
          provider: switched.model.provider,
          message: switched.message,
        };
      } catch (error) {
        throw failed(error);
      }
    },
    "model/list": async () => ({
      models: need()
        .listModels()
        .map((m) => ({
          id: m.id,
          name: m.name,
          provider: m.provider,
          contextWindow: m.contextWindow,
        })),
    }),
    "mode/set": async (p) => {
      const session = need();
      idle(session);
      session.setMode(mode(p));
      return stateOf(session);
    },
    "state/get": async () => stateOf(need()),
    undo: async (p) => {
      const session = need();
      idle(session);
      const turns = p.turns === undefined ? 1 : count(p, "turns");
      const overwrite = p.overwrite === undefined ? [] : strings(p, "overwrite");
      const result = await session.undo(turns, overwrite);
      return {
        turns: result.turns.length,
        restored: result.restored,
        skipped: result.skipped,
        complete: result.complete,
      };
    },
    shutdown: async () => {
      ctx.shutdown();
      return { ok: true as const };
    },
  };
}

/** What `state/get` and the session methods answer. */
export function stateOf(session: Session): StateResult {
  const { used, window, percent, estimated } = session.context();
  const usage: Usage = {
    input_tokens: 0,
    output_tokens: 0,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
  };
  for (const m of session.costs.list()) {
    usage.input_tokens += m.usage.input_tokens;
    usage.output_tokens += m.usage.output_tokens;
    usage.cache_read_tokens += m.usage.cache_read_tokens;
    usage.cache_write_tokens += m.usage.cache_write_tokens;
  }
  const cost = session.costs.total();
  return {
    sessionId: session.id,
    model: session.model.id,
    provider: session.model.provider,
    mode: session.mode,
    busy: session.busy,
    queue: [...session.queued],
    usage,
    ...(cost === undefined ? {} : { costUsd: Math.round(cost * 1e6) / 1e6 }),
    context: { used, window, percent, estimated },
    notices: [...session.notices],
  };
}

function failed(error: unknown): RpcFailure {
  const name = (error as Error | undefined)?.name ?? "";
  const message = error instanceof Error ? error.message : String(error);
  const known = ["SetupError", "ProviderSetupError", "UsageError", "ResumeError", "WorkspaceError"];
  if (known.includes(name)) return new RpcFailure(RPC_ERRORS.failed, message);
  throw error;
}

const invalid = (message: string) => new RpcFailure(RPC_ERRORS.invalidParams, message);

function str(p: Record<string, unknown>, key: string): string {
  const value = p[key];
  if (typeof value !== "string" || value === "") throw invalid(`"${key}" must be a string`);
  return value;
}

function strings(p: Record<string, unknown>, key: string): string[] {
  const value = p[key];
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) {
    throw invalid(`"${key}" must be an array of strings`);
  }
  return value as string[];
}

function images(p: Record<string, unknown>): ToolImage[] {
  const value = p.images;
  if (!Array.isArray(value)) throw invalid('"images" must be an array of {mediaType, data}');
  return value.map((v: unknown, i) => {
    const image = (typeof v === "object" && v !== null ? v : {}) as Record<string, unknown>;
    const problem = imageProblem(image);
    if (problem) throw invalid(`"images"[${i}]: ${problem}`);
    return { mediaType: image.mediaType as string, data: image.data as string };
  });
}

function count(p: Record<string, unknown>, key: string): number {
  const value = p[key];
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
    throw invalid(`"${key}" must be a whole number of at least 1`);
  }
  return value;
}

function oneOf<const T extends string>(
  p: Record<string, unknown>,
  key: string,
  allowed: readonly T[],
): T {
  const value = p[key];
  if (!allowed.includes(value as T)) throw invalid(`"${key}" must be one of ${allowed.join(", ")}`);
  return value as T;
}

function mode(p: Record<string, unknown>): RpcMode {
  return oneOf(p, "mode", [...MODES]);
}

function resumeOf(value: unknown): StartParams["resume"] {
  if (typeof value === "object" && value !== null) {
    const v = value as Record<string, unknown>;
    if (v.continue === true) return { continue: true };
    if (typeof v.id === "string") return { id: v.id, ...(v.all === true ? { all: true } : {}) };
  }
  throw invalid('"resume" must be {"id": "…"} or {"continue": true}');
}
