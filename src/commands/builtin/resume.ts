import { readFileSync } from "node:fs";
import { join } from "node:path";
import { dataDir, listSessions, type SessionSummary } from "../../session/index.js";
import type { Command, Choice } from "../types.js";
import { t } from "../../i18n/index.js";
import { SCREEN } from "./format.js";

/** Sessions offered in the picker, newest first. */
const PICKER_LIMIT = 30;

/** Messages saved in a session file (one line each), for the picker; 0 when unreadable. */
function messageCount(path: string): number {
  try {
    return readFileSync(path, "utf8").split('\n{"type":"message"').length - 1;
  } catch {
    return 0;
  }
}

const when = (s: SessionSummary) => s.updated.toISOString().slice(0, 16).replace("T", " ");

/**
 * `/resume [id]`: continues a saved conversation of this project; its transcript is shown again
 * and the model gets its exact history. Without an id, the picker (the second-level menu) lists
 * them: title, date, number of messages, model.
 */
export function resumeCommand(env: Record<string, string | undefined>): Command {
  const dir = join(dataDir(env), "sessions");
  return {
    name: "resume",
    get description() {
      return t("cmd.resume.description");
    },
    arity: "one",
    source: "builtin",
    idleOnly: true,
    forModel: SCREEN,
    choices(ctx): Choice[] {
      return listSessions(dir, ctx.session.root)
        .filter((s) => s.id !== ctx.session.id)
        .slice(0, PICKER_LIMIT)
        .map((s) => ({
          value: s.id,
          label: s.title || t("resume.untitled"),
          description: `${when(s)} · ${t("resume.messages", { count: messageCount(s.path) })} · ${s.model}`,
        }));
    },
    run(ctx, { args }) {
      const id = args[0];
      if (!id) {
        const choices = this.choices!(ctx);
        if (choices.length === 0) {
          ctx.say(t("resume.noOther"));
          return;
        }
        const lines = choices.map((c) => `${c.value}  ${c.label} — ${c.description ?? ""}`);
        ctx.say(`${t("resume.saved")}\n${lines.join("\n")}`);
        return;
      }
      ctx.session.resume(id);
      ctx.showHistory();
    },
  };
}
