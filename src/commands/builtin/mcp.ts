import type { McpServerView, McpToolSummary } from "../../session/index.js";
import type { Command } from "../types.js";
import { t } from "../../i18n/index.js";
import { PERSON, reportWithoutArgs } from "./format.js";

/** Longest tool summary `/mcp` shows, in characters (a description's first line may be long). */
const SUMMARY_MAX = 72;

/** A ready server's tools, one a line: "    • echo — Echoes back the input". */
function toolLines(tools: readonly McpToolSummary[]): string {
  return tools
    .map((tool) => {
      const summary =
        tool.summary.length > SUMMARY_MAX
          ? `${tool.summary.slice(0, SUMMARY_MAX - 1)}…`
          : tool.summary;
      return `\n    • ${tool.name}${summary ? ` — ${summary}` : ""}`;
    })
    .join("");
}

/**
 * One server as `/mcp` shows it: name, where it comes from, transport, state, tool count, error,
 * then each of its tools with a one-line summary.
 */
function line(server: McpServerView, tools: readonly McpToolSummary[]): string {
  const origin = t(server.origin === "project" ? "cmd.mcp.project" : "cmd.mcp.global");
  const state = t(`cmd.mcp.state.${server.state}` as const);
  const count =
    server.state === "ready" ? `, ${t("cmd.mcp.tools", { count: String(server.tools) })}` : "";
  const error = server.error ? `\n    ${server.error}` : "";
  const listed = server.state === "ready" ? toolLines(tools) : "";
  return `  ${server.name} (${origin}, ${server.transport}) — ${state}${count}\n    ${server.summary}${error}${listed}`;
}

/**
 * `/mcp`: the MCP servers, where each is defined, its transport, state, tool count and error;
 * `/mcp reconnect NAME` starts one again; `/mcp approve NAME` approves a server the repository's
 * `.north/mcp.json` defines (for this repository and this definition) and starts it.
 */
export const mcpCommand: Command = {
  name: "mcp",
  get description() {
    return t("cmd.mcp.description");
  },
  arity: "rest",
  source: "builtin",
  // Approving, starting or signing in to a server runs a program or grants access: the person's.
  forModel: reportWithoutArgs(PERSON),
  choices: (ctx) => [
    { value: "", label: "list", description: t("cmd.mcp.listChoice") },
    ...ctx.session.mcp.servers().flatMap((s) =>
      s.state === "needs-approval"
        ? [{ value: `approve ${s.name}`, label: `approve ${s.name}`, description: s.summary }]
        : s.state === "needs-sign-in"
          ? [{ value: `login ${s.name}`, label: `login ${s.name}`, description: s.summary }]
          : s.state === "failed" || s.state === "ready"
            ? [
                {
                  value: `reconnect ${s.name}`,
                  label: `reconnect ${s.name}`,
                  description: t("cmd.mcp.reconnectChoice"),
                },
              ]
            : [],
    ),
  ],
  async run(ctx, { args }) {
    const words = args.join(" ").trim().split(/\s+/).filter(Boolean);
    const [action, name] = words;
    const servers = ctx.session.mcp.servers();
    if (!action) {
      ctx.say(
        servers.length === 0
          ? t("cmd.mcp.none")
          : `${t("cmd.mcp.heading")}\n${servers.map((s) => line(s, ctx.session.mcp.tools(s.name))).join("\n")}`,
      );
      return;
    }
    const actions = ["reconnect", "approve", "login"];
    if (!actions.includes(action) || !name || words.length > 2) {
      ctx.say(t("cmd.mcp.usage"), "error");
      return;
    }
    try {
      if (action === "reconnect") {
        const view = await ctx.session.mcp.reconnect(name);
        ctx.say(line(view, ctx.session.mcp.tools(name)).trimStart());
      } else if (action === "login") {
        const view = await ctx.session.mcp.login(name, (url) =>
          ctx.say(t("cmd.mcp.openUrl", { name, url })),
        );
        ctx.say(`${t("cmd.mcp.signedIn", { name })}\n${line(view, ctx.session.mcp.tools(name))}`);
      } else {
        const { view, saved } = await ctx.session.mcp.approve(name);
        ctx.say(
          `${t(saved ? "cmd.mcp.approved" : "cmd.mcp.approvedUnsaved", { name })}\n${line(view, ctx.session.mcp.tools(name))}`,
        );
      }
    } catch (error) {
      ctx.say((error as Error).message, "error");
    }
  },
};
