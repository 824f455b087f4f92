import * as z from "zod";
import type { ToolSchema } from "../ai/types.js";

/**
 * Drives permissions and parallelism: `read` calls of one step run concurrently; everything else
 * runs one at a time, in the model's order, after the permission policy allows it.
 */
export type ToolKind = "read" | "edit" | "shell" | "interactive";

export interface ToolContext {
  /** Aborted when the turn is cancelled; a tool stops promptly and may return partial output. */
  signal: AbortSignal;
}

/**
 * What a tool returns: `content` is what the model reads; `details` is typed data for renderers
 * and never sent to the model. `truncated` says output was cut to its bound.
 */
export interface ToolOutput<D = unknown> {
  content: string;
  details?: D;
  truncated?: boolean;
}

/**
 * An error the model can fix (bad path, file not found, pattern invalid). Its message is written
 * for the model and returned as an error tool result; the run goes on.
 */
export class ToolError extends Error {
  override name = "ToolError";
}

export interface Tool<A = unknown, D = unknown> {
  name: string;
  kind: ToolKind;
  /** Prose for the model, kept in a `.md` file beside the tool. */
  description: string;
  schema: z.ZodType<A>;
  /** May throw `ToolError` (returned to the model) or anything else (reported as an internal error). */
  execute(args: A, ctx: ToolContext): Promise<ToolOutput<D>>;
}

// Tools are stored in heterogeneous lists; the argument type is checked by `schema` at run time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = Tool<any, unknown>;

export function defineTool<S extends z.ZodType, D = unknown>(tool: {
  name: string;
  kind: ToolKind;
  description: string;
  schema: S;
  execute(args: z.infer<S>, ctx: ToolContext): Promise<ToolOutput<D>>;
}): Tool<z.infer<S>, D> {
  return tool as Tool<z.infer<S>, D>;
}

/** The JSON schema sent to the model: draft-7, without the bounds zod adds that only cost tokens. */
export function toolSchema(tool: AnyTool): ToolSchema {
  const json = z.toJSONSchema(tool.schema, { target: "draft-7", io: "input" }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return { name: tool.name, description: tool.description.trim(), parameters: stripBounds(json) };
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
  isError: boolean;
  details?: unknown;
  truncated?: boolean;
  durationMs: number;
}

/**
 * Validates and runs one call. Never throws: invalid arguments, `ToolError`s and unexpected
 * failures all become error results whose text tells the model what to do next.
 */
export async function runTool(
  tool: AnyTool,
  args: Record<string, unknown> | undefined,
  rawArguments: string,
  ctx: ToolContext,
): Promise<ToolRunResult> {
  const started = performance.now();
  const finish = (r: Omit<ToolRunResult, "durationMs">): ToolRunResult => ({
    ...r,
    durationMs: performance.now() - started,
  });
  if (args === undefined) {
    return finish({
      isError: true,
      content: `The arguments of ${tool.name} were not a valid JSON object (received: ${clip(rawArguments)}). Call it again with a JSON object matching its schema.`,
    });
  }
  const parsed = tool.schema.safeParse(args);
  if (!parsed.success) {
    return finish({
      isError: true,
      content: `Invalid arguments for ${tool.name}: ${formatIssues(parsed.error)}. Call it again with arguments matching its schema.`,
    });
  }
  try {
    const out = await tool.execute(parsed.data, ctx);
    return finish({
      isError: false,
      content: out.content,
      details: out.details,
      truncated: out.truncated ?? false,
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
