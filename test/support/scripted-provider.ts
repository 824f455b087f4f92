import type {
  AssistantMessage,
  AssistantPart,
  ModelRequest,
  Provider,
  ProviderError,
  StreamEvent,
} from "../../src/ai/types.js";
import { emptyUsage } from "../../src/ai/types.js";

/** One scripted step: the parts the model "answers", or a failure. */
export type ScriptedStep =
  | { parts: AssistantPart[] }
  | { error: ProviderError; parts?: AssistantPart[] }
  | ((request: ModelRequest, signal: AbortSignal) => AsyncIterable<StreamEvent>);

/**
 * A provider for engine unit tests that need no HTTP: it replays scripted steps and records every
 * request (a deep copy, as it was when sent). Adapter and end-to-end tests use the mock model
 * server instead.
 */
export function scriptedProvider(steps: ScriptedStep[]): Provider & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  let next = 0;
  return {
    name: "scripted",
    protocol: "anthropic-messages",
    requests,
    async *stream(request, signal) {
      requests.push(structuredClone(request));
      const step = steps[next++];
      if (!step) throw new Error(`scripted provider: no step ${next} scripted`);
      if (typeof step === "function") {
        yield* step(request, signal);
        return;
      }
      const parts = step.parts ?? [];
      for (const part of parts) {
        if (part.type === "text") yield { type: "text_delta", text: part.text };
        if (part.type === "tool_call") yield { type: "tool_call", call: part };
      }
      const hasCalls = parts.some((p) => p.type === "tool_call");
      const message: AssistantMessage = {
        role: "assistant",
        content: parts,
        protocol: "anthropic-messages",
        model: request.model,
        stopReason: "error" in step ? "error" : hasCalls ? "tool_use" : "end",
        usage: { ...emptyUsage(), input_tokens: 10, output_tokens: 5 },
      };
      yield { type: "done", message, ...("error" in step ? { error: step.error } : {}) };
    },
  };
}

export const text = (t: string): AssistantPart => ({ type: "text", text: t });

let callSeq = 0;
export const call = (name: string, args: Record<string, unknown> | string): AssistantPart => ({
  type: "tool_call",
  id: `toolu_test_${++callSeq}`,
  name,
  arguments: typeof args === "string" ? undefined : args,
  rawArguments: typeof args === "string" ? args : JSON.stringify(args),
});
