import type * as z from "zod";
import type { ToolImage, ToolSchema, Usage } from "../ai/types.js";
import type { ImageLimits } from "../ai/image-fit.js";
import { loadZod, loadedZod, type ZodModule } from "./zod.js";

export type { ToolImage, Usage, ZodModule };

/**
 * Drives permissions and parallelism: `read` calls of one step run concurrently; everything else
 * runs one at a time, in the model's order, after the permission policy allows it.
 */
export type ToolKind = "read" | "edit" | "shell" | "interactive";

export interface ToolContext {
  /** Aborted when the turn is cancelled; a tool stops promptly and may return partial output. */
  signal: AbortSignal;
  /**
   * Asks the permission policy about something a read tool found it must not do silently (a file
   * that may hold secrets). Emits `tool_proposal` with `review`, then resolves with the policy's
   * decision (a person in the TUI; `--approve all` headless). Absent where no policy runs (unit
   * tests, callers without a session): a tool then treats the answer as a refusal.
   */
  confirm?: (review: Review) => Promise<{ allow: true } | { allow: false; reason: string }>;
  /** The id of the call being run (sub-agents label their events with it). */
  callId?: string;
  /**
   * What an image a tool returns must fit, when the model in use takes images; absent when it
   * takes none (a tool then describes an image instead of returning it; see `LoopConfig.images`).
   */
  images?: ImageLimits;
}

/**
 * What a tool returns: `content` is what the model reads; `details` is typed data for renderers
 * and never sent to the model. `truncated` says output was cut to its bound.
 */
export interface ToolOutput<D = unknown> {
  content: string;
  /** Images for the model, besides `content` (which should mention them). */
  images?: ToolImage[];
  details?: D;
  truncated?: boolean;
  /** Tokens the call spent on model requests of its own (a sub-agent); added to the turn's usage. */
  usage?: Usage;
}

/**
 * An error the model can fix (bad path, file not found, pattern invalid). Its message is written
 * for the model and returned as an error tool result; the run goes on.
 */
export class ToolError extends Error {
  override name = "ToolError";
}

/** One file of an edit proposal, as the person reviews it. */
export interface FileChange {
  /** Relative to the repository root, POSIX separators. */
  path: string;
  /** Unified diff (`---`/`+++` headers, hunks); empty for a binary or unchanged file. */
  diff: string;
  added: number;
  removed: number;
  created: boolean;
}

/** What a change looks like before it happens: the diff of an edit, or a command line. */
export type Review =
  | { type: "edit"; files: FileChange[] }
  | {
      type: "command";
      command: string;
      cwd: string;
      /** Set when the command can destroy work an undo cannot restore: it always asks, and says why. */
      danger?: string;
      /**
       * Where it would run: `workspace-write` (OS sandbox, only the repository writable),
       * `read-only` (OS sandbox, nothing writable but a private /tmp), `none` (no sandbox).
       */
      sandbox?: "workspace-write" | "read-only" | "none";
      /** The model asked to run it outside the sandbox (network, writes elsewhere), and why. */
      escalate?: string;
    }
  /** A read of a file that may hold secrets (`.env`, keys, credentials, git-ignored files). */
  | { type: "secret"; path: string; why: string }
  /** A plan the model presents in plan mode; accepting it lets changes through. */
  | { type: "plan"; plan: string }
  /** The model proposes to plan first (`enter_plan_mode`): yes switches the mode to plan. */
  | { type: "plan-mode"; reason: string }
  /** The model asks to run a slash command that changes state (`slash_command`). */
  | { type: "slash"; command: string; description: string }
  /**
   * A call of an MCP server's tool that does not run unasked (see `createMcpTools`): `server` is its
   * configured name, `tool` its own (unprefixed) name, `arguments` what the model passed.
   */
  | {
      type: "mcp";
      server: string;
      tool: string;
      arguments: Record<string, unknown>;
      /**
       * The server marks the tool read-only (`readOnlyHint`) but the person does not trust this
       * server's word for it (`trustReadOnlyHint`): reviewed, also in the read-only modes.
       */
      readOnlyHint?: true;
    }
  /**
   * `web_fetch` would reach `host` (the first URL of a call, or where a redirect leads): the
   * person allows it once, always for this domain, or refuses. `prompt` is what the model said it
   * wants from the page.
   */
  | { type: "web"; url: string; host: string; prompt?: string }
  /**
   * Questions for the person (`ask_user_question`): answered with a `answer` decision, one
   * answer per question, or declined. Never a permission: the policy does not see it.
   */
  | { type: "question"; questions: Question[] }
  /**
   * An MCP server asks the person for information (`elicitation/create`, form mode), usually while
   * one of its tools runs: `message` is the server's question, `fields` the requested schema's
   * properties in its order (`requestedSchema` as the server sent it, for front ends that pass it
   * on). Answered with a `form` decision (the values, checked against the fields), declined with
   * a rejection, cancelled with the turn. Never a permission: the policy does not see it.
   */
  | {
      type: "elicitation";
      server: string;
      message: string;
      fields: ElicitationField[];
      requestedSchema: Record<string, unknown>;
    };

