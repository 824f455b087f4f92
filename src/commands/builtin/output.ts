import type { Command } from "../types.js";
import { REPORT } from "./format.js";
import { t } from "../../i18n/index.js";

/**
 * `/output [N]`: the whole result of the last tool call (or the Nth from last) — a command's
 * output the tool line shows only the end of — written into the transcript.
 */
export const outputCommand: Command = {
  name: "output",
  get description() {
    return t("cmd.output.description");
  },
  arity: "one",
  source: "builtin",
  forModel: REPORT,
  run(ctx, { args }) {
    const n = args[0] === undefined ? 1 : Number(args[0]);
    if (!Number.isInteger(n) || n < 1) {
      ctx.say(t("cmd.output.usage", { value: args[0] ?? "" }), "error");
      return;
    }
    const results = ctx.session.history.filter((m) => m.role === "tool");
    const result = results[results.length - n];
    if (!result || result.role !== "tool") {
      ctx.say(t("cmd.output.none", { count: String(results.length) }));
      return;
    }
    const call = ctx.session.history
      .flatMap((m) => (m.role === "assistant" ? m.content : []))
      .find((p) => p.type === "tool_call" && p.id === result.toolCallId);
    const what =
      call?.type === "tool_call" && typeof call.arguments?.command === "string"
        ? `$ ${call.arguments.command}`
        : result.toolName;
    ctx.say(`${what}\n${result.content.trimEnd() || t("cmd.output.empty")}`);
  },
};
