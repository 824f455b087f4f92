// An OAuth-protected MCP server for North's tests: its own authorization server (metadata,
// dynamic client registration, an /authorize that approves at once and redirects with a code,
// a /token that checks the PKCE verifier and refreshes), and a Streamable HTTP MCP endpoint that
// answers 401 with the resource metadata until a valid access token comes.
// `node mcp-oauth-server.mjs PORT_FILE`: listens on 127.0.0.1 (a random port, written there).
// Each access token lasts `--ttl` seconds (default 3600) and, with `--uses N`, N MCP requests
// (then 401, so the client must refresh); MCP_TEST_LOG gets "token", "refresh".
import { createHash, randomBytes } from "node:crypto";
import { appendFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { McpServer, WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import * as z from "zod";

const portFile = process.argv[2];
const ttlAt = process.argv.indexOf("--ttl");
const ttl = ttlAt > 0 ? Number(process.argv[ttlAt + 1]) : 3600;
const usesAt = process.argv.indexOf("--uses");
const maxUses = usesAt > 0 ? Number(process.argv[usesAt + 1]) : Infinity;
const uses = new Map(); // token → MCP requests served
const note = (line) => {
  if (process.env.MCP_TEST_LOG) appendFileSync(process.env.MCP_TEST_LOG, `${line}\n`);
};
const codes = new Map(); // code → { challenge, redirect }
const access = new Map(); // token → expiry (ms)
const refresh = new Set();
let base = "";

const json = (res, status, body, headers = {}) =>
  res
    .writeHead(status, { "content-type": "application/json", ...headers })
    .end(JSON.stringify(body));
const token = () => randomBytes(16).toString("hex");
const issue = (res) => {
  const accessToken = token();
  const refreshToken = token();
  access.set(accessToken, Date.now() + ttl * 1000);
  refresh.add(refreshToken);
  json(res, 200, {
    access_token: accessToken,
    refresh_token: refreshToken,
    token_type: "Bearer",
    expires_in: ttl,
  });
};

async function body(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function mcpServer() {
  const server = new McpServer({ name: "north-oauth-test", version: "1.0.0" });
  server.registerTool(
    "whoami",
    {
      description: "Says who is signed in.",
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true },
    },
    async () => ({ content: [{ type: "text", text: "signed in as tester" }] }),
  );
  return server;
}

const listener = createServer(async (req, res) => {
  const url = new URL(req.url, base);
  if (url.pathname.startsWith("/.well-known/oauth-protected-resource")) {
    return json(res, 200, { resource: `${base}/mcp`, authorization_servers: [base] });
  }
  if (url.pathname === "/.well-known/oauth-authorization-server") {
    return json(res, 200, {
      issuer: base,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      registration_endpoint: `${base}/register`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
    });
  }
  if (url.pathname === "/register" && req.method === "POST") {
    const metadata = JSON.parse((await body(req)).toString("utf8"));
    return json(res, 201, { ...metadata, client_id: `client-${token()}`, client_id_issued_at: 1 });
  }
  if (url.pathname === "/authorize") {
    // The person approves at once: back to the client's redirect with a code.
    const code = token();
    codes.set(code, { challenge: url.searchParams.get("code_challenge") });
    const back = new URL(url.searchParams.get("redirect_uri"));
    back.searchParams.set("code", code);
    back.searchParams.set("state", url.searchParams.get("state") ?? "");
    return res.writeHead(302, { location: back.href }).end();
  }
  if (url.pathname === "/token" && req.method === "POST") {
    const form = new URLSearchParams((await body(req)).toString("utf8"));
    if (form.get("grant_type") === "authorization_code") {
      const entry = codes.get(form.get("code"));
      const verifier = form.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (!entry || entry.challenge !== challenge)
        return json(res, 400, { error: "invalid_grant" });
      codes.delete(form.get("code"));
      note("token");
      return issue(res);
    }
    if (form.get("grant_type") === "refresh_token" && refresh.has(form.get("refresh_token"))) {
      refresh.delete(form.get("refresh_token"));
      note("refresh");
      return issue(res);
    }
    return json(res, 400, { error: "invalid_grant" });
  }
  if (url.pathname === "/mcp") {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const expires = bearer ? access.get(bearer) : undefined;
    if (bearer && expires) uses.set(bearer, (uses.get(bearer) ?? 0) + 1);
    if (!expires || expires < Date.now() || uses.get(bearer) > maxUses) {
      return json(
        res,
        401,
        { error: "invalid_token" },
        {
          "www-authenticate": `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
        },
      );
    }
    const raw = await body(req);
    const request = new Request(`${base}/mcp`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([k, v]) =>
        v === undefined ? [] : [[k, Array.isArray(v) ? v.join(", ") : v]],
      ),
      ...(raw.length > 0 ? { body: raw } : {}),
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await mcpServer().connect(transport);
    const response = await transport.handleRequest(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    return res.end(Buffer.from(await response.arrayBuffer()));
  }
  res.writeHead(404).end();
});
listener.listen(0, "127.0.0.1", () => {
  base = `http://127.0.0.1:${listener.address().port}`;
  writeFileSync(portFile, String(listener.address().port));
});
