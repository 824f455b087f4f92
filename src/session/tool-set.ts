import { schemasReady, toolSchema, type AnyTool } from "../agent/tool.js";
import { createMcpToolState, DEFAULT_MCP_TOOL_BUDGET, visibleMcpTools } from "../mcp/index.js";
import type { SandboxProfile } from "../shell/index.js";
import { toolsForMode, type Mode } from "./permissions/permissions.js";
import { offered, type DialogueOptions } from "./tools/dialogue-tools.js";

type Schema = ReturnType<typeof toolSchema>;

/** What a tool set needs to know of the session now. */
export interface ToolSetDeps {
  /** The session's own tools, in the order the model sees them. */
  own: AnyTool[];
  /** The tools of the MCP servers connected now. */
  mcp: () => readonly AnyTool[];
  /** How many MCP tools are offered before the rest are found with `mcp_search`. */
  budget?: number;
  /** Whether the model in use takes tools at all. */
  supportsTools: () => boolean;
  mode: () => Mode;
  profile: () => SandboxProfile;
  /** Which dialogue tools can be answered (those that cannot stay callable, not sent). */
  dialogue: DialogueOptions;
  /** Names of own tools not offered now (the job tools before any job started). */
  withheld?: () => readonly string[];
}

/** A turn's tools as it started, with their schemas and the mode they were chosen for. */
export interface TurnTools {
  tools: readonly AnyTool[];
  schemas: readonly Schema[];
  mode: Mode;
}

/**
 * The session's tools: its own, plus the MCP servers' within the budget (past it the model
 * finds them with `mcp_search`, whose choices are kept here), filtered by the mode; and their
 * JSON schemas, each made once. Recomputed at each step, so a server that comes up, or a
 * tool `mcp_search` chose, joins at the next step.
 */
export class ToolSet {
  private readonly schemaCache = new WeakMap<AnyTool, Schema>();
  private readonly mcpState = createMcpToolState();
  private readonly budget: number;

  constructor(private readonly deps: ToolSetDeps) {
    this.budget = deps.budget ?? DEFAULT_MCP_TOOL_BUDGET;
  }

  /** The tools callable now. */
  now(): AnyTool[] {
    const { deps } = this;
    if (!deps.supportsTools()) return [];
    const mcp = visibleMcpTools(deps.mcp(), this.mcpState, this.budget);
    const withheld = deps.withheld?.() ?? [];
    const own = withheld.length ? deps.own.filter((t) => !withheld.includes(t.name)) : deps.own;
    return toolsForMode(deps.mode(), [...own, ...mcp], deps.profile());
  }

  /** The names of the tools the next step offers the model, in its order. */
  offeredNames(): string[] {
    return offered(this.now(), this.deps.dialogue).map((tool) => tool.name);
  }

  /** The schemas sent for `tools` (the dialogue tools nobody can answer left out). */
  schemas(tools: readonly AnyTool[]): Schema[] {
    return offered(tools, this.deps.dialogue).map((tool) => this.schemaOf(tool));
  }

  /**
   * Resolves once every tool of `tools` (default: the session's own) can give its schema:
   * `toolSchema` needs zod for a tool the build did not precompute (none of North's own, in a
   * build, `mcp_search` included). MCP tools carry their JSON schema.
   */
  ready(tools: readonly AnyTool[] = this.deps.own): Promise<void> {
    return schemasReady(tools);
  }

  /**
   * The next step's tools: the turn's as they started while nothing changed, else those of now
   * (plan mode's after `enter_plan_mode`, MCP tools of a server that came up, those
   * `mcp_search` chose in the step before).
   */
  forStep(turn: TurnTools): { tools: readonly AnyTool[]; schemas: readonly Schema[] } {
    const now = this.now();
    const same =
      this.deps.mode() === turn.mode &&
      now.length === turn.tools.length &&
      now.every((tool, i) => tool === turn.tools[i]);
    if (same) return { tools: turn.tools, schemas: turn.schemas };
    return { tools: now, schemas: this.schemas(now) };
  }

  private schemaOf(tool: AnyTool): Schema {
    return this.schemaCache.get(tool) ?? this.schemaCache.set(tool, toolSchema(tool)).get(tool)!;
  }
}
