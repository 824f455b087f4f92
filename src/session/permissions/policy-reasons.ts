/** The reasons the permission policy gives the model, by case. Written for the model to act on. */

const NO_RETRY = "Do not retry it another way; tell the person what you wanted to do.";

export type RefusalCase =
  | "no-plan-mode"
  | "plan-headless"
  | "plan-rejected"
  | "cancelled"
  | "secret-headless"
  | "secret-rejected"
  | "ask-mode"
  | "plan-mode"
  | "escalate-headless"
  | "unreviewable"
  | "rejected"
  | "danger-headless"
  | "commands-headless"
  | "edits-headless"
  | "plan-mode-headless"
  | "plan-mode-declined"
  | "slash-headless"
  | "mcp-headless"
  | "mcp-hint-headless"
  | "hook-ask-headless"
  | "web-headless";

/**
 * `{allow: false}` with the reason for `which`. `detail` is the person's note (rejections), the
 * danger, the tool's name or the mode; `escalating` says a command asked to leave the sandbox.
 */
export function refusal(
  which: RefusalCase,
  detail?: string,
  escalating = false,
): { allow: false; reason: string } {
  return { allow: false, reason: text(which, detail, escalating) };
}

function text(which: RefusalCase, detail: string | undefined, escalating: boolean): string {
  const note = detail ? `The person rejected this: ${detail}` : undefined;
  switch (which) {
    case "plan-mode-headless":
      return "Declined: nobody can answer in this headless run, so it stays in its mode. Go on with the task as asked.";
    case "plan-mode-declined":
      return detail
        ? `The person declined to plan first: ${detail}`
        : "The person declined to plan first. Go on with the task in the current mode.";
    case "slash-headless":
      return `Refused: a command that changes the session needs the person's approval, which this run cannot give. ${NO_RETRY}`;
    case "no-plan-mode":
      return "Not in plan mode: there is no plan to accept. Go on with the task.";
    case "plan-headless":
      return "This headless run cannot accept a plan; the plan stands as your answer. Stop here.";
    case "plan-rejected":
      return note ?? "The person did not accept the plan. Ask what to change.";
    case "cancelled":
      return "Cancelled by the user.";
    case "secret-headless":
      return `Refused: this file may hold secrets, and reading it needs the person's approval, which this headless run cannot give (a run started with --approve all may read it). Ask the person to read it or to share what you need. ${NO_RETRY}`;
    case "secret-rejected":
      return note ?? `The person did not allow reading this file. ${NO_RETRY}`;
    case "ask-mode":
      return escalating
        ? `Ask mode is read only: commands run only in the read-only sandbox, never outside it. ${NO_RETRY}`
        : `Ask mode: changes are not allowed. ${NO_RETRY}`;
    case "plan-mode":
      return escalating
        ? "Plan mode: until the person accepts a plan, commands run only in the read-only sandbox, never outside it. Present the plan with exit_plan_mode."
        : "Plan mode: changes wait until the person accepts a plan. Present it with exit_plan_mode.";
    case "escalate-headless":
      return "Refused: this run cannot leave the sandbox — only a person can allow a command outside it, and a headless run has none (the person may start the run with --sandbox off). Run it without escalate if it can work inside the sandbox (no network, writes only in the repository); else tell the person what you wanted to run and why.";
    case "unreviewable":
      return `${detail ?? "This tool"} cannot be reviewed, so it is not run. ${NO_RETRY}`;
    case "rejected":
      return note ?? `The person rejected this change. ${NO_RETRY}`;
    case "danger-headless":
      return `Refused: ${detail ?? ""} It needs a person's approval, which a headless run cannot give. ${NO_RETRY}`;
    case "hook-ask-headless":
      return `Refused: a PreToolUse hook asked for the person's approval, which this headless run cannot give. ${NO_RETRY}`;
    case "commands-headless":
      return `Refused: this headless run does not allow running commands (it needs --approve all). ${NO_RETRY}`;
    case "edits-headless":
      return `Refused: this headless run does not allow changing files (it needs --approve edits). ${NO_RETRY}`;
    case "mcp-headless":
      return `Refused: this MCP tool is not marked read-only, and this headless run does not allow calling it (it needs --approve all). ${NO_RETRY}`;
    case "web-headless":
      return `Refused: this headless run may reach only the domains the person listed ("web.allowDomains" in their config), and ${detail ?? "this host"} is not one (a run started with --approve all may fetch any). Work without this page, or tell the person which URL you need. ${NO_RETRY}`;
    case "mcp-hint-headless":
      return `Refused: the MCP server "${detail ?? ""}" says this tool only reads, but North takes a server's word for that only when the person's own config trusts it ("trustReadOnlyHint": true in the server's entry), and this headless run has nobody to ask (--approve all would allow it). ${NO_RETRY}`;
  }
}
