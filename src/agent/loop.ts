import type {
  AssistantMessage,
  Message,
  ModelRequest,
  Provider,
  ProviderError,
  ToolCallPart,
  ToolResultMessage,
  ToolSchema,
  Usage,
} from "../ai/types.js";
import { addUsage, emptyUsage } from "../ai/types.js";
import type { ToolImage } from "../ai/types.js";
import type { ImageLimits } from "../ai/image-fit.js";
import type { Emit, TurnStopReason } from "./events.js";
import { runTool, type AnyTool, type Gate, type Review } from "./tool.js";

/**
 * Decides whether a call that changes something may run, or whether a read tool may do what it
 * asked about through `ctx.confirm` (a `secret` review); other reads are never asked about.
 * `review` is the prepared change (diff or command line), absent for tools that prepare none.
 * Resolves `allow: false` on cancel.
 */
export type Authorize = (
  call: ToolCallPart,
  tool: AnyTool,
  review: Review | undefined,
  signal: AbortSignal,
) => Promise<{ allow: true } | { allow: false; reason: string }>;

export interface LoopConfig {
  provider: Provider;
  model: string;
  /**
   * What images in tool results must fit (`imageLimits` of the model's protocol); absent when
   * the model takes none: tools describe images instead, and images a tool still returns are
   * left out with a line saying so.
   */
  images?: ImageLimits;
  maxOutputTokens: number;
  /** How hard the model thinks, as the request carries it (see `ModelRequest.reasoning`). */
  reasoning?: Pick<ModelRequest, "reasoning" | "thinkingBudget">;
  system: string;
  tools: readonly AnyTool[];
  /** The schemas sent to the model, computed once per session from `tools`. */
  schemas: readonly ToolSchema[];
  maxSteps: number;
  authorize: Authorize;
  /**
   * Runs before every step, with the history the step would send (the turn's prompt included).
   * It may rewrite the history in place (compaction), leaving one the API accepts. Returning an
   * error ends the turn before the step: `aborted` as a cancel, any other as an `error` event.
   */
  beforeStep?: (history: Message[], signal: AbortSignal) => Promise<ProviderError | undefined>;
  /**
   * When set, called before every step (after `beforeStep`) for that step's tools and schemas,
   * which then replace `tools` and `schemas`: tools that join while a turn runs (MCP servers
   * connecting, tools `mcp_search` chose in the previous step).
   */
  toolsForStep?: () => { tools: readonly AnyTool[]; schemas: readonly ToolSchema[] };
  /**
   * Messages the person sent while the turn runs, to be delivered at the next step boundary:
   * called after each step's tool results (`ending` false) and when the model would end the
   * turn (`ending` true: the texts returned then keep the turn going); each text becomes a
   * user message of the history, announced by a `steer` event, and the turn goes on with
   * another step. Texts taken are the loop's: the caller must not deliver them again.
   */
  steering?: (ending: boolean) => string[];
  /** The person's hooks around calls and the turn's end (see `LoopHooks`); absent: none. */
  hooks?: LoopHooks;
  /**
   * Called with a step's tool results before they join the history (not after a cancel); it may
   * add text to a result's `content` (checks after edits). Must not throw.
   */
  afterCalls?: (results: ToolResultMessage[], signal: AbortSignal) => Promise<void>;
  /**
   * Called when the model would end the turn (no steering waiting, under the step cap). A text
   * returned becomes a user message of the history and the turn goes on with another step
   * (checks before done). Must not throw.
   */
  beforeEnd?: (signal: AbortSignal) => Promise<string | undefined>;
}

/**
 * Points where the session's hooks (session/hooks/) act on a turn. Each resolves; none throws.
 */
export interface LoopHooks {
  /**
   * Before a call runs (before its review): a reason refuses it — the model gets it as the
   * call's error result and nothing of the call happens.
   */
  beforeCall(call: ToolCallPart, signal: AbortSignal): Promise<string | undefined>;
  /** After a call ran: text to add to its result for the model, or undefined. */
  afterCall(
    call: ToolCallPart,
    result: { content: string; isError: boolean },
    signal: AbortSignal,
  ): Promise<string | undefined>;
  /**
   * The model would end the turn with `text`: an instruction sends it back to work (a user
   * message, then another step); undefined lets the turn end.
   */
  beforeEnd(text: string, signal: AbortSignal): Promise<string | undefined>;
  /** A hook asked to stop the agent: the turn ends after the step's calls. */
  halted(): boolean;
}

export interface TurnResult {
  stopReason: TurnStopReason;
  text: string;
  steps: number;
  toolCalls: number;
  usage: Usage;
  error?: ProviderError;
}

