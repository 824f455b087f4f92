import type { Review } from "../../../agent/tool.js";
import { suggestRule, type AllowRule, type Decision, type Mode } from "../../../session/index.js";
import { emptyEditor, type EditorState } from "../composer/editor.js";
import { firstChoice, pickerQuestions, type PickerQuestion } from "./picker-questions.js";
import { reviewHints } from "./hints.js";
import { commandTailRows, foldRows, maxScroll, reviewRows } from "./rows.js";
import type { UiState } from "../state/state.js";
import { GUTTER } from "../components/gutter.js";
import { todoPanelRows } from "../state/todo-rows.js";
import { runningToolRows } from "../state/subagent-progress.js";

/**
 * A change waiting for the person (an `approval_request`). While one is pending every key goes
 * to it (key-bindings.ts); answering it clears it.
 */
export interface PendingReview {
  id: string;
  name: string;
  review: Review;
  /** Command reviews: the rules "always" can store — the suggested one, then the exact command. */
  rules: AllowRule[];
  /** Which of `rules` "always" stores now (Tab toggles). */
  rule: number;
  /** Rows of the body scrolled past. */
  scroll: number;
  /** Set while the person types a note to go with a rejection. */
  reason?: EditorState;
  /** The sub-agent asking ("general · raise the attempts"); absent for the main agent. */
  agent?: string;
  /** Questions (`ask_user_question`): where the person is in the picker. */
  picker?: QuestionPicker;
  /**
   * The highlighted choice (an index into `reviewChoices`); Enter does it. None at first for a
   * command that leaves the sandbox: Enter alone does nothing until ←/→ picks one.
   */
  choice?: number;
  /**
   * Just appeared: keys do not answer it yet (controller.ts, `REVIEW_GUARD_MS`), its choices are
   * not drawn; text typed meanwhile goes to the composer.
   */
  guarded?: boolean;
  /** "Always" was chosen once: it waits for one confirmation (the same key or Enter). */
  confirming?: boolean;
  /** The person began typing a message while this review waits: their letters go on into it. */
  drafting?: boolean;
}

/** The person's way through the questions of an `ask_user_question` review. */
export interface QuestionPicker {
  /** The question showing. */
  index: number;
  /** The highlighted option; `options.length` is "Other". */
  selected: number;
  /** Answers to the questions before this one. */
  answers: string[];
  /** Set while the person types an answer of their own. */
  other?: EditorState;
  /** Why the typed answer was not taken (a form's field: not a number, out of range). */
  error?: string;
}

export type ReviewAction =
  /** Tab (1) and Shift+Tab (−1) in the composer. */
  | { type: "cycle-mode"; step: 1 | -1 }
  | { type: "mode"; mode: Mode }
  | { type: "review-scroll"; delta: number }
  | { type: "review-rule" }
  | { type: "review-reason"; editor: EditorState | undefined }
  | { type: "question-picker"; picker: QuestionPicker }
  | { type: "review-choice"; choice: number }
  | { type: "review-confirm"; on: boolean }
  | { type: "review-drafting" }
  /** Review `id` starts (`on`) or stops ignoring keys. */
  | { type: "review-guard"; id: string; on: boolean }
  /** The person is cancelling the turn: a pending review goes, running calls end cancelled. */
  | { type: "cancelling" }
  /** The person answered review `id` (sent to the session by the controller). */
  | { type: "review-answered"; id: string; decision: Decision };

/** The order Tab walks the modes in. */
export const MODE_CYCLE: readonly Mode[] = ["ask", "agent", "plan"];

/**
 * The pending review of an `approval_request`. A command gets the rules "always" may store: the
 * one `suggestRule` offers, then (for a prefix) the exact command; none when it is dangerous or
 * asks to run outside the sandbox.
 */
export function pendingReview(
  id: string,
  name: string,
  review: Review,
  agent?: string,
): PendingReview {
  const rules: AllowRule[] = [];
  // Leaving the sandbox is allowed one command at a time: no rule is offered for it.
  if (review.type === "command" && !review.danger && !review.escalate) {
    const suggested = suggestRule(review.command);
    rules.push(suggested);
    if ("prefix" in suggested) rules.push({ exact: review.command.trim() });
  }
  const steps = pickerQuestions(review);
  const picker = steps ? pickerAt(steps[0], 0, []) : undefined;
  return {
    id,
    name,
    review,
    rules,
    rule: 0,
    scroll: 0,
    // Leaving the sandbox is never one key away: nothing is highlighted.
    ...(review.type === "command" && review.escalate ? {} : { choice: 0 }),
    ...(agent ? { agent } : {}),
    ...(picker ? { picker } : {}),
  };
}

