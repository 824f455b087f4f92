import {
  createProvider,
  defaultRetryPolicy,
  type Message,
  type ModelInfo,
  type Provider,
} from "../ai/index.js";
import type { ModelSetup } from "./models/model-setup.js";
import { availableModels, selectModel, type ModelChoice } from "./models/model-selection.js";
import { switchModel, type ModelSwitch, type SwitchContext } from "./models/model-switch.js";
import type { SessionOptions } from "./session-api.js";
import { ThinkingReplay } from "./models/thinking-replay.js";

/**
 * The session's model: the choice in use and its provider, wrapped to give the model back the
 * thinking it produced (`ThinkingReplay`). A switch to another model or vendor starts a new
 * replay — a model gets back only its own thinking.
 */
export class SessionModel {
  private current: ModelChoice;
  private replay = new ThinkingReplay();
  private wrapped: Provider;
  private readonly switching: SwitchContext;

  constructor(
    private readonly setup: ModelSetup,
    private readonly options: Pick<SessionOptions, "config" | "providerOverride" | "rememberModel">,
  ) {
    this.current = setup.choice;
    this.switching = {
      config: options.config,
      env: setup.env,
      project: setup.project,
      local: setup.local,
      makeProvider: (choice) => this.make(choice),
      ...(options.rememberModel === false ? { fromFlag: true } : {}),
    };
    this.wrapped = this.replay.wrap(this.make(this.current));
  }

  get choice(): ModelChoice {
    return this.current;
  }

  get info(): ModelInfo {
    return this.current.model;
  }

  get provider(): Provider {
    return this.wrapped;
  }

  /** Local servers known so far (a switch to a local provider named later probes again). */
  get local() {
    return this.switching.local;
  }

  /** A resumed conversation's thinking is given back to the model that wrote it. */
  adopt(history: readonly Message[]): void {
    this.replay.adopt(history, this.current.model.id);
  }

  /** A sub-agent's model: `model` resolved as `--model` would be, else the one in use. */
  forSubagent(model?: string): { info: ModelInfo; provider: Provider } {
    const choice = model
      ? selectModel({ model }, this.options.config, this.setup.env, this.switching.local)
      : this.current;
    return { info: choice.model, provider: new ThinkingReplay().wrap(this.make(choice)) };
  }

  /** `session.setModel`: see `switchModel`; nothing changes when it throws. */
  async switchTo(idOrAlias: string, providerName?: string): Promise<ModelSwitch> {
    const next = await switchModel(this.switching, idOrAlias, providerName);
    const changed =
      next.choice.model.id !== this.current.model.id ||
      next.choice.vendor.name !== this.current.vendor.name;
    if (changed) this.replay = new ThinkingReplay();
    this.current = next.choice;
    this.wrapped = this.replay.wrap(next.provider);
    return next.result;
  }

  /** The models the person can switch to. */
  list() {
    return availableModels(this.options.config, this.setup.env, this.switching.local);
  }

  private make(choice: ModelChoice): Provider {
    const { config } = this.options;
    return (
      this.options.providerOverride ??
      createProvider({
        vendor: choice.vendor,
        model: choice.model.id,
        env: this.setup.env,
        retry: { ...defaultRetryPolicy, ...config.retry },
        ...(config.timeouts ? { timeouts: config.timeouts } : {}),
      })
    );
  }
}
