import { t } from "../../i18n/index.js";
import { saveTheme } from "../../session/index.js";
import type { Command, ThemeChoice } from "../types.js";
import { reportWithoutArgs } from "./format.js";

const CHOICES: readonly ThemeChoice[] = ["auto", "dark", "light"];

/** "auto (light)", "dark", or the choice alone when colour is off. */
function describe(state: { choice: ThemeChoice; palette: "dark" | "light" | undefined }): string {
  const choice = t(`cmd.theme.${state.choice}`);
  return state.choice === "auto" && state.palette
    ? t("cmd.theme.autoShows", { choice, palette: t(`cmd.theme.${state.palette}`) })
    : choice;
}

/**
 * `/theme [auto|dark|light]`: without an argument, the theme in use; with one, switches the
 * interface's colours at once (what is already in scrollback keeps its colours) and remembers
 * the choice in the global config (`theme`). `NO_COLOR` still wins: the choice is saved, nothing
 * is coloured. Needs no session.
 */
export function themeCommand(env: Record<string, string | undefined>): Command {
  return {
    name: "theme",
    get description() {
      return t("cmd.theme.description");
    },
    arity: "one",
    source: "builtin",
    forModel: reportWithoutArgs(({ args }) => ({
      effect: "change",
      does: t("cmd.theme.does", { theme: args[0]! }),
    })),
    choices: () =>
      CHOICES.map((c) => ({
        value: c,
        label: t(`cmd.theme.${c}`),
        description: t(`cmd.theme.${c}.about`),
      })),
    async run(ctx, { args }) {
      const wanted = args[0];
      if (!wanted) {
        const state = ctx.theme?.current();
        if (state) ctx.say(t("cmd.theme.current", { theme: describe(state) }));
        if (state && !state.palette) ctx.say(t("cmd.theme.noColor"));
        return;
      }
      const choice = CHOICES.find((c) => c === wanted.toLowerCase());
      if (!choice) {
        ctx.say(t("cmd.theme.unknown", { name: wanted }), "error");
        return;
      }
      const state = ctx.theme?.set(choice) ?? { choice, palette: undefined };
      const saved = await saveTheme(env, choice);
      ctx.say(t("cmd.theme.switched", { theme: describe(state) }));
      if (ctx.theme && !state.palette) ctx.say(t("cmd.theme.noColor"));
      if (!saved.saved) ctx.say(t("cmd.sessionOnly", { reason: saved.reason }), "error");
    },
  };
}
