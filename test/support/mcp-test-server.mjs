// An MCP server for North's tests, on the official server SDK, with the awkward behaviours a
// reference server does not have: a slow tool, a tool that crashes the process, a 5 MB result, a
// tool that changes something. `node mcp-test-server.mjs` speaks stdio;
// `node mcp-test-server.mjs --http PORT_FILE [--token T]` speaks Streamable HTTP on 127.0.0.1
// (a random port, written to PORT_FILE) and, with --token, wants `Authorization: Bearer T`.
// With MCP_TEST_LOG set, it appends a line per event there ("start", "cancelled slow", "called X").
import { appendFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { McpServer, WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const note = (line) => {
  if (process.env.MCP_TEST_LOG) appendFileSync(process.env.MCP_TEST_LOG, `${line}\n`);
};

function build() {
  const server = new McpServer({ name: "north-test", version: "1.0.0" });
  const readOnly = { readOnlyHint: true };
  server.registerTool(
    "shout",
    {
      description: "Returns the text in capitals.",
      inputSchema: z.object({ text: z.string() }),
      annotations: readOnly,
    },
    async ({ text }) => {
      note(`called shout ${text}`);
      return { content: [{ type: "text", text: text.toUpperCase() }] };
    },
  );
  server.registerTool(
    "slow",
    {
      description: "Answers after `ms` milliseconds.",
      inputSchema: z.object({ ms: z.number() }),
      annotations: readOnly,
    },
    async ({ ms }, ctx) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => resolve({ content: [{ type: "text", text: "done" }] }), ms);
        ctx.mcpReq.signal.addEventListener("abort", () => {
          clearTimeout(timer);
          note("cancelled slow");
          resolve({ content: [{ type: "text", text: "cancelled" }] });
        });
      }),
  );
  server.registerTool(
    "crash",
    { description: "Exits the server.", inputSchema: z.object({}), annotations: readOnly },
    async () => {
      note("crash");
      process.exit(3);
    },
  );
  server.registerTool(
    "big",
    { description: "Returns 5 MB of text.", inputSchema: z.object({}), annotations: readOnly },
    async () => ({ content: [{ type: "text", text: "x".repeat(5 * 1024 * 1024) }] }),
  );
  server.registerTool(
    "write_note",
    {
      description: "Writes a note (changes something: not read-only).",
      inputSchema: z.object({ text: z.string() }),
    },
    async ({ text }) => {
      note(`called write_note ${text}`);
      return { content: [{ type: "text", text: `noted: ${text}` }] };
    },
  );
  // Adds a tool while connected: the SDK tells the client its list changed.
  server.registerTool(
    "unlock",
    {
      description: "Makes the tool `opened` appear.",
      inputSchema: z.object({}),
      annotations: readOnly,
    },
    async () => {
      server.registerTool(
        "opened",
        { description: "Appears after unlock.", inputSchema: z.object({}), annotations: readOnly },
        async () => ({ content: [{ type: "text", text: "it is open" }] }),
      );
      return { content: [{ type: "text", text: "unlocked" }] };
    },
  );
  server.registerPrompt(
    "review",
    {
      description: "Review one file carefully.",
      argsSchema: z.object({ file: z.string(), focus: z.string().optional() }),
    },
    ({ file, focus }) => ({
      messages: [
        {
          role: "user",
          content: { type: "text", text: `Review ${file}${focus ? ` for ${focus}` : ""}.` },
        },
      ],
    }),
  );
  server.registerResource(
    "today",
    "notes://today",
    { description: "Today's notes.", mimeType: "text/plain" },
    async (uri) => ({ contents: [{ uri: uri.href, text: "Ship the release on Friday." }] }),
  );
  // `--many N`: N more tools, each with a paragraph of description and a few arguments, as a
  // large server (an issue tracker, a cloud console) has.
  const manyAt = process.argv.indexOf("--many");
  const many = manyAt > 0 ? Number(process.argv[manyAt + 1]) : 0;
  for (let i = 0; i < many; i++) {
    server.registerTool(
      `records_${i}`,
      {
        description: `Lists the records of collection ${i}, newest first, filtered by owner, state and label. Use it to find what changed recently in that collection.`,
        inputSchema: z.object({
          owner: z.string().describe("Who owns the records"),
          state: z.enum(["open", "closed", "all"]).describe("Which records"),
          label: z.string().optional().describe("Only records with this label"),
          limit: z.number().int().optional().describe("Most records to return"),
        }),
        annotations: readOnly,
      },
      async () => ({ content: [{ type: "text", text: `collection ${i}: nothing` }] }),
    );
  }
  if (process.argv.includes("--client-features")) addClientFeatures(server);
  return server;
}

/**
 * `--client-features`: tools that use what a client declares — `where` asks for its roots
 * (`roots/list`), `book` asks the person a form (`elicitInput`) — and a note when the roots
 * change.
 */
function addClientFeatures(server) {
  const readOnly = { readOnlyHint: true };
  // Asks the client for its roots (`roots/list`), as servers that work on "the project" do.
  server.registerTool(
    "where",
    { description: "Lists the client's roots.", inputSchema: z.object({}), annotations: readOnly },
    async () => {
      const { roots } = await server.server.listRoots();
      note(`roots ${roots.map((r) => r.uri).join(" ")}`);
      return {
        content: [{ type: "text", text: roots.map((r) => `${r.name ?? "?"}=${r.uri}`).join("\n") }],
      };
    },
  );
  // Asks the person through the client (`elicitation/create`, form mode): every field kind.
  server.registerTool(
    "book",
    {
      description: "Books a table after asking the person for the details.",
      inputSchema: z.object({}),
      annotations: readOnly,
    },
    async () => {
      const answer = await server.server.elicitInput({
        mode: "form",
        message: "Details of the booking?",
        requestedSchema: {
          type: "object",
          properties: {
            name: { type: "string", title: "Name", description: "Who books" },
            guests: { type: "integer", title: "Guests", minimum: 1, maximum: 12 },
            outside: { type: "boolean", title: "Outside", default: false },
            time: { type: "string", title: "Time", enum: ["18:00", "20:00"] },
          },
          required: ["name", "guests"],
        },
      });
      note(`elicited ${JSON.stringify(answer)}`);
      return { content: [{ type: "text", text: `booking: ${JSON.stringify(answer)}` }] };
    },
  );
  // The roots changed (`notifications/roots/list_changed`): noted with the new list.
  server.server.setNotificationHandler("notifications/roots/list_changed", async () => {
    const { roots } = await server.server.listRoots();
    note(`roots changed ${roots.map((r) => r.uri).join(" ")}`);
  });
}

note("start");
const http = process.argv.indexOf("--http");
if (http < 0) {
  process.stderr.write("north-test server on stdio\n");
  await build().connect(new StdioServerTransport());
} else {
  const portFile = process.argv[http + 1];
  const tokenAt = process.argv.indexOf("--token");
  const token = tokenAt > 0 ? process.argv[tokenAt + 1] : undefined;
  const listener = createServer(async (req, res) => {
    if (token && req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401, { "content-type": "application/json" }).end('{"error":"unauthorized"}');
      return;
    }
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([k, v]) =>
        v === undefined ? [] : [[k, Array.isArray(v) ? v.join(", ") : v]],
      ),
      ...(body.length > 0 ? { body } : {}),
    });
    // Stateless: one server and transport per request.
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await build().connect(transport);
    const response = await transport.handleRequest(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  listener.listen(0, "127.0.0.1", () => {
    writeFileSync(portFile, String(listener.address().port));
  });
}
