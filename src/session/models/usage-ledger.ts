import { costOf, type ModelInfo, type Usage } from "../../ai/index.js";
import type { AgentEvent } from "../../agent/events.js";

/** Tokens and money one model used in this conversation (`/cost`). */
export interface ModelUsage {
  model: string;
  name: string;
  usage: Usage;
  /** US dollars; `undefined` when the model has no published price. */
  cost: number | undefined;
}

const zero = (): Usage => ({
  input_tokens: 0,
  output_tokens: 0,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
});

/**
 * Adds up what each model used: every step's `usage` and every summary request's
 * (`compaction_end.usage`). Kept by the session, in memory, for the process's lifetime.
 */
export class UsageLedger {
  private readonly byModel = new Map<string, { info: ModelInfo; usage: Usage }>();

  add(model: ModelInfo, usage: Usage): void {
    const entry = this.byModel.get(model.id) ?? { info: model, usage: zero() };
    entry.usage = {
      input_tokens: entry.usage.input_tokens + usage.input_tokens,
      output_tokens: entry.usage.output_tokens + usage.output_tokens,
      cache_read_tokens: entry.usage.cache_read_tokens + usage.cache_read_tokens,
      cache_write_tokens: entry.usage.cache_write_tokens + usage.cache_write_tokens,
    };
    this.byModel.set(model.id, entry);
  }

  /** Per model, in the order first used. */
  list(): ModelUsage[] {
    return [...this.byModel.values()].map(({ info, usage }) => ({
      model: info.id,
      name: info.name,
      usage,
      cost: costOf(usage, info),
    }));
  }

  /** The money of every priced model; `undefined` when none has a price. */
  total(): number | undefined {
    const costs = this.list()
      .map((m) => m.cost)
      .filter((c): c is number => c !== undefined);
    return costs.length === 0 ? undefined : costs.reduce((a, b) => a + b, 0);
  }
}

/**
 * Feeds a ledger from one loop's events. A step's `usage` events are snapshots of that step so
 * far (a provider may send one when the response starts and another at its end): each is counted
 * by what it adds, so a step is counted once — and a cancelled step still counts what it had
 * used (the provider bills it).
 */
export class StepMeter {
  private last = zero();

  constructor(
    private readonly ledger: UsageLedger,
    private readonly model: ModelInfo,
  ) {}

  observe(event: AgentEvent): void {
    if (event.type === "step_start") this.last = zero();
    if (event.type !== "usage") return;
    const u = event.usage;
    const l = this.last;
    this.ledger.add(this.model, {
      input_tokens: Math.max(0, u.input_tokens - l.input_tokens),
      output_tokens: Math.max(0, u.output_tokens - l.output_tokens),
      cache_read_tokens: Math.max(0, u.cache_read_tokens - l.cache_read_tokens),
      cache_write_tokens: Math.max(0, u.cache_write_tokens - l.cache_write_tokens),
    });
    this.last = { ...u };
  }
}
