import { ToolError, type ToolContext } from "../../agent/tool.js";

/**
 * Asks before a read tool shows a file that may hold secrets (`secretReason`). Resolves when the
 * person (or `--approve all`) allowed it.
 * @throws ToolError, telling the model not to reach the file another way, when it was refused or
 *   when nobody can be asked (no `ctx.confirm`). Who could allow it is the refusal's `reason`
 *   (the front end's policy names its own flag): this message names no flag, which another
 *   front end (`north mcp serve`) may not have.
 */
export async function confirmSecretRead(
  ctx: ToolContext,
  path: string,
  why: string,
): Promise<void> {
  const answer = ctx.confirm
    ? await ctx.confirm({ type: "secret", path, why })
    : { allow: false as const, reason: "there is no one to ask in this context" };
  if (answer.allow) return;
  const reason = answer.reason.trim().replace(/\.$/, "");
  throw new ToolError(
    `Reading ${path} was not allowed: it may hold secrets (${why}), so it is read only with the person's approval${reason ? ` (${reason})` : ""}. Do not try to read it another way (shell, search, copies); work without it, or ask the person.`,
  );
}
