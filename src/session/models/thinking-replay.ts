import type { AssistantMessage, Message, Provider } from "../../ai/index.js";

/**
 * Which thinking may be sent back to one provider. Signed Anthropic thinking and encrypted
 * OpenAI reasoning are bound to the model (and endpoint) that produced them. The protocol
 * converters already drop another protocol's thinking; this also drops it when the model changed
 * within a protocol (Opus → Sonnet, OpenAI → a compatible gateway): a provider gets back only the
 * thinking of the messages it produced itself, or that it adopted (a resumed conversation with
 * the same model). Messages are never changed: the history and the session file keep every part.
 *
 * One instance per provider: a turn still running on the old provider after a switch keeps its
 * own thinking, and the new provider never receives it.
 */
export class ThinkingReplay {
  private readonly own = new WeakSet<Message>();

  /** Adopts the loaded messages that `modelId` wrote (a resumed conversation). */
  adopt(history: readonly Message[], modelId: string): void {
    for (const m of history) {
      if (m.role === "assistant" && sameModel(m.model, modelId)) this.own.add(m);
    }
  }

  /** The messages to send: others' assistant messages without their thinking parts. */
  filter(messages: readonly Message[]): readonly Message[] {
    if (!messages.some((m) => hasThinking(m) && !this.own.has(m))) return messages;
    return messages.map((m) =>
      hasThinking(m) && !this.own.has(m)
        ? { ...m, content: m.content.filter((p) => p.type !== "thinking") }
        : m,
    );
  }

  /** `provider`, sending only its own thinking back and remembering what it produced. */
  wrap(provider: Provider): Provider {
    const own = this.own;
    const filter = (messages: readonly Message[]) => this.filter(messages);
    return {
      name: provider.name,
      protocol: provider.protocol,
      prepare: async () => provider.prepare?.(),
      async *stream(request, signal) {
        const sent = { ...request, messages: filter(request.messages) };
        for await (const event of provider.stream(sent, signal)) {
          if (event.type === "done") own.add(event.message);
          yield event;
        }
      },
    };
  }
}

const hasThinking = (m: Message): m is AssistantMessage =>
  m.role === "assistant" && m.content.some((p) => p.type === "thinking");

/**
 * Whether the model a response reported is the one asked for: the same id, or a dated snapshot
 * of it (`claude-haiku-4-5-20251001`, `gpt-5.4-2026-03-05`).
 */
export function sameModel(reported: string, id: string): boolean {
  if (reported === id) return true;
  return reported.startsWith(id) && /^-\d{4}-?\d{2}-?\d{2}$/.test(reported.slice(id.length));
}
