import { BUILTIN_VENDORS } from "../../ai/index.js";
import type { Logger } from "../../log/logger.js";
import {
  BackgroundJobs,
  createShellService,
  PROVIDER_KEY_ENV,
  type SandboxProfile,
  type ShellService,
} from "../../shell/index.js";

/**
 * Up to three persistent shells of a session, one per sandbox profile, each created on first
 * use (a service costs nothing until its first command); `dispose` ends every one created.
 */
export interface ShellSet {
  get(profile: SandboxProfile): ShellService;
  /** The background jobs (`shell_run` `background: true`), stopped by `dispose` too. */
  readonly jobs: BackgroundJobs;
  /**
   * Ends the shells (not the jobs) so that the next command starts a new one: its sandbox then
   * mounts the folders added since (`/add-dir`). The shells' state (folder, variables) is lost.
   */
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

export function createShellSet(options: {
  root: string;
  env: Record<string, string | undefined>;
  logger: Logger;
  /** Variable names removed from every shell's environment (provider keys). */
  secretEnv: readonly string[];
  /** Absolute paths hidden inside the sandboxed shells (`sandboxMasks`). */
  mask?: readonly string[];
  /** Folders the person added (the workspace's live list): the sandbox mounts them. */
  extraRoots?: readonly string[];
  /** Background jobs running at once at most (config `shell.maxBackground`, default 4). */
  maxBackground?: number;
  /** Told when a background job started or ended. */
  jobsChanged?: () => void;
}): ShellSet {
  const services = new Map<SandboxProfile, ShellService>();
  const jobs = new BackgroundJobs({
    root: options.root,
    env: options.env,
    logger: options.logger,
    secretEnv: options.secretEnv,
    mask: options.mask ?? [],
    extraRoots: options.extraRoots ?? [],
    ...(options.maxBackground ? { max: options.maxBackground } : {}),
    ...(options.jobsChanged ? { onChange: options.jobsChanged } : {}),
  });
  return {
    jobs,
    get(profile) {
      let service = services.get(profile);
      if (!service) {
        service = createShellService({
          root: options.root,
          guardJobs: () => jobs.guardGitDirs(),
          env: options.env,
          logger: options.logger,
          secretEnv: options.secretEnv,
          ...(profile === "none"
            ? {}
            : { sandbox: profile, mask: options.mask ?? [], extraRoots: options.extraRoots ?? [] }),
        });
        services.set(profile, service);
      }
      return service;
    },
    async restart() {
      const ended = [...services.values()];
      services.clear();
      await Promise.all(ended.map((service) => service.dispose()));
    },
    async dispose() {
      await Promise.all([
        jobs.dispose(),
        ...[...services.values()].map((service) => service.dispose()),
      ]);
    },
  };
}

/**
 * Every provider key variable: the common providers' (`PROVIDER_KEY_ENV`, the shell's list), the
 * built-in vendors' and the config providers' `apiKeyEnv`.
 */
export function providerKeyVariables(config: {
  providers?: Record<string, { apiKeyEnv?: string | undefined }> | undefined;
  web?: { search?: { apiKeyEnv?: string | undefined } | undefined } | undefined;
}): string[] {
  const names = new Set([
    ...PROVIDER_KEY_ENV,
    ...Object.values(BUILTIN_VENDORS).map((vendor) => vendor.apiKeyEnv),
  ]);
  for (const provider of Object.values(config.providers ?? {})) {
    if (provider.apiKeyEnv) names.add(provider.apiKeyEnv);
  }
  // The web search provider's key (`web.search.apiKeyEnv`) is kept from commands likewise.
  if (config.web?.search?.apiKeyEnv) names.add(config.web.search.apiKeyEnv);
  return [...names];
}