const CANCELLED = "Cancelled by the user before this tool ran.";

/**
 * Runs one turn: steps until the model asks for no tool, the step cap, an error or cancel.
 * `history` is appended in place and is always one the API accepts when this returns: every
 * tool call in it has exactly one result. Never throws for provider or tool failures.
 */
export async function runTurn(
  history: Message[],
  prompt: string,
  config: LoopConfig,
  signal: AbortSignal,
  emit: Emit,
  images?: ToolImage[],
): Promise<TurnResult> {
  history.push({ role: "user", content: prompt, ...(images?.length ? { images } : {}) });
  emit({ type: "turn_start", prompt });
  let usage = emptyUsage();
  let toolCalls = 0;
  let text = "";
  const end = (stopReason: TurnStopReason, steps: number, error?: ProviderError): TurnResult => {
    const result: TurnResult = {
      stopReason,
      text,
      steps,
      toolCalls,
      usage,
      ...(error ? { error } : {}),
    };
    emit({ type: "turn_end", stop_reason: stopReason, text, steps, tool_calls: toolCalls, usage });
    return result;
  };

  for (let step = 1; ; step++) {
    const refused = await config.beforeStep?.(history, signal);
    if (refused) {
      if (refused.kind === "aborted") return end("aborted", step - 1);
      emit({ type: "error", error: refused });
      return end("error", step - 1, refused);
    }
    emit({ type: "step_start", step });
    const stepConfig = config.toolsForStep ? { ...config, ...config.toolsForStep() } : config;
    const { message, error } = await streamStep(stepConfig, history, signal, emit, usage);
    usage = addUsage(usage, message.usage);
    emit({ type: "step_end", step, stop_reason: message.stopReason });
    const stepText = message.content.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");
    if (stepText) text = stepText;

    if (error) {
      keepWhatWasSaid(history, message);
      if (error.kind === "aborted") return end("aborted", step);
      emit({ type: "error", error });
      return end("error", step, error);
    }
    history.push(message);
    const calls = message.content.filter((p): p is ToolCallPart => p.type === "tool_call");
    if (calls.length === 0) {
      const reason = message.stopReason;
      if (reason === "max_tokens" || reason === "refusal") return end(reason, step);
      if (signal.aborted || step >= config.maxSteps) return end("end", step);
      if (deliverSteering(config, history, emit, true)) continue;
      const more = await config.beforeEnd?.(signal);
      if (signal.aborted) return end("end", step);
      if (more !== undefined) {
        history.push({ role: "user", content: more });
        continue;
      }
      const again = await config.hooks?.beforeEnd(text, signal);
      if (!again || signal.aborted || config.hooks?.halted()) return end("end", step);
      history.push({ role: "user", content: again });
      continue;
    }
    toolCalls += calls.length;
    const spend = (spent: Usage) => (usage = addUsage(usage, spent));
    const results = await runCalls(calls, stepConfig, signal, emit, spend);
    if (!signal.aborted) await config.afterCalls?.(results, signal);
    history.push(...results);
    if (signal.aborted) return end("aborted", step);
    if (config.hooks?.halted()) return end("end", step);
    if (step >= config.maxSteps) return end("max_steps", step);
    deliverSteering(config, history, emit, false);
  }
}

/** Appends the steering messages waiting now; whether there were any. */
function deliverSteering(
  config: LoopConfig,
  history: Message[],
  emit: Emit,
  ending: boolean,
): boolean {
  const texts = config.steering?.(ending) ?? [];
  for (const text of texts) {
    history.push({ role: "user", content: text });
    emit({ type: "steer", text });
  }
  return texts.length > 0;
}

async function streamStep(
  config: LoopConfig,
  history: Message[],
  signal: AbortSignal,
  emit: Emit,
  before: Usage,
): Promise<{ message: AssistantMessage; error?: ProviderError }> {
  const request = {
    model: config.model,
    system: config.system,
    messages: history,
    tools: config.schemas,
    maxOutputTokens: config.maxOutputTokens,
    ...config.reasoning,
  };
  for await (const event of config.provider.stream(request, signal)) {
    switch (event.type) {
      case "text_delta":
      case "thinking_delta":
        emit(event);
        break;
      case "usage":
        emit({ type: "usage", usage: event.usage, total: addUsage(before, event.usage) });
        break;
      case "retry":
        emit({
          type: "retry",
          attempt: event.attempt,
          delay_ms: event.delayMs,
          error: event.error,
        });
        break;
      case "done":
        return { message: event.message, ...(event.error ? { error: event.error } : {}) };
    }
  }
  throw new Error("provider stream ended without a done event");
}