/** One field of an MCP elicitation form (a property of the requested schema). */
export interface ElicitationField {
  name: string;
  /** `integer` is a number without a fraction. */
  type: "string" | "number" | "integer" | "boolean";
  title?: string;
  description?: string;
  required: boolean;
  /** A string field with fixed choices; `enumNames` their labels where the server gave them. */
  enum?: string[];
  enumNames?: string[];
  default?: string | number | boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  /** `email`, `uri`, `date` or `date-time`: said to the person, checked by the server. */
  format?: string;
}

/** One question of `ask_user_question`: 2–4 options; the person may also answer in own words. */
export interface Question {
  question: string;
  /** A word or two naming the question ("Database"). */
  header?: string;
  options: { label: string; description?: string }[];
}

/**
 * A prepared change, not yet applied. `apply` is called at most once, only after the permission
 * policy or the person allowed it; a denied proposal is dropped and changes nothing.
 */
export interface Proposal<D = unknown> {
  review: Review;
  apply(ctx: ToolContext): Promise<ToolOutput<D>>;
}

export interface Tool<A = unknown, D = unknown> {
  name: string;
  kind: ToolKind;
  /** Prose for the model, kept in a `.md` file beside the tool. */
  description: string;
  schema: z.ZodType<A>;
  /**
   * The JSON schema sent to the model as is, for tools whose schema comes from elsewhere (an MCP
   * server's `inputSchema`); `schema` then only checks calls against it. Absent: derived from
   * `schema`.
   */
  jsonSchema?: Record<string, unknown>;
  /**
   * Read tools: runs the call. Tools that change something prepare a `Proposal` instead (the
   * wrapper calls `prepare`, asks the policy, then `apply`); their `execute` is `prepare` + `apply`
   * for callers with no policy. May throw `ToolError` (returned to the model) or anything else
   * (reported as an internal error).
   */
  execute(args: A, ctx: ToolContext): Promise<ToolOutput<D>>;
  prepare?(args: A, ctx: ToolContext): Promise<Proposal<D>>;
  /**
   * Read tools only: whether this call may run concurrently with the step's other concurrent
   * calls (default: yes). A `task` whose sub-agent may change things says no, and runs alone.
   * Called with the raw arguments, before validation; must not throw.
   */
  concurrent?(args: Record<string, unknown> | undefined): boolean;
}

// Tools are stored in heterogeneous lists; the argument type is checked by `schema` at run time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = Tool<any, unknown>;

/**
 * A tool. `schema` builds its argument schema from the zod module it is given (see `zod.ts`): it
 * is called once, when the tool first checks a call (or the JSON schema of a tool the build did
 * not precompute is derived). Zod schemas cost every run milliseconds and memory at start-up,
 * and a run calls few of its tools.
 */
export function defineTool<S extends z.ZodType, D = unknown>(tool: {
  name: string;
  kind: ToolKind;
  description: string;
  schema: (z: ZodModule) => S;
  execute(args: z.infer<S>, ctx: ToolContext): Promise<ToolOutput<D>>;
  concurrent?(args: Record<string, unknown> | undefined): boolean;
}): Tool<z.infer<S>, D> {
  return withSchemaOnUse(tool) as Tool<z.infer<S>, D>;
}

/** A tool that changes something: it prepares a proposal that is applied only once allowed. */
export function defineChangeTool<S extends z.ZodType, D = unknown>(tool: {
  name: string;
  kind: "edit" | "shell" | "interactive";
  description: string;
  schema: (z: ZodModule) => S;
  prepare(args: z.infer<S>, ctx: ToolContext): Promise<Proposal<D>>;
}): Tool<z.infer<S>, D> {
  const full = {
    ...tool,
    async execute(args: z.infer<S>, ctx: ToolContext) {
      return (await tool.prepare(args, ctx)).apply(ctx);
    },
  };
  return withSchemaOnUse(full) as unknown as Tool<z.infer<S>, D>;
}

/**
 * `tool` with `schema` as a property whose value is built on first read, then kept. Read it once
 * `loadZod()` has resolved (`runTool` and `schemasReady` see to it). For tools made without
 * `defineTool` (MCP's).
 */
export function withSchemaOnUse<T extends { schema: (z: ZodModule) => z.ZodType }>(tool: T) {
  const { schema: build, ...rest } = tool;
  let built: z.ZodType | undefined;
  return Object.defineProperty(rest, "schema", {
    get: () => (built ??= build(loadedZod())),
    enumerable: true,
  });
}

declare const __NORTH_TOOL_SCHEMAS__: Record<string, ToolSchema> | undefined;
/**
 * Built-in tools' schemas, embedded by the build (scripts/tool-schemas.ts, which fails when a
 * built-in tool has none); absent in tests, which run from source.
 */
