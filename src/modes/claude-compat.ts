/**
 * What programs written for Claude Code's headless mode (`claude -p --output-format stream-json
 * --input-format stream-json`, and its Agent SDKs, which drive that process) expect besides
 * North's own events: the `system`/`init` message first, and `control_response` answers to
 * their `control_request` lines. North's events are printed as they are; these are additions.
 */
import type { Approve, Mode, Session } from "../session/index.js";

declare const __NORTH_VERSION__: string;
const VERSION = typeof __NORTH_VERSION__ === "string" ? __NORTH_VERSION__ : "0.0.0-dev";

/** Claude Code's permission mode nearest to North's mode and `--approve`. */
export function permissionMode(mode: Mode, approve: Approve): string {
  if (mode === "plan") return "plan";
  if (approve === "all") return "bypassPermissions";
  if (approve === "edits") return "acceptEdits";
  return "default";
}

/** Claude Code's name for the state of an MCP server. */
const mcpStatus = (state: string) =>
  state === "ready"
    ? "connected"
    : state === "connecting"
      ? "pending"
      : state === "needs-sign-in"
        ? "needs-auth"
        : state === "failed" || state === "invalid"
          ? "failed"
          : "disabled";

/**
 * The `system`/`init` message, printed first by `--output-format stream-json`: the session's
 * model, the tools the model is offered, the working directory (the repository root), the
 * permission mode (Claude Code's word; North's `mode` and `approve` beside it), the MCP servers.
 */
export function initMessage(session: Session, approve: Approve) {
  return {
    type: "system" as const,
    subtype: "init" as const,
    cwd: session.root,
    session_id: session.id,
    model: session.model.id,
    tools: session.toolNames(),
    mcp_servers: session.mcp.servers().map((s) => ({ name: s.name, status: mcpStatus(s.state) })),
    permissionMode: permissionMode(session.mode, approve),
    mode: session.mode,
    approve,
    sandbox: session.sandbox.state,
    north_version: VERSION,
  };
}

/** A `control_request` line from the program: its id and its request (`subtype` and fields). */
export interface ControlRequest {
  request_id: string;
  request: { subtype: string; [field: string]: unknown };
}

/**
 * The `control_response` line answering `request`: `initialize` is answered with what the
 * session is (the init message's fields and the headless slash commands), `interrupt` with
 * success after `interrupt()` cancelled the running turn (and emptied the queue, as
 * `Session.cancel` does); any other subtype with an error naming the two North answers.
 */
export function controlResponse(
  control: ControlRequest,
  session: Session,
  approve: Approve,
  commands: () => readonly { name: string; description: string }[],
) {
  const success = (response?: Record<string, unknown>) => ({
    type: "control_response" as const,
    response: {
      subtype: "success" as const,
      request_id: control.request_id,
      ...(response ? { response } : {}),
    },
  });
  const { subtype } = control.request;
  if (subtype === "initialize") {
    const init = initMessage(session, approve);
    const { type: _type, subtype: _subtype, ...described } = init;
    return success({
      ...described,
      commands: commands().map((c) => ({
        name: c.name,
        description: c.description,
        argumentHint: "",
      })),
      models: [{ value: session.model.id, displayName: session.model.name, description: "" }],
      output_style: "default",
      available_output_styles: ["default"],
    });
  }
  if (subtype === "interrupt") {
    session.cancel();
    return success();
  }
  return {
    type: "control_response" as const,
    response: {
      subtype: "error" as const,
      request_id: control.request_id,
      error: `North answers the control requests initialize and interrupt, not "${subtype}".`,
    },
  };
}
