import type { RewindChoice, UndoResultView } from "./rewind-text.js";
import type { Choice, Command, CommandContext } from "../types.js";
import { t } from "../../i18n/index.js";
import { SCREEN } from "./format.js";
import { ago, filesLine, firstLine, undoLines } from "./rewind-text.js";

/** What `/rewind LINE ACTION` does; the first is the default of the picker. */
const ACTIONS = ["both", "conversation", "code", "cancel"] as const;
type Action = (typeof ACTIONS)[number];

const pointChoices = (ctx: CommandContext): Choice[] =>
  ctx.session.rewindPoints().map((p) => ({
    value: String(p.line),
    label: firstLine(p.text),
    description: [ago(p.time), filesLine(p.files, 3)].filter(Boolean).join(" · "),
  }));

const find = (ctx: CommandContext, word: string | undefined): RewindChoice | undefined =>
  ctx.session.rewindPoints().find((p) => String(p.line) === word);

/**
 * `/rewind [LINE [both|conversation|code|cancel]]` (also Esc Esc on an empty composer): goes
 * back to just before one of the person's messages. Without a line: the picker (its choices),
 * or the list. With a line: what would change (the files first), and the actions as the next
 * choices. With an action: the conversation (the message and all after it leave the history,
 * kept in the file as a branch; its text comes back to the composer), the files (put back as
 * they were before the message, through `/undo`'s checkpoints), or both.
 */
export const rewindCommand: Command = {
  name: "rewind",
  get description() {
    return t("cmd.rewind.description");
  },
  arity: "rest",
  source: "builtin",
  idleOnly: true,
  forModel: SCREEN,
  choices: pointChoices,
  choicesAfter(ctx, previous) {
    if (previous.length !== 1) return undefined;
    const point = find(ctx, previous[0]);
    if (!point) return undefined;
    const files = point.files.length > 0 ? filesLine(point.files, 4) : t("rewind.noFiles");
    return ACTIONS.map((action) => ({
      value: action,
      label: t(`rewind.action.${action}`),
      ...(action === "both" || action === "code" ? { description: files } : {}),
    }));
  },
  async run(ctx, { args }) {
    const [line, action] = args;
    if (line === undefined) {
      const choices = pointChoices(ctx);
      if (choices.length === 0) return ctx.say(t("rewind.nothing"));
      const rows = choices.map((c) => `${c.value}  ${c.label} — ${c.description ?? ""}`);
      return ctx.say(`${t("rewind.list")}\n${rows.join("\n")}`);
    }
    const point = find(ctx, line);
    if (!point) return ctx.say(t("rewind.noSuchMessage", { line }), "error");
    if (action === undefined) {
      // The files first; then the actions are the composer's next choices.
      const files = point.files.map((f) => `  ${f}`);
      const head = t("rewind.preview", { text: firstLine(point.text), ago: ago(point.time) });
      const changed = files.length > 0 ? t("rewind.filesBack") : t("rewind.noFiles");
      ctx.say([head, changed, ...files, t("rewind.choose", { line })].join("\n"));
      ctx.setComposer?.(`/rewind ${line} `);
      return;
    }
    if (!(ACTIONS as readonly string[]).includes(action)) {
      return ctx.say(t("rewind.badAction", { action, line }), "error");
    }
    if ((action as Action) === "cancel") return ctx.say(t("rewind.cancelled"));
    const code = action === "both" || action === "code";
    const conversation = action === "both" || action === "conversation";
    const result = await ctx.session.rewind(point.line, { code, conversation });
    const lines: string[] = [];
    if (conversation) lines.push(t("rewind.conversationBack", { text: firstLine(point.text) }));
    if (code) lines.push(...undoLines(result.undo as UndoResultView | undefined, point.time));
    ctx.say(lines.join("\n"));
    if (result.text !== undefined) ctx.setComposer?.(result.text);
  },
};

/**
 * `/fork [LINE|now]`: goes on in a copy of this conversation (a new session whose header names
 * this one), of everything (`now`, or no argument) or of what came before message LINE (whose
 * text then comes back to the composer). This conversation's file is left as it is.
 */
export const forkCommand: Command = {
  name: "fork",
  get description() {
    return t("cmd.fork.description");
  },
  arity: "one",
  source: "builtin",
  idleOnly: true,
  forModel: SCREEN,
  choices: (ctx) => [{ value: "now", label: t("fork.now") }, ...pointChoices(ctx)],
  run(ctx, { args }) {
    const word = args[0];
    const parent = ctx.session.id;
    if (word === undefined || word === "now") {
      const id = ctx.session.fork();
      return ctx.say(t("fork.done", { id, parent }));
    }
    const point = find(ctx, word);
    if (!point) return ctx.say(t("rewind.noSuchMessage", { line: word }), "error");
    const id = ctx.session.fork(point.line);
    ctx.say(
      `${t("fork.done", { id, parent })}\n${t("fork.before", { text: firstLine(point.text) })}`,
    );
    ctx.setComposer?.(point.text);
  },
};
