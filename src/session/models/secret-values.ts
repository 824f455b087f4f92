import { setSecretValues } from "../../log/secrets.js";
import { setSecretFilePatterns } from "../../workspace/index.js";
import type { GlobalConfig } from "../config/config.js";
import { vendorsFrom } from "./model-selection.js";

type Env = Record<string, string | undefined>;

/** Credentials a gateway may take in a configured header (`headers` of a provider). */
const CREDENTIAL_HEADER = /key|token|secret|auth|password|signature/i;

/**
 * Hands the log's masking (`log/secrets.ts`) every key value North can know: the value of each
 * vendor's key variable (built-in, config providers, `ANTHROPIC_AUTH_TOKEN`) in any of `envs`
 * (the process environment, and the one with `.env` merged in), whatever its shape, and the
 * values of configured headers whose name says they carry a credential. Also hands the workspace
 * the person's changes to the secret-file patterns (`secretFiles`).
 */
export function registerSecretValues(config: GlobalConfig, envs: readonly Env[]): void {
  const names = new Set(["ANTHROPIC_AUTH_TOKEN"]);
  for (const vendor of Object.values(vendorsFrom(config))) names.add(vendor.apiKeyEnv);
  const values: (string | undefined)[] = [];
  for (const env of envs) for (const name of names) values.push(env[name]);
  for (const provider of Object.values(config.providers ?? {})) {
    for (const [header, value] of Object.entries(provider.headers ?? {})) {
      if (CREDENTIAL_HEADER.test(header)) values.push(value);
    }
  }
  setSecretValues(values);
  setSecretFilePatterns(config.secretFiles ?? {});
}
