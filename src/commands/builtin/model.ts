import { CATALOG } from "../../ai/catalog.js";
import type { Command } from "../types.js";
import { formatTokens } from "./format.js";
import { t } from "../../i18n/index.js";
import { reportWithoutArgs } from "./format.js";

/**
 * `/model [name]`: without a name, the model in use; with one (an id or alias, or
 * `provider/id` for a configured provider's model), switches at once, across providers too.
 */
export const modelCommand: Command = {
  name: "model",
  get description() {
    return t("cmd.model.description");
  },
  arity: "one",
  source: "builtin",
  idleOnly: true,
  // Another model of the catalog or the config (never a new endpoint: `setModel` takes only
  // those); the review says where the conversation goes.
  forModel: reportWithoutArgs(({ args }) => ({
    effect: "change",
    does: t("cmd.model.does", { name: args[0]! }),
  })),
  // The model in use first, marked: the menu opens on it, so Enter keeps it.
  choices: (ctx) => {
    const current = ctx.session.model;
    const isCurrent = (m: { id: string; provider: string }) =>
      m.id === current.id && m.provider === current.provider;
    const models = ctx.session.listModels();
    return [...models.filter(isCurrent), ...models.filter((m) => !isCurrent(m))].map((m) => ({
      value: m.alias ?? m.id,
      label: isCurrent(m) ? `${m.name} ${t("cmd.model.currentMark")}` : m.name,
      description: `${m.provider} · ${t("cmd.model.context", { tokens: formatTokens(m.contextWindow) })}`,
    }));
  },
  // `/model haiku 4.5`: the catalog model whose name has every word, by the name `/model` takes.
  leftoverHint(words) {
    const wanted = words.map((w) => w.toLowerCase());
    const matches = CATALOG.filter((m) => {
      const name = m.name.toLowerCase().split(/\s+/);
      return wanted.every((w) => name.includes(w));
    });
    const one = matches.length === 1 ? matches[0]! : undefined;
    return one
      ? t("cmd.model.nameOne", { model: one.name, name: one.alias ?? one.id })
      : t("cmd.model.nameHow");
  },
  async run(ctx, { args }) {
    const wanted = args[0];
    const { session } = ctx;
    if (!wanted) {
      const m = session.model;
      ctx.say(t("cmd.model.current", { name: m.name, id: m.id, provider: m.provider }));
      return;
    }
    const slash = wanted.indexOf("/");
    const known = session.listModels().some((m) => m.id === wanted || m.alias === wanted);
    const result =
      slash > 0 && !known
        ? await session.setModel(wanted.slice(slash + 1), wanted.slice(0, slash))
        : await session.setModel(wanted);
    ctx.say(result.message);
  },
};
