import { render } from "ink-testing-library";
import { createElement as h } from "react";
import { beforeAll, describe, expect, test, vi } from "vitest";
import {
  TurnQueue,
  type Session,
  type SessionEvent,
  type SubmitOptions,
} from "../../session/index.js";
import { App } from "./app.js";
import { InputHistory } from "./composer/history.js";
import { TurnController } from "./control/controller.js";
import { createStore } from "./state/store.js";
import { loadMarkdown } from "./markdown/index.js";
import { setTheme } from "./screen/theme.js";

beforeAll(async () => {
  setTheme(false);
  await loadMarkdown();
});

const usage = { input_tokens: 10, output_tokens: 5, cache_read_tokens: 0, cache_write_tokens: 0 };

/**
 * A session whose turns the test finishes by hand (or which end on abort), queued by the
 * session's own TurnQueue.
 */
function fakeSession() {
  const prompts: string[] = [];
  let finish: (() => void) | undefined;
  const listeners = new Set<(event: SessionEvent) => void>();
  const emit = (event: SessionEvent) => listeners.forEach((listener) => listener(event));
  const turns = new TurnQueue({
    emit,
    log: () => {},
    async run(prompt, _options, signal) {
      prompts.push(prompt);
      emit({ type: "turn_start", prompt });
      emit({ type: "text_delta", text: `Answer to ${prompt}` });
      const aborted = await new Promise<boolean>((resolve) => {
        finish = () => resolve(false);
        signal.addEventListener("abort", () => resolve(true));
      });
      const stop = aborted ? "aborted" : "end";
      emit({ type: "turn_end", stop_reason: stop, text: "", steps: 1, tool_calls: 0, usage });
      return { stopReason: stop, text: "", steps: 1, toolCalls: 0, usage };
    },
  });
  const session = {
    root: "/repo",
    model: {
      id: "m",
      name: "Model X",
      provider: "p",
      protocol: "anthropic-messages",
      contextWindow: 1000,
      maxOutput: 100,
      supportsTools: true,
    },
    history: [],
    costs: { total: () => undefined, list: () => [] },
    permissions: { list: () => ({ edits: false, commands: [] }) },
    respond: () => false,
    submit: (text: string, options: SubmitOptions) => turns.submit(text, options),
    cancel: () => turns.cancel(),
    takeQueue: () => turns.takeQueue(),
    afterTurn: (action: () => Promise<void>) => turns.afterTurn(action),
    get busy() {
      return turns.busy;
    },
    subscribe(listener: (event: SessionEvent) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  } as unknown as Session;
  return { session, prompts, finish: () => finish?.() };
}

function mount() {
  const fake = fakeSession();
  const store = createStore(30, 100);
  store.dispatch({ type: "model", name: "Model X", contextWindow: 1000 });
  const controller = new TurnController({
    dispatch: store.dispatch,
    session: async () => fake.session,
    log: () => {},
  });
  const app = render(
    h(App, {
      store,
      controller,
      history: new InputHistory(undefined),
      project: "repo",
    }),
  );
  const frame = () => app.lastFrame() ?? "";
  const see = (text: string) =>
    vi.waitFor(() => expect(frame()).toContain(text), { timeout: 2000, interval: 5 });
  return { ...fake, app, frame, see, type: (s: string) => app.stdin.write(s) };
}

describe("App", () => {
  test("sends, streams, queues while busy and sends the queue when the turn ends", async () => {
    const ui = mount();
    await ui.see("Ask North");
    ui.type("first");
    await ui.see("> first");
    ui.type("\r");
    await ui.see("Answer to first");
    ui.type("second");
    await ui.see("> second");
    ui.type("\r");
    await ui.see("queued: second");
    expect(ui.prompts).toEqual(["first"]);
    ui.finish();
    await ui.see("Answer to second");
    expect(ui.prompts).toEqual(["first", "second"]);
    ui.app.unmount();
  });

  test("Esc cancels the running turn and a queued message comes back to the input", async () => {
    const ui = mount();
    await ui.see("Ask North");
    ui.type("go");
    await ui.see("> go");
    ui.type("\r");
    await ui.see("Answer to go");
    ui.type("later");
    await ui.see("> later");
    ui.type("\r");
    await ui.see("queued: later");
    ui.type("\x1b");
    await ui.see("[Cancelled]");
    await ui.see("> later");
    expect(ui.frame()).not.toContain("queued:");
    expect(ui.prompts).toEqual(["go"]);
    ui.app.unmount();
  });

  test("Ctrl+C clears the input, and a paste is inserted but not sent", async () => {
    const ui = mount();
    await ui.see("Ask North");
    ui.type("\x1b[200~one\rtwo\rthree\x1b[201~");
    await ui.see("three");
    expect(ui.prompts).toEqual([]);
    ui.type("\x03");
    await ui.see("Ask North");
    ui.type("\x03");
    await ui.see("Press Ctrl+C again to exit");
    ui.app.unmount();
  });
});
