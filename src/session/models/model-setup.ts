import { vendorReady, type VendorConfig } from "../../ai/index.js";
import type { GlobalConfig } from "../config/config.js";
import { withDotenv } from "../config/dotenv.js";
import { SetupError } from "../config/errors.js";
import { localTargets, localVendor, probeLocalServers } from "./local-servers.js";
import {
  needsLocalProbe,
  selectModel,
  vendorsFrom,
  type ModelChoice,
  type ModelWish,
} from "./model-selection.js";
import { loadProjectSettings, type ProjectSettings } from "../config/settings.js";
import { t } from "../../i18n/index.js";

type Env = Record<string, string | undefined>;

export interface ModelSetup {
  /** The environment plus the vendor variables of the repository's `.env`. */
  env: Env;
  project: ProjectSettings;
  choice: ModelChoice;
  /** Local servers found on loopback (probed only when no key is set or one is asked for). */
  local: VendorConfig[];
  /** Lines for the person: a broken settings file, a remembered model that cannot be used. */
  notices: string[];
}

/**
 * Everything the session needs to pick its model: `.env` keys, the project settings and, when
 * no key is set anywhere, the local servers. The choice is, in order: the flags, then the
 * project settings, then the global config, then the first vendor that can be called. A choice
 * remembered in a file (not a flag) that cannot be used falls back to that default with a
 * notice; a flag that cannot be used throws (`UsageError`, `SetupError`).
 */
export async function setUpModel(options: {
  root: string;
  env: Env;
  config: GlobalConfig;
  flags: ModelWish;
  configPath: string;
}): Promise<ModelSetup> {
  const { config, flags } = options;
  const dotenv = withDotenv(options.root, options.env, Object.values(vendorsFrom(config)));
  const { env } = dotenv;
  const { settings: project, notice } = await loadProjectSettings(options.root);
  const notices = [...dotenv.notices, ...(notice ? [notice] : [])];
  const fromProject = { model: project.model, provider: project.provider };
  const fromConfig = { model: config.model, provider: config.provider };
  const local = needsLocalProbe([flags, fromProject, fromConfig], config, env)
    ? (await probeLocalServers(env)).map(localVendor)
    : [];
  if (flags.model || flags.provider) {
    if (flags.provider?.startsWith("local-") && !config.providers?.[flags.provider]) {
      if (!local.some((v) => v.name === flags.provider)) throw noLocalServer(flags.provider, env);
    }
    return { env, project, local, notices, choice: selectModel(flags, config, env, local) };
  }
  const [wish, source] =
    project.model || project.provider
      ? [fromProject, ".north/settings.json"]
      : [fromConfig, options.configPath];
  try {
    const choice = selectModel(wish, config, env, local);
    if (!vendorReady(choice.vendor, env)) {
      throw new Error(`${choice.vendor.apiKeyEnv} is not set`);
    }
    return { env, project, local, notices, choice };
  } catch (error) {
    if (!wish.model && !wish.provider) throw withLocalHint(error, env);
    let fallback;
    try {
      fallback = selectModel({}, { ...config, model: undefined, provider: undefined }, env, local);
    } catch (fallbackError) {
      throw withLocalHint(fallbackError, env);
    }
    const asked = [wish.model, wish.provider && `(${wish.provider})`].filter(Boolean).join(" ");
    notices.push(
      t("session.modelFallback", {
        source,
        asked,
        error: (error as Error).message.replace(/\.$/, ""),
        model: fallback.model.id,
        provider: fallback.vendor.name,
      }),
    );
    return { env, project, local, notices, choice: fallback };
  }
}

/** "Nothing is configured" also says that a local server would do, when North looked for one. */
function withLocalHint(error: unknown, env: Env): unknown {
  if (!(error instanceof SetupError) || localTargets(env).length === 0) return error;
  return new SetupError(`${error.message.replace(/\.$/, "")}, or start Ollama or LM Studio.`);
}

function noLocalServer(name: string, env: Env): SetupError {
  const target = localTargets(env).find((t) => t.name === name);
  return new SetupError(
    target
      ? `No ${target.label} answered on 127.0.0.1:${target.port}; start it, or choose another provider.`
      : `Unknown local provider "${name}": local-ollama and local-lmstudio are known (unless NORTH_LOCAL_SERVERS turns them off).`,
  );
}
