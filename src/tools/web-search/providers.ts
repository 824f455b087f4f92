/** One search hit, as `web_search` lists it. */
export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
}

export type SearchProviderName = "brave" | "tavily" | "searxng" | "exa";

/** How one provider is asked: the request North sends, and how its JSON answer reads. */
export interface ProviderRequest {
  url: URL;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
}

/** The endpoint each provider answers at when the config gives no `url` (SearXNG has none). */
export const DEFAULT_URLS: Record<SearchProviderName, string | undefined> = {
  brave: "https://api.search.brave.com/res/v1/web/search",
  tavily: "https://api.tavily.com/search",
  exa: "https://api.exa.ai/search",
  searxng: undefined,
};

export const MAX_HITS = 10;

/**
 * The request for `query` to `provider` at `endpoint` with `key` (the value of `apiKeyEnv`):
 * Brave `GET ?q=` with `X-Subscription-Token`; Tavily `POST {query, max_results}` with a bearer
 * token; Exa `POST {query, numResults, contents.highlights}` with `x-api-key`; SearXNG
 * `GET /search?q=&format=json` (its JSON output must be enabled on the instance).
 */
export function providerRequest(
  provider: SearchProviderName,
  endpoint: string,
  query: string,
  key: string | undefined,
): ProviderRequest {
  const url = new URL(endpoint);
  const json = { "content-type": "application/json", accept: "application/json" };
  switch (provider) {
    case "brave":
      url.searchParams.set("q", query);
      url.searchParams.set("count", String(MAX_HITS));
      return {
        url,
        method: "GET",
        headers: { accept: "application/json", ...(key ? { "x-subscription-token": key } : {}) },
      };
    case "tavily":
      return {
        url,
        method: "POST",
        headers: { ...json, ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify({ query, max_results: MAX_HITS }),
      };
    case "exa":
      return {
        url,
        method: "POST",
        headers: { ...json, ...(key ? { "x-api-key": key } : {}) },
        body: JSON.stringify({ query, numResults: MAX_HITS, contents: { highlights: true } }),
      };
    case "searxng":
      if (!/\/search\/?$/.test(url.pathname)) {
        url.pathname = `${url.pathname.replace(/\/$/, "")}/search`;
      }
      url.searchParams.set("q", query);
      url.searchParams.set("format", "json");
      return { url, method: "GET", headers: { accept: "application/json" } };
  }
}

const str = (value: unknown) => (typeof value === "string" ? value : "");
const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v) => v && typeof v === "object") : [];

/** The hits of a provider's JSON answer (at most {@link MAX_HITS}); fields it lacks are empty. */
export function readHits(provider: SearchProviderName, json: unknown): SearchHit[] {
  const root = (json ?? {}) as Record<string, unknown>;
  const rows =
    provider === "brave"
      ? list((root.web as Record<string, unknown> | undefined)?.results)
      : list(root.results);
  return rows.slice(0, MAX_HITS).map((row) => ({
    title: str(row.title),
    url: str(row.url),
    snippet:
      provider === "exa"
        ? (Array.isArray(row.highlights) ? row.highlights.map(str).join(" … ") : "") ||
          str(row.text).slice(0, 500)
        : provider === "brave"
          ? str(row.description)
          : str(row.content),
  }));
}
