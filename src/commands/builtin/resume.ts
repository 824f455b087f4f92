import { readFileSync } from "node:fs";
import { join } from "node:path";
import { dataDir, listSessions, nestForks, type SessionSummary } from "../../session/index.js";
import type { Command, Choice } from "../types.js";
import { t } from "../../i18n/index.js";
import { SCREEN } from "./format.js";

/** Sessions offered in the picker, newest first. */
const PICKER_LIMIT = 30;

/**
 * What the picker says of a session file: the messages saved in it (one line each) and the model
 * of its last answer (a conversation may have switched model since it began); none when
 * unreadable.
 */
function fileSummary(path: string): { messages: number; model?: string } {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return { messages: 0 };
  }
  const lines = text.split('\n{"type":"message"');
  for (let i = lines.length - 1; i > 0; i--) {
    if (!lines[i]!.includes('"role":"assistant"')) continue;
    try {
      const entry = JSON.parse(`{"type":"message"${lines[i]!.split("\n")[0]}`) as {
        message?: { model?: unknown };
      };
      const model = entry.message?.model;
      if (typeof model === "string" && model) return { messages: lines.length - 1, model };
    } catch {
      // A line cut short (a crash while writing): look further back.
    }
  }
  return { messages: lines.length - 1 };
}

const when = (s: SessionSummary) => s.updated.toISOString().slice(0, 16).replace("T", " ");

/**
 * `/resume [id]`: continues a saved conversation of this project; its transcript is shown again
 * and the model gets its exact history. Without an id, the picker (the second-level menu) lists
 * them: title, date, number of messages, the model of the last answer.
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
      const listed = listSessions(dir, ctx.session.root)
        .filter((s) => s.id !== ctx.session.id)
        .slice(0, PICKER_LIMIT);
      // Forks under their parent, indented.
      return nestForks(listed).map(({ session: s, depth }) => {
        const file = fileSummary(s.path);
        const count = t("resume.messages", { count: file.messages });
        return {
          value: s.id,
          label: `${"  ".repeat(depth)}${depth > 0 ? "\u21b3 " : ""}${s.title || t("resume.untitled")}`,
          description: `${when(s)} · ${count} · ${file.model ?? s.model}`,
        };
      });
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
