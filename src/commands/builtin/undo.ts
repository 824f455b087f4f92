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
  forModel: ({ args, flags }) => {
    const turns = args[0] ?? "1";
    const more = [
      ...(flags.force ? [t("cmd.undo.doesForce")] : []),
      ...(flags.earlier ? [t("cmd.undo.doesEarlier")] : []),
    ];
    return { effect: "change", does: [t("cmd.undo.does", { turns }), ...more].join(" ") };
  },
  async run(ctx, { args, flags }) {
    const turns = args[0] === undefined ? 1 : Number(args[0]);
    if (!Number.isInteger(turns) || turns < 1) {
      ctx.say(t("undo.usage", { value: args[0] ?? "" }), "error");
      return;
    }
    const session = ctx.session;
    const planned = await session.undoable(turns);
    if (planned.length === 0) {
      ctx.say(t("undo.nothing"));
      return;
    }
    const earlier = planned.filter((p) => p.session !== session.id);
    if (earlier.length > 0 && !flags.earlier) {
      const which = planned.map((p) => describe(p, session.id)).join(", ");
      const all = earlier.length === planned.length;
      const key = all
        ? planned.length === 1
          ? "undo.earlierIt"
          : "undo.earlierAll"
        : "undo.earlierSome";
      ctx.say(
        t(key, { which, command: `/undo${turns > 1 ? ` ${turns}` : ""} --earlier` }),
        "error",
      );
      return;
    }
    const first = await session.undo(turns);
    const changed = first.skipped.filter((s) => s.reason === "changed").map((s) => s.path);
    const result = flags.force && changed.length > 0 ? await session.undo(turns, changed) : first;
    const lines = result.restored.map((r) => t(`undo.${r.action}`, { path: r.path }));
    for (const skip of result.skipped)
      lines.push(t("undo.kept", { path: skip.path, why: skipWhy(skip) }));
    const left = result.skipped.filter((s) => s.reason === "changed");
    if (left.length > 0) lines.push(t("undo.forceHint", { turns }));
    const titled = (p: Turn) => ({
      ...p,
      ...planned.find((q) => q.session === p.session && q.turn === p.turn),
    });
    const what = result.turns.map((p) => describe(titled(p), session.id)).join(", ");
    ctx.say(`${t("undo.done", { what })}\n${lines.join("\n") || t("undo.noFiles")}`);
  },
};

/** "turn 3 of this conversation", or "turn 2 of the conversation “fix the retry” (2026-11-24…)". */
function describe(turn: Turn, current: string): string {
  if (turn.session === current) return t("undo.turnHere", { turn: turn.turn });
  const title = turn.title ? `“${turn.title}” ` : "";
  return t("undo.turnEarlier", { turn: turn.turn, title, session: turn.session });
}

/** Why a file was kept, in the interface's language (a refusal keeps the workspace's words). */
function skipWhy(skip: { path: string; reason: string; message: string }): string {
  if (skip.reason === "changed") return t("undo.changedSince", { path: skip.path });
  if (skip.reason === "unknown") return t("undo.unknownBefore", { path: skip.path });
  return skip.message;
}
