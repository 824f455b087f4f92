import type { Command } from "../types.js";
import { t } from "../../i18n/index.js";

type Turn = { session: string; turn: number; title?: string };

/**
 * `/undo [N] [--force] [--earlier]`: restores the files of the last N turns that changed files,
 * saying which turn of which conversation each was. Turns of an earlier conversation (before
 * `/new`, or a session `--continue` did not pick up) are undone only with `--earlier`: without
 * it, nothing changes and the person is told what would be undone.
 */
export const undoCommand: Command = {
  name: "undo",
  get description() {
    return t("cmd.undo.description");
  },
  arity: "one",
  flags: [
    { name: "force", short: "f" },
    { name: "earlier", short: "e" },
  ],
  source: "builtin",
  idleOnly: true,
  effect: "change",
  async run(ctx, { args, flags }) {
    const turns = args[0] === undefined ? 1 : Number(args[0]);
    if (!Number.isInteger(turns) || turns < 1) {
      ctx.say(`/undo takes a number of turns (1 or more), not "${args[0]}".`, "error");
      return;
    }
    const session = ctx.session;
    const planned = await session.undoable(turns);
    if (planned.length === 0) {
      ctx.say("Nothing to undo: no file was changed in this project's recorded turns.");
      return;
    }
    const earlier = planned.filter((p) => p.session !== session.id);
    if (earlier.length > 0 && !flags.earlier) {
      const which = planned.map((p) => describe(p, session.id)).join(", ");
      ctx.say(
        `/undo would undo ${which}: ${earlier.length === planned.length ? "it is" : "some are"} from an earlier conversation. /undo${turns > 1 ? ` ${turns}` : ""} --earlier undoes ${planned.length === 1 ? "it" : "them"}; nothing was changed.`,
        "error",
      );
      return;
    }
    const first = await session.undo(turns);
    const changed = first.skipped.filter((s) => s.reason === "changed").map((s) => s.path);
    const result = flags.force && changed.length > 0 ? await session.undo(turns, changed) : first;
    const lines = result.restored.map((r) => `${r.action} ${r.path}`);
    for (const skip of result.skipped) lines.push(`kept ${skip.path}: ${skip.message}`);
    const left = result.skipped.filter((s) => s.reason === "changed");
    if (left.length > 0)
      lines.push(`These files changed since; /undo ${turns} --force overwrites them.`);
    const titled = (p: Turn) => ({
      ...p,
      ...planned.find((q) => q.session === p.session && q.turn === p.turn),
    });
    const what = result.turns.map((p) => describe(titled(p), session.id)).join(", ");
    ctx.say(`Undid ${what}:\n${lines.join("\n") || "no files needed restoring"}`);
  },
};

/** "turn 3 of this conversation", or "turn 2 of the conversation “fix the retry” (2026-11-24…)". */
function describe(turn: Turn, current: string): string {
  if (turn.session === current) return `turn ${turn.turn} of this conversation`;
  const title = turn.title ? `“${turn.title}” ` : "";
  return `turn ${turn.turn} of the earlier conversation ${title}(${turn.session})`;
}
