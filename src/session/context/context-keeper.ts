/**
 * Keeps a session's context within its model's window: measures it, compacts automatically
 * before a step whose request would pass the threshold, compacts on request, and tells the
 * outside through `context` and `compaction_*` events.
 */
import type { AgentEvent, CompactionReason, Emit } from "../../agent/events.js";
import type { Message, ModelInfo, Provider, ProviderError } from "../../ai/index.js";
import { emptyUsage } from "../../ai/index.js";
import {
  applyCompaction,
  canClear,
  chooseCut,
  clearToolResults,
  isSummary,
  type KeepPolicy,
} from "../storage/compaction.js";
import { writeSummary, type SummaryResult } from "./compaction-summary.js";
import {
  measureContext,
  percentOf,
  type ContextReport,
  type RequestParts,
} from "./context-usage.js";
import type { RewriteEntry } from "../storage/storage.js";
import { promptTokens } from "../models/token-estimate.js";
import { errorText, t } from "../../i18n/index.js";

export const DEFAULT_THRESHOLD = 0.85;
/** Exchanges kept verbatim by default (fewer when they are large, see `KEEP_SHARE`). */
export const DEFAULT_KEEP_EXCHANGES = 3;
/** The verbatim part kept by default is at most this share of the window. */
const KEEP_SHARE = 0.25;
/** Clearing old tool results frees room down to this far below the threshold. */
const CLEAR_HEADROOM = 0.15;

/** What the keeper needs of its session; every function reads the session's current state. */
export interface KeeperHost {
  history: Message[];
  model(): ModelInfo;
  provider(): Provider;
  /** The parts of the next request besides the history, for the current mode. */
  parts(): RequestParts;
  /** Share of the window (0–1) a request may reach before it is compacted. */
  threshold: number;
  /** Saves pending messages to the session file; called before the history is rewritten. */
  flush(): void;
  /** Records a rewrite in the session file, right after the history changed. */
  record(entry: RewriteEntry): void;
  /** Index from which reported sizes hold (after the last rewrite replayed on load). */
  reportedFrom?: number;
}

export interface CompactOptions {
  /** What the summary must keep above all (`/compact <focus>`). */
  focus?: string;
  /** Keep exactly the last N exchanges verbatim (`/summarize --keep-last N`); default: a few. */
  keepLast?: number;
  signal?: AbortSignal;
  /** Receives `compaction_start`, `compaction_end` and `context`. */
  onEvent?: (event: AgentEvent) => void;
}

export type CompactResult =
  | { ok: true; tokensBefore: number; tokensAfter: number; replaced: number }
  | { ok: false; reason: "busy" | "nothing" | "failed" | "aborted"; message: string };

export class ContextKeeper {
  private reportedFrom: number;
  private busy = false;
  private running: Promise<unknown> | undefined;

  constructor(private readonly host: KeeperHost) {
    this.reportedFrom = host.reportedFrom ?? 0;
  }

  /**
   * Forgets sizes reported for an earlier conversation (`newConversation`); a resumed one passes
   * the index from which its reported sizes hold.
   */
  reset(reportedFrom = 0): void {
    this.reportedFrom = reportedFrom;
  }

  /** How full the context is for the next request (`parts` default: the host's current ones). */
  context(parts: RequestParts = this.host.parts()): ContextReport {
    const window = this.host.model().contextWindow;
    return measureContext(parts, this.host.history, window, this.reportedFrom);
  }

  /**
   * Wraps a turn's emit: tracks whether a turn runs, follows each `usage` report with a
   * `context` event, and sends one more, measured, just before `turn_end`.
   */
  wrapEmit(emit: Emit): Emit {
    return (event) => {
      if (event.type === "turn_start") this.busy = true;
      if (event.type === "turn_end") {
        const { used, estimated } = this.context();
        emit(this.contextEvent(used, estimated));
      }
      emit(event);
      if (event.type === "turn_end") this.busy = false;
      if (event.type === "usage") {
        const used = promptTokens(event.usage) + event.usage.output_tokens;
        if (used > 0) emit(this.contextEvent(used, false));
      }
    };
  }

  /**
   * The loop's `beforeStep`: when the next request would pass the threshold, summarises older
   * exchanges, then clears old tool results if that is not enough; refuses the step (returns the
   * error that ends the turn) when compacting fails or what is left does not fit the window.
   */
  async beforeStep(
    parts: RequestParts,
    emit: Emit,
    signal: AbortSignal,
  ): Promise<ProviderError | undefined> {
    await this.running;
    const window = this.host.model().contextWindow;
    const limit = this.host.threshold * window;
    const before = this.context(parts).used;
    if (before <= limit) return undefined;
    const { history } = this.host;
    const keep = {
      exchanges: DEFAULT_KEEP_EXCHANGES,
      maxTokens: KEEP_SHARE * window,
      minExchanges: 1,
    };
    const cut = chooseCut(history, keep);
    if (cut === undefined && !canClear(history)) {
      return before <= window ? undefined : this.overflow(before, "nothing is left to compact");
    }
    emit({ type: "compaction_start", reason: "auto", tokens_before: before });
    let summarized: SummaryResult | undefined;
    if (cut !== undefined) {
      summarized = await this.summarize(cut, undefined, signal);
      if (!summarized.ok) {
        emit(failedEnd("auto", before, summarized));
        if (summarized.error.kind === "aborted") return summarized.error;
        return this.overflow(before, summarized.error.message);
      }
    }
    let cleared = 0;
    if (this.context(parts).used > limit) {
      const target = (this.host.threshold - CLEAR_HEADROOM) * window;
      cleared = this.clear(this.context(parts).used - target);
    }
    const after = this.context(parts).used;
    this.done(emit, "auto", before, after, cut ?? 0, cleared, summarized);
    return after <= window
      ? undefined
      : this.overflow(after, "what is left after compacting is still too large");
  }