/** After a failed or cancelled step only its text stays: calls without results would be invalid. */
function keepWhatWasSaid(history: Message[], message: AssistantMessage): void {
  const content = message.content.filter((p) => p.type === "text" && p.text.length > 0);
  const stopReason = message.stopReason === "aborted" ? "aborted" : "end";
  if (content.length > 0) history.push({ ...message, content, stopReason });
}

/**
 * Read calls run concurrently in runs of consecutive reads (unless a tool's `concurrent` says a
 * call must run alone); every other call runs alone, in the model's order, after `authorize`.
 * Results come back in the model's order, one per call. `spend` receives the tokens a call spent
 * on requests of its own (sub-agents).
 */
async function runCalls(
  calls: ToolCallPart[],
  config: LoopConfig,
  signal: AbortSignal,
  emit: Emit,
  spend: (usage: Usage) => void,
): Promise<ToolResultMessage[]> {
  const byName = new Map(config.tools.map((t) => [t.name, t]));
  const together = (call: ToolCallPart) => {
    const tool = byName.get(call.name);
    if (!tool) return true;
    return tool.kind === "read" && (tool.concurrent?.(call.arguments) ?? true);
  };
  const results: ToolResultMessage[] = [];
  let i = 0;
  while (i < calls.length) {
    let j = i + 1;
    if (together(calls[i]!)) {
      while (j < calls.length && byName.has(calls[j]!.name) && together(calls[j]!)) j++;
    }
    const group = calls.slice(i, j);
    results.push(
      ...(await Promise.all(group.map((c) => runCall(c, byName, config, signal, emit, spend)))),
    );
    i = j;
  }
  return results;
}

async function runCall(
  call: ToolCallPart,
  byName: Map<string, AnyTool>,
  config: LoopConfig,
  signal: AbortSignal,
  emit: Emit,
  spend: (usage: Usage) => void,
): Promise<ToolResultMessage> {
  const tool = byName.get(call.name);
  emit({
    type: "tool_call",
    id: call.id,
    name: call.name,
    kind: tool?.kind ?? "unknown",
    arguments: call.arguments ?? call.rawArguments,
  });
  const answer = (
    content: string,
    isError: boolean,
    extra: Partial<{
      details: unknown;
      truncated: boolean;
      durationMs: number;
      images: ToolImage[];
    }> = {},
  ) => {
    emit({
      type: "tool_result",
      id: call.id,
      name: call.name,
      content,
      is_error: isError,
      truncated: extra.truncated ?? false,
      duration_ms: Math.round(extra.durationMs ?? 0),
      ...(extra.details !== undefined ? { details: extra.details } : {}),
    });
    return {
      role: "tool" as const,
      toolCallId: call.id,
      toolName: call.name,
      content,
      isError,
      ...(extra.images ? { images: extra.images } : {}),
      ...(extra.details !== undefined ? { details: extra.details } : {}),
    };
  };
  if (signal.aborted) return answer(CANCELLED, true);
  if (!tool) {
    const names = config.tools.map((t) => t.name).join(", ");
    return answer(`Unknown tool "${call.name}". Available tools: ${names}.`, true);
  }
  const blocked = await config.hooks?.beforeCall(call, signal);
  if (blocked !== undefined) return answer(blocked, true);
  if (signal.aborted) return answer(CANCELLED, true);
  // Shows `review` as this call's proposal, then asks the policy: the gate of a change, and
  // `ctx.confirm` for a read tool that must not act silently (a file that may hold secrets).
  const confirm: Gate = async (review) => {
    emit({ type: "tool_proposal", id: call.id, name: call.name, review });
    return config.authorize(call, tool, review, signal);
  };
  let gate: Gate | undefined;
  if (tool.kind !== "read") {
    gate = confirm;
    if (!tool.prepare) {
      const decision = await config.authorize(call, tool, undefined, signal);
      if (!decision.allow) return answer(decision.reason, true);
      if (signal.aborted) return answer(CANCELLED, true);
    }
  }
  const ctx = {
    signal,
    confirm,
    callId: call.id,
    ...(config.images ? { images: config.images } : {}),
  };
  const result = await runTool(tool, call.arguments, call.rawArguments, ctx, gate);
  // A model that takes no images is never sent one (an MCP tool's): the text says so instead.
  if (result.images && !config.images) {
    result.content += `\n[${result.images.length} image(s) not shown: the model in use takes no images]`;
    delete result.images;
  }
  if (result.usage) spend(result.usage);
  const added = await config.hooks?.afterCall(call, result, signal);
  const content = added ? `${result.content}\n\n${added}` : result.content;
  return answer(content, result.isError, result);
}