/** Cells a review's rows may take: the screen minus the gutter, the frame's border and padding. */
export const reviewWidth = (width: number) => Math.max(20, width - GUTTER - 2);

/**
 * Rows the body of the pending review may take so that the live part stays shorter than the
 * screen: the screen minus the status line, the composer, the review's fixed rows, its hints,
 * the running tools, the queue and a few rows of slack.
 */
export function reviewBudget(state: UiState, pending: PendingReview): number {
  const width = reviewWidth(state.width);
  const { header, footer } = reviewRows(pending.review, width);
  const hints = Math.max(2, reviewHints(pending, true, width).length);
  const queue = state.queue.length > 0 ? Math.min(state.queue.length, 3) + 2 : 0;
  const label = pending.agent ? 1 : 0;
  const todos = todoPanelRows(state);
  const reserved =
    7 +
    label +
    header.length +
    footer.length +
    hints +
    runningToolRows(state.tools) +
    queue +
    todos;
  return Math.max(4, state.rows - reserved);
}

/**
 * The body of the pending review as it shows now. A command keeps its last rows in view when
 * folded (what runs last is not hidden behind what runs first).
 */
export function reviewFold(state: UiState, pending: PendingReview) {
  const { body, command } = reviewRows(pending.review, reviewWidth(state.width));
  const budget = reviewBudget(state, pending);
  return foldRows(body, budget, pending.scroll, command ? commandTailRows(budget) : 0);
}

/** Transitions of reviews and modes. */
export function reduceReview(state: UiState, action: ReviewAction): UiState {
  const pending = state.review;
  switch (action.type) {
    case "cycle-mode": {
      const n = MODE_CYCLE.length;
      const next = MODE_CYCLE[(MODE_CYCLE.indexOf(state.mode) + action.step + n) % n]!;
      return { ...state, mode: next };
    }
    case "mode":
      return { ...state, mode: action.mode };
    case "review-scroll": {
      if (!pending) return state;
      const { body } = reviewRows(pending.review, reviewWidth(state.width));
      const limit = maxScroll(body.length, reviewBudget(state, pending));
      const scroll = Math.min(limit, Math.max(0, pending.scroll + action.delta));
      return scroll === pending.scroll ? state : { ...state, review: { ...pending, scroll } };
    }
    case "review-rule":
      if (!pending || pending.rules.length < 2) return state;
      return {
        ...state,
        review: { ...pending, rule: (pending.rule + 1) % pending.rules.length },
      };
    case "review-reason": {
      if (!pending) return state;
      const { reason: _old, ...rest } = pending;
      return { ...state, review: action.editor ? { ...rest, reason: action.editor } : rest };
    }
    case "review-drafting":
      return pending && !pending.drafting
        ? { ...state, review: { ...pending, drafting: true } }
        : state;
    case "review-guard": {
      if (!pending || pending.id !== action.id || Boolean(pending.guarded) === action.on)
        return state;
      const { guarded: _was, ...rest } = pending;
      return { ...state, review: action.on ? { ...rest, guarded: true } : rest };
    }
    case "review-choice":
      return pending ? { ...state, review: { ...pending, choice: action.choice } } : state;
    case "review-confirm": {
      if (!pending) return state;
      const { confirming: _was, ...rest } = pending;
      return { ...state, review: action.on ? { ...rest, confirming: true } : rest };
    }
    case "question-picker":
      return pending ? { ...state, review: { ...pending, picker: action.picker } } : state;
    case "cancelling": {
      const { review: _dropped, ...rest } = state;
      return { ...rest, tools: state.tools.map((t) => ({ ...t, cancelled: true })) };
    }
    case "review-answered": {
      const tools = state.tools.map((t) =>
        t.id === action.id ? { ...t, decision: action.decision } : t,
      );
      // Accepting a plan leaves plan mode: the next messages carry it out. Accepting to plan
      // first enters it.
      const yes = pending?.id === action.id && action.decision.type !== "reject";
      const mode =
        yes && pending.review.type === "plan"
          ? ("agent" as const)
          : yes && pending.review.type === "plan-mode"
            ? ("plan" as const)
            : undefined;
      const review = pending?.id === action.id ? undefined : pending;
      const { review: _gone, ...rest } = state;
      return {
        ...rest,
        ...(review ? { review } : {}),
        tools,
        ...(mode ? { mode } : {}),
      };
    }
  }
}

/**
 * The picker on step `index` (`question`), after `answers`: at the default's option, or with
 * the answer line open when the step has no options.
 */
export function pickerAt(
  question: PickerQuestion | undefined,
  index: number,
  answers: string[],
): QuestionPicker {
  const open = question !== undefined && question.options.length === 0;
  return {
    index,
    selected: question ? firstChoice(question) : 0,
    answers,
    ...(open ? { other: emptyEditor } : {}),
  };
}