  /** Compacts when asked (`/compact [focus]`, `/summarize --keep-last N`); never throws. */
  async compact(options: CompactOptions = {}): Promise<CompactResult> {
    if (this.busy || this.running) {
      return { ok: false, reason: "busy", message: t("session.compactBusy") };
    }
    const window = this.host.model().contextWindow;
    const keep: KeepPolicy =
      options.keepLast !== undefined
        ? { exchanges: Math.max(0, options.keepLast) }
        : { exchanges: DEFAULT_KEEP_EXCHANGES, maxTokens: KEEP_SHARE * window };
    const cut = chooseCut(this.host.history, keep);
    if (cut === undefined) {
      const summarised = this.host.history.some(isSummary);
      const kept = keep.exchanges;
      const message = summarised
        ? t("session.compactSummarised")
        : t(kept === 1 ? "session.compactShortOne" : "session.compactShort", { count: kept });
      return { ok: false, reason: "nothing", message };
    }
    const emit: Emit = options.onEvent ?? (() => {});
    const before = this.context().used;
    emit({ type: "compaction_start", reason: "manual", tokens_before: before });
    const run = this.summarize(cut, options.focus, options.signal ?? new AbortController().signal);
    this.running = run;
    const summarized = await run.finally(() => (this.running = undefined));
    if (!summarized.ok) {
      emit(failedEnd("manual", before, summarized));
      const reason = summarized.error.kind === "aborted" ? "aborted" : "failed";
      return {
        ok: false,
        reason,
        message: t("session.compactFailed", { error: errorText(summarized.error) }),
      };
    }
    const after = this.context().used;
    this.done(emit, "manual", before, after, cut, 0, summarized);
    return { ok: true, tokensBefore: before, tokensAfter: after, replaced: cut };
  }

  /** Summarises `history[0, cut)` and, on success, replaces it by the summary (recorded). */
  private async summarize(
    cut: number,
    focus: string | undefined,
    signal: AbortSignal,
  ): Promise<SummaryResult> {
    const { history } = this.host;
    const result = await writeSummary({
      provider: this.host.provider(),
      model: this.host.model(),
      messages: history.slice(0, cut),
      ...(focus ? { focus } : {}),
      signal,
    });
    if (!result.ok) return result;
    this.host.flush();
    applyCompaction(history, result.summary, cut);
    this.host.record({ type: "compaction", summary: result.summary, replaced: cut });
    this.reportedFrom = history.length;
    return result;
  }

  /** Clears old tool results to free `excess` tokens; returns how many were cleared. */
  private clear(excess: number): number {
    this.host.flush();
    const ids = clearToolResults(this.host.history, excess);
    if (ids.length === 0) return 0;
    this.host.record({ type: "cleared", ids });
    this.reportedFrom = this.host.history.length;
    return ids.length;
  }

  private done(
    emit: Emit,
    reason: CompactionReason,
    before: number,
    after: number,
    replaced: number,
    cleared: number,
    summarized: SummaryResult | undefined,
  ): void {
    emit({
      type: "compaction_end",
      ok: true,
      reason,
      tokens_before: before,
      tokens_after: after,
      replaced_messages: replaced,
      cleared_results: cleared,
      ...(summarized?.ok ? { summary: summarized.summary } : {}),
      usage: summarized?.ok ? summarized.usage : emptyUsage(),
    });
    emit(this.contextEvent(after, true));
  }

  private overflow(used: number, why: string): ProviderError {
    const model = this.host.model();
    const window = model.contextWindow;
    return {
      kind: "context_overflow",
      retryable: false,
      message: t("session.overflow", {
        used,
        percent: percentOf(used, window),
        window,
        model: model.name,
        why,
      }),
    };
  }

  private contextEvent(used: number, estimated: boolean): AgentEvent {
    const window = this.host.model().contextWindow;
    return { type: "context", used, window, percent: percentOf(used, window), estimated };
  }
}

function failedEnd(
  reason: CompactionReason,
  before: number,
  { error, usage }: Extract<SummaryResult, { ok: false }>,
): AgentEvent {
  return { type: "compaction_end", ok: false, reason, tokens_before: before, error, usage };
}
