import { createTypingClock } from "./typing-clock.js";
import type { TurnController } from "../control/controller.js";
import { editAction } from "../composer/edit-action.js";
import * as ed from "../composer/editor.js";
import type { InputHistory } from "../composer/history.js";
import type { ExternalEditor } from "../composer/external-editor.js";
import type { MemoryOffer } from "../composer/memory-offer.js";
import { presentMentions } from "../composer/mention-spans.js";
import { KEY_BINDINGS, MENU_BINDINGS } from "./key-bindings.js";
import type { KeyPress } from "./keys.js";
import { onMenuKey, type MenuKeyContext } from "../menu/menu-keys.js";
import type { Menu } from "../menu/menu-model.js";
import {
  onReviewKey,
  pasteIntoNote,
  reviewTakes,
  type ReviewKeyContext,
} from "../review/review-keys.js";
import { pasteIntoAnswer } from "../review/question-keys.js";
import type { UiAction, UiState } from "../state/state.js";
import { t } from "../../../i18n/index.js";
import { imageMentionOf, pastedImageFile, type ClipboardImage } from "../../../session/index.js";

/** Editing keys that go to a draft typed ahead while a review waits (not ←/→, Enter, Esc). */
const DRAFT_KEYS = new Set([
  "backspace",
  "delete",
  "kill-to-end",
  "kill-to-start",
  "delete-word-back",
  "delete-word-forward",
  "line-start",
  "line-end",
  "newline",
]);

/** A paste of more lines than this shows in the composer as one `[Pasted text #N +L lines]`. */
export const PASTE_LINES = 5;

/** A second Ctrl+C on an empty input within this time exits. */
export const EXIT_WINDOW_MS = 2000;

/**
 * Letters typed less than this apart make one burst of typing: a burst that began in the
 * composer goes on into it when a review appears, instead of answering the review.
 */
export const TYPING_BURST_MS = 500;

export interface KeyContext {
  editor(): ed.EditorState;
  setEditor(state: ed.EditorState): void;
  controller: TurnController;
  history: InputHistory;
  dispatch(action: UiAction): void;
  /** The interface's state now (a pending review takes the keys). */
  state(): UiState;
  /** The menu open under the composer now, if any (none without it). */
  menu?(): Menu | undefined;
  /**
   * Runs an input: its slash commands, then the rest as a message with the attached files.
   * Without it, the input goes to the controller as a message.
   */
  run?(text: string, files: readonly string[]): void;
  exit(): void;
  /** Browse mode: while it is open it takes every key (browse/browse-screen.ts). */
  browse?: { isOpen(): boolean; open(): void; onKey(key: KeyPress): void };
  /** Ctrl+G: the composer's text in the person's editor; without it the key does nothing. */
  externalEditor?: ExternalEditor;
  /** `#` memory: a message starting with `#` is offered as a rule instead of sent. */
  memory?: MemoryOffer;
  /** The clock, in ms (tests pass their own). */
  now?(): number;
  /** Esc Esc on the empty composer while idle: opens the `/rewind` picker. */
  rewind?(): void;
  /**
   * The ghost-text suggestion (absent when none is configured): every key first takes it off
   * the screen; Tab inserts it, any other key then does its own work.
   */
  suggestion?: { take(): string | undefined };
  /** Ctrl+V: the clipboard's image saved as a file (absent: the key does nothing). */
  clipboardImage?(): Promise<ClipboardImage>;
  /** The folder a pasted relative path is resolved against (default: the process's). */
  cwd?: string;
}

/**
 * What each key does, given the app's state: while a review is pending every key goes to it
 * (review-keys.ts); otherwise keys bound to app actions (cancel, exit, queue, mode) are decided
 * here and editing keys go to the composer (composer/edit-action.ts).
 */
