import type { Client, Tool as McpTool } from "@modelcontextprotocol/client";
import {
  ToolError,
  type AnyTool,
  type ToolContext,
  type ToolOutput,
  type ZodModule,
  withSchemaOnUse,
} from "../agent/tool.js";
import type { ZodType } from "zod";
import { argumentsChecker } from "./json-arguments.js";
import { mcpName } from "./tool-names.js";
import { convertResult, type McpCallDetails } from "./tool-result.js";

/** A server whose tools are bridged: its configured name, its client, its call timeout. */
export interface McpToolSource {
  server: string;
  /** The connected client; starts the server again when it has exited. */
  connect(): Promise<Client>;
  /** Per call; on expiry the SDK cancels the request (`notifications/cancelled`). */
  timeoutMs: number;
  /**
   * The person trusts this server's `readOnlyHint` (their config's `trustReadOnlyHint`): its tools
   * marked read-only run as `read` tools, without review.
   */
  trustReadOnlyHint?: boolean;
  /** Resolves once a change of the server's tool list it announced is listed (see connection). */
  toolsSettled?(): Promise<void>;
}

/** The MCP tool behind a North tool, for policy, search and renderers. */
export interface McpToolOrigin {
  server: string;
  tool: string;
  readOnly: boolean;
  /** The first line of the server's description of the tool ("" when it gives none). */
  summary: string;
}

const origins = new WeakMap<AnyTool, McpToolOrigin>();

/** Where `tool` comes from when it is a bridged MCP tool; undefined for North's own tools. */
export function mcpToolOrigin(tool: AnyTool): McpToolOrigin | undefined {
  return origins.get(tool);
}

/** Longest description sent to the model, in characters (some servers write pages). */
const MAX_DESCRIPTION = 2_000;
/** The SDK's code for its own request timeout (`SdkErrorCode.RequestTimeout`). */
const REQUEST_TIMEOUT = "REQUEST_TIMEOUT";

/**
 * The North tools of one server's `tools/list` result: named `mcp__<server>__<tool>` (sanitised,
 * ≤ 64 characters, unique within this list), the server's `inputSchema` sent as is and checked
 * lightly on call. `readOnlyHint` is the server's own word: a tool it marks so is a `read` tool
 * only when the person trusts that server's word (`source.trustReadOnlyHint`); any other is
 * `interactive` and prepares a `{ type: "mcp" }` review (with `readOnlyHint` when the server
 * claims it), so the policy asks before it runs.
 * A call is bounded by `timeoutMs` and the turn's signal, both cancelling the server's request;
 * its check is built when the tool is first called (zod starts on demand, `agent/zod.ts`).
 */
export function createMcpTools(source: McpToolSource, tools: McpTool[]): AnyTool[] {
  const taken = new Set<string>();
  return tools.map((tool) => {
    const name = mcpName(source.server, tool.name, taken);
    const hint = tool.annotations?.readOnlyHint === true;
    const readOnly = hint && source.trustReadOnlyHint === true;
    const jsonSchema = { ...(tool.inputSchema as Record<string, unknown>) };
    delete jsonSchema.$schema;
    const call = (args: Record<string, unknown>, ctx: ToolContext) =>
      callMcpTool(source, tool.name, args, ctx);
    const base = {
      name,
      description: describeTool(source.server, tool),
      schema: (z: ZodModule) => argumentsChecker(z, jsonSchema),
      jsonSchema,
    };
    const made: Omit<AnyTool, "schema"> & { schema: (z: ZodModule) => ZodType } = readOnly
      ? { ...base, kind: "read", execute: call }
      : {
          ...base,
          kind: "interactive",
          async prepare(args: Record<string, unknown>) {
            return {
              review: {
                type: "mcp",
                server: source.server,
                tool: tool.name,
                arguments: args,
                ...(hint ? { readOnlyHint: true as const } : {}),
              },
              apply: (ctx: ToolContext) => call(args, ctx),
            };
          },
          execute: call,
        };
    const bridged = withSchemaOnUse(made) as unknown as AnyTool;
    const summary = (tool.description ?? tool.title ?? "").trim().split("\n")[0]!.trim();
    origins.set(bridged, { server: source.server, tool: tool.name, readOnly, summary });
    return bridged;
  });
}

function describeTool(server: string, tool: McpTool): string {
  const text = (tool.description ?? tool.title ?? "").trim();
  const prose = text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION)}…` : text;
  return `${prose || tool.name} (MCP server "${server}")`;
}

async function callMcpTool(
  source: McpToolSource,
  tool: string,
  args: Record<string, unknown>,
  ctx: ToolContext,
): Promise<ToolOutput<McpCallDetails>> {
  let result: Record<string, unknown>;
  try {
    const client = await source.connect();
    result = await client.callTool(
      { name: tool, arguments: args },
      { signal: ctx.signal, timeout: source.timeoutMs },
    );
    // A call that changed the server's tools: the next step offers the new list.
    await source.toolsSettled?.();
    // A server on the 2024-10-07 protocol answers `{ toolResult }` instead of content.
    if (!("content" in result) && "toolResult" in result) {
      result = { content: [{ type: "text", text: JSON.stringify(result.toolResult) }] };
    }
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === REQUEST_TIMEOUT) {
      const seconds = Number((source.timeoutMs / 1000).toFixed(1));
      throw new ToolError(
        `The MCP server "${source.server}" did not answer ${tool} within ${seconds} s; the call was cancelled. Try smaller arguments, or tell the person the server is slow.`,
      );
    }
    const message = error instanceof Error ? error.message : String(error);
    throw new ToolError(`The MCP server "${source.server}" failed on ${tool}: ${message}`);
  }
  const out = convertResult(result, { server: source.server, tool });
  if (result.isError === true) throw new ToolError(out.content);
  return {
    content: out.content,
    truncated: out.truncated,
    details: out.details,
    ...(out.images ? { images: out.images } : {}),
  };
}
