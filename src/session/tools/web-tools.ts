import type { AnyTool } from "../../agent/tool.js";
import { createWebFetchTool, createWebSearchTool, inDomain } from "../../tools/index.js";
import type { GlobalConfig } from "../config/config.js";
import type { PermissionStore } from "../permissions/permission-store.js";

/**
 * The session's web tools, configured from the person's global config only (`web`; a
 * repository's settings cannot name it): `web_fetch` always, reaching without a review the
 * domains of `web.allowDomains` and those the person allowed "always" (the permission store,
 * outside the repository); `web_search` only when `web.search` names a provider, its key read
 * from the person's environment (`apiKeyEnv`).
 */
export function createWebTools(deps: {
  config: GlobalConfig;
  env: Record<string, string | undefined>;
  store: PermissionStore;
}): AnyTool[] {
  const web = deps.config.web ?? {};
  const allowHosts = web.allowHosts ?? [];
  const domains = web.allowDomains ?? [];
  const timeout = web.timeoutMs ? { timeoutMs: web.timeoutMs } : {};
  const tools: AnyTool[] = [
    createWebFetchTool({
      allowHosts,
      preapproved: (host) =>
        domains.some((domain) => inDomain(host, domain)) || deps.store.allowsWebHost(host),
      ...timeout,
    }),
  ];
  const search = web.search;
  if (search) {
    const key = search.apiKeyEnv ? deps.env[search.apiKeyEnv] : undefined;
    tools.push(
      createWebSearchTool({
        provider: search.provider,
        ...(search.url ? { url: search.url } : {}),
        ...(key ? { key } : {}),
        allowHosts,
        ...timeout,
      }),
    );
  }
  return tools;
}
