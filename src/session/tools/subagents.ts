import { emptyUsage, type Message, type ModelInfo, type Provider } from "../../ai/index.js";
import type { AgentEvent, Emit } from "../../agent/events.js";
import { runTurn, type Authorize, type LoopHooks } from "../../agent/loop.js";
import {
  ToolError,
  schemasReady,
  toolSchema,
  type AnyTool,
  type ToolContext,
} from "../../agent/tool.js";
import type { TaskArgs, TaskDetails, TaskRunner } from "../../tools/index.js";
import { listAgents, type AgentDefinition } from "./agent-definitions.js";
import type { GlobalConfig } from "../config/config.js";
import { SubagentSlots } from "./subagent-slots.js";

/** Tools no sub-agent gets: no recursion, and no second voice toward the person. */
export const PARENT_ONLY_TOOLS: ReadonlySet<string> = new Set([
  "task",
  "ask_user_question",
  "enter_plan_mode",
  "exit_plan_mode",
  "slash_command",
  "todo_write",
]);

/** A sub-agent's final text is cut here for the parent. */
const MAX_RESULT_CHARS = 16 * 1024;
const DEFAULT_STEPS = 30;
/** Sub-agents running at once (config `subagents.maxConcurrent`); more wait their turn. */
export const DEFAULT_MAX_CONCURRENT = 4;
/** Sub-agents one turn may start (config `subagents.maxPerTurn`); more calls are refused. */
export const DEFAULT_MAX_PER_TURN = 20;

export interface SubagentDeps {
  root: string;
  env: Record<string, string | undefined>;
  config: GlobalConfig;
  /** The parent's tools as offered now (mode-filtered); a sub-agent's are taken from these. */
  parentTools(): readonly AnyTool[];
  /** The model and provider for a sub-agent: `model` (id or alias), else the parent's. */
  modelFor(model: string | undefined): { info: ModelInfo; provider: Provider };
  /** The permission policy, labelling what the person is asked with the sub-agent's name. */
  authorize(agent: string): Authorize;
  /** The running turn's event sink (the parent's). */
  emit(): Emit;
  /** Counts a sub-agent's tokens in the session's totals (`/cost`): sees each of its events. */
  spent(model: ModelInfo): (event: AgentEvent) => void;
  /** Project rules, as sent to the parent. */
  rules(): string;
  /** The session's hooks for a sub-agent of this kind (SubagentStop at its end), if any. */
  hooks?: (agent: string) => LoopHooks | undefined;
}

/**
 * Starts sub-agents for the `task` tool. Each starts from its prompt alone, with its own system
 * prompt, step cap and tools (drawn from the parent's, so the mode and the permission policy
 * hold); every event it emits reaches the parent's stream wrapped as `subagent` with the parent
 * call's id, before the call's result. Cancelling the parent's turn cancels it. Agent files are
 * read when a sub-agent is asked for, never at start-up.
 *
 * At most `subagents.maxConcurrent` (4) run at once in the session; the others wait in the order
 * the model wrote them, and leave the line when their turn is cancelled. A turn starts at most
 * `subagents.maxPerTurn` (20); a call past that is a tool error naming the limit and the setting.
 */