const PRECOMPUTED: Record<string, ToolSchema> =
  typeof __NORTH_TOOL_SCHEMAS__ === "object" ? __NORTH_TOOL_SCHEMAS__ : {};

/**
 * The JSON schema sent to the model: draft-7, without the bounds zod adds that only cost tokens.
 * Converted here only when not precomputed (tests running from source): await `schemasReady`.
 */
export function toolSchema(tool: AnyTool): ToolSchema {
  const description = tool.description.trim();
  if (tool.jsonSchema) return { name: tool.name, description, parameters: tool.jsonSchema };
  const known = PRECOMPUTED[tool.name];
  // A description may differ from the build's (`slash_command` lists the custom commands).
  if (known) return known.description === description ? known : { ...known, description };
  const json = loadedZod().toJSONSchema(tool.schema, { target: "draft-7", io: "input" }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return { name: tool.name, description, parameters: stripBounds(json) };
}

/** Loads zod when one of `tools` will need it for `toolSchema` (one the build did not see). */
export async function schemasReady(tools: readonly AnyTool[]): Promise<void> {
  if (tools.some((tool) => !tool.jsonSchema && !PRECOMPUTED[tool.name])) await loadZod();
}

const SAFE_INT = Number.MAX_SAFE_INTEGER;

function stripBounds(node: unknown): Record<string, unknown> {
  if (Array.isArray(node)) return node.map(stripBounds) as unknown as Record<string, unknown>;
  if (node === null || typeof node !== "object") return node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if ((key === "minimum" || key === "maximum") && Math.abs(value as number) >= SAFE_INT) continue;
    if (key === "additionalProperties" && value === false) continue;
    out[key] = typeof value === "object" ? stripBounds(value) : value;
  }
  return out;
}

export interface ToolRunResult {
  content: string;
  images?: ToolImage[];
  isError: boolean;
  details?: unknown;
  truncated?: boolean;
  durationMs: number;
  usage?: Usage;
}

/** Decides on a prepared change; a refusal's reason goes back to the model. */
export type Gate = (review: Review) => Promise<{ allow: true } | { allow: false; reason: string }>;

/**
 * Validates and runs one call; with a `gate`, a tool that changes something is prepared, decided
 * on, and applied only if allowed. Never throws: invalid arguments, `ToolError`s and unexpected
 * failures all become error results whose text tells the model what to do next.
 */
export async function runTool(
  tool: AnyTool,
  args: Record<string, unknown> | undefined,
  rawArguments: string,
  ctx: ToolContext,
  gate?: Gate,
): Promise<ToolRunResult> {
  const started = Date.now();
  const finish = (r: Omit<ToolRunResult, "durationMs">): ToolRunResult => ({
    ...r,
    durationMs: Date.now() - started,
  });
  if (args === undefined) {
    return finish({
      isError: true,
      content: `The arguments of ${tool.name} were not a valid JSON object (received: ${clip(rawArguments)}). Call it again with a JSON object matching its schema.`,
    });
  }
  let parsed;
  try {
    await loadZod();
    parsed = tool.schema.safeParse(args);
  } catch (error) {
    // The checker itself could not be built or run: not something the model can fix.
    return finish({
      isError: true,
      content: `Internal error: the arguments of ${tool.name} could not be checked (${(error as Error).message}).`,
    });
  }
  if (!parsed.success) {
    return finish({
      isError: true,
      content: `Invalid arguments for ${tool.name}: ${formatIssues(parsed.error)}. Call it again with arguments matching its schema.`,
    });
  }
  try {
    let out: ToolOutput;
    if (gate && tool.prepare) {
      const proposal = await tool.prepare(parsed.data, ctx);
      const decision = await gate(proposal.review);
      if (!decision.allow) {
        return finish({
          isError: true,
          content: decision.reason,
          details: { review: proposal.review, denied: true },
        });
      }
      if (ctx.signal.aborted) return finish({ isError: true, content: "Cancelled by the user." });
      out = await proposal.apply(ctx);
    } else {
      out = await tool.execute(parsed.data, ctx);
    }
    return finish({
      isError: false,
      content: out.content,
      details: out.details,
      truncated: out.truncated ?? false,
      ...(out.images && out.images.length > 0 ? { images: out.images } : {}),
      ...(out.usage ? { usage: out.usage } : {}),
    });
  } catch (error) {
    if (ctx.signal.aborted) return finish({ isError: true, content: "Cancelled by the user." });
    if (error instanceof ToolError) return finish({ isError: true, content: error.message });
    const message = error instanceof Error ? error.message : String(error);
    return finish({ isError: true, content: `${tool.name} failed: ${message}` });
  }
}

function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length > 0 ? `"${issue.path.join(".")}"` : "arguments";
      return `${where}: ${issue.message}`;
    })
    .join("; ");
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text || "(empty)";
}
