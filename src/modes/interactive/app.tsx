import { Box, Static, Text, useApp, useStdout } from "ink";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { createCommandRunner, type RunnerDeps } from "./control/command-runner.js";
import { ComposerView } from "./components/composer-view.js";
import { MenuView, ShortcutsView } from "./components/menu-view.js";
import { CLEAR_SCREEN, EntryView } from "./components/entry-view.js";
import { LiveArea } from "./components/live-area.js";
import { QueueView } from "./components/queue-view.js";
import { StatusLine } from "./components/status-line.js";
import { TodoView } from "./components/todo-view.js";
import { emptyEditor, type EditorState } from "./composer/editor.js";
import { useGhostText, wantsSuggestion, type GhostDeps } from "./composer/ghost-text.js";
import type { InputHistory } from "./composer/history.js";
import type { BrowseScreen } from "./browse/browse-screen.js";
import type { ExternalEditor } from "./composer/external-editor.js";
import type { MemoryOffer, MemoryOfferState } from "./composer/memory-offer.js";
import { MemoryOfferView } from "./components/memory-offer-view.js";
import type { TurnController } from "./control/controller.js";
import { shortcutLines } from "./keys/key-bindings.js";
import { createKeyHandler } from "./keys/key-handler.js";
import { menuFor, type MenuSources } from "./menu/menu-model.js";
import { mentionsCode, preloadHighlighter } from "./markdown/highlight.js";
import type { Entry, UiState } from "./state/state.js";
import type { Scrollback } from "./screen/scrollback.js";
import type { Store } from "./state/store.js";
import { useKeyboard } from "./keys/use-keyboard.js";
import { KEYS_REST_MS, keyRest } from "./keys/key-rest.js";
import { t } from "../../i18n/index.js";
import { osc52 } from "./screen/osc52.js";
import { clipboardImage } from "../../session/index.js";

export interface AppProps {
  store: Store;
  controller: TurnController;
  history: InputHistory;
  project: string;
  /**
   * Answer text in the scrollback without Ink's per-character work (see scrollback.ts); the
   * stdout Ink writes to must expand its markers. Without it Ink draws every entry.
   */
  scrollback?: Scrollback;
  /** Slash commands and the `@` picker; without them every input is a message. */
  commands?: Omit<
    RunnerDeps,
    "store" | "controller" | "exit" | "clearScreen" | "setComposer" | "copy"
  >;
  /** Ghost-text suggestions (`Session.suggestions.complete`); absent when none is configured. */
  suggest?: GhostDeps["suggest"];
  /** Browse mode (Shift+↑, Ctrl+O); without it the keys do nothing. */
  browse?: BrowseScreen;
  /** Ctrl+G: the composer's text in the person's editor; without it the key does nothing. */
  externalEditor?: ExternalEditor;
  /** `#` memory: the offer to save a message as a rule; without it `#` messages are sent. */
  memory?: MemoryOffer;
}

const never = () => () => {};
const closed = () => false;
const nothing = () => undefined;

