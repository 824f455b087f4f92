import type { ModelInfo, Provider, VendorConfig } from "../../ai/index.js";
import type { GlobalConfig } from "../config/config.js";
import { saveModelChoice } from "../config/config-save.js";
import { localVendor, probeLocalServers } from "./local-servers.js";
import { selectModel, type ModelChoice, type ModelWish } from "./model-selection.js";
import type { ProjectSettings } from "../config/settings.js";
import { t } from "../../i18n/index.js";

/** What `session.setModel` did. */
export interface ModelSwitch {
  /** The model now in use. */
  model: ModelInfo;
  /** Whether the choice was remembered in the global config for the next start. */
  saved: boolean;
  /** One line for the person: the new model, and where it was remembered or why it was not. */
  message: string;
}

export interface SwitchContext {
  config: GlobalConfig;
  env: Record<string, string | undefined>;
  project: ProjectSettings;
  /** Local servers found so far; refreshed when a local provider is asked for by name. */
  local: VendorConfig[];
  /** Builds the provider for a choice; throws (no key) before anything is saved. */
  makeProvider(choice: ModelChoice): Provider;
  /**
   * The model was chosen on the command line (`--model`): a switch then holds for this session
   * and leaves the saved default alone (the message says so).
   */
  fromFlag?: boolean;
}

/**
 * Resolves `idOrAlias` (and `provider`, when given) as `--model`/`--provider` would, builds its
 * provider, then remembers the choice in the global config. A config file North cannot read is
 * left alone: the switch then holds for this session only and the message says why. Throws
 * `UsageError` (unknown provider or model) or `ProviderSetupError` (no key) without switching.
 */
export async function switchModel(
  ctx: SwitchContext,
  idOrAlias: string,
  provider?: string,
): Promise<{ choice: ModelChoice; provider: Provider; result: ModelSwitch }> {
  const chosen = await chooseModel(
    { model: idOrAlias, ...(provider ? { provider } : {}) },
    ctx.config,
    ctx.env,
    ctx.local,
  );
  ctx.local = chosen.local;
  const { choice } = chosen;
  const made = ctx.makeProvider(choice);
  const parts = [t("session.switched", { model: choice.model.name, provider: choice.vendor.name })];
  if (ctx.fromFlag) {
    parts.push(t("session.switchFromFlag"));
    return {
      choice,
      provider: made,
      result: { model: choice.model, saved: false, message: parts.join(" ") },
    };
  }
  const save = await saveModelChoice(ctx.env, {
    model: choice.model.id,
    provider: choice.vendor.name,
  });
  if (save.saved) parts.push(t("session.switchDefault", { path: save.path }));
  else parts.push(t("session.switchSessionOnly", { reason: save.reason }));
  if (save.saved && (ctx.project.model || ctx.project.provider)) {
    parts.push(t("session.switchProjectModel"));
  }
  return {
    choice,
    provider: made,
    result: { model: choice.model, saved: save.saved, message: parts.join(" ") },
  };
}

/**
 * `selectModel` for a model named after start-up (`/model`, the suggestion model): a local
 * provider named in `wish` that was not found so far is looked for again first. Throws as
 * `selectModel` does.
 * @returns the choice, and the local servers known now.
 */
export async function chooseModel(
  wish: ModelWish,
  config: GlobalConfig,
  env: Record<string, string | undefined>,
  local: readonly VendorConfig[],
): Promise<{ choice: ModelChoice; local: VendorConfig[] }> {
  const known =
    wish.provider?.startsWith("local-") && !local.some((v) => v.name === wish.provider)
      ? (await probeLocalServers(env)).map(localVendor)
      : [...local];
  return { choice: selectModel(wish, config, env, known), local: known };
}
