import type { CompactOptions } from "../../session/index.js";
import type { Command, CommandContext } from "../types.js";
import { t } from "../../i18n/index.js";

/** Runs a compaction (its events reach the screen as session events); the result's refusal reasons become one line. */
export async function compactNow(ctx: CommandContext, options: CompactOptions): Promise<void> {
  const result = await ctx.session.compact(options);
  if (result.ok) return;
  // A failed summary was already shown by its `compaction_end` event.
  if (result.reason !== "failed")
    ctx.say(result.message, result.reason === "busy" ? "error" : "info");
}

/** What a model's `/compact` or `/summarize` does, for its review. */
const compactDoes = (focus: string) =>
  focus ? t("cmd.compact.doesFocus", { focus }) : t("cmd.compact.does");

/** `/compact [focus]`: summarises the older history now, keeping what `focus` names above all. */
export const compactCommand: Command = {
  name: "compact",
  get description() {
    return t("cmd.compact.description");
  },
  arity: "rest",
  source: "builtin",
  idleOnly: true,
  forModel: (parsed) => ({ effect: "change", does: compactDoes(parsed.args.join(" ").trim()) }),
  async run(ctx, { args }) {
    const focus = args.join(" ").trim();
    await compactNow(ctx, focus ? { focus } : {});
  },
};

/** `/summarize --keep-last N`: like `/compact`, keeping exactly the last N exchanges verbatim. */
export const summarizeCommand: Command = {
  name: "summarize",
  get description() {
    return t("cmd.summarize.description");
  },
  arity: "rest",
  flags: [{ name: "keep-last", short: "k", value: true }],
  source: "builtin",
  idleOnly: true,
  forModel: ({ args, flags }) => {
    const keep = flags["keep-last"];
    const focus = compactDoes(args.join(" ").trim());
    return {
      effect: "change",
      does:
        typeof keep === "string"
          ? `${focus} ${t("cmd.summarize.doesKeep", { count: keep })}`
          : focus,
    };
  },
  async run(ctx, { args, flags }) {
    const raw = flags["keep-last"];
    const keepLast = raw === undefined || raw === true ? undefined : Number(raw);
    if (keepLast !== undefined && (!Number.isInteger(keepLast) || keepLast < 0)) {
      ctx.say(t("cmd.summarize.keepLast", { value: String(raw) }), "error");
      return;
    }
    const focus = args.join(" ").trim();
    await compactNow(ctx, {
      ...(focus ? { focus } : {}),
      ...(keepLast !== undefined ? { keepLast } : {}),
    });
  },
};
