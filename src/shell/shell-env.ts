/** Variables a shell or its tools would read to start something interactive or coloured. */
const DROPPED = [
  "ENV",
  "BASH_ENV",
  "PROMPT_COMMAND",
  "PS0",
  "PS1",
  "PS2",
  "PS4",
  "HISTFILE",
  "COLUMNS",
  "LINES",
  "CLICOLOR_FORCE",
];

/**
 * Provider keys the shell never sees, sandboxed or not (commands have no use for them): the
 * built-in vendors' and other common providers' variables. The session adds every configured
 * provider's `apiKeyEnv` (`ShellServiceOptions.secretEnv`).
 */
export const PROVIDER_KEY_ENV: readonly string[] = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_AUTH_TOKEN",
  "OPENAI_API_KEY",
  "AZURE_OPENAI_API_KEY",
  "AZURE_API_KEY",
  "GEMINI_API_KEY",
  "GOOGLE_API_KEY",
  "GOOGLE_GENERATIVE_AI_API_KEY",
  "MISTRAL_API_KEY",
  "GROQ_API_KEY",
  "DEEPSEEK_API_KEY",
  "OPENROUTER_API_KEY",
  "XAI_API_KEY",
  "TOGETHER_API_KEY",
  "FIREWORKS_API_KEY",
  "CEREBRAS_API_KEY",
  "PERPLEXITY_API_KEY",
  "COHERE_API_KEY",
];

/**
 * What commands see on top of the person's environment: no pagers, no editors, no credential or
 * confirmation prompts, no colour, unbuffered Python. `CI` is left as it is: tools take it as
 * "never write snapshots" and "draw nothing", which a coding agent does not want.
 */
export const NON_INTERACTIVE_ENV: Readonly<Record<string, string>> = {
  TERM: "dumb",
  NO_COLOR: "1",
  FORCE_COLOR: "0",
  CLICOLOR: "0",
  PAGER: "cat",
  GIT_PAGER: "cat",
  MANPAGER: "cat",
  SYSTEMD_PAGER: "",
  EDITOR: "true",
  VISUAL: "true",
  GIT_EDITOR: "true",
  GIT_SEQUENCE_EDITOR: "true",
  GIT_TERMINAL_PROMPT: "0",
  GCM_INTERACTIVE: "never",
  DEBIAN_FRONTEND: "noninteractive",
  PIP_NO_INPUT: "1",
  PYTHONUNBUFFERED: "1",
};

/**
 * The environment the shell starts with: `base` less `DROPPED`, `PROVIDER_KEY_ENV` and
 * `secretEnv`, plus `NON_INTERACTIVE_ENV` and `extra`.
 */
export function shellEnvironment(
  base: Record<string, string | undefined>,
  extra: Record<string, string> = {},
  secretEnv: readonly string[] = [],
): Record<string, string> {
  const dropped = new Set([...DROPPED, ...PROVIDER_KEY_ENV, ...secretEnv]);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) {
    if (value !== undefined && !dropped.has(key)) env[key] = value;
  }
  return { ...env, ...NON_INTERACTIVE_ENV, ...extra };
}
