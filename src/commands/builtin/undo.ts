import type { Command } from "../types.js";
import { t } from "../../i18n/index.js";

export const undoCommand: Command = {
  name: "undo",
  get description() {
    return t("cmd.undo.description");
  },
  arity: "one",
  flags: [{ name: "force", short: "f" }],
  source: "builtin",
  effect: "change",
  async run(ctx, { args, flags }) {
    const turns = args[0] === undefined ? 1 : Number(args[0]);
    if (!Number.isInteger(turns) || turns < 1) {
      ctx.say(`/undo takes a number of turns (1 or more), not "${args[0]}".`, "error");
      return;
    }
    const first = await ctx.session.undo(turns);
    const changed = first.skipped.filter((s) => s.reason === "changed").map((s) => s.path);
    const result =
      flags.force && changed.length > 0 ? await ctx.session.undo(turns, changed) : first;
    if (result.turns.length === 0) {
      ctx.say("Nothing to undo: no file was changed in this project's recorded turns.");
      return;
    }
    const lines = result.restored.map((r) => `${r.action} ${r.path}`);
    for (const skip of result.skipped) lines.push(`kept ${skip.path}: ${skip.message}`);
    const left = result.skipped.filter((s) => s.reason === "changed");
    if (left.length > 0)
      lines.push(`These files changed since; /undo ${turns} --force overwrites them.`);
    const what =
      result.turns.length === 1 ? "the last turn" : `the last ${result.turns.length} turns`;
    ctx.say(`Undid ${what}:\n${lines.join("\n") || "no files needed restoring"}`);
  },
};