export function createSubagentRunner(deps: SubagentDeps): TaskRunner {
  const agents = () => listAgents(deps.root, deps.env).agents;
  const limits = deps.config.subagents;
  const slots = new SubagentSlots(limits?.maxConcurrent ?? DEFAULT_MAX_CONCURRENT);
  const perTurn = limits?.maxPerTurn ?? DEFAULT_MAX_PER_TURN;
  // Keyed by the turn's signal: each turn (and each library `send`) has its own.
  const started = new WeakMap<AbortSignal, number>();
  const toolsOf = (def: AgentDefinition): AnyTool[] => {
    const offered = deps.parentTools().filter((t) => !PARENT_ONLY_TOOLS.has(t.name));
    if (def.tools === "read") return offered.filter((t) => t.kind === "read");
    if (def.tools === "all") return offered;
    const wanted = new Set(def.tools);
    return offered.filter((t) => wanted.has(t.name));
  };
  return {
    readOnly(agent) {
      const def = agents().find((a) => a.name === agent);
      if (!def || def.tools === "all") return false;
      return toolsOf(def).every((t) => t.kind === "read");
    },
    async run(args, ctx) {
      const known = agents();
      const def = known.find((a) => a.name === args.agent);
      if (!def) {
        const names = known.map((a) => a.name).join(", ");
        throw new ToolError(`Unknown agent "${args.agent}". Available agents: ${names}.`);
      }
      if (!args.prompt.trim())
        throw new ToolError("The prompt is empty: say what the sub-agent should do.");
      const count = started.get(ctx.signal) ?? 0;
      if (count >= perTurn) {
        throw new ToolError(
          `This turn has already started ${perTurn} sub-agents, the most one turn may start; this one was not started. ` +
            `Do the rest of the work yourself, or in fewer, broader tasks. ` +
            `(The person can raise the limit with subagents.maxPerTurn in North's config.json.)`,
        );
      }
      started.set(ctx.signal, count + 1);
      if (!(await slots.acquire(ctx.signal))) return cancelled(def, args);
      // Its own signal, tied to the turn's by one listener: the sub-agent's requests and tools
      // listen on it, not on the turn's (60 calls in one step added 60+ listeners there).
      const own = new AbortController();
      const stop = () => own.abort(ctx.signal.reason);
      ctx.signal.addEventListener("abort", stop, { once: true });
      try {
        return await runSubagent(deps, def, toolsOf(def), args, { ...ctx, signal: own.signal });
      } finally {
        ctx.signal.removeEventListener("abort", stop);
        slots.release();
      }
    },
  };
}

async function runSubagent(
  deps: SubagentDeps,
  def: AgentDefinition,
  tools: AnyTool[],
  args: TaskArgs,
  ctx: ToolContext,
) {
  const settings = deps.config.agents?.[def.name];
  const { info, provider } = deps.modelFor(def.model ?? settings?.model);
  const parent = deps.emit();
  const spend = deps.spent(info);
  const emit: Emit = (event) => {
    spend(event);
    parent({
      type: "subagent",
      parent_id: ctx.callId ?? "",
      agent: def.name,
      description: args.description,
      event,
    });
  };
  const rules = deps.rules();
  const system = [def.prompt.replace(/\{\{root\}\}/g, deps.root), rules]
    .filter(Boolean)
    .join("\n\n");
  const history: Message[] = [];
  await schemasReady(tools);
  const result = await runTurn(
    history,
    args.prompt,
    {
      provider,
      model: info.id,
      maxOutputTokens: info.maxOutput,
      system,
      tools,
      schemas: tools.map(toolSchema),
      maxSteps: settings?.maxSteps ?? DEFAULT_STEPS,
      authorize: deps.authorize(def.name),
      ...withHooks(deps.hooks?.(def.name)),
    },
    ctx.signal,
    emit,
  );
  const details: TaskDetails = {
    agent: def.name,
    description: args.description,
    steps: result.steps,
    toolCalls: result.toolCalls,
    usage: result.usage,
    stopReason: result.stopReason,
    model: info.id,
  };
  if (result.stopReason === "aborted") {
    return { content: `The ${def.name} sub-agent was cancelled.`, details, usage: result.usage };
  }
  if (result.stopReason === "error") {
    const why = result.error?.message ?? "unknown error";
    throw new ToolError(
      `The ${def.name} sub-agent failed: ${why}.${result.text ? ` What it said before: ${clip(result.text)}` : ""}`,
    );
  }
  let text = result.text.trim() || "(The sub-agent ended without a report.)";
  if (result.stopReason === "max_steps") {
    text += `\n\n(The sub-agent stopped at its cap of ${result.steps} steps; its work may be incomplete.)`;
  }
  const truncated = text.length > MAX_RESULT_CHARS;
  const content = truncated
    ? `${text.slice(0, MAX_RESULT_CHARS)}\n\n[report cut at ${MAX_RESULT_CHARS} characters]`
    : text;
  return { content, details, truncated, usage: result.usage };
}

/** The result of a sub-agent whose turn was cancelled while it waited for a slot. */
function cancelled(def: AgentDefinition, args: TaskArgs) {
  const usage = emptyUsage();
  const details: TaskDetails = {
    agent: def.name,
    description: args.description,
    steps: 0,
    toolCalls: 0,
    usage,
    stopReason: "aborted",
    model: "",
  };
  return { content: `The ${def.name} sub-agent was cancelled before it started.`, details, usage };
}

function clip(text: string): string {
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

function withHooks(hooks: LoopHooks | undefined): { hooks?: LoopHooks } {
  return hooks ? { hooks } : {};
}