/** The interface's layout: scrollback transcript, live part, queue, composer, status line. */
export function App(props: AppProps) {
  const { store, controller } = props;
  const current = useSyncExternalStore(store.subscribe, store.getState);
  // While browse mode covers the screen, Ink keeps the frame it had (its writes are held until
  // the normal screen is back, see browse/output-gate.ts); spinners stop meanwhile.
  const browsing = useSyncExternalStore(
    props.browse?.subscribe ?? never,
    props.browse?.isOpen ?? closed,
  );
  const offer = useSyncExternalStore(
    props.memory?.subscribe ?? never,
    props.memory?.current ?? nothing,
  );
  const frozen = useRef(current);
  if (!browsing) frozen.current = current;
  const state = browsing ? frozen.current : current;
  const [editor, setEditorState] = useState<EditorState>(emptyEditor);
  const [highlightEpoch, setHighlightEpoch] = useState(0);
  const [exiting, setExiting] = useState(false);
  const editorRef = useRef(editor);
  const suggestion = useGhostText(props.suggest);
  const { exit } = useApp();
  const { stdout, write } = useStdout();

  /** Puts `text` in the composer, the cursor at its end (`/rewind`, `/fork`, Esc Esc). */
  const setComposer = useMemo(
    () => (text: string) => {
      const next = { ...emptyEditor, text, cursor: text.length };
      editorRef.current = next;
      setEditorState(next);
    },
    [],
  );
  const runner = useMemo(
    () =>
      props.commands &&
      createCommandRunner({
        ...props.commands,
        setComposer,
        copy: (text) => write(osc52(text)),
        store,
        controller,
        exit: () => {
          controller.cancel();
          setExiting(true);
        },
        // Ink takes its frame away, writes this, and draws the frame again below it.
        clearScreen: () => write(CLEAR_SCREEN),
      }),
    [props.commands, store, controller, write, setComposer],
  );
  // The `@` picker's files: a kept list is read after the first frame, and git lists them once
  // the keyboard rests (or at the first `@`): the first `@` finds them ready.
  useEffect(
    () => void runner?.prefetchFiles((work) => keyRest.whenKeysRest(KEYS_REST_MS, work)),
    [runner],
  );
  const keys = useMemo(
    () =>
      createKeyHandler({
        ...(runner
          ? {
              menu: () => menuFor(editorRef.current, runner.sources),
              run: (text: string, files: readonly string[]) => void runner.run(text, files),
              rewind: () => {
                store.dispatch({ type: "menu-reset" });
                setComposer("/rewind ");
              },
            }
          : {}),
        editor: () => editorRef.current,
        setEditor: (next) => {
          editorRef.current = next;
          setEditorState(next);
          // Ghost text (only with a suggestion model): asked again after a pause in the typing.
          const eligible = () =>
            wantsSuggestion(next, props.history.browsing) && !store.getState().review;
          if (suggestion.control) suggestion.control.edited(next.text, eligible());
        },
        ...(suggestion.control ? { suggestion: suggestion.control } : {}),
        clipboardImage: () => clipboardImage(process.env),
        controller,
        history: props.history,
        dispatch: store.dispatch,
        state: store.getState,
        exit: () => {
          controller.cancel();
          setExiting(true);
        },
        ...(props.browse ? { browse: props.browse } : {}),
        ...(props.externalEditor ? { externalEditor: props.externalEditor } : {}),
        ...(props.memory ? { memory: props.memory } : {}),
      }),
    [
      controller,
      props.history,
      store,
      runner,
      suggestion.control,
      props.browse,
      props.externalEditor,
      props.memory,
    ],
  );
  // Exit after the frame without the live part is drawn: the shell prompt follows the transcript.
  useEffect(() => {
    if (exiting) exit();
  }, [exiting, exit]);
  useEffect(() => keys.dispose, [keys]);
  useKeyboard(keys);

  useEffect(() => {
    const onResize = () =>
      store.dispatch({ type: "resize", rows: stdout.rows || 24, width: stdout.columns || 80 });
    stdout.on("resize", onResize);
    return () => void stdout.off("resize", onResize);
  }, [stdout, store]);

  const codeShowing = mentionsCode(state.tail);
  useEffect(() => {
    if (codeShowing) preloadHighlighter(() => setHighlightEpoch((n) => n + 1));
  }, [codeShowing]);

  // Spinners animate however long the conversation: settled entries are not drawn again.
  const animate = !browsing;
  return (
    <Box flexDirection="column">
      <Static items={state.entries as Entry[]}>
        {(entry) =>
          entry.kind === "markdown" && props.scrollback ? (
            <Text key={entry.id}>{props.scrollback.marker(entry, state.width)}</Text>
          ) : (
            <EntryView key={entry.id} entry={entry} width={state.width} />
          )
        }
      </Static>
      {exiting ? null : (
        <Live
          {...props}
          state={state}
          editor={editor}
          ghost={suggestion.ghost}
          animate={animate}
          epoch={highlightEpoch}
          offer={offer}
          {...(runner ? { sources: runner.sources } : {})}
        />
      )}
    </Box>
  );
}

function Live(
  props: AppProps & {
    state: UiState;
    editor: EditorState;
    ghost: string | undefined;
    animate: boolean;
    epoch: number;
    sources?: MenuSources;
    offer?: MemoryOfferState | undefined;
  },
) {
  const { state, editor, offer } = props;
  const menu =
    props.sources && !state.menu.closed && !state.review
      ? menuFor(editor, props.sources)
      : undefined;
  const placeholder = t(
    state.review
      ? "composer.reviewWaits"
      : state.busy
        ? "composer.placeholderBusy"
        : "composer.placeholder",
  );
  // A question picker or a note being typed takes the keys; other reviews let the person type
  // ahead (kept for after the review).
  const frozen =
    state.review !== undefined &&
    (state.review.picker !== undefined || state.review.reason !== undefined);
  return (
    <Box flexDirection="column">
      <LiveArea
        state={state}
        animate={props.animate}
        highlightEpoch={props.epoch}
        {...(props.scrollback ? { scrollback: props.scrollback } : {})}
      />
      <QueueView queue={state.queue} steering={state.steering} />
      <TodoView items={state.todos} open={state.todosOpen} stopped={state.todosStopped} />
      <Box marginTop={1} flexDirection="column">
        <ComposerView
          state={editor}
          placeholder={placeholder}
          busy={state.busy}
          frozen={frozen}
          // The question picker is no review (issue 31): it asks for an answer to the question.
          frozenHint={state.review?.picker ? t("composer.answerQuestion") : undefined}
          ghost={props.ghost}
        />
      </Box>
      {menu ? <MenuView menu={menu} selected={state.menu.selected} width={state.width} /> : null}
      {state.shortcuts ? <ShortcutsView lines={shortcutLines()} /> : null}
      {offer ? <MemoryOfferView offer={offer} /> : null}
      <StatusLine
        project={props.project}
        mode={state.mode}
        sandbox={state.sandbox}
        model={state.model?.name}
        effort={state.model?.effort}
        contextTokens={state.context?.measured ? state.context.used : undefined}
        contextWindow={state.context?.window ?? state.model?.contextWindow}
        cost={state.cost}
        standing={state.standing}
        mcp={state.mcp}
        jobs={state.jobs}
        sessionTokens={state.sessionTokens + state.turnTokens}
        width={state.width}
      />
      {state.exitHint ? <Text dimColor>{t("app.exitHint")}</Text> : null}
      {state.rewindHint ? <Text dimColor>{t("rewind.escAgain")}</Text> : null}
    </Box>
  );
}