export function createKeyHandler(ctx: KeyContext) {
  let exitArmed: NodeJS.Timeout | undefined;
  // Bursts are judged by when keys were typed, not when a busy loop got to them.
  const now = ctx.now ?? createTypingClock().now;
  /** When the composer last took a key of the current burst of typing; -∞ once it ended. */
  let typedAt = -Infinity;
  /** The text key (`a`, a digit) that made "always" ask for confirmation, while it asks. */
  let confirmOpener: string | undefined;
  /** A letter or digit answered a review and the burst of typing it began goes on. */
  let answeredInBurst = false;
  /** The review the key that began that burst answered. */
  let answeredFrom: string | undefined;
  /** A first Esc on the empty composer while idle armed Esc Esc (see `rewind`), until then. */
  let rewindArmed: NodeJS.Timeout | undefined;
  const disarmRewind = () => {
    if (!rewindArmed) return;
    clearTimeout(rewindArmed);
    rewindArmed = undefined;
    ctx.dispatch({ type: "rewind-hint", on: false });
  };
  const disarm = () => {
    if (!exitArmed) return;
    clearTimeout(exitArmed);
    exitArmed = undefined;
    ctx.dispatch({ type: "exit-hint", on: false });
  };
  /**
   * Cancels the running turn; nothing typed is lost: the messages and steering that waited come
   * back to the composer in the order sent, before the draft (a line each; pasted blocks
   * collapse again), the cursor where it was in the draft, and a note says so.
   */
  const cancelTurn = () => {
    const queued = ctx.controller.cancel();
    if (!queued || queued.length === 0) return;
    const draft = ctx.editor();
    const back = queued.map(collapse).join("\n");
    const text = draft.text === "" ? back : `${back}\n${draft.text}`;
    const cursor = draft.text === "" ? text.length : back.length + 1 + draft.cursor;
    ctx.setEditor({ ...draft, text, cursor });
    const many = queued.length > 1;
    const key =
      draft.text === ""
        ? many
          ? "queue.backManyEmpty"
          : "queue.backOneEmpty"
        : many
          ? "queue.backMany"
          : "queue.backOne";
    ctx.dispatch({ type: "note", tone: "info", text: t(key, { count: queued.length }) });
  };
  const setEditor = (next: ed.EditorState) => {
    if (next.text !== ctx.editor().text) ctx.dispatch({ type: "menu-reset" });
    ctx.setEditor(next);
  };
  /** Pasted blocks shown collapsed in the composer, by their label; expanded when sent. */
  const pastes = new Map<string, string>();
  const expand = (text: string) => {
    let out = text;
    for (const [label, block] of pastes) out = out.split(label).join(block);
    return out;
  };
  /** `text` with its pasted blocks shown by their labels again (a message given back). */
  const collapse = (text: string) => {
    let out = text;
    for (const [label, block] of pastes) out = out.split(block).join(label);
    return out;
  };
  /** Image chips made so far (their numbers). */
  let imageCount = 0;
  /** Shows the image file at `path` as `[Image #N name 48 KB]`, sent as its `@path`. */
  const attachImage = (path: string, bytes: number) => {
    const name = path.split(/[\\/]/).pop() ?? path;
    const size = `${Math.max(1, Math.round(bytes / 1024))} KB`;
    const label = `[${t("composer.image", { n: ++imageCount, name, size })}]`;
    pastes.set(label, imageMentionOf(path));
    const state = ctx.editor();
    const before = state.text[state.cursor - 1];
    const spaced = before === undefined || /\s/.test(before) ? state : ed.insert(state, " ");
    setEditor(ed.insertChip(spaced, label));
  };
  const pasteImage = () => {
    void ctx.clipboardImage?.().then((got) => {
      if (got.ok) return attachImage(got.path, got.bytes);
      const text =
        got.reason === "noTool"
          ? t("composer.clipboardNoTool", { tools: got.tools })
          : got.reason === "empty"
            ? t("composer.clipboardEmpty")
            : t("composer.clipboardFailed", { why: got.detail });
      ctx.dispatch({ type: "note", tone: got.reason === "empty" ? "info" : "warn", text });
    });
  };
  const submit = (typed: string) => {
    if (!typed.trim()) return;
    if (ctx.memory && typed.startsWith("#") && typed.slice(1).trim()) {
      ctx.history.add(typed);
      setEditor(ed.emptyEditor);
      return ctx.memory.open(expand(typed), (text) => setEditor({ text, cursor: text.length }));
    }
    const files = presentMentions(typed, ctx.editor().mentions);
    ctx.history.add(typed);
    setEditor(ed.emptyEditor);
    const text = expand(typed);
    if (ctx.run) ctx.run(text, files);
    else ctx.controller.submit(text, ctx.state().mode, files);
  };
  const menuKeys: MenuKeyContext = {
    editor: ctx.editor,
    setEditor,
    dispatch: ctx.dispatch,
    state: ctx.state,
    submit: () => submit(ctx.editor().text),
    ...(ctx.menu ? { menu: ctx.menu } : {}),
  };
  const review: ReviewKeyContext = {
    state: ctx.state,
    dispatch: ctx.dispatch,
    respond: (id, decision) => void ctx.controller.respond(id, decision),
    cancelTurn,
    guard: (id) => ctx.controller.guardReview(id),
  };

  /**
   * The composer's text (pasted blocks whole) in the person's editor; what it saved replaces
   * the text, the cursor at its end. A failed editor leaves the composer as it was, with a note.
   */
  const editOutside = (external: ExternalEditor) => {
    const outcome = external.edit(expand(ctx.editor().text));
    if (!outcome.edited) {
      const text = t("composer.editorFailed", { detail: outcome.detail });
      return ctx.dispatch({ type: "note", tone: "error", text });
    }
    setEditor({ text: outcome.text, cursor: outcome.text.length });
  };

  const onKey = (key: KeyPress): void => {
    if (ctx.browse?.isOpen()) return ctx.browse.onKey(key);
    if (ctx.memory?.current()) return ctx.memory.onKey(key);
    const suggested = ctx.suggestion?.take();
    const action = KEY_BINDINGS[key.id];
    // Browse mode opens over anything, a waiting review included (it is there on coming back).
    if (action === "browse" && ctx.browse && !ctx.state().review?.reason) {
      disarm();
      return ctx.browse.open();
    }
    if (action !== "interrupt") disarm();
    if (action !== "cancel") disarmRewind();
    if (action === "external-editor" && ctx.externalEditor && !ctx.state().review) {
      return editOutside(ctx.externalEditor);
    }
    const pending = ctx.state().review;
    // A review that just appeared, or whose "always" just asked for confirmation, answers no key
    // (controller.ts, REVIEW_GUARD_MS): text goes to the composer as type-ahead does and begins
    // a message (its later letters stay text), Ctrl+C still cancels the turn, other keys do
    // nothing. Text typed into a confirmation withdraws it, and the letter or digit that asked
    // for it was text too: it goes to the composer first.
    if (pending?.guarded && action !== "interrupt") {
      if (key.id !== "text") return;
      typedAt = now();
      let text = key.text ?? "";
      if (pending.confirming) {
        text = (confirmOpener ?? "") + text;
        ctx.dispatch({ type: "review-confirm", on: false });
      }
      confirmOpener = undefined;
      if (!pending.drafting) ctx.dispatch({ type: "review-drafting" });
      return setEditor(ed.insert(ctx.editor(), text));
    }
    // A review that came after the one a key answered, and has been on screen for its guard with
    // nothing typed into it, is answered by the next key: that burst does not reach past it.
    const fresh =
      answeredInBurst && pending !== undefined && pending.id !== answeredFrom && !pending.drafting;
    const burst = !fresh && now() - typedAt < TYPING_BURST_MS;
    const typing = key.id === "text" && burst;
    if (!burst) answeredInBurst = false;
    // The letters typed after one that answered a review land in the composer; while that turn
    // runs, the Enter that ends them does not send them (`yes please⏎`: yes once, and
    // `es please` waits there). Once the turn is over, Enter sends as usual.
    if (answeredInBurst && action === "submit" && ctx.controller.busy) {
      typedAt = now();
      return;
    }
    const answerable = pending !== undefined && !pending.reason && !pending.picker;
    // Enter in a burst of typing ends what was typed, not the review: it answers nothing, and the
    // message it would send waits in the composer for after the review.
    if (answerable && burst && action === "submit") {
      typedAt = now();
      return;
    }
    // Type-ahead while a review waits: text goes to the composer (kept for after the review)
    // while a burst of typing goes on, once a message was begun during this review, or when
    // the review has no use for the key (which begins one, and withdraws an "always" waiting
    // for confirmation); editing keys in a burst edit that text. Otherwise keys answer it.
    const editing = burst && DRAFT_KEYS.has(action ?? "");
    const toComposer =
      answerable &&
      ((key.id === "text" && (typing || pending.drafting || !reviewTakes(pending, key))) ||
        editing);
    // Once a message was begun while this review waits, its letters go on into it.
    if (toComposer && key.id === "text") {
      if (!pending.drafting) ctx.dispatch({ type: "review-drafting" });
      if (pending.confirming) ctx.dispatch({ type: "review-confirm", on: false });
    }
    typedAt = (key.id === "text" || editing) && (toComposer || !pending) ? now() : -Infinity;
    if (pending && !toComposer) {
      onReviewKey(review, pending, key);
      const after = ctx.state().review;
      const asked = !pending.confirming && after?.confirming === true;
      confirmOpener = asked && key.id === "text" ? key.text : undefined;
      if (key.id === "text" && after?.id !== pending.id) {
        answeredInBurst = true;
        answeredFrom = pending.id;
        typedAt = now();
      }
      return;
    }
    if (ctx.state().shortcuts) {
      ctx.dispatch({ type: "shortcuts", on: false });
      if (action === "cancel") return;
    }
    if (key.id === "text" && key.text === "?" && ctx.editor().text === "")
      return ctx.dispatch({ type: "shortcuts", on: true });
    // Tab accepts a suggestion showing; without one it cycles the mode (Shift+Tab always does).
    if (suggested !== undefined && key.id === "tab")
      return setEditor(ed.insert(ctx.editor(), suggested));
    const menu = ctx.state().menu.closed ? undefined : ctx.menu?.();
    const menuAction = menu ? MENU_BINDINGS[key.id] : undefined;
    if (menu && menuAction && (menu.items.length > 0 || menuAction === "menu-close"))
      return onMenuKey(menuKeys, menu, menuAction);
    if (key.id === "text") return setEditor(ed.insert(ctx.editor(), key.text ?? ""));
    switch (action) {
      case undefined:
        return;
      case "interrupt":
        if (ctx.controller.busy) return cancelTurn();
        if (ctx.editor().text !== "") return setEditor(ed.emptyEditor);
        if (exitArmed) {
          disarm();
          return ctx.exit();
        }
        ctx.dispatch({ type: "exit-hint", on: true });
        exitArmed = setTimeout(disarm, EXIT_WINDOW_MS);
        return;
      case "cancel":
        if (ctx.controller.busy) return cancelTurn();
        // Esc Esc opens the rewind picker, only on an empty composer: Esc never loses typing.
        if (!ctx.rewind || ctx.editor().text !== "") return;
        if (rewindArmed) {
          disarmRewind();
          return ctx.rewind();
        }
        ctx.dispatch({ type: "rewind-hint", on: true });
        rewindArmed = setTimeout(disarmRewind, EXIT_WINDOW_MS);
        return;
      case "eof":
        if (ctx.editor().text === "" && !ctx.controller.busy) return ctx.exit();
        return setEditor(ed.deleteForward(ctx.editor()));
      case "clear-queue":
        ctx.controller.takeQueue();
        return;
      case "steer": {
        // While a turn runs: the text (or, with an empty composer, the queued messages) goes to
        // the model at its next step instead of after the turn.
        const typed = ctx.editor().text;
        if (!ctx.controller.busy) return submit(typed);
        if (!typed.trim()) {
          for (const text of ctx.controller.takeQueue()) ctx.controller.steer(text);
          return;
        }
        ctx.history.add(typed);
        setEditor(ed.emptyEditor);
        ctx.controller.steer(expand(typed));
        return;
      }
      case "cycle-mode":
      case "cycle-mode-back":
        return ctx.dispatch({ type: "cycle-mode", step: action === "cycle-mode" ? 1 : -1 });
      case "toggle-todos":
        return ctx.dispatch({ type: "toggle-todos" });
      case "browse":
      case "external-editor":
        return;
      case "paste-image":
        return pasteImage();
    }
    const outcome = editAction(ctx.editor(), action, ctx.history);
    if (!outcome) return;
    if (outcome.kind === "edit") return setEditor(outcome.state);
    submit(outcome.text);
  };

  return {
    onKey,
    onPaste(text: string) {
      if (ctx.browse?.isOpen()) return;
      disarm();
      ctx.suggestion?.take();
      const pending = ctx.state().review;
      if (pending?.picker?.other) return pasteIntoAnswer(review, pending.picker, text);
      const note = pending?.reason;
      if (note) return pasteIntoNote(review, note, text);
      // A lone trailing line break of a one-line paste is not sent (a copied line often ends
      // with one); multi-line text keeps its final line break. A block of many lines shows
      // collapsed.
      // A paste that is only an image's path (a dropped file) attaches the image.
      const image = pastedImageFile(text, ctx.cwd ?? process.cwd());
      if (image) return attachImage(image.path, image.bytes);
      const body = text.replace(/\n$/, "");
      const block = body.includes("\n") ? text : body;
      const lines = body.split("\n").length;
      if (lines <= PASTE_LINES) return setEditor(ed.insert(ctx.editor(), block));
      const label = `[${t("composer.pasted", { n: pastes.size - imageCount + 1, lines })}]`;
      pastes.set(label, block);
      setEditor(ed.insertChip(ctx.editor(), label));
    },
    dispose: () => {
      disarm();
      disarmRewind();
    },
  };
}
