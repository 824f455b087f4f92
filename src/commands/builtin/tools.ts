import type { Command } from "../types.js";
import { REPORT } from "./format.js";
import { t } from "../../i18n/index.js";

/**
 * `/tools`: the developer tools on PATH with their versions, and the missing ones with how to
 * get them; `/tools refresh` asks every program again instead of using the cache.
 */
export const toolsCommand: Command = {
  name: "tools",
  get description() {
    return t("cmd.tools.description");
  },
  arity: "one",
  source: "builtin",
  forModel: REPORT,
  async run(ctx, { args }) {
    const [word] = args;
    if (word !== undefined && word !== "refresh") {
      ctx.say(t("cmd.tools.usage"), "error");
      return;
    }
    const { installed, missing } = await ctx.session.devTools(word === "refresh");
    const width = Math.max(0, ...installed.map((x) => x.program.length));
    const lines = [
      t("cmd.tools.installed", { count: String(installed.length) }),
      ...installed.map(
        (x) => `  ${x.program.padEnd(width)}  ${x.version ?? t("cmd.tools.noVersion")}  ${x.path}`,
      ),
    ];
    if (missing.length > 0) {
      lines.push(t("cmd.tools.missing"));
      lines.push(...missing.map((x) => `  ${x.name} — ${x.hint}`));
    }
    ctx.say(lines.join("\n"));
  },
};
